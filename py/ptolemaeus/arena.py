"""Arena: bot against bot, seat-rotated, with a confidence interval.

    python -m ptolemaeus.arena --a hard --b greedy --players 2 --games 200 --seed 1 --jobs 2

Bot A sits in one seat and bot B in all the others. Games come in groups of
``players``: every group is one deal (one game seed and one start date, a
random date 1900-2100 drawn from ``--seed``) played once with A in each
seat, so luck of the deal and of the seat cancels out. A shared victory
counts as a fractional win (``returns()``). The win rate of A gets a 95%
Wilson score interval. Every bot decides through
:func:`ptolemaeus.bots.choose_action`, so it sees only its own seat's
information.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from datetime import date, timedelta
from typing import Any

from .bots import LEVELS, choose_action

_DAY0 = date(1900, 1, 1)
_DAYS = (date(2100, 12, 31) - _DAY0).days


def wilson(wins: float, n: int, z: float = 1.959964) -> tuple[float, float]:
    """95% Wilson score interval for a proportion (fractional wins allowed)."""
    if n <= 0:
        return 0.0, 1.0
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half))


def deal(seed: int, index: int) -> tuple[int, str]:
    """Game seed and start date (ISO, 12:00 UTC) of deal ``index``."""
    r = random.Random(f"ptolemaeus-arena/{seed}/{index}")
    day = _DAY0 + timedelta(days=r.randrange(_DAYS + 1))
    return r.getrandbits(63), day.isoformat()


def play_game(a: str, b: str, players: int, seed: int, index: int,
              budget: dict[str, Any] | None = None) -> dict[str, Any]:
    """Game ``index`` of a match: deal ``index // players``, A in seat ``index % players``."""
    import ptolemaeus as pt
    game_seed, start = deal(seed, index // players)
    a_seat = index % players
    s = pt.new_game(players, game_seed, start)
    s.record = False
    levels = [a if p == a_seat else b for p in range(players)]
    rngs = [random.Random(f"ptolemaeus-arena/{seed}/{index}/seat{p}") for p in range(players)]
    think = [0.0] * players
    moves = [0] * players
    slowest = [0.0] * players
    while not s.is_over:
        p = s.current_player
        t0 = time.perf_counter()
        action = choose_action(s, p, levels[p], rngs[p], budget=budget if p == a_seat else None)
        dt = time.perf_counter() - t0
        think[p] += dt
        moves[p] += 1
        slowest[p] = max(slowest[p], dt)
        s.apply(action)
    ret = s.returns()
    scores = s.scores()
    b_seats = [p for p in range(players) if p != a_seat]
    return {
        "index": index, "seed": game_seed, "start": start, "a_seat": a_seat, "win_a": ret[a_seat],
        "score_a": scores[a_seat], "score_b": sum(scores[p] for p in b_seats) / max(1, len(b_seats)),
        "rounds": s.round, "end": s.end_reason,
        "think_a": think[a_seat], "moves_a": moves[a_seat], "slowest_a": slowest[a_seat],
        "think_b": sum(think[p] for p in b_seats), "moves_b": sum(moves[p] for p in b_seats),
        "slowest_b": max((slowest[p] for p in b_seats), default=0.0),
    }


def _play_star(args: tuple) -> dict[str, Any]:
    return play_game(*args)


def run(a: str, b: str, players: int = 2, games: int = 200, seed: int = 1, jobs: int = 1,
        budget: dict[str, Any] | None = None, progress: bool = False) -> dict[str, Any]:
    """Play the match and summarise it (the ``--json`` object)."""
    for name in (a, b):
        if name not in LEVELS:
            raise ValueError(f"unknown bot {name!r}; choose one of {', '.join(LEVELS)}")
    if players < 2:
        raise ValueError("an arena needs at least 2 players")
    tasks = [(a, b, players, seed, i, budget) for i in range(games)]
    t0 = time.perf_counter()
    results: list[dict[str, Any]] = []
    if jobs > 1:
        import multiprocessing as mp
        with mp.get_context("spawn" if sys.platform == "win32" else "fork").Pool(jobs) as pool:
            for r in pool.imap_unordered(_play_star, tasks):
                results.append(r)
                if progress:
                    _progress(results, games)
    else:
        for t in tasks:
            results.append(_play_star(t))
            if progress:
                _progress(results, games)
    dt = time.perf_counter() - t0
    results.sort(key=lambda r: r["index"])
    n = len(results)
    wins = sum(r["win_a"] for r in results)
    lo, hi = wilson(wins, n)
    moves_a = sum(r["moves_a"] for r in results)
    moves_b = sum(r["moves_b"] for r in results)
    return {
        "a": a, "b": b, "players": players, "games": n, "seed": seed, "jobs": jobs,
        "wins_a": wins, "win_rate_a": wins / n if n else 0.0, "ci95": [lo, hi],
        "avg_score_a": sum(r["score_a"] for r in results) / n if n else 0.0,
        "avg_score_b": sum(r["score_b"] for r in results) / n if n else 0.0,
        "avg_rounds": sum(r["rounds"] for r in results) / n if n else 0.0,
        "ended_by_points": sum(1 for r in results if r["end"] == "points"),
        "seconds": dt, "games_per_second": n / dt if dt > 0 else 0.0,
        "sec_per_move_a": sum(r["think_a"] for r in results) / moves_a if moves_a else 0.0,
        "sec_per_move_b": sum(r["think_b"] for r in results) / moves_b if moves_b else 0.0,
        "slowest_move_a": max((r["slowest_a"] for r in results), default=0.0),
        "slowest_move_b": max((r["slowest_b"] for r in results), default=0.0),
        "date": date.today().isoformat(),
    }


def _progress(results: list, games: int) -> None:
    wins = sum(r["win_a"] for r in results)
    print(f"\r{len(results)}/{games} games, A {wins / len(results):.1%}", end="", file=sys.stderr, flush=True)
    if len(results) == games:
        print(file=sys.stderr)


def format_report(r: dict[str, Any]) -> str:
    lo, hi = r["ci95"]
    others = "B" if r["players"] == 2 else f"{r['players'] - 1}x B"
    return "\n".join([
        f"{r['a']} (A) vs {r['b']} (B), {r['players']} players: A in one seat, {others} in the others; "
        f"{r['games']} games, seed {r['seed']}",
        f"A win rate: {r['win_rate_a']:.1%}  (95% CI {lo:.1%} - {hi:.1%}; {r['wins_a']:g} wins)",
        f"average score: A {r['avg_score_a']:.2f}, B {r['avg_score_b']:.2f}  "
        f"(rounds {r['avg_rounds']:.1f}, {r['ended_by_points']} games ended at 12 points)",
        f"speed: {r['games_per_second']:.3f} games/s; per move A {r['sec_per_move_a'] * 1000:.1f} ms "
        f"(max {r['slowest_move_a'] * 1000:.0f} ms), B {r['sec_per_move_b'] * 1000:.1f} ms "
        f"(max {r['slowest_move_b'] * 1000:.0f} ms)",
    ])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m ptolemaeus.arena", description=__doc__.split("\n\n")[0])
    ap.add_argument("--a", default="hard", help="bot A: " + ", ".join(LEVELS))
    ap.add_argument("--b", default="greedy", help="bot B (all other seats)")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1, help="worker processes (the machine has 2 cores)")
    ap.add_argument("--iterations", type=int, default=None, help="override A's search iterations")
    ap.add_argument("--seconds", type=float, default=None, help="override A's search time cap")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    ap.add_argument("--progress", action="store_true", help="show progress on stderr")
    args = ap.parse_args(argv)
    budget: dict[str, Any] = {}
    if args.iterations is not None:
        budget["iterations"] = args.iterations
    if args.seconds is not None:
        budget["seconds"] = args.seconds if args.seconds > 0 else None
    try:
        r = run(args.a, args.b, args.players, args.games, args.seed, args.jobs, budget or None, args.progress)
    except ValueError as exc:
        ap.error(str(exc))
    print(json.dumps(r) if args.json else format_report(r))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
