"""``BotSearch``: :class:`ptolemaeus.search.PtolemaeusSearch` with the page's time factor.
Apart from ``spec`` so that the new-game screen, which loads the spec, compiles no search code;
``ptolemaeus_ui.spec.BotSearch`` still names it."""

from __future__ import annotations

from typing import Any

from ptolemaeus.search import PtolemaeusSearch

from .spec import PAGE_TIME_FACTOR

__all__ = ["BotSearch"]


class BotSearch(PtolemaeusSearch):
    """:class:`ptolemaeus.search.PtolemaeusSearch` with the page's time factor."""

    def __init__(self, state: Any, seat: int, level: str, seed: int, time_factor: float = PAGE_TIME_FACTOR,
                 time_limit: bool = True) -> None:
        super().__init__(state, seat, level, seed, time_factor=time_factor, time_limit=time_limit)
