"""A bot-against-bot arena for any game: seat rotation, Wilson intervals, one CLI and JSON shape.

A game's arena module (``ptolemaeus.arena``, ``pompeii.arena``) supplies a
top-level ``play(task) -> dict`` that plays game ``task.index`` of a match and
returns at least the *per-game keys* below; :func:`run` plays the match
(optionally in worker processes) and :func:`summarize` turns the games into
the ``--json`` object whose *shared keys* (:data:`SHARED_KEYS`) are the same
for every game, so outside scripts read any game's figures alike.

Games come in groups of ``players``: every group is one deal played once with
bot A in each seat, so the luck of the deal and of the seat cancels out. A
shared victory counts as a fractional win. A's win rate gets a 95% Wilson
score interval.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Callable, Iterable, Mapping
from datetime import date
from typing import Any, NamedTuple

__all__ = ["SHARED_KEYS", "Task", "budget_of", "format_report", "level_overrides", "main", "parser", "run", "summarize", "wilson"]

# Keys every game's ``arena --json`` prints (pinned by tests/pompeii/test_pompeii_tools.py).
SHARED_KEYS = ("a", "b", "players", "games", "seed", "jobs", "wins_a", "win_rate_a", "ci95",
               "avg_score_a", "avg_score_b", "seconds", "games_per_second", "sec_per_move_a",
               "sec_per_move_b", "slowest_move_a", "slowest_move_b", "date")
# Keys each game's ``play(task)`` returns for every game.
GAME_KEYS = ("index", "a_seat", "win_a", "score_a", "score_b", "think_a", "moves_a", "slowest_a",
             "think_b", "moves_b", "slowest_b")


class Task(NamedTuple):
    """Game number ``game`` of a match: deal ``game // players``, A in seat ``game % players``."""

    a: str
    b: str
    players: int
    seed: int
    game: int
    budget: dict[str, Any] | None

    @property
    def deal(self) -> int:
        return self.game // self.players

    @property
    def a_seat(self) -> int:
        return self.game % self.players


def wilson(wins: float, n: int, z: float = 1.959964) -> tuple[float, float]:
    """95% Wilson score interval for a proportion (fractional wins allowed)."""
    if n <= 0:
        return 0.0, 1.0
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half))


def run(play: Callable[[Task], dict[str, Any]], levels: Iterable[str], a: str, b: str, players: int = 2,
        games: int = 200, seed: int = 1, jobs: int = 1, budget: dict[str, Any] | None = None,
        progress: bool = False) -> tuple[list[dict[str, Any]], float]:
    """Play the match; the games' results (by index) and the wall time."""
    levels = tuple(levels)
    for name in (a, b):
        if name not in levels:
            raise ValueError(f"unknown bot {name!r}; choose one of {', '.join(levels)}")
    if players < 2:
        raise ValueError("an arena needs at least 2 players")
    tasks = [Task(a, b, players, seed, i, budget) for i in range(games)]
    t0 = time.perf_counter()
    results: list[dict[str, Any]] = []
    if jobs > 1:
        import multiprocessing as mp
        with mp.get_context("spawn" if sys.platform == "win32" else "fork").Pool(jobs) as pool:
            for r in pool.imap_unordered(play, tasks):
                results.append(r)
                if progress:
                    _progress(results, games)
    else:
        for t in tasks:
            results.append(play(t))
            if progress:
                _progress(results, games)
    results.sort(key=lambda r: r["index"])
    return results, time.perf_counter() - t0


def summarize(results: list[dict[str, Any]], seconds: float, a: str, b: str, players: int, seed: int,
              jobs: int) -> dict[str, Any]:
    """The shared keys of the ``--json`` object (a game adds its own after them)."""
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
        "seconds": seconds, "games_per_second": n / seconds if seconds > 0 else 0.0,
        "sec_per_move_a": sum(r["think_a"] for r in results) / moves_a if moves_a else 0.0,
        "sec_per_move_b": sum(r["think_b"] for r in results) / moves_b if moves_b else 0.0,
        "slowest_move_a": max((r["slowest_a"] for r in results), default=0.0),
        "slowest_move_b": max((r["slowest_b"] for r in results), default=0.0),
        "date": date.today().isoformat(),
    }


