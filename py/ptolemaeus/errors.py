"""Ptolemaeus' refusals: the shared contract's errors (``gamekit.game``), with codes.

Every refusal a player can see carries a stable ``code`` and ``params`` that a
UI translates; ``str()`` stays a plain English sentence for developers.
"""

from __future__ import annotations

from gamekit import game as _game

__all__ = ["GameError", "IllegalAction", "InvalidState", "SeatError", "SetupError"]

GameError = _game.GameError


class IllegalAction(_game.IllegalAction):
    """Raised by ``State.apply`` / ``Action.from_json`` for anything that is not
    a legal action now; the state is unchanged. Codes: ``illegal_action`` (not
    legal now), ``game_over``, ``not_an_action`` (wrong shape or types)."""


class InvalidState(_game.InvalidState):
    """Raised by ``State.from_json`` for a corrupt, tampered, old or impossible
    save. Codes: ``not_json``/``too_deep``/``too_large``/``number_too_long``
    (the text), ``not_a_save``, ``other_version``, ``bad_field`` (params
    ``field``), ``impossible`` (breaks the rules), ``bad_pending`` (the stack)."""


class SetupError(_game.SetupError):
    """A setup Ptolemaeus cannot start from (players, seed, start date)."""


class SeatError(GameError):
    """A seat that is neither ``None`` (a spectator) nor one of the game's seats."""

    default_code = "bad_seat"
