"""A bot's decision in time slices, for a page that must stay responsive.

A game's bots provide a *thinker*: an object made from the real state that
determinizes FIRST (the bot never keeps the real state), then runs its search
one iteration at a time::

    class Thinker(Protocol):
        done: bool                       # no more iterations wanted
        def step(self, iterations: int) -> int: ...   # run up to n more
        def action(self) -> Any: ...     # the decision (once done, or at the cap)

:class:`SlicedSearch` wraps one in the shell's ``BotSearch`` contract
(``step(max_seconds) -> bool``, ``result()``): the first ``step`` only builds
the thinker (the determinization costs one slice), later ones run iterations
until the slice would likely overrun, and a level's time cap (stretched by
``time_factor`` in the page, where Python runs about twice as slowly) ends the
search. ``result()`` never guesses: a thinker whose answer is not legal raises
:class:`BotError`.
"""

from __future__ import annotations

import time
from typing import Any, Protocol
from collections.abc import Callable, Sequence

__all__ = ["BotError", "SlicedSearch", "Thinker"]


class BotError(RuntimeError):
    """A bot could not decide (a bug in a bot, never the player's fault)."""


class Thinker(Protocol):
    done: bool

    def step(self, iterations: int) -> int: ...

    def action(self) -> Any: ...


class SlicedSearch:
    """One bot decision: ``step(max_seconds)`` until it returns True, then ``result()``.

    ``make`` builds the thinker (called once, in the first slice); ``legal`` are the
    seat's legal actions in the real state (a determinization offers the seat the same
    ones, since they depend on its own information: a test of each game proves it);
    ``cap`` is the search's wall-time cap in seconds (None: the thinker's own budget).
    """

    def __init__(self, make: Callable[[], Thinker], legal: Sequence[Any], cap: float | None = None) -> None:
        if not legal:
            raise BotError("there is no legal action to choose from")
        self._make: Callable[[], Thinker] | None = make
        self._legal = list(legal)
        self._cap = cap
        self.thinker: Thinker | None = None
        self.elapsed = 0.0
        self.slices = 0
        self._per_iteration = 0.0           # running estimate of one iteration's time
        self._done = False

    @property
    def done(self) -> bool:
        return self._done

    def step(self, max_seconds: float) -> bool:
        if self._done:
            return True
        start = time.perf_counter()
        self.slices += 1
        try:
            if self.thinker is None:
                assert self._make is not None
                make, self._make = self._make, None
                self.thinker = make()
                self._done = bool(self.thinker.done)
                return self._done
            thinker = self.thinker
            ran = 0
            while not thinker.done:
                now = time.perf_counter()
                if self._cap is not None and self.elapsed + (now - start) >= self._cap:
                    break
                if ran and now + self._per_iteration > start + max_seconds:
                    return False
                t0 = now
                thinker.step(1)
                ran += 1
                took = time.perf_counter() - t0
                self._per_iteration = took if not self._per_iteration else 0.8 * self._per_iteration + 0.2 * took
            self._done = True
            return True
        finally:
            self.elapsed += time.perf_counter() - start

    def result(self) -> Any:
        """The decision; :class:`BotError` if the thinker chose no legal action."""
        if not self._done or self.thinker is None:
            raise BotError("the bot has not finished thinking: call step() until it returns True")
        action = self.thinker.action()
        if action not in self._legal:
            raise BotError(f"the bot chose {action!r}, which is not a legal action here")
        return action

    def run(self, slice_seconds: float = 0.025) -> Any:
        """Think to the end (tools and tests): ``step`` until done, then ``result()``."""
        while not self.step(slice_seconds):
            pass
        return self.result()
