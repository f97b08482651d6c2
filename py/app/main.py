"""Entry point of index.html: ``<script type="py" src="./py/app/main.py" config="./pyscript.toml">``.

PyScript runs this file as ``__main__`` after copying the ``[files]`` of
pyscript.toml into the browser's file system.  ``catalog`` (``py/catalog.py``)
registers each game's description; no game's code is imported here: the
shell imports a game only when it is set up or played.
"""

import catalog  # noqa: F401  (registers the page's games)
from app.shell import App

App().run()
