"""Arena: Pompeii bot against bot, seat-rotated, with a Wilson 95% interval.

    python -m pompeii.arena --a hard --b greedy --players 2 --games 200 --seed 1 --jobs 2

Bot A sits in one seat and bot B in all the others; every deal is played once
with A in each seat. A shared victory (PR15) counts as a fractional win. The
options and the ``--json`` keys are those of ``ptolemaeus.arena`` (the
machinery is :mod:`gamekit.arena`'s); Pompeii adds ``avg_rounds`` (phase-2
rounds of the table), ``ended_by_empty_city`` (P63) and ``avg_dead_a`` /
``avg_dead_b``. Scores are saved citizens.
"""

from __future__ import annotations

import random
from typing import Any

from gamekit import arena as ga
from gamekit.arena import wilson

from .bots import LEVELS, choose_action
from .state import new_game

__all__ = ["format_report", "main", "play_game", "run", "wilson"]


def _play(task: ga.Task) -> dict[str, Any]:
    a, b, players, seed, index, budget = task
    game_seed = random.Random(f"pompeii-arena/{seed}/{task.deal}").getrandbits(63)
    a_seat = task.a_seat
    s = new_game(players, game_seed)
    s.record = False
    levels = [a if p == a_seat else b for p in range(players)]
    rngs = [random.Random(f"pompeii-arena/{seed}/{index}/seat{p}") for p in range(players)]

    def choose(state: Any, p: int, level: str, rng: random.Random) -> Any:
        return choose_action(state, p, level, rng, budget=budget if p == a_seat else None)

    timing = ga.play_seats(s, levels, a_seat, choose, rngs)
    ret = s.returns()
    b_seats = [p for p in range(players) if p != a_seat]
    tiles = 45 + (3 if s.variant == "dual-vent" else 0) - len(s.bag) - 6
    return {
        "index": index, "seed": game_seed, "a_seat": a_seat, "win_a": ret[a_seat],
        "score_a": s.saved[a_seat], "score_b": sum(s.saved[p] for p in b_seats) / len(b_seats),
        "dead_a": s.dead[a_seat], "dead_b": sum(s.dead[p] for p in b_seats) / len(b_seats),
        "rounds": tiles / players, "end": s.end_reason, **timing,
    }


def play_game(a: str, b: str, players: int, seed: int, index: int,
              budget: dict[str, Any] | None = None) -> dict[str, Any]:
    """Game ``index`` of a match: deal ``index // players``, A in seat ``index % players``."""
    return _play(ga.Task(a, b, players, seed, index, budget))


def run(a: str, b: str, players: int = 2, games: int = 200, seed: int = 1, jobs: int = 1,
        budget: dict[str, Any] | None = None, progress: bool = False) -> dict[str, Any]:
    """Play the match and summarise it (the ``--json`` object)."""
    if not 2 <= players <= 4:
        raise ValueError("The Downfall of Pompeii is for 2 to 4 players")
    results, dt = ga.run(_play, LEVELS, a, b, players, games, seed, jobs, budget, progress)
    out = ga.summarize(results, dt, a, b, players, seed, jobs)
    n = len(results) or 1
    out.update({
        "avg_rounds": sum(r["rounds"] for r in results) / n,
        "ended_by_empty_city": sum(1 for r in results if r["end"] == "city_empty"),
        "avg_dead_a": sum(r["dead_a"] for r in results) / n,
        "avg_dead_b": sum(r["dead_b"] for r in results) / n,
    })
    return out


def format_report(r: dict[str, Any]) -> str:
    return ga.format_report(
        r, f"average saved: A {r['avg_score_a']:.2f}, B {r['avg_score_b']:.2f}; casualties A "
           f"{r['avg_dead_a']:.2f}, B {r['avg_dead_b']:.2f}  ({r['ended_by_empty_city']} games ended "
           f"with an empty city)")


def main(argv: list[str] | None = None) -> int:
    return ga.main(argv, "python -m pompeii.arena", __doc__.split("\n\n")[0], LEVELS, run, format_report)


if __name__ == "__main__":
    raise SystemExit(main())
