"""Ptolemaeus as a game of the shared contract: :class:`PtolemaeusRules`.

The shell, the bots' machinery and the conformance suite (``tests/conformance``)
see the engine only through this class (``gamekit.game.Rules``); the page's
``ptolemaeus_ui.spec.PtolemaeusSpec`` adds the UI half (titles, colours, texts,
``mount``). Errors are coded (``ptolemaeus.errors``) so a UI translates them:
a bad start date keeps :class:`ptolemaeus.sky.DateError`'s code and params.

>>> rules = PtolemaeusRules()
>>> s = rules.new_state({"players": 2, "seed": 7})
>>> rules.current_player(s) in (0, 1), rules.is_over(s)
(True, False)
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from gamekit.game import Rules, SetupField

from .actions import Action, shown
from .errors import IllegalAction, InvalidState, SetupError
from .dates import historic_sky

if TYPE_CHECKING:
    from .search import PtolemaeusSearch
    from .state import State

# The engine (``.state`` and the rules modules it imports) is imported by the methods that set
# up or play a game, not with this module: the page's new-game screen loads these rules for
# their setup fields only (docs/startup.md, 2026-11-27).  So is the bots' search
# (``PtolemaeusSearch``, in ``.search``, with ``gamekit.thinking``): still importable from here.

__all__ = ["APOLLO_11", "PtolemaeusRules", "PtolemaeusSearch"]

#: The default start: the rulebook's own position (Apollo 11 lands on the Moon).
APOLLO_11 = "1969-07-20T20:17Z"


class PtolemaeusRules(Rules["State", Action]):
    """Ptolemaeus (1-4 players, R18 solitaire) under the shared ``Rules`` contract."""

    key = "ptolemaeus"
    version = 1
    min_players = 1
    max_players = 4
    bot_levels = ("random", "easy", "greedy", "normal", "hard")   # weakest first
    default_bot_level = "normal"
    action_type = Action
    #: Scales the levels' time caps (the page: about 2, Python runs slower there; tests: small).
    bot_time_factor = 1.0

    # ------------------------------------------------------------ setup

    def setup_fields(self) -> list[SetupField]:
        """The start date: the planets stand where the real sky had them (``ptolemaeus.sky``)."""
        from .dates import HISTORIC_DATES

        return [SetupField("start", "datetime", default=APOLLO_11, choices=tuple(h.when for h in HISTORIC_DATES),
                           allow_now=True, meta={"labels": {h.when: h.key for h in HISTORIC_DATES}})]

    def new_state(self, setup: dict[str, Any]) -> State:
        """A new game from ``{"players", "seed", "start"}``; :class:`SetupError` otherwise
        (``bad_setup``, ``bad_players``, ``bad_seed``, ``now`` — the page resolves "now"
        to a date first —, or a :class:`~ptolemaeus.sky.DateError`'s code and params)."""
        from .state import MAX_SEED, new_game

        if not isinstance(setup, dict):
            raise SetupError("a setup is a dict of players, seed and start", code="bad_setup")
        unknown = set(setup) - {"players", "seed", "start"}
        if unknown:                 # a typo ("strat") would otherwise start Apollo XI's sky, silently
            raise SetupError(f"unknown setup field(s): {', '.join(sorted(map(shown, unknown)))}"[:200],
                             code="bad_setup")
        players = setup.get("players")
        seed = setup.get("seed")
        if type(players) is not int or not self.min_players <= players <= self.max_players:
            raise SetupError(f"players must be 1 to 4, not {shown(players)}", code="bad_players",
                             minimum=self.min_players, maximum=self.max_players)
        if type(seed) is not int or not -MAX_SEED < seed < MAX_SEED:
            raise SetupError(f"the seed must be a whole number of at most 64 bits, not {shown(seed)}",
                             code="bad_seed")
        start = setup.get("start", APOLLO_11)
        if isinstance(start, str) and start.strip().lower() == "now":
            raise SetupError("a start date of 'now' must be resolved to a date first", code="now")
        if historic_sky(start) is not None:     # its sky is known: no astronomy-engine to load
            return new_game(players=players, seed=seed, start=start)
        from .sky import DateError, parse_start

        try:
            parse_start(start)
        except DateError as e:
            raise SetupError(str(e), code=e.code, **e.params) from e
        except (TypeError, ValueError) as e:
            raise SetupError(f"not a start date: {shown(start)}", code="unreadable", text=shown(start)) from e
        return new_game(players=players, seed=seed, start=start)

    def random_setup(self, rng: random.Random, players: int) -> dict[str, Any]:
        from .dates import HISTORIC_DATES

        return {"players": players, "seed": rng.randrange(2 ** 31), "start": rng.choice(HISTORIC_DATES).when}

    def replay(self, setup: dict[str, Any], actions: list[dict[str, Any]]) -> State:
        """The state after ``actions``; :class:`IllegalAction` (code ``bad_replay``,
        params ``index`` from 1 and ``error``) for the first that is not legal in turn."""
        state = self.new_state(setup)
        if not isinstance(actions, list):
            raise IllegalAction("the moves of a game are a list", code="bad_replay", index=0, error="")
        for i, data in enumerate(actions):
            try:
                state.apply(Action.from_json(data))
            except IllegalAction as e:
                raise IllegalAction(f"move {i + 1} is not legal: {e}", code="bad_replay", index=i + 1,
                                    error=str(e)) from e
        return state

    # ------------------------------------------------------------ JSON

    def state_to_json(self, state: State) -> str:
        return state.to_json()

    def state_from_json(self, text: str) -> State:
        from .state import State

        return State.from_json(text)

    # ------------------------------------------------------------ play

    def current_player(self, state: State) -> int | None:
        return state.current_player

    def legal_actions(self, state: State) -> list[Action]:
        return state.legal_actions()

    def apply(self, state: State, action: Action) -> list[dict[str, Any]]:
        state.apply(action)
        return list(state.last_events)

    def reveals_hidden(self, state: State) -> bool:
        return bool(state.last_revealed)

    def is_over(self, state: State) -> bool:
        return state.is_over

    def scores(self, state: State) -> list[float]:
        return [float(x) for x in state.scores()]

    def returns(self, state: State) -> list[float]:
        return state.returns()

    def clone(self, state: State) -> State:
        return state.clone()

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return state.view(seat)

    def determinize(self, state: State, observer: int, rng: random.Random) -> State:
        return state.determinize(observer, rng)

    def check_invariants(self, state: State) -> None:
        """Every conservation law, the pending decisions and R16 (``validate.check_rules``)."""
        from .validate import check_rules

        try:
            check_rules(state)
        except InvalidState as e:
            raise AssertionError(f"broken invariant: {e}") from None

    # ------------------------------------------------------------ bots

    def bot_search(self, state: State, seat: int, level: str, seed: int) -> PtolemaeusSearch:
        from .search import PtolemaeusSearch

        return PtolemaeusSearch(state, seat, level, seed, time_factor=self.bot_time_factor)


def __getattr__(name: str) -> Any:
    if name == "PtolemaeusSearch":     # PEP 562: imported when first asked for
        from .search import PtolemaeusSearch
        return PtolemaeusSearch
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
