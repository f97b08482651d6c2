"""Property-based tests of the storage boundary (issue 16), with Hypothesis.

Generated storage contents — arbitrary keys under the prefix (and the old
``ptolemaeus.`` prefix, and other sites'), arbitrary strings, deeply nested JSON,
numbers Python refuses, valid saves mutated field by field, truncated writes —
sit beside a few good saves.  The boot path (settings, the current game, the
list of saved games, the bad saves, loading every listed game) must

* raise nothing: every problem is a coded ``Problem`` whose code is a text of the page;
* never lose a good save: each still lists and loads byte for byte;
* never delete a bad entry: every value stored under ``game.``/``bad.``/other keys
  is still in storage afterwards (moved aside at most), byte for byte;
* report each bad entry once: a second boot meets no problem.

``make test`` runs a bounded number of examples (a few seconds); ``make fuzz``
sets ``STORAGE_FUZZ_EXAMPLES`` (100,000) and prints the figures (docs/storage.md).
"""

from __future__ import annotations

import datetime as dt
import json
import os
import random
import time

from hypothesis import HealthCheck, given, settings, strategies as st

from app.i18n import APP
from app.session import Session, default_seats
from app.storage import MemoryStorage, Problem, SaveStore
from shellgame import TallySpec

SPEC = TallySpec()
GAMES = {SPEC.key: SPEC}
T0 = dt.datetime(2025, 3, 1, 12, 0, tzinfo=dt.UTC)
EXAMPLES = int(os.environ.get("STORAGE_FUZZ_EXAMPLES", "0")) or None
FIGURES: dict[str, list[float]] = {}


def fuzz_settings(default: int):
    return settings(max_examples=EXAMPLES or default, deadline=None, database=None,
                    suppress_health_check=list(HealthCheck))


def _session(seed: int, moves: int) -> Session:
    kinds = ("human", "bot", "human")[: 1 + seed % 3]
    s = Session.start(SPEC, {"players": len(kinds), "seed": seed}, default_seats(SPEC, kinds), now=T0,
                      rng=random.Random(seed))
    rng = random.Random(seed)
    for _ in range(moves):
        if s.over:
            break
        s.apply(rng.choice(SPEC.legal_actions(s.state)), now=T0)
    return s


GOOD = [_session(seed, moves) for seed, moves in ((11, 0), (12, 5), (13, 17), (14, 400))]
BASES = [json.loads(s.to_json()) for s in GOOD]

# ------------------------------------------------------------------ strategies

any_text = st.text(st.characters(codec=None, categories=None), max_size=60)
json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats(allow_nan=False, allow_infinity=False)
    | any_text,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(any_text, inner, max_size=4),
    max_leaves=12)
hostile_texts = st.sampled_from([
    "[" * 100_000, '{"a":' * 20_000, "[" * 65 + "]" * 65, "9" * 5000, '{"n": ' + "1" * 4301 + "}",
    '{"format": "boardgame-session", "version": 1e999}', "NaN", '{"x": Infinity}', "\ud800", "\x00", "",
    " ", "null", "true", "[]", "{}", '"str"', "0", "-", '{"format": "boardgame-session"}',
])


def paths(value, prefix=()):
    """Every path (tuple of keys/indexes) into a JSON value."""
    yield prefix
    if isinstance(value, dict):
        for k, v in value.items():
            yield from paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from paths(v, (*prefix, i))


@st.composite
def mutated_saves(draw) -> str:
    """A valid save with one field (at any depth) replaced by another value, deleted, or the text cut off."""
    base = json.loads(json.dumps(draw(st.sampled_from(BASES))))
    how = draw(st.sampled_from(["replace", "delete", "truncate", "bool-int", "swap-id"]))
    text = json.dumps(base, ensure_ascii=False)
    if how == "truncate":
        return text[: draw(st.integers(0, len(text) - 1))]
    if how == "swap-id":
        base["id"] = draw(any_text)
        return json.dumps(base, ensure_ascii=False)
    all_paths = [p for p in paths(base) if p]
    path = draw(st.sampled_from(all_paths))
    parent = base
    for step in path[:-1]:
        parent = parent[step]
    last = path[-1]
    if how == "delete":
        del parent[last]
    elif how == "bool-int" and type(parent[last]) is int:
        parent[last] = bool(parent[last] % 2) if draw(st.booleans()) else float(parent[last])
    else:
        parent[last] = draw(json_values | st.just([[[[]]]]))
    return json.dumps(base, ensure_ascii=False)


values = st.one_of(any_text, hostile_texts, json_values.map(json.dumps), mutated_saves())
suffixes = st.one_of(
    st.sampled_from(["current", "settings", "game.", "bad.", "", "game", "bad.20250301T120000000000Z"]),
    st.builds(lambda kind, rest: kind + rest, st.sampled_from(["game.", "bad.", "", "x."]), any_text))
keys = st.builds(lambda prefix, suffix: prefix + suffix,
                 st.sampled_from(["ludus.", "ludus.", "ptolemaeus.", "other."]), suffixes)
