"""``PtolemaeusSearch``: one bot decision in slices, the page's and the conformance suite's
(``PtolemaeusRules.bot_search``).  Apart from ``ptolemaeus.game`` so that loading the rules for
a setup (the page's new-game screen) compiles no search code (``gamekit.thinking``);
``ptolemaeus.game.PtolemaeusSearch`` still names it."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from gamekit.thinking import SlicedSearch

from .actions import shown
from .errors import GameError

if TYPE_CHECKING:
    from .state import State

__all__ = ["PtolemaeusSearch"]


class PtolemaeusSearch(SlicedSearch):
    """One bot decision in slices (``gamekit.thinking.SlicedSearch``) around
    :class:`ptolemaeus.bots.Thinker`, which determinizes FIRST (R17): the real
    state is only read to build that determinization, in the first slice.

    ``time_factor`` stretches a level's time cap (the page runs Python about
    twice as slowly); ``time_limit=False`` runs the level's iterations only, so
    the decision equals :func:`ptolemaeus.bots.choose_action` with the same seed."""

    def __init__(self, state: State, seat: int, level: str, seed: int, time_factor: float = 1.0,
                 time_limit: bool = True) -> None:
        from .bots import LEVELS, Thinker

        if not isinstance(level, str) or level not in LEVELS:
            raise GameError(f"unknown bot level {shown(level)}; choose one of {', '.join(LEVELS)}",
                            code="bad_level", levels=list(LEVELS))
        if state.is_over or type(seat) is not int or state.current_player != seat:
            raise GameError(f"seat {shown(seat)} is not to decide now", code="not_to_decide", seat=seat)
        self.seat = seat
        self.level = level
        cap = LEVELS[level].seconds
        self._thinker: Thinker | None = None

        def make() -> Any:         # a gamekit.thinking.Thinker (its `done` is a property here)
            self._thinker = Thinker(state, seat, level, random.Random(seed))
            return self._thinker

        super().__init__(make, state.legal_actions(), cap * time_factor if (cap and time_limit) else None)

    @property
    def iterations(self) -> int:
        """ISMCTS iterations run so far (0 for decisions taken at once)."""
        tree = self._thinker.tree if self._thinker is not None else None
        return tree.iterations if tree is not None else 0
