"""The animation queue: frames shown one after the other, each held a while (pure part).

A game turns the public events of a step into *frames* (each a full scene to
draw and how long to hold it, ``ms`` at speed 1). :class:`FrameQueue` holds the
frame on screen and those waiting; the browser's player
(:class:`boardui.browser.FramePlayer`) sleeps ``hold_seconds`` between them and
redraws. While a frame is on screen the view draws the frame's scene instead
of the state and takes no move (a click on the board is ignored; *Skip* empties
the queue). :func:`motion_factor` is the hold-time factor: the test hook's
speed, shorter under ``prefers-reduced-motion`` (the frames still play one by
one, only CSS transitions are off), shorter when only bots play at "instant".
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Generic, Protocol, TypeVar


class HasMs(Protocol):
    ms: int


F = TypeVar("F", bound=HasMs)

JUMP_AFTER = 40      # frames waiting: far behind (bots only, instant), drop the backlog


class FrameQueue(Generic[F]):
    """The frame on screen (``current``) and the frames waiting (``waiting``)."""

    def __init__(self, jump_after: int = JUMP_AFTER) -> None:
        self.current: F | None = None
        self.waiting: list[F] = []
        self.jump_after = jump_after
        self.seen = 0           # frames shown so far (tests and the test hook)

    @property
    def playing(self) -> bool:
        return self.current is not None

    @property
    def busy(self) -> bool:
        """A frame is on screen or waiting."""
        return self.current is not None or bool(self.waiting)

    def push(self, frames: Iterable[F]) -> bool:
        """Queue new frames; True when nothing was playing and the first is now on screen
        (the caller starts the player and draws it at once, so no stale board shows between)."""
        new = list(frames)
        if not new:
            return False
        if len(self.waiting) > self.jump_after:
            self.waiting = []
        self.waiting += new
        if self.current is None:
            self.advance()
            return True
        return False

    def advance(self) -> F | None:
        """The next frame on screen (None when there is none: the animation ends)."""
        self.current = self.waiting.pop(0) if self.waiting else None
        if self.current is not None:
            self.seen += 1
        return self.current

    def skip(self) -> None:
        """Drop the frames waiting (the one on screen goes when the player stops)."""
        self.waiting = []

    def stop(self) -> None:
        self.waiting = []
        self.current = None


def hold_seconds(frame: HasMs, factor: float | None) -> float:
    return max(0.0, frame.ms * (factor or 0.0) / 1000)


def motion_factor(speed: float, reduced_motion: bool, seats: list[dict], bot_speed: str | None) -> float:
    """Hold-time factor of the frames: ``speed`` (0 = no waiting), x0.6 with reduced motion,
    x0.3 when no human plays and bots move "instant", x2 when they move "slow"."""
    if speed <= 0:
        return 0.0
    factor = speed
    if reduced_motion:
        factor *= 0.6
    if not any(s.get("kind") == "human" for s in seats) and bot_speed == "instant":
        factor *= 0.3
    if bot_speed == "slow":          # the shell's "Slow" (play-test 8 F2): each step held twice as long
        factor *= 2
    return factor


def transition_ms(base_ms: int, reduced_motion: bool, factor: float) -> int:
    """The CSS transition length (``--anim-ms``): none with reduced motion."""
    return 0 if reduced_motion else int(base_ms * min(1.0, factor))
