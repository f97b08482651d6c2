"""The contract between a game's pure screen and :class:`boardui.view.BoardView` (pure).

A game's view is split in two. Its *screen* (pure, tested under CPython) holds
the UI-local state (a selection, an open dialog, the board's tab stop, the
animation queue, the live region's lines) and computes everything:

    receive(snapshot, events, seats) -> bool   a new state; True when an animation starts
    scene(log) -> El                           the whole screen now (and remembered as drawn)
    settle() -> FocusPlan                      the focus after a new state was drawn
    click(act, arg) -> Outcome                 a data-act click / Enter / Space
    escape() -> Outcome | None                 Escape (None: not the screen's)
    after_click(outcome) -> FocusPlan          the focus once an outcome's redraw is done
    rove(cell)                                 the board's tab stop moved
    refused()                                  the host refused the action submitted

:class:`boardui.view.BoardView` (browser) does the rest: it patches the DOM with
each scene, forwards input, carries out outcomes and focus plans, plays the
frames. The flow is one-way: nothing in the DOM is read back except which
element was clicked or focused.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from .anim import FrameQueue
from .focus import NOWHERE, FocusPlan
from .tree import El

HOST_CALLS = frozenset({"new_game", "undo", "skip_anim"})


@dataclass
class Outcome:
    """What an input leads to: an action for ``host.submit`` (the screen took it from the legal
    actions), a call to the host (``"new_game"``, ``"undo"``, ``"skip_anim"``), or a UI-local
    change to redraw and where the focus goes then."""

    action: Any = None
    host: str | None = None
    redraw: bool = False
    focus: FocusPlan = NOWHERE           # where the focus goes after the redraw
    settle: bool = False                 # after the redraw, settle the focus as after a new state
    opened: Any = None                   # the screen's own note for after_click (e.g. what was open before)

    def __post_init__(self) -> None:
        if self.host is not None and self.host not in HOST_CALLS:
            raise ValueError(f"host call {self.host!r} is not one of {sorted(HOST_CALLS)}")


class Screen(Protocol):
    frames: FrameQueue
    busy: str | None

    @property
    def view(self) -> Any: ...

    @property
    def viewer(self) -> int | None: ...

    @property
    def animating(self) -> bool: ...

    def receive(self, snap: Any, events: list[dict], seats: list[dict]) -> bool: ...
    def scene(self, log: list[dict]) -> El: ...
    def settle(self) -> FocusPlan: ...
    def click(self, act: str, arg: str = "") -> Outcome: ...
    def escape(self) -> Outcome | None: ...
    def after_click(self, outcome: Outcome) -> FocusPlan: ...
    def rove(self, cell: str) -> None: ...
    def refused(self) -> None: ...
