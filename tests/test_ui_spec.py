"""PtolemaeusSpec, the game's side of the page contract (py/ptolemaeus_ui/spec.py):
setup, replay, JSON, and bots built only from determinizations (R17)."""

from __future__ import annotations

import json
import random

import pytest

import ptolemaeus as pt
from ptolemaeus.bots import LEVELS, choose_action
from ptolemaeus.sky import HISTORIC_DATES
from ptolemaeus_ui.spec import BotSearch, PtolemaeusSpec
from scenario import build
from test_hidden_info import two_worlds

SPEC = PtolemaeusSpec()


def test_spec_shape():
    assert SPEC.key == "ptolemaeus" and SPEC.min_players == 1 and SPEC.max_players == 4
    assert set(SPEC.bot_levels) == set(LEVELS) and SPEC.bot_levels[-1] == "hard"
    for name in ("setup_fields", "new_state", "replay", "state_to_json", "state_from_json", "action_to_json",
                 "action_from_json", "current_player", "legal_actions", "apply", "reveals_hidden", "is_over",
                 "bot_search", "mount"):
        assert callable(getattr(SPEC, name))
    colours = [c for c, _ in SPEC.seat_colours]
    assert len(set(colours)) == len(colours) >= 4


def test_setup_fields_offer_the_historic_dates():
    (field,) = SPEC.setup_fields()
    assert field["kind"] == "date" and field["key"] == "start"
    assert [v for v, _ in field["choices"]] == [h.when for h in HISTORIC_DATES]
    assert field["default"] == "1969-07-20T20:17Z"
    json.dumps(field)     # plain data


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_new_state_places_the_real_sky(players):
    s = SPEC.new_state({"players": players, "seed": 1, "start": "1969-07-20T20:17Z"})
    assert s.n == players and s.comet == "Aries"
    assert s.planets["Luna"] == "Libra" and s.planets["Saturnus"] == "Taurus"
    if players == 1:
        assert "Maleficus Mars" not in [pt.data.BONUS_TYPES[b] for b in s.bonus_deck]   # R18


def test_new_state_accepts_dates_and_rejects_nonsense_clearly():
    assert SPEC.new_state({"players": 2, "seed": 3, "start": "1610-01-07"}).planets["Iupiter"] == "Gemini"
    for bad, words in ((dict(start="1969-02-30"), "starting date"), (dict(start="soon"), "starting date"),
                       (dict(players=5), "1 to 4"), (dict(seed="x"), "seed"), (dict(start="now"), "now")):
        setup = {"players": 2, "seed": 1, "start": "1969-07-20", **bad}
        with pytest.raises(ValueError, match=words):
            SPEC.new_state(setup)


def test_replay_and_json_round_trips():
    setup = {"players": 3, "seed": 8, "start": "1846-09-23T23:10Z"}
    s = SPEC.new_state(setup)
    rng = random.Random(8)
    actions, events = [], []
    for _ in range(120):
        if SPEC.is_over(s):
            break
        a = rng.choice(SPEC.legal_actions(s))
        data = json.loads(json.dumps(SPEC.action_to_json(a)))
        assert SPEC.action_from_json(data) == a
        events += SPEC.apply(s, a)
        actions.append(data)
        assert isinstance(SPEC.reveals_hidden(s), bool)
    again = SPEC.replay(setup, actions)
    assert SPEC.state_to_json(again) == SPEC.state_to_json(s)
    assert SPEC.state_to_json(SPEC.state_from_json(SPEC.state_to_json(s))) == SPEC.state_to_json(s)
    assert events and all("type" in e for e in events)
    bad = actions[:5] + [{"kind": "end_turn"}] * 3
    with pytest.raises(ValueError, match="Move [0-9]+ of the saved game is not legal"):
        SPEC.replay(setup, bad)


def run(search, slice_seconds=0.01):
    slices = 0
    while not search.step(slice_seconds):
        slices += 1
        assert slices < 10_000
    return search.result(), slices


@pytest.mark.parametrize("level", list(LEVELS))
def test_every_level_gives_a_legal_action_in_slices(level):
    s = pt.new_game(2, 4, "1969-07-20T20:17Z")
    rng = random.Random(4)
    for _ in range(6):
        seat = s.current_player
        a, _ = run(SPEC.bot_search(s, seat, level, 99))
        assert a in s.legal_actions()
        s.apply(a)
        s.apply(rng.choice(s.legal_actions())) if not s.is_over else None


def test_search_runs_in_many_short_slices():
    s = pt.new_game(2, 4, "1969-07-20T20:17Z")
    search = BotSearch(s, s.current_player, "hard", 5, time_limit=False)
    _, slices = run(search, 0.001)
    assert slices > 3 and search.iterations == LEVELS["hard"].iterations


@pytest.mark.parametrize("level", ["random", "greedy", "easy", "normal"])
def test_without_a_time_limit_the_search_matches_choose_action(level):
    s = pt.new_game(3, 6, "1969-07-20T20:17Z")
    rng = random.Random(6)
    for _ in range(5):
        seat = s.current_player
        mine, _ = run(BotSearch(s, seat, level, 1234, time_limit=False), 0.02)
        theirs = choose_action(s, seat, level, 1234, budget={"seconds": None})
        assert mine == theirs
        s.apply(rng.choice(s.legal_actions()))


@pytest.mark.parametrize("level", ["random", "greedy", "easy"])
def test_R17_bots_decide_the_same_whatever_they_cannot_see(level):
    """Two games equal in all seat 0 sees, different in all it does not: the
    bot (searching determinizations only) makes the same choice in both."""
    a, b = two_worlds()
    for seed in (1, 2, 3):
        ra, _ = run(BotSearch(a, 0, level, seed, time_limit=False))
        rb, _ = run(BotSearch(b, 0, level, seed, time_limit=False))
        assert ra == rb


def test_bot_answers_an_opponents_maleficus():
    s = build(2, bonus_hands={0: ["Maleficus Mars"]}, tokens={1: {"Gemini": 1, "Libra": 1}}, hands={0: []})
    s.apply(pt.Action("play", bonus=pt.data.BONUS_INDEX["Maleficus Mars"]))
    a, _ = run(SPEC.bot_search(s, 1, "normal", 1))
    assert a.kind == "retrieve" and a in s.legal_actions()
