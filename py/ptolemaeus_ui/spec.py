"""``PtolemaeusSpec``: Ptolemaeus as a game of the page (``app.games.GameSpec``).

The rules half is the engine's :class:`ptolemaeus.game.PtolemaeusRules`; this
subclass adds the descriptive half (colours, names, labels in the current
language, the historic dates offered for the start, ``mount``) and says the
engine's coded errors in the player's language. Pure Python apart from
:meth:`PtolemaeusSpec.mount`, which imports the browser view lazily.
``ptolemaeus.sky`` (and with it astronomy-engine) is imported only when a sky
or a date is needed, not with this module. The page's catalog
(``py/catalog.py``) describes the game and names this class; the shell
imports it only to set up or play Ptolemaeus.

Bots (:class:`BotSearch`, in ``.search``: imported when a bot must move) are built ONLY from ``state.determinize(seat, rng)``
(R17), in slices (``gamekit.thinking.SlicedSearch``) so the page stays responsive.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import ptolemaeus as pt
from app.games import GameSpec
from gamekit.game import SetupField
from ptolemaeus.errors import IllegalAction, SetupError
from ptolemaeus.game import PtolemaeusRules

from .strings import TEXTS, t

if TYPE_CHECKING:
    from .search import BotSearch

# The page runs Python about twice as slowly as CPython (docs of bots.LEVELS):
# a level's time cap is stretched by this much so that it still gets its iterations.
PAGE_TIME_FACTOR = 2.0


def _is_date_error(error: BaseException | None) -> bool:
    # By name: importing ptolemaeus.sky would load astronomy-engine for nothing.
    return error is not None and type(error).__name__ == "DateError"


def setup_error_text(error: SetupError) -> str:
    """Why a setup was refused, in the current language (from its code)."""
    if error.code == "bad_players":
        return t("setup.error.players")
    if error.code == "bad_seed":
        return t("setup.error.seed")
    if error.code == "now":
        return t("setup.error.date", error=t("setup.error.now"))
    if _is_date_error(error.__cause__):
        return t("setup.error.date", error=date_error_text(error.__cause__))  # type: ignore[arg-type]
    return t("setup.error.date", error=str(error))


def date_error_text(error: BaseException) -> str:
    """Why a start date was refused, in the current language: a :class:`ptolemaeus.sky.DateError`
    through its ``code`` and ``params`` (``date.error.<code>``); any other error's own text."""
    if not _is_date_error(error):
        return str(error)
    params = dict(error.params)  # type: ignore[attr-defined]
    if error.reason is not None:  # type: ignore[attr-defined]
        params["reason"] = date_error_text(error.reason)  # type: ignore[attr-defined]
    if "calendar" in params:
        params["calendar"] = t("date.calendar.julian" if params["calendar"] == "julian" else "date.calendar.gregorian")
    month = params.get("month")
    if isinstance(month, int) and 1 <= month <= 12:
        params["month_name"] = t(f"month.{month}")
    return t(f"date.error.{error.code}", **params)  # type: ignore[attr-defined]


class PtolemaeusSpec(PtolemaeusRules, GameSpec):
    """The ``GameSpec`` of Ptolemaeus (see ``docs/app-architecture.md``)."""

    bot_time_factor = PAGE_TIME_FACTOR
    texts = TEXTS
    # Token colours a seat may choose (none of them a constellation colour).
    SEAT_COLOURS = [("#f2eee3", "white"), ("#b07be0", "purple"), ("#4fd1c5", "teal"), ("#ff8fc0", "pink"),
                    ("#ee8a3c", "orange"), ("#9aa0a6", "grey")]
    bot_names = ("Hipparchus", "Hypatia", "Aristarchus", "Eratosthenes")

    # ------------------------------------------------------------ labels (the descriptive half)

    def seat_colours(self) -> list[tuple[str, str]]:
        """(css colour, name in the current language) a seat may choose."""
        return [(css, t(f"seat_colour.{name}")) for css, name in self.SEAT_COLOURS]

    def bot_level_label(self, level: str) -> str:
        """A bot level's name in the current language."""
        return t(f"bot_level.{level}") if level in self.bot_levels else level

    def field_suggestions(self, setup_field: SetupField) -> list[tuple[Any, str]]:
        """The historic dates, offered for the start (the player may type any other)."""
        if setup_field.key != "start":
            return super().field_suggestions(setup_field)
        from ptolemaeus.dates import HISTORIC_DATES
        return [(h.when, t(f"date.{h.key}")) for h in HISTORIC_DATES]

    def error_text(self, error: BaseException) -> str:
        """A refused setup or start date in the player's language."""
        if _is_date_error(error):
            return t("setup.error.date", error=date_error_text(error))
        if isinstance(error, SetupError):
            return setup_error_text(error)
        return super().error_text(error)

    # The start field's label and help, looked up by app.games.GameSpec (field_label, field_help).
    FIELD_TEXTS = ("setup.start", "setup.start.help")

    def setup_fields(self) -> list[SetupField]:
        """The start: a real date and time (UTC) whose sky places the planets; "now" allowed.
        (The historic dates are suggestions, not the only choices: see ``field_suggestions``.)"""
        return [SetupField("start", "datetime", default="1969-07-20T20:17Z", allow_now=True)]

    def new_state(self, setup: dict) -> pt.State:
        """:meth:`PtolemaeusRules.new_state`, its refusal said in the player's language
        (same code and params)."""
        try:
            return super().new_state(setup)
        except SetupError as e:
            raise SetupError(setup_error_text(e), code=e.code, **e.params) from e.__cause__

    def replay(self, setup: dict, actions: list[dict]) -> pt.State:
        try:
            return super().replay(setup, actions)
        except IllegalAction as e:
            if e.code != "bad_replay":
                raise
            raise IllegalAction(t("replay.error", index=e.params["index"], error=e.params["error"]),
                                code=e.code, **e.params) from None

    # ------------------------------------------------------------ replay and daily sky

    def round_of(self, state: pt.State) -> int | None:
        """The round (R14: rounds of three turns) a replay may jump to."""
        return int(state.round)

    def daily_setup(self, day: Any, seed: int) -> dict[str, Any] | None:
        """Today's sky (issue 14): the solitaire game (R18) under the real sky of ``day`` at
        21:00 UTC, dealt from the shell's date-derived ``seed`` (the same for every player)."""
        return {"players": 1, "seed": seed, "start": f"{day.isoformat()}T21:00Z"}

    # ------------------------------------------------------------ bots

    def bot_search(self, state: pt.State, seat: int, level: str, seed: int) -> BotSearch:
        from .search import BotSearch

        return BotSearch(state, seat, level, seed, time_factor=self.bot_time_factor)

    # ------------------------------------------------------------ view

    def mount(self, container: Any, host: Any) -> Any:
        from .view import GameView   # browser only
        return GameView(container, host, self)


def __getattr__(name: str) -> Any:
    if name == "BotSearch":            # PEP 562: the search code comes when a bot must move
        from .search import BotSearch
        return BotSearch
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
