"""tools/vendor.py's archives: the page's Python as one zip per package group (issue 13).

The shell's packages in shell.zip (with the index), every other package found
under py/ in its own archive, astronomy-engine in its own, texts one file per
language; reproducible bytes; packages discovered generically (a new game's
packages need no edit)."""

from __future__ import annotations

import ast
import hashlib
import importlib.util
import io
import json
import tokenize
import zipfile
from pathlib import Path

from app import i18n

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("vendor_archives", ROOT / "tools" / "vendor.py")
vendor = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(vendor)


def _names(blob: bytes) -> list[str]:
    return vendor.solid_members(blob).namelist()


def _index(planned: dict[str, bytes]) -> dict:
    return json.loads(vendor.solid_members(planned["shell.zip"]).read(vendor.INDEX_NAME))


def test_every_archive_is_solid_one_deflated_stream_of_a_stored_zip():
    """Issue 13: modules compress against their neighbours (one deflate stream), not one by one;
    the page reads the same member name (boot.archives.SOLID_MEMBER, py/app/main.py)."""
    from boot import archives
    assert archives.SOLID_MEMBER == vendor.SOLID_MEMBER
    assert f'.read("{vendor.SOLID_MEMBER}")' in (ROOT / "py/app/main.py").read_text()
    for name, blob in vendor.planned_archives().items():
        if not name.endswith(".zip"):
            continue
        outer = zipfile.ZipFile(io.BytesIO(blob))
        assert [(i.filename, i.compress_type) for i in outer.infolist()] == [(vendor.SOLID_MEMBER, zipfile.ZIP_DEFLATED)]
        assert {i.compress_type for i in vendor.solid_members(blob).infolist()} == {zipfile.ZIP_STORED}, name


def test_every_module_is_in_exactly_one_archive():
    planned = vendor.planned_archives()
    in_archives = [n for f, blob in planned.items() if f.endswith(".zip") for n in _names(blob)
                   if not n.endswith("/")]
    for path in (ROOT / "py").rglob("*.py"):
        rel = path.relative_to(ROOT / "py")
        if "__pycache__" in rel.parts or (len(rel.parts) > 1 and rel.parts[0] not in vendor.packages()):
            continue
        assert in_archives.count(rel.as_posix()) == (0 if rel.as_posix() in vendor.CLI_ONLY else 1), rel
    assert in_archives.count("astronomy.py") == 1
    assert vendor.INDEX_NAME in _names(planned["shell.zip"])


def test_the_shell_archive_holds_the_shell_and_no_game():
    planned = vendor.planned_archives()
    names = _names(planned["shell.zip"])
    modules = {n for n in names if "/" not in n}          # py/*.py: the catalog, imported by main.py
    tops = {n.split("/")[0] for n in names} - modules
    assert tops == {p for p in vendor.packages() if p in vendor.SHELL_PACKAGES}
    assert "catalog.py" in modules
    assert {"app", "gamekit", "boot"} <= tops and "ptolemaeus" not in tops
    # only the current language's strings are fetched (issue 13): the shell's English is inside, the
    # other languages' only for app.i18n.EVERYWHERE's texts (the language menu names each in itself)
    assert sorted(n for n in _names(planned["shell.zip"]) if n.startswith("app/lang/")) == [
        "app/lang/", "app/lang/en.json", f"app/lang/{i18n.EVERYWHERE_FILE}"]


def test_the_shells_other_languages_are_in_its_archive_only_for_the_texts_needed_everywhere():
    planned = vendor.planned_archives()
    assert vendor.everywhere_keys(vendor.PY_DIR) == i18n.EVERYWHERE
    inside = json.loads(vendor.solid_members(planned["shell.zip"]).read(f"app/lang/{i18n.EVERYWHERE_FILE}"))
    assert sorted(inside) == sorted(lang for lang in i18n.LANGUAGES if lang != i18n.SOURCE)
    for lang, texts in inside.items():
        source = json.loads((ROOT / "py/app/lang" / f"{lang}.json").read_bytes())
        assert texts == {key: source[key] for key in i18n.EVERYWHERE}, lang
    index = _index(planned)
    assert sorted(index["texts"]["app"]) == sorted(i18n.LANGUAGES)       # each served alone


