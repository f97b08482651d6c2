"""Bots for The Downfall of Pompeii: random, easy, greedy, normal and an ISMCTS ``hard``.

Every bot decides from ``determinize(state, seat)`` only (P69, P70): the
:class:`Thinker` determinizes before it looks at anything. Levels, weakest
first (:data:`LEVELS`):

* ``random``: uniform among the legal actions.
* ``easy``: a beginner: greedy's judgement, but of a random 40% of the legal
  actions (at least two) when it plays a card, places a lava tile or moves;
  relatives and Omen victims are greedy's (as ``hard`` leaves them to
  normal). It plays plausible moves and misses good ones, as Ptolemaeus'
  ``easy`` does (docs/bots.md).
* ``greedy``: one ply against a hand-written evaluation (:func:`value`):
  each citizen in the city is worth its chance of escaping, which falls with
  its walking distance to an open gate and next to lava; a saved citizen is
  worth 1. Phase-1 placements (near the gates, with relatives), Omen
  victims and lava tiles are tried on a copy and the best difference "mine
  minus the best opponent's" wins (so lava buries and blocks opponents and
  spares one's own); moves are scored directly by the distance they gain.
* ``normal``: greedy with :func:`timed_value`: a citizen in the city counts
  for less when the moves its owner has left (two a turn until the bag is
  empty, P62) fall short of the walking its citizens need, so it saves
  citizens at the gates instead of shuffling others forward late in the game.
* ``hard``: SO-ISMCTS (:mod:`gamekit.ismcts`) over normal's best few
  choices, paired on common determinizations, simulated with a fast policy
  through the table's next round and scored by :func:`values`; normal's
  favourite stands unless another choice is clearly better.
"""

from __future__ import annotations

import math
import random
from typing import Any

from gamekit.ismcts import ISMCTS
from gamekit.thinking import Level, SearchThinker

from . import board as B
from .actions import Action
from .hidden import determinize
from .state import State

__all__ = [
    "LEVELS",
    "Thinker",
    "choose_action",
    "distances",
    "fast_action",
    "beginner_action",
    "greedy_action",
    "random_action",
    "ranked",
    "value",
    "values",
]

# Escape chance by walking distance to an open gate (index = distance; 0 unused).
_ESC = (0.0, 0.9, 0.78, 0.64, 0.5, 0.38, 0.28, 0.2, 0.14, 0.1, 0.07) + (0.05,) * 70
_NEAR_LAVA = 0.8          # a citizen next to lava is more likely to be buried
_STATIC = B.distance_to_exit()


LEVELS: dict[str, Level] = {
    "random": Level(kind="random", doc="uniform among the legal actions"),
    "easy": Level(kind="beginner", sample=0.4,
                  doc="greedy's judgement, but of a random 40% of the cards, lava tiles and moves it "
                      "could play (a beginner sees some options and misses others)"),
    "greedy": Level(kind="greedy", doc="one ply against the hand-written evaluation"),
    "normal": Level(kind="greedy", timed=True,
                    doc="greedy whose citizens in the city count for less as the moves left run short"),
    "hard": Level(kind="ismcts", timed=True, iterations=48, seconds=0.45, width=4, confidence=1.0, prune=1.0,
                  doc="ISMCTS over normal's best 4 choices, 12 paired determinizations each, played by a "
                      "fast policy through the next round and scored by normal's evaluation; normal's "
                      "favourite unless another is clearly better (at most 0.45 s)"),
}


# ------------------------------------------------------------------ evaluation

def distances(s: State) -> list[int]:
    """Walking distance out of the city (gate square = 1; -1: no way out), as lava stands."""
    if not any(y >= 0 for y in s.lava):
        return _STATIC
    lava = frozenset(q for q in B.CITY if s.lava[q] >= 0)
    return B.distance_to_exit(lava)


def _near_lava(s: State, q: int) -> bool:
    lava = s.lava
    return any(lava[t] >= 0 for t in B.NEIGHBOURS[q])