def play_seats(state: Any, seats_levels: list[str], a_seat: int, choose: Callable[[Any, int, str, Any], Any],
               rngs: list[Any]) -> dict[str, Any]:
    """Play ``state`` to its end, seat ``p`` deciding by ``choose(state, p, level, rng)``;
    the timing keys of :data:`GAME_KEYS` (the caller adds the others)."""
    players = len(seats_levels)
    think = [0.0] * players
    moves = [0] * players
    slowest = [0.0] * players
    while not state.is_over:
        p = state.current_player
        t0 = time.perf_counter()
        action = choose(state, p, seats_levels[p], rngs[p])
        dt = time.perf_counter() - t0
        think[p] += dt
        moves[p] += 1
        slowest[p] = max(slowest[p], dt)
        state.apply(action)
    b_seats = [p for p in range(players) if p != a_seat]
    return {"think_a": think[a_seat], "moves_a": moves[a_seat], "slowest_a": slowest[a_seat],
            "think_b": sum(think[p] for p in b_seats), "moves_b": sum(moves[p] for p in b_seats),
            "slowest_b": max((slowest[p] for p in b_seats), default=0.0)}


def _progress(results: list, games: int) -> None:
    wins = sum(r["win_a"] for r in results)
    print(f"\r{len(results)}/{games} games, A {wins / len(results):.1%}", end="", file=sys.stderr, flush=True)
    if len(results) == games:
        print(file=sys.stderr)


def format_report(r: dict[str, Any], score_line: str) -> str:
    """The human report; ``score_line`` is the game's own line about scores."""
    lo, hi = r["ci95"]
    others = "B" if r["players"] == 2 else f"{r['players'] - 1}x B"
    return "\n".join([
        (f"{r['a']} (A) vs {r['b']} (B), {r['players']} players: A in one seat, {others} in the others; "
         f"{r['games']} games, seed {r['seed']}"),
        f"A win rate: {r['win_rate_a']:.1%}  (95% CI {lo:.1%} - {hi:.1%}; {r['wins_a']:g} wins)",
        score_line,
        (f"speed: {r['games_per_second']:.3f} games/s; per move A {r['sec_per_move_a'] * 1000:.1f} ms "
         f"(max {r['slowest_move_a'] * 1000:.0f} ms), B {r['sec_per_move_b'] * 1000:.1f} ms "
         f"(max {r['slowest_move_b'] * 1000:.0f} ms)"),
    ])


def parser(prog: str, description: str, levels: Iterable[str]) -> argparse.ArgumentParser:
    """The command line every game's arena takes."""
    levels = tuple(levels)
    ap = argparse.ArgumentParser(prog=prog, description=description)
    ap.add_argument("--a", default="hard", help="bot A: " + ", ".join(levels))
    ap.add_argument("--b", default="greedy", help="bot B (all other seats)")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1, help="worker processes (the machine has 2 cores)")
    ap.add_argument("--iterations", type=int, default=None, help="override A's search iterations")
    ap.add_argument("--seconds", type=float, default=None, help="override A's search time cap")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    ap.add_argument("--progress", action="store_true", help="show progress on stderr")
    ap.add_argument("--set", action="append", default=[], metavar="KEY=VALUE",
                    help="override an entry of A's level, e.g. --set confidence=0.7 (repeatable)")
    return ap


# Entries of a level that ``--set`` may not change (they are what the level *is*).
_FIXED = frozenset({"kind", "doc"})
_SET_LIMIT = 10**6


