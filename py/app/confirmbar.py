"""The Confirm / Take back bar of "confirm my moves" (issue 17), drawn by the shell for any game.

``Controller`` (``app.host``) calls ``App.confirm_bar(kind)``: ``"applied"`` (the move is on
the board, nobody answered yet), ``"held"`` (the move would reveal something hidden: it is
not applied until confirmed) or ``None`` (no bar).  The bar is fixed at the bottom of the
window, so on a phone its buttons are in view wherever the board has scrolled.

Hooks for tests: ``#shell-confirm`` (``data-kind``), ``#shell-confirm-ok``, ``#shell-confirm-back``.
"""

from __future__ import annotations

from collections.abc import Callable

from app.dom import el, on
from app.i18n import t

__all__ = ["ConfirmBar"]


class ConfirmBar:
    def __init__(self, on_confirm: Callable[[], None], on_take_back: Callable[[], None]):
        self.kind: str | None = None
        self.text = el("p", {"class": "shell-confirm-text", "id": "shell-confirm-text"})
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
            self.text.textContent = t("confirm.held") if self.kind == "held" else t("confirm.applied")

    def show(self, kind: str | None) -> None:
        self.kind = kind
        self.node.hidden = kind is None
        if kind is None:
            self.node.removeAttribute("data-kind")
            return
        self.node.dataset.kind = kind
        self.relabel()
        self.ok.focus()
