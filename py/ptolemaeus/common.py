"""Small shared facts of the rules modules: derived indices and bit helpers."""

from __future__ import annotations

import random
from typing import Any

from .data import (
    BONUS_INDEX,
    BONUS_TYPES,
    BONUS_UPGRADE_PLANET,
    ECLIPSIS,
    EVENT_CARDS,
    NOVA_CONSTELLATIO,
    OBJECTIVES,
    PLANET_INDEX,
    SIGNA_COLOUR,
)
from .rng import Rng

_ECLIPSIS = EVENT_CARDS.index(ECLIPSIS)
_NOVA_CONSTELLATIO = BONUS_INDEX[NOVA_CONSTELLATIO]
_N_BONUS = len(BONUS_TYPES)
_OBJECTIVE_MASKS = tuple(sum(1 << PLANET_INDEX[p] for p in o) for o in OBJECTIVES)
_UPGRADE_BIT = {BONUS_INDEX[b]: 1 << PLANET_INDEX[p] for b, p in BONUS_UPGRADE_PLANET.items()}
_SIGNA = {BONUS_INDEX[b]: col for b, col in SIGNA_COLOUR.items()}
# Decisions in these tasks are taken by the seat named in the task (task[1]).
_OTHER_SEAT_TASKS = ("mars", "saturnus", "eclipsis")
_TASK_KINDS = ("draw2", "observe", "study", "signa", "nova_luna", "mercurius", "venus", "iupiter",
               "mars", "saturnus", "eclipsis", "round_end")


def _bits(mask: int) -> list[int]:
    return [i for i in range(7) if mask >> i & 1]


def _popcount(mask: int) -> int:
    return bin(mask).count("1")


def _seed_from(rng: Any) -> int:
    """A 64-bit seed from whatever random source a caller hands us."""
    if isinstance(rng, Rng):
        return rng.next64()
    if isinstance(rng, random.Random):
        return rng.getrandbits(64)
    if isinstance(rng, int) and not isinstance(rng, bool):
        return rng
    raise TypeError("rng must be a random.Random, a ptolemaeus Rng or an int seed")
