"""One contract, every game (issue 10, issue 16): each check runs on every game of
``games.GAMES`` and every player count it supports, over random positions.

Replays, byte-exact JSON round trips, independent clones, every illegal action
refused unchanged (Hypothesis), determinizations that keep the observer's view
and are possible worlds, a spectator's view that leaks nothing, the undo barrier,
bots of every level in slices, invariants after every step (conftest), and
saves of garbage refused with the game's InvalidState only.
"""

from __future__ import annotations

import json
import os
import random
from typing import Any

import pytest
from games import GAMES  # type: ignore[import-not-found]
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support import CASES, playthroughs  # type: ignore[import-not-found]

from gamekit import game as gk

# Derandomized (the same examples every run) unless CONFORMANCE_RANDOM=1, for long exploring runs.
SETTINGS = settings(max_examples=int(os.environ.get("CONFORMANCE_EXAMPLES", "60")), deadline=None,
                    derandomize=os.environ.get("CONFORMANCE_RANDOM") != "1",
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

BAD_SCALARS = st.one_of(
    st.floats(allow_nan=False, allow_infinity=False), st.booleans(), st.none(), st.text(max_size=4),
    st.integers(min_value=10 ** 18, max_value=10 ** 80), st.integers(max_value=-1, min_value=-(10 ** 80)),
    st.integers(0, 20),
)
BAD_VALUES = st.one_of(BAD_SCALARS, st.lists(BAD_SCALARS, max_size=3), st.tuples(st.tuples(st.integers(0, 5))),
                       st.dictionaries(st.text(max_size=3), BAD_SCALARS, max_size=2))


def strict_equal(a: Any, b: Any) -> bool:
    """Equal with the same types all the way down (True != 1, 3.0 != 3 here)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, tuple | list):
        return len(a) == len(b) and all(strict_equal(x, y) for x, y in zip(a, b))
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(strict_equal(a[k], b[k]) for k in a)
    return bool(a == b)


def positions(key: str, players: int) -> list[Any]:
    return [s for p in playthroughs(key, players) for s in p.states]


def all_positions() -> list[tuple[str, int, int]]:
    return [(key, players, i) for key, players in CASES for i in range(len(positions(key, players)))]


def jsonable(value: Any) -> Any:
    return json.loads(json.dumps(value))


# ============================================================ replay & JSON

def test_seed_and_actions_replay_the_exact_state(case):
    rules, games = case
    for p in games:
        assert rules.state_to_json(rules.replay(p.setup, p.actions)) == rules.state_to_json(p.final)


def test_json_round_trip_is_byte_for_byte(case):
    rules, games = case
    for p in games:
        for s in p.states + [p.final]:
            text = rules.state_to_json(s)
            again = rules.state_from_json(text)
            assert rules.state_to_json(again) == text
            assert rules.legal_actions(again) == rules.legal_actions(s)
            assert rules.current_player(again) == rules.current_player(s)
        for data in p.actions:
            action = rules.action_from_json(jsonable(data))
            assert rules.action_to_json(action) == data


def test_clone_is_independent(case):
    rules, games = case
    rng = random.Random(1)
    for p in games:
        for s in p.states:
            if rules.is_over(s):
                continue
            before = rules.state_to_json(s)
            c = rules.clone(s)
            assert rules.state_to_json(c) == before
            rules.apply(c, rng.choice(rules.legal_actions(c)))
            assert rules.state_to_json(s) == before
            c2 = rules.clone(s)
            rules.apply(s, rng.choice(rules.legal_actions(s)))
            assert rules.state_to_json(c2) == before
            s2 = rules.state_from_json(before)            # put the sample back as it was
            assert rules.state_to_json(s2) == before
            p.states[p.states.index(s)] = s2


def _public_containers(value: Any, seen: set[int]) -> list[Any]:
    """Every list, dict and set reachable from ``value`` through containers and the public
    attributes (no leading ``_``: a private cache may be shared on purpose) of objects."""
    if id(value) in seen or isinstance(value, str | bytes | int | float | type(None)):
        return []
    seen.add(id(value))
    found: list[Any] = [value] if isinstance(value, list | dict | set) else []
    if isinstance(value, dict):
        inner: list[Any] = list(value.values())
    elif isinstance(value, list | tuple | set | frozenset):
        inner = list(value)
    else:
        names = [n for cls in type(value).__mro__ for n in getattr(cls, "__slots__", ())]
        names += list(getattr(value, "__dict__", {}))
        inner = [getattr(value, n) for n in names if not n.startswith("_") and hasattr(value, n)]
    for item in inner:
        found += _public_containers(item, seen)
    return found


def test_a_clones_containers_are_its_own(case):
    """Whatever changes a clone's lists and dicts in place (a view's code, a tool, a bot's
    rollout) leaves the original's save as it was: in a game and in a bot's world."""
    rules, games = case
    rng = random.Random(5)
    for p in games:
        for s in p.states[:4]:
            worlds = [] if rules.is_over(s) else [rules.determinize(s, 0, rng)]
            for original in [s, *worlds]:
                before = rules.state_to_json(rules.clone(original))   # (a world's save is worked out once)
                c = rules.clone(original)
                for box in _public_containers(c, set()):
                    if isinstance(box, list):
                        box.append(box[0] if box else 99)
                    elif isinstance(box, dict):
                        box["tampered"] = 99
                    else:
                        box.add(99)
                assert rules.state_to_json(original) == before


def test_scores_returns_and_the_end(case):
    rules, games = case
    for p in games:
        s = p.final
        n = p.setup["players"]
        assert len(rules.scores(s)) == n and len(rules.returns(s)) == n
        if rules.is_over(s):
            assert rules.current_player(s) is None and rules.legal_actions(s) == []
            assert all(0.0 <= r <= 1.0 for r in rules.returns(s)) and sum(rules.returns(s)) <= 1.0 + 1e-9


# ======================================================== illegal actions

def mutants(action: Any, value: Any, index: int) -> list[Any]:
    """``action`` with one element (or one element of a nested tuple) replaced by ``value``."""
    out = []
    if isinstance(action, tuple):
        items = list(action)
        if items:
            i = index % len(items)
            inner = items[i]
            for new in ([value] + ([tuple(value if j == index % len(inner) else x for j, x in enumerate(inner))]
                                   if isinstance(inner, tuple) and inner else [])):
                copy = items[:]
                copy[i] = new
                try:
                    out.append(type(action)(*copy) if hasattr(action, "_fields") else tuple(copy))
                except TypeError:
                    pass
    out += [value, (value,), [action]]
    return out


def assert_refused(rules: Any, state: Any, action: Any) -> None:
    before = rules.state_to_json(state)
    with pytest.raises(ValueError) as exc:
        rules.apply(state, action)
    assert isinstance(exc.value, gk.GameError), f"{type(exc.value).__name__} is not a coded GameError"
    assert exc.value.code
    assert rules.state_to_json(state) == before


@pytest.mark.parametrize("key,players", CASES, ids=[f"{k}-{p}p" for k, p in CASES])
@SETTINGS
@given(data=st.data())
def test_every_illegal_action_is_refused_and_changes_nothing(key, players, data):
    rules = GAMES[key]()
    states = [s for s in positions(key, players) if not rules.is_over(s)]
    state = rules.clone(data.draw(st.sampled_from(states), label="position"))
    legal = rules.legal_actions(state)
    action = data.draw(st.sampled_from(legal), label="legal action")
    value = data.draw(BAD_VALUES, label="value")
    for bad in mutants(action, value, data.draw(st.integers(0, 6), label="index")):
        if any(strict_equal(bad, a) for a in legal):
            continue
        assert_refused(rules, state, bad)
        assert_written_strictly(rules, bad)
    # ... and through JSON: a legal action's JSON with one field spoilt
    js = rules.action_to_json(action)
    field = data.draw(st.sampled_from(sorted(js) + ["extra"]), label="field")
    spoilt = dict(js, **{field: value})
    try:
        parsed = rules.action_from_json(jsonable(spoilt) if _jsonable(spoilt) else spoilt)
    except ValueError as e:
        assert isinstance(e, gk.GameError) and e.code
        return
    if not any(strict_equal(parsed, a) for a in legal):
        assert_refused(rules, state, parsed)
    else:       # accepted and legal: it must save as it was read
        assert rules.action_from_json(jsonable(rules.action_to_json(parsed))) == parsed


def assert_written_strictly(rules: Any, action: Any) -> None:
    """``action_to_json`` of a value of the game's action type with a field that is none of the
    game's (an index out of range, a float, a bool): IllegalAction, or JSON that reads back as
    exactly that action (the way out as strict as the way in: no IndexError, no JSON of another)."""
    if rules.action_type is None or not isinstance(action, rules.action_type):
        return
    try:
        data = rules.action_to_json(action)
    except ValueError as e:
        assert isinstance(e, gk.IllegalAction) and e.code, f"{type(e).__name__} is not IllegalAction"
        return
    assert strict_equal(rules.action_from_json(jsonable(data)), action)


def _jsonable(value: Any) -> bool:
    try:
        json.dumps(value)
        return True
    except (TypeError, ValueError):
        return False


@pytest.mark.parametrize("data", [None, [], {}, "x", 7, {"kind": None}, {"kind": ["a"]}, [{"kind": "x"}],
                                  {"kind": "x" * 10_000}])
def test_action_from_json_of_garbage_is_a_coded_refusal(game_rules, data):
    with pytest.raises(ValueError) as exc:
        game_rules.action_from_json(data)
    assert isinstance(exc.value, gk.GameError) and exc.value.code


@pytest.mark.parametrize("value", [None, "x", 7, True, {"kind": "pass"}, ("play",), [0]])
def test_action_to_json_of_what_is_not_an_action_is_a_coded_refusal(game_rules, value):
    """The way out is as strict as the way in: only the game's own action values are written."""
    with pytest.raises(ValueError) as exc:
        game_rules.action_to_json(value)
    assert isinstance(exc.value, gk.IllegalAction) and exc.value.code


