"""``PtolemaeusSpec``: Ptolemaeus as a game of the page (``app.games.GameSpec``).

Pure Python apart from :meth:`PtolemaeusSpec.mount`, which imports the
browser view lazily, so the spec is tested under CPython.  ``ptolemaeus.sky``
(and with it astronomy-engine) is imported only when a sky or a date is
needed, not with this module.  The page's catalog (``py/catalog.py``)
describes the game and names this class; the shell imports it only to set up
or play Ptolemaeus.

Bots (:class:`BotSearch`) are built ONLY from ``state.determinize(seat, rng)``
(R17): the real state is never handed to a bot. A search runs in slices
(``step(max_seconds)``) so the page stays responsive; with no time limit
it chooses exactly what :func:`ptolemaeus.bots.choose_action` chooses with
the same seed and an iteration-only budget.
"""

from __future__ import annotations

import random
import time
from typing import Any

import ptolemaeus as pt
from app.games import GameSpec
from gamekit.game import SetupField
from ptolemaeus.actions import Action
from ptolemaeus.bots import LEVELS, Thinker

from .strings import TEXTS, t

# The page runs Python about twice as slowly as CPython (docs of bots.LEVELS):
# a level's time cap is stretched by this much so that it still gets its iterations.
PAGE_TIME_FACTOR = 2.0


class BotSearch:
    """One bot decision: ``step(max_seconds)`` until it returns True, then ``result()``.

    A time-sliced wrapper of :class:`ptolemaeus.bots.Thinker`, which
    determinizes first (``state.determinize(seat, rng)``, R17) and decides
    random / greedy / sub-decisions at once, or runs ISMCTS over turn-level
    decisions, here one iteration at a time up to the level's iterations or
    its time cap (stretched by ``time_factor`` for the page).

    Slices stay short: the first ``step`` only sets the Thinker up, and a
    slice stops before an iteration that would likely overrun it."""

    def __init__(self, state: Any, seat: int, level: str, seed: int, time_factor: float = PAGE_TIME_FACTOR,
                 time_limit: bool = True) -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown bot level {level!r}; choose one of {', '.join(LEVELS)}")
        if state.is_over or state.current_player != seat:
            raise ValueError(f"seat {seat} is not to decide now")
        self.seat = seat
        self.level = level
        self._start = (state, seed)         # for the first step only: Thinker determinizes it at once
        self._legal = state.legal_actions()
        self.thinker: Thinker | None = None
        cap = LEVELS[level].seconds
        self._cap = cap * time_factor if (cap and time_limit) else None
        self.elapsed = 0.0
        self._per_iteration = 0.0           # running estimate of one iteration's time
        self._done = False

    @property
    def iterations(self) -> int:
        """ISMCTS iterations run so far (0 for decisions taken at once)."""
        tree = self.thinker.tree if self.thinker is not None else None
        return tree.iterations if tree is not None else 0

    def step(self, max_seconds: float) -> bool:
        if self._done:
            return True
        start = time.perf_counter()
        try:
            if self.thinker is None:
                state, seed = self._start
                self._start = None
                self.thinker = Thinker(state, self.seat, self.level, random.Random(seed))
                self._done = self.thinker.done
                return self._done
            thinker = self.thinker
            ran = 0
            while not thinker.done:
                now = time.perf_counter()
                if self._cap is not None and self.elapsed + (now - start) >= self._cap:
                    break
                if ran and now + self._per_iteration > start + max_seconds:
                    return False
                t0 = now
                thinker.step(1)
                ran += 1
                took = time.perf_counter() - t0
                self._per_iteration = took if not self._per_iteration else 0.8 * self._per_iteration + 0.2 * took
            self._done = True
            return True
        finally:
            self.elapsed += time.perf_counter() - start

    def result(self) -> Action:
        if not self._done:
            raise RuntimeError("the bot has not finished thinking: call step() until it returns True")
        action = self.thinker.action()
        # The determinization offers this seat the same legal actions as the
        # real game (they depend on its own information); be safe anyway.
        return action if action in self._legal else self._legal[0]


def date_error_text(error: BaseException) -> str:
    """Why a start date was refused, in the current language: a :class:`ptolemaeus.sky.DateError`
    through its ``code`` and ``params`` (``date.error.<code>``); any other error's own text."""
    from ptolemaeus.sky import DateError
    if not isinstance(error, DateError):
        return str(error)
    params = dict(error.params)
    if error.reason is not None:
        params["reason"] = date_error_text(error.reason)
    if "calendar" in params:
        params["calendar"] = t("date.calendar.julian" if params["calendar"] == "julian" else "date.calendar.gregorian")
    month = params.get("month")
    if isinstance(month, int) and 1 <= month <= 12:
        params["month_name"] = t(f"month.{month}")
    return t(f"date.error.{error.code}", **params)


