"""Entry point of index.html: ``<script type="py" src="./py/app/main.py" config="./pyscript.toml" async>``.

PyScript runs this file as ``__main__`` after copying ``[files]`` into the
browser's file system: ``shell.zip``, the shell's packages (``app``, ``gamekit``,
``boot``... built by tools/vendor.py), unpacked here first.  A game's packages
and astronomy-engine are fetched by ``boot.archives`` when needed, its texts in
the page's language only (the one ``static/loader.js`` chose, ``<html lang>``).
To show a game, register its spec before ``App().run()``.
"""

import zipfile

with zipfile.ZipFile("shell.zip") as shell:  # zipfile is loaded already: no cost
    shell.extractall()

import asyncio  # noqa: E402

from pyscript import document, window  # noqa: E402

from boot import archives, snapshot  # noqa: E402

window.performance.mark("py:unpacked")
archives.install()                      # an import nobody prepared fetches its archive
await archives.ensure_texts(str(document.documentElement.lang or "en"))  # noqa: F704 (top-level await)
await archives.ensure("ptolemaeus_ui")  # noqa: F704  the game and what it imports, in parallel
window.performance.mark("py:fetched")

from app import i18n  # noqa: E402
from app.games import register  # noqa: E402
from app.shell import App  # noqa: E402
from ptolemaeus_ui.spec import PtolemaeusSpec  # noqa: E402

window.performance.mark("py:imported")
register(PtolemaeusSpec())
app = App()
snapshot.watch(app)                     # the returning player's picture (static/loader.js paints it)
app.run()
window.performance.mark("py:ready")
# The other languages' texts, for a switch in the settings (the page is ready: nothing waits on them).
asyncio.ensure_future(archives.ensure_texts(*i18n.LANGUAGES))