def test_a_games_texts_are_one_file_per_language_outside_its_archive():
    """Only the current language's strings are fetched: a game UI's lang/*.json are not in its zip."""
    planned = vendor.planned_archives()
    assert not [n for n in _names(planned["ptolemaeus_ui.zip"]) if n.endswith(".json")]
    index = _index(planned)
    for lang in ("en", "es", "it", "de"):
        entry = index["texts"]["ptolemaeus_ui"][lang]
        assert planned[entry["file"]] == vendor.lean_texts((ROOT / "py/ptolemaeus_ui/lang" / f"{lang}.json").read_bytes())
        assert hashlib.sha256(planned[entry["file"]]).hexdigest() == entry["sha256"]


def test_served_texts_leave_out_only_the_rules_pages_texts():
    """The ``rules.*`` texts are written into rules*.html at build time; every other text is
    served as it is (tests/test_i18n.py checks that no page code looks a ``rules.*`` key up)."""
    planned = vendor.planned_archives()
    index = _index(planned)
    for package, languages in index["texts"].items():
        for lang, entry in languages.items():
            source = json.loads((ROOT / "py" / package / "lang" / f"{lang}.json").read_bytes())
            served = json.loads(planned[entry["file"]])
            assert served == {k: v for k, v in source.items() if not k.startswith("rules.")}, entry["file"]
    for name in ("app/lang/en.json",):                         # the shell's, inside shell.zip
        inside = json.loads(vendor.solid_members(planned["shell.zip"]).read(name))
        assert inside == json.loads((ROOT / "py" / name).read_bytes())
    english = index["texts"]["ptolemaeus_ui"]["en"]["file"]
    assert len(planned[english]) < 0.6 * len((ROOT / "py" / english).read_bytes())


def test_the_index_names_each_archive_with_its_hash_and_needs():
    planned = vendor.planned_archives()
    index = _index(planned)
    assert index["base"] == "static/py/"
    assert set(index["archives"]) == {"astronomy", "ptolemaeus", "ptolemaeus_ui"} | {
        p for p in vendor.packages() if p not in vendor.SHELL_PACKAGES}
    for name, entry in index["archives"].items():
        assert hashlib.sha256(planned[entry["file"]]).hexdigest() == entry["sha256"], name
    assert index["archives"]["ptolemaeus_ui"]["needs"] == ["ptolemaeus"]
    # sky.py imports astronomy at its top level, but sky itself is imported only inside functions
    # (a date whose sky is not in dates.HISTORIC_SKIES): astronomy is fetched then, not with the game.
    assert index["archives"]["ptolemaeus"]["needs"] == []
    assert index["archives"]["ptolemaeus"]["later"] == ["astronomy"]   # main.py fetches it for a date link
    assert index["archives"]["ptolemaeus_ui"]["later"] == [] and index["archives"]["pompeii"]["later"] == []
    assert index["archives"]["astronomy"]["packages"] == ["astronomy"]


def test_what_a_lazily_imported_module_imports_is_not_needed_by_its_archive(tmp_path):
    """Issue 13: the needs of an archive count the top-level imports of its modules, except of
    those the code imports only inside functions (they come later, through the import hook)."""
    py = tmp_path / "py"
    files = {"app/__init__.py": "",
             "game/__init__.py": "def sky():\n    from . import late\n    return late\n",
             "game/late.py": "import astronomy\n",
             "game/eager.py": "from game.helper import X\n",
             "game/helper.py": "import other\nX = 1\n",
             "other/__init__.py": "",
             "both/__init__.py": "from .early import Y\n\ndef f():\n    from .early import Z\n",
             "both/early.py": "import astronomy\n"}
    for rel, text in files.items():
        (py / rel).parent.mkdir(parents=True, exist_ok=True)
        (py / rel).write_text(text)
    index = _index(vendor.planned_archives(py))
    assert index["archives"]["game"]["needs"] == ["other"]              # late.py's astronomy: not needed...
    assert index["archives"]["game"]["later"] == ["astronomy"]          # ...but known, to fetch it ahead
    assert index["archives"]["both"]["needs"] == ["astronomy"]   # early.py is imported at a top level too
    sources = {p.relative_to(py).as_posix(): p.read_text() for p in py.rglob("*.py")}
    assert vendor.lazily_imported(sources) == {"game.late"}


def test_archives_are_reproducible_byte_for_byte():
    assert vendor.planned_archives() == vendor.planned_archives()


