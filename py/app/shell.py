"""The page shell: chrome, screens, saves, links, settings; games plug in through ``app.games``.

``app/main.py`` imports the catalog (which registers each game's description), then::

    App().run()

``run`` draws the chrome into ``#root``, opens the browser's storage, then
either starts the game a link describes (``?game=…&seats=…&seed=…``), resumes
the game on screen at the last visit, or shows the new-game screen; finally it
removes the loading screen and sets ``<body data-ready="1">``.

Screens (``<body data-screen=…>``): ``newgame`` (``#shell-newgame``),
``game`` (the game's view in ``#game``), ``pass`` (hot-seat: ``#shell-pass``,
``#game`` hidden and drawn for nobody).  Other hooks for tests:
``data-busy="1"`` while a bot thinks, ``data-moves`` (actions played),
``data-bot-ms`` (the last bot decisions' thinking times) and ``data-bot-slice-ms``,
``#shell-notices .shell-notice[data-kind]`` (messages), header buttons
``#shell-undo``, ``#shell-new``, ``#shell-export``, ``#shell-import`` (and its file
input ``#shell-import-file``), settings ``#shell-settings`` (a ``<details>``; Escape closes it and
focuses its summary) with ``input[name=bot_speed]`` and ``select#shell-lang``; beside them
``a#shell-rules``, the rules page of the game on screen (``show_screen``'s ``game``).

Language (``app.i18n``): a link's ``lang=``, else the stored setting, else the
browser's languages, else English; ``<html lang>`` follows it.  Switching it
in the settings relabels the chrome, redraws the screen on show (the game
view through ``Controller.redraw``: nothing is lost) and is remembered.
"""

from __future__ import annotations

import asyncio
import gc
import sys
import traceback
from collections.abc import Callable
from typing import TYPE_CHECKING

from pyscript import document, window
from pyscript.ffi import create_proxy, is_none

from app import i18n, site
from app.confirmbar import ConfirmBar
from app.dom import JsObject, Listeners, by_id, el, on
from app.errors import error_text, said_later
from app.games import CATALOG, Catalog, GameInfo, GameSpec, code_to_fetch, fetch_code
from app.i18n import t
from app.links import (REPLAY_PREFIX, LinkError, daily_game, daily_param, is_game_link, link_language, linked_game,
                       parse_link, without_language)
from app.notices import Condition, Lasting, both, game_place, shown_on
from app.session import SaveError, Session
from app.share import ShareMenu
from app.sound import Sounds
from app.storage import GameInUse, MemoryStorage, SaveStore, StorageError
from app.tabs import PLAYING, WATCHING, GameTab, Locks, NoLocks, WebLocks

if TYPE_CHECKING:
    from app.daily import DailyEntry
    from app.dailyflow import DailyFlow
    from app.host import Controller
    from app.newgame import NewGameScreen
    from app.replayflow import ReplayFlow
    from app.savefiles import SaveFiles

__all__ = ["App", "BrowserStorage"]

# Why Undo is disabled (Controller.undo_refused) -> the text its tooltip says instead of what it does.
BOT_SPEEDS = ("slow", "watchable", "instant")   # the settings' choices, slowest first (storage.SETTING_CHOICES)
UNDONE = "undone"        # the brief notice of a move taken back (App._said_briefly)
BRIEF_SECONDS = 4
UNDO_REFUSED = {"revealed": "header.undo.revealed", "nothing": "header.undo.nothing", "over": "header.undo.over"}


class BrowserStorage:
    """``window.localStorage`` with Python values (a JS null becomes None)."""

    def __init__(self, storage: JsObject):
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


def open_storage() -> tuple[BrowserStorage | MemoryStorage, str | None]:
    """(storage, problem): the browser's localStorage, or memory and the key of a message
    (``app.i18n``) if it is refused."""
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
        return MemoryStorage(), ("start.storage_full" if full else "start.storage_refused")


def browser_locks() -> Locks:
    """The Web Locks API (one tab plays a game), or every tab plays where the browser has none."""
    locks = getattr(window.navigator, "locks", None)
    return NoLocks() if locks is None or is_none(locks) else WebLocks(locks)


def browser_languages() -> list[str]:
    """``navigator.languages`` (or ``navigator.language``), most preferred first."""
    navigator = window.navigator
    try:
        found = [str(tag) for tag in navigator.languages]
    except Exception:  # noqa: BLE001 - an old browser: no list
        found = []
    if not found and not is_none(getattr(navigator, "language", None)):
        found = [str(navigator.language)]
    return found


