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
