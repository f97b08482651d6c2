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

window.performance.mark("py:main")

import importlib  # noqa: E402
import zipfile  # noqa: E402

with zipfile.ZipFile("shell.zip") as shell:  # zipfile is loaded already: no cost
    shell.extractall()
# The import system caches a folder's listing by its mtime, which may not change within one tick
# of the page's clock (a frozen clock, in tests): look again.
importlib.invalidate_caches()

from boot import archives, memsnap, snapshot  # noqa: E402

window.performance.mark("py:unpacked")
archives.install()                      # an import nobody prepared fetches its archive
archives.use_languages(str(document.documentElement.lang or "en"))

import catalog  # noqa: E402, F401  (registers the page's games: descriptions only)
from app.games import CATALOG  # noqa: E402
from app.links import linked_game  # noqa: E402


def _returning() -> bool:
    """A picture of a game in progress is kept: the shell resumes that game (loader.js has
    prefetched its archives), not the first game's form."""
    try:
        return window.localStorage.getItem(snapshot.KEY) is not None
    except Exception:  # noqa: BLE001 - storage refused: a first visit as far as we know
        return False


query = str(window.location.search or "").lstrip("?")
first = linked_game(query, CATALOG) if query or not _returning() else None
package = first.spec.partition(":")[0].split(".")[0] if first is not None else None
if package:
    archives.start(package)             # the requests leave now, while the shell imports
in_memory = memsnap.archives_in_memory()  # restored from a memory snapshot: their files (issue 18)
archives.start(*in_memory)

from app.shell import App  # noqa: E402

window.performance.mark("py:shell-imported")
if package:
    await archives.ensure(package)  # noqa: F704 (top-level await: <script async>)
await archives.ensure(*in_memory)  # noqa: F704
window.performance.mark("py:fetched")
app = App()
snapshot.watch(app)                     # the returning player's picture (static/loader.js paints it)
app.run()
window.performance.mark("py:ready")
