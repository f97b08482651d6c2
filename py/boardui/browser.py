"""The browser glue of a board view: events in, focus and frames out (browser only).

Everything here only moves data between the page and the pure side:

* :class:`Delegation`: one ``click``, one ``keydown`` and one ``focusin``
  listener on the view's root. A click (or Enter/Space on a focusable element
  that is not a native control) on an element with ``data-act`` calls
  ``on_act(act, arg)``; arrow keys, Home/End, PageUp/PageDown on a cell
  (``[data-nav] [data-cell]``) move the focus with :func:`boardui.nav.navigator`
  (the roving tabindex follows, and ``on_rove(cell)`` tells the view); arrow
  keys in a ``role="radiogroup"`` move to the next ``role="radio"`` and choose
  it (while ``on_act`` runs for a pointer's click, ``tapped`` is the element
  clicked: :func:`keep_in_place` holds it under the finger); Escape calls ``on_escape()`` (its default is prevented when that returns
  True); Tab stays inside an open ``[aria-modal="true"]`` dialog. Whether the
  last input was a key is kept (``keyboard``): focusing then scrolls into
  view, with a pointer it does not.
* :func:`apply_focus`: carries out a :class:`boardui.focus.FocusPlan`.
* :class:`FramePlayer`: plays a :class:`boardui.anim.FrameQueue` with asyncio.
"""

from __future__ import annotations

import asyncio
import traceback
from collections.abc import Callable
from typing import Any

from pyscript import document, window
from pyscript.ffi import create_proxy, is_none, to_js

from . import nav
from .anim import FrameQueue, hold_seconds
from .focus import FocusPlan

NATIVE = ("button", "a", "input", "select", "textarea")
ACTIVATE = ("Enter", " ", "Spacebar")


def none(value: Any) -> bool:
    return value is None or is_none(value)


def act_of(node: Any) -> tuple[str, str]:
    arg = node.getAttribute("data-arg")
    return str(node.getAttribute("data-act") or ""), "" if none(arg) else str(arg)


def closest(node: Any, selector: str) -> Any:
    if none(node) or not hasattr(node, "closest"):
        return None
    hit = node.closest(selector)
    return None if none(hit) else hit


def attrs_of(node: Any, names: tuple[str, ...]) -> dict[str, str]:
    out = {}
    for name in names:
        value = node.getAttribute(name)
        if not none(value):
            out[name] = str(value)
    return out


def media(query: str) -> bool:
    try:
        return bool(window.matchMedia(query).matches)
    except Exception:  # noqa: BLE001 - an old browser: no preference
        return False


def focus(node: Any, keyboard: bool, reveal: str = "") -> None:
    """Focus ``node``: scrolled into view by a key only; after a pointer input, only when the plan
    says ``reveal`` and it is out of the viewport (:class:`boardui.focus.FocusPlan`)."""
    if none(node):
        return
    node.focus(to_js({"preventScroll": not keyboard}))
    if reveal and not keyboard and not in_viewport(node):
        box = closest(node, reveal) or node
        box.scrollIntoView(to_js({"block": "nearest"}))
        if not in_viewport(node):              # a box taller than the window: the element itself
            node.scrollIntoView(to_js({"block": "nearest"}))


def in_viewport(node: Any) -> bool:
    """Is ``node`` wholly inside the window's visible height?"""
    box = node.getBoundingClientRect()
    return float(box.top) >= 0 and float(box.bottom) <= float(window.innerHeight)


def top_of(node: Any) -> float | None:
    """Where ``node`` is in the window (its top, CSS px), or None when it is no longer on the page
    or not shown."""
    if none(node) or not bool(node.isConnected) or int(node.getClientRects().length) == 0:
        return None
    return float(node.getBoundingClientRect().top)


def keep_in_place(root: Any, node: Any, selector: str, top: float) -> None:
    """After a redraw, scroll the window so that the element that was tapped (``node``, or the one
    ``selector`` finds under ``root`` if the patch replaced it) is again ``top`` px from the window's
    top: what grew or shrank above it (a choice opening in the prompt) does not move it from under the
    finger (play-test 6 #5: a phone's board went ~150 px down)."""
    now = top_of(node)
    if now is None:
        found = root.querySelector(selector)
        now = top_of(found)
    if now is not None and abs(now - top) >= 1:
        window.scrollBy(0, now - top)


