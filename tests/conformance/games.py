"""The games the conformance suite checks: key -> its ``gamekit.game.Rules`` class.

Each new game is added here (one line); ``tests/conformance/test_catalog.py`` checks that
every game of the page's catalog is in this list.
"""

from __future__ import annotations

import sys
from pathlib import Path

from gamekit.game import Rules

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))   # tests/: shellgame

from pompeii.game import PompeiiRules  # noqa: E402
from ptolemaeus.game import PtolemaeusRules  # noqa: E402
from shellgame import TallyRules  # noqa: E402

GAMES: dict[str, type[Rules]] = {
    "ptolemaeus": PtolemaeusRules,
    "pompeii": PompeiiRules,
    "tally": TallyRules,
}
