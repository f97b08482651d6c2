"""The Pompeii screen under CPython (issue 12): the page contract's attributes, no hidden
information in the markup, whole games played through the screen's clicks, the frames of
others' moves, the move log and the end screen in four languages."""

from __future__ import annotations

import random
import re

import pytest

from app import i18n
from boardui.tree import to_markup
from pompeii import board as B
from pompeii import new_game
from pompeii.hidden import view
from pompeii_ui.board import Model, render
from pompeii_ui.interact import click_path
from pompeii_ui.screen import Screen, frames_of, snapshot
from pompeii_ui.words import describe, end_summary

SEATS = [{"kind": "human", "name": "You", "colour": "#3a7bd5"}, {"kind": "bot", "name": "Plinius", "colour": "#d64541"},
         {"kind": "bot", "name": "Tacitus", "colour": "#e8c547"}, {"kind": "bot", "name": "Rectina", "colour": "#333"}]


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def attrs(markup: str, name: str) -> list[str]:
    return re.findall(rf'{name}="([^"]*)"', markup)


def play(seed: int, players: int = 2, screen: Screen | None = None, until=lambda s: False):
    """A seeded game: seat 0's decisions through ``screen.click`` (click_path), the others random."""
    s = new_game(players, seed, variant="dual-vent" if seed % 2 else "standard")
    s.record = False
    rng = random.Random(seed)
    screen = screen or Screen()
    events: list[dict] = []
    log: list[dict] = []
    while not s.is_over and not until(s):
        screen.receive(snapshot(s, 0), events, SEATS[:players])
        while screen.frames.busy:
            screen.scene(log)
            assert screen.click("sq", "0,0").action is None      # nothing is chosen while a frame shows
            screen.frames.advance()
        screen.scene(log)
        legal = s.legal_actions()
        action = rng.choice(legal)
        if s.current_player == 0:
            got = None
            for act, arg in click_path(action, legal):
                got = screen.click(act, arg).action
            assert got == action
        events = s.apply(action)
        log += events
    screen.receive(snapshot(s, 0), events, SEATS[:players])
    while screen.frames.busy:
        screen.frames.advance()
    return s, screen, log


def test_the_city_carries_the_page_contract_p8_p17():
    s = new_game(2, 1)
    html = to_markup(render(Model(view=view(s, 0), viewer=0, seats=SEATS[:2])))
    squares = attrs(html, "data-square")
    assert len(squares) == 70 == len(B.CITY)
    for arg in squares:
        r, c = map(int, arg.split(","))
        q = B.sq(r, c)
        assert B.KIND[q] != "outside"
    assert sorted(attrs(html, "data-building")) == sorted(B.PART[q] for q in B.CITY if B.PART[q])
    assert sorted(attrs(html, "data-gate")) == sorted(B.GATE_OF.values())
    assert sorted(attrs(html, "data-vent")) == sorted(B.SYMBOLS)
    assert attrs(html, "data-phase") == ["1"]


def test_citizens_and_lava_are_on_their_squares_p51_p56():
    s, _screen, _log = play(3, until=lambda s: s.phase == "p2" and s.step == "move")
    html = to_markup(render(Model(view=view(s, 0), viewer=0, seats=SEATS[:2])))
    owners_at = list(zip(attrs(html, "data-owner"), re.findall(r'data-citizen="[^"]*" data-owner="\d" data-at="([^"]*)"', html)))
    assert len(owners_at) == sum(s.in_city(p) for p in range(2))
    for owner, at in owners_at:
        r, c = map(int, at.split(","))
        assert s.count(B.sq(r, c), int(owner)) > 0
    lava = re.findall(r'data-lava="([a-z]+)" data-at="([^"]*)"', html)
    assert len(lava) == sum(1 for q in range(77) if s.lava[q] >= 0)
    for symbol, at in lava:
        r, c = map(int, at.split(","))
        assert B.SYMBOLS[s.lava[B.sq(r, c)]] == symbol
    assert attrs(html, "data-phase") == ["2"]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_other_hand_in_the_markup_p69(players):
    s = new_game(players, 5)
    for viewer in range(players):
        html = to_markup(render(Model(view=view(s, viewer), viewer=viewer, seats=SEATS[:players])))
        assert sorted(int(c) for c in attrs(html, "data-card")) == sorted(s.hands[viewer])
    curtain = to_markup(render(Model(view=view(s, None), viewer=None, seats=SEATS[:players])))
    assert attrs(curtain, "data-card") == []


