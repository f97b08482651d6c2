"""boot.archives: a game's code fetched when needed, checked against its hash, texts per language.

Runs the real Loader under CPython with fetch functions that serve archives
built by tools/vendor.py's own zip writer from a tiny package tree made here
(issue 13: "only the chosen game's code is fetched", "only the current
language's strings")."""

from __future__ import annotations

import asyncio
import hashlib
import importlib
import importlib.util
import json
import sys
from pathlib import Path

import pytest
from boot import archives
from boot.archives import ArchiveError, Loader
from hypothesis import given, settings
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("vendor_for_boot_tests", ROOT / "tools" / "vendor.py")
vendor = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(vendor)

BASE = "http://site.test/sub/"


def _tree(tmp_path: Path, tag: str) -> tuple[dict, dict[str, bytes]]:
    """A py/ tree with a shell package, a game engine (needs a sky lib at its top level), a game UI
    with texts in two languages and an unrelated second game; returns (index, served files)."""
    py = tmp_path / "py"
    files = {
        "app/__init__.py": "",
        f"eng_{tag}/__init__.py": f"import sky_{tag}\nVALUE = sky_{tag}.STARS + 1\n",
        f"eng_{tag}/late.py": f"def f():\n    import other_{tag}\n    return other_{tag}\n",
        f"ui_{tag}/__init__.py": f"from pathlib import Path\nimport eng_{tag}\nLANG = Path(__file__).with_name('lang')\n",
        f"ui_{tag}/lang/en.json": '{"hello": "Hello"}',
        f"ui_{tag}/lang/es.json": '{"hello": "Hola"}',
        f"other_{tag}/__init__.py": "NAME = 'other'\n",
        # the shell's texts: its archive carries English and app.i18n.EVERYWHERE's texts only
        "app/i18n.py": 'EVERYWHERE: tuple[str, ...] = ("language.name",)\n',
        "app/lang/en.json": '{"language.name": "English", "hello": "Hello"}',
        "app/lang/es.json": '{"language.name": "Espa\u00f1ol", "hello": "Hola"}',
        "app/lang/de.json": '{"language.name": "Deutsch", "hello": "Hallo"}',
    }
    for rel, text in files.items():
        (py / rel).parent.mkdir(parents=True, exist_ok=True)
        (py / rel).write_text(text)
    sky = tmp_path / f"sky_{tag}.py"
    sky.write_text("STARS = 41\n")
    # vendor.planned_archives packs the vendored astronomy module as "astronomy"; give it ours.
    planned = vendor.planned_archives(py, astronomy=sky)
    out = {name: data for name, data in planned.items() if name != "astronomy.zip"}
    out[f"sky_{tag}.zip"] = vendor._zip_bytes({f"sky_{tag}.py": sky.read_bytes()})
    index = json.loads(vendor.solid_members(planned["shell.zip"]).read(vendor.INDEX_NAME))
    del index["archives"]["astronomy"]
    index["archives"][f"sky_{tag}"] = {"file": f"sky_{tag}.zip", "sha256": hashlib.sha256(out[f"sky_{tag}.zip"]).hexdigest(),
                                       "size": 1, "packages": [f"sky_{tag}"], "needs": []}
    index["archives"][f"eng_{tag}"]["needs"] = [f"sky_{tag}"]  # the scan saw "import sky_<tag>" as no archive
    return index, out


class Server:
    """Fake network: records every URL asked for; ``stale`` serves old bytes until asked past the cache."""

    def __init__(self, files: dict[str, bytes]):
        self.files = files
        self.asked: list[tuple[str, bool]] = []
        self.stale: dict[str, bytes] = {}
        self.down = False

    def _serve(self, url: str, past_cache: bool) -> bytes:
        self.asked.append((url.removeprefix(BASE + "static/py/"), past_cache))
        if self.down:
            raise OSError("network down")
        name = url.removeprefix(BASE + "static/py/")
        if not past_cache and name in self.stale:
            return self.stale[name]
        if name not in self.files:
            raise OSError("HTTP 404")
        return self.files[name]

    async def fetch(self, url: str, past_cache: bool) -> bytes:
        await asyncio.sleep(0)
        return self._serve(url, past_cache)

    def fetch_sync(self, url: str) -> bytes:
        return self._serve(url, False)

    def names(self) -> list[str]:
        return [name for name, _ in self.asked]


