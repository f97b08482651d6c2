"""``PompeiiView``: the Pompeii screen in the page (browser only).

A :class:`boardui.testhook.HookedView` given the pure :class:`~pompeii_ui.screen.Screen`
and :func:`~pompeii_ui.screen.snapshot`; this adds the test hook (the rules link is the shell's, in its
header).

Test hook (only when the page sets ``window.pompeiiTestEnable = true`` before
Python starts): ``window.pompeiiTest`` with ``autoplay(level)`` (a bot decides
for the human on screen; ``""`` stops), ``speed(factor)`` (animation hold
times; 0 = none) and ``info()`` (JSON: viewer, current seat, step, phase, the
viewer's legal actions, animating, frames seen).
"""

from __future__ import annotations

from typing import Any

from boardui.testhook import HookedView
from boardui.tree import El

from .screen import Screen, snapshot
from .words import held_move, own_events


class PompeiiView(HookedView):
    root_class = "pp-host"
    name = "Pompeii"
    glide_ms = 200
    held_move = staticmethod(held_move)
    held_own = staticmethod(own_events)
    hook = "pompeiiTest"
    # One column (static/pompeii.css): the prompt above the board and the hand grows with a choice or a
    # held move; the tapped card or square stays under the finger (play-test 6 #5).
    keep_tapped = "(max-width: 880px)"
    # A portrait phone: the city turned a quarter (7 squares across, not 11), each square wide enough
    # for a finger (board.grid_pos).
    narrow_query = "(max-width: 600px) and (orientation: portrait)"

    def __init__(self, container: Any, host: Any, spec: Any) -> None:
        self.spec = spec
        self.screen: Screen = Screen()
        super().__init__(container, host, self.screen, snapshot)

    def scene(self) -> El:
        self.screen.eyes_to_choose = self.eyes_to_choose()
        return self.screen.scene(self.log())

    def eyes_to_choose(self) -> bool:
        """Does the replay around this view offer a seat's eyes (its "Seen by" choice, ``app.replay``:
        only once the game is over)? The spectator's hand note says where to look only then."""
        viewers = getattr(getattr(self.host, "replay", None), "viewers", None)
        return bool(self.replaying and callable(viewers) and len(viewers()) > 1)

    # ------------------------------------------------------------ test hook

    def test_search(self, state: Any, seat: int, level: str, seed: int) -> Any:
        return self.spec.bot_search(state, seat, level, seed)

    def test_info(self) -> dict[str, Any]:
        view = self.screen.view or {}
        return {
            "viewer": self.screen.viewer, "current_player": view.get("current"),
            "phase": view.get("phase"), "step": view.get("step"), "tile": view.get("tile"),
            "legal": [a.to_json() for a in self.screen.ctl.legal],
            "is_over": view.get("phase") == "over", "animating": self.screen.frames.busy,
            "frames": list(self.frames_seen), "hand": view.get("hand"),
            "saved": view.get("saved"), "dead": view.get("dead"),
        }
