"""``GameView``: the Ptolemaeus screen in the page (browser only).

The shell calls ``show(state, viewer, events)``; the view draws
``board.render`` of ``state.view(viewer)`` (or of a public view when nobody
in particular is looking) with the :class:`~ptolemaeus_ui.interact.Controller`
deciding what may be clicked, and hands each decision to ``host.submit``.
End-of-round events play as a sequence of frames (``animate.frames``).

Clicks and keys are delegated: one ``click`` and one ``keydown`` listener on
the view's root read ``data-act`` / ``data-arg`` of the element hit. Enter
and Space activate focusable board elements (buttons do it natively).

Keyboard (the whole game plays without a pointer): the decision panel comes
first in the focus order, then the board, then the other panels. The board
is one tab stop (a roving tabindex): the arrow keys (Home/End) move between
the constellations and planets that may be chosen; in a radio group (how to
pay, where a token comes from) the arrow keys change the choice. Escape drops
a half-made choice (or closes an open bonus card, or the end screen). After
each action the focus goes somewhere sensible, never to ``<body>``: a new
decision focuses its prompt (read out, and the next Tab reaches its first
choice); a choice that opens new buttons focuses the first of them; a toggle
keeps the focus. The end screen is a modal dialog: it takes the focus, keeps
Tab inside and gives it back to the button that reopens it.

Screen readers: a polite live region (``.pt-announce``) receives each move in
the move log's words, whose turn it is and the end of a round.

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
from .board import Model, public_view, render, scene_of, whose_turn
from .words import describe_log, last_move
from .interact import UI, Controller
from .spec import BotSearch
from .strings import rules_href

LOG_LIMIT = 400      # lines of the move log kept on screen
ANNOUNCE_LIMIT = 12  # lines kept in the live region (only new ones are read out)
_ARROWS = {"ArrowRight": 1, "ArrowDown": 1, "ArrowLeft": -1, "ArrowUp": -1, "Home": "first", "End": "last"}
_TOGGLES = {"pay", "source", "hand"}   # acts that change a choice in place: the focus stays
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
        # Keyboard and screen readers.
        self.board_focus: str | None = None     # the board's tab stop ("const:Leo"), moved by the arrow keys
        self.announce: list[tuple[int, str]] = []
        self._serial = 0
        self._said_turn: str | None = None
        self._focus_wanted = False              # a decision was just made here: focus the next one's prompt
        self._keyboard = False                  # the last input was a key: focusing scrolls into view
        self._end_open = False
        self._proxies = []
        self._listen("click", self._on_click)
        self._listen("keydown", self._on_key)
        self._listen("focusin", self._on_focusin)
        self._doc_proxies = []
        for event, flag in (("keydown", True), ("pointerdown", False)):
            proxy = create_proxy(lambda _e, flag=flag: setattr(self, "_keyboard", flag))
            document.addEventListener(event, proxy, True)
            self._doc_proxies.append((event, proxy))
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
        self._announce(events)
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
        self._settle_focus()
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
        for event, proxy in self._doc_proxies:
            document.removeEventListener(event, proxy, True)
            proxy.destroy()
        self._doc_proxies = []
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
            rules_href=rules_href(), board_focus=self.board_focus, announce=self.announce)
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
                self._settle_focus()
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

    @staticmethod
    def _act_of(node) -> tuple[str, str]:
        arg = node.getAttribute("data-arg")
        return str(node.getAttribute("data-act") or ""), "" if is_none(arg) or arg is None else str(arg)

    def _on_click(self, event) -> None:
        hit = self._target(event)
        if hit is None or hit.hasAttribute("disabled"):
            return
        self._act(*self._act_of(hit), hit)

    def _on_key(self, event) -> None:
        if event.ctrlKey or event.altKey or event.metaKey:
            return
        key = str(event.key)
        if key == "Escape":
            if self._escape():
                event.preventDefault()
            return
        if key == "Tab":
            self._trap_tab(event)
            return
        hit = self._target(event)
        if hit is None:
            return
        if key in _ARROWS:
            if self._arrow(hit, _ARROWS[key]):
                event.preventDefault()
            return
        if key not in ("Enter", " ", "Spacebar"):
            return
        if str(hit.tagName).lower() in ("button", "a", "input", "select", "textarea"):
            return            # native controls activate themselves
        event.preventDefault()
        self._act(*self._act_of(hit), hit)

    def _on_focusin(self, event) -> None:
        """The board's tab stop follows the focus (Tab, a click, the arrow keys)."""
        target = event.target
        if is_none(target) or not hasattr(target, "closest"):
            return
        hit = target.closest(".pt-board [data-act]")
        if not is_none(hit):
            self._rove_to(hit)

    def _act(self, act: str, arg: str, hit=None) -> None:
        if act in _VIEW_ACTS:
            if act == "skip_anim":
                self._skip_animation()
            elif act == "close_end":
                self.show_end = False
                self.render()
                self._end_open = False
                self._focus(self._q('[data-act="open_end"]'))
            elif act == "open_end":
                self.show_end = True
                self.render()
                self._settle_focus()
            elif act == "newgame":
                self.host.new_game()
            elif act == "undo" and self.host.can_undo():
                self.host.undo()
            return
        if self.animating():
            return
        before = self._prompt_controls()
        on_board = hit is not None and not is_none(hit.closest(".pt-board"))
        was = self.ctl.sel.const or self.ctl.sel.move_from
        action = self.ctl.click(act, arg)
        if action is None:
            self.render()
            self._focus_after(act, arg, on_board, before, was)
            return
        self._focus_wanted = True
        self._submit(action)

    def _submit(self, action: Action) -> None:
        try:
            self.host.submit(action)
        except ValueError as e:   # e.g. the device is being passed: say so, change nothing
            window.console.warn(f"Ptolemaeus: move refused: {e}")
            self._focus_wanted = False
            self.render()
            self._settle_focus()

    # ------------------------------------------------------------ keyboard, focus, announcements

    def _q(self, selector: str):
        node = self.root.querySelector(selector)
        return None if is_none(node) else node

    def _qa(self, selector: str) -> list:
        return list(self.root.querySelectorAll(selector))

    def _focus(self, node) -> None:
        if node is None:
            return
        node.focus(to_js({"preventScroll": not self._keyboard}))

    def _focus_lost(self) -> bool:
        active = document.activeElement
        if is_none(active) or active is None:
            return True
        # Removed, or hidden (the pass screen's button as the board comes back: the browser
        # moves the focus to <body> only at its next rendering step).
        return (str(active.tagName).lower() in ("body", "html") or not bool(active.isConnected)
                or int(active.getClientRects().length) == 0)

    def _decision_target(self):
        """Where the focus goes when a decision begins: the end screen's title, else the prompt."""
        return self._q(".pt-end .end-title") or self._q(".pt-prompt .prompt")

    def _settle_focus(self) -> None:
        """After a redraw: the end screen takes the focus when it opens; a decision made here
        (or a focus lost with the element that had it) sends it to the next decision's prompt."""
        end = self._q(".pt-end") is not None
        if end and not self._end_open:
            self._end_open = True
            self._focus_wanted = False
            self._focus(self._q(".pt-end .end-title"))
            return
        self._end_open = end
        if self._focus_wanted or self._focus_lost():
            self._focus_wanted = False
            self._focus(self._decision_target())

    def _prompt_controls(self) -> set[tuple[str, str, str]]:
        return {(*self._act_of(n), str(n.textContent)) for n in self._qa(".pt-prompt [data-act]")}

    def _same(self, act: str, arg: str):
        for node in self._qa(f'[data-act="{act}"]'):
            if self._act_of(node) == (act, arg) and not node.hasAttribute("disabled"):
                return node
        return None

    def _board_stop(self):
        return self._q('.pt-board [data-act][tabindex="0"]') or self._q(".pt-board [data-act]")

    def _focus_after(self, act: str, arg: str, on_board: bool, before: set, was: str | None) -> None:
        """The focus after a click or key that changed the selection but made no move yet."""
        target = None
        if act in _TOGGLES or (act == "bonus" and self.ctl.sel.bonus is None):
            target = self._same(act, arg)
        elif act == "cancel":
            target = self._same("const", was) if was else None
            target = target or self._board_stop()
        if target is None:
            for node in self._qa(".pt-prompt [data-act]"):
                a, g = self._act_of(node)
                if a != "cancel" and (a, g, str(node.textContent)) not in before and not node.hasAttribute("disabled"):
                    target = node                # the first of the choices this opened
                    break
        if target is None:
            target = self._same(act, arg) or (self._board_stop() if not on_board else None)
        if target is None and self._focus_lost():
            target = self._decision_target()
        if target is not None:
            self._focus(target)

    def _rove_to(self, node) -> None:
        act, arg = self._act_of(node)
        self.board_focus = f"{act}:{arg}"
        for other in self._qa(".pt-board [data-act]"):
            other.setAttribute("tabindex", "0" if other == node else "-1")

    def _arrow(self, hit, step) -> bool:
        """Arrow keys: between the board's choices, or within a radio group."""
        if not is_none(hit.closest(".pt-board")):
            items = self._qa(".pt-board [data-act]")
        elif str(hit.getAttribute("role") or "") == "radio" and not is_none(hit.closest('[role="radiogroup"]')):
            items = list(hit.closest('[role="radiogroup"]').querySelectorAll('[role="radio"]'))
        else:
            return False
        if not items:
            return False
        i = next((k for k, n in enumerate(items) if n == hit), 0)
        j = 0 if step == "first" else len(items) - 1 if step == "last" else (i + step) % len(items)
        node = items[j]
        if str(node.getAttribute("role") or "") == "radio":
            self._act(*self._act_of(node), node)     # moving in a radio group chooses
        else:
            self._rove_to(node)
            self._focus(node)
        return True

    def _escape(self) -> bool:
        """Escape: close the end screen, or an open bonus card, or drop a half-made choice."""
        if self._q(".pt-end") is not None:
            self._act("close_end", "")
            return True
        if self.animating() or not self.ctl.legal:
            return False
        sel = self.ctl.sel
        if sel.bonus:
            name = sel.bonus
            self.ctl.click("bonus", name)
            self.render()
            self._focus(self._same("bonus", name) or self._decision_target())
            return True
        if not (sel.const or sel.planet or sel.b_tokens or sel.move_from or sel.discard):
            return False
        was = sel.const or sel.move_from
        self.ctl.click("cancel")
        self.render()
        self._focus((self._same("const", was) if was else None) or self._board_stop() or self._decision_target())
        return True

    def _trap_tab(self, event) -> None:
        """Tab stays inside the end screen (a modal dialog) while it is open."""
        dialog = self._q(".pt-end")
        if dialog is None:
            return
        items = [n for n in dialog.querySelectorAll("button, a[href], [tabindex='0']")
                 if not n.hasAttribute("disabled")]
        if not items:
            return
        active = document.activeElement
        inside = not is_none(active) and bool(dialog.contains(active))
        if event.shiftKey and (not inside or active == items[0] or active == self._q(".pt-end .end-title")):
            event.preventDefault()
            items[-1].focus()
        elif not event.shiftKey and (not inside or active == items[-1]):
            event.preventDefault()
            items[0].focus()

    def _announce(self, events: list[dict]) -> None:
        """The live region: the moves in the log's words, then whose turn it is when that changed
        (or a turn ended)."""
        lines = [text for _kind, text in describe_log(events, self.host.seats)]
        turn = whose_turn(self.view, self.viewer, self.host.seats)
        if turn != self._said_turn or any(e.get("type") in ("end_turn", "new_round") for e in events):
            lines.append(turn)
            self._said_turn = turn
        for line in lines:
            self._serial += 1
            self.announce.append((self._serial, line))
        del self.announce[:-ANNOUNCE_LIMIT]

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
