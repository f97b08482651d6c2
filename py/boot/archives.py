"""The page's Python code in archives: a game's packages fetched when that game is needed,
texts in the page's language only (issue 13).

``tools/vendor.py`` packs ``py/`` into ``static/py/``: ``shell.zip`` (the shell's
packages, this one included; ``[files]`` copies it and ``app/main.py`` unpacks
it) holds ``boot/archives.json``, the index of every other archive (one per
package, ``astronomy.zip``) with its SHA-256 and the archives its modules import
at their top level, and of every package's texts, one file per language.  The
page, from the shell::

    archives.start("ptolemaeus_ui")          # the requests leave now (while the shell imports)
    await archives.ensure("ptolemaeus_ui")   # that archive and those it needs, fetched in parallel
    spec = await archives.import_module("ptolemaeus_ui.spec")   # the same, then the import
    await archives.ensure_texts("es")        # the loaded packages' texts in "es" (and English, the fallback)
    texts = archives.start_texts("app")      # the shell's texts in the page's language (its archive has
    await texts                              # English and app.i18n.EVERYWHERE's texts only)
    archives.install()                       # importing an archive's package that was not ensured
                                             # fetches it there and then (a synchronous request)

Each archive is *solid*: a zip whose one member (:data:`SOLID_MEMBER`) is the stored zip of
its files, deflated as one stream (a module compresses against its neighbours: 15-20% less
to download).  A fetched file that does not match the index's hash (an HTTP cache's stale copy
after an update) is fetched once more past the cache, then refused with an
:class:`ArchiveError`.  Archives are unpacked next to the shell's packages (the
folder on ``sys.path``), so a package's ``Path(__file__).with_name("lang")``
works as on the desktop.

Under CPython (tests, the desktop) there is no index: every package is on
``sys.path`` already and everything here does nothing.
"""

from __future__ import annotations

import asyncio
import hashlib
import importlib
import importlib.abc
import importlib.machinery
import io
import json
import sys
import zipfile
from collections.abc import Awaitable, Callable, Iterable
from pathlib import Path
from typing import Any

__all__ = ["LOADER", "ArchiveError", "Loader", "archive_of", "ensure", "ensure_texts", "import_module", "in_memory",
           "install", "later", "loaded", "look_again", "start", "start_texts", "use_languages"]

INDEX = Path(__file__).with_name("archives.json")     # written into shell.zip by tools/vendor.py
SOURCE_LANGUAGE = "en"                                 # the fallback every package's texts need
SOLID_MEMBER = "solid.zip"   # an archive's one member: the stored zip of its files (tools/vendor.py, _zip_bytes)

Fetch = Callable[[str, bool], Awaitable[bytes]]        # (url, past_the_cache) -> bytes
FetchSync = Callable[[str], bytes]



def look_again() -> None:
    """What ``importlib.invalidate_caches()`` does for the folders on ``sys.path`` (a folder's
    listing is cached by its mtime, which may not have moved since files were unpacked into it: a
    frozen clock in tests), without the rest (docs/startup.md, 2026-11-27): since Python 3.11 it
    also imports ``importlib.metadata`` (with ``email``, ``csv``...), 80-90 ms compiled from source
    in the page, and since 3.13 it drops the zipimporter's index of the standard library's zip,
    which the next import of a standard module then reads again in Python (~40-100 ms)."""
    for finder in list(sys.path_importer_cache.values()):
        if isinstance(finder, importlib.machinery.FileFinder):
            finder.invalidate_caches()

class ArchiveError(ValueError):
    """A part of the page's code that could not be had: ``code`` and ``params`` for the message."""

    def __init__(self, message: str, *, code: str, **params: Any) -> None:
        super().__init__(message)
        self.code = code
        self.params = params


