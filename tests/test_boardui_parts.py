"""boardui's pure parts under CPython: the keyed patcher (on a small fake document), focus plans
from two scenes, the live region, the animation queue and motion factors, the hot-seat curtain."""

from __future__ import annotations

import pytest
import json

from boardui import anim, focus, live
from boardui.curtain import Curtain
from boardui.dom import Patcher, spec
from boardui.screen import with_menu_link
from boardui.tree import SVG_NS, El, h, to_markup
from hypothesis import given, settings
from hypothesis import strategies as st

# ------------------------------------------------------------------ a fake DOM


class Node:
    def __init__(self, tag: str | None, ns: str | None = None, data: str | None = None) -> None:
        self.tag, self.ns, self.data = tag, ns, data
        self.attrs: dict[str, str] = {}
        self.children: list[Node] = []
        self.parent: Node | None = None

    def setAttribute(self, name, value):
        self.attrs[name] = value

    def removeAttribute(self, name):
        del self.attrs[name]

    def appendChild(self, node):
        return self.insertBefore(node, None)

    def insertBefore(self, node, anchor):
        if node.parent is not None:
            node.parent.children.remove(node)
        i = len(self.children) if anchor is None else self.children.index(anchor)
        self.children.insert(i, node)
        node.parent = self
        return node

    def removeChild(self, node):
        self.children.remove(node)
        node.parent = None

    def replaceChild(self, new, old):
        i = self.children.index(old)
        self.removeChild(old)
        self.children.insert(i, new)
        new.parent = self

    def remove(self):
        if self.parent is not None:
            self.parent.removeChild(self)

    def markup(self) -> str:
        if self.tag is None:
            return focus_escape(self.data or "")
        attrs = "".join(f' {k}="{v}"' for k, v in self.attrs.items())
        return f"<{self.tag}{attrs}>{''.join(c.markup() for c in self.children)}</{self.tag}>"


def focus_escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


class Document:
    def __init__(self) -> None:
        self.calls = 0           # node-by-node calls made on the document itself

    def createElement(self, tag):
        self.calls += 1
        return Node(tag)

    def createElementNS(self, ns, tag):
        self.calls += 1
        return Node(tag, ns)

    def createTextNode(self, text):
        self.calls += 1
        return Node(None, data=text)


