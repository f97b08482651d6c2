"""Fit the win chance that ``hard`` ends its simulations on (``ptolemaeus.bots.WIN_MODEL``).

    PYTHONPATH=py .venv/bin/python tools/fit_winmodel.py --games 500 --players 2 --seed 7 --policies hard=0.5,greedy=0.5 --write

1. Self-play: games between ``greedy``, ``easy`` and the search's fast policy
   (each seat's player drawn per game, greedy most often; ``--policies`` may
   also name ``hard``, uncapped), deals drawn from ``--seed``; at the start of
   every turn the position's :func:`ptolemaeus.bots.features` for every seat
   are kept, and at the end the game's outcome (``returns()``, a shared win
   split).  With ``hard`` in the mix every seat's features get one more
   column, 1 for a seat ``hard`` plays: ``hard`` wins more from any position,
   and without the column the fit would credit what ``hard``'s positions look
   like with ``hard``'s skill.  The column is fitted and then left out of the
   model (the search compares positions, not players).
2. Fit, per number of players, a conditional logit: P(p wins) =
   exp(w . f_p) / sum_q exp(w . f_q), by Newton's method with a small L2
   penalty, on the first 80% of the games.
3. Print the log loss and accuracy (the seat with the highest chance is a
   winner) on the held-out 20%, against greedy's own ``values`` normalised
   to sum to 1 (the evaluation ``hard`` used before).
4. ``--write``: rewrite the block between ``# BEGIN WIN_MODEL`` and
   ``# END WIN_MODEL`` in ``py/ptolemaeus/bots.py``: the numbers of players
   fitted get the new weights and a note line each (``# 4p: ...``), the
   others keep theirs (the 2-player and 4-player models come from runs with
   different ``--games``).

``--pool`` adds the games of earlier runs (the files their ``--cache``
wrote) before this run's, so that a model can be fitted on several rounds
of self-play (each drawn from its own ``--seed``) without playing them again.

Pure Python (no numpy): a few thousand games and 18 features are small.
Deterministic for a given ``--seed`` and ``--games``.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from datetime import date, timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "py"))

import ptolemaeus as pt  # noqa: E402
from ptolemaeus import bots  # noqa: E402

BOTS_PY = ROOT / "py" / "ptolemaeus" / "bots.py"
_DAY0 = date(1900, 1, 1)
_DAYS = (date(2100, 12, 31) - _DAY0).days
# Who may play a seat in the self-play games (``--policies``), and by default how often.
NAMES = ("greedy", "easy", "fast", "hard")
POLICIES = (("greedy", 0.7), ("easy", 0.15), ("fast", 0.15))
# ``hard`` in a mix: its level without the time cap (the samples do not depend on the machine).
HARD_BUDGET: dict[str, Any] = {"seconds": None}

Sample = tuple[list[list[float]], list[float], list[float]]   # features per seat, outcome, greedy's values
Mix = tuple[tuple[str, float], ...]                            # who plays a seat, and how often (POLICIES)


def _mix_text(policies: Mix) -> str:
    """``--policies``' way of writing a mix: ``greedy=0.7,easy=0.15,fast=0.15``."""
    return ",".join(f"{name}={share}" for name, share in policies)


def _policy(r: random.Random, policies: Mix = POLICIES) -> str:
    x = r.random()
    for name, share in policies:
        if x < share:
            return name
        x -= share
    return policies[0][0]


def _with_hard(policies: Mix) -> bool:
    """``hard`` plays some seats: the samples carry the "played by hard" column."""
    return any(name == "hard" and share > 0 for name, share in policies)


def play(players: int, seed: int, index: int, policies: Mix = POLICIES) -> list[Sample]:
    """One self-play game: the samples of its turn starts, with its outcome."""
    r = random.Random(f"fit-winmodel/{seed}/{players}/{index}")
    day = _DAY0 + timedelta(days=r.randrange(_DAYS + 1))
    s = pt.new_game(players, r.getrandbits(63), day.isoformat())
    s.record = False
    who = [_policy(r, policies) for _ in range(players)]
    rng = random.Random(r.getrandbits(64))
    skill = [[1.0 if w == "hard" else 0.0] for w in who] if _with_hard(policies) else [[] for _ in who]
    kept: list[tuple[list[list[float]], list[float]]] = []
    while not s.is_over:
        p = s.current_player
        if not s.stack and s.actions_left == 1 and not s.acted:
            ctx = bots._Ctx(s)
            f = [bots.features(s, q, ctx) + skill[q] for q in range(players)]
            v = bots.values(s)
            kept.append((f, [x / sum(v) for x in v]))
        d = s.determinize(p, rng)
        d.record = False
        level = who[p]
        if level == "hard":
            a = bots.choose_action(s, p, "hard", rng, budget=HARD_BUDGET)
        elif level == "fast" and not d.stack:
            a = bots.fast_action(d, rng)
        elif level == "easy" and not d.stack:
            a = bots.beginner_action(d, rng, bots.LEVELS["easy"].sample)
        else:
            a = bots.greedy_action(d, rng)
        s.apply(a)
    y = s.returns()
    return [(f, y, v) for f, v in kept]


