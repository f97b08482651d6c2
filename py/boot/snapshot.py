"""The returning player's picture: the last board, saved for ``static/loader.js`` to paint at once.

While a game is on screen the page keeps, in ``localStorage`` under
:data:`KEY`, a static copy of what it shows (the markup of ``#root``), the
stylesheets it needs and the files Python will fetch for it.  At the next
visit ``loader.js`` paints that picture within a frame of the page's first
paint (long before Python is ready), marked ``inert`` and ``aria-hidden`` (a
screen reader hears the loading status: "not yet interactive"), prefetches
those files with the runtime, and removes the picture in the same task in which
the live page is ready, so nothing flashes or jumps.

It is laid out as the resumed page will be (not as the page is now): without what a game's
view marks ``data-transient`` (what a redraw does not show again: the last move, a recap),
with the notices the shell opens a resumed game with (:meth:`app.shell.App.resumed_notices`).

What it never holds: another seat's hidden information.  The page's DOM never
holds it (the shell's contract with a game's view), and with two or more human
seats (hot-seat) the picture is the curtain: the chrome with the game's
container emptied, whoever held the device last.

``record`` and ``encode`` are pure (tested under CPython); :func:`watch` runs in
the page: after the page changed (at most every :data:`DELAY_MS`), when the tab
is hidden and when the page goes away.
"""

from __future__ import annotations

import json
import sys
from typing import Any

__all__ = ["FORMAT", "KEY", "MAX_CHARS", "decode", "encode", "record", "watch"]

KEY = "ludus.snapshot"          # static/loader.js: data-snapshot
FORMAT = "ludus-snapshot"
VERSION = 1
MAX_CHARS = 600_000             # a bigger picture is not kept (localStorage holds ~5 M characters per site)
DELAY_MS = 400
SCREENS = ("game", "pass")      # a picture of a game; the new-game screen needs none (it is fast anyway)


def record(html: str, *, screen: str, lang: str, current_key: str, game_id: str, css: list[str],
           prefetch: list[str], curtain: bool) -> dict[str, Any]:
    """The picture as stored: ``html`` is ``#root``'s markup (already curtained if ``curtain``);
    ``current_key``/``game_id`` say which saved game it shows (loader.js paints it only while that
    game is still the current one); ``css`` and ``prefetch`` are page-relative URLs."""
    return {"format": FORMAT, "version": VERSION, "screen": screen, "lang": lang,
            "current_key": current_key, "game": game_id, "css": list(css), "prefetch": list(prefetch),
            "curtain": bool(curtain), "html": html}


def encode(data: dict[str, Any]) -> str | None:
    """The JSON to store, or None when it is too big to keep."""
    text = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
    return text if len(text) <= MAX_CHARS else None


def decode(text: Any) -> dict[str, Any] | None:
    """A stored picture, or None if ``text`` is not one (loader.js makes the same checks)."""
    if not isinstance(text, str) or len(text) > MAX_CHARS:
        return None
    try:
        data = json.loads(text)
    except ValueError:
        return None
    if not (isinstance(data, dict) and data.get("format") == FORMAT and data.get("version") == VERSION
            and all(isinstance(data.get(k), str) for k in ("html", "current_key", "game", "screen"))
            and all(isinstance(data.get(k), list) and all(isinstance(u, str) for u in data[k])
                    for k in ("css", "prefetch"))):
        return None
    return data


# ------------------------------------------------------------------ in the page


def _hotseat(app: Any) -> bool:
    controller = getattr(app, "controller", None)
    seats = getattr(controller, "seats", None) or []
    return sum(1 for seat in seats if isinstance(seat, dict) and seat.get("kind") == "human") > 1


def _page_relative(url: str, base: str) -> str:
    return "./" + url[len(base):] if url.startswith(base) else url