class Build:
    """``boardui.dom.BUILD_JS``'s contract in Python (tests/browser/test_boardui_build.py holds the
    JS to the same): (document, JSON spec, inside an svg) -> the new nodes in document order."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, _document, text: str, svg: bool) -> list[Node]:
        self.calls += 1
        out: list[Node] = []

        def make(item, svg: bool) -> Node:
            if isinstance(item, str):
                out.append(Node(None, data=item))
                return out[-1]
            tag, attrs, kids = item
            svg = svg or tag == "svg"
            node = Node(tag, SVG_NS if svg else None)
            out.append(node)
            for i in range(0, len(attrs), 2):
                node.setAttribute(attrs[i], attrs[i + 1])
            for kid in kids:
                node.appendChild(make(kid, svg))
            return node

        make(json.loads(text), svg)
        return out


def html(tree: El) -> str:
    """to_markup without SVG self-closing forms and xmlns (what the fake DOM prints)."""
    def walk(e):
        if isinstance(e, str):
            return focus_escape(e)
        attrs = "".join(f' {k}="{v}"' for k, v in e.attrs.items())
        inner = (focus_escape(e.text) if e.text else "") + "".join(walk(c) for c in e.children)
        return f"<{e.tag}{attrs}>{inner}</{e.tag}>"
    return walk(tree)


def board(planets: dict[str, int], extra: str | None = None) -> El:
    return h("div", {"class": "root"},
             El("svg", {"viewBox": "0 0 10 10"}, [El("g", {"data-planet": p, "data-at": str(at)}, key=f"p-{p}")
                                                  for p, at in planets.items()]),
             h("p", None, extra) if extra else None)


def test_the_patcher_keeps_keyed_nodes_and_moves_them():
    container = Node("div")
    p = Patcher(container, Document())
    p.render(board({"Sol": 1, "Luna": 2, "Mars": 3}))
    svg = container.children[0].children[0]
    assert svg.ns is None or svg.ns == SVG_NS
    nodes = {n.attrs["data-planet"]: n for n in svg.children}
    assert all(n.ns == SVG_NS for n in nodes.values())           # inside <svg>: createElementNS
    made = p.created
    p.render(board({"Mars": 4, "Sol": 1, "Luna": 2}, extra="moved"))
    assert [n.attrs["data-planet"] for n in svg.children] == ["Mars", "Sol", "Luna"]
    assert {n.attrs["data-planet"]: n for n in svg.children} == nodes       # the same nodes, moved
    assert nodes["Mars"].attrs["data-at"] == "4"
    assert p.created == made + 2                                  # only the new <p> and its text
    assert container.children[0].markup() == html(board({"Mars": 4, "Sol": 1, "Luna": 2}, extra="moved"))


def test_the_patcher_removes_attributes_and_replaces_a_root_of_another_kind():
    container = Node("div")
    p = Patcher(container, Document())
    p.render(h("p", {"class": "a", "title": "t"}, "one"))
    p.render(h("p", {"class": "b"}, "two"))
    assert container.children[0].markup() == '<p class="b">two</p>'
    p.render(h("section", None, "three"))
    assert [c.tag for c in container.children] == ["section"]
    p.clear()
    assert container.children == []


trees = st.recursive(
    st.builds(lambda t, k, a: El(t, {"data-x": a} if a else None, [], key=k),
              st.sampled_from(["div", "p", "g"]), st.one_of(st.none(), st.sampled_from("abc")),
              st.one_of(st.none(), st.text("xy", max_size=2))),
    lambda kids: st.builds(lambda t, k, cs: El(t, None, _unique_keys(cs), key=k),
                           st.sampled_from(["div", "svg", "g"]), st.one_of(st.none(), st.sampled_from("abc")),
                           st.lists(st.one_of(kids, st.text("xyz", min_size=1, max_size=3)), max_size=4)),
    max_leaves=12)


def _unique_keys(children):
    seen, out = set(), []
    for c in children:
        if isinstance(c, El) and c.key is not None:
            if c.key in seen:
                c.key = None
            seen.add(c.key)
        out.append(c)
    return out


@settings(max_examples=200, deadline=None)
@given(st.lists(trees, min_size=1, max_size=4), st.booleans())
def test_any_sequence_of_scenes_patches_to_the_last_one(scenes, built):
    """Whatever was drawn before, the DOM ends up exactly as the last scene (new subtrees built
    node by node, or in one call)."""
    container = Node("div")
    p = Patcher(container, Document(), Build() if built else None)
    for tree in scenes:
        p.render(tree)
    assert len(container.children) == 1
    assert container.children[0].markup() == html(scenes[-1])
    assert _namespaces(container.children[0]) == _namespaces_of(scenes[-1])


def _namespaces(node: Node) -> list:
    return [] if node.tag is None else [(node.tag, node.ns == SVG_NS), *(x for c in node.children for x in _namespaces(c))]


def _namespaces_of(tree: El | str, svg: bool = False) -> list:
    if isinstance(tree, str):
        return []
    svg = svg or tree.tag == "svg"
    return [(tree.tag, svg), *(x for c in tree.children for x in _namespaces_of(c, svg))]


def test_a_new_subtree_is_built_in_one_call_and_its_nodes_are_patched_later():
    container, doc, build = Node("div"), Document(), Build()
    p = Patcher(container, doc, build)
    p.render(board({"Sol": 1, "Luna": 2}, extra="a & b"))
    assert (build.calls, doc.calls, p.created) == (1, 0, 6)    # div, svg, 2 g, p, its text: one call
    svg = container.children[0].children[0]
    sol = svg.children[0]
    assert svg.ns == SVG_NS and sol.ns == SVG_NS and container.children[0].ns is None
    p.render(board({"Luna": 3, "Sol": 1, "Mars": 5}, extra="c"))
    assert svg.children[1] is sol and svg.children[0].attrs == {"data-planet": "Luna", "data-at": "3"}
    assert svg.children[2].ns == SVG_NS                         # built inside the svg: its namespace
    assert build.calls == 2 and doc.calls == 0                  # Mars: one call; "c" rewrites the text
    p.render(board({"Luna": 3, "Sol": 1, "Mars": 5}, extra=None))
    p.render(board({"Luna": 3, "Sol": 1, "Mars": 5}, extra="d"))
    assert build.calls == 3
    assert container.children[0].markup() == html(board({"Luna": 3, "Sol": 1, "Mars": 5}, extra="d"))


def test_the_spec_lists_every_node_in_document_order_and_keeps_text_as_it_is():
    tree = h("p", {"class": "x", "title": 'say "hi" <b>'}, "a", "", h("b", None, "é"), key="k")
    tree.text = "lead"
    drawn: list = []
    assert spec(tree, drawn) == ["p", ["class", "x", "title", 'say "hi" <b>'], ["lead", "a", "", ["b", [], ["é"]]]]
    assert [v.item if isinstance(v.item, str) else v.item.tag for v in drawn] == ["p", "lead", "a", "", "b", "é"]
    assert drawn[0].kids == [drawn[1], drawn[2], drawn[3], drawn[4]] and drawn[4].kids == [drawn[5]]


# ------------------------------------------------------------------ focus plans


def test_act_selector_quotes_what_it_names():
    assert focus.act_selector("const", "Leo") == '[data-act="const"][data-arg="Leo"]:not([disabled])'
    assert focus.act_selector("x", 'a"b\\c', ".box") == '.box [data-act="x"][data-arg="a\\"b\\\\c"]:not([disabled])'
    assert focus.act_selector("confirm") == ('[data-act="confirm"]:not([data-arg]):not([disabled]), '
                                             '[data-act="confirm"][data-arg=""]:not([disabled])')


def test_the_controls_a_click_opened_come_from_two_scenes():
    before = h("div", None, h("section", {"class": "prompt box"},
                               h("button", {"data-act": "const", "data-arg": "Leo"}, "Leo"),
                               h("button", {"data-act": "cancel"}, "Cancel")),
               h("button", {"data-act": "outside"}, "x"))
    after = h("div", None, h("section", {"class": "prompt box"},
                              h("button", {"data-act": "const", "data-arg": "Leo"}, "Leo"),
                              h("button", {"data-act": "do", "data-arg": "1:0", "disabled": True}, "No"),
                              h("button", {"data-act": "cancel", "data-arg": "2"}, "Cancel"),
                              h("button", {"data-act": "do", "data-arg": "1:1"}, "Observe")))
    b, a = focus.controls(before, "prompt"), focus.controls(after, "prompt")
    assert [c.act for c in b] == ["const", "cancel"]                 # only inside the region
    assert focus.first_new(b, a, frozenset({"cancel"})) == focus.Control("do", "1:1", "Observe", False)
    assert focus.first_new(a, a) is None
    assert focus.has_class(after, "box") and not focus.has_class(after, "pro") and not focus.has_class(None, "x")
    assert not focus.NOWHERE and focus.FocusPlan(if_lost=(".x",))


# ------------------------------------------------------------------ the menu link after the prompt's panel


def test_the_menu_link_is_the_last_stop_of_the_prompts_panel_before_the_board():
    """Play-test 7 #10 in a game: Tab from the prompt (it has the focus, after the header) reached the
    header only past the board; the link comes after the prompt's own choices, before the board."""
    top = h("div", {"class": "top"}, h("a", {"class": "tool", "href": "rules.html"}, "Rules"), key="top")
    panel = El("section", {"class": "panel"}, [h("h2", None, "Your turn"),
                                              h("p", {"class": "prompt", "tabindex": "-1"}, "Choose a card."),
                                              h("button", {"data-act": "pick"}, "Pick")], key="prompt")
    board = El("svg", {"class": "board"}, [El("g", {"data-act": "cell", "tabindex": "0"})], key="board")
    tree = El("div", {"class": "game"}, [top, El("div", {"class": "main"}, [panel, board], key="main")])
    before = to_markup(tree)
    linked = with_menu_link(tree, "Skip to the menu")
    assert to_markup(tree) == before                                    # the screen's tree is not changed
    (link,) = linked.find_all(data_skip="menu")
    new_panel = linked.children[1].children[0]
    assert new_panel.children[-1] is link and new_panel.children[:-1] == panel.children
    assert link.tag == "a" and link.attrs["href"] == "#shell-menu" and link.text_content() == "Skip to the menu"
    assert linked.children[0] is top and linked.children[1].children[1] is board   # the rest as it was
    order = [e.attrs.get("data-act") or e.attrs.get("data-skip") for e in linked.walk()
             if "data-act" in e.attrs or "data-skip" in e.attrs]
    assert order == ["pick", "menu", "cell"]
    # No section around the prompt: after it, in its parent; no prompt: the tree as it is.
    bare = h("div", None, h("p", {"class": "prompt"}, "Wait."), h("button", {"data-act": "x"}, "X"))
    assert [c.tag for c in with_menu_link(bare, "Skip").children] == ["p", "button", "a"]
    assert with_menu_link(board, "Skip") is board


