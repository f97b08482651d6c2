"""The ``ptolemaeus.`` -> ``ludus.`` migration and atomic saves (issue 16), under CPython.

* A localStorage written by the release before the new prefix
  (tests/fixtures/storage-ptolemaeus-release.json) loads with nothing lost.
* The migration copies, verifies, then removes each old key: idempotent, safe when
  interrupted after any storage operation, a failed copy leaves the old key.
* Saves are atomic: failing each ``setItem`` in turn leaves the old or the new save
  loadable, never neither, and every other save still loads."""

from __future__ import annotations

import datetime as dt
import json
import random
from pathlib import Path

import pytest

from app.session import Session, default_seats
from app.storage import MemoryStorage, SaveStore, StorageError
from ptolemaeus_ui.spec import PtolemaeusSpec
from shellgame import TallySpec

FIXTURE = Path(__file__).parent / "fixtures" / "storage-ptolemaeus-release.json"
PTOL = PtolemaeusSpec()
TALLY = TallySpec()
GAMES = {PTOL.key: PTOL, TALLY.key: TALLY}
T0 = dt.datetime(2026, 11, 24, 22, 0, tzinfo=dt.UTC)


def release_items() -> dict[str, str]:
    return json.loads(FIXTURE.read_text(encoding="utf-8"))


def ludus(storage) -> SaveStore:
    return SaveStore(storage, GAMES, prefix="ludus.", clock=lambda: T0, legacy=("ptolemaeus.",))


def renamed(items: dict[str, str]) -> dict[str, str]:
    return {"ludus." + k.removeprefix("ptolemaeus."): v for k, v in items.items()}


# ------------------------------------------------------------------ the release's storage


def test_a_save_written_by_the_current_release_loads_under_the_new_prefix_with_nothing_lost():
    old = release_items()
    storage = MemoryStorage(old)
    store = ludus(storage)
    loaded = store.load_current()
    assert loaded.problem is None and loaded.session is not None
    assert loaded.session.to_json() == old["ptolemaeus.game." + old["ptolemaeus.current"]]
    assert len(loaded.session.actions) == 25 and loaded.session.spec is PTOL
    games, problems = store.saved_games()
    assert problems == [] and sorted(g.key for g in games) == sorted(
        "ludus." + k.removeprefix("ptolemaeus.") for k in old if k.startswith("ptolemaeus.game."))
    for game in games:
        assert store.load(game.id).session.to_json() == old["ptolemaeus." + game.key.removeprefix("ludus.")]
    assert store.load_settings() == {"bot_speed": "instant", "confirm": "on", "lang": "de", "sound": "off"}
    assert [text for _key, text in store.bad_saves()] == [v for k, v in old.items() if ".bad." in k]
    assert storage.items == renamed(old)                # byte for byte, and no old key left
    assert store.take_problems() == []


def test_the_migration_is_idempotent():
    storage = MemoryStorage(release_items())
    ludus(storage).migrate()
    after = dict(storage.items)
    assert ludus(storage).migrate() == []
    assert storage.items == after == renamed(release_items())


def test_other_keys_and_other_sites_are_left_alone():
    items = {**release_items(), "someone.game.1": "x", "ptolemaeusX": "y", "ludusy": "z"}
    storage = MemoryStorage(items)
    ludus(storage).migrate()
    assert {k: storage.items[k] for k in ("someone.game.1", "ptolemaeusX", "ludusy")} == \
        {"someone.game.1": "x", "ptolemaeusX": "y", "ludusy": "z"}


class Crash(BaseException):
    """The tab closed: nothing after this storage operation happens."""


class Interrupted(MemoryStorage):
    """Storage that stops the page (``Crash``) at its ``stop_at``-th change (setItem or removeItem)."""

    def __init__(self, items, stop_at: int):
        super().__init__(items)
        self.stop_at, self.changes = stop_at, 0

    def _tick(self) -> None:
        self.changes += 1
        if self.changes == self.stop_at:
            raise Crash()

    def setItem(self, key, value):  # noqa: N802
        self._tick()
        super().setItem(key, value)

    def removeItem(self, key):  # noqa: N802
        self._tick()
        super().removeItem(key)


def test_a_migration_interrupted_after_any_step_loses_nothing_and_completes_next_time():
    old = release_items()
    steps = len(old) * 2                                  # a copy and a removal per key
    for stop_at in range(1, steps + 1):
        storage = Interrupted(old, stop_at)
        with pytest.raises(Crash):
            ludus(storage).migrate()
        # Every value is somewhere, under its old or its new name, byte for byte.
        for key, value in old.items():
            new = "ludus." + key.removeprefix("ptolemaeus.")
            assert storage.items.get(key) == value or storage.items.get(new) == value, (stop_at, key)
        storage.stop_at = -1                              # the next visit
        store = ludus(storage)
        assert store.load_current().session.to_json() == old["ptolemaeus.game." + old["ptolemaeus.current"]]
        assert storage.items == renamed(old), stop_at
        assert store.take_problems() == []


class FailingSet(MemoryStorage):
    """``setItem`` throws (as a full storage does) on the calls numbered in ``fail``."""

    def __init__(self, items=None, fail=()):
        super().__init__(items)
        self.fail, self.calls = set(fail), 0

    def setItem(self, key, value):  # noqa: N802
        self.calls += 1
        if self.calls in self.fail:
            raise RuntimeError("QuotaExceededError: the quota has been exceeded")
        super().setItem(key, value)