@pytest.fixture
def made(tmp_path, request):
    tag = request.node.name.split("[")[0][-12:].replace("-", "_") + str(abs(hash(request.node.name)) % 10_000)
    index, files = _tree(tmp_path, tag)
    site = tmp_path / "site"
    site.mkdir()
    server = Server(files)
    loader = Loader(index, site, BASE, server.fetch, server.fetch_sync)
    sys.path.insert(0, str(site))
    yield tag, loader, server, site
    sys.path.remove(str(site))
    for name in list(sys.modules):
        if name.split(".")[0] in (f"eng_{tag}", f"ui_{tag}", f"other_{tag}", f"sky_{tag}"):
            del sys.modules[name]
    sys.meta_path[:] = [f for f in sys.meta_path if not isinstance(f, archives._ImportHook)]


def test_ensure_fetches_the_archive_and_what_it_needs_then_imports(made):
    """Only the chosen game's archives (and those its modules import at their top level) are fetched."""
    tag, loader, server, site = made
    done = asyncio.run(loader.ensure(f"ui_{tag}"))
    assert done == [f"sky_{tag}", f"eng_{tag}", f"ui_{tag}"]          # needed ones first
    assert sorted(server.names()) == sorted(f"{n}.zip" for n in done)  # not other_<tag>
    assert importlib.import_module(f"ui_{tag}").LANG == site / f"ui_{tag}" / "lang"
    assert importlib.import_module(f"eng_{tag}").VALUE == 42
    assert asyncio.run(loader.ensure(f"ui_{tag}")) == [] and len(server.asked) == 3  # once only


def test_start_sends_the_requests_before_anyone_waits(made):
    tag, loader, server, _ = made
    sent: list[str] = []

    def fetch(url: str, past_cache: bool):
        sent.append(url)                       # at call time, as js.fetch does
        return server.fetch(url, past_cache)
    loader.fetch = fetch

    async def go():
        loader.start(f"eng_{tag}")
        assert len(sent) == 2                  # before the first await
        return await loader.ensure(f"eng_{tag}")
    assert asyncio.run(go()) == [f"sky_{tag}", f"eng_{tag}"]


def test_texts_only_in_the_page_language_and_english(made):
    """Only the current language's strings are fetched (plus English, the fallback)."""
    tag, loader, server, site = made
    (site / f"ui_{tag}").mkdir()
    loader.index["texts"][f"ui_{tag}"]["de"] = {"file": f"ui_{tag}/lang/de.json", "sha256": "0" * 64}
    asyncio.run(loader.ensure_texts("es"))
    assert server.asked == []                                   # nothing loaded: nothing to fetch
    asyncio.run(loader.ensure(f"ui_{tag}"))
    assert {f"ui_{tag}/lang/es.json", f"ui_{tag}/lang/en.json"} <= set(server.names())
    assert not [n for n in server.names() if n.endswith("de.json")]
    assert json.loads((site / f"ui_{tag}/lang/es.json").read_text()) == {"hello": "Hola"}


def test_a_later_language_is_fetched_for_loaded_packages(made):
    tag, loader, _server, site = made
    loader.use_languages("en")
    asyncio.run(loader.ensure(f"ui_{tag}"))
    assert not (site / f"ui_{tag}/lang/es.json").exists()
    asyncio.run(loader.ensure_texts("es"))
    assert json.loads((site / f"ui_{tag}/lang/es.json").read_text()) == {"hello": "Hola"}


def test_a_written_language_file_replaces_an_empty_catalog(made, monkeypatch):
    """A language looked up before its file arrived ({} cached) is read again once written."""
    from app import i18n
    tag, loader, _server, site = made
    asyncio.run(loader.ensure(f"ui_{tag}"))
    domain = i18n.Domain(f"test_{tag}", site / f"ui_{tag}" / "lang")
    monkeypatch.setitem(i18n._DOMAINS, domain.name, domain)
    assert domain.t_in("es", "hello") == "hello"        # no file yet: English missing too -> key
    asyncio.run(loader.ensure_texts("es"))
    assert domain.t_in("es", "hello") == "Hola"


