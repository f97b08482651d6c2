"""Random positions of every game and player count, for the conformance suite.

``CONFORMANCE_GAMES`` (env var, default 2) is the number of random games played per
game and player count; ``CONFORMANCE_EXAMPLES`` (default 60) the Hypothesis examples
per property (derandomized: the same every run, unless ``CONFORMANCE_RANDOM=1``).
A longer run: ``CONFORMANCE_GAMES=20 CONFORMANCE_EXAMPLES=2000 pytest tests/conformance``.
"""

from __future__ import annotations

import os
import random
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from games import GAMES  # noqa: E402

N_GAMES = int(os.environ.get("CONFORMANCE_GAMES", "2"))
MAX_STEPS = 600


@dataclass
class Playthrough:
    """A random game: its setup, the JSON of every action, and a sample of its states."""

    setup: dict[str, Any]
    actions: list[dict[str, Any]] = field(default_factory=list)
    states: list[Any] = field(default_factory=list)         # clones, every few steps
    final: Any = None


def play_random(rules: Any, players: int, seed: int, keep_every: int = 7) -> Playthrough:
    """A random game to its end (or MAX_STEPS), the invariants checked after every step."""
    rng = random.Random(seed)
    setup = rules.random_setup(rng, players)
    state = rules.new_state(setup)
    rules.check_invariants(state)
    out = Playthrough(setup)
    out.states.append(rules.clone(state))
    for step in range(MAX_STEPS):
        if rules.is_over(state):
            break
        action = rng.choice(rules.legal_actions(state))
        out.actions.append(rules.action_to_json(action))
        rules.apply(state, action)
        rules.check_invariants(state)
        if step % keep_every == keep_every - 1:
            out.states.append(rules.clone(state))
    out.final = state
    return out


CASES = [(key, players) for key, cls in GAMES.items() for players in range(cls.min_players, cls.max_players + 1)]
_CACHE: dict[tuple[str, int], list[Playthrough]] = {}


def playthroughs(key: str, players: int) -> list[Playthrough]:
    if (key, players) not in _CACHE:
        rules = GAMES[key]()
        _CACHE[key, players] = [play_random(rules, players, seed=1000 * players + i) for i in range(N_GAMES)]
    return _CACHE[key, players]
