"""Random-playout throughput of the engine: ``python -m ptolemaeus.bench``.

Plays whole games choosing uniformly among ``legal_actions()`` (the honest
API path: generate, choose, apply) for 2 and 4 players and prints games and
actions per second. ``--json`` prints one JSON object for machines, e.g.
``{"2": {"games_per_s": ..., "actions_per_s": ...}, "4": {...}}``.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time

from .state import State, new_game

# One sky for every benchmark game, so the figure measures the rules engine,
# not astronomy: the rulebook's own Apollo XI start.
_START = "1969-07-20T20:17Z"


def random_playout(state: State, rng: random.Random) -> int:
    """Play ``state`` to the end at random; return the number of actions."""
    steps = 0
    while not state.is_over:
        actions = state.legal_actions()
        state.apply(actions[rng.randrange(len(actions))])
        steps += 1
    return steps


def measure(players: int, games: int, seed: int = 0) -> dict[str, float]:
    """Time ``games`` random playouts (setup included) for ``players``."""
    template = new_game(players=players, seed=seed, start=_START)
    planets = template.planets
    rng = random.Random(seed)
    actions = 0
    t0 = time.perf_counter()
    for g in range(games):
        s = State.setup(players, seed + g, planets, template.start)
        s.record = False
        actions += random_playout(s, rng)
    dt = time.perf_counter() - t0
    return {"games": games, "seconds": round(dt, 3), "games_per_s": round(games / dt, 1),
            "actions_per_s": round(actions / dt), "actions_per_game": round(actions / games, 1)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m ptolemaeus.bench", description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000, help="games per player count (default 1000)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--players", type=int, nargs="+", default=[2, 4], choices=[1, 2, 3, 4])
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    args = ap.parse_args(argv)
    if args.games < 1:
        ap.error("--games must be at least 1")
    results = {str(p): measure(p, args.games, args.seed) for p in args.players}
    if args.json:
        print(json.dumps(results))
    else:
        print(f"Python {sys.version.split()[0]} — random playouts, legal_actions() + apply()")
        for p, r in results.items():
            print(f"{p} players: {r['games_per_s']:8.1f} games/s  {r['actions_per_s']:8d} actions/s  "
                  f"({r['actions_per_game']} actions/game, {r['games']} games in {r['seconds']} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
