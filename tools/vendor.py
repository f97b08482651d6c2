#!/usr/bin/env python3
"""Vendor the pinned browser runtime into static/vendor/ and keep pyscript.toml honest.

The page loads nothing from any other origin: everything it needs is copied
here from the pinned npm packages (package-lock.json) and from the pinned
PyPI package astronomy-engine (pyproject.toml), at set-up time.

    python tools/vendor.py            copy the runtime into static/vendor/ (idempotent)
    python tools/vendor.py --check    verify static/vendor/ and the [files] tables; exit 1 if stale
    python tools/vendor.py --write-config
                                      rewrite the [files] table of every page config
    python tools/vendor.py --archives only rebuild static/py/ (the page's Python code as
                                      zip archives, see "archives" below) from py/

Layout produced under static/vendor/:
    pyscript/       @pyscript/core dist (core.js, core.css and its lazy chunks; no .map)
    pyodide/        pyodide.mjs, pyodide.asm.mjs, pyodide.asm.wasm, python_stdlib.zip,
                    pyodide-lock.json
    VERSIONS.json   what was vendored, for humans
    .stamp          make's stamp (see Makefile)

and static/py/, the page's Python code as zip archives (see "archives" below:
the shell's, one per other package, astronomy-engine's, and the texts one file
per language).  It then writes sw-manifest.js, the service worker's precache (tools/precache.py).
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import io
import importlib.metadata
import importlib.util
import json
import os
import re
import shutil
import sys
import tokenize
import tomllib
import zipfile
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NODE_MODULES = ROOT / "node_modules"
VENDOR = ROOT / "static" / "vendor"

PYSCRIPT_VERSION = "0.7.31"
PYODIDE_VERSION = "314.0.7"
ASTRONOMY_VERSION = "2.1.19"

# What Pyodide fetches at boot when no `packages` are configured (checked by
# watching the page's requests: tests/browser/test_page.py asserts that every
# request under static/vendor/pyodide/ is one of these).
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)



class VendorError(Exception):
    pass


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _npm_version(package: str) -> str:
    pkg_json = NODE_MODULES / package / "package.json"
    if not pkg_json.is_file():
        raise VendorError(f"{pkg_json.relative_to(ROOT)} is missing: run `npm ci` first")
    return json.loads(pkg_json.read_text())["version"]


def _expect(what: str, found: str, wanted: str) -> None:
    if found != wanted:
        raise VendorError(f"{what} is {found}, but {wanted} is pinned: run `npm ci` / `make setup`")


def astronomy_source() -> Path:
    """astronomy-engine's implementation module, from the installed pinned distribution."""
    try:
        dist = importlib.metadata.distribution("astronomy-engine")
    except importlib.metadata.PackageNotFoundError:
        raise VendorError("astronomy-engine is not installed: run `pip install -e .[dev]` (make setup)") from None
    _expect("astronomy-engine", dist.version, ASTRONOMY_VERSION)
    for f in dist.files or ():
        if str(f).replace("\\", "/") == "astronomy/astronomy.py":
            return Path(dist.locate_file(f))
    raise VendorError("astronomy-engine has no astronomy/astronomy.py")


def planned_copies() -> list[tuple[Path, Path]]:
    """(source, destination) for every vendored file."""
    _expect("@pyscript/core", _npm_version("@pyscript/core"), PYSCRIPT_VERSION)
    _expect("pyodide", _npm_version("pyodide"), PYODIDE_VERSION)
    copies: list[tuple[Path, Path]] = []
    dist = NODE_MODULES / "@pyscript" / "core" / "dist"
    # PyScript imports its chunks lazily by hashed name (plugins, TOML parser,
    # error display...), so take the whole dist except source maps.
    for src in sorted(dist.iterdir()):
        if src.is_file() and not src.name.endswith(".map"):
            copies.append((src, VENDOR / "pyscript" / src.name))
    for name in PYODIDE_FILES:
        copies.append((NODE_MODULES / "pyodide" / name, VENDOR / "pyodide" / name))
    return copies


def versions_record() -> dict:
    return {
        "@pyscript/core": PYSCRIPT_VERSION,
        "pyodide": PYODIDE_VERSION,
        "astronomy-engine": ASTRONOMY_VERSION,
    }


