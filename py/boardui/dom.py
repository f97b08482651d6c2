"""Build and patch real DOM nodes from :class:`~boardui.tree.El` trees.

:class:`Patcher` keeps the last tree it drew next to the nodes it made; a new
tree is compared with it and only what changed is touched: attributes set or
removed, text nodes rewritten, children created, moved or removed. Children
are matched by ``key`` when they have one (else by position and tag), so a
planet keeps its node from one render to the next and a CSS transition can
move it. SVG elements are created in the SVG namespace
(``createElementNS``), everything inside an ``<svg>`` included.

The patcher only uses ``createElement``, ``createElementNS``,
``createTextNode``, ``setAttribute``, ``removeAttribute``, ``appendChild``,
``insertBefore``, ``removeChild``, ``replaceChild``, ``remove`` and a text
node's ``data``: the page's ``document`` by default, any object offering them
when given (``tests/test_boardui_dom.py`` checks the patching under CPython
with a small fake document).
"""

from __future__ import annotations

from typing import Any

from .tree import SVG_NS, El


class VNode:
    """A drawn node: the tree item, its DOM node, its drawn children."""

    __slots__ = ("item", "kids", "node")

    def __init__(self, item: El | str, node: Any, kids: list[VNode]) -> None:
        self.item = item
        self.node = node
        self.kids = kids


def _kids_of(e: El) -> list[El | str]:
    return ([e.text] if e.text else []) + e.children


def _key(item: El | str, i: int) -> str:
    if isinstance(item, str):
        return f"#t{i}"
    if item.key is not None:
        return "k:" + item.key
    return f"#{i}:{item.tag}"


def _compatible(a: El | str, b: El | str) -> bool:
    if isinstance(a, str) or isinstance(b, str):
        return isinstance(a, str) and isinstance(b, str)
    return a.tag == b.tag and a.key == b.key


class Patcher:
    """Draws successive trees into ``container`` (the patcher owns what it put there)."""

    def __init__(self, container: Any, document: Any = None) -> None:
        if document is None:
            import pyscript  # browser only
            document = pyscript.document
        self.document = document
        self.container = container
        self.root: VNode | None = None
        self.created = 0        # nodes made so far (tests check that a patch reuses nodes)

    def render(self, tree: El) -> None:
        if self.root is not None and _compatible(self.root.item, tree):
            self.root = self._patch(self.root, tree)
            return
        fresh = self._create(tree)
        if self.root is not None:
            self.container.replaceChild(fresh.node, self.root.node)
        else:
            self.container.appendChild(fresh.node)
        self.root = fresh

    def clear(self) -> None:
        if self.root is not None:
            self.root.node.remove()
        self.root = None

    # ------------------------------------------------------------ internals

    def _create(self, item: El | str, svg: bool = False) -> VNode:
        self.created += 1
        if isinstance(item, str):
            return VNode(item, self.document.createTextNode(item), [])
        svg = svg or item.tag == "svg"
        doc = self.document
        node = doc.createElementNS(SVG_NS, item.tag) if svg else doc.createElement(item.tag)
        for name, value in item.attrs.items():
            node.setAttribute(name, value)
        kids = [self._create(k, svg) for k in _kids_of(item)]
        for k in kids:
            node.appendChild(k.node)
        return VNode(item, node, kids)

    def _patch(self, v: VNode, item: El | str, svg: bool = False) -> VNode:
        """Make ``v``'s node look like ``item`` (same kind of node, checked by the caller)."""
        old = v.item
        if isinstance(item, str):
            if old != item:
                v.node.data = item
            v.item = item
            return v
        if old is item:
            return v
        assert isinstance(old, El)
        svg = svg or item.tag == "svg"
        node = v.node
        new_attrs, old_attrs = item.attrs, old.attrs
        for name in old_attrs:
            if name not in new_attrs:
                node.removeAttribute(name)
        for name, value in new_attrs.items():
            if old_attrs.get(name) != value:
                node.setAttribute(name, value)
        v.kids = self._patch_children(node, v.kids, _kids_of(item), svg)
        v.item = item
        return v

    def _patch_children(self, parent: Any, old: list[VNode], new_items: list[El | str], svg: bool) -> list[VNode]:
        by_key: dict[str, VNode] = {}
        for i, drawn in enumerate(old):
            by_key.setdefault(_key(drawn.item, i), drawn)
        result: list[VNode] = []
        reused: set[int] = set()
        for i, item in enumerate(new_items):
            match = by_key.pop(_key(item, i), None)
            if match is not None and _compatible(match.item, item):
                result.append(self._patch(match, item, svg))
                reused.add(id(match))
            else:
                result.append(self._create(item, svg))
        # Remove what is not used any more.
        live = []
        for v in old:
            if id(v) in reused:
                live.append(v)
            else:
                parent.removeChild(v.node)
        # Put the nodes in order, moving as few as possible.
        for i, v in enumerate(result):
            if i < len(live) and live[i] is v:
                continue
            anchor = live[i].node if i < len(live) else None
            parent.insertBefore(v.node, anchor)
            if v in live:
                live.remove(v)
            live.insert(i, v)
        return result
