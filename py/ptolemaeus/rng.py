"""A tiny deterministic random generator that lives inside the game state.

Why not :mod:`random`? The state must round-trip through JSON exactly and clone
cheaply (bots clone thousands of times a second). SplitMix64 keeps all of its
state in one integer, gives the same numbers on every Python (CPython, Pyodide)
and is plenty random for shuffling cards.
"""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import TypeVar

_MASK = (1 << 64) - 1
_N_LIMITS = 128
# below(n) rejects draws at or above limits[n] (no modulo bias).
_LIMITS = tuple((1 << 64) - ((1 << 64) % n) if n else 0 for n in range(_N_LIMITS))
T = TypeVar("T")


class Rng:
    """SplitMix64. ``Rng(seed)``; ``state`` is the whole generator (an int)."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & _MASK

    def next64(self) -> int:
        self.state = z = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform integer in ``range(n)`` (n >= 1), without modulo bias."""
        if n <= 0:
            raise ValueError("below() needs n >= 1")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates shuffle in place: ``items[i]`` swaps with
        ``items[below(i + 1)]`` for i from the end down. The generator is
        inlined here (same numbers as :meth:`below`): bots determinize
        thousands of times a second and this is most of that time."""
        z0 = self.state
        limits = _LIMITS
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            limit = limits[n] if n < _N_LIMITS else (1 << 64) - ((1 << 64) % n)
            while True:
                z0 = (z0 + 0x9E3779B97F4A7C15) & _MASK
                z = ((z0 ^ (z0 >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
                x = z ^ (z >> 31)
                if x < limit:
                    break
            j = x % n
            items[i], items[j] = items[j], items[i]
        self.state = z0

    def clone(self) -> Rng:
        return Rng(self.state)