def vendor() -> int:
    copies = planned_copies()
    wanted = {dst for _, dst in copies} | {VENDOR / "VERSIONS.json", VENDOR / ".stamp"}
    changed = 0
    for src, dst in copies:
        if dst.is_file() and dst.stat().st_size == src.stat().st_size and _sha256(dst) == _sha256(src):
            continue
        dst.parent.mkdir(parents=True, exist_ok=True)
        # A fresh mtime (not npm's fixed 1985 one), so a Last-Modified-based
        # cache never mistakes a new version for the old one.
        shutil.copyfile(src, dst)
        changed += 1
    # Remove files left over from another version (stale hashed chunks).
    if VENDOR.exists():
        for path in sorted(VENDOR.rglob("*"), reverse=True):
            if path.is_file() and path not in wanted:
                path.unlink()
                changed += 1
            elif path.is_dir() and not any(path.iterdir()):
                path.rmdir()
    record = json.dumps(versions_record(), indent=2) + "\n"
    versions = VENDOR / "VERSIONS.json"
    if not versions.is_file() or versions.read_text() != record:
        versions.write_text(record)
    print(f"vendor: static/vendor/ up to date ({len(copies)} files, {changed} changed)")
    build_archives()
    return write_precache()


def write_precache() -> int:
    """sw-manifest.js, the service worker's precache list and version (tools/precache.py)."""
    spec = importlib.util.spec_from_file_location("ptolemaeus_precache", Path(__file__).with_name("precache.py"))
    precache = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(precache)
    return precache.main([])


# ---------------------------------------------------------------- archives
#
# The page's Python code travels as one zip archive per package group instead
# of one request per module (issue 13):
#
#   static/py/shell.zip         the shell's packages (SHELL_PACKAGES found in py/), fetched at
#                               start through pyscript.toml's [files] and unpacked by py/app/main.py;
#                               it also holds boot/archives.json, the index of everything below
#   static/py/<package>.zip     every other package under py/ (a game's engine, a game's UI...),
#                               fetched by Python only when that game is imported (py/boot/archives.py)
#   static/py/astronomy.zip     the vendored astronomy-engine, fetched only when a sky is computed
#   static/py/<package>/lang/<lang>.json
#                               every package's texts, one file per language, fetched for the
#                               page's language only; shell.zip holds the shell's English (the
#                               fallback) and, of the other languages, only the texts needed in
#                               every language at once (app.i18n.EVERYWHERE: the language menu
#                               names each language in itself), in <package>/lang/everywhere.json
#
# Each archive is solid (_zip_bytes): a zip holding one deflated member, the stored zip of its
# files, so that modules compress against each other.  Archives are byte-for-byte reproducible
# (sorted entries, fixed dates), so the
# same sources give the same hash; the index names each file's SHA-256, which
# the page checks (a stale copy from an HTTP cache is fetched again), and the
# service worker precaches them all (everything under static/).  The folder is
# generated (not in git): at set-up, by tools/serve.py whenever py/ changed, by
# tools/build_site.py.

PY_DIR = ROOT / "py"
ARCHIVE_DIR = ROOT / "static" / "py"
ASTRONOMY_ARCHIVE = "astronomy"
# The shell's packages: one archive, loaded before anything else, with every
# top-level module of py/ (catalog.py).  Every other package found under py/
# gets an archive of its own, loaded when imported.
SHELL_PACKAGES = ("app", "gamekit", "boardui", "boot")
# Command-line tools no page imports (the arenas, the engines' benchmarks: run with CPython from py/),
# left out of every archive: ~4 KB gzip a page paid for nothing (issue 13's transfer budget,
# 2026-12-02).  gamekit.bench stays: the bots' search bench runs in Pyodide too (test_bot_speed.py).
CLI_ONLY = frozenset({"gamekit/arena.py", "ptolemaeus/arena.py", "ptolemaeus/bench.py",
                      "pompeii/arena.py", "pompeii/bench.py"})
SHELL_ARCHIVE = "shell"
INDEX_NAME = "boot/archives.json"  # inside shell.zip
_ZIP_DATE = (1980, 1, 1, 0, 0, 0)
SOLID_MEMBER = "solid.zip"  # an archive's one member: the zip of its files, stored (see _zip_bytes)

# Every page config, and whether its generated [files] table loads the shell
# archive (False: the page gets no [files] table at all).
PAGE_CONFIGS: dict[str, bool] = {
    "pyscript.toml": True,
    "bench/bare.toml": False,
}

FILES_HEADER = "[files]"
FILES_COMMENT = ("# Generated by `python tools/vendor.py --write-config` from the py/ tree; do not edit by hand.\n"
                 "# The shell's packages in one archive, unpacked by py/app/main.py; games are fetched when\n"
                 "# imported (py/boot/archives.py); see tools/vendor.py, \"archives\".")


def _skipped(part: str) -> bool:
    return part == "__pycache__" or part.endswith(".egg-info") or part.startswith(".")


