"""Bad input, audited: every public entry point of the engine (setup, ``apply``, the JSON of an
action and of a save) refuses a value of the wrong type -- a bool where an int belongs, a
float, None, a huge int, a nested list -- with a GameError subclass, and changes nothing."""

import json
import random

import pytest
from gamekit.game import GameError, IllegalAction, InvalidState, SetupError
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pompeii.actions import KINDS, Action
from pompeii.game import PompeiiRules
from pompeii.state import State

R = PompeiiRules()

junk = st.recursive(
    st.none() | st.booleans() | st.floats() | st.integers(-2 ** 70, 2 ** 70) | st.just(10 ** 400) | st.just(0).map(lambda _: 10 ** 5000)
    | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3),
    max_leaves=8)


def _position(stop_at, players=2, seed=21):
    rng = random.Random(seed)
    s = R.new_state({"players": players, "seed": seed})
    while not R.is_over(s) and len(s.log) < stop_at:
        R.apply(s, rng.choice(R.legal_actions(s)))
    return s


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(["players", "seed", "variant", "first"]), junk)
def test_p1_p28_setup_refuses_a_field_of_the_wrong_type(field, value):
    """P1, P28, PR17: a setup field of any other type or range is a SetupError, never
    another exception and never a game (``first`` may be None: a random first player)."""
    setup = {"players": 3, "seed": 9, "variant": "standard", "first": 1, field: value}
    valid = {"players": lambda v: type(v) is int and 2 <= v <= 4,
             "seed": lambda v: type(v) is int and 0 <= v < 2 ** 63,
             "variant": lambda v: v in ("standard", "dual-vent"),
             "first": lambda v: v is None or (type(v) is int and 0 <= v < 3)}[field]
    try:
        s = R.new_state(setup)
    except SetupError:
        assert not (valid(value) and (field != "players" or value >= 2))
        return
    assert valid(value) and isinstance(s, State)


@settings(max_examples=200, deadline=None)
@given(junk, junk, junk, junk)
def test_p1_state_setup_refuses_anything_but_its_types(players, seed, variant, first):
    try:
        s = State.setup(players, seed, variant, first)
    except SetupError:
        return
    assert type(players) is int and type(seed) is int and isinstance(s, State)


fields = st.fixed_dictionaries({
    "kind": st.sampled_from(KINDS) | junk, "square": junk | st.integers(-2, 80), "to": junk | st.integers(-2, 80),
    "card": junk | st.integers(0, 13), "seat": junk | st.integers(-1, 4),
    "symbol": junk | st.sampled_from(["coin", "mask"]), "gate": junk | st.sampled_from(["G1", "G4"])})


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from([0, 3, 30, 70, 110, 160]), fields)
def test_apply_refuses_an_action_with_fields_of_the_wrong_type_and_changes_nothing(stop_at, f):
    """An ``Action`` built by hand with junk in its fields (bool, float, None, a huge int, a
    nested list) is not legal: IllegalAction, the state unchanged (saved text equal)."""
    s = _position(stop_at)
    a = Action(**f)
    if any(a == b and all(type(x) is type(y) for x, y in zip(a, b, strict=True)) for b in R.legal_actions(s)):
        return
    before = R.state_to_json(s)
    with pytest.raises(IllegalAction):
        R.apply(s, a)
    assert R.state_to_json(s) == before


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(KINDS) | junk, st.sampled_from(["square", "to", "card", "seat", "symbol", "gate"]), junk)
def test_action_from_json_refuses_a_field_of_the_wrong_type(kind, name, value):
    """A JSON action whose field is junk is refused with IllegalAction, or (if it happens to
    be a valid value) is one that round-trips exactly."""
    data = {"kind": kind, name: value}
    try:
        a = R.action_from_json(data)
    except IllegalAction:
        return
    assert R.action_to_json(a) == data or R.action_from_json(R.action_to_json(a)) == a


