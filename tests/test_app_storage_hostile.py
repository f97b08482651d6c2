"""Storage is hostile input (issue 16): each reproduced way of bricking the page, as a test.

Every read of storage goes through ``SaveStore.read`` (one boundary): a value or a
coded ``Problem``, the bad entry moved aside byte for byte, every other save still
listed and loaded.  Driven with Tally (tests/shellgame.py) and, where the bug was
found with it, Ptolemaeus."""

from __future__ import annotations

import datetime as dt
import json
import random

import pytest

from app import i18n
from app.session import SaveError, Session, default_seats
from app.storage import DEFAULT_SETTINGS, MemoryStorage, Problem, SaveStore
from shellgame import TallySpec

SPEC = TallySpec()
GAMES = {SPEC.key: SPEC}
T0 = dt.datetime(2025, 3, 1, 12, 0, tzinfo=dt.UTC)
NESTED = "[" * 100_000
HUGE_NUMBER = "9" * 5000


def session(seed: int = 7, moves: int = 6, kinds=("human", "hard")) -> Session:
    s = Session.start(SPEC, {"players": len(kinds), "seed": seed}, default_seats(SPEC, kinds), now=T0,
                      rng=random.Random(seed))
    rng = random.Random(seed)
    for _ in range(moves):
        if s.over:
            break
        s.apply(rng.choice(SPEC.legal_actions(s.state)), now=T0)
    return s


def store_with(items=None) -> tuple[SaveStore, MemoryStorage]:
    storage = MemoryStorage(items)
    return SaveStore(storage, GAMES, prefix="ludus.", clock=lambda: T0), storage


def with_good(extra: dict[str, str]) -> tuple[SaveStore, MemoryStorage, Session]:
    good = session(seed=3)
    store, storage = store_with({f"ludus.game.{good.id}": good.to_json(), **extra})
    return store, storage, good


def assert_kept_aside(storage: MemoryStorage, text: str) -> str:
    keys = [k for k, v in storage.items.items() if k.startswith("ludus.bad.") and v == text]
    assert len(keys) == 1, "the bad entry must be kept aside byte for byte"
    return keys[0]


def assert_good_still_there(store: SaveStore, good: Session) -> None:
    games, _ = store.saved_games()
    assert good.id in [g.id for g in games]
    loaded = store.load(good.id)
    assert loaded.problem is None and loaded.session.to_json() == good.to_json()


# ------------------------------------------------------------------ deeply nested JSON


def test_a_deeply_nested_current_save_is_a_coded_problem_not_a_recursion_error():
    store, storage, good = with_good({"ludus.current": "deep", "ludus.game.deep": NESTED})
    loaded = store.load_current()                       # was: RecursionError
    assert loaded.session is None
    assert isinstance(loaded.problem, Problem) and loaded.problem.code == "storage.bad"
    assert loaded.problem.params["reason"].code == "save.too_deep"
    assert "nested too deeply" in loaded.problem
    assert_kept_aside(storage, NESTED)
    assert "ludus.current" not in storage.items and "ludus.game.deep" not in storage.items
    assert_good_still_there(store, good)


def test_a_deeply_nested_save_beside_good_ones_does_not_break_the_list():
    store, storage, good = with_good({"ludus.game.deep": NESTED, "ludus.game.deep2": '{"a":' * 50_000})
    games, problems = store.saved_games()               # was: RecursionError
    assert [g.id for g in games] == [good.id]
    assert [p.params["reason"].code for p in problems] == ["save.too_deep"] * 2
    assert_kept_aside(storage, NESTED)
    assert store.saved_games() == ([games[0]], [])      # reported once: moved aside, not met again
    assert_good_still_there(store, good)


@pytest.mark.parametrize("text, code", [(NESTED, "save.too_large"), ("[" * 5000, "save.too_deep")],
                         ids=["100000", "5000"])
def test_deeply_nested_settings_fall_back_to_the_defaults_and_are_reported_once(text, code):
    """Settings are capped at 10,000 characters before anything parses them."""
    store, storage, good = with_good({"ludus.settings": text})
    assert store.load_settings() == DEFAULT_SETTINGS    # was: RecursionError
    problems = store.take_problems()
    assert [p.code for p in problems] == ["storage.bad.settings"]
    assert problems[0].params["reason"].code == code
    assert_kept_aside(storage, text)
    assert store.load_settings() == DEFAULT_SETTINGS and store.take_problems() == []
    assert_good_still_there(store, good)