class Loader:
    """Fetches and unpacks the archives of one index into ``folder``; keeps what is loaded."""

    def __init__(self, index: dict | None, folder: Path, base_url: str = "", fetch: Fetch | None = None,
                 fetch_sync: FetchSync | None = None) -> None:
        self._active = index is not None
        self.index: dict[str, Any] = index if index is not None else {"base": "", "archives": {}, "texts": {}}
        self.folder = Path(folder)
        self.base_url = base_url
        self.fetch = fetch
        self.fetch_sync = fetch_sync
        self.loaded: list[str] = []                  # archive names, in the order they were unpacked
        self.languages: list[str] = []               # languages whose texts every loaded package has
        self.text_packages: list[str] = []           # packages outside the archives whose texts follow them too
        self._pending: dict[str, asyncio.Future] = {}
        self.timings: dict[str, float] = {}          # archive -> ms to fetch and unpack (for the benchmark)
        self.note: Callable[[str], None] = lambda _what: None   # the page: performance.mark

    # -------------------------------------------------------------- the index

    @property
    def active(self) -> bool:
        """False under CPython (no index): nothing is ever fetched."""
        return self._active

    def archive_of(self, module: str) -> str | None:
        """The archive that holds top-level module or package ``module`` (None: none does)."""
        if not self.active:
            return None
        top = module.split(".")[0]
        for name, entry in self.index["archives"].items():
            if top in entry["packages"]:
                return name
        return None

    def closure(self, names: Iterable[str]) -> list[str]:
        """``names`` and every archive they need, needed ones first."""
        order: list[str] = []
        archives = self.index["archives"]

        def visit(name: str, path: tuple[str, ...]) -> None:
            if name in order or name in path:
                return
            if name not in archives:
                raise ArchiveError(f"no archive named {name!r}", code="archive.unknown", name=name)
            for need in archives[name]["needs"]:
                visit(need, path + (name,))
            order.append(name)
        for name in names:
            visit(name, ())
        return order

    def later(self, names: Iterable[str]) -> list[str]:
        """The archives that the lazily imported modules of ``names`` (and of what they need)
        import, and what those need, not counting ``names``' own closure (``later`` in the index:
        ``ptolemaeus`` -> ``astronomy``, for ``ptolemaeus.sky``)."""
        own = self.closure(names)
        wanted = [w for n in own for w in self.index["archives"][n].get("later", [])]
        return [n for n in self.closure(wanted) if n not in own]

    def _url(self, file: str) -> str:
        return self.base_url + self.index["base"] + file

    def _check(self, data: bytes, sha256: str) -> bool:
        return hashlib.sha256(data).hexdigest() == sha256

    # -------------------------------------------------------------- fetching

    def _begin(self, file: str) -> Awaitable[bytes]:
        """Start fetching ``file`` now (the request leaves before the caller yields)."""
        if self.fetch is None:
            raise ArchiveError("archives cannot be fetched here", code="archive.no_fetch", file=file)
        return self.fetch(self._url(file), False)

    @staticmethod
    def _unreachable(file: str, e: Exception) -> ArchiveError:
        """The network's failure, as the browser reports it."""
        return ArchiveError(f"could not fetch {file}: {e}", code="archive.fetch", file=file, error=str(e))

    def _verified(self, file: str, sha256: str, data: bytes) -> bytes:
        if not self._check(data, sha256):
            raise ArchiveError(f"{file} is not the version this page needs", code="archive.stale", file=file)
        return data

    async def _get(self, file: str, sha256: str, started: Awaitable[bytes] | None = None) -> bytes:
        url = self._url(file)
        try:
            data = await (started if started is not None else self._begin(file))
            if not self._check(data, sha256):       # a stale copy from a cache: once more, past it
                data = await self.fetch(url, True)  # type: ignore[misc]
        except ArchiveError:
            raise
        except Exception as e:
            raise self._unreachable(file, e) from e
        return self._verified(file, sha256, data)

    def _get_sync(self, file: str, sha256: str) -> bytes:
        if self.fetch_sync is None:
            raise ArchiveError("archives cannot be fetched here", code="archive.no_fetch", file=file)
        try:
            data = self.fetch_sync(self._url(file))
        except Exception as e:
            raise self._unreachable(file, e) from e
        return self._verified(file, sha256, data)

    def _unpack(self, name: str, data: bytes) -> None:
        try:
            with zipfile.ZipFile(io.BytesIO(data)) as outer:
                if outer.namelist() != [SOLID_MEMBER]:
                    raise ArchiveError(f"{name} is not a solid archive", code="archive.bad", file=name)
                inner = outer.read(SOLID_MEMBER)
            with zipfile.ZipFile(io.BytesIO(inner)) as z:
                for member in z.namelist():
                    if member.startswith(("/", "..")) or "/../" in member:
                        raise ArchiveError(f"{name}: unsafe member {member!r}", code="archive.bad", file=name)
                z.extractall(self.folder)
        except zipfile.BadZipFile as e:
            raise ArchiveError(f"{name} is not a zip archive: {e}", code="archive.bad", file=name) from e
        look_again()
        self.loaded.append(name)

    def _texts_wanted(self, archive: str, languages: Iterable[str]) -> list[tuple[str, str, dict]]:
        """(package, language, entry) of the texts ``archive``'s packages lack in ``languages``."""
        wanted = []
        for package in self.index["archives"][archive]["packages"] if archive in self.index["archives"] \
                else [archive]:
            for lang in languages:
                entry = self.index["texts"].get(package, {}).get(lang)
                if entry and not (self.folder / entry["file"]).is_file():
                    wanted.append((package, lang, entry))
        return wanted

    def _write_text(self, package: str, lang: str, file: str, data: bytes) -> None:
        path = self.folder / file
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        _forget_catalog(path.parent, lang)

    async def _load(self, name: str, started: Awaitable[bytes], texts: list) -> None:
        entry = self.index["archives"][name]
        start = _now()
        data = await self._get(entry["file"], entry["sha256"], started)
        self.note(f"archive:{name}:fetched")
        self._unpack(name, data)
        self.note(f"archive:{name}:unpacked")
        await self._fetch_texts(texts)
        self.timings[name] = _now() - start

    def start(self, *names: str) -> list[str]:
        """Start fetching archives ``names``, those they need and their texts, without waiting:
        the requests leave at once, so the network works while Python goes on (importing the
        shell, say).  :meth:`ensure` then waits for them.  Returns the archives started."""
        if not self.active:
            return []
        todo = [n for n in self.closure(names) if n not in self.loaded and n not in self._pending]
        for name in todo:
            entry = self.index["archives"][name]
            texts = [(p, lang, e, self._begin(e["file"])) for p, lang, e in self._texts_wanted(name, self.languages)]
            self._pending[name] = asyncio.ensure_future(self._load(name, self._begin(entry["file"]), texts))
        return todo

    async def ensure(self, *names: str) -> list[str]:
        """Fetch and unpack archives ``names`` and those they need (all at once); returns the
        archives unpacked by this call.  Safe to call again, and from several tasks."""
        if not self.active:
            return []
        todo = [n for n in self.closure(names) if n not in self.loaded]
        self.start(*todo)
        try:
            await asyncio.gather(*(self._pending[n] for n in todo))
        finally:
            for name in todo:                        # a failed one may be tried again later
                future = self._pending.get(name)
                if future is not None and future.done() and (future.cancelled() or future.exception()):
                    del self._pending[name]
        return todo

    def ensure_sync(self, name: str) -> list[str]:
        """As :meth:`ensure`, blocking: for an import nobody prepared (the import hook)."""
        todo = [n for n in self.closure([name]) if n not in self.loaded]
        for archive in todo:
            entry = self.index["archives"][archive]
            start = _now()
            self._unpack(archive, self._get_sync(entry["file"], entry["sha256"]))
            self._write_texts_sync(archive)
            self.timings[archive] = _now() - start
        return todo

    def _write_texts_sync(self, archive: str) -> None:
        """The texts ``archive`` (or a package outside the archives) lacks in the languages in use, fetched blocking."""
        for package, lang, text in self._texts_wanted(archive, self.languages):
            self._write_text(package, lang, text["file"], self._get_sync(text["file"], text["sha256"]))

    async def _fetch_texts(self, wanted: list) -> None:
        """Write the texts ``wanted``: (package, lang, entry) or (package, lang, entry, started)."""
        async def one(package: str, lang: str, entry: dict, started: Awaitable[bytes] | None = None) -> None:
            self._write_text(package, lang, entry["file"], await self._get(entry["file"], entry["sha256"], started))
        await asyncio.gather(*(one(*w) for w in wanted))

    def use_languages(self, *languages: str) -> None:
        """Archives loaded from now on come with their texts in ``languages`` and in English."""
        for lang in (*languages, SOURCE_LANGUAGE):
            if lang not in self.languages:
                self.languages.append(lang)

    def start_texts(self, *packages: str) -> asyncio.Future:
        """Fetch the texts of ``packages`` in the languages in use, the requests leaving now: for a
        package outside the archives (the shell's, whose archive holds only its English and
        ``everywhere.json``: app.i18n.EVERYWHERE).  :meth:`ensure_texts` keeps them in every
        language chosen later.  Await the result before the texts are drawn."""
        wanted: list = []
        if self.active:
            self.text_packages += [p for p in packages if p not in self.text_packages]
            wanted = [(p, lang, e, self._begin(e["file"]))
                      for package in packages for p, lang, e in self._texts_wanted(package, self.languages)]
        return asyncio.ensure_future(self._fetch_texts(wanted))

    def ensure_texts_sync(self, *packages: str) -> None:
        """As :meth:`start_texts`, blocking (synchronous requests): for a page that starts the shell
        without ``app/start.py`` (tests/shellgame.py, served as the page's main.py)."""
        if not self.active:
            return
        self.text_packages += [p for p in packages if p not in self.text_packages]
        for package in packages:
            self._write_texts_sync(package)

    async def ensure_texts(self, *languages: str) -> None:
        """Every loaded package's texts (and :meth:`start_texts`' packages') in ``languages`` and in
        English (the fallback), and those of every package loaded from now on."""
        if not self.active:
            return
        self.use_languages(*languages)
        wanted = [w for archive in [*self.text_packages, *self.loaded]
                  for w in self._texts_wanted(archive, self.languages)]
        await self._fetch_texts(wanted)


