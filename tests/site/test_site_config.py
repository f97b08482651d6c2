"""The static site's configuration: local runtime only, and every page module listed."""

from __future__ import annotations

import importlib.util
import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("vendor", ROOT / "tools" / "vendor.py")
vendor = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(vendor)

URL = re.compile(r"https?://", re.IGNORECASE)
PAGE_FILES = ["index.html", "pyscript.toml", "bench/bare.html", "bench/bare.toml",
              "static/loader.js", "static/app.css"]


def test_pages_name_no_remote_urls():
    for name in PAGE_FILES:
        hits = [line.strip() for line in (ROOT / name).read_text().splitlines() if URL.search(line)]
        assert not hits, f"{name} names a remote URL: {hits}"


def test_interpreter_is_the_vendored_pyodide():
    for config in vendor.PAGE_CONFIGS:
        interpreter = tomllib.loads((ROOT / config).read_text())["interpreter"]
        assert interpreter.startswith(("./", "../")), f"{config}: {interpreter!r} must be relative"
        target = (ROOT / config).parent / interpreter
        assert target.is_file(), f"{config}: {target} does not exist: run `make setup`"


def test_pyscript_toml_loads_the_shell_archive():
    """[files] copies the shell's archive (py/app/main.py unpacks it); every module under py/ is in
    one of the archives (tests/site/test_archives.py)."""
    problems = vendor.config_problems()
    assert not problems, "\n".join(problems) + "\nfix: python tools/vendor.py --write-config"
    files = tomllib.loads((ROOT / "pyscript.toml").read_text())["files"]
    assert files == {"./static/py/shell.zip": "./shell.zip"}


def test_vendored_runtime_matches_the_pins():
    problems = vendor.vendor_problems()
    assert not problems, "\n".join(problems) + "\nfix: make setup"
