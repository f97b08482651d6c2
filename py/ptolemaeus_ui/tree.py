"""A tiny element tree: what the pure renderers return.

``El(tag, attrs, children, text)`` stands for one HTML or SVG element; the
browser builds real nodes from it (``ptolemaeus_ui.dom``), tests serialize it
with :func:`to_markup` and look at the text. ``key`` (the ``attrs`` entry
``"key"`` is NOT used: pass ``key=``) names an element among its siblings so
that the DOM patcher can keep the same node between renders (which is what
lets CSS transitions animate a planet from one constellation to the next).

Attribute values: ``None``/``False`` leave the attribute out, ``True`` gives
an empty value, numbers are written with at most two decimals.
"""

from __future__ import annotations

from typing import Union
from collections.abc import Iterable, Iterator

SVG_NS = "http://www.w3.org/2000/svg"

Child = Union["El", str]


class El:
    __slots__ = ("tag", "attrs", "children", "text", "key")

    def __init__(self, tag: str, attrs: dict | None = None, children: Iterable[Child | None] | None = None,
                 text: str | None = None, key: str | None = None) -> None:
        self.tag = tag
        self.attrs = {k: _attr(v) for k, v in (attrs or {}).items() if v is not None and v is not False}
        self.children: list[Child] = [c for c in (children or ()) if c is not None]
        self.text = text
        self.key = key

    def __repr__(self) -> str:
        return f"<El {self.tag} {self.attrs} {len(self.children)} children>"

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, El) and self.tag == other.tag and self.attrs == other.attrs
                and self.text == other.text and self.key == other.key and self.children == other.children)

    def walk(self) -> Iterator[El]:
        """This element and every descendant element, depth first."""
        yield self
        for c in self.children:
            if isinstance(c, El):
                yield from c.walk()

    def find_all(self, **attrs: str | None) -> list[El]:
        """Descendants whose attributes match (``None`` = present with any value;
        use ``_`` for ``-`` in names: ``data_planet="Sol"``)."""
        want = {k.rstrip("_").replace("_", "-"): v for k, v in attrs.items()}
        out = []
        for e in self.walk():
            if all(k in e.attrs and (v is None or e.attrs[k] == v) for k, v in want.items()):
                out.append(e)
        return out

    def text_content(self) -> str:
        parts = [self.text or ""]
        for c in self.children:
            parts.append(c if isinstance(c, str) else c.text_content())
        return "".join(parts)


def _attr(value: object) -> str:
    if value is True:
        return ""
    if isinstance(value, float):
        text = f"{value:.2f}".rstrip("0").rstrip(".")
        return "0" if text in ("-0", "") else text
    return str(value)


def h(tag: str, attrs: dict | None = None, *children: Child | None, key: str | None = None) -> El:
    """Shorthand: ``h("p", {"class": "x"}, "text", h("b", None, "bold"))``."""
    return El(tag, attrs, children, key=key)


def fmt(value: float) -> str:
    """A coordinate for an SVG attribute (two decimals at most)."""
    return _attr(float(value))


# ------------------------------------------------------------ serializer

_VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


def escape(text: str, quote: bool = False) -> str:
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    if quote:
        text = text.replace('"', "&quot;")
    return text


def to_markup(node: Child, svg: bool = False) -> str:
    """HTML/SVG text of the tree (for tests and the static rules page)."""
    if isinstance(node, str):
        return escape(node)
    inside_svg = svg or node.tag == "svg"
    attrs = "".join(f' {k}="{escape(v, True)}"' for k, v in node.attrs.items())
    if node.tag == "svg" and not svg:
        attrs = f' xmlns="{SVG_NS}"' + attrs
    inner = escape(node.text) if node.text else ""
    inner += "".join(to_markup(c, inside_svg and node.tag != "foreignObject") for c in node.children)
    if not inside_svg and node.tag in _VOID:
        return f"<{node.tag}{attrs}>"
    if inside_svg and not inner:
        return f"<{node.tag}{attrs}/>"
    return f"<{node.tag}{attrs}>{inner}</{node.tag}>"
