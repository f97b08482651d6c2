"""boot.memsnap, the Python side of the memory snapshot (issue 18), under CPython.

What goes into a snapshot: the page's modules that import without the browser (``pyscript``,
``js``... refused, even where a module would catch the ImportError and fall back to a desktop
mode, which a snapshot would then freeze); ``random`` reseeded after a restore; which archives a
restored interpreter must unpack (its modules are in memory, its files are not).  The browser side
is tests/browser/test_memsnap.py."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
import textwrap
from pathlib import Path

from boot import archives, memsnap
from boot.archives import Loader
from hypothesis import given
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parents[1]

MODULES = {
    "pure_pkg/__init__.py": "import json\nVALUE = json.dumps([1])\n",
    "pure_pkg/core.py": "from pure_pkg import VALUE\nDOUBLE = VALUE * 2\n",
    "needs_browser.py": "from pyscript import window\n",
    "needs_js.py": "import js\n",
    # Would import, and freeze its desktop mode into the snapshot, if the refusal were an ImportError.
    "falls_back.py": "try:\n    import js\nexcept ImportError:\n    js = None\nMODE = 'desktop' if js is None else 'page'\n",
    "swallows.py": "try:\n    import pyscript\nexcept Exception:\n    pyscript = None\n",
    "uses_browser_module.py": "import pure_pkg.core\nimport needs_browser\n",
    "broken.py": "raise RuntimeError('no')\n",
    # Stand-ins for the browser's modules: without the refusal all of the above would import.
    "pyscript/__init__.py": "window = object()\n",
    "js.py": "document = object()\n",
}


def _run(tmp_path: Path, code: str) -> dict:
    """``code`` in a fresh interpreter (clean sys.modules) with py/ and the test modules on the path;
    it prints one JSON line."""
    for rel, text in MODULES.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    prelude = f"import sys, json\nsys.path[:0] = [{str(tmp_path)!r}, {str(ROOT / 'py')!r}]\n"
    out = subprocess.run([sys.executable, "-c", prelude + textwrap.dedent(code)], capture_output=True, text=True,
                         check=True, cwd=tmp_path)
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_prepare_keeps_only_modules_that_import_without_the_browser(tmp_path):
    """A snapshot holds no JavaScript object: every module that asks for a browser module is left
    out whole (also one that catches ImportError or Exception), its pure dependencies kept."""
    got = _run(tmp_path, """
        from boot import memsnap
        names = ["pure_pkg.core", "needs_browser", "needs_js", "falls_back", "swallows", "uses_browser_module",
                 "broken", "pyscript", "js", "__main__", "boot.archives", "pyodide.ffi", "json"]
        result = memsnap.prepare(names)
        result["in_sys_modules"] = sorted(n for n in names + ["pure_pkg"] if n in sys.modules and n != "__main__")
        print(json.dumps(result))
    """)
    assert got["imported"] == ["json", "pure_pkg.core"]
    assert got["left_out"] == ["broken", "falls_back", "needs_browser", "needs_js", "swallows", "uses_browser_module"]
    # What failed is not in sys.modules (the page imports it from source); the pure parts are.
    assert got["in_sys_modules"] == ["json", "pure_pkg", "pure_pkg.core"]


def test_a_browser_module_imported_before_is_hidden_while_preparing_and_back_after(tmp_path):
    got = _run(tmp_path, """
        import js
        from boot import memsnap
        result = memsnap.prepare(["needs_js", "pure_pkg"])
        result["js_back"] = sys.modules.get("js") is js
        result["refuser_gone"] = not any(type(f).__name__ == "_Refuser" for f in sys.meta_path)
        print(json.dumps(result))
    """)
    assert got == {"imported": ["pure_pkg"], "left_out": ["needs_js"], "js_back": True, "refuser_gone": True}


@given(st.lists(st.one_of(st.text(max_size=30), st.sampled_from(
    ["pyscript", "pyscript.ffi", "js", "app.shell", "boot.archives", "boot.snapshot", "boot.memsnap", "__main__",
     "pyodide.ffi", "_pyodide_core", "..x", ".rel", ""]), st.integers(), st.none(), st.booleans(),
    st.lists(st.text(max_size=3), max_size=2)), max_size=30))
def test_candidates_never_names_a_browser_module_and_never_raises(names):
    """Whatever the page's list holds (it crosses from JavaScript), only plain module names come out."""
    got = memsnap.candidates(names)
    assert got == sorted(set(got))
    assert set(got) <= {n for n in names if isinstance(n, str)}
    for name in got:
        assert name and not name.startswith(".") and ".." not in name
        assert name.split(".")[0] not in memsnap.BROWSER_MODULES
        assert not any(name == p or name.startswith(p + ".") for p in memsnap.SKIP_PREFIXES)
    if "boot.memsnap" in names:
        assert "boot.memsnap" in got
    if "app.shell" in names:
        assert "app.shell" in got


