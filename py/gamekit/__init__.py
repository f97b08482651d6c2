"""Game-independent tools for turn-based games with hidden information.

Everything here works on any state object with the OpenSpiel-style contract
used by the games of this project: ``current_player``, ``legal_actions()``,
``apply(action)``, ``clone()``, ``is_over``, ``returns()`` and
``determinize(seat, rng)``. Nothing here imports a game.

``gamekit.ismcts`` (the search, its names also offered here) is imported when
first used, not with the package: the page imports ``gamekit`` at start-up,
and needs the search only once a bot must move.
"""

from typing import Any

__all__ = ["ISMCTS", "Node", "search"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from . import ismcts
        return getattr(ismcts, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