def focus_lost() -> bool:
    """The focus is on ``<body>``, or on an element removed or hidden (the browser moves it to
    ``<body>`` only at its next rendering step)."""
    active = document.activeElement
    if none(active):
        return True
    return (str(active.tagName).lower() in ("body", "html") or not bool(active.isConnected)
            or int(active.getClientRects().length) == 0)


def apply_focus(root: Any, plan: FocusPlan, keyboard: bool) -> bool:
    """Focus the first element of the plan found under ``root``; True when one was."""
    for selector in plan.targets:
        node = root.querySelector(selector)
        if not none(node):
            focus(node, keyboard, plan.reveal)
            return True
    if plan.if_lost and focus_lost():
        for selector in plan.if_lost:
            node = root.querySelector(selector)
            if not none(node):
                focus(node, keyboard, plan.reveal)
                return True
    return False


def rove_to(container: Any, node: Any) -> None:
    """The roving tabindex: ``node`` is the container's one tab stop."""
    for other in container.querySelectorAll("[data-cell]"):
        other.setAttribute("tabindex", "0" if other == node else "-1")


class Delegation:
    """The listeners of one view's root (see the module docstring)."""

    def __init__(self, root: Any, on_act: Callable[[str, str], None], *,
                 on_escape: Callable[[], bool] | None = None,
                 on_rove: Callable[[str], None] | None = None,
                 on_skip: Callable[[], None] | None = None) -> None:
        self.root = root
        self.on_act = on_act
        self.on_skip = on_skip        # a skip link (``data-skip``) followed: the page's, not its address
        self.on_escape = on_escape
        self.on_rove = on_rove
        self.keyboard = False
        self.tapped: Any = None                # the element a pointer clicked, while on_act runs
        self._proxies: list[tuple[Any, str, Any, bool]] = []
        self._listen(root, "click", self._click)
        self._listen(root, "keydown", self._key)
        self._listen(root, "focusin", self._focusin)
        self._listen(document, "keydown", lambda _e: setattr(self, "keyboard", True), True)
        self._listen(document, "pointerdown", lambda _e: setattr(self, "keyboard", False), True)

    def release(self) -> None:
        for target, event, proxy, capture in self._proxies:
            target.removeEventListener(event, proxy, capture)
            proxy.destroy()
        self._proxies = []

    def _listen(self, target: Any, event: str, handler: Callable[[Any], None], capture: bool = False) -> None:
        proxy = create_proxy(handler)
        target.addEventListener(event, proxy, capture)
        self._proxies.append((target, event, proxy, capture))

    # ------------------------------------------------------------ handlers

    def _click(self, event: Any) -> None:
        if self.on_skip is not None and closest(event.target, "[data-skip]") is not None:
            event.preventDefault()          # (the address keeps no fragment)
            self.on_skip()
            return
        hit = closest(event.target, "[data-act]")
        if hit is None or hit.hasAttribute("disabled"):
            return
        self.tapped = None if self.keyboard else hit     # Enter on a button clicks it too: not a tap
        try:
            self.on_act(*act_of(hit))
        finally:
            self.tapped = None

    def _key(self, event: Any) -> None:
        key = str(event.key)
        ctrl = bool(event.ctrlKey or event.metaKey)
        if event.altKey or (ctrl and key not in ("Home", "End")):
            return
        if key == "Escape" and not ctrl:
            if self.on_escape is not None and self.on_escape():
                event.preventDefault()
            return
        if key == "Tab":
            self._trap_tab(event)
            return
        if key in nav.NAV_KEYS:
            if self._navigate(event.target, key, ctrl) or (not ctrl and self._radio(event.target, key)):
                event.preventDefault()
            return
        if key not in ACTIVATE or ctrl:
            return
        hit = closest(event.target, "[data-act]")
        if hit is None or hit.hasAttribute("disabled") or str(hit.tagName).lower() in NATIVE:
            return            # native controls activate themselves
        event.preventDefault()
        self.on_act(*act_of(hit))

    def _focusin(self, event: Any) -> None:
        """The board's tab stop follows the focus (Tab, a click, the arrow keys)."""
        cell = closest(event.target, "[data-nav] [data-cell]")
        if cell is not None:
            rove_to(closest(cell, "[data-nav]"), cell)
            if self.on_rove is not None:
                self.on_rove(str(cell.getAttribute("data-cell")))

    def _navigate(self, target: Any, key: str, ctrl: bool) -> bool:
        cell = closest(target, "[data-nav] [data-cell]")
        if cell is None:
            return False
        box = closest(cell, "[data-nav]")
        nodes = list(box.querySelectorAll("[data-cell]"))
        try:
            navigator = nav.navigator(attrs_of(box, ("data-nav", "data-nav-wrap", "data-nav-adjacent")),
                                      [attrs_of(n, ("data-cell", "data-row", "data-col")) for n in nodes])
        except nav.NavError as e:
            window.console.error(f"boardui: {e}")
            return False
        here = str(cell.getAttribute("data-cell"))
        goal = navigator.move(here, key, ctrl)
        if goal is None:
            return False
        node = next((n for n in nodes if str(n.getAttribute("data-cell")) == goal), None)
        if node is not None and goal != here:
            rove_to(box, node)
            focus(node, True)
        return True

    def _radio(self, target: Any, key: str) -> bool:
        """Arrow keys in a radio group: the next radio is focused and chosen."""
        radio = closest(target, '[role="radiogroup"] [role="radio"]')
        if radio is None:
            return False
        group = closest(radio, '[role="radiogroup"]')
        items = list(group.querySelectorAll('[role="radio"]'))
        ids = [str(i) for i in range(len(items))]
        here = next((str(k) for k, n in enumerate(items) if n == radio), "0")
        goal = nav.Ring(ids).move(here, key)
        if goal is None:
            return False
        self.on_act(*act_of(items[int(goal)]))
        return True

    def _trap_tab(self, event: Any) -> None:
        """Tab stays inside an open modal dialog."""
        dialog = self.root.querySelector('[aria-modal="true"]')
        if none(dialog):
            return
        items = [n for n in dialog.querySelectorAll("button, a[href], [tabindex='0']")
                 if not n.hasAttribute("disabled")]
        if not items:
            return
        active = document.activeElement
        inside = not none(active) and bool(dialog.contains(active))
        # The first stop, or what precedes it (the dialog's title, focused as the dialog opens).
        first_stop = inside and (active == items[0] or (
            not any(active == n for n in items) and bool(int(items[0].compareDocumentPosition(active)) & 2)))
        if event.shiftKey and (not inside or first_stop):
            event.preventDefault()
            items[-1].focus()
        elif not event.shiftKey and (not inside or active == items[-1]):
            event.preventDefault()
            items[0].focus()


