"""Ptolemaeus' points where they were earned (issue 17, ``ptolemaeus_ui.points``): every kind of
point — a study's step of the table (R16; study A, the compulsory one, R5, and study B, R8), the
secret objective's step (the viewer's own only, R17), an Asteroid making a multiple of three (R9),
Nova Constellatio (R13), the objectives revealed at the end (R16) — as a "+N" on its board spot and at
the seat's score, said to screen readers; nothing the events leave unexplained."""

from __future__ import annotations

import json
import random
import re

import ptolemaeus as pt
import pytest
from boardui.tree import to_markup
from ptolemaeus.bots import choose_action
from ptolemaeus.data import ASTEROIDS_PER_POINT, STUDY_POINTS
from ptolemaeus_ui.board import public_points
from ptolemaeus_ui.points import earned
from ptolemaeus_ui.screen import Screen, snapshot

DATE = "1969-07-20T20:17Z"
SEATS = [{"kind": "human", "name": "You", "colour": "#f2eee3"},
         {"kind": "bot", "level": "greedy", "name": "Hypatia", "colour": "#b07be0"}]


def games(seeds, viewer: int = 0, level: str = "greedy"):
    """(before, after, events, state) for every action of greedy games, as ``viewer`` sees them."""
    for seed in seeds:
        rng = random.Random(seed)
        state = pt.new_game(2, seed, DATE)
        for _ in range(600):
            if state.is_over:
                break
            before = state.view(viewer)
            state.apply(choose_action(state, state.current_player, level, rng))
            yield before, state.view(viewer), json.loads(json.dumps(state.last_events)), state


def test_every_kind_of_point_is_placed_where_it_was_earned_and_nothing_is_left_unexplained():
    kinds: dict[str, int] = {}
    for before, after, events, _state in games(range(1, 9)):
        found = earned(before, after, events, SEATS)
        said = [e.said for e in found]
        assert not [s for s in said if re.fullmatch(r"(You score|\w+ scores) [\d.]+ points?\.", s)], said  # no points.other
        gained = [b - a for a, b in zip(public_points(before), public_points(after))]
        for seat in (0, 1):
            total = sum(e.points for e in found if e.seat == seat)
            trades = sum(1 for e in events if e["type"] == "trade" and e["seat"] == seat)
            assert total == gained[seat] or (trades and total >= gained[seat]), (events, found)
        asteroids = [entry["asteroids"] for entry in before["seats"]]
        for e in events:
            seat = e.get("seat")
            if e["type"] == "study":
                n = len(before["seats"][seat]["studied"]) + sum(
                    1 for x in events[:events.index(e) + 1] if x["type"] == "study" and x["seat"] == seat)
                step = STUDY_POINTS[n] - STUDY_POINTS[n - 1]                             # R16's table
                assert any(x.spot == f"const:{e['at']}" and x.points == step and x.seat == seat
                           and "for studying" in x.said for x in found)
                kinds["study " + e["how"]] = kinds.get("study " + e["how"], 0) + 1
                if e["asteroid"]:
                    asteroids[seat] += 1
                    if asteroids[seat] % ASTEROIDS_PER_POINT == 0:                       # R9
                        assert any(x.spot == f"asteroid:{e['at']}" and "Asteroid" in x.said for x in found)
                        kinds["asteroid"] = kinds.get("asteroid", 0) + 1
            elif e["type"] == "trade":
                asteroids[seat] -= 2
            elif e["type"] == "nova_constellatio":                                   # R13
                study = [x for x in events[:events.index(e)] if x["type"] == "study" and x["seat"] == seat]
                assert any(x.said.endswith("for Nova Constellatio.") and x.points == 1 and x.seat == seat
                           and x.spot == (f"const:{study[-1]['at']}" if study else None) for x in found)
                kinds["nova"] = kinds.get("nova", 0) + 1
        if any("secret objective (" in e.said for e in found):
            assert all(e.seat == 0 for e in found if "secret objective (" in e.said)  # the viewer's own only
            kinds["objective"] = kinds.get("objective", 0) + 1
        if after["is_over"] and any(e.spot is None and "revealed" in e.said for e in found):
            kinds["revealed"] = kinds.get("revealed", 0) + 1
    assert {"study A", "study B", "asteroid", "nova", "objective", "revealed"} <= set(kinds), kinds


def test_another_seats_secret_objective_never_reaches_the_marks_before_the_end():
    """R17: as seat 0 sees it, seat 1's points are its public ones; its objective shows only revealed."""
    for before, after, events, _state in games(range(1, 5)):
        for e in earned(before, after, events, SEATS):
            if e.seat == 1:
                assert "secret objective (" not in e.said
                assert after["is_over"] or "revealed" not in e.said