# ------------------------------------------------------------------ live region


def test_the_live_region_keeps_the_last_lines_with_serials():
    region = live.LiveRegion(limit=3)
    region.say(["one", "", "two"])
    region.say(["three", "four"])
    assert region.lines == [(2, "two"), (3, "three"), (4, "four")]
    markup = to_markup(live.render(region.lines, cls="pt-announce"))
    assert markup == ('<div class="pt-announce" role="log" aria-live="polite" aria-relevant="additions">'
                      "<p>two</p><p>three</p><p>four</p></div>")
    assert [c.key for c in live.render(region.lines).children] == ["a2", "a3", "a4"]
    for bad in (0, -1, True, 2.0, None, "3"):
        with pytest.raises(ValueError):
            live.LiveRegion(bad)


def test_a_cleared_live_region_says_nothing_old_and_its_next_line_is_a_new_node():
    """Play-test 3: after a language switch the screen reader's earlier lines stayed in the old language."""
    region = live.LiveRegion(limit=3)
    region.say(["Tacitus spielt die Karte 3."])
    region.clear()
    assert region.lines == [] and live.render(region.lines).children == []
    region.say(["Tacitus plays card 3."])
    assert region.lines == [(2, "Tacitus plays card 3.")]


def test_a_held_move_heard_before_its_confirm_is_not_said_again():
    """A held move's words were said as it waited for Confirm ("You played card 3. You placed a citizen
    in 3a", joined by the game's ``held_move``); once confirmed, its events' first lines are those
    words again and are left out, what it reveals is said, and only in the next batch of lines."""
    region = live.LiveRegion()
    region.say(["Move confirmed"])
    region.heard = "You played card 3. You placed a citizen in 3a"
    region.say(["You played card 3.", "You placed a citizen in 3a.", "You drew a card.", "You played card 3."])
    assert [text for _n, text in region.lines] == ["Move confirmed", "You drew a card.", "You played card 3."]
    assert region.heard == ""
    region.say(["You placed a citizen in 3a."])                  # a later batch is said in full
    assert region.lines[-1] == (4, "You placed a citizen in 3a.")


