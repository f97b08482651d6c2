"""Tiny DOM helpers for page code.

    el("button", {"class": "move", "disabled": True}, "Move")   # HTML element
    on(button, "click", handler)                                # event handler (page lifetime;
                                                                # Listeners for redrawn nodes)
    svg("circle", {"cx": 10, "cy": 10, "r": 4})                 # SVG element

SVG elements must be made with ``createElementNS`` (``pyscript.web`` only makes
HTML), which ``svg()`` does.  A JS ``null`` arrives in Python as
``pyscript.ffi.jsnull``, not ``None``: ``by_id()`` turns it into ``None``; use
``pyscript.ffi.is_none()`` for other values.
"""

from __future__ import annotations

from typing import Any, TypeAlias

from pyscript import document
from pyscript.ffi import is_none

# A JavaScript object seen through Pyodide's proxies (an element, an event, ``window.navigator``...):
# untyped for mypy, named so that page code says where it holds one.
JsObject: TypeAlias = Any

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


class Listeners:
    """Event handlers of a group of nodes that are redrawn together.

        listeners = Listeners()
        listeners.on(button, "click", handler)
        ...
        listeners.release()   # before dropping those nodes: frees the proxies

    A Python handler needs a JS proxy that lives until released; ``on()``
    below is for nodes that live as long as the page."""

    def __init__(self) -> None:
        self._items: list = []
        self._released: list = []

    def on(self, node, event: str, handler) -> None:
        from pyscript.ffi import create_proxy

        proxy = create_proxy(handler)
        node.addEventListener(event, proxy)
        self._items.append((node, event, proxy))

    def release(self) -> None:
        # A handler may be running right now (a click that redraws): its proxy is
        # destroyed at the next release, not while it runs.
        for proxy in self._released:
            proxy.destroy()
        self._released = []
        for node, event, proxy in self._items:
            node.removeEventListener(event, proxy)
            self._released.append(proxy)
        self._items.clear()


_PAGE = Listeners()


def on(node, event: str, handler) -> None:
    """``node.addEventListener(event, handler)`` for a Python callable, for the page's lifetime."""
    _PAGE.on(node, event, handler)


def page_address(tail: str = "") -> str:
    """This page's address without its query and fragment, then ``tail`` (a ``?query`` or ``#fragment``):
    a link to share, which keeps a sub-path (GitHub Pages)."""
    from pyscript import window

    return f"{window.location.origin}{window.location.pathname}{tail}"


async def copy_text(text: str, field: JsObject | None = None) -> bool:
    """Put ``text`` on the clipboard; whether it worked (no clipboard over plain http, a refused
    permission: False, and the caller shows the text to copy by hand instead of saying it is copied).
    ``field``: the text box that shows ``text``, selected first, so that whatever the clipboard does
    the text is ready for Ctrl+C.  The page's one way to copy (a link, a day's result)."""
    from pyscript import window

    if field is not None:
        field.select()
    clipboard = getattr(window.navigator, "clipboard", None)
    if clipboard is None or is_none(clipboard):     # not a secure context (plain http)
        return False
    try:
        await clipboard.writeText(text)
    except Exception:  # noqa: BLE001 - not allowed, or failed: said by the result
        return False
    return True


async def copy_and_say(text: str, field: JsObject, said: JsObject) -> None:
    """``copy_text`` for a link shown in ``field``, then ``said`` (a ``role=status`` line beside it) says
    which: "Copied.", else "Selected: press Ctrl+C..." (the link is left selected).  Emptied first, so
    that a second copy is said again.  The new-game form's Copy and the Share menu both wrote this."""
    from app.i18n import t

    said.textContent = ""
    copied = await copy_text(text, field)
    said.textContent = t("newgame.copied") if copied else t("newgame.copy.select")


def download_text(filename: str, text: str, mime: str = "application/json") -> None:
    """Offer ``text`` as a file download (a Blob behind a temporary link)."""
    from pyscript import window
    from pyscript.ffi import to_js

    blob = window.Blob.new(to_js([text]), to_js({"type": mime}))
    url = window.URL.createObjectURL(blob)
    link = el("a", {"href": url, "download": filename, "hidden": True})
    document.body.append(link)
    link.click()
    link.remove()
    # Revoke once the download has surely started.
    on_timeout = create_once(lambda: window.URL.revokeObjectURL(url))
    window.setTimeout(on_timeout, 10_000)


def create_once(func):
    """A JS function that calls ``func`` once and then frees itself (for setTimeout)."""
    from pyodide.ffi import create_once_callable

    return create_once_callable(func)