def test_the_shell_has_its_english_and_fetches_only_the_page_language(made, monkeypatch):
    """The shell's archive holds its English texts and, of the other languages, only what is needed
    in every language at once (the language menu's names); the page's language is fetched at start
    (``start_texts``, before anyone waits), another one when the player switches to it."""
    from app import i18n
    tag, loader, server, site = made
    shell = vendor.solid_members(server.files["shell.zip"])
    assert sorted(n for n in shell.namelist() if n.startswith("app/lang/") and n.endswith(".json")) == [
        "app/lang/en.json", "app/lang/everywhere.json"]
    shell.extractall(site)                                      # what main.py does
    domain = i18n.Domain(f"shell_{tag}", site / "app" / "lang")
    monkeypatch.setitem(i18n._DOMAINS, domain.name, domain)
    assert domain.t_in("de", "language.name") == "Deutsch"        # named in itself, nothing fetched
    assert domain.everywhere("language.name") == ["English", "Español", "Deutsch"]
    assert domain.t_in("es", "hello") == "Hello"                  # not fetched yet: English
    loader.use_languages("es")
    sent: list[str] = []

    def fetch(url: str, past_cache: bool):
        sent.append(url.removeprefix(BASE + "static/py/"))   # at call time, as js.fetch does
        return server.fetch(url, past_cache)
    loader.fetch = fetch

    async def go() -> None:
        texts = loader.start_texts("app")
        assert sent == ["app/lang/es.json"]                    # asked for at once, English not
        await texts
    asyncio.run(go())
    assert domain.t_in("es", "hello") == "Hola" and domain.t_in("es", "language.name") == "Español"
    asyncio.run(loader.ensure_texts("de"))
    assert server.names() == ["app/lang/es.json", "app/lang/de.json"]
    assert domain.t_in("de", "hello") == "Hallo"


def test_a_page_without_the_start_module_fetches_the_shells_texts_blocking(made, monkeypatch):
    """tests/shellgame.py, served as main.py, starts the shell without app/start.py's await."""
    from app import i18n
    tag, loader, server, site = made
    vendor.solid_members(server.files["shell.zip"]).extractall(site)
    domain = i18n.Domain(f"shell_{tag}", site / "app" / "lang")
    monkeypatch.setitem(i18n._DOMAINS, domain.name, domain)
    loader.use_languages("de")
    loader.ensure_texts_sync("app")
    assert server.names() == ["app/lang/de.json"] and domain.t_in("de", "hello") == "Hallo"
    asyncio.run(loader.ensure_texts("es"))                     # a later language: the shell's too
    assert domain.t_in("es", "hello") == "Hola"


def test_a_stale_copy_is_fetched_again_past_the_cache(made):
    """An HTTP cache's old archive (after an update) is not unpacked: fetched once more, past it."""
    tag, loader, server, _ = made
    server.stale[f"other_{tag}.zip"] = vendor._zip_bytes({f"other_{tag}/__init__.py": b"NAME = 'old'\n"})
    asyncio.run(loader.ensure(f"other_{tag}"))
    assert server.asked == [(f"other_{tag}.zip", False), (f"other_{tag}.zip", True)]
    assert importlib.import_module(f"other_{tag}").NAME == "other"


def test_a_wrong_archive_is_refused_and_nothing_is_unpacked(made):
    tag, loader, server, site = made
    server.files[f"other_{tag}.zip"] = vendor._zip_bytes({f"other_{tag}/__init__.py": b"NAME = 'evil'\n"})
    with pytest.raises(ArchiveError) as caught:
        asyncio.run(loader.ensure(f"other_{tag}"))
    assert caught.value.code == "archive.stale" and caught.value.params == {"file": f"other_{tag}.zip"}
    assert not (site / f"other_{tag}").exists() and loader.loaded == []


def test_a_network_failure_is_an_archive_error_and_can_be_retried(made):
    tag, loader, server, _ = made
    server.down = True
    with pytest.raises(ArchiveError) as caught:
        asyncio.run(loader.ensure(f"other_{tag}"))
    assert caught.value.code == "archive.fetch" and "network down" in caught.value.params["error"]
    server.down = False
    assert asyncio.run(loader.ensure(f"other_{tag}")) == [f"other_{tag}"]


def test_later_is_what_lazily_imported_modules_need_beyond_the_closure(tmp_path):
    """Issue 13: ``later`` (the index's, through what an archive needs) lists the archives to fetch
    ahead when the page may compute with them at once (a date link: astronomy), never one the
    closure fetches anyway."""
    entry = {"file": "x.zip", "sha256": "", "size": 1}
    index = {"base": "static/py/", "texts": {}, "archives": {
        "ui": {**entry, "packages": ["ui"], "needs": ["engine"], "later": []},
        "engine": {**entry, "packages": ["engine"], "needs": [], "later": ["sky"]},
        "sky": {**entry, "packages": ["sky"], "needs": ["maths"], "later": []},
        "maths": {**entry, "packages": ["maths"], "needs": [], "later": []},
        "solo": {**entry, "packages": ["solo"], "needs": ["maths"], "later": ["sky"]}}}
    loader = Loader(index, tmp_path, BASE)
    assert loader.later(["ui"]) == ["maths", "sky"]
    assert loader.later(["engine"]) == ["maths", "sky"]
    assert loader.later(["solo"]) == ["sky"]          # maths comes with solo already
    assert loader.later(["maths"]) == [] and loader.later(["sky"]) == []
    with pytest.raises(ArchiveError):
        loader.later(["nope"])


