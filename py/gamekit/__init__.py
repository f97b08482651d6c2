"""Game-independent tools for turn-based games with hidden information.

Everything here works on any state object with the OpenSpiel-style contract
used by the games of this project: ``current_player``, ``legal_actions()``,
``apply(action)``, ``clone()``, ``is_over``, ``returns()`` and
``determinize(seat, rng)``. Nothing here imports a game.

``ISMCTS``, ``Node`` and ``search`` (``gamekit.ismcts``) are imported when first
asked for: the page's shell imports ``gamekit.game`` at start, and compiling the
search there would cost its start-up for nothing until a bot moves (issue 13).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .ismcts import ISMCTS, Node, search

__all__ = ["ISMCTS", "Node", "search"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from . import ismcts
        return getattr(ismcts, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