def test_a_later_feature_reads_through_the_same_boundary():
    store, storage, _good = with_good({"ludus.stats": NESTED, "ludus.prefs": '{"x": 1}'})
    entry = store.read_json("stats", lambda data: data)
    assert entry.value is None and entry.problem.code == "storage.bad.entry"
    assert storage.items[entry.aside] == NESTED
    assert entry.problem.params["reason"].code == "save.too_deep"
    assert store.read_json("prefs", lambda data: data["x"]).value == 1
    assert store.read_json("nothing", lambda data: data).missing
    assert [p.code for p in store.take_problems()] == ["storage.bad.entry"]


# ------------------------------------------------------------------ numbers Python refuses


def test_a_number_of_thousands_of_digits_in_a_save_is_a_coded_problem():
    good = session(seed=3)
    data = json.loads(session(seed=5).to_json())
    text = json.dumps(data).replace('"seed": 5', f'"seed": {HUGE_NUMBER}')
    assert HUGE_NUMBER in text
    store, storage = store_with({f"ludus.game.{good.id}": good.to_json(), f"ludus.game.{data['id']}x": text})
    loaded = store.load(data["id"] + "x")                # was: a plain ValueError (int string limit)
    assert loaded.session is None and loaded.problem.params["reason"].code == "save.number_too_long"
    assert_kept_aside(storage, text)
    assert_good_still_there(store, good)


def test_a_huge_number_in_an_imported_file_is_a_save_error():
    with pytest.raises(SaveError) as caught:
        Session.from_json('{"format": "boardgame-session", "version": ' + HUGE_NUMBER + "}", GAMES)
    assert caught.value.code == "save.number_too_long"


# ------------------------------------------------------------------ default names


def test_a_player_named_player_and_thousands_of_digits_does_not_break_the_list():
    name = "Player " + "1" * 5000
    assert i18n.default_name(name) is None                # was: ValueError from int()
    assert i18n.seat_label(name) == name
    assert i18n.default_name("Player 3") == ("player", 3) and i18n.default_name("Bot 12") == ("bot", 12)
    data = json.loads(session(seed=4).to_json())
    data["seats"][0]["name"] = name
    store, _storage, good = with_good({f"ludus.game.{data['id']}": json.dumps(data)})
    games, problems = store.saved_games()
    assert problems == [] and {g.id for g in games} == {good.id, data["id"]}
    assert any(name[:20] in g.text for g in games)        # listed (the shell shortens a long name)
    loaded = store.load(data["id"])                     # too long a name for a seat: explained, kept
    assert loaded.session is None and "longer than" in loaded.problem


# ------------------------------------------------------------------ what a session accepts saves and loads


@pytest.mark.parametrize("twin", [True, 1.0], ids=["bool", "float"])
def test_an_action_that_only_looks_like_a_legal_one_is_refused_and_changes_nothing(twin):
    # a hand with a 1: ("play", True) == ("play", 1.0) == ("play", 1), but would save as true / 1.0
    s = Session.start(SPEC, {"players": 2, "seed": _seed_with_card_one()}, default_seats(SPEC, ["human"] * 2),
                      now=T0)
    before = s.to_json()
    with pytest.raises(ValueError, match="not a legal action") as caught:
        s.apply(("play", twin), now=T0)                 # was: saved as true, and the save no longer loaded
    assert caught.value.code == "illegal_action" and s.to_json() == before
    s.apply(("play", 1), now=T0)                        # the real one is fine, and saves and loads again
    text = s.to_json()
    assert '"card":1' in text and Session.from_json(text, GAMES).to_json() == text


def _seed_with_card_one() -> int:
    for seed in range(1000):
        s = Session.start(SPEC, {"players": 2, "seed": seed}, default_seats(SPEC, ["human"] * 2), now=T0)
        if 1 in s.state.hands[0]:
            return seed
    raise AssertionError("no seed deals a 1")