class App:
    """The page: header, notices, screens; the ``ShellUI`` of the game controller."""

    def __init__(self, title: str = site.NAME, root_id: str = "root", storage_prefix: str = site.STORAGE_PREFIX,
                 games: Catalog = CATALOG):
        self.title = title
        self.root = by_id(root_id)
        self.prefix = storage_prefix
        self.games: Catalog = games
        # The games' stylesheets linked (app.start links a game link's own before the shell imports).
        self.stylesheets: set[str] = {str(link.getAttribute("href")).removeprefix("./")
                                      for link in document.querySelectorAll("link[data-game]")}
        # The browser's storage (or memory, and why, if it is refused), read from run() on.
        storage, self.storage_problem = open_storage()
        self.store = SaveStore(storage, games, storage_prefix)
        self.settings: dict = {}
        self.rules_game: str | None = None    # the key of the game whose rules the header links to (show_screen)
        self.session: Session | None = None
        self.controller: Controller | None = None
        self.newgame: NewGameScreen | None = None
        self.nodes: dict = {}
        self.notice_listeners: dict[str, Listeners] = {}
        self.notice_texts: dict[str, Callable[[], str]] = {}   # kind -> the text, in the current language
        self.notice_labels: dict[str, list] = {}   # kind -> [(button, its label in the current language)]
        self._check_later: JsObject | None = None   # _check_notices as a JavaScript callback, made once
        self.lasting = Lasting()     # kind -> while its notice is true (app.notices), checked by refresh()
        self.lang_chosen = False   # a language picked by the player (or a link) is remembered
        self._pass_name: str | None = None
        self.sounds = Sounds()
        self._heard: tuple = ()                # (game id, moves, human to decide, over, marks) last refresh
        self.tab = GameTab(NoLocks(), storage_prefix)   # who plays the game on screen (run() sets the locks)
        self.store.may_change = lambda game_id: self.tab.holds(game_id)   # only its player deletes a game
        self.daily_entry: DailyEntry | None = None        # of the game on screen, if it is a daily one
        self._results_recorded: set[tuple[str, int]] = set()   # (game id, moves) whose result is stored
        self._ends_closed: set[str] = set()    # games whose end screen the player closed (Controller.end_closed)
        self._save_files: SaveFiles | None = None         # made when first used (save_files)
        self._replay_flow: ReplayFlow | None = None       # idem (replay_flow)
        self._daily_flow: DailyFlow | None = None         # idem (daily_flow)

    # ------------------------------------------------------------ chrome

    def render(self) -> None:
        n = self.nodes
        n["undo"] = el("button", {"type": "button", "id": "shell-undo", "disabled": True})
        n["new"] = el("button", {"type": "button", "id": "shell-new"})
        n["export"] = el("button", {"type": "button", "id": "shell-export"})
        n["import_file"] = el("input", {"type": "file", "id": "shell-import-file", "accept": ".json,application/json",
                                        "hidden": True})
        n["import"] = el("button", {"type": "button", "id": "shell-import"})
        n["replay_btn"] = el("button", {"type": "button", "id": "shell-replay-btn", "hidden": True})
        n["daily_btn"] = el("button", {"type": "button", "id": "shell-daily-btn",
                                       "hidden": not any(info.daily for info in self.games.values())})
        n["speed_legend"] = el("legend", {})
        speed = el("fieldset", {"class": "shell-speed"}, n["speed_legend"])
        for value in BOT_SPEEDS:
            radio = el("input", {"type": "radio", "name": "bot_speed", "value": value, "id": f"shell-speed-{value}"})
            on(radio, "change", lambda _e, v=value: self.set_setting("bot_speed", v))
            n[f"speed_{value}"] = el("span", {})
            speed.append(el("label", {"for": f"shell-speed-{value}"}, radio, " ", n[f"speed_{value}"]))
        n["speed"] = speed
        n["lang_label"] = el("label", {"for": "shell-lang"})
        n["lang"] = el("select", {"id": "shell-lang", "name": "lang"},
                       *[el("option", {"value": code, "lang": code}, i18n.language_name(code))
                         for code in i18n.LANGUAGES])
        on(n["lang"], "change", lambda _e: asyncio.ensure_future(self.switch_language(str(n["lang"].value))))
        n["confirm_setting"] = el("input", {"type": "checkbox", "id": "shell-confirm-setting", "name": "confirm"})
        on(n["confirm_setting"], "change",
           lambda _e: self.set_setting("confirm", "on" if n["confirm_setting"].checked else "off"))
        n["confirm_label"] = el("span", {})
        n["confirm_help"] = el("span", {"class": "shell-setting-help", "id": "shell-confirm-help"})
        n["confirm_setting"].setAttribute("aria-describedby", "shell-confirm-help")
        n["settings_summary"] = el("summary", {})
        n["settings"] = settings = el("details", {"class": "shell-settings", "id": "shell-settings"},
                                      n["settings_summary"],
                                      el("div", {"class": "shell-settings-body"}, speed,
                                         el("p", {"class": "shell-confirm-row"},
                                            el("label", {"for": "shell-confirm-setting"}, n["confirm_setting"], " ",
                                               n["confirm_label"]), el("br", {}), n["confirm_help"]),
                                         el("p", {"class": "shell-lang"}, n["lang_label"], " ", n["lang"])))
        on(settings, "keydown", self._settings_key)
        on(document, "click", self._click_outside)
        on(document, "keydown", self._escape_anywhere)
        n["sound"] = el("button", {"type": "button", "id": "shell-sound", "aria-pressed": "false"})
        on(n["sound"], "click", lambda _e: self._toggle_sound())
        self.share = ShareMenu(lambda: self.session, lambda: self.save_files.export())
        n["share"] = self.share.node
        n["controls"] = controls = el("nav", {"class": "shell-controls", "id": "shell-menu"},
                                      n["undo"], n["new"], n["replay_btn"], n["daily_btn"], n["export"], n["share"],
                                      n["import"], n["import_file"], n["sound"], settings)
        # The rules of the game on screen, one link for every game (each drew its own inside its area, met
        # by Shift+Tab from its prompt before the menu): beside the menu, not in its strip, so that on a
        # phone no sideways scroll hides it.  A new tab, as the games' links did: the game stays as it is.
        n["rules"] = el("a", {"class": "shell-rules", "id": "shell-rules", "target": "_blank", "rel": "noopener",
                              "hidden": True})
        header = el("header", {"class": "shell-header"},
                    el("h1", {"class": "shell-title"}, self.title), n["rules"], controls)
        n["notices"] = el("div", {"id": "shell-notices", "class": "shell-notices", "aria-live": "polite"})
        n["newgame"] = el("div", {"id": "shell-newgame", "hidden": True})
        n["pass_name"] = el("h2", {"id": "shell-pass-title"})
        n["pass_text"] = el("p", {})
        n["pass_ready"] = el("button", {"type": "button", "id": "shell-pass-ready", "class": "ng-primary"})
        n["pass"] = el("section", {"id": "shell-pass", "class": "shell-pass", "hidden": True,
                                   "aria-labelledby": "shell-pass-title"},
                       n["pass_name"], n["pass_text"], n["pass_ready"])
        n["game"] = el("div", {"id": "game", "hidden": True})
        n["replay"] = el("section", {"id": "shell-replay", "class": "shell-replay", "hidden": True})
        n["daily"] = el("section", {"id": "shell-daily", "class": "shell-daily", "hidden": True})
        app = el("div", {"id": "app"}, n["newgame"], n["pass"], n["game"], n["replay"], n["daily"])
        self.confirm = ConfirmBar(self._confirm, self._take_back)
        self.confirm.about = self._held_about
        self.root.replaceChildren(header, n["notices"], el("main", {"class": "shell-main"}, app), self.confirm.node)
        self._publish_height(n["notices"], "--shell-notices-h")
        on(n["controls"], "scroll", self._strip_ends)
        self._strip_observer = window.ResizeObserver.new(create_proxy(self._strip_ends))
        self._strip_observer.observe(n["controls"])

        on(n["undo"], "click", lambda _e: self._undo())
        on(n["new"], "click", lambda _e: self.show_newgame())
        on(n["export"], "click", lambda _e: self.save_files.export())
        on(n["import"], "click", lambda _e: n["import_file"].click())
        on(n["import_file"], "change", lambda _e: asyncio.ensure_future(self.save_files.import_file()))
        on(n["pass_ready"], "click", lambda _e: self._pass_ready())
        on(n["replay_btn"], "click", lambda _e: self.replay_flow.open_current())
        on(n["daily_btn"], "click", lambda _e: self.when_code_ready(self.daily_info(), lambda: self.daily_flow.open("")))
        on(window, "storage", self._storage_event)
        # Back to a watching tab: the tab that played may be gone while this one was hidden (app.tabs.GameTab.retry).
        on(window, "focus", lambda _e: self._come_back())
        on(document, "visibilitychange", lambda _e: self._tab_visible())
        # A replay link pasted into this tab's address bar changes only the fragment: no reload.
        on(window, "hashchange", lambda _e: self._hash_changed())
        self._pass_callback: Callable[[], None] | None = None
        self.relabel()

    def _hash_changed(self) -> None:
        fragment = str(window.location.hash or "")
        if fragment.startswith(REPLAY_PREFIX):
            self.replay_flow.open_link(fragment)

    def _tab_visible(self) -> None:
        if document.visibilityState == "visible":
            self._come_back()

    def _come_back(self) -> None:
        """The player is back on this tab: if it watches, ask for the game again, now and twice more
        (a tab just closed shows this one before its lock is released: Chromium answers "busy" then)."""
        if self.tab.state == WATCHING:
            asyncio.ensure_future(self._ask_again())

    async def _ask_again(self) -> None:
        for wait in (0.0, 1.0, 3.0):
            await asyncio.sleep(wait)
            self.tab.retry()            # nothing once it plays, or watches no game

    def _undo(self) -> None:
        """The header's Undo (when the game on screen allows one).  With nothing more to undo the
        button is disabled, and the focus it had goes to the game's decision, not to <body>."""
        if self.controller is not None and self.controller.can_undo():
            self.controller.undo()
            self._said_briefly("header.undone")
            if self.nodes["undo"].disabled:
                self._view_takes_focus()

    def _view_takes_focus(self) -> None:
        """The game on screen takes the focus to its decision (``take_focus``, optional in
        ``app.games.GameView``)."""
        if self.controller is not None and document.body.dataset.screen == "game":
            take_focus = getattr(self.controller.view, "take_focus", None)
            if take_focus is not None:
                take_focus()

    def _focus_lost_to_game(self) -> None:
        """If the focus is lost (on <body>), the game on screen takes it to its decision."""
        active = document.activeElement
        if is_none(active) or active == document.body:
            self._view_takes_focus()

    def to_menu(self, event: JsObject | None = None) -> None:
        """A "Skip to the menu" link (the new-game screen's, or a game's: ``Controller.to_menu``, no
        ``event``): the focus to the header's first control that can take it (its target, the strip,
        is not focusable; the address keeps no ``#shell-menu``)."""
        if event is not None:
            event.preventDefault()
        first = self.nodes["controls"].querySelector(
            ":scope > button:not([hidden]):not(:disabled), :scope summary")
        if not is_none(first):
            first.focus()

    def _undo_title(self) -> None:
        """Undo's tooltip (and so its accessible description): what it does, or, disabled, why there
        is nothing to undo (play-test 7 #3: against a bot that reveals a card each turn it stayed
        greyed out a whole game, its tooltip only "Take back your last step")."""
        c = self.controller
        in_game = c is not None and document.body.dataset.screen in ("game", "pass")
        why = c.undo_refused() if c is not None and in_game else None
        self.nodes["undo"].title = t(UNDO_REFUSED.get(why or "", "header.undo.title"))

    def relabel(self) -> None:
        """The chrome's texts in the current language (and ``<html lang>``)."""
        n = self.nodes
        for key, node in (("undo", "undo"), ("new", "new"), ("export", "export"), ("import", "import")):
            n[node].textContent = t(f"header.{key}")
        for key in ("export", "import"):
            n[key].title = t(f"header.{key}.title")
        self._undo_title()
        for key in ("replay", "daily"):
            n[f"{key}_btn"].textContent = t(f"header.{key}")
            n[f"{key}_btn"].title = t(f"header.{key}.title")
        info = self.daily_info()
        if info is not None and info.daily_title():    # the game's own name for it
            n["daily_btn"].textContent = info.daily_title()
        if self._daily_flow is not None and document.body.dataset.screen == "daily":
            self._daily_flow.relabel()
        n["import_file"].setAttribute("aria-label", t("header.import.file"))
        n["controls"].setAttribute("aria-label", t("header.nav"))
        n["settings_summary"].textContent = t("settings.title")
        n["speed_legend"].textContent = t("settings.bot_speed")
        for value in BOT_SPEEDS:
            n[f"speed_{value}"].textContent = t(f"settings.bot_speed.{value}")
        n["lang_label"].textContent = t("settings.language")
        n["confirm_label"].textContent = t("settings.confirm")
        self.share.relabel()
        self._rules_link()
        n["sound"].textContent = t("header.sound")
        n["sound"].title = t("header.sound.title")
        n["confirm_help"].textContent = t("settings.confirm.help")
        self.confirm.relabel()
        n["lang"].value = i18n.language()
        for close in n["notices"].querySelectorAll(".shell-notice-close"):
            close.setAttribute("aria-label", t("notice.dismiss"))
        for kind, text in self.notice_texts.items():
            shown = n["notices"].querySelector(f'.shell-notice[data-kind="{kind}"] .shell-notice-text')
            if not is_none(shown):
                shown.textContent = text()
        for buttons in self.notice_labels.values():
            for button, label in buttons:
                button.textContent = label()
        if self._pass_name is not None:
            self._pass_labels(self._pass_name)
        document.documentElement.lang = i18n.language()
        self._strip_ends()                      # the buttons' widths changed with their words

    def show_screen(self, name: str, game: str | None = None) -> None:
        """Show the screen ``name``; ``game`` is the key of the game it is about (a replay's, a day's
        results'), whose rules the header links to; a game's own screens (game, pass) are the session's."""
        n = self.nodes
        if game is None and name in ("game", "pass") and self.session is not None:
            game = self.session.spec.key
        self.rules_game = game
        self._rules_link()
        n["newgame"].hidden = name != "newgame"
        n["pass"].hidden = name != "pass"
        n["game"].hidden = name != "game"
        n["replay"].hidden = name != "replay"
        n["daily"].hidden = name != "daily"
        if name != "replay" and self._replay_flow is not None:
            self._replay_flow.left()
        if document.body.getAttribute("data-screen") != name:
            # Another screen starts at its top, as a page would: a game started from the bottom of the
            # custom-game form opened scrolled down, its turn and scores off screen (play-test 3).  So does
            # a phone's header strip: left scrolled to Settings, it cut the next screen's Undo in half
            # (play-test 6 #4).
            window.scrollTo(0, 0)
            n["controls"].scrollLeft = 0
        document.body.dataset.screen = name
        self.refresh()

    def _rules_link(self) -> None:
        """The header's link to the rules page of the game the screen is about (``rules_game``), in the
        page's language (``GameInfo.rules_page``); hidden where no one game is about (the new-game
        screen: each game there links to its own rules)."""
        link = self.nodes["rules"]
        info = self.games.get(self.rules_game) if self.rules_game is not None else None
        page = info.rules_page() if info is not None else None
        link.hidden = page is None
        if info is None or page is None:
            link.removeAttribute("href")
            return
        link.setAttribute("href", page)
        link.textContent = t("header.rules")
        link.title = t("header.rules.title", title=info.title())

    def refresh(self) -> None:
        """Enable the buttons that make sense now."""
        n, c = self.nodes, self.controller
        in_game = c is not None and document.body.dataset.screen in ("game", "pass")
        n["undo"].disabled = not (c is not None and in_game and c.can_undo())
        self._undo_title()
        n["export"].disabled = self.session is None
        n["undo"].hidden = n["export"].hidden = n["share"].hidden = not in_game
        n["new"].hidden = document.body.dataset.screen == "newgame"
        n["replay_btn"].hidden = not (in_game and self.session is not None and len(self.session.actions) > 0)
        if self.daily_entry is not None:
            self.daily_flow.record()
        self._record_result()
        if self.session is not None:
            document.body.dataset.moves = str(len(self.session.actions))
        self._strip_ends()                      # buttons came or went
        if self.confirm.kind is not None:
            self.confirm.relabel()              # the held move's words: its view named it since
        self._hear()
        self._check_notices()                   # a notice that stopped being true goes (app.notices)
        if c is not None and c.bot_times:
            # For measurements: how long the last bot decisions took (ms) and their longest slice.
            document.body.dataset.botMs = ",".join(str(round(t * 1000)) for t in c.bot_times[-20:])
            document.body.dataset.botSliceMs = str(round(max(c.bot_slices[-20:]) * 1000))

    def _strip_ends(self, *_args: object) -> None:
        """Which ends of the header's strip hide buttons (``nav[data-more]``: "start", "end" or both), for
        its fades: on a phone the buttons scroll sideways, and cut off with no sign of it, Settings and
        Share looked missing (play-test 7 #8). Kept on scroll, on resize and when buttons come or go."""
        nav = self.nodes["controls"]
        hidden = int(nav.scrollWidth) - int(nav.clientWidth)
        left = float(nav.scrollLeft)
        more = [end for end, yes in (("start", left > 1), ("end", left < hidden - 1)) if yes]
        nav.dataset.more = " ".join(more)

    def _publish_height(self, box: JsObject, name: str) -> None:
        """``box``'s height as the CSS variable ``name`` on the page, kept up to date: a game's board
        sized to the window leaves room for the notices above it (at 1920×1080 a notice pushed
        a board's bottom row below the fold: play-test 1)."""
        style = document.documentElement.style

        def resized(*_args: object) -> None:
            style.setProperty(name, f"{box.offsetHeight}px")
        self._observer = window.ResizeObserver.new(create_proxy(resized))
        self._observer.observe(box)

    # ------------------------------------------------------------ notices

    def notify(self, text: str | Callable[[], str] | None, kind: str = "info",
               actions: list[tuple[str | Callable[[], str], object]] | None = None, *,
               lasts: Condition | None = None) -> None:
        """Show a message (one per kind: "error", "info", "save"...); ``text=None`` removes it.
        A callable ``text`` is called again when the language changes (the message is
        translated at display: e.g. an error's code and params through ``error_text``).
        ``lasts``: while what it says is true (``app.notices``: every ``refresh`` checks it); an
        error lasts by default while the player stays where it was shown (``while_on``)."""
        self.notice_texts.pop(kind, None)
        self.notice_labels.pop(kind, None)
        if text is not None and lasts is None and kind == "error":
            lasts = self.while_on()
        if text is not None and lasts is not None and not lasts():
            text = None                         # untrue already: not shown
        self.lasting.set(kind, lasts if text is not None else None)
        if callable(text):
            self.notice_texts[kind] = text
            text = text()
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
        box.append(self._notice(kind, text, actions, listeners))

    def where(self) -> str:
        """The place on show (``app.notices``): the screen's name, or the game's (its pass screen too)."""
        screen = document.body.getAttribute("data-screen")
        screen = "" if is_none(screen) else str(screen)
        if screen in ("game", "pass") and self.session is not None:
            return game_place(self.session.id)
        return screen

    def while_on(self, place: str | None = None) -> Condition:
        """A notice's condition: until the page has shown ``place`` (the place on show: None) and left it."""
        return shown_on(self.where() if place is None else place, self.where)

    def _notice(self, kind: str, text: str, actions: list[tuple[str | Callable[[], str], object]] | None,
                listeners: Listeners | None) -> object:
        """A notice's element; its buttons listened to with ``listeners`` (None: a picture of it)."""
        role = "alert" if kind in ("error", "save") else "status"
        notice = el("div", {"class": "shell-notice", "data-kind": kind, "role": role},
                    el("p", {"class": "shell-notice-text"}, text))
        if kind == UNDONE:                      # seen, not heard twice: the game's live region says it
            notice.setAttribute("aria-hidden", "true")
            notice.removeAttribute("role")
            return notice
        buttons = el("p", {"class": "shell-notice-buttons"})
        for label, action in (actions or []):
            button = el("button", {"type": "button"}, label() if callable(label) else label)
            if callable(label) and listeners is not None:     # follows a language change, as the text does
                button.dataset.label = "1"
                self.notice_labels.setdefault(kind, []).append((button, label))
            if listeners is not None:
                listeners.on(button, "click", lambda _e, a=action: a())
            buttons.append(button)
        if kind not in ("save", "tabs", "daily"):   # a save problem, "Play here": stay until resolved; a sign
            close = el("button", {"type": "button", "class": "shell-notice-close", "aria-label": t("notice.dismiss")},
                       "\u2715")
            if listeners is not None:
                listeners.on(close, "click", lambda _e: self.notify(None, kind))
            buttons.append(close)
        notice.append(buttons)
        return notice

    def _welcome(self, session: Session) -> tuple[Callable[[], str], list] | None:
        """The notice a resumed game in progress opens with ("Welcome back", with "Abandon")."""
        moves = len(session.actions)
        if not moves or session.over:
            return None
        return (lambda: t("start.welcome", count=moves)), [(lambda: t("start.abandon"), self._abandon)]

    def resumed_notices(self) -> list[object]:
        """The notices the page will show when it resumes the game on screen: the returning
        player's picture (``boot.snapshot``) shows them, so the board does not move when the
        live page replaces it."""
        welcome = self._welcome(self.session) if self.session is not None else None
        sign = self._daily_sign()
        return ([] if sign is None else [self._notice("daily", sign(), None, None)]) \
            + ([] if welcome is None else [self._notice("info", welcome[0](), welcome[1], None)])

    def busy(self, text: str | None) -> None:
        if text:
            document.body.dataset.busy = "1"
        else:
            document.body.removeAttribute("data-busy")

    # ------------------------------------------------------------ start-up

    def run(self) -> None:
        # For tests: the top-level modules imported so far (a game's code only once it is played), or
        # with ``ludusModules(true)`` every module's full name (a flow's module only once it is used).
        window.ludusModules = create_proxy(lambda whole=False: ",".join(sorted(
            sys.modules if whole else {m.split(".")[0] for m in sys.modules})))
        problem = self.storage_problem
        self.tab = GameTab(browser_locks(), self.prefix, self._tab_changed,
                           visible=lambda: str(document.visibilityState) == "visible")
        self.settings = self.store.load_settings()
        query = str(window.location.search or "")
        self.choose_language(query)
        self.render()
        self._show_settings()
        if problem:
            self.notify(lambda: t(problem), "storage")
        self.boot(query)
        asked = i18n.unavailable(link_language(query))
        if asked is not None:       # said where the link landed, as a bad link's error is (play-test 5 #9)
            self.notify(lambda: t("start.bad_lang", asked=asked), "lang", lasts=self.while_on())
        stored_problems = self.store.take_problems()     # settings, migration: told once, in one notice
        if stored_problems:
            self.notify(" ".join(p.text() for p in stored_problems), "storage")
        self.finish_when_whole()
        # Everything made so far (modules, tables, the first screen) lives as long as the page: keep it
        # out of the garbage collector's full passes, which would otherwise take ~10 ms each in Pyodide
        # (and land inside a bot's 30 ms slice).  No collection first: it found 36 unreachable objects
        # here and took 19-25 ms of the start (issue 13, 2026-11-26); freezing them costs nothing.
        gc.freeze()
        document.body.dataset.gcFrozen = str(gc.get_freeze_count())   # for tests

    def choose_language(self, query: str) -> None:
        """The page's language: the link's ``lang=`` (remembered), else the one chosen before,
        else the browser's (not remembered: it follows the browser until one is chosen)."""
        asked = link_language(query)
        stored = self.settings.get("lang")
        lang = i18n.set_language(i18n.choose_language(asked, stored, browser_languages()))
        self.settings["lang"] = lang
        self.lang_chosen = stored is not None or i18n.normalize(asked) is not None
        if i18n.normalize(asked) is not None and asked != stored:
            self._save_settings()

    def boot(self, query: str) -> None:
        fragment = str(window.location.hash or "")
        if fragment.startswith(REPLAY_PREFIX):
            self.replay_flow.open_link(fragment)
            return
        daily_text = daily_param(query)
        if daily_text is not None:
            self.daily_flow.open(daily_text, daily_game(query))
            window.history.replaceState(None, "", window.location.pathname)
            return
        if query and is_game_link(query, self.games):
            self.start_from_link(query)
            return
        if link_language(query) is not None:  # a language link: a reload keeps the choice, not the query
            window.history.replaceState(None, "", window.location.pathname + without_language(query)
                                        + (window.location.hash or ""))
        loaded = self.store.load_current()
        if loaded.session is not None:
            self.open_session(loaded.session)
            welcome = self._welcome(loaded.session)
            if welcome is not None:     # "Welcome back… (30 moves)" is stale once play goes on
                moves = len(loaded.session.actions)
                self.notify(welcome[0], "info", welcome[1], lasts=both(
                    self._may_abandon(), lambda: self.session is not None and len(self.session.actions) == moves))
            return
        if loaded.problem:
            self.notify(loaded.problem if isinstance(loaded.problem, str) else error_text(loaded.problem), "error",
                        lasts=self.while_on("newgame"))     # seen there; the save stays in its list, set aside
        self.show_newgame()

    def start_from_link(self, query: str) -> None:
        games, _problems = self.store.saved_games()
        kept_id = self.store.current_id()
        kept = any(g.id == kept_id and not g.over for g in games)
        try:
            spec, setup, seats = parse_link(query, self.games)
            session = Session.start(spec, setup, seats)
        except (LinkError, SaveError) as e:
            self.notify(said_later("start.bad_link", error=e), "error", lasts=self.while_on("newgame"))
            # The form is set to the game the link named, to start it from there (play-test 5: a refused
            # link's game stylesheet, preloaded by app.start, went unused and Chromium warned).
            self.show_newgame(game=linked_game(query, self.games))
        else:
            self.start_session(session)
            if kept and kept_id is not None:          # true while that game is saved and not on screen
                self.notify(lambda: t("start.kept"), "info", lasts=lambda: self.store.saved(kept_id) and (
                    self.session is None or self.session.id != kept_id))
        # A reload now resumes the game instead of starting the link's again.
        path = window.location.pathname + (window.location.hash or "")
        window.history.replaceState(None, "", path)

    def use_stylesheet(self, info: GameInfo | None) -> None:
        """Link the game's stylesheet (from its description) once, when it is set up or played."""
        if not isinstance(info, GameInfo) or not info.stylesheet or info.stylesheet in self.stylesheets:
            return
        href = info.stylesheet
        self.stylesheets.add(href)
        link = document.createElement("link")
        link.rel = "stylesheet"
        link.href = "./" + href
        link.dataset.game = info.key
        document.head.append(link)

    def finish_when_whole(self, timeout_ms: int = 3000) -> None:
        """Ready once the lobby's pictures and the game's stylesheet have loaded (or failed, or
        ``timeout_ms`` passed): the first screen is whole, and styled, when the page says it is
        ready (a picture or a stylesheet still loading when the player, or a test, leaves at
        once would be an aborted request; a board shown before its stylesheet would flash)."""
        pending = [img for img in document.querySelectorAll("img.lobby-picture") if not img.complete]
        pending += [link for link in document.querySelectorAll("link[data-game]") if is_none(link.sheet)]
        if not pending:
            self.finish_loading()
            return
        left = [len(pending)]

        def one(_event=None) -> None:
            left[0] -= 1
            if left[0] == 0:
                self.finish_loading()

        for img in pending:
            img.addEventListener("load", create_proxy(one))
            img.addEventListener("error", create_proxy(one))
        window.setTimeout(create_proxy(lambda: self.finish_loading()), timeout_ms)

    def finish_loading(self) -> None:
        """Remove the loading screen and tell the world (and the tests) we're ready."""
        if str(document.body.getAttribute("data-ready")) == "1":
            return
        loading = by_id("loading")
        if loading is not None:
            loading.remove()
        document.body.dataset.ready = "1"

    # ------------------------------------------------------------ screens

    def show_newgame(self, prefill: tuple[GameSpec, dict, list[dict]] | None = None,
                     game: GameInfo | None = None) -> None:
        """The new-game screen, its form filled with ``prefill`` or set to ``game`` (NewGameScreen.render)."""
        from app.newgame import NewGameScreen

        self.leave_game()
        if self.newgame is None:
            self.newgame = NewGameScreen(self, self.nodes["newgame"])
        self.newgame.render(prefill, game)
        self.show_screen("newgame")
        heading = self.nodes["newgame"].querySelector("h2")
        if not is_none(heading):
            heading.setAttribute("tabindex", "-1")
            heading.focus()

    def start_session(self, session: Session) -> None:
        """A new game: every other game stays (finished ones in the history until the player
        deletes them, issue 17); save it and play."""
        self.notify(None, "info")
        self.open_session(session, save=True)

    def open_session(self, session: Session, save: bool = False) -> None:
        self.leave_game()
        self.session = session
        container = self.nodes["game"]
        container.replaceChildren()
        self.use_stylesheet(self.games.get(session.spec.key))
        from app.host import Controller   # with the first game: the new-game screen needs no bots (issue 13)

        controller = Controller(session, self.store, self, self.settings,
                                log_error=lambda text: window.console.error(text))
        controller.end_closed = session.id in self._ends_closed    # as the player left it (its replay…)
        self.daily_entry = self._daily_entry_of(session)
        # Its end screen offers its replay (play-test 4 #15), and a day's game the day's results.
        controller.extra_end = [("replay", lambda: t("header.replay"), lambda: self.replay_flow.open_current())]
        if self.daily_entry is not None:
            controller.extra_end.insert(0, ("results", lambda: t("daily.results"), lambda: self.daily_flow.results()))
        self.controller = controller
        self.show_screen("game")
        sign, place = self._daily_sign(), game_place(session.id)
        self.notify(sign, "daily", lasts=None if sign is None else lambda: self.where() == place)
        controller.attach(session.spec.mount(container, controller))
        # Until this tab may play it (app.tabs), a saved game is only shown; a new one (no other tab can
        # have it) is saved once and played at once.
        controller.open(new=save)
        self._tab_show(self.tab.open(session.id))
        self.refresh()

    def leave_game(self) -> None:
        self.tab.close()
        if self.controller is not None:
            game_id = self.controller.session.id     # its end screen as left, for its next view
            if self.controller.end_closed:
                self._ends_closed.add(game_id)
            else:
                self._ends_closed.discard(game_id)
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
            self.notify(loaded.problem, "error", lasts=self.while_on("newgame"))    # a Problem is its text
            self.show_newgame()
            return
        self.notify(None, "info")
        self.open_session(loaded.session)

    def forget_game(self, game_id: str, after: Callable[[bool], None] = lambda deleted: None) -> None:
        """Delete a saved game and its result, holding its lock (``app.tabs``): refused, and said so,
        while another tab plays it or this one only watches it; then ``after(deleted)``."""
        from app import results

        def refused() -> None:
            self._in_use(game_id)
            after(False)

        def run() -> None:
            try:
                self.store.forget(game_id)
            except GameInUse:
                refused()
                return
            results.forget_result(self.store, game_id)       # the game's result goes with it
            self._results_recorded = {k for k in self._results_recorded if k[0] != game_id}
            if self.session is not None and self.session.id == game_id:
                self.session = None
            self.refresh()                 # and a notice about the game goes ("kept": app.notices)
            after(True)

        self.tab.exclusive(game_id, run, refused)

    def unless_in_use(self, game_id: str, then: Callable[[], None]) -> None:
        """``then()`` (asking "Delete this game for good?") only if this tab may delete ``game_id`` now
        (its lock asked for and given back: ``GameTab.may_change``, which asks once it is given back),
        else the refusal at once: a watching tab refused only after the question (play-test 2, N5).
        The delete asks again."""
        self.tab.may_change(game_id, then, lambda: self._in_use(game_id))

    def _in_use(self, game_id: str) -> None:
        self.notify(lambda: t("tabs.in_use"), "error",      # untrue once this tab plays it ("Play here")
                    lasts=both(self.while_on(), lambda: not self.tab.holds(game_id)))

    def _abandon(self) -> None:
        def done(deleted: bool) -> None:
            if deleted:
                self.notify(None, "info")
                self.show_newgame()

        def really() -> None:
            if self.session is not None:
                self.forget_game(self.session.id, done)
        self.notify(lambda: t("abandon.question"), "info",
                    [(lambda: t("abandon.yes"), really),
                     (lambda: t("abandon.no"), lambda: self.notify(None, "info"))], lasts=self._may_abandon())

    def _may_abandon(self) -> Condition:
        """While an offer to abandon the game on screen lasts: that game on show, and a tab that may
        delete it (a watching tab may not: only the tab that plays a game deletes it)."""
        return both(self.while_on(), lambda: self.tab.state != WATCHING)

    # ------------------------------------------------------------ ShellUI (hot-seat...)

    def show_pass_screen(self, name: str, on_ready: Callable[[], None]) -> None:
        n = self.nodes
        self._pass_name = name
        self._pass_labels(name)
        self._pass_callback = on_ready
        self.show_screen("pass")
        n["pass_ready"].focus()

    def _pass_labels(self, name: str) -> None:
        n = self.nodes
        name = i18n.seat_label(name)
        n["pass_name"].textContent = t("pass.title", name=name)
        n["pass_text"].textContent = t("pass.text", name=name)
        n["pass_ready"].textContent = t("pass.ready", name=name)

    def hide_pass_screen(self) -> None:
        self._pass_callback = None
        self._pass_name = None
        if document.body.dataset.screen == "pass":
            self.show_screen("game")

    def _pass_ready(self) -> None:
        callback, self._pass_callback = self._pass_callback, None
        if callback is not None:
            callback()

    def new_game(self) -> None:
        form = self.newgame
        if form is None or form.spec is None or form.spec.key not in self.games:   # it imports the first game
            self.when_code_ready(next(iter(self.games.values()), None), self.show_newgame)
        else:
            self.show_newgame()

    def when_code_ready(self, info: object, then: Callable[[], None]) -> None:
        """``then()`` once the game's archives are here, fetched asynchronously (``fetch_code``: so
        that the service worker answers offline); at once when there is nothing to fetch. A fetch
        that fails is printed and ``then`` runs anyway (its own import says what is wrong, as before)."""
        if code_to_fetch(info) is None:
            then()
            return

        async def go() -> None:
            await self.fetch_game_code(info)
            then()
        asyncio.ensure_future(go())

    @staticmethod
    async def fetch_game_code(info: object) -> None:
        """``fetch_code``, a failure printed: the import that follows says what is wrong."""
        try:
            await fetch_code(info)
        except ValueError:                     # boot.archives.ArchiveError
            traceback.print_exc()

    # ------------------------------------------------------------ flows a first screen does not need

    @property
    def save_files(self) -> SaveFiles:
        """Export, import, a damaged save downloaded (``app.savefiles``): imported when first used."""
        if self._save_files is None:
            from app.savefiles import SaveFiles

            self._save_files = SaveFiles(self)
        return self._save_files

    @property
    def replay_flow(self) -> ReplayFlow:
        """The replay screen's comings and goings (``app.replayflow``): imported when first used."""
        if self._replay_flow is None:
            from app.replayflow import ReplayFlow

            self._replay_flow = ReplayFlow(self)
        return self._replay_flow

    @property
    def daily_flow(self) -> DailyFlow:
        """A day's challenge from its link to its results (``app.dailyflow``, which imports ``app.daily``):
        imported when first used."""
        if self._daily_flow is None:
            from app.dailyflow import DailyFlow

            self._daily_flow = DailyFlow(self)
        return self._daily_flow

    def focus(self, element_id: str) -> None:
        """The focus to ``element_id`` (a screen's title as it opens: a screen reader reads it)."""
        node = by_id(element_id)
        if node is not None:
            node.focus()

    # ------------------------------------------------------------ daily challenge (issue 14; app.dailyflow)
    # Only what the chrome and every game's start ask: whether there is one, and whether it is on screen.

    def daily_info(self, key: str | None = None) -> GameInfo | None:
        """The catalog's game with a daily challenge (``key``'s, if given), if any."""
        found = [info for info in self.games.values() if info.daily and (key is None or info.key == key)]
        return found[0] if found else None

    def days_stored(self, game: str) -> bool:
        """Whether a day of ``game``'s daily challenge is stored: only then is app.daily (10 KB to
        compile) imported, not for a game link or a first visit's screen."""
        return bool(self.store.keys(self.store.prefix + site.DAILY_KEYS + game + "."))

    def _daily_entry_of(self, session: Session) -> DailyEntry | None:
        """The stored day whose game ``session`` is, if any: the daily flow only when a day is stored."""
        info = self.games.get(session.spec.key)
        if not isinstance(info, GameInfo) or not info.daily or not self.days_stored(info.key):
            return None
        return self.daily_flow.entry_of(info, session)

    def _daily_sign(self) -> Callable[[], str] | None:
        """The game on screen's sign that it is a day's challenge (``DailyFlow.sign``), else None."""
        return None if self.daily_entry is None else self.daily_flow.sign()

    # ------------------------------------------------------------ a game's end (app.results)

    def _record_result(self) -> None:
        """Once the game on screen is over (and no final move waits for Confirm): its result for the
        finished-games list (``app.results``), stored once per game."""
        session, c = self.session, self.controller
        if session is None or not session.over or (session.id, len(session.actions)) in self._results_recorded \
                or (c is not None and getattr(c, "awaiting", None) is not None):
            return
        from app import results

        try:
            results.record(self.store, session)
        except StorageError as e:
            self.notify(str(e), "error")
        self._results_recorded.add((session.id, len(session.actions)))

    # ------------------------------------------------------------ settings

    def _settings_key(self, event) -> None:
        """Escape, with the focus anywhere in the open settings, closes them and gives the
        focus back to their summary, the button that opened them (as the game's dialogs do)."""
        if str(event.key) != "Escape" or event.ctrlKey or event.altKey or event.metaKey:
            return
        n = self.nodes
        if not n["settings"].open:
            return
        event.preventDefault()
        n["settings"].open = False
        n["settings_summary"].focus()

    def _menus(self) -> list:
        return [self.nodes["settings"], self.nodes["share"]]

    def _click_outside(self, event) -> None:
        """A click anywhere outside an open menu (Settings, Share) closes it (issue 17); not the
        page's own clicks (a download's link)."""
        if not event.isTrusted:
            return
        for menu in self._menus():
            if menu.open and not menu.contains(event.target):
                menu.open = False

    def _escape_anywhere(self, event) -> None:
        """Escape closes an open menu wherever the focus is, and gives the focus to its summary."""
        if str(event.key) != "Escape":
            return
        for menu in self._menus():
            if menu.open:
                menu.open = False
                menu.querySelector("summary").focus()

    # ------------------------------------------------------------ sounds (app.sound)

    def _toggle_sound(self) -> None:
        self.set_setting("sound", "off" if self.settings.get("sound") == "on" else "on")
        self._show_sound()

    def _show_sound(self) -> None:
        self.sounds.on = self.settings.get("sound") == "on"
        self.nodes["sound"].setAttribute("aria-pressed", "true" if self.sounds.on else "false")

    def _hear(self) -> None:
        """The sound of what changed since the last refresh (any game: moves, turns, points, the end)."""
        s, c = self.session, self.controller
        if s is None or c is None or document.body.dataset.screen != "game":
            self._heard = ()
            return
        marks = int(self.nodes["game"].querySelectorAll("[data-score] .bu-gain").length)
        human = s.is_human(s.current_player()) and c.awaiting is None
        now = (s.id, len(s.actions), human, s.over, marks)
        before, self._heard = self._heard, now
        if not before or before[0] != s.id:
            return                               # a game opened: nothing happened yet
        if s.over and not before[3]:
            self.sounds.play("end")
        elif marks > before[4]:
            self.sounds.play("point")
        elif human and not before[2]:
            self.sounds.play("turn")
        elif len(s.actions) > before[1]:
            self.sounds.play("move")

    # ------------------------------------------------------------ confirm my moves (app.confirmbar)

    def confirm_bar(self, kind: str | None) -> None:
        """``ShellUI.confirm_bar``: the Controller's move awaits Confirm / Take back (or no longer)."""
        self.confirm.show(kind)
        if kind is None:
            document.body.removeAttribute("data-confirm")
        else:
            document.body.dataset.confirm = kind

    def _held_about(self) -> tuple[str | None, str | None]:
        """The held move's words, as the game's view names it (``held_words()``, optional in
        ``app.games.GameView``), and the game's sentence for what confirming it reveals."""
        c = self.controller
        if c is None:
            return None, None
        words = getattr(c.view, "held_words", None)
        return (words() if words is not None else None), c.held_reason()

    def _confirm(self) -> None:
        if self.controller is not None and self.controller.awaiting is not None:
            self.controller.confirm()

    def _take_back(self) -> None:
        if self.controller is not None and self.controller.awaiting is not None:
            self.controller.take_back()
            self._said_briefly("confirm.taken_back")

    def _said_briefly(self, key: str) -> None:
        """A brief notice that a move was taken back (Take back, Undo): on a phone only the board
        changed, its live region heard by a screen reader alone (play-test 8 F10).  Fixed in the window
        (``.shell-notice[data-kind=undone]``), so it is seen wherever the page is scrolled; it goes after
        ``BRIEF_SECONDS``, with the next move, or when the game leaves the screen.  The game's live
        region says it already ("Move taken back"), so the notice is not announced a second time."""
        c = self.controller
        if c is None:
            return
        moves, until = len(c.session.actions), window.performance.now() + BRIEF_SECONDS * 1000
        self.notify(lambda: t(key), UNDONE, lasts=both(
            self.while_on(), lambda: self.controller is c and len(c.session.actions) == moves,
            lambda: window.performance.now() < until))
        if self._check_later is None:
            self._check_later = create_proxy(self._check_notices)
        window.setTimeout(self._check_later, BRIEF_SECONDS * 1000 + 50)

    def _check_notices(self, *_args: object) -> None:
        """Take away the notices no longer true (``app.notices``), between the refreshes."""
        for kind in self.lasting.stale():
            self.notify(None, kind)

    def _show_settings(self) -> None:
        for radio in self.nodes["speed"].querySelectorAll("input[name=bot_speed]"):
            radio.checked = radio.value == self.settings.get("bot_speed")
        self.nodes["confirm_setting"].checked = self.settings.get("confirm", "on") == "on"
        self._show_sound()

    def set_setting(self, key: str, value) -> None:
        self.settings[key] = value  # the controller holds the same dict
        self._save_settings()

    def _save_settings(self) -> None:
        keep = self.settings if self.lang_chosen else {k: v for k, v in self.settings.items() if k != "lang"}
        try:
            self.store.save_settings(keep)
        except StorageError as e:
            self.notify(said_later("settings.failed", error=e), "error")

    async def switch_language(self, lang: str) -> None:
        """The settings' choice: the games' texts in ``lang`` are fetched first (only the page's
        language is fetched at start: boot.archives), then the page switches."""
        from boot.archives import ArchiveError, ensure_texts

        try:
            await ensure_texts(lang)
        except ArchiveError as e:  # offline without the worker: English where a text is missing
            window.console.warn(f"texts in {lang} not fetched: {e}")
        self.set_language(lang)

    def set_language(self, lang: str) -> None:
        """Switch the page to ``lang`` (remembered): the chrome, the screen on show and the game
        (redrawn as it is: nothing played, nothing lost)."""
        lang = i18n.set_language(lang)
        self.lang_chosen = True
        self.set_setting("lang", lang)
        self.relabel()
        if self.newgame is not None and document.body.dataset.screen == "newgame":
            self.newgame.refresh()
        if self.controller is not None:
            self.controller.redraw()
        self.refresh()

    def _storage_event(self, event) -> None:
        """Another tab changed this game's save: a watching tab shows it; a playing one (an older
        release, a browser without Web Locks) says so."""
        key = event.key
        if self.session is None or is_none(key) or str(key) != self.store.game_key(self.session.id):
            return
        if self.tab.state == WATCHING:
            self._reopen_latest()
            return
        if is_none(event.newValue):       # deleted there (a browser without Web Locks, an older release)
            game_id = self.session.id     # this tab's next save writes it again: then it is no longer true
            self.notify(lambda: t("tabs.deleted"), "tabs", lasts=both(
                self.while_on(), lambda: not self.store.saved(game_id)))
            return
        self.notify(lambda: t("tabs.changed"), "tabs", [(lambda: t("tabs.reload"), lambda: window.location.reload())],
                    lasts=self.while_on())

    # ------------------------------------------------------------ one tab plays a game (app.tabs, issue 16)

    def _tab_changed(self, state: str) -> None:
        """This tab may play the game now, or may not any more: show the latest save, then play or watch."""
        if self.controller is None:
            return
        if state in (PLAYING, WATCHING) and self._reopen_latest():
            return
        self._tab_show(state)

    def _reopen_latest(self) -> bool:
        """Open the game again from its save if another tab changed it (True if it did)."""
        if self.session is None or not self.store.changed_elsewhere(self.session.id):
            return False
        loaded = self.store.load(self.session.id)
        if loaded.session is None or loaded.session.to_json() == self.session.to_json():
            return False
        self.open_session(loaded.session)
        return True

    def _tab_show(self, state: str) -> None:
        was = document.body.getAttribute("data-tab")     # (a JS null when there was none)
        document.body.dataset.tab = state
        if self.controller is not None:
            self.controller.follow_tab(state)
        was_inert = bool(self.nodes["game"].inert)
        self.nodes["game"].inert = self.controller is None or self.controller.read_only
        if was_inert and not self.nodes["game"].inert:
            # While this tab asked for the game (a page resuming it) the game was inert and lost the focus
            # its view had given the decision: <body> had it, and Tab went on from the prompt's place
            # through the board before it reached the header (play-test 7's leftover).
            self._focus_lost_to_game()
        if state == WATCHING:     # (an offer to abandon the game goes: app.notices, checked by refresh)
            self.notify(lambda: t("tabs.watching"), "tabs", [(lambda: t("tabs.play_here"), self.tab.take_over)],
                        lasts=lambda: self.tab.state == WATCHING)     # gone when it plays, or leaves the game
            self.notify(None, "tab-here")
        else:
            self.notify(None, "tabs")
            if state == PLAYING and was == WATCHING:   # Play here, or the playing tab was closed (app.tabs)
                self.notify(lambda: t("tabs.now_here"), "tab-here", lasts=self.while_on())
        self.refresh()

    def save_conflict(self) -> None:
        """Another tab wrote this game since this one read it (``Controller.save``): show its save."""
        self._reopen_latest()
