"""``GameView``: the Ptolemaeus screen in the page (browser only).

The frame flows one way (``screen.py``): ``show(state, viewer, events)`` takes a
:func:`~ptolemaeus_ui.screen.snapshot` of the state, hands it to the pure
:class:`~ptolemaeus_ui.screen.Screen`, and patches the DOM with the scene it
computes (``boardui.dom.Patcher``). Input comes back through
``boardui.browser.Delegation`` (one ``click``, ``keydown`` and ``focusin``
listener on the root, reading ``data-act``/``data-arg``; the board's arrow keys
are ``boardui.nav``'s ring over its ``data-cell`` elements): the screen turns it
into an action for ``host.submit``, a call to the host, or a UI-local change
and a :class:`~boardui.focus.FocusPlan`, which this module carries out. The
end-of-round frames are played by ``boardui.browser.FramePlayer``.

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

from pyscript import document, window
from pyscript.ffi import create_proxy, is_none, to_js

from boardui.anim import motion_factor, transition_ms
from boardui.browser import Delegation, FramePlayer, apply_focus, media
from boardui.dom import Patcher
from ptolemaeus.actions import Action

from .screen import Outcome, Screen, snapshot
from .spec import BotSearch
from .strings import rules_href

_TEST_SPEED = [1.0]  # the test hook's animation speed outlives a view (a new game, an import)


def _flag(name: str) -> bool:
    value = getattr(window, name, None)
    return value is not None and not is_none(value) and bool(value)


class GameView:
    def __init__(self, container: Any, host: Any, spec: Any) -> None:
        self.host = host
        self.spec = spec
        self.root = document.createElement("div")
        self.root.className = "pt-host"
        container.appendChild(self.root)
        self.patcher = Patcher(self.root)
        self.screen = Screen()
        self.state: Any = None
        self.speed = 1.0
        self.reduced_motion = media("(prefers-reduced-motion: reduce)")
        self.testing = _flag("ptolemaeusTestEnable")
        if self.testing:
            self.speed = _TEST_SPEED[0]
        self.autoplay_level = ""
        self.frames_seen: list[str] = []
        self._pending_submit = False
        self._destroyed = False
        self.player = FramePlayer(self.screen.frames, self.speed_factor, self._on_frame, self._on_frames_end)
        self.events = Delegation(self.root, self._on_act, on_escape=self._on_escape, on_rove=self.screen.rove)
        if self.testing:
            self._install_test_hook()

    # ------------------------------------------------------------ GameView

    def show(self, state: Any, viewer: int | None, events: list[dict]) -> None:
        if self._destroyed:
            return
        self.state = state
        started = self.screen.receive(snapshot(state, viewer), list(events or []), self.host.seats)
        if started:
            self._saw_frame()
        self._draw()
        if started:
            self.player.start()
        self._focus(self.screen.settle())
        self._after_show()

    def set_busy(self, text: str | None) -> None:
        self.screen.busy = text or None
        if self.screen.view is not None and not self._destroyed:
            self._draw()

    def destroy(self) -> None:
        self._destroyed = True
        self.player.stop()
        self.events.release()
        self.patcher.clear()
        self.root.remove()
        for fn in getattr(self, "_hook_fns", []):
            fn.destroy()
        if self.testing and _flag("ptolemaeusTest"):
            window.ptolemaeusTest = None

    # ------------------------------------------------------------ drawing

    def animating(self) -> bool:
        return self.screen.animating

    def _draw(self) -> None:
        if self.screen.view is None or self._destroyed:
            return
        self.patcher.render(self.screen.scene(self._log(), rules_href()))
        ms = transition_ms(700, self.reduced_motion, self.speed_factor())
        self.root.style.setProperty("--anim-ms", f"{ms}ms")

    def _log(self) -> list[dict]:
        try:
            return list(self.host.log())
        except Exception:  # noqa: BLE001 - the log is a nicety: never break the board for it
            return []

    def speed_factor(self) -> float:
        """Hold-time factor of the animation frames."""
        return motion_factor(self.speed, self.reduced_motion, self.host.seats,
                             self.host.settings.get("bot_speed"))

    def _focus(self, plan) -> None:
        apply_focus(self.root, plan, self.events.keyboard)

    def _saw_frame(self) -> None:
        frame = self.screen.frames.current
        if self.testing and frame is not None:
            self.frames_seen.append(frame.caption)

    def _on_frame(self) -> None:
        self._saw_frame()
        self._draw()

    def _on_frames_end(self) -> None:
        if self._destroyed:
            return
        if self.screen.frames.waiting:        # queued after a skip: play them
            self.screen.frames.advance()
            self._on_frame()
            self.player.start()
            return
        self._draw()
        self._focus(self.screen.settle())
        self._after_show()

    # ------------------------------------------------------------ input

    def _on_act(self, act: str, arg: str) -> None:
        self._carry_out(self.screen.click(act, arg))

    def _on_escape(self) -> bool:
        outcome = self.screen.escape()
        if outcome is None:
            return False
        self._carry_out(outcome)
        return True

    def _carry_out(self, outcome: Outcome) -> None:
        if outcome.host == "skip_anim":
            self.player.skip()
        elif outcome.host == "new_game":
            self.host.new_game()
        elif outcome.host == "undo" and self.host.can_undo():
            self.host.undo()
        if outcome.action is not None:
            self._submit(outcome.action)
        elif outcome.redraw:
            self._draw()
            self._focus(self.screen.after_click(outcome))

    def _submit(self, action: Action) -> None:
        try:
            self.host.submit(action)
        except ValueError as e:   # e.g. the device is being passed: say so, change nothing
            window.console.warn(f"Ptolemaeus: move refused: {e}")
            self.screen.refused()
            self._draw()
            self._focus(self.screen.settle())

    # ------------------------------------------------------------ test hook

    def _after_show(self) -> None:
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
        if self._destroyed or state is None or state.is_over or self.animating():
            return
        if viewer is None or state.current_player != viewer or not self.autoplay_level:
            return
        seat = state.current_player
        search = BotSearch(state, seat, self.autoplay_level, len(self.host.log()) * 7 + seat, time_limit=False)
        while not search.step(1.0):
            pass
        self._submit(search.result())

    def _install_test_hook(self) -> None:
        def autoplay(level):
            self.autoplay_level = "" if is_none(level) or level is None else str(level)
            self._after_show()
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