def test_type_checking_imports_need_nothing_at_run_time():
    """tools/vendor.py plans what a module needs at once from its top-level imports: those under
    ``if TYPE_CHECKING:`` never run, so they neither make an archive need another nor keep a
    module that is otherwise imported only inside functions from being lazily imported."""
    typed = ("from typing import TYPE_CHECKING\nimport typing\n"
             "if TYPE_CHECKING:\n    from engine.search import Search\n    import sky\n"
             "else:\n    import maths\n"
             "if typing.TYPE_CHECKING:\n    from engine import late\n"
             "def think():\n    from engine.search import Search\n    from engine import late\n")
    assert vendor._module_level_imports(typed) == {"typing", "maths"}
    sources = {"ui/view.py": typed, "engine/search.py": "x = 1\n", "engine/late.py": "y = 2\n",
               "engine/__init__.py": "", "ui/__init__.py": ""}
    assert vendor.lazily_imported(sources) == {"engine", "engine.search", "engine.late"}
    sources["ui/board.py"] = "from engine import late\n"          # imported at once somewhere
    assert vendor.lazily_imported(sources) == {"engine.search"}


def test_unknown_archive(made):
    _, loader, _, _ = made
    with pytest.raises(ArchiveError) as caught:
        asyncio.run(loader.ensure("nope"))
    assert caught.value.code == "archive.unknown" and caught.value.params == {"name": "nope"}


@pytest.mark.parametrize("member", ["../evil.py", "/abs.py", "a/../../evil.py"])
def test_an_archive_that_would_write_outside_its_folder_is_refused(made, member):
    tag, loader, server, site = made
    bad = vendor._zip_bytes({member.lstrip("/"): b"x = 1\n"})
    if member.startswith("/"):
        import io
        import zipfile
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w") as z:
            z.writestr(zipfile.ZipInfo(member), b"x = 1\n")
        solid = io.BytesIO()
        with zipfile.ZipFile(solid, "w") as z:
            z.writestr(zipfile.ZipInfo(archives.SOLID_MEMBER), buffer.getvalue())
        bad = solid.getvalue()
    server.files[f"other_{tag}.zip"] = bad
    loader.index["archives"][f"other_{tag}"]["sha256"] = hashlib.sha256(bad).hexdigest()
    with pytest.raises(ArchiveError) as caught:
        asyncio.run(loader.ensure(f"other_{tag}"))
    assert caught.value.code == "archive.bad"
    assert not (site.parent / "evil.py").exists() and loader.loaded == []


def test_a_plain_zip_is_refused_only_solid_archives_are_unpacked(made):
    """Issue 13: every archive is solid (tools/vendor.py); a plain zip, even with the index's hash,
    is not what the page was built with: refused, nothing unpacked."""
    tag, loader, server, site = made
    plain = vendor._plain_zip_bytes({f"other_{tag}/__init__.py": b"NAME = 'plain'\n"})
    server.files[f"other_{tag}.zip"] = plain
    loader.index["archives"][f"other_{tag}"]["sha256"] = hashlib.sha256(plain).hexdigest()
    with pytest.raises(ArchiveError) as caught:
        asyncio.run(loader.ensure(f"other_{tag}"))
    assert caught.value.code == "archive.bad" and caught.value.params == {"file": f"other_{tag}"}
    assert not any(site.iterdir()) and loader.loaded == []


@settings(max_examples=40, deadline=None)
@given(junk=st.binary(max_size=300))
def test_any_bytes_served_for_an_archive_are_refused_unless_they_are_it(tmp_path_factory, junk):
    tmp = tmp_path_factory.mktemp("junk")
    index, files = _tree(tmp, "junk")
    site = tmp / "site"
    site.mkdir()
    if junk == files["other_junk.zip"]:
        return
    server = Server({**files, "other_junk.zip": junk})
    loader = Loader(index, site, BASE, server.fetch, server.fetch_sync)
    with pytest.raises(ArchiveError):
        asyncio.run(loader.ensure("other_junk"))
    assert not any(site.iterdir())


