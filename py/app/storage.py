"""Saved games and settings in the browser's storage: hostile input behind one boundary (pure, CPython-tested).

Works over any object with the ``localStorage`` methods ``getItem(key)``
(a str or None), ``setItem(key, value)``, ``removeItem(key)``, ``key(i)`` and
``length``: the page hands it ``window.localStorage`` (through a thin adapter,
``app.shell.BrowserStorage``), the tests a fake.  Keys (``prefix`` is
``"ludus."``; the origin may be shared with other sites, as on
``<user>.github.io``)::

    <prefix>current          id of the game on screen
    <prefix>game.<id>        one session (app.session) per game, unfinished or finished
    <prefix>bad.<stamp>      an entry that could not be used, kept aside byte for byte
    <prefix>settings         {"bot_speed": "watchable", "confirm": "on", "lang": "de"} (no "lang" until one is chosen)
    <prefix>held             the move held for Confirm, held again after a reload (app.host)

**Storage is hostile input** (other sites of the origin, extensions, older
releases, a half-finished write): every read goes through :meth:`SaveStore.read`,
which returns an :class:`Entry` holding either a checked value or a coded
:class:`Problem`, never raises, and parses only within bounds
(``gamekit.safejson``: size, nesting depth, number length).  A bad entry is
moved aside byte for byte (copied to ``bad.*`` first, removed from its key only
once the copy is written) and so reported once; every other save still lists
and loads.

**Migration**: the keys of an older release (``app.site.LEGACY_STORAGE_PREFIXES``) are copied to the
current prefix, verified, then removed (:meth:`SaveStore.migrate`, run before
the first read; idempotent, safe when interrupted; a copy that fails leaves the
old key where it is).

**Atomic saves**: a save is one ``setItem`` of its own key (the Web Storage
spec makes each ``setItem`` all or nothing), then the ``current`` pointer; an
interruption between keys leaves the old save or the new one loadable, never
neither.  A failing ``setItem`` (storage full, refused) raises
:class:`StorageError`.  Details and the codes: ``docs/storage.md``.
"""

from __future__ import annotations

import datetime as _dt
import json
import traceback
from dataclasses import dataclass, field
from collections.abc import Callable
from typing import Any, Generic, TypeVar

from app import site
from app.games import Games
from app.i18n import LANGUAGES, t
from app.session import SaveError, Session, describe
from app.savejson import JSONProblem, parse
from gamekit import safejson

__all__ = ["StorageError", "GameInUse", "SaveConflict", "MemoryStorage", "SaveStore", "Loaded", "Entry", "Problem", "SavedGame",
           "DEFAULT_SETTINGS", "SETTING_CHOICES", "LEGACY_PREFIXES", "MAX_SAVE_CHARS", "MAX_SETTINGS_CHARS",
           "MAX_ID_CHARS", "MAX_KEYS"]

DEFAULT_SETTINGS = {"bot_speed": "watchable", "confirm": "on", "sound": "off"}   # issue 17: confirm on, sounds off
SETTING_CHOICES = {"bot_speed": ("instant", "watchable", "slow"), "lang": LANGUAGES, "confirm": ("on", "off"),
                   "sound": ("on", "off")}
LEGACY_PREFIXES = site.LEGACY_STORAGE_PREFIXES   # the prefixes older releases used, per current prefix
MAX_SAVE_CHARS = safejson.MAX_BYTES             # a long game's save is well under 1 MB
MAX_SETTINGS_CHARS = 10_000
MAX_ID_CHARS = 100                               # ids are ~15 characters (app.session.new_id)
MAX_KEYS = 100_000                               # storage.length beyond this is not believed

T = TypeVar("T")


class StorageError(Exception):
    """Writing to storage failed; ``str(error)`` is for the player."""


class GameInUse(StorageError):
    """Another tab plays this game (``SaveStore.may_change`` said no): it is not deleted."""


class SaveConflict(StorageError):
    """Another tab changed this save since this tab read or wrote it: not overwritten."""