def _forget_catalog(folder: Path, lang: str) -> None:
    """A language file written after the shell's i18n looked for it (and found none): drop that
    empty catalog so that the next lookup reads the file."""
    i18n = sys.modules.get("app.i18n")
    if i18n is None or not hasattr(i18n, "domains"):
        return
    for domain in i18n.domains().values():
        if Path(domain.folder).resolve() == folder.resolve():
            getattr(domain, "_catalogs", {}).pop(lang, None)


def _now() -> float:
    import time
    return time.perf_counter() * 1000


class _ImportHook(importlib.abc.MetaPathFinder):
    """Importing a top-level package of an archive not yet loaded fetches it first (blocking)."""

    def __init__(self, loader: Loader) -> None:
        self.loader = loader

    def find_spec(self, fullname: str, path: Any = None, target: Any = None) -> Any:
        if path is not None or "." in fullname:
            return None
        name = self.loader.archive_of(fullname)
        if name is None or name in self.loader.loaded:
            return None
        self.loader.ensure_sync(name)
        return importlib.machinery.PathFinder.find_spec(fullname)


# ------------------------------------------------------------------ in the page


def _browser_fetchers() -> tuple[Fetch | None, FetchSync | None, str]:
    try:
        import js  # type: ignore[import-not-found]
        from pyodide.code import run_js  # type: ignore[import-not-found]
        from pyodide.ffi import to_js  # type: ignore[import-not-found]
    except ImportError:
        return None, None, ""

    def fetch(url: str, past_the_cache: bool) -> Awaitable[bytes]:
        # js.fetch now (not pyfetch, a coroutine): the request leaves before Python yields.
        request = js.fetch(url, to_js({"cache": "reload" if past_the_cache else "default"},
                                      dict_converter=js.Object.fromEntries))

        async def body() -> bytes:
            response = await request
            if not response.ok:
                raise OSError(f"HTTP {response.status}")
            return (await response.arrayBuffer()).to_bytes()
        return body()

    # A synchronous request can only return text: bytes as x-user-defined characters.
    sync_get = run_js("""(url) => {
      const request = new XMLHttpRequest();
      request.open("GET", url, false);
      request.overrideMimeType("text/plain; charset=x-user-defined");
      request.send(null);
      if (request.status !== 200) throw new Error("HTTP " + request.status + " for " + url);
      const text = request.responseText, bytes = new Uint8Array(text.length);
      for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i) & 255;
      return bytes;
    }""")

    def fetch_sync(url: str) -> bytes:
        kept = getattr(js, "ludusFiles", None)           # static/loader.js downloaded it already
        if kept is not None and js.Reflect.has(kept, url):
            data = js.Uint8Array.new(js.Reflect.get(kept, url)).to_bytes()
            js.Reflect.deleteProperty(kept, url)
            return data
        return bytes(sync_get(url).to_py())

    # The page's folder.  In a worker (importScripts exists there) never touch js.document: PyScript
    # proxies it to the page, which blocks without SharedArrayBuffer.  Its blob: URL gives the origin
    # only: right for a site at the root (tests/browser/test_worker_cost.py); the page runs no worker.
    in_worker = hasattr(js, "importScripts")
    page = str(js.location.href).removeprefix("blob:") if in_worker else str(js.document.baseURI)
    return fetch, fetch_sync, page.split("?")[0].split("#")[0].rsplit("/", 1)[0] + "/"


