"""The replay screen (browser): any game's view driven by an :class:`app.replay.Replay`.

``#shell-replay`` holds the controls and ``#shell-replay-view``, where the
game's own view is mounted with a :class:`app.replay.ReplayHost` (nobody
decides; its move log follows the cursor), so the board is drawn and animated
exactly as in play.  Controls: ``#replay-start``, ``#replay-back``,
``#replay-play`` (play / pause at ``#replay-speed``), ``#replay-forward``,
``#replay-end``, the slider ``#replay-slider``, ``#replay-round`` (games with
rounds), ``#replay-viewer`` (after the end: any seat or a spectator),
``#replay-share`` (a finished game's link) and ``#replay-close``; on a phone on its side
``#replay-more`` opens the options and the link's copy in a panel (``aria-expanded``).  Keys
anywhere on the page while the replay shows (the handler is the document's, so
that a click on an empty spot, or a control disabled under the focus, does not
silence them; form fields keep their own keys): ← → one move, Home / End,
Space plays or pauses.  A control disabled while it has the focus (› at the
last move) hands the focus to play / pause, never to ``<body>``.
``<body data-replay-index>`` is the position shown (for tests).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from pyscript import document

from app.dom import JsObject, Listeners, copy_text, el, page_address
from app.i18n import seat_label, t
from app.replay import Replay, ReplayHost, link_tail
from app.session import Session

if TYPE_CHECKING:
    from app.games import GameView
    from app.shell import App

__all__ = ["ReplayScreen", "SPEEDS", "replay_key"]

SPEEDS = {"slow": 1.6, "normal": 0.8, "fast": 0.3}   # seconds between moves when playing


FIELDS = frozenset({"SELECT", "INPUT", "TEXTAREA"})    # their arrows, Home / End and Space are their own
ACTIVATED = frozenset({"BUTTON", "SUMMARY", "A"})      # Space (and Enter) activate them


def replay_key(tag: str, editable: bool, key: str) -> bool:
    """Whether a key pressed on an element (its ``tagName``, whether it is content-editable) is
    the replay's, not the element's own: a form field keeps all its keys, a button its Space."""
    tag = tag.upper()
    if tag in FIELDS or editable:
        return False
    return not (key == " " and tag in ACTIVATED)


class ReplayScreen:
    """The replay of one session in ``section`` (the shell's ``#shell-replay``)."""

    def __init__(self, app: App, section: JsObject) -> None:
        self.app = app
        self.section = section
        self.listeners = Listeners()
        self.replay: Replay | None = None
        self.session: Session | None = None
        self.view: GameView | None = None
        self.playing: asyncio.Task | None = None
        self.speed = "normal"
        self.on_close: Callable[[], None] = lambda: None
        self.back = "replay.close"                  # what the close button says (open)
        self.nodes: dict[str, JsObject] = {}

    # ------------------------------------------------------------ open / close

    def open(self, session: Session, on_close: Callable[[], None], from_link: bool = False,
             back: str = "replay.close") -> None:
        """Replay ``session`` (``from_link``: a shared link's); its close button calls ``on_close`` and says
        ``back``, the text key of where it leads: "Back to the game" (the game on screen's replay), a
        link's "New game" or "Back to your game" (``ReplayFlow.way_back``), a day's "Back to the results"..."""
        self.close_view()
        self.session = session
        self.replay = Replay(session, shared=from_link)
        self.on_close = on_close
        self.back = back
        self.render()
        self.show()

    def close_view(self) -> None:
        self.stop()
        if self.view is not None:
            self.view.destroy()
            self.view = None
        self.listeners.release()
        self.section.replaceChildren()
        document.body.removeAttribute("data-replay-index")

    def close(self) -> None:
        self.close_view()
        self.replay = None
        self.on_close()

    # ------------------------------------------------------------ drawing

    def _button(self, key: str, glyph: str, label_key: str) -> JsObject:
        label = t(label_key)
        node = el("button", {"type": "button", "id": f"replay-{key}", "aria-label": label, "title": label}, glyph)
        self.nodes[key] = node
        return node

    def render(self) -> None:
        replay, n = self.replay, self.nodes
        assert replay is not None and self.session is not None
        n.clear()
        title = el("h2", {"id": "shell-replay-title", "tabindex": "-1"},
                   t("replay.heading", title=self.session.spec.title))
        buttons = el("div", {"class": "replay-buttons"},
                     self._button("start", "\u00ab", "replay.start"), self._button("back", "\u2039", "replay.back"),
                     self._button("play", "\u25b6", "replay.play"), self._button("forward", "\u203a", "replay.forward"),
                     self._button("end", "\u00bb", "replay.end"))
        n["slider"] = el("input", {"type": "range", "id": "replay-slider", "min": 0, "max": replay.length,
                                   "value": replay.index, "step": 1, "aria-label": t("replay.slider")})
        n["position"] = el("output", {"id": "replay-position", "for": "replay-slider", "aria-live": "polite"})
        extras = el("div", {"class": "replay-options"})
        rounds = replay.rounds()
        if rounds:
            n["round"] = el("select", {"id": "replay-round"},
                            *[el("option", {"value": r}, t("replay.round.option", round=r)) for r, _ in rounds])
            extras.append(el("label", {"for": "replay-round"}, t("replay.round")))
            extras.append(n["round"])
        n["speed"] = el("select", {"id": "replay-speed"},
                        *[el("option", {"value": k, "selected": k == self.speed}, t(f"replay.speed.{k}"))
                          for k in SPEEDS])
        extras.append(el("label", {"for": "replay-speed"}, t("replay.speed")))
        extras.append(n["speed"])
        viewers = replay.viewers()
        if len(viewers) > 1:
            n["viewer"] = el("select", {"id": "replay-viewer"},
                             *[el("option", {"value": "" if v is None else v, "selected": v == replay.viewer},
                                  t("replay.viewer.spectator") if v is None
                                  else seat_label(str(replay.seats[v].get("name", v))))
                               for v in viewers])
            extras.append(el("label", {"for": "replay-viewer"}, t("replay.viewer.label")))
            extras.append(n["viewer"])
        tail = el("div", {"class": "replay-buttons"})
        if self.session.over:
            n["share"] = el("button", {"type": "button", "id": "replay-share"}, t("replay.share"))
            tail.append(n["share"])
        n["close"] = el("button", {"type": "button", "id": "replay-close", "class": "ng-primary"}, t(self.back))
        # On a phone on its side the controls are one row (static/app.css: they took ~170 px of a 390 px
        # window above the board): the options and the link's copy open from "Options" (#replay-more, shown
        # only there) in a panel under it; elsewhere the wrapper is no box (display: contents).
        n["more"] = el("button", {"type": "button", "id": "replay-more", "class": "replay-more",
                                  "aria-expanded": "false", "aria-controls": "replay-extra"}, t("replay.options"))
        n["extra"] = el("div", {"class": "replay-extra", "id": "replay-extra"}, extras, tail if "share" in n else None)
        n["controls"] = controls = el("div", {"class": "replay-controls", "role": "group",
                                              "aria-label": t("replay.controls")},
                                      buttons, el("div", {"class": "replay-track"}, n["slider"], n["position"]),
                                      n["more"], n["extra"], el("div", {"class": "replay-buttons"}, n["close"]),
                                      el("p", {"class": "replay-keys"}, t("replay.keys")))
        container = el("div", {"id": "shell-replay-view"})
        self.section.replaceChildren(title, controls, container)
        self.section.setAttribute("aria-labelledby", "shell-replay-title")

        L = self.listeners
        L.on(n["start"], "click", lambda _e: self.go(0))
        L.on(n["back"], "click", lambda _e: self.go(replay.index - 1))   # this replay's: a new one draws anew
        L.on(n["forward"], "click", lambda _e: self.go(replay.index + 1))
        L.on(n["end"], "click", lambda _e: self.go(replay.length))
        L.on(n["play"], "click", lambda _e: self.toggle())
        L.on(n["slider"], "input", lambda _e: self.go(int(n["slider"].value)))
        L.on(n["speed"], "change", lambda _e: self._speed(str(n["speed"].value)))
        if "round" in n:
            L.on(n["round"], "change", lambda _e: self.go_round(int(n["round"].value)))
        if "viewer" in n:
            L.on(n["viewer"], "change", lambda _e: self._viewer(str(n["viewer"].value)))
        if "share" in n:
            L.on(n["share"], "click", lambda _e: asyncio.ensure_future(self.share()))
        L.on(n["close"], "click", lambda _e: self.close())
        L.on(n["more"], "click", lambda _e: self.more(not self.more_open()))
        L.on(document, "click", self._click_outside)
        L.on(document, "keydown", self._key)       # released with the screen (close_view)

        host = ReplayHost(replay, self.app.settings, self.app.new_game)
        self.view = self.session.spec.mount(container, host)
        self.view.set_busy(None)

    def show(self, events: list[dict[str, Any]] | None = None) -> None:
        replay, view, n = self.replay, self.view, self.nodes
        assert replay is not None and view is not None    # open() made both (render)
        frame = replay.frame(events)
        view.show(frame.state, frame.viewer, frame.events)
        n["slider"].value = str(replay.index)
        n["position"].textContent = t("replay.position.text", index=replay.index, count=replay.length)
        if "round" in n:
            r = replay.round_at(replay.index)
            if r is not None:
                n["round"].value = str(r)
        n["start"].disabled = n["back"].disabled = replay.index == 0
        focused = str(getattr(document.activeElement, "id", "") or "")
        n["forward"].disabled = n["end"].disabled = replay.at_end()
        if any(focused == f"replay-{k}" and n[k].disabled for k in ("start", "back", "forward", "end")):
            n["play"].focus()     # always enabled: the keys and Tab go on from the controls, not <body>
        playing = self.playing is not None
        n["play"].textContent = "| |" if playing else "\u25b6"   # glyphs every font has
        label = t("replay.pause" if playing else "replay.play")
        n["play"].setAttribute("aria-label", label)
        n["play"].title = label
        n["play"].setAttribute("aria-pressed", "true" if playing else "false")
        document.body.dataset.replayIndex = str(replay.index)

    # ------------------------------------------------------------ moving

    def go(self, index: int) -> None:
        if self.replay is None:
            return
        frame = self.replay.seek(index)
        self.show(frame.events)

    def go_round(self, round_no: int) -> None:
        if self.replay is None:
            return
        self.stop()
        frame = self.replay.jump_round(round_no)
        self.show(frame.events)

    def _viewer(self, value: str) -> None:
        if self.replay is None:
            return
        self.replay.set_viewer(None if value == "" else int(value))
        self.show()

    def _speed(self, value: str) -> None:
        if value in SPEEDS:
            self.speed = value

    def toggle(self) -> None:
        if self.playing is not None:
            self.stop()
            self.show()
            return
        if self.replay is not None and self.replay.at_end():
            self.replay.seek(0)
        self.playing = asyncio.ensure_future(self._play())
        self.show()

    def stop(self) -> None:
        task, self.playing = self.playing, None
        if task is not None and not task.done():
            task.cancel()

    async def _play(self) -> None:
        try:
            while self.replay is not None and not self.replay.at_end():
                await asyncio.sleep(SPEEDS[self.speed])
                if self.replay is None or self.playing is None:
                    return
                self.go(self.replay.index + 1)
        finally:
            if self.playing is asyncio.current_task():
                self.playing = None
                if self.replay is not None:
                    self.show()

    # ------------------------------------------------------------ "Options" (a phone on its side)

    def more_open(self) -> bool:
        return "more" in self.nodes and self.nodes["controls"].hasAttribute("data-more")

    def more(self, open_it: bool, focus: bool = False) -> None:
        """Open or close the panel of options under "Options"; ``focus``: that button takes the focus back."""
        n = self.nodes
        if open_it:
            n["controls"].setAttribute("data-more", "")
        else:
            n["controls"].removeAttribute("data-more")
        n["more"].setAttribute("aria-expanded", "true" if open_it else "false")
        if focus:
            n["more"].focus()

    def _click_outside(self, event: JsObject) -> None:
        """A tap anywhere but on "Options" and its panel closes the panel, as the header's menus do."""
        n = self.nodes
        if self.more_open() and not n["more"].contains(event.target) and not n["extra"].contains(event.target):
            self.more(False)

    def _key(self, event: JsObject) -> None:
        if self.replay is None or event.defaultPrevented or event.altKey or event.ctrlKey or event.metaKey:
            return    # handled already (the board's own keys), or the browser's (Alt+← is Back)
        if str(event.key) == "Escape" and self.more_open():
            event.preventDefault()
            self.more(False, focus=True)
            return
        if not replay_key(str(getattr(event.target, "tagName", "")),
                          bool(getattr(event.target, "isContentEditable", False)), str(event.key)):
            return
        key = str(event.key)
        moves = {"ArrowLeft": self.replay.index - 1, "ArrowRight": self.replay.index + 1,
                 "Home": 0, "End": self.replay.length}
        if key in moves:
            event.preventDefault()
            self.stop()
            self.go(moves[key])
        elif key == " ":
            event.preventDefault()
            self.toggle()

    # ------------------------------------------------------------ sharing

    def link(self) -> str:
        assert self.session is not None
        return page_address(link_tail(self.session))

    async def share(self) -> None:
        """Copies the link; the notice says so without printing it (a long unbroken link made the page
        2336 px wide, play-test 4 #3), or, when the clipboard failed, shows it to copy by hand."""
        link = self.link()
        copied = await copy_text(link)
        self.app.notify(t("replay.copied") if copied else t("replay.copy_by_hand", link=link), "info")
        self.section.dataset.link = link
