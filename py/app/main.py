"""Entry point of index.html: ``<script type="py" src="./py/app/main.py" config="./pyscript.toml" async>``.

PyScript runs this file as ``__main__`` after copying ``[files]`` into the
browser's file system: ``shell.zip``, the shell's packages (``app``, ``gamekit``,
``boot``... built by tools/vendor.py), unpacked here first.  A game's packages
and astronomy-engine are fetched by ``boot.archives`` (started before the shell
imports, so the network works meanwhile), its texts in the page's language only
(the one ``static/loader.js`` chose: ``<html lang>``).  To show a game, register
its spec before ``App().run()``.  The ``performance.mark``s are the start-up
breakdown that tests/browser/test_startup.py prints.
"""

from pyscript import document, window

window.performance.mark("py:main")

import zipfile  # noqa: E402

with zipfile.ZipFile("shell.zip") as shell:  # zipfile is loaded already: no cost
    shell.extractall()

from boot import archives, snapshot  # noqa: E402

window.performance.mark("py:unpacked")
archives.install()                      # an import nobody prepared fetches its archive
archives.use_languages(str(document.documentElement.lang or "en"))
archives.start("ptolemaeus_ui")         # the requests leave now, while the shell imports

from app.games import register  # noqa: E402
from app.shell import App  # noqa: E402

window.performance.mark("py:shell-imported")
await archives.ensure("ptolemaeus_ui")  # noqa: F704 (top-level await: <script async>)
window.performance.mark("py:fetched")

from ptolemaeus_ui.spec import PtolemaeusSpec  # noqa: E402

window.performance.mark("py:imported")
register(PtolemaeusSpec())
app = App()
snapshot.watch(app)                     # the returning player's picture (static/loader.js paints it)
app.run()
window.performance.mark("py:ready")