def test_missing_names_what_the_page_imported_beyond_the_snapshot_and_what_it_could_hold():
    """A snapshot made with Ptolemaeus, a page that went on to Pompeii: Pompeii's modules are
    missing (a new snapshot is built), what its builder left out (needs the browser) or could never
    hold (browser modules, the boot modules) is not, nor is anything it holds."""
    held = ["app.session", "ptolemaeus", "ptolemaeus.state"]
    left_out = ["app.shell", "ptolemaeus_ui.view"]
    page = [*held, *left_out, "pompeii", "pompeii.state", "pompeii_ui.view", "pyscript", "js", "boot.archives",
            "__main__"]
    assert memsnap.missing(held, left_out, page) == ["pompeii", "pompeii.state", "pompeii_ui.view"]
    assert memsnap.missing(held, left_out, [*held, *left_out, "pyodide.ffi"]) == []   # the same game: nothing
    assert memsnap.missing([], [], ["json"]) == ["json"]
    assert memsnap.missing(list(sys.modules), []) == []                             # this interpreter: all held


def test_reseed_gives_two_boots_from_one_snapshot_different_seeds():
    """A snapshot freezes ``random``: two restores would draw the same numbers (the issue measured
    it); after reseed() they do not."""
    frozen = random.getstate()
    try:
        draws = []
        for _ in range(2):
            random.setstate(frozen)                 # what each restore starts from
            draws.append(random.getrandbits(64))
        assert draws[0] == draws[1]                 # without reseeding
        draws = []
        for _ in range(2):
            random.setstate(frozen)
            memsnap.reseed()
            draws.append(random.getrandbits(64))
        assert draws[0] != draws[1]
    finally:
        random.seed()


def test_archives_in_memory_names_the_archives_of_imported_packages_not_unpacked(tmp_path, monkeypatch):
    index = {"base": "static/py/", "texts": {}, "archives": {
        "ptolemaeus": {"file": "ptolemaeus.zip", "sha256": "0" * 64, "packages": ["ptolemaeus"], "needs": ["astronomy"]},
        "astronomy": {"file": "astronomy.zip", "sha256": "1" * 64, "packages": ["astronomy"], "needs": []},
        "pompeii": {"file": "pompeii.zip", "sha256": "2" * 64, "packages": ["pompeii"], "needs": []},
    }}
    loader = Loader(index, tmp_path)
    monkeypatch.setattr(archives, "LOADER", loader)
    modules = ["json", "app.shell", "ptolemaeus.state", "ptolemaeus", "astronomy"]
    assert archives.in_memory(modules) == ["astronomy", "ptolemaeus"]
    loader.loaded.append("astronomy")
    assert archives.in_memory(modules) == ["ptolemaeus"]
    assert archives.in_memory(["json", "app.games"]) == []


def test_archives_in_memory_is_empty_without_an_index():
    """Under CPython (no archives) and after a normal boot nothing is to be unpacked."""
    assert archives.in_memory() == []


def test_the_format_is_the_same_in_python_and_in_the_interpreter_module():
    """static/memsnap.mjs keys the snapshot by FORMAT and the worker checks boot.memsnap's against it."""
    source = (ROOT / "static" / "memsnap.mjs").read_text()
    found = re.search(r"export const FORMAT = (\d+);", source)
    assert found and int(found.group(1)) == memsnap.FORMAT