# =============================================== hidden information (R17)

def test_determinize_keeps_the_observers_view_and_is_a_possible_world(case):
    """Issue 16: the invariants hold, a game not over stays not over (nobody at the
    winning score), the world saves and loads, and the observer sees the same."""
    rules, games = case
    rng = random.Random(7)
    for p in games:
        for s in p.states:
            for observer in range(p.setup["players"]):
                for _ in range(3):
                    d = rules.determinize(s, observer, rng)
                    assert jsonable(rules.view(d, observer)) == jsonable(rules.view(s, observer))
                    rules.check_invariants(d)
                    assert rules.is_over(d) == rules.is_over(s)
                    text = rules.state_to_json(d)
                    assert rules.state_to_json(rules.state_from_json(text)) == text
                    assert rules.legal_actions(d) == rules.legal_actions(s) or rules.current_player(s) != observer


def test_the_spectators_view_leaks_nothing(case):
    """view(None) depends on public information only: any determinization (for any
    observer) gives the same spectator's view."""
    rules, games = case
    rng = random.Random(3)
    for p in games:
        for s in p.states + [p.final]:
            spectator = jsonable(rules.view(s, None))
            if not rules.is_over(s):
                for observer in range(p.setup["players"]):
                    assert jsonable(rules.view(rules.determinize(s, observer, rng), None)) == spectator


