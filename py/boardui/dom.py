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
when given (``tests/test_boardui_parts.py`` checks the patching under CPython
with a small fake document).

A new subtree (the whole first frame, a dialog that opens) is built in one call
across the Python/JS boundary, not one per node and attribute (under Pyodide
each such call costs far more than the DOM work itself: the first frame of a
Ptolemaeus game, ~670 nodes and ~1500 attributes, took 35-50 ms that way on
2026-11-26): :func:`spec` writes it as JSON, ``BUILD_JS`` (a small function,
made once per page with ``pyodide.code.run_js``) creates the same nodes with the
same calls and returns them in document order, which the patcher keeps as
before. Later patches go node by node, as they touch few. A patcher given a
``document`` builds node by node unless it is given a ``build`` too (the tests'
fake document has one, the same contract in Python).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from .tree import SVG_NS, El

# (document, spec as JSON text, inside an <svg>) -> the nodes made, in document order (pre-order,
# a node before its children): the same nodes, namespaces and attribute order as Patcher._each.
BUILD_JS = """(doc, text, svg) => {
  const NS = "http://www.w3.org/2000/svg", out = [];
  const make = (item, svg) => {
    if (typeof item === "string") { const t = doc.createTextNode(item); out.push(t); return t; }
    const tag = item[0], attrs = item[1], kids = item[2];
    svg = svg || tag === "svg";
    const node = svg ? doc.createElementNS(NS, tag) : doc.createElement(tag);
    out.push(node);
    for (let i = 0; i < attrs.length; i += 2) node.setAttribute(attrs[i], attrs[i + 1]);
    for (const kid of kids) node.appendChild(make(kid, svg));
    return node;
  };
  make(JSON.parse(text), svg);
  return out;
}"""

Build = Callable[[Any, str, bool], Any]
_browser_build: list[Build] = []     # BUILD_JS made into a JS function, once per page


def _js_build() -> Build:
    if not _browser_build:
        from pyodide.code import run_js  # browser only
        _browser_build.append(run_js(BUILD_JS))
    return _browser_build[0]


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


def spec(item: El | str, drawn: list[VNode]) -> list | str:
    """``item`` for ``BUILD_JS``: a text as itself, an element as ``[tag, [name, value, ...],
    [kids...]]``; ``drawn`` gets a :class:`VNode` per node in document order (their DOM nodes
    filled in once built)."""
    if isinstance(item, str):
        drawn.append(VNode(item, None, []))
        return item
    v = VNode(item, None, [])
    drawn.append(v)
    flat = [part for pair in item.attrs.items() for part in pair]
    kids = []
    for kid in _kids_of(item):
        at = len(drawn)
        kids.append(spec(kid, drawn))
        v.kids.append(drawn[at])           # the kid's own VNode: the first it added
    return [item.tag, flat, kids]


class Patcher:
    """Draws successive trees into ``container`` (the patcher owns what it put there)."""

    def __init__(self, container: Any, document: Any = None, build: Build | None = None) -> None:
        if document is None:
            import pyscript  # browser only
            document, build = pyscript.document, build or _js_build()
        self.document = document
        self.build = build
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
        """A new subtree: in one call when the patcher has a ``build`` (see the module docstring)."""
        if self.build is None or isinstance(item, str):
            return self._each(item, svg)
        drawn: list[VNode] = []
        text = json.dumps(spec(item, drawn), ensure_ascii=False, separators=(",", ":"))
        made = self.build(self.document, text, svg)
        nodes = made.to_py(depth=1) if hasattr(made, "to_py") else made   # a JS array: one conversion
        if len(nodes) != len(drawn):
            raise RuntimeError(f"boardui.dom: {len(nodes)} nodes built for {len(drawn)}")
        for v, node in zip(drawn, nodes):
            v.node = node
        self.created += len(drawn)
        return drawn[0]

    def _each(self, item: El | str, svg: bool = False) -> VNode:
        """A new subtree, node by node."""
        self.created += 1
        if isinstance(item, str):
            return VNode(item, self.document.createTextNode(item), [])
        svg = svg or item.tag == "svg"
        doc = self.document
        node = doc.createElementNS(SVG_NS, item.tag) if svg else doc.createElement(item.tag)
        for name, value in item.attrs.items():
            node.setAttribute(name, value)
        kids = [self._each(k, svg) for k in _kids_of(item)]
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