def packages(py_dir: Path | None = None) -> list[str]:
    """Every package under py/ (a folder with an __init__.py), sorted."""
    py_dir = py_dir or PY_DIR
    return sorted(p.name for p in py_dir.iterdir()
                  if p.is_dir() and not _skipped(p.name) and (p / "__init__.py").is_file())


def top_level_modules(py_dir: Path | None = None) -> list[Path]:
    """Modules directly in py/ (``catalog.py``, which lists the games): they go with the shell."""
    py_dir = py_dir or PY_DIR
    return sorted(p for p in py_dir.glob("*.py") if not _skipped(p.name))


def page_modules(py_dir: Path | None = None) -> list[Path]:
    """Every top-level module in py/ (the game catalog), and every .py and .json file of the
    packages under py/ (not in __pycache__ or hidden folders)."""
    py_dir = py_dir or PY_DIR
    found = top_level_modules(py_dir)
    for package in packages(py_dir):
        for path in sorted([*(py_dir / package).rglob("*.py"), *(py_dir / package).rglob("*.json")]):
            if not any(_skipped(part) for part in path.relative_to(py_dir).parts[:-1]):
                found.append(path)
    return found


SOURCE_LANGUAGE = "en"                 # every package's fallback texts (app.i18n.SOURCE)


def everywhere_keys(py_dir: Path) -> tuple[str, ...]:
    """``app.i18n.EVERYWHERE``, read from the source (this tool imports nothing of py/): the shell's
    texts needed in every language at once; () when there is no such module."""
    path = py_dir / "app" / "i18n.py"
    if not path.is_file():
        return ()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        target = node.target if isinstance(node, ast.AnnAssign) else (
            node.targets[0] if isinstance(node, ast.Assign) and len(node.targets) == 1 else None)
        if isinstance(target, ast.Name) and target.id == "EVERYWHERE" and node.value is not None:
            return tuple(ast.literal_eval(node.value))
    return ()


def everywhere_texts(texts: dict[str, bytes], package: str, keys: tuple[str, ...]) -> bytes:
    """``package``'s texts ``keys`` in each of its languages but English, as one small file
    ({lang: {key: text}}): what the shell needs of the languages whose files it has not fetched."""
    table = {}
    for rel, data in sorted(texts.items()):
        owner, _, file = rel.split("/")
        lang = file.removesuffix(".json")
        if owner == package and lang != SOURCE_LANGUAGE:
            found = json.loads(data)
            table[lang] = {key: found[key] for key in keys if key in found}
    return (json.dumps(table, ensure_ascii=False, separators=(",", ":"), sort_keys=True) + "\n").encode("utf-8")


def _is_text_file(rel: Path) -> bool:
    """py/<package>/lang/<lang>.json: served one language at a time."""
    return len(rel.parts) == 3 and rel.parts[1] == "lang" and rel.suffix == ".json"


def _type_checking_only(node: ast.AST) -> bool:
    """``if TYPE_CHECKING:`` (or ``typing.TYPE_CHECKING``): its body never runs, so its imports
    are for the type checker only and need nothing at run time."""
    if not isinstance(node, ast.If):
        return False
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _module_level_imports(source: str, entry: str = "__main__.py") -> set[str]:
    """Top-level names of the packages that importing ``entry`` (``source``) needs at once: what
    :func:`_imported_modules` finds at its top level and in its class bodies (not inside functions,
    nor under ``if TYPE_CHECKING:``), less its own package (a relative import stays inside it).
    Imports inside functions are left to the import hook."""
    top, _nested = _imported_modules(entry, source)
    return {name.split(".")[0] for name in top} - {_module_name(entry).split(".")[0], ""}


def _module_name(entry: str) -> str:
    """``ptolemaeus/sky.py`` -> ``ptolemaeus.sky``; ``ptolemaeus/__init__.py`` -> ``ptolemaeus``."""
    parts = entry.removesuffix(".py").split("/")
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imported_modules(entry: str, source: str) -> tuple[set[str], set[str]]:
    """(modules ``entry`` imports when it is imported — its top level, class bodies —, modules
    it imports inside functions), as absolute dotted names; ``from .x import y`` counts as x and x.y.
    ``if TYPE_CHECKING:`` imports are neither: they never run."""
    package = _module_name(entry) if entry.endswith("__init__.py") else _module_name(entry).rpartition(".")[0]
    top: set[str] = set()
    nested: set[str] = set()

    def names(node: ast.Import | ast.ImportFrom) -> set[str]:
        if isinstance(node, ast.Import):
            return {alias.name for alias in node.names}
        base = node.module or ""
        if node.level:
            anchor = package.split(".")[:len(package.split(".")) - (node.level - 1)]
            base = ".".join([*anchor, *([base] if base else [])])
        return {base} | {f"{base}.{alias.name}" for alias in node.names}

    def with_parents(found: set[str]) -> set[str]:   # importing a.b.c imports a and a.b first
        return {".".join(n.split(".")[:i]) for n in found for i in range(1, n.count(".") + 2)}

    def visit(nodes: list, inside: bool) -> None:
        for node in nodes:
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                (nested if inside else top).update(with_parents(names(node)))
            if _type_checking_only(node):          # for the type checker only: imports nothing
                visit(node.orelse, inside)
                continue
            for child in ast.iter_child_nodes(node):
                deeper = inside or isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
                visit([child], deeper)
    visit(ast.parse(source).body, False)
    return top, nested


