"""Arena: bot against bot, seat-rotated, with a confidence interval.

    python -m ptolemaeus.arena --a hard --b greedy --players 2 --games 200 --seed 1 --jobs 2

Bot A sits in one seat and bot B in all the others. Games come in groups of
``players``: every group is one deal (one game seed and one start date, a
random date 1900-2100 drawn from ``--seed``) played once with A in each
seat, so luck of the deal and of the seat cancels out. A shared victory
counts as a fractional win (``returns()``). The win rate of A gets a 95%
Wilson score interval. Every bot decides through
:func:`ptolemaeus.bots.choose_action`, so it sees only its own seat's
information. The match machinery is :mod:`gamekit.arena`'s.
"""

from __future__ import annotations

import random
from datetime import date, timedelta
from typing import Any

from gamekit import arena as ga
from gamekit.arena import wilson

from .bots import LEVELS, choose_action

__all__ = ["deal", "format_report", "main", "play_game", "run", "summarize", "wilson"]

_DAY0 = date(1900, 1, 1)
_DAYS = (date(2100, 12, 31) - _DAY0).days


def deal(seed: int, index: int) -> tuple[int, str]:
    """Game seed and start date (ISO, 12:00 UTC) of deal ``index``."""
    r = random.Random(f"ptolemaeus-arena/{seed}/{index}")
    day = _DAY0 + timedelta(days=r.randrange(_DAYS + 1))
    return r.getrandbits(63), day.isoformat()


def play_game(a: str, b: str, players: int, seed: int, index: int,
              budget: dict[str, Any] | None = None) -> dict[str, Any]:
    """Game ``index`` of a match: deal ``index // players``, A in seat ``index % players``."""
    return _play(ga.Task(a, b, players, seed, index, budget))


def _play(task: ga.Task) -> dict[str, Any]:
    import ptolemaeus as pt
    a, b, players, seed, index, budget = task
    game_seed, start = deal(seed, task.deal)
    a_seat = task.a_seat
    s = pt.new_game(players, game_seed, start)
    s.record = False
    levels = [a if p == a_seat else b for p in range(players)]
    rngs = [random.Random(f"ptolemaeus-arena/{seed}/{index}/seat{p}") for p in range(players)]

    def choose(state: Any, p: int, level: str, rng: random.Random) -> Any:
        return choose_action(state, p, level, rng, budget=budget if p == a_seat else None)

    timing = ga.play_seats(s, levels, a_seat, choose, rngs)
    ret = s.returns()
    scores = s.scores()
    b_seats = [p for p in range(players) if p != a_seat]
    return {
        "index": index, "seed": game_seed, "start": start, "a_seat": a_seat, "win_a": ret[a_seat],
        "score_a": scores[a_seat], "score_b": sum(scores[p] for p in b_seats) / max(1, len(b_seats)),
        "rounds": s.round, "end": s.end_reason, **timing,
    }


def run(a: str, b: str, players: int = 2, games: int = 200, seed: int = 1, jobs: int = 1,
        budget: dict[str, Any] | None = None, progress: bool = False) -> dict[str, Any]:
    """Play the match and summarise it (the ``--json`` object)."""
    results, dt = ga.run(_play, LEVELS, a, b, players, games, seed, jobs, budget, progress)
    return summarize(results, dt, a, b, players, seed, jobs)


def summarize(results: list[dict[str, Any]], seconds: float, a: str, b: str, players: int, seed: int,
              jobs: int) -> dict[str, Any]:
    """The ``--json`` object of these games' results (:func:`play_game`'s)."""
    out = ga.summarize(results, seconds, a, b, players, seed, jobs)
    n = len(results)
    date_ = out.pop("date")
    # Ptolemaeus' own keys, in the order this command has always printed them.
    keys = list(out)
    at = keys.index("seconds")
    extra = {"avg_rounds": sum(r["rounds"] for r in results) / n if n else 0.0,
             "ended_by_points": sum(1 for r in results if r["end"] == "points")}
    ordered = {k: out[k] for k in keys[:at]} | extra | {k: out[k] for k in keys[at:]}
    ordered["date"] = date_
    return ordered


def format_report(r: dict[str, Any]) -> str:
    return ga.format_report(
        r, f"average score: A {r['avg_score_a']:.2f}, B {r['avg_score_b']:.2f}  "
           f"(rounds {r['avg_rounds']:.1f}, {r['ended_by_points']} games ended at 12 points)")


def main(argv: list[str] | None = None) -> int:
    return ga.main(argv, "python -m ptolemaeus.arena", __doc__.split("\n\n")[0], LEVELS, run, format_report)


if __name__ == "__main__":
    raise SystemExit(main())
