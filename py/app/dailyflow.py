"""The daily challenge's flow (browser, issue 14): a day's game started or resumed from ``?daily``,
its sign while it is on screen, its result stored once it is over, and the day's results page.

Apart from ``app.shell`` so that a page's start does not compile it (issue 13: every KB compiled
before the first screen costs ~0.5-1 ms in Pyodide): ``App.daily_flow`` imports it on first use,
which is when a day's challenge is asked for or a stored day's game is on screen (``App.days_stored``
spares a game link both this and ``app.daily``); the results page (``app.dailyui``) only when shown.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from pyscript import window

from app import daily
from app.daily import DailyEntry, DailyError
from app.errors import said_later
from app.games import GameInfo, title_of
from app.i18n import t
from app.session import SaveError, Session, default_seats
from app.storage import StorageError

if TYPE_CHECKING:
    from app.dailyui import DailyScreen
    from app.shell import App

__all__ = ["DailyFlow", "local_today"]


def local_today() -> _dt.date:
    """The player's local calendar date (the daily challenge's day), from the browser's clock."""
    now = window.Date.new()
    return _dt.date(int(now.getFullYear()), int(now.getMonth()) + 1, int(now.getDate()))


class DailyFlow:
    """A day's challenge, from its link to its results, for the App that holds it."""

    def __init__(self, app: App):
        self.app = app
        self.screen: DailyScreen | None = None     # the results page, made when first shown

    def open(self, text: str, key: str | None = None) -> None:
        """``?daily[=YYYY-MM-DD]``: that day's game — resumed if begun, its results if over."""
        app = self.app
        info = app.daily_info(key)
        try:
            if info is None:
                raise DailyError("daily.no_daily", title=title_of(app.games.get(str(key)), str(key)))
            today = local_today()
            day = daily.parse_day(text, today)
            spec = info.load()
            entry = daily.read_day(app.store, info.key, day)
            if entry is not None and entry.result is not None:
                self.show(info, day)
                return
            if entry is not None:
                loaded = app.store.load(entry.game_id)
                if loaded.session is not None:
                    app.notify(None, "info")
                    app.open_session(loaded.session)
                    return
            session = Session.start(spec, daily.daily_setup(spec, day), default_seats(spec, ["human"]))
            daily.write_day(app.store, DailyEntry(info.key, day, daily.daily_seed(info.key, day), session.id, None))
        except (DailyError, SaveError, StorageError) as e:
            app.notify(said_later("start.bad_daily", error=e), "error", lasts=app.while_on("newgame"))
            app.show_newgame(game=info)
            return
        app.start_session(session)

    def show(self, info: GameInfo, day: _dt.date | None = None) -> None:
        """The results page of ``info``'s challenge on ``day`` (today by default)."""
        from app.dailyui import DailyScreen

        app = self.app
        app.leave_game()
        if self.screen is None:
            self.screen = DailyScreen(app, app.nodes["daily"])
        today = local_today()
        self.screen.render(info, day or today, today)
        app.show_screen("daily", game=info.key)
        app.focus("shell-daily-title")

    def relabel(self) -> None:
        """The results page (on show) in the new language."""
        if self.screen is not None:
            self.screen.relabel()

    def entry_of(self, info: GameInfo, session: Session) -> DailyEntry | None:
        """The stored day whose game ``session`` is, if any (``App.days_stored`` said one is stored)."""
        return next((e for e in daily.history(self.app.store, info.key) if e.game_id == session.id), None)

    def sign(self) -> Callable[[], str] | None:
        """The game on screen's sign that it is a day's challenge (its name, day and goal, as on its
        results page), in the current language; None for any other game."""
        app = self.app
        entry = app.daily_entry
        if entry is None or app.session is None or entry.game_id != app.session.id:
            return None
        info = app.games[entry.game]
        return lambda: daily.sign_text(info, entry.day)

    def record(self) -> None:
        """Once the daily game on screen is over: its result, stored once (the day is then done)."""
        app = self.app
        entry, session = app.daily_entry, app.session
        if entry is None or session is None or entry.result is not None or not session.over \
                or entry.game_id != session.id:
            return
        done = replace(entry, result=daily.result_of(session))
        try:
            daily.write_day(app.store, done)
        except StorageError as e:
            app.notify(str(e), "error")
            return
        app.daily_entry = done
        info = app.games[entry.game]

        def until_results() -> bool:     # about the finished game, until its results are shown (not there)
            return app.where() != "daily" and app.session is not None and app.session.id == done.game_id
        app.notify(lambda: t("daily.game_over"), "info", [(t("daily.results"), lambda: self.show(info, done.day))],
                   lasts=until_results)

    def results(self) -> None:
        """The daily game's end screen's "Results": its result stored (if not yet), then the day's results."""
        self.record()
        entry = self.app.daily_entry
        if entry is not None:
            self.show(self.app.games[entry.game], entry.day)

    def replay_day(self, info: GameInfo, game_id: str, day: _dt.date) -> None:
        """A stored day's finished game, replayed from its results page, which its close button leads back to."""
        self.app.replay_flow.open_stored(info, game_id, lambda: self.show(info, day), "replay.close.results", "daily")