def _default_loader() -> Loader:
    index = json.loads(INDEX.read_text(encoding="utf-8")) if INDEX.is_file() else None
    fetch, fetch_sync, base = _browser_fetchers() if index is not None else (None, None, "")
    loader = Loader(index, Path(__file__).resolve().parent.parent, base, fetch, fetch_sync)
    if fetch is not None:
        import js  # type: ignore[import-not-found]
        loader.note = lambda what: js.performance.mark("py:" + what)
    return loader


LOADER = _default_loader()


def start(*names: str) -> list[str]:
    """Start fetching the archives of packages or archives ``names`` (and what they need) now."""
    return LOADER.start(*[LOADER.archive_of(n) or n for n in names]) if LOADER.active else []


async def ensure(*names: str) -> list[str]:
    """Fetch the archives of packages or archives ``names`` (and what they need); see the module doc."""
    return await LOADER.ensure(*[LOADER.archive_of(n) or n for n in names]) if LOADER.active else []


def later(*names: str) -> list[str]:
    """The archives the lazily imported modules of packages or archives ``names`` need
    (:meth:`Loader.later`): fetched with the game when the page may compute with them at once."""
    return LOADER.later([LOADER.archive_of(n) or n for n in names]) if LOADER.active else []


async def ensure_texts(*languages: str) -> None:
    await LOADER.ensure_texts(*languages)


