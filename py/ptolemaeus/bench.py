"""Random-playout throughput of the engine: ``python -m ptolemaeus.bench``.

Plays whole games choosing uniformly among ``legal_actions()`` (the honest
API path: generate, choose, apply) for 2 and 4 players and prints games and
actions per second. ``--json`` prints one JSON object for machines, e.g.
``{"2": {"games_per_s": ..., "actions_per_s": ...}, "4": {...}}``. The
machinery is :mod:`gamekit.bench`'s.
"""

from __future__ import annotations

import random

from gamekit import bench as gb

from .state import State, new_game

__all__ = ["main", "measure", "random_playout"]

# One sky for every benchmark game, so the figure measures the rules engine,
# not astronomy: the rulebook's own Apollo XI start.
_START = "1969-07-20T20:17Z"
_TEMPLATE: list[State] = []


def _new(players: int, seed: int) -> State:
    if not _TEMPLATE:
        _TEMPLATE.append(new_game(players=2, seed=0, start=_START))
    t = _TEMPLATE[0]
    s = State.setup(players, seed, t.planets, t.start)
    s.record = False
    return s


def random_playout(state: State, rng: random.Random) -> int:
    """Play ``state`` to the end at random; return the number of actions."""
    return gb.random_playout(state, rng)


def measure(players: int, games: int, seed: int = 0) -> dict[str, float]:
    """Time ``games`` random playouts (setup included) for ``players``."""
    return gb.measure(_new, players, games, seed)


def main(argv: list[str] | None = None) -> int:
    return gb.main(argv, "python -m ptolemaeus.bench", __doc__.splitlines()[0], _new, players=(2, 4),
                   choices=(1, 2, 3, 4))


if __name__ == "__main__":
    raise SystemExit(main())
