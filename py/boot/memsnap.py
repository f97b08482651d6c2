"""The Python side of the memory snapshot (issue 18): what a returning player's interpreter holds.

Not the returning player's *picture* (``boot.snapshot``): a memory snapshot is a copy of a whole
Pyodide interpreter with the page's modules already imported, made in the player's own browser
by ``static/memsnap-worker.mjs`` and restored by ``static/memsnap.mjs`` (PyScript's interpreter),
so that a later visit skips Python's start-up and most imports.

A snapshot may hold no JavaScript object, so it holds only the modules that import without the
browser: :func:`prepare` imports the page's modules (the list :func:`plan` made in the page) with
``pyscript``, ``js`` and their kin refused, and keeps those that did not need them.  A refusal is
a :class:`Refused`, a ``BaseException``, so that no ``except ImportError`` (a module falling back
to a desktop mode) or ``except Exception`` can swallow it and freeze a wrong mode in the copy:
the module that asked fails whole and is left out; the page imports it from source.

After a restore, :func:`reseed` gives ``random`` fresh entropy: the copy froze its state, and every
new game's seed would otherwise repeat.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import io
import os
import random
import sys
import zipfile
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from types import CodeType
from typing import Any

__all__ = ["BROWSER_MODULES", "COMPILED", "FORMAT", "Refused", "candidates", "missing", "plan",
           "precompile", "prepare", "refusing", "reseed", "use_compiled"]

FORMAT = 1
"""The snapshot's format: part of its key in IndexedDB (static/memsnap.mjs holds the same number)."""

BROWSER_MODULES = frozenset({"pyscript", "js", "pyodide_js", "polyscript", "_pyscript", "pyweb"})
"""Top-level modules that hand out JavaScript objects: never imported into a snapshot."""

SKIP_PREFIXES = ("__main__", "boot.archives", "boot.snapshot", "_pyodide_core", "pyodide")
"""Never re-imported by :func:`prepare`: the page's entry point, the two boot modules that hold the
page's fetchers and storage (imported fresh by main.py), and Pyodide's own (in every interpreter)."""


COMPILED: dict[str, tuple[bytes, CodeType]] = {}
"""path -> (source, its code object): compiled by the builder (:func:`precompile`), used once each
after a restore (:func:`use_compiled`)."""


class Refused(BaseException):
    """An import of a browser module while a snapshot is prepared (a BaseException on purpose)."""


class _Refuser(importlib.abc.MetaPathFinder):
    def find_spec(self, fullname: str, path: Any = None, target: Any = None) -> Any:
        if fullname.split(".")[0] in BROWSER_MODULES:
            raise Refused(fullname)
        return None


@contextmanager
def refusing() -> Iterator[None]:
    """While inside: importing a browser module raises :class:`Refused` (even one imported before:
    it is hidden from ``sys.modules`` meanwhile)."""
    hidden = {name: sys.modules.pop(name) for name in list(sys.modules)
              if name.split(".")[0] in BROWSER_MODULES}
    refuser = _Refuser()
    sys.meta_path.insert(0, refuser)
    try:
        yield
    finally:
        sys.meta_path.remove(refuser)
        sys.modules.update(hidden)


def candidates(modules: Iterable[str]) -> list[str]:
    """The modules worth importing into a snapshot, sorted: names only (no browser module, none of
    ``SKIP_PREFIXES``), each once."""
    out = set()
    for name in modules:
        if not isinstance(name, str) or not name or name.startswith(".") or ".." in name:
            continue
        if name.split(".")[0] in BROWSER_MODULES:
            continue
        if any(name == p or name.startswith(p + ".") for p in SKIP_PREFIXES):
            continue
        out.add(name)
    return sorted(out)


def prepare(modules: Iterable[str]) -> dict[str, list[str]]:
    """Import ``modules`` (see :func:`candidates`) with browser modules refused; returns the names
    imported and those left out (they needed the browser, or failed).  Run in the snapshot's
    interpreter only (``static/memsnap-worker.mjs``): it changes ``sys.modules``."""
    imported: list[str] = []
    left_out: list[str] = []
    with refusing():
        for name in candidates(modules):
            if name in sys.modules:
                imported.append(name)
                continue
            try:
                importlib.import_module(name)
            except (Refused, Exception):  # noqa: BLE001 - any failure: leave it to the page
                left_out.append(name)
                continue
            imported.append(name)
    importlib.invalidate_caches()
    return {"imported": imported, "left_out": sorted(left_out)}


