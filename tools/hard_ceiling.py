"""How much of ``hard``'s gap to 85% is hidden information: a measurement that CHEATS on purpose.

Issue 14 asks ``hard`` for >= 85% of 2-player games against ``greedy``; it wins
about 75-80%. This tool plays the arena's games (``python -m ptolemaeus.arena
--a hard --b greedy --players 2 --seed S``: the same deals, seats and seat
rngs, game *i* is the same game) with ``hard``'s search given information the
rules (R17) hide from it, to see how much of the gap that information is worth:

``hand``
    every determinization ``hard`` searches holds the opponents' real hands
    (cards and bonus cards), their real secret objectives and the real
    objective pool; the deck, the bonus deck and the event deck are shuffled
    anew and the game's random generator is a fresh one, so the order of
    every draw stays unknown.
``all``
    clairvoyant: ``hard`` searches the true state itself (a copy: deck
    orders and the game's random generator included), no determinization.
``none``
    ``hard`` as it is (exactly ``python -m ptolemaeus.arena``'s games), with
    per-game results, for the paired comparison.

Only ``hard``'s decisions are given the cheat (its search, its greedy root
ranking and its sub-decisions: all of ``Thinker`` sees it); ``greedy`` decides
from the real state through :func:`ptolemaeus.bots.choose_action` as in the
arena, and the real game is never touched by a search (the cheat is a copy of
it whose ``determinize`` is replaced). NOTHING HERE MAY BECOME A BOT LEVEL OR
BE USED BY THE PAGE: it is a ceiling measurement only.

    PYTHONPATH=py nice -n 19 .venv/bin/python tools/hard_ceiling.py --variant all --games 100 --out /tmp/ceil-all.jsonl --progress

``--seconds 0`` (the default) is the arena's ``--seconds 0``: no time cap, so
the machine's load cannot change a decision and runs are reproducible. Every
game's result is appended to ``--out`` (JSON lines) as it ends, so an
interrupted run keeps its games and a later one with the same ``--out``
resumes (games already there are skipped). The summary is the arena's
(``--json``: its JSON object, plus ``variant``). ``--set KEY=VALUE`` and ``--iterations`` change entries of ``hard``'s level for the run (as the
arena's: e.g. ``--variant none --set greedy_opponent=true --iterations 160``, a variant of the
search paired game by game with ``hard`` as it is; the entries are kept in each result). A
resumed run skips only the games played with the same variant, ``--b``, ``--players``, ``--seed``,
``--seconds`` and entries (each result keeps them); any other game there is played again. ``--compare FILE ...`` prints,
for the games two or more result files share, each file's wins and, for every
pair, the games one won that the other did not.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from gamekit import arena as ga
from ptolemaeus import arena as pa
from ptolemaeus import bots
from ptolemaeus.common import _seed_from
from ptolemaeus.rng import Rng
from ptolemaeus.state import State

VARIANTS = ("none", "hand", "all")
CHEATER = "hard"            # the only level that is given the cheat


class _SeesHand(State):
    """A state whose ``determinize`` keeps what is private to the other seats (hands, bonus
    hands, objectives, the objective pool) as they are here, and re-deals only the
    orders of the decks (cards, bonus cards, events) and the random generator."""

    __slots__ = ()

    def determinize(self, seat: int, rng: Any) -> State:
        shuffler = Rng(_seed_from(rng))
        d = State.determinize(self, seat, rng)          # fresh rng/seed, event deck re-shuffled
        for o in range(self.n):
            if o != seat:
                d.hands[o] = self.hands[o][:]
                d.bonus_hands[o] = self.bonus_hands[o][:]
                d.objectives[o] = self.objectives[o]
        d.objective_pool = self.objective_pool[:]
        d.deck = self.deck[:]                            # the cards no hand holds: the real ones ...
        shuffler.shuffle(d.deck)                         # ... in an order nobody knows
        d.bonus_deck = self.bonus_deck[:]
        shuffler.shuffle(d.bonus_deck)
        d._legal = None
        d.__class__ = _SeesHand                          # the search's own re-determinizations too
        return d


class _SeesAll(State):
    """A state whose ``determinize`` is the state itself (a copy): nothing hidden."""

    __slots__ = ()

    def determinize(self, seat: int, rng: Any) -> State:
        self._check_seat(seat)
        d = self.clone()
        d.__class__ = _SeesAll
        return d


_CHEATS: dict[str, type[State]] = {"hand": _SeesHand, "all": _SeesAll}


def cheat_view(state: State, variant: str) -> State:
    """A copy of the real ``state`` whose ``determinize`` cheats as ``variant`` says."""
    s = state.clone()
    if variant != "none":
        s.__class__ = _CHEATS[variant]
    return s


def cheating_choose(variant: str) -> Callable[..., Any]:
    """:func:`ptolemaeus.bots.choose_action`, with :data:`CHEATER`'s decisions made on
    :func:`cheat_view` of the state; every other level's exactly as it was."""
    real = bots.choose_action

    def choose(state: Any, seat: int, level: str = "normal", rng: Any = None,
               budget: dict[str, Any] | None = None) -> Any:
        if level == CHEATER and variant != "none":
            state = cheat_view(state, variant)
        return real(state, seat, level, rng, budget)

    return choose


@contextmanager
def patched(variant: str) -> Iterator[None]:
    """The arena's games played with the cheat (``ptolemaeus.arena`` looks ``choose_action`` up
    in its module when a seat decides)."""
    if variant not in VARIANTS:
        raise ValueError(f"unknown variant {variant!r}; choose one of {', '.join(VARIANTS)}")
    old = pa.choose_action
    pa.choose_action = cheating_choose(variant)
    try:
        yield
    finally:
        pa.choose_action = old