def _dot(w: list[float], f: list[float]) -> float:
    return sum(a * b for a, b in zip(w, f))


def _probs(w: list[float], fs: list[list[float]]) -> list[float]:
    z = [_dot(w, f) for f in fs]
    top = max(z)
    e = [math.exp(v - top) for v in z]
    t = sum(e)
    return [v / t for v in e]


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (a small dense system)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for col in range(n):
        piv = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[piv] = m[piv], m[col]
        d = m[col][col]
        for r in range(col + 1, n):
            k = m[r][col] / d
            if k:
                mr, mc = m[r], m[col]
                for c in range(col, n + 1):
                    mr[c] -= k * mc[c]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][c] * x[c] for c in range(r + 1, n))) / m[r][r]
    return x


def fit(samples: list[Sample], l2: float = 1.0, iterations: int = 12) -> list[float]:
    """Newton's method on the conditional logit's penalised log likelihood."""
    k = len(samples[0][0][0])
    w = [0.0] * k
    for it in range(iterations):
        g = [-l2 * x for x in w]
        h = [[(l2 if i == j else 0.0) for j in range(k)] for i in range(k)]
        ll = 0.0
        for fs, y, _ in samples:
            pi = _probs(w, fs)
            mean = [sum(pi[p] * fs[p][i] for p in range(len(fs))) for i in range(k)]
            for p, f in enumerate(fs):
                if y[p]:
                    ll += y[p] * math.log(max(pi[p], 1e-12))
                resid = y[p] - pi[p]
                dev = [f[i] - mean[i] for i in range(k)]
                for i in range(k):
                    g[i] += resid * f[i]
                    if pi[p] and dev[i]:
                        pd = pi[p] * dev[i]
                        hi = h[i]
                        for j in range(i, k):
                            hi[j] += pd * dev[j]
        for i in range(k):
            for j in range(i):
                h[i][j] = h[j][i]
        step = _solve(h, g)
        w = [a + b for a, b in zip(w, step)]
        size = max(abs(x) for x in step)
        print(f"  Newton {it + 1}: log likelihood {ll:.1f}, largest step {size:.2e}", flush=True)
        if size < 1e-6:
            break
    return w


def report(name: str, samples: list[Sample], chances: Any) -> tuple[float, float]:
    loss = right = 0.0
    for fs, y, v in samples:
        pi = chances(fs, v)
        loss -= sum(y[p] * math.log(max(pi[p], 1e-12)) for p in range(len(y)))
        best = max(range(len(pi)), key=lambda p: pi[p])
        right += 1.0 if y[best] > 0 else 0.0
    n = len(samples)
    print(f"  {name:28s} log loss {loss / n:.4f}, accuracy {right / n:.3f} ({n} positions)")
    return loss / n, right / n


def _kept_notes(block: str) -> dict[int, str]:
    """The note line of each model in a WIN_MODEL block (``# 2p: ...``)."""
    notes = {}
    for line in block.splitlines():
        head = line[2:].split("p:", 1)[0] if line.startswith("# ") else ""
        if head.isdigit():
            notes[int(head)] = line
    return notes


def write(models: dict[int, list[float]], notes: dict[int, str]) -> None:
    """Replace the weights of the numbers of players in ``models`` (their note
    lines ``notes``, without the ``# Np: ``) and keep the other models."""
    src = BOTS_PY.read_text()
    begin = src.index("# BEGIN WIN_MODEL")
    end = src.index("# END WIN_MODEL")
    kept_notes = _kept_notes(src[begin:end])
    every: dict[int, tuple[list[float], str]] = {
        n: (list(w), kept_notes.get(n, f"# {n}p: (no note)")) for n, w in bots.WIN_MODEL.items()}
    every.update({n: (w, f"# {n}p: {notes[n]}") for n, w in models.items()})
    lines = ["# BEGIN WIN_MODEL (written by tools/fit_winmodel.py; do not edit by hand)"]
    lines += [note for _, (_, note) in sorted(every.items())]
    lines.append("WIN_MODEL: dict[int, tuple[float, ...]] = {")
    for n, (w, _) in sorted(every.items()):
        lines.append(f"    {n}: (  # {', '.join(bots.FEATURES)}")
        for i in range(0, len(w), 6):
            lines.append("        " + " ".join(f"{x:.6g}," for x in w[i:i + 6]))
        lines.append("    ),")
    lines.append("}")
    BOTS_PY.write_text(src[:begin] + "\n".join(lines) + "\n" + src[end:])
    print(f"wrote {len(models)} model(s) into {BOTS_PY.relative_to(ROOT)} ({len(every)} in all)")


def _cached(path: Path, policies: Mix, players: int) -> list[list[Sample]]:
    """The games an earlier run kept with ``--cache`` (``--pool``, or a reused ``--cache``): their
    samples must have this run's number of seats and columns (with ``hard`` in the mix, the "played by hard" one)."""
    width = len(bots.FEATURES) + (1 if _with_hard(policies) else 0)
    try:
        games = json.loads(path.read_text())
        fits = isinstance(games, list) and all(
            len(fs) == players and len(y) == players and all(len(f) == width for f in fs)
            for g in games for fs, y, _ in g)
    except (OSError, ValueError, TypeError):
        fits = False
    if not fits:
        raise SystemExit(f"{path}: not the games of a --cache of {players} players with {width} columns a seat")
    return games