def test_the_import_hook_fetches_an_archive_nobody_prepared(made, monkeypatch):
    """An import inside a function (a lazy import such as astronomy's) fetches its archive then."""
    tag, loader, server, _ = made
    monkeypatch.setattr(archives, "LOADER", loader)
    asyncio.run(loader.ensure(f"eng_{tag}"))
    archives.install()
    archives.install()                                           # once
    assert sum(isinstance(f, archives._ImportHook) for f in sys.meta_path) == 1
    engine_late = importlib.import_module(f"eng_{tag}.late")
    assert engine_late.f().NAME == "other"
    assert server.names()[-1] == f"other_{tag}.zip"
    import json as _json  # noqa: F401  (anything else: not the hook's business)
    assert server.names().count(f"other_{tag}.zip") == 1


def test_import_module_fetches_then_imports(made, monkeypatch):
    """The shell's way to import the game it is about to show: archive first, then the module."""
    tag, loader, server, _ = made
    monkeypatch.setattr(archives, "LOADER", loader)
    module = asyncio.run(archives.import_module(f"eng_{tag}.late"))
    assert module.__name__ == f"eng_{tag}.late" and sorted(server.names()) == [f"eng_{tag}.zip", f"sky_{tag}.zip"]
    assert asyncio.run(archives.import_module("json")).__name__ == "json"   # not an archive's: just imported


def test_without_an_index_nothing_is_fetched(tmp_path):
    """Under CPython (tests, the desktop) every package is on sys.path: all of it does nothing."""
    loader = Loader(None, tmp_path)
    assert not loader.active
    assert asyncio.run(loader.ensure("ptolemaeus_ui")) == [] and loader.start("x") == []
    asyncio.run(loader.ensure_texts("es"))
    assert loader.archive_of("ptolemaeus") is None
    assert not archives.LOADER.active and archives.loaded() == []


LOOK_AGAIN = """
import os, sys, zipfile, zipimport
folder = sys.argv[1]
with zipfile.ZipFile(os.path.join(folder, "..", "lib.zip"), "w") as z:
    z.writestr("zipped_module.py", "VALUE = 5\\n")
lib = os.path.abspath(os.path.join(folder, "..", "lib.zip"))
sys.path.insert(0, lib)
import zipped_module                        # the zip's index is read and kept
dropped = []                                # and not dropped (3.13+) nor read again (3.11)
zipimport.zipimporter.invalidate_caches = lambda self: dropped.append(self.archive)
sys.path.insert(0, folder)
os.utime(folder, (1_000_000, 1_000_000))
from boot import archives
try:
    import fresh_module
except ImportError:
    pass                                    # the folder's (empty) listing is cached now
with open(os.path.join(folder, "fresh_module.py"), "w") as f:
    f.write("VALUE = 7\\n")
os.utime(folder, (1_000_000, 1_000_000))    # as a frozen clock leaves it: the same mtime
archives.look_again()
import fresh_module
print(fresh_module.VALUE, "importlib.metadata" in sys.modules, dropped == [])
"""


def test_look_again_finds_files_unpacked_under_an_unchanged_mtime_without_importlib_metadata(tmp_path):
    """Issue 13: after unpacking, boot.archives (and main.py, inline) make the import system list the
    folders again, as importlib.invalidate_caches() would, but without importing
    importlib.metadata, which that function imports since Python 3.11 (80-90 ms of the page's start
    compiled from source in Pyodide; docs/startup.md, 2026-11-27) and, since 3.13, dropping the
    zipimporter's index of a zip on sys.path (the standard library's, read again in Python)."""
    import subprocess

    folder = tmp_path / "site"
    folder.mkdir()
    done = subprocess.run([sys.executable, "-c", LOOK_AGAIN, str(folder)], capture_output=True, text=True,
                          timeout=60, env={"PYTHONPATH": str(ROOT / "py"), "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["7", "False", "True"], done.stdout


def test_main_py_is_short_and_never_calls_invalidate_caches():
    """Issue 13: PyScript runs py/app/main.py through Pyodide's runPythonAsync, which parses it to
    a Python AST, tokenizes it in Python and walks the tree before compiling (30-55 ms for the 6 KB
    it had, against ~6 ms for the bare page's script): main.py only unpacks shell.zip and hands
    over to app.start, an imported module (compiled in C).  Neither it nor boot.archives calls
    importlib.invalidate_caches() (it imports importlib.metadata)."""
    main = (ROOT / "py" / "app" / "main.py").read_text()
    assert len(main.encode()) <= 1500, len(main.encode())
    assert "await start.main(" in main
    import ast

    for source in (main, (ROOT / "py" / "boot" / "archives.py").read_text()):
        calls = [node for node in ast.walk(ast.parse(source)) if isinstance(node, ast.Call)
                 and isinstance(node.func, ast.Attribute) and node.func.attr == "invalidate_caches"
                 and isinstance(node.func.value, ast.Name) and node.func.value.id == "importlib"]
        assert not calls
