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

import random
import time
from typing import TYPE_CHECKING, Any, Protocol
from collections.abc import Callable, Mapping, Sequence

if TYPE_CHECKING:
    from gamekit.ismcts import ISMCTS

__all__ = ["BotError", "Level", "SearchThinker", "SlicedSearch", "Thinker"]


class BotError(RuntimeError):
    """A bot could not decide (a bug in a bot, never the player's fault)."""


class Level(dict):
    """One row of a game's ``LEVELS`` table (a dict read as attributes; a missing one is None)."""

    def __getattr__(self, name: str) -> Any:
        return self.get(name)


class Thinker(Protocol):
    done: bool

    def step(self, iterations: int) -> int: ...

    def action(self) -> Any: ...


class SearchThinker:
    """What every game's ``Thinker`` shares: a decision made at once (``_action``) or by an
    ISMCTS ``tree`` run to an iteration budget (``budget``; None: until the caller's time cap
    or the tree settles).  A game's subclass checks the turn with :meth:`checked_rng`,
    determinizes, then sets ``_action`` or ``tree`` and ``budget``."""

    tree: ISMCTS | None = None
    _action: Any = None
    budget: int | None = None

    @staticmethod
    def checked_rng(state: Any, seat: int, level: str, levels: Mapping[str, Any],
                    rng: random.Random | int | None) -> random.Random:
        """Refuse a decision that cannot be asked (ValueError), and make ``rng`` a Random."""
        if level not in levels:
            raise ValueError(f"unknown bot level {level!r}; choose one of {', '.join(levels)}")
        if state.is_over:
            raise ValueError("the game is over: there is nothing to choose")
        if state.current_player != seat:
            raise ValueError(f"seat {seat} is not to decide now (seat {state.current_player} is)")
        return rng if isinstance(rng, random.Random) else random.Random(rng)

    @staticmethod
    def settings(levels: Mapping[str, Level], level: str, players: int,
                 budget: Mapping[str, Any] | None = None) -> Level:
        """``level``'s row for a game of ``players``: its ``seats`` entry for that number of
        players replaces the plain settings, and ``budget`` (the arena's ``--iterations``,
        ``--set``, the tests' ``{"seconds": None}``; its own ``seats`` included) replaces both."""
        budget = budget or {}
        spec = Level(levels[level], **budget)
        for key, value in (spec.get("seats") or {}).get(players, {}).items():
            if key not in budget:
                spec[key] = value
        return spec

    @property
    def done(self) -> bool:
        """No more iterations are wanted (decided at once, settled, or the budget is spent)."""
        if self.tree is None:
            return True
        return self.tree.settled or (self.budget is not None and self.tree.iterations >= self.budget)

    def step(self, iterations: int = 16) -> int:
        """Run up to ``iterations`` more search iterations; returns how many ran."""
        if self.done:
            return 0
        assert self.tree is not None
        n = iterations if self.budget is None else min(iterations, self.budget - self.tree.iterations)
        return self.tree.step(n)

    def action(self) -> Any:
        """The decision: the one made at once, or the search's best so far."""
        if self.tree is None:
            assert self._action is not None
            return self._action
        return self.tree.best_action()


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