def test_a_redraw_a_first_view_or_another_viewer_earns_nothing_on_the_board():
    """Hot-seat: the events are everything since this viewer's last decision, the view before was
    another seat's: nothing to compare with (the points show at the scores)."""
    state = pt.new_game(2, 1, DATE)
    assert earned(None, state.view(0), [{"type": "end_turn", "seat": 0}], SEATS) == []
    assert earned(state.view(0), state.view(0), [], SEATS) == []
    study = {"type": "study", "seat": 0, "planet": "Sol", "at": "Leo", "how": "A", "asteroid": True}
    assert earned(state.view(1), state.view(0), [study], SEATS) == []
    assert earned(state.view(0), state.view(0), [study], SEATS) != []


@pytest.mark.parametrize("bad", [{"type": "study", "seat": 7, "planet": "Sol", "at": "Leo", "asteroid": True},
                                 {"type": "study", "seat": True, "planet": "Sol", "at": "Leo"},
                                 {"type": "study", "seat": 0, "planet": "Pluto", "at": "Nowhere"},
                                 {"type": "nova_constellatio", "seat": None}, {"seat": 0}, {}])
def test_events_the_engine_never_sends_earn_nothing_but_what_the_scores_say(bad):
    state = pt.new_game(2, 1, DATE)
    found = earned(state.view(0), state.view(0), [bad], SEATS)
    assert found == []


def test_the_screen_draws_each_mark_on_the_board_says_it_and_clears_it_when_the_player_acts():
    """Through the Screen: a mark on the board at ``data-spot``, its words in the live region and in
    the constellation's label, a "+N" at the score; gone once the player decides."""
    seen = False
    for seed in range(1, 12):
        rng = random.Random(seed)
        state = pt.new_game(2, seed, DATE)
        screen = Screen()
        screen.receive(snapshot(state, 0), [], SEATS)
        for _ in range(400):
            if state.is_over:
                break
            action = choose_action(state, state.current_player, "greedy", rng)
            if state.current_player == 0:
                screen.scene([])
                out = None
                for act, arg in screen.ctl.click_path(action):
                    out = screen.click(act, arg)
                    if out.action is None:
                        screen.scene([])
                assert screen.recap.earned == []                      # acted: the marks so far are seen
                assert not screen.scene([]).find_all(class_="bu-mark")
            state.apply(action)
            screen.receive(snapshot(state, 0), json.loads(json.dumps(state.last_events)), SEATS)
            while screen.frames.playing:
                assert not screen.scene([]).find_all(class_="bu-mark")  # not over an animation's frames
                screen.frames.advance()
            tree = screen.scene([])
            studies = [e for e in state.last_events if e["type"] == "study"]
            if studies and not state.is_over:
                at = studies[-1]["at"]
                mark = tree.find_all(class_="bu-mark", data_spot=f"const:{at}")
                assert mark and mark[0].text_content().startswith("+")
                const = tree.find_all(data_constellation=at)[0]
                assert "points earned here" in const.attrs["aria-label"]
                said = [text for _n, text in screen.live.lines]
                assert any("for studying" in s and at in s for s in said)
                seat = studies[-1]["seat"]
                assert tree.find_all(data_score=str(seat))[0].find_all(class_="bu-gain")
                assert "bu-mark" in to_markup(tree.find_all(class_="pt-board")[0])
                seen = True
        if seen:
            break
    assert seen


@pytest.mark.parametrize("lang, you, other", [
    ("en", "You score 1 point in Taurus for studying Saturnus.",
     "Hypatia scores 2 points in Taurus for studying Saturnus."),
    ("it", "Guadagni 1 punto in Taurus per lo studio di Saturnus.",
     "Hypatia guadagna 2 punti in Taurus per lo studio di Saturnus."),
    ("de", "Du erhältst 1 Punkt in Taurus für das Studium von Saturnus.",
     "Hypatia erhält 2 Punkte in Taurus für das Studium von Saturnus."),
    ("es", "Ganas 1 punto en Taurus por estudiar Saturnus.", "Hypatia gana 2 puntos en Taurus por estudiar Saturnus."),
])
def test_a_point_is_said_in_a_sentence_in_every_language(lang, you, other):
    """Play-test 5: the recap's "You +1 in Taurus: study of Saturnus" read awkwardly. A sentence, in the
    second person for "You", the noun agreeing with the number (R16's study table: 1, 1, then 2 …)."""
    from app import i18n

    state = pt.new_game(2, 1, DATE)
    first = {"type": "study", "seat": 0, "planet": "Saturnus", "at": "Taurus", "how": "A", "asteroid": False}
    before = state.view(0)
    before["seats"][1]["studied"] = ["Sol", "Luna"]       # Hypatia's third planet: 2 points (R16)
    after = json.loads(json.dumps(before))
    for entry in after["seats"]:
        entry["public_score"] = entry.get("public_score", 0) + len(entry["studied"]) + 1
    try:
        i18n.set_language(lang)
        mine = earned(before, after, [first], SEATS)
        theirs = earned(before, after, [{**first, "seat": 1}], SEATS)
    finally:
        i18n.set_language("en")
    assert [e.said for e in mine if e.seat == 0 and e.spot][0] == you
    assert [e.said for e in theirs if e.seat == 1 and e.spot][0] == other
