"""Entry point of index.html (``<script type="py" src="./py/app/main.py" async>``): unpacks
shell.zip, then app.start does the rest.  Kept this short: PyScript runs it through Pyodide's
runPythonAsync, which parses and tokenizes it in Python (app/start.py, docs/startup.md)."""

from pyscript import window

window.performance.mark("py:main")

import importlib.machinery, io, sys, zipfile  # noqa: E402, E401 (all loaded already: no cost)


def _in_memory(member: str) -> bool:
    """Restored from a memory snapshot (issue 18): its source is written after the first screen."""
    return member.endswith(".py") and member[:-3].replace("/", ".").removesuffix(".__init__") in sys.modules


with zipfile.ZipFile("shell.zip") as solid:
    shell = zipfile.ZipFile(io.BytesIO(solid.read("solid.zip")))  # one stream (tools/vendor.py)
deferred = [member for member in shell.namelist() if _in_memory(member)]
shell.extractall(members=[member for member in shell.namelist() if not _in_memory(member)])
# A folder's listing is cached by its mtime, which may not have moved (a frozen clock, in tests):
# look again, as boot.archives.look_again() does (not importlib.invalidate_caches(): see there).
for finder in list(sys.path_importer_cache.values()):
    if isinstance(finder, importlib.machinery.FileFinder):
        finder.invalidate_caches()

from app import start  # noqa: E402

await start.main(shell, deferred)  # noqa: F704 (top-level await: <script async>)