def test_a_ptolemaeus_action_with_a_bool_seat_saves_and_loads_again():
    """The bug as found: an action with ``seat=True`` was applied, saved as ``true``, then the save
    no longer loaded.  Now it is refused (nothing changes) and the legal one saves and loads again."""
    from ptolemaeus_ui.spec import PtolemaeusSpec

    spec = PtolemaeusSpec()
    games = {spec.key: spec}
    rng = random.Random(2)
    for seed in range(1, 60):
        s = Session.start(spec, {"players": 2, "seed": seed, "start": "1969-07-20T20:17Z"},
                          default_seats(spec, ["human", "human"]), now=T0, rng=rng)
        for _ in range(400):
            if s.over:
                break
            legal = spec.legal_actions(s.state)
            twins = [a._replace(seat=bool(a.seat)) for a in legal if a.seat in (0, 1)]
            if twins:
                before = s.to_json()
                with pytest.raises(ValueError):
                    s.apply(twins[0], now=T0)
                assert s.to_json() == before
                s.apply(twins[0]._replace(seat=int(twins[0].seat)), now=T0)
                text = s.to_json()
                assert json.loads(text)["actions"][-1]["seat"] in (0, 1) and ":true" not in text
                assert Session.from_json(text, games).to_json() == text
                return
            s.apply(rng.choice(legal), now=T0)
    pytest.fail("no action with a seat of 0 or 1 met")


def test_a_stored_bool_where_an_int_belongs_is_refused_on_load_and_kept_aside():
    good = session(seed=3)
    data = json.loads(session(seed=9, moves=0).to_json())
    s = Session.from_data(data, GAMES)
    first = SPEC.legal_actions(s.state)
    play = next(a for a in first if a[0] == "play")
    data["actions"] = [{"kind": "play", "card": float(play[1])}]
    text = json.dumps(data)
    store, storage = store_with({f"ludus.game.{good.id}": good.to_json(), f"ludus.game.{data['id']}": text})
    loaded = store.load(data["id"])
    assert loaded.session is None and "move 1 cannot be read" in loaded.problem
    assert_kept_aside(storage, text)
    assert_good_still_there(store, good)


def test_an_action_that_would_not_load_again_is_refused_before_anything_changes():
    class Lossy(TallySpec):
        def action_to_json(self, action):                # forgets the card: would replay another action
            return {"kind": action[0]} if action[0] != "play" else {"kind": "play", "card": 0}

    spec = Lossy()
    s = Session.start(spec, {"players": 1, "seed": 2}, default_seats(spec, ["human"]), now=T0)
    before = s.to_json()
    play = next(a for a in spec.legal_actions(s.state) if a[0] == "play")
    with pytest.raises(ValueError, match="would not save and load again"):
        s.apply(play, now=T0)
    assert s.to_json() == before


# ------------------------------------------------------------------ anything a game raises is a problem


def test_a_game_that_crashes_on_a_save_is_a_problem_not_a_crash():
    class Crashing(TallySpec):
        def new_state(self, setup):
            raise RecursionError("the game's own bug")

    bad = session(seed=4)
    store = SaveStore(MemoryStorage({f"ludus.game.{bad.id}": bad.to_json(), "ludus.current": bad.id}),
                      {"tally": Crashing()}, prefix="ludus.", clock=lambda: T0)
    loaded = store.load_current()
    assert loaded.session is None and loaded.problem.code == "storage.bad"
    assert store.storage.items[loaded.aside] == bad.to_json()


def test_storage_that_throws_on_every_read_lists_nothing_and_loads_nothing():
    class Hostile:
        length = property(lambda self: 1 / 0)

        def key(self, i):
            raise RuntimeError("no")

        def getItem(self, key):  # noqa: N802
            raise RuntimeError("SecurityError")

        def setItem(self, key, value):  # noqa: N802
            raise RuntimeError("SecurityError")

        def removeItem(self, key):  # noqa: N802
            raise RuntimeError("SecurityError")

    store = SaveStore(Hostile(), GAMES, prefix="ludus.")
    assert store.saved_games() == ([], [])
    assert store.load_current().session is None
    assert store.load_settings() == DEFAULT_SETTINGS
    assert store.bad_saves() == []


def test_a_problem_is_translated_again_in_the_language_shown():
    store, _storage, _good = with_good({"ludus.current": "deep", "ludus.game.deep": NESTED})
    problem = store.load_current().problem
    try:
        i18n.set_language("de")
        assert problem.text() != str(problem) and "verschachtelt" in problem.text()
    finally:
        i18n.set_language("en")
