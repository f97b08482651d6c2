"""``GameView``: the Ptolemaeus screen in the page (browser only).

The shell calls ``show(state, viewer, events)``; the view draws
``board.render`` of ``state.view(viewer)`` (or of a public view when nobody
in particular is looking) with the :class:`~ptolemaeus_ui.interact.Controller`
deciding what may be clicked, and hands each decision to ``host.submit``.
End-of-round events play as a sequence of frames (``animate.frames``).

Clicks and keys are delegated: one ``click`` and one ``keydown`` listener on
the view's root read ``data-act`` / ``data-arg`` of the element hit. Enter
and Space activate focusable board elements (buttons do it natively).

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
import traceback

from pyscript import document, window
from pyscript.ffi import create_proxy, is_none, to_js

from ptolemaeus.actions import Action
from ptolemaeus.data import CONSTELLATIONS

from . import animate
from .board import Model, public_view, render, scene_of
from .words import last_move
from .interact import UI, Controller
from .spec import BotSearch
from .strings import rules_href

LOG_LIMIT = 400      # lines of the move log kept on screen
_TEST_SPEED = [1.0]  # the test hook's animation speed outlives a view (a new game, an import)
_VIEW_ACTS = {"skip_anim", "close_end", "open_end", "newgame", "undo"}


def _flag(name: str) -> bool:
    value = getattr(window, name, None)
    return value is not None and not is_none(value) and bool(value)


class GameView:
    def __init__(self, container, host, spec) -> None:
        self.host = host
        self.spec = spec
        self.root = document.createElement("div")
        self.root.className = "pt-host"
        container.appendChild(self.root)
        from .dom import Patcher
        self.patcher = Patcher(self.root)
        self.ctl = Controller()
        self.state = None
        self.view: dict | None = None
        self.viewer: int | None = None
        self.busy: str | None = None
        self.show_end = True
        self.recent: set[str] = set()
        self.last: list[dict] = []          # the events of the latest move (shown in words)
        # End-of-round animation.
        self.frames: list[animate.Frame] = []
        self.frame: animate.Frame | None = None
        self.anim_task = None
        self.speed = 1.0
        self.reduced_motion = self._media("(prefers-reduced-motion: reduce)")
        self._shown_event: str | None = None
        self._was_over = False
        # Test hook state.
        self.testing = _flag("ptolemaeusTestEnable")
        if self.testing:
            self.speed = _TEST_SPEED[0]
        self.autoplay_level = ""
        self.frames_seen: list[str] = []
        self._pending_submit = False
        self._destroyed = False
        self._proxies = []
        self._listen("click", self._on_click)
        self._listen("keydown", self._on_key)
        if self.testing:
            self._install_test_hook()

    # ------------------------------------------------------------ GameView

    def show(self, state, viewer, events) -> None:
        if self._destroyed:
            return
        self.state = state
        self.viewer = viewer
        self.view = state.view(viewer) if viewer is not None else public_view(state)
        legal = state.legal_actions() if viewer is not None and state.current_player == viewer else []
        self.ctl.update(self.view, legal, viewer, [s.get("name", "") for s in self.host.seats])
        events = list(events or [])
        self.recent = _touched(events)
        if events:
            self.last = events
        final = scene_of(self.view)
        new_frames = animate.frames(final, events, self.host.seats, self.view["players"], self._shown_event)
        self._shown_event = final["event"]
        if self.view["is_over"] and not self._was_over:
            self.show_end = True
        self._was_over = self.view["is_over"]
        if new_frames and self.speed_factor() is not None:
            if len(self.frames) > 40:          # far behind (bots only, instant): jump
                self.frames = []
            self.frames += new_frames
            if self.anim_task is None:
                self._next_frame()              # the first frame at once: no stale board in between
                self.anim_task = asyncio.ensure_future(self._play_frames())
            else:
                self.render()
        else:
            self.render()
        self._after_show()

    def set_busy(self, text) -> None:
        self.busy = text or None
        if self.view is not None and not self._destroyed:
            self.render()

    def destroy(self) -> None:
        self._destroyed = True
        self.frames = []
        if self.anim_task is not None:
            self.anim_task.cancel()
            self.anim_task = None
        for event, proxy in self._proxies:
            self.root.removeEventListener(event, proxy)
            proxy.destroy()
        self._proxies = []
        self.patcher.clear()
        self.root.remove()
        for fn in getattr(self, "_hook_fns", []):
            fn.destroy()
        if self.testing and _flag("ptolemaeusTest"):
            window.ptolemaeusTest = None

    # ------------------------------------------------------------ drawing

    def animating(self) -> bool:
        return self.frame is not None

    def render(self) -> None:
        if self.view is None or self._destroyed:
            return
        anim = self.frame
        model = Model(
            view=self.view, viewer=self.viewer, seats=self.host.seats,
            ui=UI() if anim else self.ctl.ui(),
            scene=anim.scene if anim else None, caption=anim.caption if anim else None,
            animating=anim is not None, log=self._log(), busy=self.busy, show_end=self.show_end,
            last=last_move(self.last, self.host.seats), recent=set() if anim else self.recent,
            rules_href=rules_href())
        self.patcher.render(render(model))
        ms = 0 if self.reduced_motion else int(700 * min(1.0, self.speed_factor() or 0.0))
        self.root.style.setProperty("--anim-ms", f"{ms}ms")

    def _log(self) -> list[dict]:
        try:
            log = list(self.host.log())
        except Exception:  # noqa: BLE001 - the log is a nicety: never break the board for it
            return []
        return log[-LOG_LIMIT:]

    def speed_factor(self) -> float | None:
        """Hold-time factor of the animation frames (None: don't animate)."""
        if self.speed <= 0:
            return 0.0
        factor = self.speed
        if self.reduced_motion:
            factor *= 0.6
        humans = [s for s in self.host.seats if s.get("kind") == "human"]
        if not humans and self.host.settings.get("bot_speed") == "instant":
            factor *= 0.3
        return factor

    def _next_frame(self) -> None:
        self.frame = self.frames.pop(0)
        if self.testing:
            self.frames_seen.append(self.frame.caption)
        self.render()

    async def _play_frames(self) -> None:
        try:
            while self.frame is not None and not self._destroyed:
                await asyncio.sleep(self.frame.ms * (self.speed_factor() or 0.0) / 1000)
                if not self.frames or self._destroyed:
                    break
                self._next_frame()
        except asyncio.CancelledError:
            raise
        except Exception:  # noqa: BLE001
            traceback.print_exc()
        finally:
            self.frame = None
            self.anim_task = None
            if not self._destroyed:
                self.render()
                self._after_show()

    def _skip_animation(self) -> None:
        self.frames = []
        if self.anim_task is not None:
            self.anim_task.cancel()

    # ------------------------------------------------------------ input

    def _listen(self, event: str, handler) -> None:
        proxy = create_proxy(handler)
        self.root.addEventListener(event, proxy)
        self._proxies.append((event, proxy))

    @staticmethod
    def _target(event):
        target = event.target
        if is_none(target) or not hasattr(target, "closest"):
            return None
        hit = target.closest("[data-act]")
        return None if is_none(hit) else hit

    def _on_click(self, event) -> None:
        hit = self._target(event)
        if hit is None or hit.hasAttribute("disabled"):
            return
        act = str(hit.getAttribute("data-act") or "")
        arg = hit.getAttribute("data-arg")
        self._act(act, "" if is_none(arg) or arg is None else str(arg))

    def _on_key(self, event) -> None:
        if event.key not in ("Enter", " ", "Spacebar"):
            return
        hit = self._target(event)
        if hit is None or str(hit.tagName).lower() in ("button", "a", "input", "select", "textarea"):
            return            # native controls activate themselves
        event.preventDefault()
        act = str(hit.getAttribute("data-act") or "")
        arg = hit.getAttribute("data-arg")
        self._act(act, "" if is_none(arg) or arg is None else str(arg))

    def _act(self, act: str, arg: str) -> None:
        if act in _VIEW_ACTS:
            if act == "skip_anim":
                self._skip_animation()
            elif act == "close_end":
                self.show_end = False
                self.render()
            elif act == "open_end":
                self.show_end = True
                self.render()
            elif act == "newgame":
                self.host.new_game()
            elif act == "undo" and self.host.can_undo():
                self.host.undo()
            return
        if self.animating():
            return
        action = self.ctl.click(act, arg)
        if action is None:
            self.render()
            return
        self._submit(action)

    def _submit(self, action: Action) -> None:
        try:
            self.host.submit(action)
        except ValueError as e:   # e.g. the device is being passed: say so, change nothing
            window.console.warn(f"Ptolemaeus: move refused: {e}")
            self.render()

    # ------------------------------------------------------------ helpers

    @staticmethod
    def _media(query: str) -> bool:
        try:
            return bool(window.matchMedia(query).matches)
        except Exception:  # noqa: BLE001
            return False

    # ------------------------------------------------------------ test hook

    def _after_show(self) -> None:
        """Test hook: let the autoplay bot decide for the human on screen
        (later, never inside show())."""
        if not self.testing or not self.autoplay_level or self._pending_submit or self.animating():
            return
        state = self.state
        if state is None or state.is_over or self.viewer is None or state.current_player != self.viewer:
            return
        self._pending_submit = True
        asyncio.get_event_loop().call_soon(self._test_submit)

    def _test_submit(self) -> None:
        self._pending_submit = False
        state = self.state
        if self._destroyed or state is None or state.is_over or self.animating():
            return
        if self.viewer is None or state.current_player != self.viewer:
            return
        if not self.autoplay_level:
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
                self._skip_animation()
            return self.speed

        def info():
            view = self.view or {}
            return json.dumps({
                "viewer": self.viewer,
                "current_player": view.get("current_player"),
                "pending": view.get("pending"),
                "decision": view.get("decision"),
                "legal": [a.to_json() for a in self.ctl.legal],
                "planets": view.get("planets"),
                "comet": view.get("comet"),
                "round": view.get("round"),
                "is_over": view.get("is_over"),
                "winners": view.get("winners"),
                "animating": self.animating() or bool(self.frames),
                "frames": list(self.frames_seen),
                "hand": (view.get("seats") or [{}] * 4)[self.viewer].get("hand") if self.viewer is not None else None,
            })

        self._hook_fns = [create_proxy(f) for f in (autoplay, speed, info)]
        window.ptolemaeusTest = to_js({"autoplay": self._hook_fns[0], "speed": self._hook_fns[1],
                                       "info": self._hook_fns[2]})


def _touched(events: list[dict]) -> set[str]:
    """Constellations the latest events happened on (highlighted on the board)."""
    out: set[str] = set()
    for e in events:
        if e.get("type") in ("place", "study", "swap", "retrieve", "observe"):
            at = e.get("at")
            for name in (at if isinstance(at, list) else [at]):
                if name in CONSTELLATIONS:
                    out.add(name)
    return out