class Problem(str):
    """A coded problem met in storage: ``code`` (a key of ``app/lang``) and ``params``.

    It *is* its text in the language current when it was made (so that a shell
    showing strings keeps working); :meth:`text` translates it again.  A param
    that is itself a Problem is translated with it."""

    code: str
    params: dict[str, Any]

    def __new__(cls, code: str, **params: Any) -> Problem:
        self = super().__new__(cls, _translate(code, params))
        self.code = code
        self.params = params
        return self

    def text(self) -> str:
        """The problem in the current language."""
        return _translate(self.code, self.params)

    def __reduce__(self):  # pragma: no cover - pickling keeps code and params
        return (_problem, (self.code, self.params))


def _problem(code: str, params: dict[str, Any]) -> Problem:
    return Problem(code, **params)


def _translate(code: str, params: dict[str, Any]) -> str:
    return t(code, **{k: (v.text() if isinstance(v, Problem) else v) for k, v in params.items()})


class MemoryStorage:
    """A ``localStorage`` stand-in kept in memory (tests; browsers that refuse storage).

    ``quota`` (characters of keys + values) makes ``setItem`` throw as a full
    browser storage does."""

    def __init__(self, items: dict[str, str] | None = None, quota: int | None = None):
        self.items: dict[str, str] = dict(items or {})
        self.quota = quota

    @property
    def length(self) -> int:
        return len(self.items)

    def key(self, i: int) -> str | None:
        keys = list(self.items)
        return keys[i] if 0 <= i < len(keys) else None

    def getItem(self, key: str) -> str | None:  # noqa: N802 - the Web Storage names
        return self.items.get(key)

    def setItem(self, key: str, value: str) -> None:  # noqa: N802
        value = str(value)
        if self.quota is not None:
            used = sum(len(k) + len(v) for k, v in self.items.items() if k != key)
            if used + len(key) + len(value) > self.quota:
                raise MemoryError("QuotaExceededError: the quota has been exceeded")
        self.items[key] = value

    def removeItem(self, key: str) -> None:  # noqa: N802
        self.items.pop(key, None)


@dataclass
class Entry(Generic[T]):
    """What the boundary read from ``key``: a ``value``, nothing (``missing``), or a ``problem``
    (then ``aside`` is where the entry was moved, or ``key`` itself if it could not be moved)."""

    key: str
    value: T | None = None
    problem: Problem | None = None
    aside: str | None = None

    @property
    def missing(self) -> bool:
        return self.value is None and self.problem is None


@dataclass
class Loaded:
    """What loading a save gave: a session, or a problem for the player (and where the bad save went)."""

    session: Session | None = None
    problem: Problem | None = None
    aside: str | None = None


@dataclass
class SavedGame:
    id: str
    text: str            # "<title>: You, Bot 2 – 12 moves"
    updated: str
    over: bool
    key: str = field(repr=False, default="")
    game: str = ""       # the game's key when the catalog knows it (the lobby's "Continue")


def _stamp(now: _dt.datetime | None = None) -> str:
    """The UTC second, as the name of an entry kept aside shows it to the player (two in the same
    second are told apart by a counter: :meth:`SaveStore.put_aside`)."""
    now = now or _dt.datetime.now(_dt.UTC)
    return now.astimezone(_dt.UTC).strftime("%Y%m%dT%H%M%SZ")


# ------------------------------------------------------------------ checks (parsed JSON -> value)


def check_settings(data: Any) -> dict:
    """The settings: every known key valid (a value not offered is dropped); JSONProblem if not an object."""
    if not isinstance(data, dict):
        raise JSONProblem("save.settings_shape")
    settings = dict(DEFAULT_SETTINGS)
    for key, choices in SETTING_CHOICES.items():
        value = data.get(key)
        if isinstance(value, str) and value in choices:
            settings[key] = value
    return settings