# ------------------------------------------------------------------ animation queue


class F:
    def __init__(self, name: str, ms: int = 100) -> None:
        self.name, self.ms = name, ms


def test_the_queue_shows_the_first_frame_at_once_and_the_rest_in_order():
    q: anim.FrameQueue[F] = anim.FrameQueue()
    assert not q.push([]) and not q.playing
    assert q.push([F("a"), F("b")]) and q.current.name == "a"
    assert not q.push([F("c")])                  # already playing: queued behind
    assert [q.advance().name, q.advance().name] == ["b", "c"]
    assert q.advance() is None and not q.playing and q.seen == 3


def test_skip_drops_the_waiting_frames_and_a_backlog_is_dropped():
    q: anim.FrameQueue[F] = anim.FrameQueue(jump_after=3)
    q.push([F(str(i)) for i in range(6)])
    q.skip()
    assert q.busy and q.waiting == [] and q.advance() is None and not q.busy
    q.push([F("x")])
    q.push([F(str(i)) for i in range(5)])
    q.push([F("late")])                          # more than 3 waiting: the backlog goes
    assert [f.name for f in q.waiting] == ["late"]
    q.stop()
    assert not q.busy


def test_motion_factors():
    humans = [{"kind": "human"}, {"kind": "bot"}]
    bots = [{"kind": "bot"}, {"kind": "bot"}]
    assert anim.motion_factor(1.0, False, humans, "instant") == 1.0
    assert anim.motion_factor(1.0, True, humans, "watchable") == pytest.approx(0.6)
    assert anim.motion_factor(1.0, False, bots, "instant") == pytest.approx(0.3)
    assert anim.motion_factor(1.0, False, bots, "watchable") == 1.0
    assert anim.motion_factor(0, True, bots, "instant") == 0.0
    assert anim.motion_factor(1.0, False, humans, "slow") == 2.0              # play-test 8 F2
    assert anim.motion_factor(1.0, True, bots, "slow") == pytest.approx(1.2)
    assert anim.hold_seconds(F("a", 900), 0.5) == pytest.approx(0.45)
    assert anim.hold_seconds(F("a", 900), None) == 0.0
    assert anim.transition_ms(700, True, 1.0) == 0                   # reduced motion: no glide
    assert anim.transition_ms(700, False, 2.0) == 700
    assert anim.transition_ms(700, False, 0.5) == 350


