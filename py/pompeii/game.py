"""``PompeiiRules``: The Downfall of Pompeii to the shared contract of ``gamekit.game``.

The bots (``pompeii.bots``, and with them ``gamekit.ismcts``) and the invariants' checker are
imported when first asked for, not with the rules: the page draws a game's first screen without
them (2026-11-26: ~860 lines it no longer compiles before a Pompeii link's first frame)."""

from __future__ import annotations

import random
from typing import Any, cast

from gamekit.game import GameError, IllegalAction, Rules, SetupError, SetupField
from gamekit.thinking import SlicedSearch

from .actions import Action, shown
from .hidden import determinize, view
from .saves import from_json, to_json
from .state import VARIANTS, State

__all__ = ["PompeiiRules"]


class PompeiiRules(Rules[State, Action]):
    """The game as the shell, the bots and the conformance suite see it."""

    key = "pompeii"
    version = 1
    min_players = 2
    max_players = 4
    bot_levels = ("random", "easy", "greedy", "normal", "hard")   # weakest first: pompeii.bots.LEVELS' keys
    default_bot_level = "normal"
    action_type = Action
    bot_time_factor = 1.0                 # stretches the levels' time caps (the page runs slower)

    def setup_fields(self) -> list[SetupField]:
        return [SetupField("variant", "choice", "standard", choices=VARIANTS)]

    def new_state(self, setup: dict[str, Any]) -> State:
        if not isinstance(setup, dict):
            raise SetupError("a setup is a dict", code="bad_setup")
        unknown = set(setup) - {"players", "seed", "variant", "first"}
        if unknown:
            raise SetupError(f"unknown setup field(s): {', '.join(sorted(map(shown, unknown)))}"[:200],
                             code="bad_setup")
        missing = {"players", "seed"} - set(setup)      # not defaulted: without a seed, always seed 0's deal
        if missing:
            raise SetupError(f"a setup names its {' and '.join(sorted(missing))}", code="bad_setup")
        return State.setup(setup["players"], setup["seed"], setup.get("variant", "standard"), setup.get("first"))

    # JSON
    def state_to_json(self, state: State) -> str:
        return to_json(state)

    def state_from_json(self, text: str) -> State:
        return from_json(text)

    # play
    def current_player(self, state: State) -> int | None:
        return state.current_player

    def legal_actions(self, state: State) -> list[Action]:
        return state.legal_actions()

    def apply(self, state: State, action: Action) -> list[dict[str, Any]]:
        return state.apply(action)

    def reveals_hidden(self, state: State) -> bool:
        return state.revealed

    def is_over(self, state: State) -> bool:
        return state.is_over

    def scores(self, state: State) -> list[float]:
        return state.scores()

    def returns(self, state: State) -> list[float]:
        return state.returns()

    def clone(self, state: State) -> State:
        return state.clone()

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        if seat is not None and (type(seat) is not int or not 0 <= seat < state.n):
            raise IllegalAction(f"seat {shown(seat)} does not exist", code="bad_seat")
        return view(state, seat)

    def determinize(self, state: State, observer: int, rng: random.Random) -> State:
        """P69, P70: a world for a real seat only (a bad one would pool every hand, and True
        would stand for seat 1)."""
        if type(observer) is not int or not 0 <= observer < state.n:
            raise IllegalAction(f"seat {shown(observer)} does not exist", code="bad_seat")
        return determinize(state, observer, rng)

    def check_invariants(self, state: State) -> None:
        from .invariants import check_invariants
        check_invariants(state)

    # bots
    def bot_search(self, state: State, seat: int, level: str, seed: int) -> SlicedSearch:
        from .bots import LEVELS, Thinker
        if not isinstance(level, str) or level not in LEVELS:
            raise GameError(f"unknown bot level {shown(level, 40)}; choose one of {', '.join(LEVELS)}",
                            code="bad_level", levels=list(LEVELS))
        if state.is_over or type(seat) is not int or state.current_player != seat:
            raise GameError(f"seat {shown(seat, 20)} is not to decide now", code="not_to_decide", seat=shown(seat, 20))
        cap = LEVELS[level].get("seconds")
        return SlicedSearch(lambda: cast(Any, Thinker(state, seat, level, random.Random(seed))),
                            state.legal_actions(), cap=cap * self.bot_time_factor if cap else None)



