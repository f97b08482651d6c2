"""``PompeiiView``: the Pompeii screen in the page (browser only).

A :class:`boardui.view.BoardView` given the pure :class:`~pompeii_ui.screen.Screen`
and :func:`~pompeii_ui.screen.snapshot`; this adds the rules link and the test hook.

Test hook (only when the page sets ``window.pompeiiTestEnable = true`` before
Python starts): ``window.pompeiiTest`` with ``autoplay(level)`` (a bot decides
for the human on screen; ``""`` stops), ``speed(factor)`` (animation hold
times; 0 = none) and ``info()`` (JSON: viewer, current seat, step, phase, the
viewer's legal actions, animating, frames seen).
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
from .strings import rules_href

_TEST_SPEED = [1.0]


def _flag(name: str) -> bool:
    value = getattr(window, name, None)
    return value is not None and not is_none(value) and bool(value)


class PompeiiView(BoardView):
    root_class = "pp-host"
    name = "Pompeii"
    glide_ms = 200

    def __init__(self, container: Any, host: Any, spec: Any) -> None:
        self.spec = spec
        self.screen: Screen = Screen()
        super().__init__(container, host, self.screen, snapshot)
        self.testing = _flag("pompeiiTestEnable")
        if self.testing:
            self.speed = _TEST_SPEED[0]
        self.autoplay_level = ""
        self.frames_seen: list[str] = []
        self._pending = False
        self._hook_fns: list[Any] = []
        if self.testing:
            self._install_test_hook()

    def scene(self) -> El:
        return self.screen.scene(self.log(), rules_href())

    def destroy(self) -> None:
        super().destroy()
        for fn in self._hook_fns:
            fn.destroy()
        if self.testing and _flag("pompeiiTest"):
            window.pompeiiTest = None

    def frame_shown(self, frame: Any) -> None:
        if self.testing and frame is not None:
            self.frames_seen.append(frame.caption)

    def after_show(self) -> None:
        if not self.testing or not self.autoplay_level or self._pending or self.screen.animating:
            return
        state, viewer = self.state, self.screen.viewer
        if state is None or state.is_over or viewer is None or state.current_player != viewer:
            return
        self._pending = True
        asyncio.get_event_loop().call_soon(self._test_submit)

    def _test_submit(self) -> None:
        self._pending = False
        state, viewer = self.state, self.screen.viewer
        if self.destroyed or state is None or state.is_over or self.screen.animating or not self.autoplay_level:
            return
        if viewer is None or state.current_player != viewer:
            return
        search = self.spec.bot_search(state, viewer, self.autoplay_level, len(self.host.log()) * 7 + viewer)
        while not search.step(1.0):
            pass
        self.submit(search.result())

    def _install_test_hook(self) -> None:
        def autoplay(level):
            self.autoplay_level = "" if level is None or is_none(level) else str(level)
            self.after_show()
            return self.autoplay_level

        def speed(factor):
            self.speed = _TEST_SPEED[0] = float(factor)
            if self.speed <= 0:
                self.player.skip()
            return self.speed

        def info():
            view = self.screen.view or {}
            return json.dumps({
                "viewer": self.screen.viewer, "current_player": view.get("current"),
                "phase": view.get("phase"), "step": view.get("step"), "tile": view.get("tile"),
                "legal": [a.to_json() for a in self.screen.ctl.legal],
                "is_over": view.get("phase") == "over", "animating": self.screen.frames.busy,
                "frames": list(self.frames_seen), "hand": view.get("hand"),
                "saved": view.get("saved"), "dead": view.get("dead"),
            })

        self._hook_fns = [create_proxy(f) for f in (autoplay, speed, info)]
        window.pompeiiTest = to_js({"autoplay": self._hook_fns[0], "speed": self._hook_fns[1],
                                    "info": self._hook_fns[2]})