def value(s: State, p: int, dist: list[int] | None = None) -> float:
    """Expected saved citizens of seat ``p`` (saved ones, plus each citizen's escape chance)."""
    if dist is None:
        dist = distances(s)
    n, cit = s.n, s.cit
    v = float(s.saved[p])
    lava_on = s.phase != "p1"
    for q in B.CITY:
        k = cit[q * n + p]
        if k:
            d = dist[q]
            if d > 0:
                e = _ESC[d]
                if lava_on and _near_lava(s, q):
                    e *= _NEAR_LAVA
                v += k * e
    if s.phase == "p1":
        v += 0.35 * s.supply[p] * _supply_chance(s)
    return v - 0.01 * s.dead[p]


def moves_left(s: State, p: int) -> float:
    """Moves seat ``p`` still gets (two a turn) before the bag runs out (P46, P62)."""
    n = s.n
    if s.phase == "p1":
        return 2.0 * max(0, len(s.bag) - 6) / n
    if s.phase == "opening":
        return 2.0 * max(0, len(s.bag) - s.opening_left + 1) / n
    tiles = len(s.bag)                     # turns still to start, from the next seat on
    r = (p - s.current - 1) % n
    turns = -(-(tiles - r) // n) if tiles > r else 0
    here = 2 - s.moves if s.current == p and s.step in ("lava", "move") else 0
    return 2.0 * turns + here


def time_factor(s: State, p: int, dist: list[int]) -> float:
    """How much of what ``p`` needs to walk out it can still walk: moves left over the
    moves all its citizens need (1 while there is time enough)."""
    n, cit = s.n, s.cit
    need = 0
    for q in B.CITY:
        k = cit[q * n + p]
        if k and dist[q] > 0:
            need += k * dist[q]
    if not need:
        return 1.0
    return min(1.0, moves_left(s, p) / need)


def timed_value(s: State, p: int, dist: list[int] | None = None) -> float:
    """:func:`value` with each citizen in the city discounted by :func:`time_factor`."""
    if dist is None:
        dist = distances(s)
    tau = time_factor(s, p, dist) if s.phase == "p2" else 1.0
    v = value(s, p, dist)
    saved = s.saved[p] - 0.01 * s.dead[p]
    return saved + (v - saved) * tau


def _supply_chance(s: State) -> float:
    """Rough share of a phase-1 supply that still gets placed (the deck runs out)."""
    return min(1.0, len(s.deck) / (30.0 * s.n)) * 0.5


def values(s: State, scale: float = 1.5) -> list[float]:
    """Each seat's chance of winning in [0, 1] (sums to 1), from :func:`timed_value` margins."""
    if s.is_over:
        return s.returns()
    dist = distances(s)
    v = [timed_value(s, p, dist) for p in range(s.n)]
    m = max(v)
    w = [math.exp(scale * (x - m)) for x in v]
    t = sum(w)
    return [x / t for x in w]


def _margin(s: State, p: int, dist: list[int] | None = None, evaluation: Any = None) -> float:
    if dist is None:
        dist = distances(s)
    f = evaluation or value
    mine = f(s, p, dist)
    return mine - max(f(s, q, dist) for q in range(s.n) if q != p)


# ------------------------------------------------------------------ policies

def random_action(s: State, rng: random.Random) -> Action:
    legal = s.legal_actions()
    return legal[rng.randrange(len(legal))]


def _move_gain(s: State, a: Action, dist: list[int], tau: float = 1.0) -> float:
    if a.kind == "end":
        return 0.0
    here = dist[a.square]
    before = _ESC[here] * tau if here > 0 else 0.0
    if a.kind == "leave":
        return 1.0 - before
    there = dist[a.to]
    after = _ESC[there] * tau if there > 0 else 0.0
    if _near_lava(s, a.to):
        after *= _NEAR_LAVA
    if _near_lava(s, a.square):
        before *= _NEAR_LAVA
    # A citizen that leaves a crowd keeps more of it behind for the others (P54).
    return after - before + 0.01 * s.tot[a.to]


def ranked(s: State, rng: random.Random, evaluation: Any = None,
           among: list[Action] | None = None) -> list[tuple[Action, float]]:
    """Greedy's scores of every legal action (or of those ``among`` them), best first
    (ties in a random order); ``evaluation`` :func:`timed_value` gives normal's."""
    legal = s.legal_actions() if among is None else among
    p = s.current
    if s.step == "move" and (evaluation is None or evaluation is timed_value):
        dist = distances(s)
        tau = time_factor(s, p, dist) if evaluation is timed_value else 1.0
        scored = [(a, _move_gain(s, a, dist, tau)) for a in legal]
    else:
        scored = []
        for a in legal:
            c = s.clone()
            c.record = False
            c.apply(a)
            m = _margin(c, p, None, evaluation)
            if c.step == "relative" and c.current == p:
                m += c.rel_left * 0.4
            scored.append((a, m))
    rng.shuffle(scored)
    scored.sort(key=lambda av: -av[1])
    return scored


def greedy_action(s: State, rng: random.Random, evaluation: Any = None) -> Action:
    legal = s.legal_actions()
    if len(legal) == 1:
        return legal[0]
    return ranked(s, rng, evaluation)[0][0]


def beginner_action(s: State, rng: random.Random, sample: float = 0.4) -> Action:
    """The beginner (``easy``): greedy's favourite among a random ``sample`` of the legal
    cards, lava tiles or moves (at least two), so it plays plausible moves and misses good
    ones; relatives and Omen victims, small choices, are greedy's."""
    legal = s.legal_actions()
    if len(legal) == 1:
        return legal[0]
    if s.step in ("relative", "omen"):
        return greedy_action(s, rng)
    k = max(2, round(len(legal) * sample))
    seen = legal if k >= len(legal) else rng.sample(legal, k)
    return ranked(s, rng, None, seen)[0][0]


def fast_action(s: State, rng: random.Random) -> Action:
    """A cheap policy for simulations: greedy's ideas without copies of the state."""
    legal = s.legal_actions()
    if len(legal) == 1:
        return legal[0]
    step, p, n = s.step, s.current, s.n
    if step == "move":
        dist = distances(s)
        tau = time_factor(s, p, dist)
        best, bv = legal[-1], 0.0
        for a in legal:
            g = _move_gain(s, a, dist, tau) + rng.random() * 0.02
            if g > bv:
                best, bv = a, g
        return best
    if step == "lava":
        cit = s.cit
        best, bv = legal[0], -1e9
        for a in legal:
            q = a.square * n
            v = sum(cit[q:q + n]) - 2 * cit[q + p] + rng.random() * 0.5
            if v > bv:
                best, bv = a, v
        return best
    if step == "omen":
        return min(legal, key=lambda a: (_STATIC[a.square], rng.random()))
    if step == "relative":
        return min(legal, key=lambda a: (_STATIC[a.square] if a.square >= 0 else 99, rng.random()))
    # play: the card and square nearest a gate; never declare the eruption
    best, bv = legal[0], 1e9
    for a in legal:
        if a.kind == "erupt":
            continue
        v = (_STATIC[a.square] if a.square >= 0 else 50) + rng.random() * 1.5
        if v < bv:
            best, bv = a, v
    return best


# ------------------------------------------------------------------ search

def _round_key(s: State) -> tuple[int, int]:
    """Tiles drawn so far and the seat: the simulations stop after one round of turns."""
    return (len(s.bag), s.current)


def make_search(det: State, seat: int, rng: random.Random, root: list[Action] | None,
                confidence: float | None, prune: float | None) -> ISMCTS:
    """The ``hard`` search over ``det`` (already a determinization for ``seat``)."""
    start_tiles = len(det.bag)
    start_cards = len(det.deck)
    n = det.n

    def cutoff(d: State) -> bool:
        if d.phase == "p1":
            return start_cards - len(d.deck) >= n + 1
        return start_tiles - len(d.bag) >= n + (1 if det.phase == "p1" else 0)

    def actions(d: State) -> list[Action]:
        legal = d.legal_actions()
        if len(legal) == 1 or d.__dict__.pop("_root", False):
            return legal                  # the root: every candidate (ISMCTS keeps greedy's best few)
        return [fast_action(d, rng)]      # below the root the fast policy plays for everyone

    def redeal(s: State, r: random.Random) -> State:
        d = determinize(s, seat, r)
        d._root = True                    # type: ignore[attr-defined]
        return d

    return ISMCTS(det, seat, determinize=redeal, actions=actions, rollout=fast_action, cutoff=cutoff,
                  evaluate=values, root_actions=root, paired_root=True, confidence=confidence,
                  prune=prune, rng=rng)


class Thinker(SearchThinker):
    """One bot decision, determinized first, run in slices (``gamekit.thinking``)."""

    def __init__(self, state: State, seat: int, level: str = "greedy", rng: random.Random | int | None = None,
                 budget: dict[str, Any] | None = None) -> None:
        rng = self.checked_rng(state, seat, level, LEVELS, rng)
        det = determinize(state, seat, rng)          # P69: the bot never sees the real state
        spec = self.settings(LEVELS, level, det.n, budget)
        self.spec = spec
        self.budget = spec.iterations
        legal = det.legal_actions()
        if len(legal) == 1:
            self._action = legal[0]
        elif spec.kind == "random":
            self._action = random_action(det, rng)
        elif spec.kind == "beginner":
            self._action = beginner_action(det, rng, spec.sample)
        elif spec.kind == "greedy" or det.step in ("relative", "omen"):
            self._action = greedy_action(det, rng, timed_value if spec.timed else None)
        else:
            top = [a for a, _ in ranked(det, rng, timed_value)[:spec.width or 4]]
            if len(top) == 1:
                self._action = top[0]
            else:
                self.tree = make_search(det, seat, rng, top, spec.confidence, spec.prune)



def choose_action(state: State, seat: int, level: str = "greedy", rng: random.Random | int | None = None,
                  budget: dict[str, Any] | None = None) -> Action:
    """The action ``seat`` plays now at ``level`` (decided from its determinization only)."""
    t = Thinker(state, seat, level, rng, budget)
    if t.tree is not None:
        t.tree.run(iterations=t.spec.iterations, seconds=t.spec.seconds)
    return t.action()


# ------------------------------------------------------------------- bench

def bench(seconds: float = 3.0, players: int = 2, seed: int = 1, level: str = "hard") -> dict[str, Any]:
    """Search speed at ``level`` (the same JSON as ``ptolemaeus.bots.bench``) on positions
    of seat 0 with a choice, taken from a greedy game: whole searches (the level's
    iteration budget, no time cap) until ``seconds`` have passed (:func:`gamekit.bench.search_speed`)."""
    from gamekit.bench import search_speed   # here: argparse and the bench are no game page's imports
    rng = random.Random(seed)
    s = State.setup(players, seed)
    s.record = False
    positions: list[State] = []
    while not s.is_over and len(positions) < 24:
        if s.current_player == 0 and len(s.legal_actions()) > 1 and s.step in ("play", "lava", "move"):
            positions.append(s.clone())
        s.apply(greedy_action(determinize(s, s.current, rng), rng))
    return search_speed(positions, lambda pos: Thinker(pos, 0, level, rng, budget={"seconds": None}),
                        seconds, level, players)


def _main(argv: list[str] | None = None) -> int:
    import argparse
    import json

    ap = argparse.ArgumentParser(prog="python -m pompeii.bots", description=__doc__.split("\n\n")[0])
    ap.add_argument("--bench", action="store_true", help="print the search speed (ISMCTS iterations per second)")
    ap.add_argument("--level", default="hard", help="level to bench")
    ap.add_argument("--seconds", type=float, default=5.0)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    if not args.bench:
        for name, spec in LEVELS.items():
            print(f"{name:7s} {spec.doc}")
        return 0
    r = bench(args.seconds, args.players, level=args.level)
    if args.json:
        print(json.dumps(r))
    else:
        print(f"{r['level']} ({r['players']} players), {r['decisions']} decisions in {r['seconds']:.1f} s: "
              f"{r['iterations_per_second']:.0f} ISMCTS iterations/s; per decision "
              f"{r['sec_per_decision_mean'] * 1000:.0f} ms mean, {r['sec_per_decision_p90'] * 1000:.0f} ms p90, "
              f"{r['sec_per_decision_max'] * 1000:.0f} ms max (no time cap)")
    return 0


if __name__ == "__main__":
    raise SystemExit(_main())
