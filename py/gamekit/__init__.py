"""Game-independent tools for turn-based games with hidden information.

Everything here works on any state object with the OpenSpiel-style contract
used by the games of this project: ``current_player``, ``legal_actions()``,
``apply(action)``, ``clone()``, ``is_over``, ``returns()`` and
``determinize(seat, rng)``. Nothing here imports a game.
"""

from .ismcts import ISMCTS, Node, search

__all__ = ["ISMCTS", "Node", "search"]
