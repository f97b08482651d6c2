"""Fixtures of the conformance suite (the positions: ``support.py``)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from games import GAMES  # noqa: E402
from support import CASES, Playthrough, playthroughs  # noqa: E402


@pytest.fixture(params=CASES, ids=[f"{k}-{p}p" for k, p in CASES])
def case(request: pytest.FixtureRequest) -> tuple[Any, list[Playthrough]]:
    key, players = request.param
    rules = GAMES[key]()
    if hasattr(rules, "bot_time_factor"):
        rules.bot_time_factor = 0.05          # cheap bots: legality, not strength, is checked here
    return rules, playthroughs(key, players)


@pytest.fixture(params=list(GAMES), ids=list(GAMES))
def game_rules(request: pytest.FixtureRequest) -> Any:
    return GAMES[request.param]()