# ------------------------------------------------------------------ curtain


def test_the_curtain_tells_when_the_device_changed_hands():
    c = Curtain()
    assert c.handover(0)                         # the first look
    assert not c.handover(0)
    assert c.handover(None)                      # being passed
    assert c.handover(1)
    assert not c.handover(1)


# ------------------------------------------------------------------ the package itself


def test_an_outcome_names_only_the_hosts_calls():
    from boardui.screen import Outcome
    assert Outcome(host="undo").host == "undo"
    with pytest.raises(ValueError):
        Outcome(host="format_disk")


def test_boardui_names_no_game_and_its_pure_modules_need_no_browser():
    import importlib
    import re
    import sys
    from pathlib import Path

    package = Path(__file__).resolve().parents[1] / "py" / "boardui"
    for path in package.glob("*.py"):
        text = path.read_text()
        assert not re.search(r"^\s*(from|import)\s+(ptolemaeus|pompeii|app)\b", text, re.MULTILINE), path.name
    for name in ("tree", "nav", "focus", "live", "anim", "curtain", "screen", "dom"):
        importlib.import_module(f"boardui.{name}")
    assert "pyscript" not in sys.modules


def test_the_settler_focuses_a_new_dialog_once_then_the_decision_after_a_move_made_here():
    s = focus.Settler(decision=(".prompt",), dialog=(".dialog h2",))
    assert s.settle(False) == focus.FocusPlan((), if_lost=(".prompt",))     # a redraw: only if lost
    s.decided()
    assert s.settle(False).targets == (".prompt",)
    assert s.settle(False).targets == ()                                   # once
    s.decided()
    assert s.settle(True).targets == (".dialog h2",)                       # the dialog wins
    assert s.settle(True).targets == ()                                    # already open
    s.closed()
    assert s.settle(True).targets == (".dialog h2",)                       # reopened
    s.decided()
    s.refused()
    assert s.settle(False).targets == ()


