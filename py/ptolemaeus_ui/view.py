"""``GameView``: the Ptolemaeus screen in the page (browser only).

A :class:`boardui.testhook.HookedView` given the pure
:class:`~ptolemaeus_ui.screen.Screen` and :func:`~ptolemaeus_ui.screen.snapshot`:
the frame flows one way (state -> snapshot -> screen -> scene -> DOM patch;
clicks and keys -> the screen -> an action for ``host.submit`` or a UI-local
change and a focus plan). This module adds only what is Ptolemaeus' in the
browser: the test hook (the rules page's link is the shell's, in its header).

What the keyboard does and where the focus goes is described in
``docs/game-ui.md`` ("For everyone").

Test hook (only when the page sets ``window.ptolemaeusTestEnable = true``
before Python starts, as ``tests/browser/test_play.py`` does):
``window.ptolemaeusTest`` with

* ``autoplay(level)``: human decisions are taken by a bot of ``level``
  (``""`` stops);
* ``speed(factor)``: animation hold-time factor (0 = no waiting);
* ``info()``: JSON of what the viewer may know now (decision, legal actions
  of the viewer, planets, animating, frames shown so far).
"""

from __future__ import annotations

from typing import Any

from boardui.testhook import HookedView

from .screen import Screen, snapshot
from .words import held_move

class GameView(HookedView):
    root_class = "pt-host"
    name = "Ptolemaeus"
    held_move = staticmethod(held_move)
    hook = "ptolemaeusTest"
    # One column (static/ptolemaeus.css): the prompt above the board grows with a choice; the tapped
    # constellation or card stays under the finger (play-test 6 #5).
    keep_tapped = "(max-width: 880px)"

    def __init__(self, container: Any, host: Any, spec: Any) -> None:
        self.spec = spec
        self.screen: Screen = Screen()
        super().__init__(container, host, self.screen, snapshot)

    # ------------------------------------------------------------ test hook

    def test_search(self, state: Any, seat: int, level: str, seed: int) -> Any:
        from .search import BotSearch   # the search code comes when a bot must move (issue 13)

        return BotSearch(state, seat, level, seed, time_limit=False)

    def test_info(self) -> dict[str, Any]:
        view = self.screen.view or {}
        viewer = self.screen.viewer
        return {
            "viewer": viewer,
            "current_player": view.get("current_player"),
            "pending": view.get("pending"),
            "decision": view.get("decision"),
            "legal": [a.to_json() for a in self.screen.ctl.legal],
            "planets": view.get("planets"),
            "comet": view.get("comet"),
            "round": view.get("round"),
            "is_over": view.get("is_over"),
            "winners": view.get("winners"),
            "animating": self.screen.frames.busy,
            "frames": list(self.frames_seen),
            "hand": (view.get("seats") or [{}] * 4)[viewer].get("hand") if viewer is not None else None,
        }
