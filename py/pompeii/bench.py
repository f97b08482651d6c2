"""Random-playout throughput of the Pompeii engine: ``python -m pompeii.bench``.

Plays whole games choosing uniformly among ``legal_actions()`` (generate,
choose, apply; setup included) for 2, 3 and 4 players and prints games and
actions per second; ``--json`` prints the same shape as ``ptolemaeus.bench``
(``{"2": {"games", "seconds", "games_per_s", "actions_per_s", "actions_per_game"}, ...}``).
"""

from __future__ import annotations

from gamekit import bench as gb

from .state import State

__all__ = ["main"]


def _new(players: int, seed: int) -> State:
    s = State.setup(players, seed)
    s.record = False
    return s


def main(argv: list[str] | None = None) -> int:
    return gb.main(argv, "python -m pompeii.bench", __doc__.splitlines()[0], _new, players=(2, 3, 4),
                   choices=(2, 3, 4))


if __name__ == "__main__":
    raise SystemExit(main())
