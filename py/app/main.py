"""Entry point of index.html: ``<script type="py" src="./py/app/main.py" config="./pyscript.toml" async>``.

PyScript runs this file as ``__main__`` after copying ``[files]`` into the
browser's file system: ``shell.zip``, the shell's packages (``app``, ``gamekit``,
``boardui``, ``boot``, the catalog... built by tools/vendor.py), unpacked here
first.  ``catalog`` (``py/catalog.py``) registers each game's description; no
game's code is imported here: the shell imports a game only when it is set up or
played, and ``boot.archives`` fetches that game's packages (and the libraries they need)
when they are first imported, its texts in the page's language only (the one
``static/loader.js`` chose: ``<html lang>``).  The game a link names (else the
first game, whose form is the first screen) is fetched while the shell imports.
The ``performance.mark``s are the start-up breakdown that
tests/browser/test_startup.py prints.
"""

from pyscript import document, window
from pyscript.ffi import create_proxy, is_none

LATER_MS = 2000  # after the first screen: the archives a game may need later (see _fetch_later)

window.performance.mark("py:main")

import asyncio  # noqa: E402
import importlib  # noqa: E402
import io  # noqa: E402
import sys  # noqa: E402
import zipfile  # noqa: E402


def _in_memory(member: str) -> bool:
    """The source of a module that is imported already: restored from a memory snapshot (issue 18;
    after a normal boot, none is).  Written only once the first screen is up (_write_later): until
    then only a traceback would read it."""
    if not member.endswith(".py"):
        return False
    return member[:-3].replace("/", ".").removesuffix(".__init__") in sys.modules


with zipfile.ZipFile("shell.zip") as solid:  # zipfile is loaded already: no cost
    shell = zipfile.ZipFile(io.BytesIO(solid.read("solid.zip")))  # one stream (tools/vendor.py)
deferred = [member for member in shell.namelist() if _in_memory(member)]
shell.extractall(members=[member for member in shell.namelist() if not _in_memory(member)])
# The import system caches a folder's listing by its mtime, which may not change within one tick
# of the page's clock (a frozen clock, in tests): look again.
importlib.invalidate_caches()

from boot import archives, snapshot  # noqa: E402

window.performance.mark("py:unpacked")
archives.install()                      # an import nobody prepared fetches its archive
archives.use_languages(str(document.documentElement.lang or "en"))

import catalog  # noqa: E402, F401  (registers the page's games: descriptions only)
from app import site  # noqa: E402
from app.games import CATALOG  # noqa: E402
from app.links import linked_game, names_only_seats  # noqa: E402


def _returning() -> bool:
    """A game is on screen from last time (its picture is kept, or at least the save says which):
    the shell resumes that game (loader.js has prefetched its picture's archives), not the first
    game's form, whose code is then not fetched for nothing."""
    try:
        return any(not is_none(window.localStorage.getItem(key))   # JS null is not None here
                   for key in (snapshot.KEY, site.STORAGE_PREFIX + "current"))
    except Exception:  # noqa: BLE001 - storage refused: a first visit as far as we know
        return False


query = str(window.location.search or "").lstrip("?")
first = linked_game(query, CATALOG) if query or not _returning() else None
package = first.spec.partition(":")[0].split(".")[0] if first is not None else None
wanted = [package] if package else []
if package and not names_only_seats(query, str(window.location.hash or "")):
    wanted += archives.later(package)   # a date, a replay, a daily challenge: computed at once
in_memory = archives.in_memory()       # restored from a memory snapshot: their files (issue 18)
archives.start(*wanted, *in_memory)     # the requests leave now, while the shell imports
if first is not None and first.stylesheet:  # its stylesheet too: the first screen waits for it
    _preload = document.createElement("link")
    _preload.rel, _preload.href = "preload", "./" + first.stylesheet
    _preload.setAttribute("as", "style")
    document.head.append(_preload)

from app.shell import App  # noqa: E402

window.performance.mark("py:shell-imported")
await archives.ensure(*in_memory)  # noqa: F704 (top-level await: <script async>)
if first is not None:
    try:
        await archives.ensure(*wanted)  # noqa: F704
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


async def _fetch_later() -> None:
    """Once the first screen is up: what the loaded games compute with lazily (a library for a
    date the player may type), so that it is at hand offline too (a synchronous import's request
    does not pass the service worker)."""
    try:
        await archives.ensure(*archives.later(*archives.loaded()))
    except Exception:  # noqa: BLE001 - offline without the worker: the import says so if it comes
        pass


def _write_later() -> None:
    """The sources left in shell.zip (see _in_memory), written now: the file system as after a
    normal boot (a traceback shows their lines, a snapshot built later finds them)."""
    shell.extractall(members=deferred)
    shell.close()


window.setTimeout(create_proxy(lambda: asyncio.ensure_future(_fetch_later())), LATER_MS)
window.setTimeout(create_proxy(_write_later), LATER_MS)
