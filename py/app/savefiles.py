"""A game as a file (browser): the header's Export and Import, and a damaged save downloaded as it is.

Apart from ``app.shell`` so that a page's start does not compile it (issue 13: every KB compiled
before the first screen costs ~0.5-1 ms in Pyodide): ``App.save_files`` imports it on first use.
"""

from __future__ import annotations

import re
import traceback
from typing import TYPE_CHECKING

from pyscript import window
from pyscript.ffi import is_none

from app import savejson
from app.dom import download_text
from app.errors import said_later
from app.i18n import t
from app.session import ID_FORM, SaveError, Session, new_id
from app.storage import StorageError

if TYPE_CHECKING:
    from app.shell import App

__all__ = ["SaveFiles"]


class SaveFiles:
    """The shell's files: the game on screen written to one, a chosen one opened as a game."""

    def __init__(self, app: App):
        self.app = app

    def export(self) -> None:
        """The game on screen as a JSON file named after its game and its last save's time."""
        s = self.app.session
        if s is None:
            return
        stamp = re.sub(r"[^0-9]", "", s.data.get("updated", ""))[:12] or "game"
        download_text(f"{s.spec.key}-{stamp[:8]}-{stamp[8:12]}.json", s.to_json(indent=1) + "\n")

    def download_raw(self, key: str, text: str) -> None:
        """A save the page cannot read, downloaded as stored (the new-game screen's damaged saves)."""
        name = re.sub(r"[^A-Za-z0-9.-]+", "-", key)
        download_text(f"{name}.json", text)

    async def _fetch_code_named_in(self, text: str) -> None:
        """The archives of the game a save file names, fetched asynchronously before it is read
        (``fetch_code``: offline, only the page's own fetch is answered by the service worker).
        Anything wrong with the file is left to ``Session.from_json``, which says what it is."""
        try:
            data = savejson.parse(text)
        except savejson.JSONProblem:
            return
        key = data.get("game") if isinstance(data, dict) else None
        info = self.app.games.get(key) if isinstance(key, str) else None
        if info is not None:
            await self.app.fetch_game_code(info)       # nothing to fetch: returns at once

    async def import_file(self) -> None:
        """The file chosen in the header's Import (``#shell-import-file``), opened as a game."""
        app = self.app
        field = app.nodes["import_file"]
        files = field.files
        if is_none(files) or files.length == 0:
            return
        file = files.item(0)
        name = str(file.name)
        try:
            text = str(await file.text())
        except Exception as e:  # noqa: BLE001
            app.notify(said_later("import.unreadable", file=name, error=e), "error")
            return
        finally:
            field.value = ""  # choosing the same file again fires "change" again
        await self._fetch_code_named_in(text)
        try:
            session = Session.from_json(text, app.games)
        except SaveError as e:
            app.notify(said_later("import.failed", file=name, error=e), "error")
            return
        except Exception as e:  # noqa: BLE001 - never let a file break the page
            window.console.error(traceback.format_exc())
            app.notify(said_later("import.failed", file=name, error=e), "error")
            return
        try:
            stored = app.store.stored_save(session.id)
        except StorageError as e:              # nothing could be saved either: said, nothing changed
            app.notify(said_later("import.storage", file=name, error=e), "error")
            return
        saved_already = stored == session.to_json()
        if (stored is not None and not saved_already) or not ID_FORM.match(session.id):
            # Never overwrite another save with the same id; and an id of the page's form, which its
            # result (app.results) and a daily day (app.daily) name the game by.
            session.data["id"] = new_id()
            saved_already = False
        app.notify(lambda: t("import.done", file=name), "info")
        # A file holding exactly a save of this page opens as that save (another tab may play it).
        app.open_session(session, save=not saved_already)