def _ints_in(snap):
    """Paths to every int of a snapshot: (key,) or (key, index)."""
    out = []
    for k, v in snap.items():
        if type(v) is int:
            out.append((k,))
        elif isinstance(v, list):
            out.extend((k, i) for i, x in enumerate(v) if type(x) is int)
    return out


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from([5, 40, 120]), st.integers(0, 10 ** 6), st.sampled_from(["bool", "float"]))
def test_a_save_with_a_bool_or_float_for_an_int_is_refused(stop_at, pick, how):
    """A save whose state has ``1.0`` or ``true`` where its int 1 stands is tampered (or
    written by something else): InvalidState, although the values compare equal in Python."""
    data = json.loads(R.state_to_json(_position(stop_at, 3, 4)))
    snap = data["state"]
    candidates = [p for p in _ints_in(snap) if how == "float" or _get(snap, p) in (0, 1)]
    path = candidates[pick % len(candidates)]
    v = _get(snap, path)
    _set(snap, path, float(v) if how == "float" else bool(v))
    with pytest.raises(InvalidState):
        R.state_from_json(json.dumps(data))


def _get(snap, path):
    return snap[path[0]] if len(path) == 1 else snap[path[0]][path[1]]


def _set(snap, path, value):
    if len(path) == 1:
        snap[path[0]] = value
    else:
        snap[path[0]][path[1]] = value


@settings(max_examples=100, deadline=None)
@given(junk)
def test_view_determinize_and_bot_search_refuse_junk_seats(seat):
    """``view``, ``determinize`` and ``bot_search`` take a seat: junk is a GameError (and a
    real seat works), never another exception."""
    s = _position(10)
    real = type(seat) is int and 0 <= seat < 2
    if real or seat is None:
        assert R.view(s, seat)["hand"] == (None if seat is None else sorted(s.hands[seat]))
    else:
        with pytest.raises(GameError):
            R.view(s, seat)
    if real:
        assert R.determinize(s, seat, random.Random(1)).n == 2
    else:
        with pytest.raises(GameError):
            R.determinize(s, seat, random.Random(1))
    if real and seat == R.current_player(s):
        assert R.bot_search(s, seat, "random", 1).run() in R.legal_actions(s)
    else:
        with pytest.raises(GameError):
            R.bot_search(s, seat, "random", 1)


_HUGE = 10 ** 5000          # more digits than Python will turn into text (sys.get_int_max_str_digits)


@pytest.mark.parametrize("call", [
    lambda s: R.apply(s, Action("play", _HUGE, card=3)), lambda s: R.apply(s, Action("play", 24, card=_HUGE)),
    lambda s: R.apply(s, Action(_HUGE)), lambda s: R.action_from_json({"kind": "play", "card": _HUGE}),
    lambda s: R.action_from_json({"kind": "play", "card": 3, "square": [_HUGE, 0]}),
    lambda s: R.action_from_json({"kind": _HUGE}), lambda s: R.action_from_json({"kind": "end", _HUGE: 1}),
    lambda s: R.action_from_json({"kind": "lava", "square": [1, 2], "symbol": _HUGE}),
    lambda s: R.new_state({"players": _HUGE}), lambda s: R.new_state({"players": 2, "seed": _HUGE}),
    lambda s: R.new_state({"players": 2, "variant": _HUGE}), lambda s: R.new_state({"players": 2, "first": _HUGE}),
    lambda s: R.new_state({_HUGE: 1}), lambda s: R.view(s, _HUGE), lambda s: R.determinize(s, _HUGE, random.Random()),
    lambda s: R.bot_search(s, _HUGE, "random", 1), lambda s: R.bot_search(s, 0, _HUGE, 1),
    lambda s: R.action_to_json(_HUGE), lambda s: R.state_from_json(_HUGE),
])
def test_an_int_too_long_to_print_is_refused_with_a_game_error(call):
    """Error messages quote the bad value; an int of more than 4300 digits has no ``repr``
    (a plain ValueError): the messages cut such a value short instead of failing."""
    s = _position(3)
    before = R.state_to_json(s)
    with pytest.raises(GameError):
        call(s)
    assert R.state_to_json(s) == before


def test_scenario_positions_refuse_to_be_saved():
    """A hand-built position (``pompeii.scenario``) is not reachable by its action log: saving
    it is refused (before, it wrote a save that could not be loaded)."""
    from pompeii.scenario import phase1, phase2
    for s in (phase1(), phase1(ad79=1), phase2(citizens={(4, 1): [1, 0]})):
        with pytest.raises(InvalidState) as exc:
            R.state_to_json(s)
        assert exc.value.code == "not_saveable"
        with pytest.raises(InvalidState):
            R.state_to_json(R.determinize(s, 0, random.Random(1)))