def plan(folder: Path | None = None) -> dict[str, Any]:
    """In the page, once it is interactive: what the builder needs from it (it asks the network for
    nothing).  ``modules``: every module imported so far (the builder keeps those it can);
    ``sources``: every module imported so far from a file of ``folder`` (the builder compiles those
    it cannot keep: :func:`precompile`); ``shell``: shell.zip as [files] copied it (its hash is the
    snapshot's key); ``packages``: a zip of the packages of every other archive unpacked so far, and
    of PyScript's own (``pyscript``, written by PyScript at each start), as they are on disk."""
    from boot import archives

    loader = archives.LOADER
    folder = loader.folder if folder is None else folder
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_STORED) as out:
        packages = [p for name in archives.loaded() for p in loader.index["archives"].get(name, {}).get("packages", [])]
        for package in [*packages, "pyscript"]:
            for path in _files_of(folder, package):
                out.write(path, path.relative_to(folder).as_posix())
    return {"modules": candidates(sys.modules), "sources": _sources(folder), "shell": (folder / "shell.zip").read_bytes(),
            "packages": buffer.getvalue()}


def _sources(folder: Path) -> list[str]:
    """The modules imported from a ``.py`` file under ``folder``, sorted."""
    root = str(folder.resolve()) + os.sep
    return sorted(name for name, module in list(sys.modules.items())
                  if name != "__main__" and str(getattr(module, "__file__", None) or "").startswith(root)
                  and str(module.__file__).endswith(".py"))


def precompile(names: Iterable[str], folder: Path | None = None) -> list[str]:
    """In the builder, after :func:`prepare`: compile, without importing, the modules ``names`` that
    the snapshot does not hold (those that need the browser, PyScript's own package, the boot modules
    the page imports afresh), so that after a restore their import skips the compiler
    (:func:`use_compiled`); returns the names compiled."""
    folder = Path.cwd() if folder is None else Path(folder)
    done = []
    for name in sorted({n for n in names if isinstance(n, str)}):
        parts = name.split(".")
        if name in sys.modules or not all(part.isidentifier() for part in parts):
            continue
        base = folder.joinpath(*parts)
        for path in (base / "__init__.py", base.parent / f"{parts[-1]}.py"):
            if path.is_file():
                source = path.read_bytes()
                try:
                    COMPILED[str(path)] = (source, compile(source, str(path), "exec", dont_inherit=True))
                except (SyntaxError, ValueError):
                    break
                done.append(name)
                break
    return done


def use_compiled(loader: Any = importlib.machinery.SourceFileLoader) -> None:
    """After a restore: a module imported from a file whose source is the one :func:`precompile`
    compiled gets that code object (once) instead of compiling its source again; any other source is
    compiled as always."""
    if getattr(loader.source_to_code, "memsnap", False):
        return
    original = loader.source_to_code

    def source_to_code(self: Any, data: Any, path: Any, *, _optimize: int = -1) -> Any:
        kept = COMPILED.pop(str(path), None) if _optimize == -1 else None
        if kept is not None and kept[0] == bytes(data):
            return kept[1]
        return original(self, data, path, _optimize=_optimize)

    source_to_code.memsnap = True  # type: ignore[attr-defined]
    loader.source_to_code = source_to_code


def _files_of(folder: Path, package: str) -> list[Path]:
    """The files of top-level package or module ``package`` under ``folder`` (no bytecode caches)."""
    root = folder / package
    if root.is_dir():
        return sorted(p for p in root.rglob("*") if p.is_file() and "__pycache__" not in p.parts)
    return [p for p in (folder / f"{package}.py",) if p.is_file()]


def missing(held: Iterable[str], left_out: Iterable[str], modules: Iterable[str] | None = None) -> list[str]:
    """After a restore, once the page is idle: the modules it imported that a snapshot could hold
    but this one does not (``held``: its modules; ``left_out``: those its builder could not import).
    Not empty when the player went on to a game the snapshot was not made with: static/memsnap.mjs
    then builds a new one, so that the next visit restores that game's modules too (issue 18)."""
    known = set(held) | set(left_out)
    return [name for name in candidates(sys.modules if modules is None else modules) if name not in known]


def reseed() -> None:
    """Fresh entropy for ``random`` after a restore (the snapshot froze its state)."""
    random.seed(int.from_bytes(os.urandom(32), "big"))
