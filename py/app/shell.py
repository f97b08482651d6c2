"""The page shell: chrome, screens, saves, links, settings; games plug in through ``app.games``.

``app/main.py`` registers the games, then::

    App().run()

``run`` draws the chrome into ``#root``, opens the browser's storage, then
either starts the game a link describes (``?date=…&seats=…&seed=…``), resumes
the game on screen at the last visit, or shows the new-game screen; finally it
removes the loading screen and sets ``<body data-ready="1">``.

Screens (``<body data-screen=…>``): ``newgame`` (``#shell-newgame``),
``game`` (the game's view in ``#game``), ``pass`` (hot-seat: ``#shell-pass``,
``#game`` hidden and drawn for nobody).  Other hooks for tests:
``data-busy="1"`` while a bot thinks, ``data-moves`` (actions played),
``data-bot-ms`` (the last bot decisions' thinking times) and ``data-bot-slice-ms``,
``#shell-notices .shell-notice[data-kind]`` (messages), header buttons
``#shell-undo``, ``#shell-new``, ``#shell-export``, ``#shell-import`` (and its file
input ``#shell-import-file``), settings ``input[name=bot_speed]``.
"""

from __future__ import annotations

import asyncio
import gc
import re
import traceback

from pyscript import document, window
from pyscript.ffi import is_none

from app.dom import Listeners, by_id, download_text, el, on
from app.games import GAMES, GameSpec
from app.host import Controller
from app.links import LinkError, is_game_link, parse_link
from app.session import SaveError, Session, new_id
from app.storage import MemoryStorage, SaveStore, StorageError

__all__ = ["App", "BrowserStorage"]


class BrowserStorage:
    """``window.localStorage`` with Python values (a JS null becomes None)."""

    def __init__(self, storage):
        self.js = storage

    @property
    def length(self) -> int:
        return int(self.js.length)

    def key(self, i: int) -> str | None:
        value = self.js.key(i)
        return None if is_none(value) else str(value)

    def getItem(self, key: str) -> str | None:  # noqa: N802
        value = self.js.getItem(key)
        return None if is_none(value) else str(value)

    def setItem(self, key: str, value: str) -> None:  # noqa: N802
        self.js.setItem(key, value)

    def removeItem(self, key: str) -> None:  # noqa: N802
        self.js.removeItem(key)


def open_storage():
    """(storage, problem): the browser's localStorage, or memory with a message if it is refused."""
    try:
        storage = window.localStorage
        if is_none(storage):
            raise RuntimeError("no localStorage")
        probe = "__storage_probe__"
        storage.setItem(probe, "1")
        storage.removeItem(probe)
        return BrowserStorage(storage), None
    except Exception as e:  # noqa: BLE001 - SecurityError (storage disabled), quota...
        full = "quota" in str(e).lower()
        why = "its storage is full" if full else "it does not allow this site to store data"
        return MemoryStorage(), (f"This browser will not keep your games: {why}. You can play, "
                                 "and export a game to a file to keep it.")


