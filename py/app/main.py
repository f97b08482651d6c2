"""Entry point of index.html: ``<script type="py" src="./py/app/main.py" config="./pyscript.toml">``.

PyScript runs this file as ``__main__`` after copying the ``[files]`` of
pyscript.toml into the browser's file system, so these import as on the desktop:
``ptolemaeus`` (py/ptolemaeus), ``app`` (py/app) and ``astronomy`` (vendored
astronomy-engine).  To show a game, import its view module (which calls
``app.shell.register_game``) before ``App().run()``.
"""

import astronomy  # noqa: F401  (the engine needs it: prove it loads here)
import ptolemaeus.data  # noqa: F401

from app.games import register
from app.shell import App
from ptolemaeus_ui.spec import PtolemaeusSpec

register(PtolemaeusSpec())

App().run()
