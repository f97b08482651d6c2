"""The end of round step by step (py/ptolemaeus_ui/animate.py) and the move log
in words (py/ptolemaeus_ui/words.py), from the engine's real events."""

from __future__ import annotations

import json
import random

import pytest

import ptolemaeus as pt
from ptolemaeus.data import CONST_INDEX
from ptolemaeus_ui.animate import frames, has_board_events, same_board, start_scene
from ptolemaeus_ui.board import scene_of
from ptolemaeus_ui.words import describe, describe_log
from scenario import DRAW, build

SEATS = [{"name": n} for n in ("Ada", "Hypatia", "Tycho", "Kepler")]


def round_end_steps(players=2, seed=1, start="1969-07-20T20:17Z"):
    """(view before, events, view after) of every step of a random game that ends a round."""
    s = pt.new_game(players, seed, start)
    rng = random.Random(seed)
    out = []
    while not s.is_over:
        before = s.view(0)
        s.apply(rng.choice(s.legal_actions()))
        if has_board_events(s.last_events):
            # as the page gets them: through JSON (seat keys become strings)
            out.append((before, json.loads(json.dumps(s.last_events)), s.view(0)))
    return out


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 7), (4, 2)])
def test_frames_go_from_the_board_before_to_the_board_after(players, seed):
    steps = round_end_steps(players, seed)
    assert len(steps) >= 5
    for before, events, after in steps:
        final = scene_of(after)
        fs = frames(final, events, SEATS, players, scene_of(before)["event"])
        assert fs, events
        first, last = fs[0].scene, fs[-1].scene
        start = scene_of(before)
        # planets and the Comet start where the player last saw them, and end where they are
        assert {p: c % 12 for p, c in first["planets"].items()} == start["planets"]
        assert first["comet"] % 12 == start["comet"] and first["comet_steps"] == start["comet_steps"]
        assert same_board(last, final)
        assert last["event"] == final["event"] or after["is_over"]
        if any(e["type"] == "round_end" for e in events):
            assert first["event"] == before["event"]
            kinds = [f.kind for f in fs]
            assert kinds[0] == "start" and kinds.count("planet_move") == sum(
                e["type"] == "planet_move" for e in events)
            assert kinds.count("comet_step") == sum(len(e["path"]) for e in events if e["type"] == "comet_move")
        # bodies only ever move clockwise, one constellation per frame
        for a, b in zip(fs, fs[1:]):
            for p in a.scene["planets"]:
                assert b.scene["planets"][p] - a.scene["planets"][p] in (0, 1)
            assert b.scene["comet"] - a.scene["comet"] in (0, 1)


def test_sweep_frames_mark_then_remove_the_tokens():
    s = build(2, planets={"Sol": "Leo", "Luna": "Virgo", "Mercurius": "Cancer", "Venus": "Gemini",
                          "Mars": "Sagittarius", "Iupiter": "Pisces", "Saturnus": "Capricornus"},
              comet="Aries", comet_start="Taurus", comet_steps=11, tokens={0: {"Taurus": 1}, 1: {"Libra": 2}},
              event="Sol-Luna-Mars", event_deck=["Mercurius-Venus-Iupiter"], turn=3, k=1, hands={0: [], 1: []})
    s.apply(DRAW)          # the round ends: the Comet goes Aries -> Taurus and sweeps it
    s.apply(DRAW)
    events = s.last_events
    sweep = [e for e in events if e["type"] == "sweep"]
    assert sweep and sweep[0]["at"] == "Taurus"
    fs = frames(scene_of(s.view(0)), events, SEATS, 2, "Sol-Luna-Mars")
    marked = [f for f in fs if f.kind == "sweep"][0]
    gone = [f for f in fs if f.kind == "swept"][0]
    assert (0, "Taurus") in marked.scene["leaving"] and marked.scene["tokens"][0].get("Taurus") == 1
    assert "Taurus" not in gone.scene["tokens"][0]
    assert "The Comet sweeps the tokens on Taurus" in marked.caption


def test_eclipsis_frames_and_log():
    s = build(2, hands={0: ["Leo", "Aries", "Virgo"], 1: ["Leo", "Pisces", "Virgo"]}, event="Sol-Luna-Mars",
              event_deck=["Eclipsis", "Venus-Mars-Saturnus"], turn=3, k=1, tokens={0: {"Aquarius": 1}})
    before = s.view(0)
    s.apply(DRAW)
    s.apply(DRAW)
    events = s.last_events
    fs = frames(scene_of(s.view(0)), events, SEATS, 2, before["event"])
    captions = [f.caption for f in fs]
    assert "Eclipsis!" in captions
    assert any("Eclipsis: tokens on Aquarius go home" == c for c in captions)
    assert fs[-1].scene["event"] == "Eclipsis"
    lines = [text for _, text in describe_log(events, SEATS)]
    assert any(text.startswith("Eclipsis!") for text in lines)
    # after the discards, the next card is revealed: frames again, from the Eclipsis
    while s.stack and s.stack[-1][0] == "eclipsis":
        s.apply(s.legal_actions()[0])
    events = s.last_events
    fs = frames(scene_of(s.view(0)), events, SEATS, 2, "Eclipsis")
    assert fs and fs[0].scene["event"] == "Eclipsis" and fs[-1].scene["event"] == "Venus-Mars-Saturnus"


