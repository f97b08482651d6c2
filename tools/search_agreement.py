"""How often a variant of ``hard``'s search takes the decision a big search takes, and at what cost.

Offline, no arena (docs/bots.md, "Raising `hard`", 2026-11-27 evening). Positions:
turn-level decisions of seat 0 (more than one legal action, no sub-decision
pending) from greedy-vs-greedy games of ``--players`` seats, seeds ``--seed``,
``--seed``+1, ..., every ``--every``-th one, ``--positions`` in all. The
*reference* for each is ``hard`` with ``--ref`` determinizations of its 4
candidates (no pruning, fitted leaves, no time cap); each variant (``hard``'s
level updated by a budget dict, no time cap) is then run with ``--seeds`` rng
seeds per position, and the table gives, per variant: how often its decision is
the reference's, the mean *regret* (the reference's best candidate mean minus
the mean of the variant's choice, in points of win chance; a choice outside the
reference's candidates is left out), the mean iterations and determinizations,
the CPU time a decision (``time.process_time``: mean, p90, max) and the share of
decisions over ``--cap`` seconds of CPU (the page's cap would cut those short).

    PYTHONPATH=py nice -n 19 .venv/bin/python tools/search_agreement.py --positions 120 --jobs 2

``--capped`` runs the variants with the cap as the arena's ``--set cpu_clock=true``
does (the search stops at ``--cap`` seconds of CPU time), as ``<name> @cap``.

Results are cached in ``--out`` (JSON) so a run can add variants later.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing as mp
import random
import sys
import time
from typing import Any

import ptolemaeus as pt
from ptolemaeus import bots

# name -> budget entries on top of LEVELS["hard"] (2 players: fitted leaves; a budget's prune wins over
# the level's seats entry). Every entry is explicit, so a row means the same whatever LEVELS["hard"] holds; "hard (240,
# no prune)" is hard (2 players), "400, prune 2.0 after 30, race" the raced search tried in the arena on
# 2026-11-27 (evening) and not kept.
_PLAIN = {"prune": None, "prune_after": 10, "race": False}
VARIANTS: dict[str, dict[str, Any]] = {
    "hard (240, no prune)": {**_PLAIN, "iterations": 240},
    "400, no prune": {**_PLAIN, "iterations": 400},
    "480, prune 2.0 after 20": {"iterations": 480, "prune": 2.0, "prune_after": 20, "race": False},
    "480, prune 2.0 after 20, race": {"iterations": 480, "prune": 2.0, "prune_after": 20, "race": True},
    "480, prune 2.5 after 20, race": {"iterations": 480, "prune": 2.5, "prune_after": 20, "race": True},
    "400, prune 2.0 after 30, race": {"iterations": 400, "prune": 2.0, "prune_after": 30, "race": True},
    "300, prune 2.0 after 15, race": {"iterations": 300, "prune": 2.0, "prune_after": 15, "race": True},
    "320, prune 2.0 after 20, race": {"iterations": 320, "prune": 2.0, "prune_after": 20, "race": True},
    "360, prune 1.5 after 20, race": {"iterations": 360, "prune": 1.5, "prune_after": 20, "race": True},
    "600, prune 3.0 after 20, race": {"iterations": 600, "prune": 3.0, "prune_after": 20, "race": True},
}


_POSITIONS: list[Any] = []


def positions(players: int, seed: int, count: int, every: int) -> list[Any]:
    """``count`` turn-level positions of seat 0 from greedy games (seeds ``seed``, ``seed``+1, ...)."""
    out: list[Any] = []
    g = seed
    while len(out) < count:
        rng = random.Random(g)
        s = pt.new_game(players, g, "1969-07-20T20:17Z")
        s.record = False
        k = 0
        while not s.is_over and len(out) < count:
            if not s.stack and s.current_player == 0 and len(s.legal_actions()) > 1:
                if k % every == 0:
                    out.append(s.clone())
                k += 1
            seat = s.player if s.current_player is None else s.current_player
            s.apply(bots.greedy_action(s.determinize(seat, rng), rng))
        g += 1
    return out


def _init(players: int, seed: int, count: int, every: int) -> None:
    _POSITIONS[:] = positions(players, seed, count, every)


def _search(task: tuple[str, int, int, dict[str, Any]]) -> tuple[str, int, int, dict[str, Any]]:
    name, i, rseed, budget = task
    pos = _POSITIONS[i]
    t0 = time.process_time()
    t = bots.Thinker(pos, 0, "hard", random.Random(rseed), budget={"seconds": None, **budget})
    tree = t.tree
    if tree is not None:
        # as choose_action runs it (with ``seconds``: the cap, in CPU time as the arena's cpu_clock)
        tree.run(iterations=t.spec.iterations, seconds=t.spec.seconds, clock=time.process_time)
    action = t.action()
    dt = time.process_time() - t0
    out: dict[str, Any] = {"action": repr(action), "seconds": dt,
                           "iterations": tree.iterations if tree else 0,
                           "determinizations": tree.determinizations if tree else 0}
    if tree is not None and name == "reference":
        out["means"] = {repr(a): sum(v.values()) / len(v) for a, v in tree.samples.items() if v}
    return name, i, rseed, out


def wilson(k: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return c - h, c + h


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--seed", type=int, default=101)
    ap.add_argument("--positions", type=int, default=120)
    ap.add_argument("--every", type=int, default=2)
    ap.add_argument("--ref", type=int, default=400, help="the reference's determinizations (x 4 iterations)")
    ap.add_argument("--seeds", type=int, default=2, help="rng seeds per position and variant")
    ap.add_argument("--cap", type=float, default=0.35)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--capped", action="store_true",
                    help="run the variants with the time cap (--cap seconds of CPU time), as '<name> @cap'")
    ap.add_argument("--only", action="append", default=[], help="run only these variants (names)")
    ap.add_argument("--out", default="/tmp/search_agreement.json")
    args = ap.parse_args(argv)
    try:
        with open(args.out) as f:
            cache = json.load(f)
    except (OSError, ValueError):
        cache = {}
    key = f"{args.players}/{args.seed}/{args.positions}/{args.every}/{args.ref}"
    data = cache.setdefault(key, {})
    variants = {n: v for n, v in VARIANTS.items() if not args.only or n in args.only}
    if args.capped:
        variants = {f"{n} @cap": {**v, "seconds": args.cap} for n, v in variants.items()}
    tasks = []
    if "reference" not in data:
        tasks += [("reference", i, 10_000 + i, {**_PLAIN, "iterations": 4 * args.ref}) for i in range(args.positions)]
    for name, budget in variants.items():
        if name not in data:
            tasks += [(name, i, 1_000 * s + i, budget) for s in range(1, args.seeds + 1) for i in range(args.positions)]
    start = time.time()
    with mp.Pool(args.jobs, _init, (args.players, args.seed, args.positions, args.every)) as pool:
        for done, (name, i, rseed, out) in enumerate(pool.imap_unordered(_search, tasks), 1):
            data.setdefault(name, {})[f"{i}/{rseed}"] = out
            if done % 50 == 0 or done == len(tasks):
                print(f"  {done}/{len(tasks)} searches, {time.time() - start:.0f} s", file=sys.stderr)
                with open(args.out, "w") as f:
                    json.dump(cache, f)
    with open(args.out, "w") as f:
        json.dump(cache, f)
    ref = {int(k.split("/")[0]): v for k, v in data["reference"].items()}
    print(f"{args.positions} positions ({args.players} players, greedy games from seed {args.seed}, every "
          f"{args.every}th), reference: {args.ref} determinizations x 4, no pruning, no cap")
    print("| variant | agreement with the reference (95% CI) | mean regret (points of win chance) "
          "| iterations | determinizations | CPU s mean | p90 | max | over the cap |")
    print("|---|---|---|---|---|---|---|---|---|")
    for name in [n for v in VARIANTS for n in (v, f"{v} @cap")]:
        if name not in data:
            continue
        rows = [(int(k.split("/")[0]), v) for k, v in data[name].items()]
        agree = sum(v["action"] == ref[i]["action"] for i, v in rows)
        regrets = []
        for i, v in rows:
            means = ref[i].get("means") or {}
            if v["action"] in means:
                regrets.append(max(means.values()) - means[v["action"]])
        secs = sorted(v["seconds"] for _, v in rows)
        n = len(rows)
        lo, hi = wilson(agree, n)
        print(f"| {name} | {agree}/{n} = {100 * agree / n:.1f}% ({100 * lo:.1f}–{100 * hi:.1f}%) "
              f"| {100 * sum(regrets) / max(1, len(regrets)):.2f} ({len(regrets)}) "
              f"| {sum(v['iterations'] for _, v in rows) / n:.0f} "
              f"| {sum(v['determinizations'] for _, v in rows) / n:.1f} "
              f"| {sum(secs) / n:.3f} | {secs[int(0.9 * (n - 1))]:.3f} | {secs[-1]:.3f} "
              f"| {100 * sum(s > args.cap for s in secs) / n:.0f}% |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
