"""The daily challenge's results screen (browser): ``#shell-daily``.

The day's challenge (``#daily-sign``: its name, day and goal, the words its game screen shows)
and result (or an invitation to play it), ``#daily-play`` (today's game),
``#daily-share`` (the share text of ``app.daily.share_text`` to the clipboard, with a link to
the day), ``#daily-back`` (back to the game being played, else a new game), the statistics
``#daily-stats`` (days played, wins, streak, longest streak, best day), the history chart
``#daily-chart`` (``app.daily.chart_svg``: built from checked numbers and escaped texts only)
and ``#daily-days``: every finished day, newest first, each with its replay while its game is
stored (``.daily-replay``).
"""

from __future__ import annotations

import asyncio
import datetime as _dt
from typing import TYPE_CHECKING


from app import daily
from app.dom import Listeners, copy_text, el, page_address
from app.games import GameInfo
from app.i18n import t
from app.links import daily_query

if TYPE_CHECKING:
    from app.dom import JsObject
    from app.shell import App

__all__ = ["DailyScreen"]


class DailyScreen:
    def __init__(self, app: App, section: JsObject) -> None:
        self.app = app
        self.section = section
        self.listeners = Listeners()
        self.args: tuple[GameInfo, _dt.date, _dt.date] | None = None

    def render(self, info: GameInfo, day: _dt.date, today: _dt.date) -> None:
        """Draw the results of ``info``'s daily challenge, ``day`` in front."""
        self.args = (info, day, today)
        self.listeners.release()
        entries = daily.history(self.app.store, info.key)
        by_day = {e.day: e for e in entries}
        shown = by_day.get(day)
        s = daily.stats(entries, today)
        title = el("h2", {"id": "shell-daily-title", "tabindex": "-1"}, t("daily.heading", title=info.title()))
        status = daily.day_text(shown, day)
        buttons = el("p", {"class": "daily-buttons"})
        today_entry = by_day.get(today)
        if today_entry is None or today_entry.result is None:
            play = el("button", {"type": "button", "id": "daily-play", "class": "ng-primary"}, t("daily.play"))
            self.listeners.on(play, "click", lambda _e: self.app.when_code_ready(
                self.app.daily_info(), lambda: self.app.daily_flow.open("")))
            buttons.append(play)
        if shown is not None and shown.result is not None:
            share = el("button", {"type": "button", "id": "daily-share"}, t("daily.share"))
            self.listeners.on(share, "click", lambda _e: asyncio.ensure_future(self.share(info, shown)))
            buttons.append(share)
        back_key, back = self.app.replay_flow.way_back()
        back_button = el("button", {"type": "button", "id": "daily-back"}, t(back_key))
        self.listeners.on(back_button, "click", lambda _e: back())
        buttons.append(back_button)
        items = [t("daily.stats.played", count=s.played), t("daily.stats.wins", count=s.wins),
                 t("daily.stats.streak", count=s.streak), t("daily.stats.best_streak", count=s.best_streak)]
        if s.best is not None and s.best.result is not None:
            items.append(t("daily.stats.best", day=s.best.day.isoformat(), count=s.best.result.points))
        stats = el("ul", {"id": "daily-stats", "class": "daily-stats"}, *[el("li", {}, item) for item in items]) \
            if s.played else el("p", {"id": "daily-stats"}, t("daily.stats.none"))
        chart = el("div", {"id": "daily-chart", "class": "daily-chart-box"})
        chart.innerHTML = daily.chart_svg(entries, today)
        sign = el("p", {"id": "daily-sign", "class": "daily-sign"}, daily.sign_text(info, day))
        self.section.replaceChildren(title, sign, el("p", {"id": "daily-status"}, status), buttons, stats,
                                     el("h3", {}, t("daily.history")), chart, *self.days(info, entries))
        self.section.setAttribute("aria-labelledby", "shell-daily-title")

    def days(self, info: GameInfo, entries: list[daily.DailyEntry]) -> list[JsObject]:
        """The finished days, newest first, each with the replay of its game while it is stored (the
        results page was a dead end: a day's game was replayed only from the saved list)."""
        done = [e for e in reversed(entries) if e.result is not None]
        if not done:
            return []
        items = []
        for entry in done:
            day = entry.day.isoformat()
            said = el("span", {"id": f"daily-day-{day}"}, daily.day_text(entry, entry.day))
            if self.app.store.saved(entry.game_id):
                more = el("button", {"type": "button", "class": "daily-replay", "aria-describedby": f"daily-day-{day}"},
                          t("header.replay"))
                self.listeners.on(more, "click", lambda _e, e=entry: self.app.daily_flow.replay_day(info, e.game_id, e.day))
            else:
                more = el("span", {"class": "daily-gone"}, t("daily.replay.gone"))
            items.append(el("li", {"data-day": day}, said, " ", more))
        return [el("h3", {"id": "daily-days-title"}, t("daily.days")),
                el("ul", {"id": "daily-days", "class": "daily-days", "aria-labelledby": "daily-days-title"}, *items)]

    def relabel(self) -> None:
        if self.args is not None:
            self.render(*self.args)

    async def share(self, info: GameInfo, entry: daily.DailyEntry) -> None:
        text = daily.share_text(info.title(), entry, page_address(daily_query(info.key, entry.day.isoformat())))
        copied = await copy_text(text)    # the notice shows it only to copy by hand (its link is long)
        self.section.dataset.shared = text
        self.app.notify(t("daily.copied") if copied else t("daily.copy_by_hand", text=text), "info")