def _reused(path: Path, policies: Mix, players: int, count: int) -> list[list[Sample]]:
    """The games of an existing ``--cache`` file, reused instead of playing them: checked like a
    pooled file, and there must be ``--games`` of them (the file's name says the mix and the
    number of players, not how many games: without the check a fit would silently use another
    number)."""
    games = _cached(path, policies, players)
    if len(games) != count:
        raise SystemExit(f"{path}: holds {len(games)} games, not the {count} that --games asks for "
                         f"(give --games {len(games)}, or another --cache name)")
    return games


def _policies(text: str) -> Mix:
    """``--policies``' value: a mix as :func:`_mix_text` writes it."""
    try:
        mix = tuple((name, float(share)) for name, share in (item.split("=") for item in text.split(",")))
    except ValueError:
        mix = ()
    if (not mix or {n for n, _ in mix} - set(NAMES) or any(w < 0 for _, w in mix)
            or abs(sum(w for _, w in mix) - 1) > 1e-9):
        raise argparse.ArgumentTypeError(f"names among {', '.join(NAMES)} with shares summing to 1, not {text!r}")
    return mix


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=2000, help="self-play games per number of players")
    ap.add_argument("--players", type=int, nargs="+", default=[2],
                    help="numbers of players to fit (the bots have a 2-player and a 4-player model; docs/bots.md)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--l2", type=float, default=1.0)
    ap.add_argument("--cache", type=Path, help="keep the self-play samples in this JSON file (reused if present, if it "
                                              "holds --games games; its name says the --policies when not the default)")
    ap.add_argument("--policies", type=_policies, default=POLICIES, metavar="NAME=SHARE,...",
                    help=f"who plays the self-play seats: {', '.join(NAMES)}, shares summing to 1 "
                         f"(default: {_mix_text(POLICIES)})")
    ap.add_argument("--pool", type=Path, nargs="+", default=[], metavar="CACHE",
                    help="also fit on the games of earlier runs (files their --cache wrote), before this "
                         "run's: the held-out 20%% are the last games of the whole")
    ap.add_argument("--write", action="store_true", help="write the weights into py/ptolemaeus/bots.py")
    args = ap.parse_args(argv)
    policies = args.policies
    models: dict[int, list[float]] = {}
    notes: dict[int, str] = {}
    # The pooled games, and the games of a reused --cache, are read and checked before any
    # self-play, which may take hours.
    pools = {n: [g for path in args.pool for g in _cached(path, policies, n)] for n in args.players}
    mixed = "" if policies == POLICIES else "." + "_".join(f"{name}{w:g}" for name, w in policies)
    caches = {n: args.cache.with_suffix(f"{mixed}.{n}p.json") if args.cache else None for n in args.players}
    reused = {n: _reused(cache, policies, n, args.games) for n, cache in caches.items() if cache and cache.exists()}
    for n in args.players:
        cache = caches[n]
        t0 = time.time()
        if n in reused:
            games = reused[n]
        else:
            games = [play(n, args.seed, i, policies) for i in range(args.games)]
            if cache:
                cache.write_text(json.dumps(games))
        pooled = pools[n]
        games = pooled + games
        cut = int(len(games) * 0.8)
        train = [x for g in games[:cut] for x in g]
        test = [x for g in games[cut:] for x in g]
        print(f"{n} players: {len(games)} games ({len(pooled)} of them pooled), {len(train)} training and "
              f"{len(test)} held-out positions ({time.time() - t0:.0f} s of self-play)", flush=True)
        w = fit([(f, y, v) for f, y, v in train], l2=args.l2)
        if _with_hard(policies):   # the "played by hard" column: fitted, then left out of the model
            print(f"  played by hard: {w[-1]:+.3f} (fitted, not kept)")
            report("fitted with that column (held out)", test, lambda fs, v, w=w: _probs(w, fs))
            w = w[:-1]
            test = [([f[:-1] for f in fs], y, v) for fs, y, v in test]
            train = [([f[:-1] for f in fs], y, v) for fs, y, v in train]
        print("  weights: " + ", ".join(f"{name} {x:+.3f}" for name, x in zip(bots.FEATURES, w)))
        base = report("greedy's values (held out)", test, lambda fs, v: v)
        new = report("fitted (held out)", test, lambda fs, v, w=w: _probs(w, fs))
        report("fitted (training)", train, lambda fs, v, w=w: _probs(w, fs))
        models[n] = w
        pool = f" --pool {' '.join(p.name for p in args.pool)}" if args.pool else ""
        notes[n] = (f"--seed {args.seed} --l2 {args.l2} --policies {_mix_text(policies)}{pool}; {len(games)} games, "
                    f"held-out log loss {new[0]:.4f} (greedy's {base[0]:.4f}), accuracy {new[1]:.3f} ({base[1]:.3f})")
    if args.write:
        write(models, notes)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
