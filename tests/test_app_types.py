"""The shell's pure modules pass mypy with ``check_untyped_defs`` (issue 10, type checking)."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
MODULES = ["app/games.py", "app/errors.py", "app/session.py", "app/links.py", "app/host.py", "app/i18n.py",
           "catalog.py"]


def test_the_pure_shell_modules_type_check():
    api = pytest.importorskip("mypy.api", reason="mypy is a dev dependency (pyproject.toml)")
    out, err, status = api.run(["--check-untyped-defs", "--ignore-missing-imports", "--follow-imports=silent",
                                "--no-incremental", "--python-version", "3.11",
                                *[str(ROOT / "py" / m) for m in MODULES]])
    assert status == 0, out + err


def test_the_shells_browser_screens_are_type_checked_too():
    """`make test` runs mypy over pyproject's [tool.mypy] files: py/app whole, screens and entry
    point included (no module of it excluded, no error silenced for a whole module but main.py's
    top-level await, which PyScript's async script needs)."""
    import re
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mypy"]
    assert "py/app" in config["files"]
    app_files = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "py" / "app").glob("*.py"))
    assert len(app_files) > 10
    for pattern in config.get("exclude", []):
        assert not [f for f in app_files if re.search(pattern, f)], pattern
    for override in config.get("overrides", []):
        modules = override["module"] if isinstance(override["module"], list) else [override["module"]]
        if any(m == "app" or m.startswith("app.") for m in modules):
            assert override == {"module": ["app.main"], "disable_error_code": ["top-level-await"]}
