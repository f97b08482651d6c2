"""Every game the page offers is held to the conformance suite (issue 10)."""

import subprocess
import sys
from pathlib import Path

from games import GAMES

PY = Path(__file__).resolve().parents[2] / "py"


def test_every_game_of_the_pages_catalog_is_checked_by_the_conformance_suite():
    # In a fresh interpreter: the catalog registers into the shell's global registry.
    code = "import catalog; from app.games import CATALOG; print(' '.join(sorted(CATALOG.keys())))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=PY).stdout
    keys = out.split()
    assert keys and set(keys) <= set(GAMES), f"not in tests/conformance/games.py: {set(keys) - set(GAMES)}"
