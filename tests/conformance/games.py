"""The games the conformance suite checks: key -> its ``gamekit.game.Rules`` class.

The lead adds each new game here (and will later point this at the app's catalog).
"""

from __future__ import annotations

import sys
from pathlib import Path

from gamekit.game import Rules

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))   # tests/: shellgame

from ptolemaeus.game import PtolemaeusRules  # noqa: E402
from shellgame import TallyRules  # noqa: E402

GAMES: dict[str, type[Rules]] = {
    "ptolemaeus": PtolemaeusRules,
    "tally": TallyRules,
}
