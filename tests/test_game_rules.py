"""``ptolemaeus.game.PtolemaeusRules``: the engine under the shared ``gamekit.game.Rules``
contract (issue 10). The contract's checks over random play are ``tests/conformance``;
here: what is Ptolemaeus' own (setup fields, coded setup errors, bot levels, searches)."""

from __future__ import annotations

import random

import pytest

import ptolemaeus as pt
from gamekit import game as gk
from gamekit.thinking import BotError, SlicedSearch
from ptolemaeus.bots import LEVELS, choose_action
from ptolemaeus.game import APOLLO_11, PtolemaeusRules, PtolemaeusSearch
from ptolemaeus.sky import HISTORIC_DATES, DateError, parse_start
from ptolemaeus_ui.spec import PtolemaeusSpec

RULES = PtolemaeusRules()


def test_the_contract_and_its_levels():
    assert issubclass(PtolemaeusRules, gk.Rules) and issubclass(PtolemaeusSpec, PtolemaeusRules)
    assert RULES.bot_levels == ("random", "easy", "greedy", "normal", "hard")      # weakest first
    assert RULES.default_bot_level == "normal" and set(RULES.bot_levels) == set(LEVELS)
    assert (RULES.min_players, RULES.max_players) == (1, 4)
    # the page's spec keeps the engine's ladder and default (the shell reads default_bot_level)
    assert PtolemaeusSpec.bot_levels == RULES.bot_levels and PtolemaeusSpec.default_bot_level == "normal"


def test_the_start_date_is_a_datetime_setup_field():
    (field,) = RULES.setup_fields()
    assert field == gk.SetupField("start", "datetime", default=APOLLO_11,
                                  choices=tuple(h.when for h in HISTORIC_DATES), allow_now=True)
    assert field.default == "1969-07-20T20:17Z" and field.default in field.choices


@pytest.mark.parametrize("setup, code", [
    ({"players": 0, "seed": 1}, "bad_players"), ({"players": True, "seed": 1}, "bad_players"),
    ({"players": 2.0, "seed": 1}, "bad_players"), ({"players": 5, "seed": 1}, "bad_players"),
    ({"players": 2, "seed": None}, "bad_seed"), ({"players": 2, "seed": 1.5}, "bad_seed"),
    ({"players": 2, "seed": 2 ** 64}, "bad_seed"), ({"players": 2, "seed": False}, "bad_seed"),
    ({"players": 2, "seed": 1, "start": "now"}, "now"), (None, "bad_setup"), ([2, 1], "bad_setup"),
    ({"players": 2, "seed": 1, "strat": "1610-01-07"}, "bad_setup"),    # a typo was Apollo XI's sky, silently
    ({"players": 2, "seed": 1, ("start",): 1}, "bad_setup"),
])
def test_a_bad_setup_is_a_coded_setup_error(setup, code):
    with pytest.raises(gk.SetupError) as exc:
        RULES.new_state(setup)
    assert exc.value.code == code


@pytest.mark.parametrize("start", ["1969-02-30", "soon", "1582-10-10T12:00Z", "12345-01-01", 19690720, None, [1]])
def test_a_bad_date_keeps_the_date_errors_code_and_params(start):
    with pytest.raises(gk.SetupError) as exc:
        RULES.new_state({"players": 2, "seed": 1, "start": start})
    try:
        parse_start(start)
    except DateError as e:
        assert (exc.value.code, exc.value.params) == (e.code, e.params)
    except (TypeError, ValueError):
        assert exc.value.code == "unreadable"


def test_the_spec_says_a_setup_error_in_the_players_language_with_the_same_code():
    with pytest.raises(gk.SetupError) as exc:
        PtolemaeusSpec().new_state({"players": 9, "seed": 1})
    assert exc.value.code == "bad_players" and "1 to 4" in str(exc.value)


def test_replay_names_the_first_illegal_move():
    setup = {"players": 2, "seed": 4, "start": APOLLO_11}
    with pytest.raises(gk.IllegalAction) as exc:
        RULES.replay(setup, [{"kind": "end_turn"}])
    assert exc.value.code == "bad_replay" and exc.value.params["index"] == 1


def test_scores_returns_and_views_through_the_rules():
    s = RULES.new_state({"players": 3, "seed": 2})
    assert RULES.scores(s) == [float(x) for x in s.scores()] and RULES.returns(s) == [0.0] * 3
    assert RULES.view(s, None)["viewer"] is None
    RULES.check_invariants(s)
    s.reserve[0] += 1                                    # a token out of nowhere
    with pytest.raises(AssertionError, match="tokens"):
        RULES.check_invariants(s)


# ------------------------------------------------------------------ bots

def test_bot_search_is_a_sliced_search_that_matches_choose_action():
    s = pt.new_game(3, 6, APOLLO_11)
    rng = random.Random(6)
    for _ in range(4):
        seat = s.current_player
        search = PtolemaeusSearch(s, seat, "easy", 1234, time_limit=False)
        assert isinstance(search, SlicedSearch) and isinstance(search, gk.BotSearch)
        assert search.run(0.005) == choose_action(s, seat, "easy", 1234, budget={"seconds": None})
        s.apply(rng.choice(s.legal_actions()))


def test_a_search_whose_thinker_answers_an_illegal_action_raises_instead_of_guessing(monkeypatch):
    """Issue 10: the old BotSearch silently substituted the first legal action."""
    s = pt.new_game(2, 4, APOLLO_11)
    search = RULES.bot_search(s, s.current_player, "greedy", 1)
    search.step(1.0)
    while not search.step(0.01):
        pass
    monkeypatch.setattr(type(search.thinker), "action", lambda self: pt.Action("skip"))
    with pytest.raises(BotError):
        search.result()


@pytest.mark.parametrize("level, seat", [("expert", "me"), (None, "me"), ("normal", "other"), ("normal", "0"),
                                         ("normal", True), ("normal", 1.0)])
def test_a_search_for_a_bad_level_or_a_seat_not_to_decide_is_refused(level, seat):
    s = pt.new_game(2, 4, APOLLO_11)
    me = s.current_player
    seat = {"me": me, "other": 1 - me}.get(seat, seat)
    with pytest.raises(gk.GameError):
        RULES.bot_search(s, seat, level, 1)


def test_the_time_factor_stretches_the_levels_cap():
    s = pt.new_game(2, 4, APOLLO_11)
    page = PtolemaeusSpec().bot_search(s, s.current_player, "hard", 1)
    cpython = RULES.bot_search(s, s.current_player, "hard", 1)
    assert page._cap == pytest.approx(2 * cpython._cap) and cpython._cap == LEVELS["hard"].seconds
