"""The Confirm / Take back bar of "confirm my moves" (issue 17), drawn by the shell for any game.

``Controller`` (``app.host``) calls ``App.confirm_bar(kind)``: ``"applied"`` (the move is on
the board, nobody answered yet), ``"held"`` (the move would reveal something hidden: it is
not applied until confirmed) or ``None`` (no bar).  The bar is fixed at the bottom of the
window, so on a phone its buttons are in view wherever the board has scrolled.

A held move's bar names it (``#shell-confirm-move``: the view's words for it, ``held_words()``, when
the game has them; play-test 8 F3: on a phone the prompt naming it was scrolled off-screen) and says
what confirming it reveals in the game's terms when the game says (``Controller.held_reason``,
``GameSpec.held_reveals``; play-test 8 F5), else in general words.

Hooks for tests: ``#shell-confirm`` (``data-kind``), ``#shell-confirm-ok``, ``#shell-confirm-back``,
``#shell-confirm-move``.
"""

from __future__ import annotations

from collections.abc import Callable

from app.dom import el, on
from app.i18n import t

__all__ = ["ConfirmBar"]


class ConfirmBar:
    def __init__(self, on_confirm: Callable[[], None], on_take_back: Callable[[], None]):
        self.kind: str | None = None
        # The held move's words and the game's sentence for it, asked again at each relabel (a language).
        self.about: Callable[[], tuple[str | None, str | None]] = lambda: (None, None)
        self.move = el("strong", {"class": "shell-confirm-move", "id": "shell-confirm-move", "hidden": True})
        self.why = el("span", {"id": "shell-confirm-why"})
        self.text = el("p", {"class": "shell-confirm-text", "id": "shell-confirm-text"}, self.move, self.why)
        self.ok = el("button", {"type": "button", "id": "shell-confirm-ok", "class": "ng-primary"})
        self.back = el("button", {"type": "button", "id": "shell-confirm-back"})
        self.node = el("section", {"id": "shell-confirm", "class": "shell-confirm", "hidden": True},
                       self.text, el("p", {"class": "shell-confirm-buttons"}, self.back, " ", self.ok))
        on(self.ok, "click", lambda _e: self.kind is not None and on_confirm())
        on(self.back, "click", lambda _e: self.kind is not None and on_take_back())
        self.relabel()

    def relabel(self) -> None:
        self.ok.textContent = t("confirm.ok")
        self.back.textContent = t("confirm.back")
        self.node.setAttribute("aria-label", t("confirm.region"))
        if self.kind is not None:
            words, reason = self.about() if self.kind == "held" else (None, None)
            words = words.strip().rstrip(".") if words else ""
            self.move.textContent = f"{words}." if words else ""
            self.move.hidden = not words
            self.why.textContent = reason or (t("confirm.held") if self.kind == "held" else t("confirm.applied"))

    def show(self, kind: str | None) -> None:
        self.kind = kind
        self.node.hidden = kind is None
        if kind is None:
            self.node.removeAttribute("data-kind")
            return
        self.node.dataset.kind = kind
        self.relabel()
        self.ok.focus()
