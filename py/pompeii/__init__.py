"""The Downfall of Pompeii (Klaus-Juergen Wrede): rules engine and bots, pure Python.

Rules: ``shared/rules/pompeii-rules.md`` (P1-P70, rulings PR1-PR26). Start with
:func:`new_game` or :class:`pompeii.game.PompeiiRules`; see ``docs/pompeii.md``.
"""

from .actions import Action
from .state import State, new_game

__all__ = ["Action", "State", "new_game"]
