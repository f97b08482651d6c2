"""Random-playout throughput of any game's engine, with one CLI and one JSON shape.

Plays whole games choosing uniformly among ``legal_actions()`` (the honest API
path: generate, choose, apply; setup included) and reports, per player count,
``{"games", "seconds", "games_per_s", "actions_per_s", "actions_per_game"}``;
``--json`` prints ``{"2": {...}, "4": {...}}``. A game's ``bench`` module
passes ``new(players, seed)`` (a fresh state that keeps no log).

:func:`search_speed` is the bots' side: how fast a game's search level thinks
(``python -m ptolemaeus.bots --bench``, ``python -m pompeii.bots --bench``), in
one JSON shape (:data:`SEARCH_KEYS`) for both games.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

__all__ = ["RESULT_KEYS", "SEARCH_KEYS", "main", "measure", "random_playout", "search_speed"]

RESULT_KEYS = ("games", "seconds", "games_per_s", "actions_per_s", "actions_per_game")
# The keys of :func:`search_speed`'s result, in order (both games' ``bots --bench --json``).
SEARCH_KEYS = ("level", "players", "decisions", "seconds", "iterations_per_second",
               "determinizations_per_second", "simulated_decisions_per_second", "sec_per_decision_mean",
               "sec_per_decision_max", "sec_per_decision_p90")


def random_playout(state: Any, rng: random.Random) -> int:
    """Play ``state`` to the end at random; return the number of actions."""
    steps = 0
    while not state.is_over:
        actions = state.legal_actions()
        state.apply(actions[rng.randrange(len(actions))])
        steps += 1
    return steps


def measure(new: Callable[[int, int], Any], players: int, games: int, seed: int = 0) -> dict[str, float]:
    """Time ``games`` random playouts (setup included) for ``players``."""
    rng = random.Random(seed)
    actions = 0
    t0 = time.perf_counter()
    for g in range(games):
        actions += random_playout(new(players, seed + g), rng)
    dt = time.perf_counter() - t0
    return {"games": games, "seconds": round(dt, 3), "games_per_s": round(games / dt, 1),
            "actions_per_s": round(actions / dt), "actions_per_game": round(actions / games, 1)}


def search_speed(positions: Sequence[Any], think: Callable[[Any], Any], seconds: float, level: str,
                 players: int, clock: Callable[[], float] = time.perf_counter) -> dict[str, Any]:
    """Whole searches on ``positions`` (in turn, round and round) until ``seconds`` have passed.

    ``think(position)`` starts one decision and returns the game's ``Thinker`` (an
    object with ``tree`` — a :class:`gamekit.ismcts.ISMCTS` or ``None`` when no search
    is needed —, ``spec.iterations`` and ``action()``); the search is run to its
    iteration budget (the caller leaves out the time cap, so that the figure measures
    the search, not the cap) and the decision taken. At least one decision is timed.
    Rates are per second of ``clock`` (wall time; ``time.process_time``: the process's
    CPU time, which other programs on a busy machine inflate far less); the times are
    per decision, by the same clock."""
    if not positions:
        raise ValueError("search_speed needs at least one position")
    its = sims = steps = decisions = 0
    times: list[float] = []
    t0 = clock()
    while decisions == 0 or clock() - t0 < seconds:
        t1 = clock()
        thinker = think(positions[decisions % len(positions)])
        tree = thinker.tree
        if tree is not None:
            tree.run(iterations=thinker.spec.iterations)
            its += tree.iterations
            sims += tree.determinizations
            steps += tree.simulated_steps
        thinker.action()
        times.append(clock() - t1)
        decisions += 1
    dt = clock() - t0
    times.sort()
    return {"level": level, "players": players, "decisions": decisions, "seconds": dt,
            "iterations_per_second": its / dt, "determinizations_per_second": sims / dt,
            "simulated_decisions_per_second": steps / dt,
            "sec_per_decision_mean": sum(times) / len(times), "sec_per_decision_max": times[-1],
            "sec_per_decision_p90": times[int(0.9 * (len(times) - 1))]}


def main(argv: list[str] | None, prog: str, description: str, new: Callable[[int, int], Any],
         players: Sequence[int], choices: Sequence[int], games: int = 1000) -> int:
    ap = argparse.ArgumentParser(prog=prog, description=description)
    ap.add_argument("--games", type=int, default=games, help=f"games per player count (default {games})")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--players", type=int, nargs="+", default=list(players), choices=list(choices))
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    args = ap.parse_args(argv)
    if args.games < 1:
        ap.error("--games must be at least 1")
    results = {str(p): measure(new, p, args.games, args.seed) for p in args.players}
    if args.json:
        print(json.dumps(results))
    else:
        print(f"Python {sys.version.split()[0]} — random playouts, legal_actions() + apply()")
        for p, r in results.items():
            print(f"{p} players: {r['games_per_s']:8.1f} games/s  {r['actions_per_s']:8d} actions/s  "
                  f"({r['actions_per_game']} actions/game, {r['games']} games in {r['seconds']} s)")
    return 0