@pytest.mark.parametrize("seed, players", [(1, 2), (4, 4), (7, 3)])
def test_whole_games_through_the_screen(seed, players):
    """Every decision of seat 0 by its clicks; others' moves become frames; the end screen opens."""
    s, screen, log = play(seed, players)
    assert s.is_over and screen.end_shown
    html = to_markup(screen.scene(log))
    assert 'class="pp-end"' in html
    places = s.places()
    assert re.search(r'data-winners="([^"]*)"', html).group(1) == ",".join(str(p) for p in range(players)
                                                                           if places[p] == 1)
    assert screen.frames.seen > 0
    assert screen.live.lines


def test_frames_walk_the_path_and_burn():
    """An opponent's move is one frame per square of its path (the walker), lava falls, citizens burn."""
    s, _sc, _log = play(3, until=lambda s: s.phase == "p2" and s.current_player == 1 and s.step == "move"
                        and any(a.kind == "move" for a in s.legal_actions()))
    before = view(s, 0)
    move = next(a for a in s.legal_actions() if a.kind == "move")
    events = s.apply(move)
    frames = frames_of(before, events, 0, SEATS[:2])
    path = events[0]["path"]
    assert [f.walker["at"] for f in frames] == path
    # one's own moves are not animated
    assert frames_of(before, events, 1, SEATS[:2]) == []


def test_lava_frames_mark_the_fall():
    s, _sc, _log = play(5, until=lambda s: s.step == "lava" and s.current_player == 1)
    before = view(s, 0)
    events = s.apply(s.legal_actions()[0])
    frames = frames_of(before, events, 0, SEATS[:2])
    placed = next(e for e in events if e["type"] == "lava_placed")
    assert frames[0].falling == f"{placed['square'][0]},{placed['square'][1]}"


def test_frames_that_do_not_follow_the_view_are_dropped():
    s = new_game(2, 1)
    bogus = [{"type": "moved", "seat": 1, "path": [[4, 1], [4, 0]]}]
    assert frames_of(view(s, 0), bogus, 0, SEATS[:2]) == []


@pytest.fixture(scope="module")
def three_player_log():
    return play(2, 3)[2]


@pytest.mark.parametrize("lang", ["en", "es", "it", "de"])
def test_every_event_of_a_game_is_said_in_every_language(lang, three_player_log):
    log = three_player_log
    i18n.set_language(lang)
    kinds = set()
    for e in log:
        line = describe(e, SEATS[:3])
        if e["type"] not in ("trapped",) or e.get("squares"):
            assert line, e
            assert "{" not in line, line
        kinds.add(e["type"])
    assert {"card_played", "placed", "card_drawn", "tile_drawn", "lava_placed", "moved", "game_over"} <= kinds


def test_end_screen_explains_the_tie_break_p65_pr15_pr25():
    base = {"players": 2, "saved": [5, 5], "dead": [3, 4], "places": [1, 2], "end_reason": "bag_empty"}
    s = end_summary(base, SEATS[:2])
    assert s["winners"] == [0] and "fewer" in s["tiebreak"] and s["headline"].startswith("You win")
    shared = end_summary({**base, "dead": [3, 3], "places": [1, 1]}, SEATS[:2])
    assert shared["winners"] == [0, 1] and "shared" in shared["tiebreak"]
    clear = end_summary({**base, "saved": [6, 5], "places": [1, 2]}, SEATS[:2])
    assert clear["tiebreak"] == ""


def test_escape_drops_a_half_made_choice():
    s = new_game(2, 1)
    screen = Screen()
    screen.receive(snapshot(s, s.current_player), [], SEATS[:2])
    card = s.legal_actions()[0].card
    screen.click("card", str(card))
    assert screen.ctl.sel.card == card
    assert screen.escape() is not None and screen.ctl.sel.card is None
    assert screen.escape() is None


def test_the_log_in_words_is_described_once_and_again_after_an_undo_or_a_language():
    _s, screen, log = play(1, 2)
    words = screen.log_words(log)
    assert words == [x for x in (describe(e, screen.seats) for e in log) if x]
    assert screen.log_words(log) is words                         # nothing new: nothing described
    shorter = log[:10]                                            # an undo
    assert screen.log_words(shorter) == [x for x in (describe(e, screen.seats) for e in shorter) if x]
    i18n.set_language("de")
    german = screen.log_words(shorter)
    assert german[0] == describe(shorter[0], screen.seats) != words[0]