def test_pisces_to_aries_keeps_going_clockwise():
    s = build(2, planets={"Sol": "Pisces", "Luna": "Virgo", "Mercurius": "Cancer", "Venus": "Gemini",
                          "Mars": "Sagittarius", "Iupiter": "Leo", "Saturnus": "Capricornus"},
              comet="Taurus", event="Sol-Luna-Mars", turn=3, k=1, hands={0: [], 1: []})
    s.apply(DRAW)
    s.apply(DRAW)
    fs = frames(scene_of(s.view(0)), s.last_events, SEATS, 2, "Sol-Luna-Mars")
    sol = [f.scene["planets"]["Sol"] for f in fs]
    assert sol[0] == CONST_INDEX["Pisces"] and sol[-1] == 12        # 11 -> 12, not 11 -> 0


@pytest.mark.parametrize("players,seed", [(1, 3), (2, 3), (4, 5)])
def test_every_event_has_words(players, seed):
    s = pt.new_game(players, seed, "1969-07-20T20:17Z")
    rng = random.Random(seed)
    kinds = set()
    while not s.is_over:
        s.apply(rng.choice(s.legal_actions()))
        for e in json.loads(json.dumps(s.last_events)):
            lines = describe(e, SEATS[:players])
            assert lines and all(kind != "other" and text and "{" not in text for kind, text in lines), e
            kinds.add(e["type"])
    assert {"draw", "round_end", "planet_move", "comet_move", "reveal", "new_round", "game_over"} <= kinds


def test_start_scene_undoes_a_sweep():
    final = {"planets": {"Sol": 0}, "comet": 5, "comet_steps": 3, "tokens": [{}, {"Leo": 1}], "event": "X",
             "event_deck_count": 3, "round": 4, "turn": 1, "first_player": 1, "leaving": [], "focus": []}
    events = [{"type": "round_end", "round": 3}, {"type": "comet_move", "path": ["Leo", "Virgo"]},
              {"type": "sweep", "at": "Virgo", "tokens": {"0": 2}, "why": "comet"},
              {"type": "reveal", "card": "X"}, {"type": "new_round", "round": 4, "first": 1}]
    start = start_scene(final, events, 2, "Y")
    assert start["tokens"][0] == {"Virgo": 2} and start["comet"] == 3 and start["comet_steps"] == 1
    assert start["round"] == 3 and start["first_player"] == 0 and start["turn"] == 3
    assert start["event_deck_count"] == 4 and start["event"] == "Y"


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 7), (4, 2)])
def test_the_comets_steps_name_every_constellation_it_passes_as_the_log_does(players, seed):
    """Play-test 7 #11: the end of round 1 said "The Comet passes Gemini: a planet is there" while the
    log said "The Comet moves past Taurus and Gemini to Cancer". R15: one step, then on past every
    constellation holding a planet. Each step names all it has passed so far; the last is the log's."""
    jumps = 0
    for before, events, after in round_end_steps(players, seed):
        fs = frames(scene_of(after), events, SEATS, players, scene_of(before)["event"])
        comet = [f.caption for f in fs if f.kind == "comet_step"]
        for e in (e for e in events if e["type"] == "comet_move"):
            path = e["path"]
            steps, comet = comet[:len(path)], comet[len(path):]
            for j, caption in enumerate(steps[:-1]):
                assert all(c in caption for c in path[:j + 1]) and path[-1] not in caption, (caption, path)
            assert steps[-1] + "." == describe(e, SEATS)[0][1], (steps, path)
            jumps += len(path) > 1
    assert jumps, "no Comet passed a planet in these games"


def test_the_comets_captions_in_words():
    from ptolemaeus_ui.animate import comet_caption

    path = ["Taurus", "Gemini", "Cancer"]
    assert [comet_caption(path, j) for j in range(3)] == [
        "The Comet passes Taurus: a planet is there",
        "The Comet passes Taurus and Gemini: a planet is on each",
        "The Comet moves past Taurus and Gemini to Cancer"]
    assert comet_caption(["Leo"], 0) == "The Comet moves to Leo"