def check_listing(data: Any) -> dict:
    """Enough of a save to list it without replaying it (a JSON object)."""
    if not isinstance(data, dict):
        raise JSONProblem("save.not_a_save")
    return data


# ------------------------------------------------------------------ the store


class SaveStore:
    def __init__(self, storage: Any, games: Games, prefix: str = site.STORAGE_PREFIX,
                 clock: Callable[[], _dt.datetime] | None = None, legacy: tuple[str, ...] | None = None):
        self.storage = storage
        self.games = games
        self.prefix = prefix
        self.clock = clock or (lambda: _dt.datetime.now(_dt.UTC))
        self.legacy = tuple(p for p in (LEGACY_PREFIXES.get(prefix, ()) if legacy is None else legacy)
                            if p != prefix)
        self.problems: list[Problem] = []     # met while reading, not yet shown (take_problems)
        self.known: dict[str, str] = {}       # game id -> the text this tab last read or wrote there
        # May this tab delete the game with this id?  The page: only while it holds the game's lock
        # (app.tabs.GameTab.holds), so a tab never deletes the game another tab plays.
        self.may_change: Callable[[str], bool] = lambda game_id: True
        self._migrated = False

    # ---- keys

    @property
    def current_key(self) -> str:
        return self.prefix + "current"

    @property
    def settings_key(self) -> str:
        return self.prefix + "settings"

    def game_key(self, game_id: str) -> str:
        return f"{self.prefix}game.{game_id}"

    def keys(self, prefix: str | None = None) -> list[str]:
        """Every key under ``prefix`` (ours by default); [] if the storage can't be listed."""
        self._ensure_migrated()
        return self._keys(self.prefix if prefix is None else prefix)

    def _keys(self, prefix: str) -> list[str]:
        try:
            n = self.storage.length
            if type(n) is not int:
                n = int(n)
            n = max(0, min(n, MAX_KEYS))
            found = [self.storage.key(i) for i in range(n)]
        except Exception:  # noqa: BLE001 - storage disabled: nothing to list
            return []
        return [k for k in found if isinstance(k, str) and k.startswith(prefix)]

    # ---- raw access (never raises but for StorageError from _set)

    def _get(self, key: str) -> str | None:
        try:
            value = self.storage.getItem(key)
        except Exception:  # noqa: BLE001 - storage disabled
            return None
        return value if isinstance(value, str) else None

    def _set(self, key: str, value: str, what: str) -> None:
        """``setItem``; StorageError if it fails (``what``: "game", "bad" or "settings", for the message)."""
        try:
            self.storage.setItem(key, value)
        except Exception as e:  # noqa: BLE001 - QuotaExceededError, SecurityError...
            full = "quota" in str(e).lower() or "full" in str(e).lower()
            text = t(f"storage.full.{what}") if full else t(f"storage.refused.{what}", error=e)
            raise StorageError(text) from e

    def _remove(self, key: str) -> None:
        try:
            self.storage.removeItem(key)
        except Exception:  # noqa: BLE001
            pass

    # ---- THE boundary

    def read(self, key: str, check: Callable[[Any], T], *, max_chars: int = MAX_SAVE_CHARS,
             parse_text: bool = True, aside: bool = True) -> Entry[T]:
        """Read ``key``: its text parsed within bounds (``parse_text``) and given to ``check``, which returns
        the value or raises.  Never raises: a failure of any kind becomes ``Entry.problem`` (code
        ``storage.bad.entry`` with the reason's code and params), and the entry is moved aside
        (``aside``) byte for byte, so that it is reported once and blocks nothing."""
        self._ensure_migrated()
        text = self._get(key)
        if text is None:
            return Entry(key)
        try:
            if len(text) > max_chars:     # before anything looks at it
                raise JSONProblem("save.too_large", count=len(text))
            value = check(parse(text, max_chars) if parse_text else text)
        except (SaveError, JSONProblem) as e:
            reason = _reason(e)
        except Exception as e:  # noqa: BLE001 - RecursionError, a game's bug...: never break the page
            traceback.print_exc()
            reason = Problem("save.unexpected", error=f"{type(e).__name__}: {str(e)[:200]}")
        else:
            return Entry(key, value=value)
        if not aside:
            return Entry(key, problem=reason, aside=key)
        moved = self.put_aside(key, text)
        where = Problem("storage.bad.aside", key=moved) if moved else Problem("storage.bad.stuck", key=key)
        return Entry(key, problem=Problem(self._bad_code(key), reason=reason, where=where), aside=moved or key)

    def _bad_code(self, key: str) -> str:
        if key == self.settings_key:
            return "storage.bad.settings"
        if key.startswith(self.prefix + "game."):
            return "storage.bad"
        return "storage.bad.entry"

    def read_json(self, name: str, check: Callable[[Any], T], *, max_chars: int = MAX_SAVE_CHARS) -> Entry[T]:
        """A later feature's entry ``<prefix><name>`` through the boundary (a problem is also kept for
        :meth:`take_problems`)."""
        entry = self.read(self.prefix + name, check, max_chars=max_chars)
        if entry.problem is not None:
            self.problems.append(entry.problem)
        return entry

    def write_json(self, name: str, text: str) -> None:
        """Write a later feature's entry ``<prefix><name>`` (one ``setItem``, all or nothing;
        StorageError if the browser refuses it)."""
        self._set(self.prefix + name, text, "entry")

    def remove_json(self, name: str) -> None:
        """Remove a later feature's entry ``<prefix><name>`` (the player deleted what it belongs to)."""
        self._remove(self.prefix + name)

    def take_problems(self) -> list[Problem]:
        """The problems met outside ``load``/``saved_games`` (settings, migration) not shown yet; shown once."""
        found, self.problems = self.problems, []
        return found

    # ---- games

    def save(self, session: Session) -> None:
        """Write ``session`` under its own key, then make it the current game (StorageError if that fails).

        One ``setItem`` per key: interrupted between the two, the previous current game still
        loads and this one is listed and loads too.  Compare-and-set: if another tab wrote this
        game since this store read or wrote it, :class:`SaveConflict` and nothing is written."""
        self._ensure_migrated()
        what = "game"
        key, text = self.game_key(session.id), session.to_json()
        known, stored = self.known.get(session.id), self._get(key)
        if known is not None and stored is not None and stored not in (known, text):
            raise SaveConflict(t("tabs.changed"))
        self._set(key, text, what)
        self.known[session.id] = text
        if self._get(self.current_key) != session.id:
            self._set(self.current_key, session.id, what)

    def changed_elsewhere(self, game_id: str) -> bool:
        """Does the save of ``game_id`` differ from what this store last read or wrote there (another tab)?"""
        stored = self._get(self.game_key(game_id))
        return stored is not None and stored != self.known.get(game_id)

    def stored_save(self, game_id: str) -> str | None:
        """The text stored as the save of ``game_id`` (None: there is none), for Import to tell the same
        save from another with its id; StorageError (its text the browser's reason) when the storage
        refuses to be read, so that Import says so rather than fail with only a console error."""
        try:
            value = self.storage.getItem(self.game_key(game_id))
        except Exception as e:  # noqa: BLE001 - a SecurityError, a storage gone...
            raise StorageError(str(e) or type(e).__name__) from e
        return value if isinstance(value, str) else None

    def saved(self, game_id: str) -> bool:
        """Is there a save of ``game_id``?  Only a look (nothing read through the boundary): for a
        notice about the game, which goes once it is deleted (``app.notices``)."""
        return self._get(self.game_key(game_id)) is not None

    def unfinished_game(self, game_id: str) -> str | None:
        """The game key of the save of ``game_id`` if it is a known game not yet over, else None: a
        replay link's way back to the game being played.  Read without replaying it and never moved
        aside (loading it does that, and says why)."""
        data = self.read(self.game_key(game_id), check_listing, aside=False).value
        key = data.get("game") if data is not None and data.get("over") is not True else None
        return key if isinstance(key, str) and self.games.get(key) is not None else None

    def current_id(self) -> str | None:
        self._ensure_migrated()
        value = self._get(self.current_key)
        if not value or len(value) > MAX_ID_CHARS:
            return None
        return value

    def clear_current(self) -> None:
        self._remove(self.current_key)

    def load_current(self) -> Loaded:
        """The game on screen at the last visit (Loaded() if there is none)."""
        game_id = self.current_id()
        if game_id is None:
            junk = self._get(self.current_key)
            if junk:                                      # not an id of ours: kept aside, as anything bad
                if self.put_aside(self.current_key, junk) is None:
                    self.clear_current()
            return Loaded()
        loaded = self.load(game_id)
        if loaded.session is None:
            self.clear_current()
        return loaded

    def load(self, game_id: str) -> Loaded:
        """The saved game ``game_id``; a save that can't be used is moved aside and explained."""
        key = self.game_key(game_id)

        def check(data: Any) -> Session:
            session = Session.from_data(data, self.games)
            if session.id != game_id:
                raise JSONProblem("storage.bad.misfiled")
            return session

        entry = self.read(key, check)
        if entry.missing:
            return Loaded(problem=Problem("storage.not_found"))
        if entry.value is not None:
            self.known[game_id] = self._get(key) or ""
        return Loaded(session=entry.value, problem=entry.problem, aside=entry.aside)

    def put_aside(self, key: str, text: str) -> str | None:
        """Copy ``text`` to a new ``bad.*`` key, then remove ``key``; the new key, or None if the copy failed."""
        stamp = _stamp(self.clock())
        aside = f"{self.prefix}bad.{stamp}"
        n = 1
        while self._get(aside) is not None:
            n += 1
            aside = f"{self.prefix}bad.{stamp}-{n:03d}"   # padded: newest first by name
        try:
            self._set(aside, text, "bad")
        except StorageError:
            return None
        if self._get(aside) != text:      # a copy that did not take: keep the original
            return None
        if key != aside:
            self._remove(key)
        return aside

    def bad_saves(self) -> list[tuple[str, str]]:
        """(key, text) of every entry kept aside, newest first."""
        out = []
        for key in self.keys(self.prefix + "bad."):
            out.append((key, self._get(key) or ""))
        return sorted(out, reverse=True)

    def saved_games(self) -> tuple[list[SavedGame], list[Problem]]:
        """Every saved game, newest first (read without replaying), and the problems met
        (a save that isn't even a readable JSON object is moved aside)."""
        games, problems = [], []
        start = self.prefix + "game."
        for key in self.keys(start):
            game_id = key[len(start):]

            def listing(data: Any, game_id: str = game_id, key: str = key) -> SavedGame:
                data = check_listing(data)
                spec = self.games.get(data.get("game")) if isinstance(data.get("game"), str) else None
                updated = data.get("updated")
                return SavedGame(id=game_id, text=describe(data, spec),
                                 updated=updated if isinstance(updated, str) else "",
                                 over=data.get("over") is True, key=key,
                                 game=data["game"] if spec is not None else "")

            entry = self.read(key, listing)
            if entry.problem is not None:
                problems.append(entry.problem)
            elif entry.value is not None:
                games.append(entry.value)
        games.sort(key=lambda g: g.updated, reverse=True)
        return games, problems

    def forget(self, game_id: str) -> None:
        """Delete a saved game (the player asked to); :class:`GameInUse` and nothing deleted if this tab
        may not change it (another tab plays it: ``may_change``)."""
        if not self.may_change(game_id):
            raise GameInUse(t("tabs.in_use"))
        self.known.pop(game_id, None)
        self._remove(self.game_key(game_id))
        if self.current_id() == game_id:
            self.clear_current()

    def forget_bad(self, key: str) -> None:
        if key.startswith(self.prefix + "bad."):
            self._remove(key)

    def forget_finished(self, keep: str | None = None) -> None:
        """Delete finished games except ``keep`` (done when another game starts: they are over)."""
        games, _problems = self.saved_games()
        for game in games:
            if game.over and game.id != keep:
                self._remove(game.key)

    # ---- settings

    def load_settings(self) -> dict:
        """The settings, every key valid (defaults for anything missing); unreadable settings are
        moved aside and their problem kept for :meth:`take_problems`."""
        entry = self.read(self.settings_key, check_settings, max_chars=MAX_SETTINGS_CHARS)
        if entry.problem is not None:
            self.problems.append(entry.problem)
        return entry.value if entry.value is not None else dict(DEFAULT_SETTINGS)

    def save_settings(self, settings: dict) -> None:
        clean = {k: settings[k] for k in SETTING_CHOICES
                 if isinstance(settings.get(k), str) and settings[k] in SETTING_CHOICES[k]}
        self._set(self.settings_key, json.dumps(clean, sort_keys=True), "settings")

    # ---- migration from an older release's prefix

    def _ensure_migrated(self) -> None:
        if not self._migrated:
            self._migrated = True
            self.problems.extend(self.migrate())

    def migrate(self) -> list[Problem]:
        """Move every key of an older release (its prefix in ``self.legacy``) to the same name under our prefix:
        copy, verify, then remove the old key.  Idempotent and safe when interrupted anywhere (a key
        is removed only once an identical copy is in place); a failed copy leaves the old key.
        When both names hold different texts (an old release's tab went on playing), neither is
        lost: the one that does not load, or else the old one, is kept aside."""
        self._migrated = True
        problems: list[Problem] = []
        for old_prefix in self.legacy:
            failed = 0
            for old_key in self._keys(old_prefix):
                rest = old_key[len(old_prefix):]
                new_key = self.prefix + rest
                value = self._get(old_key)
                if value is None:
                    continue
                have = self._get(new_key)
                if have == value:
                    self._remove(old_key)
                elif have is None:
                    try:
                        self._set(new_key, value, "game")
                    except StorageError:
                        failed += 1
                        continue
                    if self._get(new_key) == value:
                        self._remove(old_key)
                    else:
                        failed += 1
                elif rest in ("current", "settings"):
                    self._remove(old_key)         # ours were written later, by this release
                else:
                    problems.extend(self._migrate_conflict(old_key, value, new_key, have))
            if failed:
                problems.append(Problem("storage.migrate.failed", count=failed))
        return problems

    def _migrate_conflict(self, old_key: str, old: str, new_key: str, new: str) -> list[Problem]:
        if new_key.startswith(self.prefix + "game.") and not self._loads(new_key[len(self.prefix + "game."):], new) \
                and self._loads(new_key[len(self.prefix + "game."):], old):
            kept = self.put_aside(new_key, new)       # ours is damaged, the old one loads: it takes the name
            if kept is None:
                return [Problem("storage.migrate.failed", count=1)]
            try:
                self._set(new_key, old, "game")
            except StorageError:
                return [Problem("storage.migrate.failed", count=1)]
            if self._get(new_key) == old:
                self._remove(old_key)
            return [Problem("storage.migrate.conflict", key=kept)]
        kept = self.put_aside(old_key, old)
        return [Problem("storage.migrate.conflict", key=kept or old_key)]

    def _loads(self, game_id: str, text: str) -> bool:
        try:
            return Session.from_data(parse(text), self.games).id == game_id
        except Exception:  # noqa: BLE001 - anything wrong: does not load
            return False


def _reason(error: Exception) -> Problem:
    """The coded reason of a refused entry (a SaveError without a code keeps its text)."""
    code = getattr(error, "code", None)
    if isinstance(code, str) and code.startswith(("save.", "storage.")):
        return Problem(code, **dict(getattr(error, "params", None) or {}))
    return Problem("save.reason", text=str(error))