def lazily_imported(sources: dict[str, str]) -> set[str]:
    """The modules among ``sources`` (entry -> source) that the code imports only inside
    functions, never at a module's top level (``ptolemaeus.sky``: only when a sky is computed).
    What they import at their own top level comes when they do (the page's import hook), not
    with their archive: a game whose every start date is known needs no astronomy-engine."""
    top: set[str] = set()
    nested: set[str] = set()
    for entry, source in sources.items():
        found_top, found_nested = _imported_modules(entry, source)
        top |= found_top
        nested |= found_nested
    return {_module_name(e) for e in sources} & (nested - top)


def _annotation_edits(tree: ast.Module, source: str, offset: Callable[[int, int], int]) -> list[tuple[int, int, str]]:
    """Edits that drop the type annotations nothing reads at run time: a function's (its
    arguments', its return's) and an annotated assignment's outside a class body (a class's
    are its dataclass or NamedTuple fields: kept).  Dropping them cut the shell's compile time by
    15% in Pyodide (35% in CPython 3.11; issue 13)."""
    edits: list[tuple[int, int, str]] = []

    def drop(start: int, end: int) -> None:   # the lines it spanned stay (a traceback's line numbers)
        edits.append((start, end, "\\\n" * source.count("\n", start, end)))

    def visit(node: ast.AST, in_class: bool) -> None:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            a = node.args
            for arg in [*a.posonlyargs, *a.args, *a.kwonlyargs, *filter(None, [a.vararg, a.kwarg])]:
                if arg.annotation is not None:
                    drop(offset(arg.lineno, arg.col_offset) + len(arg.arg),
                         offset(arg.annotation.end_lineno or 0, arg.annotation.end_col_offset or 0))
            if not isinstance(node, ast.Lambda) and node.returns is not None:
                end = offset(node.returns.end_lineno or 0, node.returns.end_col_offset or 0)
                arrow = source.rfind("->", offset(node.lineno, node.col_offset),
                                     offset(node.returns.lineno, node.returns.col_offset))
                while arrow > 0 and source[arrow - 1] in " \t":
                    arrow -= 1                # "def f(x) -> int:" becomes "def f(x):"
                drop(arrow, end)
        elif isinstance(node, ast.AnnAssign) and not in_class:
            if node.value is None:   # a declaration only: a statement that does nothing
                start = offset(node.lineno, node.col_offset)
                end = offset(node.end_lineno or 0, node.end_col_offset or 0)
                edits.append((start, end, "pass" + "\n" * source.count("\n", start, end)))
            else:
                drop(offset(node.target.end_lineno or 0, node.target.end_col_offset or 0),
                     offset(node.annotation.end_lineno or 0, node.annotation.end_col_offset or 0))
        for child in ast.iter_child_nodes(node):
            visit(child, isinstance(node, ast.ClassDef) and child in node.body)
    visit(tree, False)
    return edits


def lean_source(source: str) -> str:
    """A module as the page needs it: docstrings emptied (``""``; a class's is ``"."``), comments
    dropped, the annotations nothing reads at run time dropped (_annotation_edits), and every line
    where it was, so that a traceback's line numbers are the repo's.  About a third less to download
    and to compile (astronomy-engine: 109 -> 52 KB gzip).  A class keeps a docstring that is not
    empty: ``@dataclass`` makes one for a class without (with ``inspect.signature``, ~0.5 ms a class
    in the page: 6 ms of a Ptolemaeus game's first frame, 2026-11-26)."""
    line_starts = [0]
    for line in source.splitlines(keepends=True):
        line_starts.append(line_starts[-1] + len(line))
    lines = source.splitlines(keepends=True)

    def offset(row: int, byte_col: int) -> int:  # ast columns count UTF-8 bytes
        return line_starts[row - 1] + len(lines[row - 1].encode("utf-8")[:byte_col].decode("utf-8"))

    tree = ast.parse(source)
    edits = _annotation_edits(tree, source, offset)
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and node.body:
            first = node.body[0]
            if (isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
                    and isinstance(first.value.value, str)):
                doc = first.value
                empty = '"."' if isinstance(node, ast.ClassDef) else '""'
                edits.append((offset(doc.lineno, doc.col_offset), offset(doc.end_lineno, doc.end_col_offset),
                              empty + "\n" * (doc.end_lineno - doc.lineno)))
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            start = end = line_starts[token.start[0] - 1] + token.start[1]
            while start > line_starts[token.start[0] - 1] and source[start - 1] in " \t":
                start -= 1  # the spaces before it too
            edits.append((start, end + len(token.string), ""))
    kept: list[tuple[int, int, str]] = []
    for edit in sorted(edits):
        if kept and edit[0] < kept[-1][1]:
            if edit[1] <= kept[-1][1]:
                continue                      # a comment inside a dropped annotation: gone with it
            raise VendorError(f"overlapping edits of a source: {kept[-1]} and {edit}")
        kept.append(edit)
    out = source
    for start, end, text in reversed(kept):
        out = out[:start] + text + out[end:]
    return out