def test_new_packages_are_discovered_without_edits(tmp_path):
    """A new game (engine + UI) and a new shell package: archives without touching the generator."""
    py = tmp_path / "py"
    for rel, text in {"app/__init__.py": "", "boardui/__init__.py": "", "boardui/svg.py": "X = 1\n",
                      "pompeii/__init__.py": "from .rules import R\n", "pompeii/rules.py": "R = 1\n",
                      "pompeii_ui/__init__.py": "import pompeii\n\ndef f():\n    import astronomy\n",
                      "pompeii_ui/lang/en.json": "{}", "notapackage/readme.txt": "",
                      "catalog.py": "GAMES = ['pompeii_ui.spec']\n",
                      "__pycache__/x.py": ""}.items():
        (py / rel).parent.mkdir(parents=True, exist_ok=True)
        (py / rel).write_text(text)
    planned = vendor.planned_archives(py)
    assert set(planned) == {"shell.zip", "pompeii.zip", "pompeii_ui.zip", "astronomy.zip",
                            "pompeii_ui/lang/en.json"}
    assert {"boardui/svg.py", "catalog.py"} <= set(_names(planned["shell.zip"]))  # a top-level module too
    index = _index(planned)
    assert index["archives"]["pompeii_ui"]["needs"] == ["pompeii"]   # astronomy only inside a function
    assert index["archives"]["pompeii"]["needs"] == []                # Pompeii pays only for Pompeii


def test_module_level_imports_only():
    """What importing a module runs at once: its top level, its branches and class bodies (a class
    body runs when the module is imported), not its functions; a relative import stays in its own
    package."""
    source = ("import a.b\nfrom c import d\nfrom . import e\ntry:\n    import f\nexcept ImportError:\n"
              "    import g\nif True:\n    import h\ndef x():\n    import i\nclass Y:\n    import j\n"
              "for _ in ():\n    import k\n")
    assert vendor._module_level_imports(source) == {"a", "c", "f", "g", "h", "j", "k"}
    assert vendor._module_level_imports(source + "import pkg.other\n", "pkg/mod.py") == {"a", "c", "f", "g", "h", "j", "k"}


def test_build_writes_changes_only_and_removes_leftovers(tmp_path, capsys):
    out = tmp_path / "py"
    assert vendor.build_archives(out) == len(vendor.planned_archives())
    assert vendor.archive_problems(out) == []
    (out / "gone.zip").write_bytes(b"old")
    (out / "shell.zip").write_bytes(b"stale")
    problems = vendor.archive_problems(out)
    assert any("gone.zip is left over" in p for p in problems) and any("shell.zip is stale" in p for p in problems)
    vendor._built_from = None
    (out / vendor.STAMP).unlink()       # else the stamp says "built from these sources"
    assert vendor.build_archives(out) == 2
    assert vendor.archive_problems(out) == [] and not (out / "gone.zip").exists()


def test_the_repo_archives_are_fresh():
    """static/py/ is what py/ makes (the browser tests' server rebuilds it on request too)."""
    vendor.build_archives(quiet=True)
    assert vendor.archive_problems() == []


def _without_docstrings(tree: ast.AST) -> ast.AST:
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
                first.value.value = "." if isinstance(node, ast.ClassDef) else ""
    return tree


class _WithoutRunTimeFreeAnnotations(ast.NodeTransformer):
    """What lean_source drops, said on the syntax tree: functions' annotations, and annotated
    assignments' outside class bodies (a class keeps its dataclass / NamedTuple fields)."""

    def generic_visit(self, node: ast.AST) -> ast.AST:
        if isinstance(node, ast.ClassDef):   # its own statements stay annotated; what they hold is visited
            node.body = [self._inside_class(child) for child in node.body]
            for field in ("bases", "keywords", "decorator_list"):
                setattr(node, field, [self.visit(child) for child in getattr(node, field)])
            return node
        return super().generic_visit(node)

    def _inside_class(self, child: ast.stmt) -> ast.stmt:
        if isinstance(child, ast.AnnAssign):
            return child
        return self.visit(child)

    def visit_arg(self, node: ast.arg) -> ast.arg:
        node.annotation = None
        return node

    def visit_FunctionDef(self, node):
        node.returns = None
        return self.generic_visit(node)

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_AnnAssign(self, node: ast.AnnAssign) -> ast.stmt:
        if node.value is None:
            return ast.copy_location(ast.Pass(), node)
        return ast.copy_location(ast.Assign(targets=[node.target], value=self.visit(node.value)), node)


def _normal(tree: ast.AST) -> str:
    return ast.dump(tree, include_attributes=False)


