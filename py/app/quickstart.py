"""The lobby's one-click choices (issue 17), pure and tested under CPython.

"Play now": you against one bot at the game's default level (``normal`` in both games),
every setup field at its default, a fresh seed.  "Continue": the newest unfinished saved
game of that game."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from app.games import GameSpec
from app.session import default_seats, random_seed
from app.storage import SavedGame

__all__ = ["play_now", "to_continue"]


def play_now(spec: GameSpec, rng: random.Random | None = None) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """(setup, seats) of "Play now": two seats where the game allows (else its minimum), you first."""
    players = max(spec.min_players, min(2, spec.max_players))
    seats = default_seats(spec, ["human"] + [spec.default_bot_level] * (players - 1))
    setup = {"players": players, "seed": random_seed(rng), **{f.key: f.default for f in spec.setup_fields()}}
    return setup, seats


def to_continue(games: Iterable[SavedGame], key: str) -> SavedGame | None:
    """The newest unfinished saved game of the game ``key`` (``saved_games`` lists newest first)."""
    found = [g for g in games if g.game == key and not g.over]
    return max(found, key=lambda g: g.updated) if found else None