@pytest.mark.parametrize("seat", ["0", -1, 4, 1.0, True, [0], 10 ** 30])
def test_a_bad_seat_for_view_is_a_coded_refusal(game_rules, seat):
    s = game_rules.new_state(game_rules.random_setup(random.Random(1), game_rules.min_players))
    with pytest.raises(ValueError) as exc:
        game_rules.view(s, seat)
    assert isinstance(exc.value, gk.GameError) and exc.value.code


def test_the_undo_barrier_is_consistent(case):
    """An action that reveals nothing (``reveals_hidden`` false) has the same result for
    its player in every world that player cannot rule out: undoing it can hide nothing."""
    rules, games = case
    rng = random.Random(11)
    for p in games:
        for s in p.states:
            if rules.is_over(s):
                continue
            seat = rules.current_player(s)
            for action in rng.sample(rules.legal_actions(s), min(4, len(rules.legal_actions(s)))):
                real = rules.clone(s)
                rules.apply(real, action)
                if rules.reveals_hidden(real):
                    continue
                for _ in range(2):
                    world = rules.determinize(s, seat, rng)
                    rules.apply(world, action)
                    assert jsonable(rules.view(world, seat)) == jsonable(rules.view(real, seat)), (
                        f"{action} showed seat {seat} something hidden but reveals_hidden() is false")


# ===================================================================== bots