def test_a_failed_copy_keeps_the_old_key_says_so_and_is_tried_again():
    old = release_items()
    for n in range(1, len(old) + 1):
        storage = FailingSet(old, fail={n})
        store = ludus(storage)
        problems = store.migrate()
        assert [p.code for p in problems] == ["storage.migrate.failed"] and problems[0].params["count"] == 1
        left = [k for k in storage.items if k.startswith("ptolemaeus.")]
        assert len(left) == 1 and storage.items[left[0]] == old[left[0]]
        assert ludus(storage).migrate() == []             # space again: the next visit finishes it
        assert storage.items == renamed(old)


def test_a_copy_that_does_not_read_back_keeps_the_old_key():
    class Lying(MemoryStorage):
        def setItem(self, key, value):  # noqa: N802
            super().setItem(key, value[:-1] if key.startswith("ludus.game.") else value)

    old = release_items()
    storage = Lying(old)
    problems = ludus(storage).migrate()
    assert problems and problems[0].code == "storage.migrate.failed"
    for key, value in old.items():
        if key.startswith("ptolemaeus.game."):
            assert storage.items[key] == value


def test_an_old_release_tab_that_went_on_playing_loses_nothing():
    """Both names hold different games: ours stays, the old release's is kept aside and reported."""
    old = release_items()
    storage = MemoryStorage(old)
    store = ludus(storage)
    store.migrate()
    game_id = old["ptolemaeus.current"]
    # The old release, still open in another tab, plays on under its prefix.
    session = Session.from_json(old["ptolemaeus.game." + game_id], GAMES)
    session.apply(PTOL.legal_actions(session.state)[0], now=T0)
    storage.items["ptolemaeus.game." + game_id] = newer = session.to_json()
    storage.items["ptolemaeus.current"] = game_id
    store = ludus(storage)
    assert store.load_current().session.to_json() == old["ptolemaeus.game." + game_id]
    problems = store.take_problems()
    assert [p.code for p in problems] == ["storage.migrate.conflict"]
    assert storage.items[problems[0].params["key"]] == newer
    assert not [k for k in storage.items if k.startswith("ptolemaeus.")]


def test_a_damaged_copy_under_the_new_name_gives_way_to_the_old_save_that_loads():
    old = release_items()
    game_id = old["ptolemaeus.current"]
    key = "ptolemaeus.game." + game_id
    torn = old[key][:100]
    storage = MemoryStorage({**old, "ludus.game." + game_id: torn})
    store = ludus(storage)
    assert store.load_current().session.to_json() == old[key]
    assert [text for _k, text in store.bad_saves()].count(torn) == 1
    assert [p.code for p in store.take_problems()] == ["storage.migrate.conflict"]


# ------------------------------------------------------------------ atomic saves


def tally_game(seed: int, kinds=("human", "bot")) -> Session:
    return Session.start(TALLY, {"players": len(kinds), "seed": seed}, default_seats(TALLY, kinds), now=T0,
                         rng=random.Random(seed))


def scenario(store: SaveStore, record: dict[str, list[str]]) -> None:
    """Play game A a few moves (a save each), start game B, play it, resume A: every save the page
    makes, in order.  ``record[id]`` gets each text the page tried to save."""
    rng = random.Random(4)

    def save(s: Session) -> None:
        record.setdefault(s.id, []).append(s.to_json())
        store.save(s)

    a = tally_game(1)
    save(a)
    for _ in range(4):
        a.apply(rng.choice(TALLY.legal_actions(a.state)), now=T0)
        save(a)
    b = tally_game(2)
    save(b)
    for _ in range(3):
        b.apply(rng.choice(TALLY.legal_actions(b.state)), now=T0)
        save(b)
    save(a)


def test_failing_each_set_item_in_turn_leaves_the_old_or_the_new_save_never_neither():
    counting = FailingSet()
    scenario(ludus(counting), {})
    total = counting.calls
    assert total >= 12
    for n in range(1, total + 1):
        storage = FailingSet(fail={n})
        record: dict[str, list[str]] = {}
        with pytest.raises(StorageError):
            scenario(ludus(storage), record)              # the tab stops at the failure (closed, or full)
        store = ludus(storage)
        games, problems = store.saved_games()
        assert problems == []
        assert {g.id for g in games} == {gid for gid in record if f"ludus.game.{gid}" in storage.items}
        for game_id, texts in record.items():
            stored = storage.items.get(f"ludus.game.{game_id}")
            if stored is None:                            # its very first save failed: nothing was lost
                assert len(texts) == 1
                continue
            # the last text it tried to write, or the one before (the failure), loads
            assert stored in texts[-2:], n
            assert store.load(game_id).session.to_json() == stored
        current = store.load_current()
        assert current.problem is None
        assert current.session is None or current.session.to_json() in record[current.session.id]
        # Space again: the game in memory is saved whole by the next save.


def test_after_a_failed_save_the_next_save_has_every_move():
    storage = FailingSet(fail={3})
    store = ludus(storage)
    a = tally_game(1)
    store.save(a)                                         # setItem 1 (game) and 2 (current)
    a.apply(TALLY.legal_actions(a.state)[0], now=T0)
    with pytest.raises(StorageError):
        store.save(a)                                     # setItem 3 fails: the save before stays
    assert len(json.loads(storage.items[f"ludus.game.{a.id}"])["actions"]) == 0
    a.apply(TALLY.legal_actions(a.state)[0], now=T0)
    store.save(a)
    assert store.load_current().session.to_json() == a.to_json()


def test_the_catalog_declares_the_first_releases_prefix_for_the_migration():
    """The shell names no game: the old prefix (the first release was named after its game) is
    declared by the page's catalog, and the page's store migrates from it."""
    import subprocess
    import sys
    code = ("import catalog; from app import site; from app.storage import MemoryStorage, SaveStore; "
            "print(SaveStore(MemoryStorage(), {}).legacy)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=Path(__file__).resolve().parents[1] / "py", check=True).stdout
    assert out.strip() == "('ptolemaeus.',)"