class PtolemaeusSpec(GameSpec):
    """The ``GameSpec`` of Ptolemaeus (see ``docs/app-architecture.md``)."""

    key = "ptolemaeus"
    version = 1
    min_players = 1
    max_players = 4
    bot_levels = ("random", "greedy", "easy", "normal", "hard")   # weakest first (docs/bots.md)
    default_bot_level = "normal"
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
        from ptolemaeus.sky import HISTORIC_DATES
        return [(h.when, t(f"date.{h.key}")) for h in HISTORIC_DATES]

    def error_text(self, error: BaseException) -> str:
        """A refused start date in the player's language (``date_error_text``)."""
        if type(error).__name__ == "DateError":
            return t("setup.error.date", error=date_error_text(error))
        return super().error_text(error)

    # ------------------------------------------------------------ setup

    # The start field's label and help, looked up by app.games.GameSpec (field_label, field_help).
    FIELD_TEXTS = ("setup.start", "setup.start.help")

    def setup_fields(self) -> list[SetupField]:
        """The start: a real date and time (UTC) whose sky places the planets; "now" allowed."""
        return [SetupField("start", "datetime", default="1969-07-20T20:17Z", allow_now=True)]

    def new_state(self, setup: dict) -> pt.State:
        players = setup.get("players")
        seed = setup.get("seed")
        if isinstance(players, bool) or not isinstance(players, int) or not 1 <= players <= 4:
            raise ValueError(t("setup.error.players"))
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError(t("setup.error.seed"))
        from ptolemaeus.sky import parse_start
        start = setup.get("start", "1969-07-20T20:17Z")
        if isinstance(start, str) and start.strip().lower() == "now":
            raise ValueError(t("setup.error.date", error=t("setup.error.now")))
        try:
            parse_start(start)
        except (ValueError, TypeError) as e:
            raise ValueError(t("setup.error.date", error=date_error_text(e))) from None
        return pt.new_game(players=players, seed=seed, start=start)

    def replay(self, setup: dict, actions: list[dict]) -> pt.State:
        state = self.new_state(setup)
        for i, data in enumerate(actions):
            try:
                state.apply(Action.from_json(data))
            except ValueError as e:
                raise ValueError(t("replay.error", index=i + 1, error=e)) from None
        return state

    # ------------------------------------------------------------ JSON

    def state_to_json(self, state: pt.State) -> str:
        return state.to_json()

    def state_from_json(self, text: str) -> pt.State:
        return pt.State.from_json(text)

    def action_to_json(self, action: Action) -> dict:
        return action.to_json()

    def action_from_json(self, data: dict) -> Action:
        return Action.from_json(data)

    # ------------------------------------------------------------ rules

    def current_player(self, state: pt.State) -> int | None:
        return state.current_player

    def legal_actions(self, state: pt.State) -> list[Action]:
        return state.legal_actions()

    def apply(self, state: pt.State, action: Action) -> list[dict]:
        state.apply(action)
        return list(state.last_events)

    def reveals_hidden(self, state: pt.State) -> bool:
        return bool(state.last_revealed)

    def is_over(self, state: pt.State) -> bool:
        return state.is_over

    # ------------------------------------------------------------ the rest of gamekit.game.Rules
    # (until ptolemaeus.game.PtolemaeusRules, on the engine branch, takes the rules half over)

    def scores(self, state: pt.State) -> list[float]:
        return [float(s) for s in state.scores()]

    def returns(self, state: pt.State) -> list[float]:
        return list(state.returns())

    def clone(self, state: pt.State) -> pt.State:
        return state.clone()

    def view(self, state: pt.State, seat: int | None) -> dict:
        return state.view(seat)  # type: ignore[arg-type]

    def determinize(self, state: pt.State, observer: int, rng: random.Random) -> pt.State:
        return state.determinize(observer, rng)

    # ------------------------------------------------------------ bots

    def bot_search(self, state: pt.State, seat: int, level: str, seed: int) -> BotSearch:
        return BotSearch(state, seat, level, seed)

    # ------------------------------------------------------------ view

    def mount(self, container: Any, host: Any) -> Any:
        from .view import GameView   # browser only
        return GameView(container, host, self)