def _set_value(key: str, text: str, old: Any) -> Any:
    """``text`` (JSON) as a value for a level entry that holds ``old`` now: the same type
    (an int where an int is, a bool where a bool is; a float also takes an int), finite,
    within ``±10**6``; ``null`` only for ``seconds`` (no time cap)."""
    from .safejson import JSONLimitError, loads
    try:
        value = loads(text)
    except JSONLimitError:
        raise ValueError(f"--set {key}: {text!r} is not a number, true, false or null") from None
    if value is None:
        if key == "seconds" or old is None:
            return None
        raise ValueError(f"--set {key}: null is only for seconds")
    if isinstance(old, bool) or isinstance(value, bool):
        if not (isinstance(old, bool) and isinstance(value, bool)):
            raise ValueError(f"--set {key}: wants {'true or false' if isinstance(old, bool) else 'a number'}")
        return value
    if not isinstance(value, (int, float)) or not math.isfinite(value) or abs(value) > _SET_LIMIT:
        raise ValueError(f"--set {key}: {text!r} is not a number within ±{_SET_LIMIT}")
    if isinstance(old, int) and not isinstance(value, int):
        raise ValueError(f"--set {key}: wants a whole number")
    return value


def level_overrides(items: Iterable[str], level: Mapping[str, Any]) -> dict[str, Any]:
    """``--set KEY=VALUE`` items as overrides of ``level`` (one row of a game's ``LEVELS``):
    only entries the level has (not ``kind`` or ``doc``), values of the same type.
    Anything else is a ``ValueError`` naming the item."""
    out: dict[str, Any] = {}
    for item in items:
        key, sep, text = item.partition("=")
        key = key.strip()
        if not sep or not key:
            raise ValueError(f"--set wants KEY=VALUE, not {item!r}")
        if key in _FIXED or key not in level:
            known = ", ".join(sorted(k for k in level if k not in _FIXED)) or "none"
            raise ValueError(f"--set {key}: not an entry of this level (it has: {known})")
        out[key] = _set_value(key, text.strip(), level[key])
    return out


def budget_of(args: argparse.Namespace, levels: Mapping[str, Mapping[str, Any]] | None = None
              ) -> dict[str, Any] | None:
    """A's search budget from ``--iterations`` / ``--seconds`` (0 s: no time cap) and, given
    the game's ``LEVELS``, ``--set`` (checked against A's level by :func:`level_overrides`)."""
    budget: dict[str, Any] = {}
    items = getattr(args, "set", None) or []
    if items:
        if levels is None or args.a not in levels:
            raise ValueError(f"--set: unknown bot {args.a!r}")
        budget.update(level_overrides(items, levels[args.a]))
    if args.iterations is not None:
        budget["iterations"] = args.iterations
    if args.seconds is not None:
        budget["seconds"] = args.seconds if args.seconds > 0 else None
    return budget or None


def main(argv: list[str] | None, prog: str, description: str, levels: Iterable[str],
         run_match: Callable[..., dict[str, Any]], report: Callable[[dict[str, Any]], str]) -> int:
    """A game's ``python -m <game>.arena``: parse :func:`parser`'s options, play the match
    with ``run_match(a, b, players, games, seed, jobs, budget, progress)`` (the game's
    ``run``, which returns the ``--json`` object) and print it, as JSON or as
    ``report(result)``. A ``ValueError`` from the match (an unknown bot, a player count the
    game does not allow, a bad ``--set``) becomes a usage error (exit status 2), nothing
    played. ``levels`` is the game's ``LEVELS`` (a mapping: ``--set`` is checked against it)."""
    ap = parser(prog, description, levels)
    args = ap.parse_args(argv)
    try:
        budget = budget_of(args, levels if isinstance(levels, Mapping) else None)
        r = run_match(args.a, args.b, args.players, args.games, args.seed, args.jobs, budget, args.progress)
    except ValueError as exc:
        ap.error(str(exc))
    print(json.dumps(r) if args.json else report(r))
    return 0