contents = st.dictionaries(keys, values, max_size=8)


def good_items() -> dict[str, str]:
    return {f"ludus.game.{s.id}": s.to_json() for s in GOOD}


def boot(store: SaveStore) -> list[Problem]:
    """What the page does with storage when it starts and shows the new-game screen."""
    problems: list[Problem] = []
    store.load_settings()
    loaded = store.load_current()
    problems += [loaded.problem] if loaded.problem is not None and loaded.problem.code != "storage.not_found" else []
    games, listed = store.saved_games()
    problems += listed
    for game in games:
        got = store.load(game.id)
        if got.problem is not None:
            problems.append(got.problem)
        else:
            assert got.session.to_json() == store.storage.items[game.key]
    store.bad_saves()
    problems += store.take_problems()
    return problems


def check_problem(problem: Problem) -> None:
    assert isinstance(problem, Problem) and APP.has(problem.code), problem
    for value in problem.params.values():
        if isinstance(value, Problem):
            check_problem(value)
    assert problem.text()


def kept(items: dict[str, str]) -> list[str]:
    """The values that must never disappear: everything but the pointer and old settings."""
    out = []
    for key, value in items.items():
        for prefix in ("ludus.", "ptolemaeus."):
            if key.startswith(prefix):
                rest = key[len(prefix):]
                if rest == "current" or (rest == "settings" and prefix == "ptolemaeus."):
                    break
                if rest == "settings" and value.strip() == "":
                    break
                out.append(value)
                break
        else:
            out.append(value)                             # another site's: untouched
    return out


@fuzz_settings(150)
@given(contents)
def test_no_storage_contents_break_the_boot_or_lose_a_save(generated):
    generated = {k: v for k, v in generated.items() if k not in good_items()}
    items = {**generated, **good_items()}
    storage = MemoryStorage(items)
    store = SaveStore(storage, GAMES, prefix="ludus.", clock=lambda: T0)
    started = time.perf_counter()
    problems = boot(store)
    FIGURES.setdefault("boot", []).append(time.perf_counter() - started)
    for problem in problems:
        check_problem(problem)
    for s in GOOD:                                        # every good save still lists and loads
        assert storage.items[f"ludus.game.{s.id}"] == s.to_json()
        assert store.load(s.id).session.to_json() == s.to_json()
    remaining = list(storage.items.values())
    for value in kept(items):                             # nothing deleted, byte for byte
        assert value in remaining or value == ""
    again = SaveStore(storage, GAMES, prefix="ludus.", clock=lambda: T0)
    assert boot(again) == []                              # reported once


@fuzz_settings(100)
@given(st.sampled_from(GOOD), mutated_saves())
def test_a_mutated_save_loads_or_is_explained_and_kept(good, text):
    store = SaveStore(MemoryStorage({f"ludus.game.{good.id}": good.to_json(), "ludus.game.m": text,
                                     "ludus.current": "m"}), GAMES, prefix="ludus.", clock=lambda: T0)
    loaded = store.load_current()
    if loaded.session is not None:                        # it is still a valid save of game "m"
        assert loaded.session.id == "m"
        again = Session.from_json(loaded.session.to_json(), GAMES)
        assert again.to_json() == loaded.session.to_json()
    else:
        check_problem(loaded.problem)
        assert store.storage.items[loaded.aside] == text
    assert store.load(good.id).session.to_json() == good.to_json()


actions = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 10) | st.floats(-3, 10) | st.sampled_from(["play", "draw", "end"]),
    lambda inner: st.tuples(inner) | st.tuples(inner, inner) | st.lists(inner, max_size=3), max_leaves=4)


@fuzz_settings(100)
@given(st.integers(0, 2**20), st.lists(st.tuples(st.booleans(), actions), max_size=30))
def test_whatever_a_session_accepts_saves_and_loads_again_byte_for_byte(seed, tries):
    """A session is handed legal actions and generated look-alikes (bools, floats, nested tuples...):
    whatever it accepts, its save loads again and writes the same bytes."""
    s = _session(seed, 0)
    rng = random.Random(seed)
    for legal_twin, action in tries:
        if s.over:
            break
        if legal_twin:                                    # a legal action, its numbers as bool/float
            pick = rng.choice(SPEC.legal_actions(s.state))
            action = tuple(type(action)(x) if isinstance(action, (bool, float)) and type(x) is int
                           and (type(action) is not bool or x in (0, 1)) else x for x in pick)
        before = s.to_json()
        try:
            s.apply(action, now=T0)
        except ValueError:
            assert s.to_json() == before                  # refused: nothing changed
            continue
        text = s.to_json()
        assert Session.from_json(text, GAMES).to_json() == text


def teardown_module() -> None:
    times = FIGURES.get("boot")
    if EXAMPLES and times:
        times.sort()
        print(f"\nstorage fuzz: {len(times)} boots, median {times[len(times) // 2] * 1000:.2f} ms, "
              f"max {times[-1] * 1000:.1f} ms")
