"""``HookedView``: a :class:`~boardui.view.BoardView` that outside tests can drive (browser only).

Only when the page sets ``window.<hook>Enable = true`` before Python starts (``hook`` is the
game's name for it, e.g. ``"pompeiiTest"``), ``window.<hook>`` offers

* ``autoplay(level)``: the human on screen is played by a bot of ``level`` (``""`` stops);
* ``speed(factor)``: the animations' hold-time factor (0: no waiting), kept for later views
  of the same game (a new game, an import);
* ``info()``: JSON of :meth:`HookedView.test_info`, what the viewer may know now.

A game's view names its hook and says what ``info()`` holds and how its bot searches;
the rest (one decision at a time, never inside ``show``) is here, once for every game.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any, ClassVar

from pyscript import window
from pyscript.ffi import create_proxy, is_none, to_js

from .screen import Screen
from .view import BoardView


def js_flag(name: str) -> bool:
    """Is ``window.<name>`` set to something true (a JS null or undefined is not)?"""
    value = getattr(window, name, None)
    return value is not None and not is_none(value) and bool(value)


class HookedView(BoardView):
    hook = ""                                    # the global the test hook is published as
    _speeds: ClassVar[dict[str, float]] = {}     # hook -> the speed a test chose (outlives a view)

    def __init__(self, container: Any, host: Any, screen: Screen,
                 snapshot: Callable[[Any, int | None], Any]) -> None:
        super().__init__(container, host, screen, snapshot)
        self.testing = bool(self.hook) and js_flag(self.hook + "Enable")
        if self.testing:
            self.speed = self._speeds.get(self.hook, 1.0)
        self.autoplay_level = ""
        self.frames_seen: list[str] = []
        self._pending = False
        self._hook_fns: list[Any] = []
        if self.testing:
            self._install_test_hook()

    # ------------------------------------------------------------ what a game says

    def test_info(self) -> dict[str, Any]:
        """``info()``'s answer: what the viewer may know now."""
        raise NotImplementedError

    def test_search(self, state: Any, seat: int, level: str, seed: int) -> Any:
        """The autoplay bot's search (a ``gamekit.game.BotSearch``) for ``seat``."""
        raise NotImplementedError

    # ------------------------------------------------------------ BoardView hooks

    def destroy(self) -> None:
        super().destroy()
        for fn in self._hook_fns:
            fn.destroy()
        if self.testing and js_flag(self.hook):
            setattr(window, self.hook, None)

    def frame_shown(self, frame: Any) -> None:
        if self.testing and frame is not None:
            self.frames_seen.append(frame.caption)

    def after_show(self) -> None:
        """The autoplay bot decides for the human on screen: later, never inside ``show()``."""
        if not self.testing or not self.autoplay_level or self._pending or self.screen.animating:
            return
        if self._viewer_to_play() is None:
            return
        self._pending = True
        asyncio.get_event_loop().call_soon(self._test_submit)

    # ------------------------------------------------------------ the hook

    def _viewer_to_play(self) -> int | None:
        state, viewer = self.state, self.screen.viewer
        if state is None or state.is_over or viewer is None or state.current_player != viewer:
            return None
        return int(viewer)

    def _test_submit(self) -> None:
        self._pending = False
        if self.destroyed or self.screen.animating or not self.autoplay_level:
            return
        seat = self._viewer_to_play()
        if seat is None:
            return
        search = self.test_search(self.state, seat, self.autoplay_level, len(self.host.log()) * 7 + seat)
        while not search.step(1.0):
            pass
        self.submit(search.result())

    def _install_test_hook(self) -> None:
        def autoplay(level: Any) -> str:
            self.autoplay_level = "" if level is None or is_none(level) else str(level)
            self.after_show()
            return self.autoplay_level

        def speed(factor: Any) -> float:
            self.speed = self._speeds[self.hook] = float(factor)
            if self.speed <= 0:
                self.player.skip()
            return self.speed

        def info() -> str:
            return json.dumps(self.test_info())

        self._hook_fns = [create_proxy(f) for f in (autoplay, speed, info)]
        setattr(window, self.hook, to_js({"autoplay": self._hook_fns[0], "speed": self._hook_fns[1],
                                          "info": self._hook_fns[2]}))
