"""The game screen's Share menu (issue 17): "this setup" (a link that starts the same game anew:
``app.links.share_query``) and "this game so far" (the session as a file, what Import reads back);
each says what it did ("Copied.", "Saved to a file.").

Hooks for tests: ``#shell-share`` (a ``<details>``; Escape or a click outside closes it, as the
settings), ``#shell-share-setup``, ``#shell-share-game``, ``#shell-share-said`` (``role=status``).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from app.dom import copy_and_say, el, on, page_address
from app.i18n import t
from app.links import share_query
from app.session import Session

__all__ = ["ShareMenu"]


class ShareMenu:
    def __init__(self, session: Callable[[], Session | None], export: Callable[[], None]):
        self.session = session
        self.export = export
        self.summary = el("summary", {})
        self.setup = el("button", {"type": "button", "id": "shell-share-setup"})
        self.game = el("button", {"type": "button", "id": "shell-share-game"})
        self.link = el("input", {"type": "text", "readonly": True, "id": "shell-share-link", "hidden": True})
        self.said = el("p", {"id": "shell-share-said", "class": "shell-share-said", "role": "status"})
        self.node = el("details", {"class": "shell-share", "id": "shell-share"}, self.summary,
                       el("div", {"class": "shell-share-body"},
                          el("p", {}, self.setup), el("p", {}, self.game), self.link, self.said))
        on(self.setup, "click", lambda _e: self.copy_setup())
        on(self.game, "click", lambda _e: self.save_game())
        self.relabel()

    def relabel(self) -> None:
        self.summary.textContent = t("share.title")
        self.setup.textContent = t("share.setup")
        self.game.textContent = t("share.game")
        self.link.setAttribute("aria-label", t("newgame.share.link"))
        self.said.textContent = ""

    def copy_setup(self) -> None:
        """The setup's link, shown at once (in the click's task: a test read it before the copy's task
        had run), then to the clipboard, else left selected for Ctrl+C; the menu says which."""
        session = self.session()
        if session is None:
            return
        url = page_address(share_query(session.spec, session.setup, session.seats))
        self.link.value = url
        self.link.hidden = False
        asyncio.ensure_future(copy_and_say(url, self.link, self.said))

    def save_game(self) -> None:
        if self.session() is None:
            return
        self.export()
        self.said.textContent = t("share.saved")
