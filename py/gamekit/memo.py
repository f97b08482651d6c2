"""A memo of a pure function's results that empties itself when full.

The bots' searches meet the same positions again and again (every root candidate, every
determinization), so the engines and the bots memoize what a position's parts determine
(the observations of a hand, a seat's potential, a square's drawing).  In the page these memos
live as long as the session: each is bounded, and when full it starts again empty — simpler
and cheaper per lookup than an LRU, and a search refills what it uses within a few iterations.

A :class:`BoundedMemo` is a ``dict``: a lookup is ``memo.get(key)`` (the dict's own, as fast as
a plain dict's); only a miss pays for :meth:`~BoundedMemo.put`.

>>> memo: BoundedMemo[int, int] = BoundedMemo(2)
>>> memo.put(1, 10), memo.put(2, 20), len(memo)
(10, 20, 2)
>>> memo.put(3, 30), sorted(memo)     # full: emptied before 3 went in
(30, [3])
"""

from __future__ import annotations

from typing import TypeVar

__all__ = ["BoundedMemo"]

K = TypeVar("K")
V = TypeVar("V")


class BoundedMemo(dict[K, V]):
    """A dict of at most ``limit`` entries; :meth:`put` empties it when it is full."""

    __slots__ = ("limit",)

    def __init__(self, limit: int) -> None:
        if not isinstance(limit, int) or isinstance(limit, bool) or limit < 1:
            raise ValueError(f"a memo's limit is a positive int, not {limit!r}")
        super().__init__()
        self.limit = limit

    def put(self, key: K, value: V) -> V:
        """Store ``value`` under ``key`` (emptying the memo first if it is full); returns ``value``."""
        if len(self) >= self.limit:
            self.clear()
        self[key] = value
        return value