class FramePlayer:
    """Plays a :class:`FrameQueue`: holds each frame ``hold_seconds(frame, factor())``, then shows
    the next (``on_frame``); ``on_end`` when the last one has been held (or the queue skipped)."""

    def __init__(self, queue: FrameQueue, factor: Callable[[], float], on_frame: Callable[[], None],
                 on_end: Callable[[], None]) -> None:
        self.queue = queue
        self.factor = factor
        self.on_frame = on_frame
        self.on_end = on_end
        self.task: Any = None
        self.stopped = False

    def start(self) -> None:
        if self.task is None and not self.stopped:
            self.task = asyncio.ensure_future(self._run())

    def skip(self) -> None:
        self.queue.skip()
        if self.task is not None:
            self.task.cancel()

    def stop(self) -> None:
        """For good (the view goes): no more frames, no ``on_end``."""
        self.stopped = True
        self.queue.stop()
        if self.task is not None:
            self.task.cancel()
            self.task = None

    async def _run(self) -> None:
        try:
            while self.queue.current is not None and not self.stopped:
                await asyncio.sleep(hold_seconds(self.queue.current, self.factor()))
                if not self.queue.waiting or self.stopped:
                    break
                self.queue.advance()
                self.on_frame()
        except asyncio.CancelledError:
            raise
        except Exception:  # noqa: BLE001 - a broken frame must not stop the game
            traceback.print_exc()
        finally:
            self.queue.current = None
            self.task = None
            if not self.stopped:
                self.on_end()