def start_texts(*packages: str) -> asyncio.Future:
    """The texts of ``packages`` (outside the archives: the shell's) in the page's languages, fetched
    from now on (:meth:`Loader.start_texts`)."""
    return LOADER.start_texts(*packages)


async def import_module(dotted: str) -> Any:
    """``importlib.import_module(dotted)`` once its archive (and what it needs) is here: how the
    shell imports the game it is about to set up or play (``"ptolemaeus_ui.spec"``)."""
    name = LOADER.archive_of(dotted)
    if name is not None:
        await LOADER.ensure(name)
    return importlib.import_module(dotted)


def use_languages(*languages: str) -> None:
    LOADER.use_languages(*languages)


def loaded() -> list[str]:
    """The archives unpacked so far (for the snapshot: what a returning player will need)."""
    return list(LOADER.loaded)


def archive_of(module: str) -> str | None:
    return LOADER.archive_of(module)


def in_memory(modules: Iterable[str] | None = None) -> list[str]:
    """The archives whose packages are imported but not unpacked: after a restore from a memory
    snapshot, the snapshot's (their modules are in memory, their files are not: the file system
    is not in a snapshot; issue 18).  ``py/app/main.py`` ensures them, which also fetches their
    texts, before the shell needs a submodule or a text of theirs.  Empty after a normal boot.
    Here, not in ``boot.memsnap``: a normal boot then compiles none of that (issue 13)."""
    found: list[str] = []
    for name in sorted(sys.modules if modules is None else modules):
        archive = archive_of(name.split(".")[0])
        if archive is not None and archive not in LOADER.loaded and archive not in found:
            found.append(archive)
    return found


def install() -> None:
    """Put the import hook in place (once): an unprepared import fetches its archive."""
    if LOADER.active and not any(isinstance(f, _ImportHook) for f in sys.meta_path):
        sys.meta_path.insert(0, _ImportHook(LOADER))
