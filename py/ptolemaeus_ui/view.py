"""``GameView``: the Ptolemaeus screen in the page (browser only).

A :class:`boardui.view.BoardView` given the pure
:class:`~ptolemaeus_ui.screen.Screen` and :func:`~ptolemaeus_ui.screen.snapshot`:
the frame flows one way (state -> snapshot -> screen -> scene -> DOM patch;
clicks and keys -> the screen -> an action for ``host.submit`` or a UI-local
change and a focus plan). This module adds only what is Ptolemaeus' in the
browser: the rules page's link in the scene and the test hook.

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

import asyncio
import json
from typing import Any

from pyscript import window
from pyscript.ffi import create_proxy, is_none, to_js

from boardui.tree import El
from boardui.view import BoardView

from .screen import Screen, snapshot
from .spec import BotSearch
from .strings import rules_href

_TEST_SPEED = [1.0]  # the test hook's animation speed outlives a view (a new game, an import)


def _flag(name: str) -> bool:
    value = getattr(window, name, None)
    return value is not None and not is_none(value) and bool(value)


class GameView(BoardView):
    root_class = "pt-host"
    name = "Ptolemaeus"

    def __init__(self, container: Any, host: Any, spec: Any) -> None:
        self.spec = spec
        self.screen: Screen = Screen()
        super().__init__(container, host, self.screen, snapshot)
        self.testing = _flag("ptolemaeusTestEnable")
        if self.testing:
            self.speed = _TEST_SPEED[0]
        self.autoplay_level = ""
        self.frames_seen: list[str] = []
        self._pending_submit = False
        self._hook_fns: list[Any] = []
        if self.testing:
            self._install_test_hook()

    def scene(self) -> El:
        return self.screen.scene(self.log(), rules_href())

    def destroy(self) -> None:
        super().destroy()
        for fn in self._hook_fns:
            fn.destroy()
        if self.testing and _flag("ptolemaeusTest"):
            window.ptolemaeusTest = None

    def animating(self) -> bool:
        return self.screen.animating

    # ------------------------------------------------------------ test hook

    def frame_shown(self, frame: Any) -> None:
        if self.testing and frame is not None:
            self.frames_seen.append(frame.caption)

    def after_show(self) -> None:
        """Test hook: let the autoplay bot decide for the human on screen
        (later, never inside show())."""
        if not self.testing or not self.autoplay_level or self._pending_submit or self.animating():
            return
        state = self.state
        viewer = self.screen.viewer
        if state is None or state.is_over or viewer is None or state.current_player != viewer:
            return
        self._pending_submit = True
        asyncio.get_event_loop().call_soon(self._test_submit)

    def _test_submit(self) -> None:
        self._pending_submit = False
        state = self.state
        viewer = self.screen.viewer
        if self.destroyed or state is None or state.is_over or self.animating():
            return
        if viewer is None or state.current_player != viewer or not self.autoplay_level:
            return
        seat = state.current_player
        search = BotSearch(state, seat, self.autoplay_level, len(self.host.log()) * 7 + seat, time_limit=False)
        while not search.step(1.0):
            pass
        self.submit(search.result())

    def _install_test_hook(self) -> None:
        def autoplay(level):
            self.autoplay_level = "" if is_none(level) or level is None else str(level)
            self.after_show()
            return self.autoplay_level

        def speed(factor):
            self.speed = _TEST_SPEED[0] = float(factor)
            if self.speed <= 0:
                self.player.skip()
            return self.speed

        def info():
            view = self.screen.view or {}
            viewer = self.screen.viewer
            return json.dumps({
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
            })

        self._hook_fns = [create_proxy(f) for f in (autoplay, speed, info)]
        window.ptolemaeusTest = to_js({"autoplay": self._hook_fns[0], "speed": self._hook_fns[1],
                                       "info": self._hook_fns[2]})
