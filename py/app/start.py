"""The page's start after shell.zip is unpacked: py/app/main.py (the entry point PyScript runs)
awaits :func:`main`.

Here, not in main.py, because PyScript runs its script through Pyodide's ``runPythonAsync``, which
parses the source to a Python AST, tokenizes it again in Python (``should_quiet``), walks the AST
(``fix_missing_locations``) and compiles that: 30-55 ms for the 6 KB main.py was, before its first
line (docs/startup.md, 2026-11-27), where an imported module is compiled from its source in C
(about 0.4 ms a KB as shipped).  main.py keeps only what must come before the shell's packages can
be imported.

``catalog`` (``py/catalog.py``) registers each game's description; no game's code is imported
here: the shell imports a game only when it is set up or played, and ``boot.archives`` fetches
that game's packages (and the libraries they need) when they are first imported, its texts in the
page's language only (the one ``static/loader.js`` chose: ``<html lang>``).  The game a link names
(else the first game, whose form is the first screen) is fetched while the shell imports.  The
``performance.mark``s are the start-up breakdown that tests/browser/test_startup.py prints.
"""

from __future__ import annotations

# pyscript first: the memory snapshot's builder (boot.memsnap) refuses a module that imports it, so
# this module, which holds the page's boot.archives and boot.snapshot, is never in a snapshot.
from pyscript import document, window
from pyscript.ffi import create_proxy, is_none

import asyncio
import zipfile
from typing import TYPE_CHECKING

from boot import archives, snapshot

if TYPE_CHECKING:
    from app.games import Catalog, GameInfo

LATER_MS = 2000  # after the first screen: the archives a game may need later (see _fetch_later)


def _returning(current_key: str) -> bool:
    """A game is on screen from last time (its picture is kept, or at least the save says which):
    the shell resumes that game (loader.js has prefetched its picture's archives), not the first
    game's form, whose code is then not fetched for nothing."""
    try:
        return any(not is_none(window.localStorage.getItem(key))   # JS null is not None here
                   for key in (snapshot.KEY, current_key))
    except Exception:  # noqa: BLE001 - storage refused: a first visit as far as we know
        return False


def _replayed(fragment: str, games: Catalog) -> GameInfo | None:
    """The catalog entry of the game a replay link's fragment carries (None for any other address,
    or a link that cannot be read: the shell says why): its code is fetched first, and the default
    game's not at all, whatever the query says (an older link has none) or whether a game is kept
    from last time.  ``app.replay`` is imported only for such a link (the shell imports it for the
    replay anyway)."""
    from app.links import REPLAY_PREFIX

    if not fragment.startswith(REPLAY_PREFIX):
        return None
    from app.replay import linked_game_key

    return games.get(linked_game_key(fragment) or "")


async def main(shell: zipfile.ZipFile, deferred: list[str]) -> None:
    """Start the page: ``shell`` is shell.zip's inner archive, unpacked by main.py but for
    ``deferred`` (sources of modules restored from a memory snapshot, written once the first
    screen is up)."""
    window.performance.mark("py:unpacked")
    archives.install()                      # an import nobody prepared fetches its archive
    archives.use_languages(str(document.documentElement.lang or "en"))
    # The shell's own texts in the page's language: shell.zip has only its English (the fallback) and
    # the few texts needed in every language (app.i18n.EVERYWHERE).  loader.js fetched the same file
    # for the loading screen; nothing is asked for in English.
    shell_texts = archives.start_texts("app")

    import catalog  # noqa: F401  (registers the page's games: descriptions only)
    from app import site
    from app.games import CATALOG
    from app.links import linked_game, names_only_seats

    query = str(window.location.search or "").lstrip("?")
    fragment = str(window.location.hash or "")
    first = _replayed(fragment, CATALOG)
    if first is None and (query or not _returning(site.STORAGE_PREFIX + "current")):
        first = linked_game(query, CATALOG)
    package = first.spec.partition(":")[0].split(".")[0] if first is not None else None
    wanted = [package] if package else []
    if package and not names_only_seats(query, fragment):
        wanted += archives.later(package)   # a date, a replay, a daily challenge: computed at once
    in_memory = archives.in_memory()       # restored from a memory snapshot: their files (issue 18)
    archives.start(*wanted, *in_memory)     # the requests leave now, while the shell imports
    # Its stylesheet too, linked now (the first screen waits for it; each game's sheet styles only
    # its own root, so it changes nothing until the game is drawn; the shell links it once): not a
    # <link rel=preload>, which Chromium warned about as unused whenever the shell's imports took
    # more than ~3 s after the load event (a slow phone, a busy machine), nor a fetch into the cache,
    # which cost a game link ~250 ms waiting for the sheet (2026-12-02).  Not for a replay link (a
    # fragment): its game may be another, whose screen links its own.
    if first is not None and first.stylesheet and not fragment.lstrip("#"):
        sheet = document.createElement("link")
        sheet.rel, sheet.href = "stylesheet", "./" + first.stylesheet
        sheet.dataset.game = first.key
        document.head.append(sheet)

    from app.shell import App

    window.performance.mark("py:shell-imported")
    try:
        await shell_texts
    except Exception as e:  # noqa: BLE001 - offline without the worker: English where a text is missing
        window.console.warn(f"the shell's texts in {document.documentElement.lang} not fetched: {e}")
    await archives.ensure(*in_memory)
    if first is not None:
        try:
            await archives.ensure(*wanted)
        except Exception:  # noqa: BLE001 - unreachable or broken: App.run tries again and says what is wrong
            first = None
    window.performance.mark("py:fetched")
    if first is not None:
        try:
            first.load()                    # the game's modules, timed apart from the first render
        except Exception:  # noqa: BLE001 - App.run tries again and says what is wrong
            pass
    window.performance.mark("py:imported")
    app = App()
    snapshot.watch(app)                     # the returning player's picture (static/loader.js paints it)
    app.run()
    window.performance.mark("py:ready")

    def write_later() -> None:
        """The sources left in shell.zip (see main.py), written now: the file system as after a
        normal boot (a traceback shows their lines, a snapshot built later finds them)."""
        shell.extractall(members=deferred)
        shell.close()

    window.setTimeout(create_proxy(lambda: asyncio.ensure_future(_fetch_later())), LATER_MS)
    window.setTimeout(create_proxy(write_later), LATER_MS)


async def _fetch_later() -> None:
    """Once the first screen is up: what the loaded games compute with lazily (a library for a
    date the player may type), so that it is at hand offline too (a synchronous import's request
    does not pass the service worker)."""
    try:
        await archives.ensure(*archives.later(*archives.loaded()))
    except Exception:  # noqa: BLE001 - offline without the worker: the import says so if it comes
        pass