def test_loader_reads_the_record_where_the_interpreter_module_keeps_it():
    """static/loader.js starts reading the snapshot's record before static/memsnap.mjs is loaded:
    the same database, store and switch (and the key, the folder above either script)."""
    loader = (ROOT / "static" / "loader.js").read_text()
    module = (ROOT / "static" / "memsnap.mjs").read_text()
    for js_name, mjs_name in (("MEMSNAP_DB", "DB_NAME"), ("MEMSNAP_STORE", "STORE"), ("MEMSNAP_SETTING", "SETTING")):
        in_loader = re.search(js_name + r' = "([^"]+)"', loader)
        in_module = re.search(r"const " + mjs_name + r' = "([^"]+)";', module)
        assert in_loader and in_module and in_loader.group(1) == in_module.group(1), js_name
    assert 'new URL("../", moduleURL)' in loader and 'new URL("../", import.meta.url)' in module


def test_plan_hands_the_builder_the_page_files_so_it_fetches_nothing(tmp_path, monkeypatch):
    """The page gives the builder shell.zip as it is (its hash keys the snapshot) and the files of
    every other archive it unpacked (packages and single modules, no bytecode) and of PyScript's
    own package, nothing else; and the modules it imported from those files (to compile)."""
    import io
    import zipfile

    (tmp_path / "shell.zip").write_bytes(b"PK-the-shell")
    for rel in ("ptolemaeus/__init__.py", "ptolemaeus/state.py", "ptolemaeus/__pycache__/state.cpython.pyc",
                "ptolemaeus_ui/lang/en.json", "astronomy.py", "pompeii/__init__.py", "pyscript/__init__.py"):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(rel)
    index = {"base": "", "texts": {}, "archives": {
        "ptolemaeus": {"file": "p.zip", "sha256": "0" * 64, "packages": ["ptolemaeus", "ptolemaeus_ui"], "needs": []},
        "astronomy": {"file": "a.zip", "sha256": "1" * 64, "packages": ["astronomy"], "needs": []},
        "pompeii": {"file": "q.zip", "sha256": "2" * 64, "packages": ["pompeii"], "needs": []},
    }}
    loader = Loader(index, tmp_path)
    loader.loaded += ["astronomy", "ptolemaeus"]          # pompeii was not unpacked
    monkeypatch.setattr(archives, "LOADER", loader)
    got = memsnap.plan()
    assert got["shell"] == b"PK-the-shell"
    with zipfile.ZipFile(io.BytesIO(got["packages"])) as z:
        assert sorted(z.namelist()) == ["astronomy.py", "ptolemaeus/__init__.py", "ptolemaeus/state.py",
                                        "ptolemaeus_ui/lang/en.json", "pyscript/__init__.py"]
        assert z.read("ptolemaeus/state.py") == b"ptolemaeus/state.py"
    assert "boot.memsnap" in got["modules"] and "__main__" not in got["modules"]
    assert got["sources"] == []                             # nothing was imported from tmp_path
    assert "boot.memsnap" in memsnap._sources(ROOT / "py")          # imported from py/boot/memsnap.py


def test_precompiled_code_serves_the_import_of_the_same_source_only(tmp_path):
    """The builder compiles what the snapshot cannot hold (issue 18); after a restore, importing
    that file takes the code object once, without compiling; another source is compiled anew,
    a name already imported or not a module's is not compiled."""
    import importlib.machinery

    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("X = 1\n")
    (tmp_path / "pkg" / "view.py").write_text("Y = 2\n")
    (tmp_path / "bad.py").write_text("def (:\n")
    try:
        got = memsnap.precompile(["pkg", "pkg.view", "bad", "json", "no.such", "..x", 3], tmp_path)
        assert got == ["pkg", "pkg.view"]
        view = str(tmp_path / "pkg" / "view.py")
        kept = memsnap.COMPILED[view][1]

        class Loader(importlib.machinery.SourceFileLoader):
            pass

        memsnap.use_compiled(Loader)
        memsnap.use_compiled(Loader)                          # once only
        assert Loader("pkg.view", view).get_code("pkg.view") is kept
        assert view not in memsnap.COMPILED                   # used once
        again = Loader("pkg.view", view).get_code("pkg.view")
        assert again is not kept and again.co_consts == kept.co_consts
        init = str(tmp_path / "pkg" / "__init__.py")
        (tmp_path / "pkg" / "__init__.py").write_text("X = 3\n")   # not the source it compiled
        code = Loader("pkg", init).get_code("pkg")
        namespace: dict = {}
        exec(code, namespace)
        assert namespace["X"] == 3
    finally:
        memsnap.COMPILED.clear()