def test_the_views_own_acts_are_answered_alike_by_every_screen():
    """boardui.screen.ScreenState.view_click: the end screen closes (focus to the button that opens
    it again) and opens; skip, a new game and undo go to the host; anything else is a bug."""
    from boardui.screen import ScreenState

    screen = ScreenState()
    assert screen.view_click("skip_anim").host == "skip_anim"
    closed = screen.view_click("close_end")
    assert not screen.show_end and closed.redraw and closed.focus.targets == (focus.act_selector("open_end"),)
    opened = screen.view_click("open_end")
    assert screen.show_end and opened.redraw and opened.settle
    assert screen.view_click("newgame").host == "new_game" and screen.view_click("undo").host == "undo"
    with pytest.raises(ValueError, match="'card' is not an act of the view"):
        screen.view_click("card")


def test_awaiting_offers_nothing_while_the_viewers_move_waits_for_confirm():
    from boardui.screen import Snapshot, awaiting

    snap = Snapshot({"step": "play"}, 0, ["a", "b"])
    assert awaiting(snap, None) is snap                                  # nothing waits
    assert awaiting(Snapshot({}, None, []), "held", "x").waiting is None   # nobody's eyes
    held = awaiting(snap, "held", "You play a card")
    assert (held.view, held.viewer, held.legal, held.waiting, held.held) == \
        ({"step": "play"}, 0, [], "held", "You play a card")
    assert snap.legal == ["a", "b"]                                      # the snapshot given is not changed


def test_the_shells_end_actions_are_buttons_of_the_end_screen_and_go_to_the_host():
    """D6: what the shell offers on the end screen besides a new game (a daily game's "Results")
    is drawn by every board as a button ``data-act="end_action"`` (keyboard-reachable: a button)
    whose click goes to ``host.end_action(key)``."""
    from boardui.screen import Outcome, ScreenState, end_buttons

    out = ScreenState().view_click("end_action", "results")
    assert out == Outcome(host="end_action", arg="results")
    markup = "".join(to_markup(b) for b in end_buttons([("results", "Results")]))
    assert markup == ('<button type="button" class="choice" data-act="end_action" data-arg="results" '
                      'data-end-action="results">Results</button>')
    assert end_buttons([]) == []


def test_labelled_gives_each_bot_its_levels_name_and_leaves_the_other_seats_as_they_are():
    from boardui.screen import labelled

    seats = [{"kind": "human", "level": None, "name": "Ann"}, {"kind": "bot", "level": "hard", "name": "Tacitus"},
             {"kind": "bot", "level": None, "name": "Old"}]
    out = labelled(seats, str.upper)
    assert out[1] == dict(seats[1], level_label="HARD") and out[0] is seats[0] and out[2] is seats[2]
    assert "level_label" not in seats[1], "the host's seats are not changed"
    assert labelled(seats, None) == seats


@pytest.mark.parametrize("key", ["ptolemaeus", "pompeii"])
def test_each_boards_players_panel_names_a_bots_level_as_its_spec_does(key):
    """A bot's level in the players panel is the spec's name for it (``bot_level_label``, what the
    new-game form shows), in the page's language: both boards had their own copy of the look-up."""
    import importlib

    import catalog  # noqa: F401 - registers the page's games
    from app import i18n
    from app.games import CATALOG
    from app.session import Session, default_seats
    from boardui.screen import labelled

    spec = CATALOG[key].load()
    setup = {"players": 2, "seed": 4, "start": "1969-07-20T20:17Z"} if key == "ptolemaeus" else {"players": 2, "seed": 4}
    session = Session.start(spec, setup, default_seats(spec, ["human", "bot"]))
    session.seats[1]["level"] = "hard"
    screens = importlib.import_module(f"{key}_ui.screen")
    try:
        i18n.set_language("de")
        screen = screens.Screen()
        screen.receive(screens.snapshot(session.state, 0), [], labelled(session.seats, spec.bot_level_label))
        html = to_markup(screen.scene([]))
        assert spec.bot_level_label("hard") == "schwer" and "Bot (schwer)" in html, html[-3000:]
    finally:
        i18n.set_language("en")