class App:
    """The page: header, notices, screens; the ``ShellUI`` of the game controller."""

    def __init__(self, title: str = "Ptolemaeus", root_id: str = "root", storage_prefix: str = "ptolemaeus."):
        self.title = title
        self.root = by_id(root_id)
        self.prefix = storage_prefix
        self.games: dict[str, GameSpec] = GAMES
        self.store: SaveStore | None = None
        self.settings: dict = {}
        self.session: Session | None = None
        self.controller: Controller | None = None
        self.newgame = None
        self.nodes: dict = {}
        self.notice_listeners: dict[str, Listeners] = {}

    # ------------------------------------------------------------ chrome

    def render(self) -> None:
        n = self.nodes
        n["undo"] = el("button", {"type": "button", "id": "shell-undo", "disabled": True,
                                  "title": "Take back your last step"}, "Undo")
        n["new"] = el("button", {"type": "button", "id": "shell-new"}, "New game")
        n["export"] = el("button", {"type": "button", "id": "shell-export", "title": "Save this game to a file"},
                         "Export")
        n["import_file"] = el("input", {"type": "file", "id": "shell-import-file", "accept": ".json,application/json",
                                        "hidden": True, "aria-label": "Game file to import"})
        n["import"] = el("button", {"type": "button", "id": "shell-import", "title": "Open a game from a file"},
                         "Import")
        speed = el("fieldset", {"class": "shell-speed"}, el("legend", {}, "Bot speed"))
        for value, label in (("watchable", "Watchable"), ("instant", "Instant")):
            radio = el("input", {"type": "radio", "name": "bot_speed", "value": value, "id": f"shell-speed-{value}"})
            on(radio, "change", lambda _e, v=value: self.set_setting("bot_speed", v))
            speed.append(el("label", {"for": f"shell-speed-{value}"}, radio, f" {label}"))
        n["speed"] = speed
        settings = el("details", {"class": "shell-settings", "id": "shell-settings"},
                      el("summary", {}, "Settings"), el("div", {"class": "shell-settings-body"}, speed))
        controls = el("nav", {"class": "shell-controls", "aria-label": "Game"},
                      n["undo"], n["new"], n["export"], n["import"], n["import_file"], settings)
        header = el("header", {"class": "shell-header"},
                    el("h1", {"class": "shell-title"}, self.title), controls)
        n["notices"] = el("div", {"id": "shell-notices", "class": "shell-notices", "aria-live": "polite"})
        n["newgame"] = el("div", {"id": "shell-newgame", "hidden": True})
        n["pass_name"] = el("h2", {"id": "shell-pass-title"})
        n["pass_text"] = el("p", {})
        n["pass_ready"] = el("button", {"type": "button", "id": "shell-pass-ready", "class": "ng-primary"})
        n["pass"] = el("section", {"id": "shell-pass", "class": "shell-pass", "hidden": True,
                                   "aria-labelledby": "shell-pass-title"},
                       n["pass_name"], n["pass_text"], n["pass_ready"])
        n["game"] = el("div", {"id": "game", "hidden": True})
        app = el("div", {"id": "app"}, n["newgame"], n["pass"], n["game"])
        self.root.replaceChildren(header, n["notices"], el("main", {"class": "shell-main"}, app))

        on(n["undo"], "click", lambda _e: self.controller and self.controller.can_undo() and self.controller.undo())
        on(n["new"], "click", lambda _e: self.show_newgame())
        on(n["export"], "click", lambda _e: self.export())
        on(n["import"], "click", lambda _e: n["import_file"].click())
        on(n["import_file"], "change", lambda _e: asyncio.ensure_future(self.import_file()))
        on(n["pass_ready"], "click", lambda _e: self._pass_ready())
        on(window, "storage", self._storage_event)
        self._pass_callback = None

    def _screen(self, name: str) -> None:
        n = self.nodes
        n["newgame"].hidden = name != "newgame"
        n["pass"].hidden = name != "pass"
        n["game"].hidden = name != "game"
        document.body.dataset.screen = name
        self.refresh()

    def refresh(self) -> None:
        """Enable the buttons that make sense now."""
        n, c = self.nodes, self.controller
        in_game = c is not None and document.body.dataset.screen in ("game", "pass")
        n["undo"].disabled = not (in_game and c.can_undo())
        n["export"].disabled = self.session is None
        n["undo"].hidden = n["export"].hidden = not in_game
        n["new"].hidden = document.body.dataset.screen == "newgame"
        if self.session is not None:
            document.body.dataset.moves = str(len(self.session.actions))
        if c is not None and c.bot_times:
            # For measurements: how long the last bot decisions took (ms) and their longest slice.
            document.body.dataset.botMs = ",".join(str(round(t * 1000)) for t in c.bot_times[-20:])
            document.body.dataset.botSliceMs = str(round(max(c.bot_slices[-20:]) * 1000))

    # ------------------------------------------------------------ notices

    def notify(self, text: str | None, kind: str = "info", actions: list[tuple[str, object]] | None = None) -> None:
        """Show a message (one per kind: "error", "info", "save"...); ``text=None`` removes it."""
        box = self.nodes["notices"]
        old = box.querySelector(f'.shell-notice[data-kind="{kind}"]')
        listeners = self.notice_listeners.pop(kind, None)
        if listeners is not None:
            listeners.release()
        if not is_none(old):
            old.remove()
        if text is None:
            return
        listeners = self.notice_listeners[kind] = Listeners()
        role = "alert" if kind in ("error", "save") else "status"
        notice = el("div", {"class": "shell-notice", "data-kind": kind, "role": role},
                    el("p", {"class": "shell-notice-text"}, text))
        buttons = el("p", {"class": "shell-notice-buttons"})
        for label, action in (actions or []):
            button = el("button", {"type": "button"}, label)
            listeners.on(button, "click", lambda _e, a=action: a())
            buttons.append(button)
        if kind != "save":
            close = el("button", {"type": "button", "class": "shell-notice-close", "aria-label": "Dismiss"},
                       "\u2715")
            listeners.on(close, "click", lambda _e: self.notify(None, kind))
            buttons.append(close)
        notice.append(buttons)
        box.append(notice)

    def busy(self, text: str | None) -> None:
        if text:
            document.body.dataset.busy = "1"
        else:
            document.body.removeAttribute("data-busy")

    # ------------------------------------------------------------ start-up

    def run(self) -> None:
        self.render()
        storage, problem = open_storage()
        self.store = SaveStore(storage, self.games, self.prefix)
        self.settings = {**self.store.load_settings(), "lang": "en"}
        self._show_settings()
        if problem:
            self.notify(problem, "storage")
        self.boot(str(window.location.search or ""))
        self.finish_loading()
        # Everything made so far (modules, tables, the first screen) lives as long as the page: keep it
        # out of the garbage collector's full passes, which would otherwise take ~10 ms each in Pyodide
        # (and land inside a bot's 30 ms slice).
        gc.collect()
        gc.freeze()

    def boot(self, query: str) -> None:
        if query and is_game_link(query, self.games):
            self.start_from_link(query)
            return
        loaded = self.store.load_current()
        if loaded.session is not None:
            self.open_session(loaded.session)
            moves = len(loaded.session.actions)
            if moves and not loaded.session.over:
                self.notify(f"Welcome back: your game is where you left it ({moves} moves).", "info",
                            [("Abandon this game", self._abandon)])
            return
        if loaded.problem:
            self.notify(loaded.problem, "error")
        self.show_newgame()

    def start_from_link(self, query: str) -> None:
        games, _problems = self.store.saved_games()
        kept = any(g.id == self.store.current_id() and not g.over for g in games)
        try:
            spec, setup, seats = parse_link(query, self.games)
            session = Session.start(spec, setup, seats)
        except (LinkError, SaveError) as e:
            self.notify(f"This link cannot start a game: {e}. Choose the game below instead.", "error")
            self.show_newgame()
        else:
            self.start_session(session)
            if kept:
                self.notify("The game you had on screen is kept: resume it from New game.", "info")
        # A reload now resumes the game instead of starting the link's again.
        path = window.location.pathname + (window.location.hash or "")
        window.history.replaceState(None, "", path)

    def finish_loading(self) -> None:
        """Remove the loading screen and tell the world (and the tests) we're ready."""
        loading = by_id("loading")
        if loading is not None:
            loading.remove()
        document.body.dataset.ready = "1"

    # ------------------------------------------------------------ screens

    def show_newgame(self, prefill=None) -> None:
        from app.newgame import NewGameScreen

        self._leave_game()
        if self.newgame is None:
            self.newgame = NewGameScreen(self, self.nodes["newgame"])
        self.newgame.render(prefill)
        self._screen("newgame")
        heading = self.nodes["newgame"].querySelector("h2")
        if not is_none(heading):
            heading.setAttribute("tabindex", "-1")
            heading.focus()

    def start_session(self, session: Session) -> None:
        """A new game: older finished games go, unfinished ones stay; save it and play."""
        self.store.forget_finished(keep=session.id)
        self.notify(None, "info")
        self.open_session(session, save=True)

    def open_session(self, session: Session, save: bool = False) -> None:
        self._leave_game()
        self.session = session
        container = self.nodes["game"]
        container.replaceChildren()
        controller = Controller(session, self.store, self, self.settings)
        self.controller = controller
        self._screen("game")
        controller.attach(session.spec.mount(container, controller))
        if save:
            controller.save()
        else:
            try:
                self.store.save(session)  # make it the current game
            except StorageError as e:
                self.notify(str(e), "save")
        controller.start()
        self.refresh()

    def _leave_game(self) -> None:
        if self.controller is not None:
            self.controller.stop()
            self.controller = None
        self.nodes["game"].replaceChildren()
        self.notify(None, "save")

    def resume(self, game_id: str) -> None:
        if self.session is not None and self.session.id == game_id:
            self.open_session(self.session)  # the one in memory is never behind its save
            return
        loaded = self.store.load(game_id)
        if loaded.session is None:
            self.notify(loaded.problem, "error")
            self.show_newgame()
            return
        self.notify(None, "info")
        self.open_session(loaded.session)

    def forget_game(self, game_id: str) -> None:
        self.store.forget(game_id)
        if self.session is not None and self.session.id == game_id:
            self.session = None
            self.refresh()

    def _abandon(self) -> None:
        def really() -> None:
            if self.session is not None:
                self.forget_game(self.session.id)
            self.notify(None, "info")
            self.show_newgame()
        self.notify("Abandon this game? It will be deleted.", "info",
                    [("Delete it and start anew", really), ("Keep playing", lambda: self.notify(None, "info"))])

    # ------------------------------------------------------------ ShellUI (hot-seat...)

    def show_pass_screen(self, name: str, on_ready) -> None:
        n = self.nodes
        n["pass_name"].textContent = f"Pass the device to {name}"
        n["pass_text"].textContent = f"Only {name} should look at the screen now."
        n["pass_ready"].textContent = f"I am {name}: show my game"
        self._pass_callback = on_ready
        self._screen("pass")
        n["pass_ready"].focus()

    def hide_pass_screen(self) -> None:
        self._pass_callback = None
        if document.body.dataset.screen == "pass":
            self._screen("game")

    def _pass_ready(self) -> None:
        callback, self._pass_callback = self._pass_callback, None
        if callback is not None:
            callback()

    def new_game(self) -> None:
        self.show_newgame()

    # ------------------------------------------------------------ files

    def export(self) -> None:
        if self.session is None:
            return
        s = self.session
        stamp = re.sub(r"[^0-9]", "", s.data.get("updated", ""))[:12] or "game"
        download_text(f"{s.spec.key}-{stamp[:8]}-{stamp[8:12]}.json", s.to_json(indent=1) + "\n")

    def download_raw(self, key: str, text: str) -> None:
        name = re.sub(r"[^A-Za-z0-9.-]+", "-", key)
        download_text(f"{name}.json", text)

    async def import_file(self) -> None:
        field = self.nodes["import_file"]
        files = field.files
        if is_none(files) or files.length == 0:
            return
        file = files.item(0)
        name = str(file.name)
        try:
            text = str(await file.text())
        except Exception as e:  # noqa: BLE001
            self.notify(f"{name} could not be read: {e}", "error")
            return
        finally:
            field.value = ""  # choosing the same file again fires "change" again
        try:
            session = Session.from_json(text, self.games)
        except SaveError as e:
            self.notify(f"{name} could not be imported: {e}. Nothing was changed.", "error")
            return
        except Exception as e:  # noqa: BLE001 - never let a file break the page
            traceback.print_exc()
            self.notify(f"{name} could not be imported: {e}. Nothing was changed.", "error")
            return
        stored = self.store.storage.getItem(self.store.game_key(session.id)) if self.store else None
        if stored is not None and stored != session.to_json():
            session.data["id"] = new_id()  # never overwrite another save with the same id
        self.notify(f"Imported {name}.", "info")
        self.open_session(session, save=True)

    # ------------------------------------------------------------ settings

    def _show_settings(self) -> None:
        for radio in self.nodes["speed"].querySelectorAll("input[name=bot_speed]"):
            radio.checked = radio.value == self.settings.get("bot_speed")

    def set_setting(self, key: str, value) -> None:
        self.settings[key] = value  # the controller holds the same dict
        try:
            self.store.save_settings(self.settings)
        except StorageError as e:
            self.notify(f"{e} The setting applies until you leave the page.", "error")

    def _storage_event(self, event) -> None:
        """Another tab changed this game's save: say so (two tabs would overwrite each other)."""
        key = event.key
        if self.session is None or is_none(key) or str(key) != self.store.game_key(self.session.id):
            return
        self.notify("This game was changed in another tab. Reload to continue from there; "
                    "playing on here would overwrite it.", "tabs",
                    [("Reload", lambda: window.location.reload())])
