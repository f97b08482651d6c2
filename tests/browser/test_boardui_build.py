"""boardui.dom.BUILD_JS in Chromium: the nodes a new subtree is built with in one call (the first
frame of a board) are those the patcher makes node by node: the same tags, namespaces, attributes
in order, texts (nothing parsed: quotes, ``<``, ``&``, empty texts stay as they are), returned in
document order, as the fake ``Build`` of tests/test_boardui_parts.py assumes."""

from __future__ import annotations

import json

from boardui.dom import BUILD_JS, VNode, spec
from boardui.tree import SVG_NS, El, h

XHTML = "http://www.w3.org/1999/xhtml"

# [tag, namespace, [name, value, ...], kids] or ["#text", data], and whether the returned list
# is the subtree in document order.
SERIALIZE = """([src, text, svg]) => {
  const build = (0, eval)(src);
  const nodes = build(document, text, svg);
  const order = [];
  const walk = (n) => { order.push(n); n.childNodes.forEach(walk); };
  walk(nodes[0]);
  const ser = (n) => n.nodeType === 3 ? ["#text", n.data]
    : [n.localName, n.namespaceURI, [...n.attributes].flatMap((a) => [a.name, a.value]), [...n.childNodes].map(ser)];
  return {tree: ser(nodes[0]), inOrder: order.length === nodes.length && order.every((n, i) => n === nodes[i])};
}"""


def expected(item: El | str, svg: bool = False) -> list:
    if isinstance(item, str):
        return ["#text", item]
    svg = svg or item.tag == "svg"
    kids = ([item.text] if item.text else []) + item.children
    return [item.tag, SVG_NS if svg else XHTML, [x for pair in item.attrs.items() for x in pair],
            [expected(k, svg) for k in kids]]


def scene() -> El:
    label = h("span", {"class": "label", "title": 'a "quote" & <tag>'}, "Mars & <Sol>", "", " é ✓ ")
    label.text = "lead "
    board = El("svg", {"viewBox": "0 0 10 10", "role": "img", "aria-label": "board"}, [
        El("g", {"data-planet": "Sol", "transform": "translate(1.5 2)"}, [h("circle", {"r": 1.25})], key="p-Sol"),
        h("text", {"x": 1}, "Luna"),
        h("foreignObject", {"width": 5}, h("div", {"class": "inside"}, "in svg")),
    ])
    return h("section", {"class": "board-host", "data-x": "", "hidden": True}, label, board,
             h("button", {"type": "button", "data-act": "pick", "disabled": True}, "Pick"))


def test_build_js_makes_what_the_patcher_makes_node_by_node(page):
    page.set_content("<!doctype html><html><body></body></html>")
    for tree, svg in ((scene(), False), (h("g", {"class": "new"}, h("rect", {"width": 2}), "t"), True)):
        drawn: list[VNode] = []
        text = json.dumps(spec(tree, drawn), ensure_ascii=False, separators=(",", ":"))
        got = page.evaluate(SERIALIZE, [BUILD_JS, text, svg])
        assert got["tree"] == expected(tree, svg)
        assert got["inOrder"]