def test_lean_sources_are_the_same_code_on_the_same_lines():
    """Docstrings emptied, comments and the annotations nothing reads at run time dropped,
    nothing else: the same syntax tree, every statement on its line (a traceback in the page
    points at the repo's lines)."""
    for path in [*(ROOT / "py").rglob("*.py"), vendor.astronomy_source()]:
        if "__pycache__" in path.parts:
            continue
        source = path.read_text(encoding="utf-8")
        lean = vendor.lean_source(source)
        assert lean.count("\n") == source.count("\n"), path
        before = _WithoutRunTimeFreeAnnotations().visit(_without_docstrings(ast.parse(source)))
        after = ast.parse(lean)
        assert _normal(before) == _normal(after), path
        assert [(type(n).__name__, n.lineno) for n in ast.walk(before) if isinstance(n, ast.stmt)] == \
               [(type(n).__name__, n.lineno) for n in ast.walk(after) if isinstance(n, ast.stmt)], path
        assert "#" not in "".join(t.string for t in tokenize.generate_tokens(io.StringIO(lean).readline)
                                  if t.type == tokenize.COMMENT)


def test_lean_source_of_tricky_text():
    source = ('"""Mod doc."""\n# c\nx = "# not a comment"  # yes\ndef f():\n    """One\n\n    doc."""\n'
              "y = '''keep\n   spaces   \n'''\nclass C:\n    'doc'\n    z = 'ü'  # ü\n")
    lean = vendor.lean_source(source)
    assert lean == ('""\n\nx = "# not a comment"\ndef f():\n    ""\n\n\n'
                    "y = '''keep\n   spaces   \n'''\nclass C:\n    \".\"\n    z = 'ü'\n")


def test_lean_source_drops_the_annotations_nothing_reads():
    """Functions' and plain variables' annotations go (issue 13: compiling them cost about 15% of
    the shell's compile time in the page), lines kept; a class's annotated fields stay, so a
    dataclass or a NamedTuple works as in the repo."""
    source = ('from __future__ import annotations\nfrom dataclasses import dataclass\n'
              'def f(a: int, *args: str, b: "B" = 2, **kw: dict[str, int]) -> dict[\n'
              '        str, int]:  # c\n    z: int = a\n    w: float\n    return {"z": z}\n'
              'x: dict[str,\n   int] = {}\n@dataclass\nclass P:\n    n: int\n    m: str = "m"\n'
              '    def g(self, k: int) -> int:\n        return k\n')
    lean = vendor.lean_source(source)
    assert lean.count("\n") == source.count("\n")
    assert lean == ('from __future__ import annotations\nfrom dataclasses import dataclass\n'
                    'def f(a, *args, b = 2, **kw)\\\n:\n    z = a\n    pass\n    return {"z": z}\n'
                    'x\\\n = {}\n@dataclass\nclass P:\n    n: int\n    m: str = "m"\n'
                    '    def g(self, k):\n        return k\n')
    space: dict = {}
    exec(compile(lean, "lean", "exec"), space)
    assert space["f"](3) == {"z": 3} and space["f"].__annotations__ == {}
    assert space["P"](1) == space["P"](n=1, m="m") and space["P"](1).g(5) == 5


def test_a_lean_dataclass_keeps_a_docstring_and_dataclass_makes_none():
    """An empty docstring would make ``@dataclass`` compute one with ``inspect.signature`` at
    import (in the page, ~0.5 ms a class)."""
    source = 'from dataclasses import dataclass\n@dataclass\nclass Move:\n    """A move."""\n    to: int\n'
    space: dict = {}
    exec(compile(vendor.lean_source(source), "lean.py", "exec"), space)  # noqa: S102 - our own source
    assert space["Move"].__doc__ == "."


def test_the_command_line_tools_left_out_are_imported_by_no_page_module():
    """vendor.CLI_ONLY (the arenas, the engines' benchmarks) is in no archive: no module that is shipped
    imports one, at its top level or inside a function."""
    shipped = {path.relative_to(ROOT / "py").as_posix(): path.read_text() for path in vendor.page_modules()
               if path.suffix == ".py" and path.relative_to(ROOT / "py").as_posix() not in vendor.CLI_ONLY}
    names = {cli.removesuffix(".py").replace("/", ".") for cli in vendor.CLI_ONLY}
    for rel, source in shipped.items():
        top, nested = vendor._imported_modules(rel, source)
        assert not names & top, (rel, names & top)
        assert not names & nested, (rel, names & nested)
    assert {p.relative_to(ROOT / "py").as_posix() for p in (ROOT / "py").rglob("*.py")} >= vendor.CLI_ONLY
