"""Saved games and settings in the browser's storage (pure logic, tested under CPython).

Works over any object with the ``localStorage`` methods ``getItem(key)``
(a str or None), ``setItem(key, value)``, ``removeItem(key)``, ``key(i)`` and
``length``: the page hands it ``window.localStorage`` (through a thin adapter,
``app.shell.BrowserStorage``), the tests a fake.  Keys (``prefix`` is e.g.
``"ptolemaeus."``; the origin may be shared with other sites, as on
``<user>.github.io``)::

    <prefix>current          id of the game on screen
    <prefix>game.<id>        one session (app.session) per game, unfinished or finished
    <prefix>bad.<stamp>      a save that could not be used, kept aside byte for byte
    <prefix>settings         {"bot_speed": "watchable", "lang": "de"} (no "lang" until one is chosen)

Nothing is deleted or overwritten behind the player's back: a damaged save
is moved aside (copied to ``bad.*`` first; removed from its key only once the
copy is written), an unfinished game stays under its own key when another
starts, and a failing ``setItem`` (storage full, storage disabled) raises
:class:`StorageError` with a message for the player.
"""

from __future__ import annotations

import datetime as _dt
import json
from dataclasses import dataclass, field
from typing import Any
from collections.abc import Callable

from app.games import GameSpec
from app.i18n import LANGUAGES, t
from app.session import SaveError, Session, describe

__all__ = ["StorageError", "MemoryStorage", "SaveStore", "Loaded", "DEFAULT_SETTINGS", "SETTING_CHOICES"]

DEFAULT_SETTINGS = {"bot_speed": "watchable"}
SETTING_CHOICES = {"bot_speed": ("instant", "watchable"), "lang": LANGUAGES}


class StorageError(Exception):
    """Writing to storage failed; ``str(error)`` is for the player."""


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
class Loaded:
    """What loading a save gave: a session, or a problem for the player (and where the bad save went)."""

    session: Session | None = None
    problem: str | None = None
    aside: str | None = None


@dataclass
class SavedGame:
    id: str
    text: str            # "Ptolemaeus: You, Bot 2 – 12 moves"
    updated: str
    over: bool
    key: str = field(repr=False, default="")


def _stamp(now: _dt.datetime | None = None) -> str:
    now = now or _dt.datetime.now(_dt.UTC)
    return now.astimezone(_dt.UTC).strftime("%Y%m%dT%H%M%S%fZ")


class SaveStore:
    def __init__(self, storage: Any, games: dict[str, GameSpec], prefix: str = "ptolemaeus.",
                 clock: Callable[[], _dt.datetime] | None = None):
        self.storage = storage
        self.games = games
        self.prefix = prefix
        self.clock = clock or (lambda: _dt.datetime.now(_dt.UTC))

    # ---- keys

    @property
    def current_key(self) -> str:
        return self.prefix + "current"

    @property
    def settings_key(self) -> str:
        return self.prefix + "settings"

    def game_key(self, game_id: str) -> str:
        return f"{self.prefix}game.{game_id}"

    def keys(self) -> list[str]:
        try:
            n = int(self.storage.length)
            found = [self.storage.key(i) for i in range(n)]
        except Exception:  # noqa: BLE001 - storage disabled: nothing to list
            return []
        return [k for k in found if isinstance(k, str) and k.startswith(self.prefix)]

    # ---- raw access

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

    # ---- games

    def save(self, session: Session) -> None:
        """Write ``session`` under its own key and make it the current game (StorageError if that fails)."""
        what = "game"
        self._set(self.game_key(session.id), session.to_json(), what)
        if self._get(self.current_key) != session.id:
            self._set(self.current_key, session.id, what)

    def current_id(self) -> str | None:
        value = self._get(self.current_key)
        return value or None

    def clear_current(self) -> None:
        self._remove(self.current_key)

    def load_current(self) -> Loaded:
        """The game on screen at the last visit (Loaded() if there is none)."""
        game_id = self.current_id()
        if game_id is None:
            return Loaded()
        loaded = self.load(game_id)
        if loaded.session is None:
            self.clear_current()
        return loaded

    def load(self, game_id: str) -> Loaded:
        """The saved game ``game_id``; a save that can't be used is moved aside and explained."""
        key = self.game_key(game_id)
        text = self._get(key)
        if text is None:
            return Loaded(problem=t("storage.not_found"))
        try:
            session = Session.from_json(text, self.games)
        except SaveError as e:
            return self._bad(key, text, str(e))
        if session.id != game_id:
            return self._bad(key, text, t("storage.bad.misfiled"))
        return Loaded(session=session)

    def _bad(self, key: str, text: str, reason: str) -> Loaded:
        aside = self.put_aside(key, text)
        where = t("storage.bad.aside", key=aside) if aside else t("storage.bad.stuck", key=key)
        return Loaded(problem=t("storage.bad", reason=reason, where=where), aside=aside or key)

    def put_aside(self, key: str, text: str) -> str | None:
        """Copy ``text`` to a new ``bad.*`` key, then remove ``key``; the new key, or None if the copy failed."""
        aside = f"{self.prefix}bad.{_stamp(self.clock())}"
        n = 1
        while self._get(aside) is not None:
            n += 1
            aside = f"{self.prefix}bad.{_stamp(self.clock())}-{n}"
        try:
            self._set(aside, text, "bad")
        except StorageError:
            return None
        if key != aside:
            self._remove(key)
        return aside

    def bad_saves(self) -> list[tuple[str, str]]:
        """(key, text) of every save kept aside, newest first."""
        out = []
        for key in self.keys():
            if key.startswith(self.prefix + "bad."):
                out.append((key, self._get(key) or ""))
        return sorted(out, reverse=True)

    def saved_games(self) -> tuple[list[SavedGame], list[str]]:
        """Every saved game, newest first (read without replaying), and the problems met
        (a save that isn't even readable JSON is moved aside)."""
        games, problems = [], []
        for key in self.keys():
            if not key.startswith(self.prefix + "game."):
                continue
            text = self._get(key) or ""
            try:
                data = json.loads(text)
                if not isinstance(data, dict):
                    raise ValueError("not a save")
            except ValueError:
                problems.append(self._bad(key, text, t("storage.bad.damaged")).problem)
                continue
            game_id = key[len(self.prefix + "game."):]
            spec = self.games.get(data.get("game")) if isinstance(data.get("game"), str) else None
            games.append(SavedGame(id=game_id, text=describe(data, spec), updated=str(data.get("updated", "")),
                                   over=bool(data.get("over")), key=key))
        games.sort(key=lambda g: g.updated, reverse=True)
        return games, problems

    def forget(self, game_id: str) -> None:
        """Delete a saved game (the player asked to)."""
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
        """The settings, every key valid (defaults for anything missing or unreadable)."""
        settings = dict(DEFAULT_SETTINGS)
        text = self._get(self.settings_key)
        try:
            stored = json.loads(text) if text else {}
        except ValueError:
            stored = {}
        if isinstance(stored, dict):
            for key, choices in SETTING_CHOICES.items():
                if stored.get(key) in choices:
                    settings[key] = stored[key]
        return settings

    def save_settings(self, settings: dict) -> None:
        clean = {k: settings[k] for k in SETTING_CHOICES if settings.get(k) in SETTING_CHOICES[k]}
        self._set(self.settings_key, json.dumps(clean, sort_keys=True), "settings")
