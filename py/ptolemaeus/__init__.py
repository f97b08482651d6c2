"""Ptolemaeus (Diego Allegrini): the complete rules as a pure-Python engine.

>>> import ptolemaeus as pt
>>> s = pt.new_game(players=2, seed=7, start="1969-07-20T20:17Z")
>>> s.planets["Luna"], s.comet
('Libra', 'Aries')

See ``docs/engine.md`` for the whole API with runnable examples.
"""

from .actions import Action
from .data import CARD_NAMES, CONSTELLATIONS, PLANETS
from .errors import IllegalAction, InvalidState, SeatError, SetupError
from .state import State, new_game

__all__ = ["Action", "CARD_NAMES", "CONSTELLATIONS", "DateError", "IllegalAction", "InvalidState", "PLANETS",
           "SeatError", "SetupError", "State", "new_game"]
__version__ = "1.0.0"


def __getattr__(name: str):
    # ``DateError`` lives in ``sky``, which loads astronomy-engine: imported only when asked for,
    # as ``new_game`` imports ``sky`` only when it places the planets.
    if name == "DateError":
        from .sky import DateError
        return DateError
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