def _zip_bytes(entries: dict[str, bytes]) -> bytes:
    """A reproducible *solid* archive: a zip whose one member, :data:`SOLID_MEMBER`, is a stored
    (uncompressed) zip of ``entries``, deflated as one stream, so that a module compresses against
    its neighbours (a zip deflates each member alone): 15-20% smaller (shell 106 -> 86 KB).
    Measured 2026-11-25 and not kept: one LZMA stream (Pyodide's zipfile reads it) gives 74 KB,
    but unpacks 10x slower (shell: 23 ms against 2.3 ms in CPython), paid at every start, warm
    ones too, for 20 KB less to download once.  The
    page opens it with :func:`solid_members` (``boot.archives``) or, before that is unpacked, the
    same two lines in py/app/main.py."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as z:
        info = zipfile.ZipInfo(SOLID_MEMBER, _ZIP_DATE)
        info.external_attr = 0o644 << 16
        info.compress_type = zipfile.ZIP_DEFLATED
        z.writestr(info, _plain_zip_bytes(entries, zipfile.ZIP_STORED), compresslevel=9)
    return out.getvalue()


def solid_members(blob: bytes) -> zipfile.ZipFile:
    """The zip of entries inside a solid archive (:func:`_zip_bytes`)."""
    with zipfile.ZipFile(io.BytesIO(blob)) as outer:
        return zipfile.ZipFile(io.BytesIO(outer.read(SOLID_MEMBER)))


def _plain_zip_bytes(entries: dict[str, bytes], compression: int = zipfile.ZIP_DEFLATED) -> bytes:
    """A reproducible zip: folders first (PyScript and zipfile make each one), then files, sorted."""
    folders: set[str] = set()
    for name in entries:
        parts = name.split("/")[:-1]
        folders.update("/".join(parts[:i]) + "/" for i in range(1, len(parts) + 1))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as z:
        for folder in sorted(folders):
            info = zipfile.ZipInfo(folder, _ZIP_DATE)
            info.external_attr = (0o40755 << 16) | 0x10
            z.writestr(info, b"")
        for name in sorted(entries):
            info = zipfile.ZipInfo(name, _ZIP_DATE)
            info.external_attr = 0o644 << 16
            info.compress_type = compression
            z.writestr(info, entries[name], compresslevel=9 if compression == zipfile.ZIP_DEFLATED else None)
    return out.getvalue()


# Texts that only build time reads: the rules pages' (``rules.*``, written into rules*.html by
# tools/build_rules.py and pompeii_ui.rules_page); the page never looks one up (tests/test_i18n.py).
BUILD_TIME_TEXTS = "rules."


def lean_texts(data: bytes) -> bytes:
    """A language file as the page needs it: the build-time texts left out, no indentation
    (Ptolemaeus' English: 12.3 -> 6.3 KB gzip)."""
    texts = json.loads(data)
    kept = {key: text for key, text in texts.items() if not key.startswith(BUILD_TIME_TEXTS)}
    return (json.dumps(kept, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")


def _lean_entries(entries: dict[str, bytes]) -> dict[str, bytes]:
    return {name: lean_source(data.decode("utf-8")).encode("utf-8") if name.endswith(".py") else data
            for name, data in entries.items()}


def _hex(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


_planned: dict[tuple, dict[str, bytes]] = {}


def planned_archives(py_dir: Path | None = None, astronomy: Path | None = None) -> dict[str, bytes]:
    """Every file of static/py/ (relative path -> bytes), built in memory from py/ and astronomy
    (remembered while no source changes: compressing takes a moment)."""
    py_dir = py_dir or PY_DIR
    astronomy = astronomy or astronomy_source()
    key = tuple((str(p), p.stat().st_size, p.stat().st_mtime_ns) for p in [*page_modules(py_dir), astronomy])
    if key not in _planned:
        _planned.clear()
        _planned[key] = _plan(py_dir, astronomy)
    return dict(_planned[key])


def _plan(py_dir: Path, astronomy: Path) -> dict[str, bytes]:
    found = packages(py_dir)
    lazy = [p for p in found if p not in SHELL_PACKAGES]
    contents: dict[str, dict[str, bytes]] = {p: {} for p in found}
    texts: dict[str, bytes] = {}
    top = {p.relative_to(py_dir).as_posix(): p.read_bytes() for p in top_level_modules(py_dir)}
    for path in page_modules(py_dir):
        rel = path.relative_to(py_dir)
        if len(rel.parts) == 1 or rel.as_posix() in CLI_ONLY:
            continue
        data = path.read_bytes()
        if _is_text_file(rel):
            data = lean_texts(data)   # served alone; the shell's English inside shell.zip too
            texts[rel.as_posix()] = data
            if rel.parts[0] not in SHELL_PACKAGES or rel.stem != SOURCE_LANGUAGE:
                continue
        contents[rel.parts[0]][rel.as_posix()] = data
    keys = everywhere_keys(py_dir)
    for package in SHELL_PACKAGES:
        if keys and any(rel.startswith(package + "/") for rel in texts):
            contents[package][f"{package}/lang/everywhere.json"] = everywhere_texts(texts, package, keys)
    archive_of = {p: p for p in lazy} | {"astronomy": ASTRONOMY_ARCHIVE}
    archives: dict[str, dict[str, bytes]] = {p: contents[p] for p in lazy}
    archives[ASTRONOMY_ARCHIVE] = {"astronomy.py": astronomy.read_bytes()}
    out: dict[str, bytes] = {}
    index: dict = {"base": "static/py/", "archives": {}, "texts": {}}
    sources = {entry: data.decode("utf-8") for entries in [*contents.values(), top]
               for entry, data in entries.items() if entry.endswith(".py")}
    late = lazily_imported(sources)
    for name, entries in sorted(archives.items()):
        needs: set[str] = set()
        later: set[str] = set()     # what its lazily imported modules need (ptolemaeus.sky: astronomy)
        for entry, data in entries.items():
            if entry.endswith(".py"):
                imported = {archive_of[m] for m in _module_level_imports(data.decode("utf-8"), entry) if m in archive_of}
                (later if _module_name(entry) in late else needs).update(imported)
        needs.discard(name)
        later -= needs | {name}
        blob = _zip_bytes(_lean_entries(entries))
        out[f"{name}.zip"] = blob
        index["archives"][name] = {
            "file": f"{name}.zip", "sha256": _hex(blob), "size": len(blob),
            "packages": sorted({e.split("/")[0].removesuffix(".py") for e in entries}),
            "needs": sorted(needs), "later": sorted(later),
        }
    for rel, data in sorted(texts.items()):
        package, _, file = rel.split("/")
        out[rel] = data
        index["texts"].setdefault(package, {})[file.removesuffix(".json")] = {"file": rel, "sha256": _hex(data)}
    shell = {entry: data for p in found if p in SHELL_PACKAGES for entry, data in contents[p].items()} | top
    shell[INDEX_NAME] = (json.dumps(index, indent=1, sort_keys=True) + "\n").encode()
    out[f"{SHELL_ARCHIVE}.zip"] = _zip_bytes(_lean_entries(shell))
    return out


def archive_problems(archive_dir: Path | None = None) -> list[str]:
    """Why static/py/ is not what py/ makes (empty when it is)."""
    archive_dir = archive_dir or ARCHIVE_DIR
    try:
        planned = planned_archives()
    except VendorError as e:
        return [str(e)]
    problems = []
    shown = archive_dir.relative_to(ROOT) if archive_dir.is_relative_to(ROOT) else archive_dir
    for rel, data in planned.items():
        path = archive_dir / rel
        if not path.is_file():
            problems.append(f"{shown / rel} is missing")
        elif path.read_bytes() != data:
            problems.append(f"{shown / rel} is stale")
    if archive_dir.is_dir():
        for path in archive_dir.rglob("*"):
            if path.is_file() and path.relative_to(archive_dir).as_posix() not in {*planned, STAMP}:
                problems.append(f"{shown / path.relative_to(archive_dir)} is left over")
    return problems


_built_from: tuple | None = None


STAMP = ".sources"  # in static/py/: what the archives were built from (hidden: never served or precached)


def _sources_key() -> str:
    """Names, sizes and times of every source, and this file's own bytes (the way they are packed)."""
    files = [*page_modules(), astronomy_source()]
    listing = [(str(p), p.stat().st_size, p.stat().st_mtime_ns) for p in files]
    return hashlib.sha256(json.dumps(listing).encode() + Path(__file__).read_bytes()).hexdigest()


def build_archives(archive_dir: Path | None = None, quiet: bool = False) -> int:
    """Write static/py/ from py/ (only files whose bytes change; leftovers removed); returns how
    many files changed.  Cheap when nothing changed since the last call in this process."""
    global _built_from
    archive_dir = archive_dir or ARCHIVE_DIR
    sources = _sources_key()
    key = (str(archive_dir), sources)
    stamp = archive_dir / STAMP
    if archive_dir.is_dir() and (key == _built_from or (stamp.is_file() and stamp.read_text() == sources)):
        _built_from = key
        return 0
    planned = planned_archives()
    changed = 0
    for rel, data in planned.items():
        path = archive_dir / rel
        if path.is_file() and path.read_bytes() == data:
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(path.name + ".tmp")
        tmp.write_bytes(data)
        tmp.replace(path)  # atomic: a server never sends half an archive
        changed += 1
    for path in sorted(archive_dir.rglob("*"), reverse=True):
        if path.is_file() and path.relative_to(archive_dir).as_posix() not in {*planned, STAMP}:
            path.unlink()
            changed += 1
        elif path.is_dir() and not any(path.iterdir()):
            path.rmdir()
    stamp.write_text(sources)
    _built_from = key
    if not quiet:
        size = sum(len(planned[f]) for f in planned if f.endswith(".zip"))
        print(f"vendor: static/py/ up to date ({sum(f.endswith('.zip') for f in planned)} archives, "
              f"{size / 1024:.0f} KB, {changed} files changed)")
    return changed


# ---------------------------------------------------------------- page configs


def expected_files(config: str) -> dict[str, str]:
    """The [files] table `config` must have: the shell's archive, copied (not unpacked) into the
    file system; py/app/main.py unpacks it (zipfile is already loaded, PyScript's own unpacking
    would first fetch its 160 KB zip.js)."""
    if not PAGE_CONFIGS[config]:
        return {}
    config_dir = (ROOT / config).parent
    shell = ARCHIVE_DIR / f"{SHELL_ARCHIVE}.zip"
    return {"./" + Path(os.path.relpath(shell, config_dir)).as_posix(): f"./{SHELL_ARCHIVE}.zip"}


def render_files_table(table: dict[str, str]) -> str:
    lines = [FILES_HEADER, FILES_COMMENT]
    lines += [f'"{src}" = "{dst}"' for src, dst in table.items()]
    return "\n".join(lines) + "\n"


_FILES_SECTION = re.compile(r"^\[files\]\n(?:(?!\[).*\n?)*", re.MULTILINE)


def write_config() -> int:
    for config, with_files in PAGE_CONFIGS.items():
        if not with_files:
            continue
        path = ROOT / config
        text = path.read_text()
        new_table = render_files_table(expected_files(config))
        if _FILES_SECTION.search(text):
            new_text = _FILES_SECTION.sub(lambda _, table=new_table: table, text, count=1)
        else:
            new_text = text.rstrip("\n") + "\n\n" + new_table
        if new_text != text:
            path.write_text(new_text)
            print(f"vendor: rewrote [files] of {config}")
        else:
            print(f"vendor: {config} [files] already up to date")
    page = ROOT / PAGE_HTML
    html = page.read_text()
    found = _GAMES_ATTR.search(html)
    value = render_games_attribute(first_screen_games())
    if found is not None and found.group(2) != value:
        page.write_text(_GAMES_ATTR.sub(lambda m: m.group(1) + value + m.group(3), html, count=1))
        print(f"vendor: rewrote {GAMES_ATTRIBUTE} of {PAGE_HTML}")
    return 0


# A first visit's game: index.html's loader requests its files while Pyodide boots (issue 13).
PAGE_HTML = "index.html"
GAMES_ATTRIBUTE = "data-games"
_GAMES_ATTR = re.compile(r'(\sdata-games=")([^"]*)(")')


def _archive_index(py_dir: Path | None = None) -> dict:
    """boot/archives.json as the shell archive built from py/ holds it."""
    shell = planned_archives(py_dir)[f"{SHELL_ARCHIVE}.zip"]
    return json.loads(solid_members(shell).read(INDEX_NAME))


def first_screen_games(py_dir: Path | None = None) -> list[tuple[str, list[str]]]:
    """(game key, files) for every registered game, the default game first: what py/app/main.py
    fetches to show that game on the first screen (its archives and those they need, its
    packages' texts with ``{lang}`` for the language, its stylesheet), relative to index.html.
    static/loader.js requests one game's while Pyodide boots (index.html's ``data-games``)."""
    py_dir = py_dir or PY_DIR
    index = _archive_index(py_dir)
    sys.path.insert(0, str(py_dir))
    try:
        import catalog  # noqa: F401  (registers the games)
        from app.games import CATALOG
        from boot.archives import Loader
    finally:
        sys.path.remove(str(py_dir))
    loader = Loader(index, py_dir, "", None, None)
    base = "./" + index["base"]
    out = []
    for key, info in CATALOG.items():
        archive = loader.archive_of(info.spec.partition(":")[0])
        names = loader.closure([archive]) if archive else []
        files = [base + index["archives"][n]["file"] for n in names]
        for name in names:
            for package in index["archives"][name]["packages"]:
                if package in index["texts"]:
                    files.append(f"{base}{package}/lang/{{lang}}.json")
        if info.stylesheet:
            files.append("./" + info.stylesheet)
        out.append((key, files))
    return out


def render_games_attribute(games: list[tuple[str, list[str]]]) -> str:
    """``key: file file ... key: file ...``: each game's key (with a colon), then its files."""
    return " ".join(" ".join([key + ":", *files]) for key, files in games)


def games_attribute_problems(html: str | None = None) -> list[str]:
    text = (ROOT / PAGE_HTML).read_text() if html is None else html
    found = _GAMES_ATTR.search(text)
    if found is None:
        return [f"{PAGE_HTML}: the loader script has no {GAMES_ATTRIBUTE} attribute"]
    expected = render_games_attribute(first_screen_games())
    if found.group(2) != expected:
        return [f"{PAGE_HTML}: {GAMES_ATTRIBUTE} is {found.group(2)!r}, expected {expected!r}"]
    return []


MEMSNAP_MODULE = "static/memsnap.mjs"


def config_problems() -> list[str]:
    """Why the page configs don't match the py/ tree (empty when they do)."""
    problems = []
    for config in PAGE_CONFIGS:
        path = ROOT / config
        data = tomllib.loads(path.read_text())
        files = data.get("files", {})
        expected = expected_files(config)
        for src in expected.keys() - files.keys():
            problems.append(f"{config}: [files] misses {src}")
        for src in files.keys() - expected.keys():
            problems.append(f"{config}: [files] names {src}, which the generator does not")
        for src in expected.keys() & files.keys():
            if files[src] != expected[src]:
                problems.append(f"{config}: [files] maps {src} to {files[src]}, expected {expected[src]}")
        interpreter = data.get("interpreter", "")
        target = ((path.parent / interpreter).resolve() if interpreter else None)
        # The vendored Pyodide, or the page's wrapper of it that boots from a memory snapshot (issue 18).
        if target not in ((VENDOR / "pyodide" / "pyodide.mjs").resolve(), (ROOT / MEMSNAP_MODULE).resolve()):
            problems.append(f"{config}: interpreter should point at static/vendor/pyodide/pyodide.mjs"
                            f" or {MEMSNAP_MODULE}, is {interpreter!r}")
        if not re.match(r"^\.\.?/", interpreter):
            problems.append(f"{config}: interpreter must start with ./ or ../ (PyScript reads anything else as a version)")
    return problems + games_attribute_problems()


def vendor_problems() -> list[str]:
    problems = []
    try:
        copies = planned_copies()
    except VendorError as e:
        return [str(e)]
    for src, dst in copies:
        if not dst.is_file():
            problems.append(f"{dst.relative_to(ROOT)} is missing")
        elif dst.stat().st_size != src.stat().st_size or _sha256(dst) != _sha256(src):
            problems.append(f"{dst.relative_to(ROOT)} differs from {src.relative_to(ROOT) if src.is_relative_to(ROOT) else src}")
    return problems


def check() -> int:
    problems = config_problems() + vendor_problems() + archive_problems()
    for p in problems:
        print(f"vendor --check: {p}", file=sys.stderr)
    if problems:
        print("vendor --check: fix with `python tools/vendor.py --write-config` (configs), "
              "`python tools/vendor.py --archives` (static/py) or `make setup` (static/vendor)", file=sys.stderr)
        return 1
    print("vendor --check: ok")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--check", action="store_true", help="verify, change nothing")
    mode.add_argument("--write-config", action="store_true", help="rewrite the [files] tables from py/")
    mode.add_argument("--archives", action="store_true", help="only rebuild static/py/ from py/")
    args = parser.parse_args(argv)
    try:
        if args.check:
            return check()
        if args.archives:
            build_archives()
            return 0
        if args.write_config:
            return write_config()
        return vendor()
    except VendorError as e:
        print(f"vendor: {e}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