def take(app: Any) -> dict[str, Any] | None:
    """The picture of what ``app`` shows now, or None when no game is on screen."""
    from pyscript import document, window  # type: ignore[import-not-found]
    from pyscript.ffi import is_none  # type: ignore[import-not-found]

    from boot import archives

    screen = str(document.body.dataset.screen or "")
    session = getattr(app, "session", None)
    store = getattr(app, "store", None)
    if screen not in SCREENS or session is None or store is None or app.root is None:
        return None
    curtain = _hotseat(app)
    root = app.root.cloneNode(True)
    for node in root.querySelectorAll("[hidden]"):   # screens not on show (the lobby and its pictures):
        node.replaceChildren()                        # nothing to see, nothing for the picture to fetch
    if curtain:
        for node in root.querySelectorAll("#game"):
            node.replaceChildren()
    # Laid out as the resumed page will be, so that the board does not move when it replaces the
    # picture: without what a redraw does not show again (a game's view marks it data-transient:
    # the last move, a bot's turn recapped, "+N" at a score), with the notices the resumed page
    # opens with ("Welcome back"), not those on screen now.
    for node in root.querySelectorAll("[data-transient]"):
        node.remove()
    notices = root.querySelector("#shell-notices")
    resumed = getattr(app, "resumed_notices", None)
    if not is_none(notices) and resumed is not None:
        notices.replaceChildren(*resumed())
    base = str(window.location.href).split("?")[0].split("#")[0].rsplit("/", 1)[0] + "/"
    # The page's own stylesheets and the game on screen's, not another game's that this tab
    # showed earlier (the shell marks a game's link data-game): the returning player's page
    # would load it for nothing, and Chromium warns of a preload not used.
    key = getattr(getattr(session, "spec", None), "key", None)
    css = [_page_relative(str(link.href), base) for link in document.querySelectorAll('link[rel="stylesheet"]')
           if is_none(link.getAttribute("data-game")) or str(link.getAttribute("data-game")) == key]
    loader = archives.LOADER
    prefetch = []
    if loader.active:
        # The archives whose code runs (not one fetched ahead in case: astronomy for a date not typed).
        # Only the game on screen's (and what it needs, now or later): a game played earlier in
        # this tab is not fetched again for a returning player of another one.
        own = loader.archive_of(type(getattr(session, "spec", None)).__module__)
        wanted = set(loader.closure([own]) + loader.later([own])) if own is not None else None
        used = [name for name in dict.fromkeys(loader.loaded)
                if (wanted is None or name in wanted)
                and any(p in sys.modules for p in loader.index["archives"][name]["packages"])]
        prefetch = [_page_relative(loader._url(loader.index["archives"][name]["file"]), base) for name in used]
        for package in {p for name in used for p in loader.index["archives"][name]["packages"]}:
            for lang in loader.languages[:1] + [archives.SOURCE_LANGUAGE]:
                entry = loader.index["texts"].get(package, {}).get(lang)
                if entry:
                    prefetch.append(_page_relative(loader._url(entry["file"]), base))
    return record(str(root.innerHTML), screen=screen, lang=str(document.documentElement.lang),
                  current_key=store.current_key, game_id=session.id, css=css,
                  prefetch=sorted(set(prefetch)), curtain=curtain)


def save(app: Any, storage: Any = None) -> bool:
    """Store the picture of what ``app`` shows (or remove the old one when no game is on screen)."""
    from pyscript import window  # type: ignore[import-not-found]

    storage = storage if storage is not None else window.localStorage
    try:
        data = take(app)
        text = encode(data) if data is not None else None
        if text is None:
            storage.removeItem(KEY)
            return False
        storage.setItem(KEY, text)
        return True
    except Exception as e:  # noqa: BLE001  a full or refused storage: the picture is a nicety, never an error
        window.console.warn(f"Ludus: the start-up picture was not saved: {e}")
        return False


def watch(app: Any) -> None:
    """Keep the picture up to date while the page runs (call once, before ``app.run()``)."""
    from pyscript import document, window  # type: ignore[import-not-found]
    from pyscript.ffi import create_proxy  # type: ignore[import-not-found]

    pending = {"timer": None}

    def now(*_args: Any) -> None:
        if pending["timer"] is not None:
            window.clearTimeout(pending["timer"])
            pending["timer"] = None
        save(app)

    def later(*_args: Any) -> None:
        if pending["timer"] is None:
            pending["timer"] = window.setTimeout(now_proxy, DELAY_MS)

    now_proxy = create_proxy(now)
    observer = window.MutationObserver.new(create_proxy(later))
    target = app.root if app.root is not None else document.body
    options = {"subtree": True, "childList": True, "attributes": True, "characterData": True}
    from pyscript.ffi import to_js  # type: ignore[import-not-found]

    observer.observe(target, to_js(options))
    observer.observe(document.body, to_js({"attributes": True, "attributeFilter": ["data-screen"]}))
    document.addEventListener("visibilitychange", create_proxy(
        lambda _e: now() if str(document.visibilityState) == "hidden" else None))
    window.addEventListener("pagehide", now_proxy)
