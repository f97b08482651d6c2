"""Tiny DOM helpers for page code.

    el("button", {"class": "move", "disabled": True}, "Move")   # HTML element
    svg("circle", {"cx": 10, "cy": 10, "r": 4})                 # SVG element

SVG elements must be made with ``createElementNS`` (``pyscript.web`` only makes
HTML), which ``svg()`` does.  A JS ``null`` arrives in Python as
``pyscript.ffi.jsnull``, not ``None``: ``by_id()`` turns it into ``None``; use
``pyscript.ffi.is_none()`` for other values.
"""

from __future__ import annotations

from pyscript import document
from pyscript.ffi import is_none

SVG_NS = "http://www.w3.org/2000/svg"


def _fill(node, attrs, children):
    for name, value in (attrs or {}).items():
        if value is None or value is False:
            continue
        node.setAttribute(name, "" if value is True else str(value))
    for child in children:
        if child is not None:
            node.append(child)  # a str becomes a text node
    return node


def el(tag: str, attrs: dict | None = None, *children):
    """A new HTML element with attributes and children (elements or strings)."""
    return _fill(document.createElement(tag), attrs, children)


def svg(tag: str, attrs: dict | None = None, *children):
    """A new SVG element (in the SVG namespace) with attributes and children."""
    return _fill(document.createElementNS(SVG_NS, tag), attrs, children)


def by_id(element_id: str):
    """The element with this id, or None."""
    node = document.getElementById(element_id)
    return None if is_none(node) else node