def test_bots_of_every_level_return_legal_actions_in_slices(case):
    rules, games = case
    rng = random.Random(5)
    states = [s for p in games for s in p.states if not rules.is_over(s)]
    for s in rng.sample(states, min(3, len(states))):
        seat = rules.current_player(s)
        for level in rules.bot_levels:
            before = rules.state_to_json(s)
            search = rules.bot_search(s, seat, level, rng.randrange(1000))
            assert isinstance(search, gk.BotSearch)
            slices = 0
            while not search.step(0.01):
                slices += 1
                assert slices < 2000, f"{level} never finishes"
            assert search.result() in rules.legal_actions(s)
            assert rules.state_to_json(s) == before        # the search never touched the real game


# ============================================================ saves: garbage

GARBAGE = ["[" * 100_000, "{" * 50 + "}" * 50, '{"a": ' + "9" * 5000 + "}", "", "{", "null", "[]", "7",
           '"text"', "{}", '{"a": NaN}', "[1, 2, 3]", "\x00", "\ud800"]


@pytest.mark.parametrize("text", GARBAGE, ids=range(len(GARBAGE)))
def test_state_from_json_of_garbage_is_the_games_invalid_state(game_rules, text):
    with pytest.raises(gk.InvalidState):
        game_rules.state_from_json(text)


def paths(value: Any, prefix: tuple = ()) -> list[tuple]:
    """Every place in a JSON value (keys of dicts, indices of lists)."""
    out = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            out += paths(v, prefix + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += paths(v, prefix + (i,))
    return out


def replace(value: Any, path: tuple, new: Any) -> Any:
    if not path:
        return new
    head, rest = path[0], path[1:]
    if isinstance(value, dict):
        return {**value, head: replace(value[head], rest, new)}
    copy = list(value)
    copy[head] = replace(copy[head], rest, new)
    return copy


def play_to_the_end(rules: Any, state: Any, rng: random.Random) -> None:
    for _ in range(2000):
        if rules.is_over(state):
            break
        rules.check_invariants(state)
        rules.apply(state, rng.choice(rules.legal_actions(state)))
        text = rules.state_to_json(state)
        assert rules.state_to_json(rules.state_from_json(text)) == text
    assert rules.is_over(state), "an accepted save never finished"


@pytest.mark.parametrize("key,players", CASES, ids=[f"{k}-{p}p" for k, p in CASES])
@SETTINGS
@given(data=st.data())
def test_mutated_saves_are_refused_or_playable_to_the_end(key, players, data):
    """Field by field mutations of valid saves (tampered pending decisions included, when
    the position has some): the game's InvalidState, or a state that plays to the end and
    saves and loads identically all along."""
    rules = GAMES[key]()
    state = data.draw(st.sampled_from(positions(key, players)), label="position")
    saved = json.loads(rules.state_to_json(state))
    where = data.draw(st.sampled_from(paths(saved)), label="path")
    kind = data.draw(st.sampled_from(["value", "delete", "nudge"]), label="how")
    if kind == "delete" and where:
        parent = replace(saved, (), saved)
        target = parent
        for k in where[:-1]:
            target = target[k]
        if isinstance(target, dict):
            mutated = replace(saved, where[:-1], {k: v for k, v in target.items() if k != where[-1]})
        else:
            mutated = replace(saved, where[:-1], [v for i, v in enumerate(target) if i != where[-1]])
    elif kind == "nudge":
        old = saved
        for k in where:
            old = old[k]
        new = old + data.draw(st.sampled_from([-1, 1, 2]), label="delta") if type(old) is int else not old \
            if type(old) is bool else data.draw(BAD_VALUES, label="value")
        mutated = replace(saved, where, new)
    else:
        mutated = replace(saved, where, data.draw(BAD_VALUES, label="value"))
    try:
        text = json.dumps(mutated)
    except (TypeError, ValueError):
        return
    try:
        loaded = rules.state_from_json(text)
    except gk.InvalidState as e:
        assert e.code
        return
    again = rules.state_to_json(loaded)
    assert rules.state_to_json(rules.state_from_json(again)) == again
    rules.check_invariants(loaded)
    play_to_the_end(rules, loaded, random.Random(data.draw(st.integers(0, 100), label="seed")))


def test_the_suite_covers_every_game_and_player_count():
    assert {k for k, _ in CASES} == set(GAMES) and len(GAMES) >= 2
    for key, cls in GAMES.items():
        assert issubclass(cls, gk.Rules)
        assert {p for k, p in CASES if k == key} == set(range(cls.min_players, cls.max_players + 1))