def play(variant: str, index: int, b: str = "greedy", seed: int = 1, players: int = 2,
         seconds: float | None = None, entries: dict[str, Any] | None = None) -> dict[str, Any]:
    """Game ``index`` of the arena's match ``hard`` vs ``b``, ``hard`` cheating as ``variant``;
    ``seconds`` is ``hard``'s time cap (None: none, the arena's ``--seconds 0``), ``entries``
    other entries of ``hard``'s level for this run (the arena's ``--set``, ``--iterations``),
    kept in the result as ``set``."""
    if b == CHEATER:
        raise ValueError("bot B must not be the cheating level")
    budget = {**(entries or {}), "seconds": seconds}
    with patched(variant):
        r = pa.play_game(CHEATER, b, players, seed, index, budget)
    r["variant"] = variant
    r["match"] = match_of(b, players, seed, seconds)
    if entries:
        r["set"] = dict(entries)
    return r


def match_of(b: str, players: int, seed: int, seconds: float | None) -> dict[str, Any]:
    """What else makes game ``index`` the game it is (kept in each result as ``match``): a
    resumed run skips a game only if it was played with the same variant, match and entries."""
    return {"b": b, "players": players, "seed": seed, "seconds": seconds}


def summary(results: list[dict[str, Any]], seconds: float, variant: str, b: str, players: int,
            seed: int) -> dict[str, Any]:
    """The arena's ``--json`` object for these games (``ptolemaeus.arena.run``'s keys) + ``variant``."""
    out = pa.summarize(results, seconds, CHEATER, b, players, seed, 1)
    out["variant"] = variant
    out["indices"] = [r["index"] for r in results]
    return out


def load(path: Path) -> dict[int, dict[str, Any]]:
    if not path.exists():
        return {}
    rows = (json.loads(line) for line in path.read_text().splitlines() if line.strip())
    return {r["index"]: r for r in rows}


def compare(paths: list[Path]) -> str:
    """Wins of each file on the games all share, and for each pair the games only one won."""
    runs = [load(p) for p in paths]
    shared = sorted(set.intersection(*(set(r) for r in runs))) if runs else []
    lines = [f"{len(shared)} games in common"]
    for p, r in zip(paths, runs, strict=True):
        wins = sum(r[i]["win_a"] for i in shared)
        lo, hi = ga.wilson(wins, len(shared))
        lines.append(f"  {p}: {wins:g} of {len(shared)} ({wins / max(1, len(shared)):.1%}, 95% CI {lo:.1%} - {hi:.1%})")
    for x in range(len(runs)):
        for y in range(x + 1, len(runs)):
            more = [i for i in shared if runs[x][i]["win_a"] > runs[y][i]["win_a"]]
            less = [i for i in shared if runs[x][i]["win_a"] < runs[y][i]["win_a"]]
            lines.append(f"  {paths[x]} better on {len(more)} games {more}; {paths[y]} better on {len(less)} games {less}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="tools/hard_ceiling.py", description=__doc__.split("\n\n")[0])
    ap.add_argument("--variant", choices=VARIANTS, default="all")
    ap.add_argument("--b", default="greedy", help="bot B (never given the cheat)")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--games", type=int, default=100, help="games 0 .. games-1 (after --start)")
    ap.add_argument("--start", type=int, default=0, help="first game index")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--seconds", type=float, default=0.0, help="hard's time cap (0: none, the default)")
    ap.add_argument("--iterations", type=int, help="hard's iterations (the arena's --iterations)")
    ap.add_argument("--set", action="append", default=[], metavar="KEY=VALUE",
                    help="an entry of hard's level for this run, as the arena's --set (repeatable)")
    ap.add_argument("--out", type=Path, help="JSON lines of the games' results (appended; resumes)")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--progress", action="store_true")
    ap.add_argument("--compare", type=Path, nargs="+", metavar="FILE", help="only compare result files")
    args = ap.parse_args(argv)
    if args.compare:
        print(compare(args.compare))
        return 0
    if args.b not in bots.LEVELS or args.b == CHEATER:
        ap.error(f"--b: a level other than {CHEATER}")
    seconds = args.seconds if args.seconds > 0 else None
    try:
        entries = ga.level_overrides(args.set, bots.LEVELS[CHEATER])
    except ValueError as exc:
        ap.error(str(exc))
    if args.iterations is not None:
        entries["iterations"] = args.iterations
    match = match_of(args.b, args.players, args.seed, seconds)
    done = load(args.out) if args.out else {}
    results: list[dict[str, Any]] = []
    t0 = time.perf_counter()
    indices = range(args.start, args.start + args.games)
    for i in indices:
        row = done.get(i)
        if (row is not None and row.get("variant") == args.variant and row.get("match") == match
                and row.get("set", {}) == entries):
            results.append(row)
            continue
        r = play(args.variant, i, args.b, args.seed, args.players, seconds, entries)
        results.append(r)
        if args.out:
            with args.out.open("a") as f:
                f.write(json.dumps(r) + "\n")
        if args.progress:
            wins = sum(x["win_a"] for x in results)
            print(f"\r{len(results)}/{len(indices)} games, A {wins / len(results):.1%}, "
                  f"game {i} {r['win_a']:g} in {r['think_a'] + r['think_b']:.1f} s",
                  end="", file=sys.stderr, flush=True)
    if args.progress:
        print(file=sys.stderr)
    out = summary(results, time.perf_counter() - t0, args.variant, args.b, args.players, args.seed)
    if entries:
        out["set"] = entries
    print(json.dumps(out) if args.json else f"variant {args.variant}\n" + pa.format_report(out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
