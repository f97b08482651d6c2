"""Ptolemaeus (Diego Allegrini): the complete rules as a pure-Python engine.

>>> import ptolemaeus as pt
>>> s = pt.new_game(players=2, seed=7, start="1969-07-20T20:17Z")
>>> s.planets["Luna"], s.comet
('Libra', 'Aries')

See ``docs/engine.md`` for the whole API with runnable examples.
"""

from typing import TYPE_CHECKING, Any

from .data import CARD_NAMES, CONSTELLATIONS, PLANETS
from .errors import IllegalAction, InvalidState, SeatError, SetupError

if TYPE_CHECKING:
    # Not ``.sky`` (``DateError``): tools/vendor.py would count astronomy-engine as needed at once.
    from .actions import Action
    from .state import State, new_game

__all__ = ["Action", "CARD_NAMES", "CONSTELLATIONS", "DateError", "IllegalAction", "InvalidState", "PLANETS",
           "SeatError", "SetupError", "State", "new_game"]
__version__ = "1.0.0"

# Imported when first asked for (PEP 562), not with the package: the page's new-game screen
# reads the game's setup (``ptolemaeus.game``, ``ptolemaeus.dates``) and needs none of the
# engine (``state`` and the rules modules it imports: ~80 KB compiled, docs/startup.md);
# ``sky`` loads astronomy-engine, needed only when the planets are placed for a new date.
_LAZY = {"Action": "actions", "State": "state", "new_game": "state", "DateError": "sky"}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from importlib import import_module

    value = getattr(import_module(f".{module}", __name__), name)
    globals()[name] = value          # asked once: a plain attribute from now on
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
