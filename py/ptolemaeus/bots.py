"""Bots for Ptolemaeus: a ladder from ``random`` to Information Set MCTS.

The one entry point for the arena and the page is :func:`choose_action`::

    action = choose_action(state, seat, "hard", rng)

It determinizes FIRST (``state.determinize(seat, rng)``, R17) and hands the
bot only that copy, so no bot can ever see an opponent's hand, objective or
the order of a deck: whatever it computes is a function of ``view(seat)``
and ``rng``. Bots answer every decision the engine can ask a seat, the
opponents' ones included (Maleficus Mars / Saturnus, the Eclipsis discards).

The ladder (budgets in :data:`LEVELS`, documented in ``docs/bots.md``):

``random``
    a uniformly random legal action.
``greedy``
    one ply with a hand-written evaluation (:func:`potential`), looking
    through the sub-decisions of a turn's action: an observation is
    judged with its tokens placed, a draw with both cards drawn (blind
    cards at their expected value), a bonus card with its effect done.
``easy``
    a beginner: greedy's judgement of a random 40% of the turn's choices
    (at least two), so it plays plausible moves and misses good ones.
``normal`` / ``hard``
    single-observer ISMCTS (:mod:`gamekit.ismcts`) over the seat's
    turn-level decisions, the root limited to greedy's best few; the
    sub-decisions and the opponents' turns are played by a fast heuristic
    policy (:func:`fast_action`), a simulation runs until the seat's turn
    comes round again (``normal`` and ``hard``: and through that turn,
    played by greedy) and the greedy evaluation scores it (``hard`` in
    2- and 4-player games: :func:`win_chances`, fitted to self-play results
    by ``tools/fit_winmodel.py``). ``normal`` and ``hard`` compare the root candidates on the same determinizations
    (paired). The budgets are in :data:`LEVELS`.

``python -m ptolemaeus.bots --bench`` prints the search speed.
"""

from __future__ import annotations

import math
import random
import time
from operator import add, mul
from typing import Any

from gamekit.ismcts import ISMCTS
from gamekit.memo import BoundedMemo
from gamekit.thinking import Level, SearchThinker

from . import actions as A
from .actions import Action
from .data import (
    BONUS_TYPES,
    BONUS_UPGRADE_PLANET,
    CARD_KINDS,
    COLOUR_OF,
    COPIES_PER_CARD,
    ECLIPSIS,
    EVENT_CARDS,
    EVENT_PLANETS,
    IUPITER_ORIENTALIS,
    MALEFICUS_MARS,
    MALEFICUS_SATURNUS,
    MERCURIUS_RETROGRADUS,
    N_CONST,
    NOVA_LUNA,
    OBJECTIVE_POINTS,
    OBJECTIVES,
    PLANET_INDEX,
    SIGNA_AERIS,
    SIGNA_AQUAE,
    SIGNA_IGNIS,
    SIGNA_TERRAE,
    SOL_IN_MEDIO_CAELI,
    STUDY_POINTS,
    TURNS_PER_ROUND,
    VENUS_RETROGRADA,
    WILD,
    WINNING_POINTS,
)
from .payment import can_pay_one

__all__ = ["LEVELS", "Level", "Thinker", "choose_action", "potential", "potentials", "values", "evaluate",
           "FEATURES", "WIN_MODEL", "features", "win_chances",
           "random_action", "greedy_action", "beginner_action", "fast_action", "search_action", "make_search"]


# ---------------------------------------------------------------- the levels

#: The ladder: one row per level, the budgets are the whole difference.
#:
#: ``iterations``  ISMCTS iterations (simulations) per searched decision;
#:                 with ``paired`` every root candidate is simulated on each
#:                 determinization (common random numbers), so hard's 240 are
#:                 60 determinizations x 4 candidates.
#: ``seconds``     a cap on the search's wall time in CPython (the page,
#:                 under Pyodide, is about twice as slow).
#: ``width``       the root is greedy's best ``width`` turn-level choices.
#: ``horizon``     a simulation runs until the seat's turn comes round again.
#: ``plan``        ... and then through that next turn, played by greedy,
#:                 so a choice is judged by what it lets the seat do next.
#: ``exploration`` the UCB constant (values are win chances in [0, 1]).
#: ``confidence``  (paired) keep greedy's favourite, the first root
#:                 candidate, unless another beats it by more than this many
#:                 standard errors of their paired differences: with a few
#:                 dozen samples, a coin flip must not overturn greedy.
#: ``prune``       (paired) after ``prune_after`` determinizations, stop
#:                 simulating a candidate that trails greedy's favourite by
#:                 more than this many standard errors; the search ends early
#:                 when none is left to challenge it.
#: ``prune_after`` (default 10) the paired samples a candidate needs before
#:                 it may be pruned.
#: ``race``        (with ``prune``) also prune the candidates that trail the
#:                 current answer (a challenger that beats the favourite) by
#:                 ``prune`` standard errors, the favourite included: a search
#:                 whose answer is clear settles early, and with a larger
#:                 ``iterations`` ceiling the close decisions get the rest.
#: ``fitted``      simulations end on :func:`win_chances` (a win chance
#:                 fitted to self-play results, ``tools/fit_winmodel.py``)
#:                 instead of greedy's hand-tuned :func:`values`.
#: ``seats``       (if present) entries for games of a number of seats, e.g.
#:                 ``{4: {"iterations": 400}}``: they replace the plain ones
#:                 there, unless a budget sets the entry itself (the arena's
#:                 ``--iterations``, ``--set``). ``hard``: no pruning in 2
#:                 players (with its fitted leaves it won more games that way,
#:                 2026-11-26), 100 determinizations in 4 (2026-11-28).
#: ``greedy_opponent`` the other seats' turn-level choices in the
#:                 simulations (a turn's main action, bonus cards, the trade,
#:                 study B, ending it) are greedy's instead of the fast
#:                 policy's; their sub-decisions stay the fast policy's.
#:                 ``greedy`` is who ``hard`` meets in the arena (tried for
#:                 issue 14, 2026-11-28, not used by a level).
#: ``cpu_clock``   :func:`choose_action` (the arena) measures the cap in the
#:                 process's CPU time instead of wall time, so that a busy
#:                 machine does not cut searches short (``--set
#:                 cpu_clock=true``); the page's slices always use wall time.
#:
#: Only turn-level decisions are searched; sub-decisions (payments, which
#: planet, answers to an opponent's card) are greedy's at every level.
LEVELS: dict[str, Level] = {
    "random": Level(kind="random", doc="a uniformly random legal action"),
    "easy": Level(kind="beginner", sample=0.4,
                  doc="greedy's judgement, but of a random 40% of the turn's choices (a beginner "
                      "sees some options and misses others)"),
    "greedy": Level(kind="greedy", doc="one ply of the hand-written evaluation, through each choice's sub-decisions"),
    "normal": Level(kind="ismcts", iterations=60, seconds=0.25, width=3, horizon=1, plan=True, paired=True,
                    exploration=0.3, confidence=1.0, prune=1.0, fitted=False,
                    doc="ISMCTS over greedy's best 3 choices, 20 paired determinizations through the "
                        "seat's next turn; greedy's favourite unless another is clearly better (at most 0.25 s)"),
    "hard": Level(kind="ismcts", iterations=240, seconds=0.35, width=4, horizon=1, plan=True, paired=True,
                  exploration=0.3, confidence=1.0, prune=1.0, fitted=True,
                  prune_after=10, race=False, greedy_opponent=False, cpu_clock=False,
                  # 2 players: no pruning (2026-11-26); 4 players: 100 determinizations (2026-11-28,
                  # docs/bots.md: 58 of 100 fresh deals against 52.5 uncapped, 56.2% of 200 capped
                  # against 53.2%)
                  seats={2: {"prune": None}, 4: {"iterations": 400}},
                  doc="ISMCTS over greedy's best 4 choices, 60 paired determinizations (100 in 4 "
                      "players) through the seat's next turn judged by a win chance fitted to results; "
                      "greedy's favourite unless another is clearly better (at most 0.35 s)"),
}


def choose_action(state: Any, seat: int, level: str = "normal", rng: random.Random | int | None = None,
                  budget: dict[str, Any] | None = None) -> Action:
    """The action ``seat`` plays now, at ``level`` (a key of :data:`LEVELS`).

    ``state`` may be the real game: it is determinized for ``seat`` before any
    bot looks at it, so the answer depends only on ``state.view(seat)`` and
    ``rng``. ``rng`` is a :class:`random.Random` or an int seed (``None``:
    fresh randomness). ``budget`` overrides entries of the level (e.g.
    ``{"iterations": 50, "seconds": None}`` for a deterministic search)."""
    thinker = Thinker(state, seat, level, rng, budget)
    if thinker.tree is not None:
        clock = time.process_time if thinker.spec.cpu_clock else time.perf_counter
        thinker.tree.run(iterations=thinker.spec.iterations, seconds=thinker.spec.seconds, clock=clock)
    return thinker.action()


class Thinker(SearchThinker):
    """One bot decision in progress, for a caller that runs the search in
    slices between other work (the page's event loop)::

        t = Thinker(state, seat, "hard", rng)      # determinizes first (R17)
        while not t.done:
            t.step(25)                             # 25 ISMCTS iterations
            ...                                    # let the page breathe
        action = t.action()

    With the same ``rng`` and an iteration budget this gives exactly what
    :func:`choose_action` gives (which also honours the level's time cap).
    Decisions that need no search are decided at once (``done`` is true)."""

    def __init__(self, state: Any, seat: int, level: str = "normal", rng: random.Random | int | None = None,
                 budget: dict[str, Any] | None = None) -> None:
        rng = self.checked_rng(state, seat, level, LEVELS, rng)
        # Information hygiene (R17): the bot never sees the real state.
        det = state.determinize(seat, rng)
        det.record = False
        spec = self.settings(LEVELS, level, det.n, budget)
        self.spec = spec
        self.seat = seat
        self.budget = spec.iterations
        legal = det.legal_actions()
        kind = spec.kind
        if len(legal) == 1:
            self._action = legal[0]
        elif kind == "random":
            self._action = random_action(det, rng)
        elif kind == "beginner" and not det.stack:
            self._action = beginner_action(det, rng, spec.sample)
        elif kind in ("greedy", "beginner") or det.stack:
            # Sub-decisions (payments, which planet, answers) are greedy's at every level.
            self._action = greedy_action(det, rng)
        else:
            root = None
            if spec.width:
                ranked = sorted(turn_scores(det, rng), key=lambda av: -av[1])
                root = [a for a, _ in ranked[:spec.width]]
            tree = make_search(det, seat, rng, horizon=spec.horizon or 1, exploration=spec.exploration or 0.7,
                               root_actions=root, paired_root=bool(spec.paired), plan=bool(spec.plan),
                               confidence=spec.confidence, prune=spec.prune, fitted=bool(spec.fitted),
                               prune_after=spec.prune_after or 10, race=bool(spec.race),
                               greedy_opponent=bool(spec.greedy_opponent))
            if len(tree.root_actions) == 1:
                self._action = tree.root_actions[0]
            else:
                self.tree = tree



# ------------------------------------------------------------- evaluation
#
# potential(s, p) estimates the points p will end the game with, in points:
# the score now, plus the expected worth of what is under way (tokens toward
# a third on a constellation with an unstudied planet, discounted by the
# turns p has left to finish and by threats: the Comet's next landing, a
# planet leaving with the face-up event card, an Eclipsis), plus the card
# economy (cards in hand, the cards that finish a study worth more), bonus
# cards, asteroids toward the next point and the action still to take.

_OBJ_MASKS = tuple(sum(1 << PLANET_INDEX[q] for q in o) for o in OBJECTIVES)
_POP = tuple(bin(i).count("1") for i in range(128))
# Points a further study is worth on the table, smoothed over the next two
# (the table rewards the 3rd, 6th and 7th planets more).
_TABLE_MARGIN = tuple(
    ((STUDY_POINTS[min(k + 1, 7)] - STUDY_POINTS[k]) + (STUDY_POINTS[min(k + 2, 7)] - STUDY_POINTS[k]) / 2) / 2
    for k in range(8))
_OBJ_MARGIN = (0.6, 1.0, 2.0, 0.0)     # objective planets studied so far -> worth of one more
_ASTEROID_ON = 0.35
_BONUS_DRAW = 0.6
_CARD = 0.2
_WILD_CARD = 0.3
_FINISH_CARD = 0.1                     # a card that pays a study's last token
_START_CARD = 0.05
# Cards in hand count less and less: ranked by worth, the first five count
# fully, the next three half, the rest a quarter (hoarding is not scoring).
_HAND_RANK = (1.0,) * 5 + (0.5,) * 3 + (0.25,) * 30
_ACTION = 0.6                          # one main action still to take this turn
_GENERIC_TOKEN = 0.1                   # a token where nothing can be studied
_ASTEROID_PART = 0.3
_COMET_STEPS_PER_ROUND = 1.45          # measured over random games
_BONUS_VALUE = {
    NOVA_LUNA: (0.8, 1.3), VENUS_RETROGRADA: (0.45, 0.9), MALEFICUS_MARS: (0.45, 0.8),
    MALEFICUS_SATURNUS: (0.35, 0.6), MERCURIUS_RETROGRADUS: (0.5, 0.8), SOL_IN_MEDIO_CAELI: (0.5, 1.0),
    IUPITER_ORIENTALIS: (0.4, 0.7), SIGNA_AERIS: (0.6, 0.6), SIGNA_AQUAE: (0.6, 0.6),
    SIGNA_IGNIS: (0.6, 0.6), SIGNA_TERRAE: (0.6, 0.6),
}
_BONUS_TABLE = tuple(
    (_BONUS_VALUE.get(b, (0.0, 0.0)), 1 << PLANET_INDEX[BONUS_UPGRADE_PLANET[b]] if b in BONUS_UPGRADE_PLANET else 0)
    for b in BONUS_TYPES)
_ECLIPSIS_EVENT = EVENT_CARDS.index(ECLIPSIS)
_EVENT_MOVES = tuple(EVENT_PLANETS.get(e, ()) for e in EVENT_CARDS)


class _Ctx:
    """Facts about the coming end of round shared by every seat's potential."""

    __slots__ = ("next_mask", "comet_land", "ends", "future_rounds", "eclipsis")

    def __init__(self, s: Any) -> None:
        mask = s.at_mask[:]
        if s.event >= 0:
            pos = s.pos
            for q in _EVENT_MOVES[s.event]:
                c = pos[q]
                mask[c] &= ~(1 << q)
                mask[(c + 1) % N_CONST] |= 1 << q
        self.next_mask = mask
        c, steps = s.comet_at, 0
        while True:
            c = (c + 1) % N_CONST
            steps += 1
            if not mask[c] or steps >= N_CONST:
                break
        self.comet_land = c
        left = N_CONST - s.comet_steps - steps
        self.ends = left <= 0
        self.future_rounds = 0.0 if self.ends else max(1.0, left / _COMET_STEPS_PER_ROUND)
        deck = s.event_deck
        self.eclipsis = (1.0 / len(deck)) if deck and _ECLIPSIS_EVENT in deck and _ECLIPSIS_EVENT not in s.events_seen \
            else 0.0


# Memo of _Ctx by everything it reads (_ctx): bounded, cleared when full. A _Ctx is
# shared, so nothing may change one.
_CTXS: BoundedMemo[tuple, _Ctx] = BoundedMemo(20000)


def _eclipsis_deck(s: Any) -> int:
    """What the Eclipsis odds of :class:`_Ctx` depend on, for the memos' keys: the event
    deck's size while Eclipsis is in it unseen, else 0."""
    deck = s.event_deck
    return len(deck) if _ECLIPSIS_EVENT in deck and _ECLIPSIS_EVENT not in s.events_seen else 0


def _ctx(s: Any) -> _Ctx:
    """``_Ctx(s)``, memoized by the planets' places, the event card, the Comet and
    the Eclipsis odds (all it depends on)."""
    key = (*s.at_mask, *s.pos, s.event, s.comet_at, s.comet_steps, _eclipsis_deck(s))
    ctx = _CTXS.get(key)
    if ctx is None:
        ctx = _CTXS.put(key, _Ctx(s))
    return ctx


def _turns_left(s: Any, p: int) -> tuple[int, bool]:
    """Main actions ``p`` still has this round, and whether it is ``p``'s turn."""
    n = s.n
    pk = (p - s.first) % n
    left = max(0, TURNS_PER_ROUND - s.turn)
    in_turn = pk == s.k and s.turn <= TURNS_PER_ROUND
    if s.turn > TURNS_PER_ROUND:
        pass
    elif pk > s.k:
        left += 1
    elif in_turn:
        left += s.actions_left
    return left, in_turn


def _study_worth(s: Any, p: int, planets: int, c: int) -> float:
    """What studying the best of ``planets`` (a mask) on ``c`` is worth to ``p``."""
    studied = s.studied[p]
    base = _TABLE_MARGIN[_POP[studied]] + (_BONUS_DRAW if s.bonus_deck else 0.0)
    if s.asteroid_on[c]:
        base += _ASTEROID_ON + (0.3 if s.asteroids[p] % 3 == 2 else 0.0)
    omask = _OBJ_MASKS[s.objectives[p]]
    if planets & omask:
        base += _OBJ_MARGIN[_POP[studied & omask]]
    return base


def _progress(t: int, turns: float, payable: bool) -> float:
    """Share of a study's worth that ``t`` tokens (1 or 2) on a live target
    are worth: the chance to finish, less the actions finishing will cost.
    Back-loaded, so that finishing a study pays more than starting one."""
    if turns <= 0:
        return 0.0
    if t >= 2:
        if payable:
            return 0.55 if turns >= 1.5 else 0.5
        return 0.45 if turns >= 2 else 0.25
    if turns >= 3:
        return 0.25
    return 0.15 if turns >= 2 else 0.05


def hand_value(weights: list[float], hand: list[int], extra: tuple[float, ...] = ()) -> float:
    """Worth of a hand: card weights, best first, with diminishing ranks
    (:data:`_HAND_RANK`); ``extra`` adds cards known only by their worth
    (a blind draw at its expected worth)."""
    items: list[float] = []
    for i in range(CARD_KINDS):
        h = hand[i]
        if h == 1:
            items.append(weights[i])
        elif h:
            items += [weights[i]] * h
    if extra:
        items.extend(extra)
    items.sort(reverse=True)
    return sum(map(mul, items, _HAND_RANK))     # ranks past the table count nothing


def _card_weights(s: Any, p: int, ctx: _Ctx, turns: float, turns_now: int) -> list[float]:
    """Worth of one more card of each kind in ``p``'s hand."""
    w = [_CARD] * CARD_KINDS
    w[WILD] = _WILD_CARD
    toks, studied = s.tokens[p], s.studied[p]
    at, nxt, comet = s.at_mask, ctx.next_mask, s.comet_at
    for c in range(N_CONST):
        t = toks[c]
        if at[c] or c == comet:
            w[c] += 0.04
        if t and (at[c] | nxt[c]) & ~studied:
            w[c] += _FINISH_CARD if t == 2 else _START_CARD
    return w


def _parts(s: Any, p: int, ctx: _Ctx) -> tuple[float, float, int, float, float, float, float, bool]:
    """The terms of a seat's :func:`potential` in a game not over, kept apart (the fitted win
    chance weighs them one by one: :func:`features`): progress toward studies, tokens with
    nothing to study now, constellations with two tokens and something to study, the hand's
    worth, bonus cards, the action(s) and pending sub-decision of one's own turn; then the
    turns left to the seat and whether it is in its turn. (A plain tuple: greedy's hot path.)"""
    studied = s.studied[p]
    now, in_turn = _turns_left(s, p)
    turns = now + (TURNS_PER_ROUND * ctx.future_rounds)
    study = generic = hand_part = bonus = to_play = 0.0
    pairs = 0
    toks, hand = s.tokens[p], s.hands[p]
    at, nxt, land = s.at_mask, ctx.next_mask, ctx.comet_land
    for c in range(N_CONST):
        t = toks[c]
        if not t:
            continue
        live_now = at[c] & ~studied
        swept = c == land and not ctx.ends
        live_next = 0 if swept else nxt[c] & ~studied
        if live_now and live_next:
            tc, target = turns, live_now | live_next
        elif live_now:
            tc, target = now, live_now
        elif live_next:
            tc, target = turns - now, live_next
        else:
            if not swept and turns > 0:
                g = _GENERIC_TOKEN * t
                if not nxt[c]:
                    g *= 1.0 - ctx.eclipsis
                generic += g
            continue
        if t >= 2:
            pairs += 1
        pr = _progress(t, tc, t >= 2 and can_pay_one(hand, c))
        if pr:
            study += pr * _study_worth(s, p, target, c)
    if turns > 0:
        w = _card_weights(s, p, ctx, turns, now)
        hand_part = min(1.0, turns / 3.0) * hand_value(w, hand)
    if turns > 0 or in_turn:
        bf = min(1.0, 0.5 + turns / 4.0)
        bh = s.bonus_hands[p]
        for b in range(len(bh)):
            if bh[b]:
                (v1, v2), bit = _BONUS_TABLE[b]
                bonus += bh[b] * bf * (v2 if studied & bit else v1)
    if in_turn:
        if not s.stack:
            to_play = _ACTION * s.actions_left
        else:
            task = s.stack[-1]
            kind = task[0]
            if kind in ("draw2", "venus"):
                to_play = _CARD * (task[1] if kind == "venus" else 1)
            elif kind == "observe":
                to_play = 0.4 * len(task[1])
            elif kind == "study":
                to_play = 2.0
            elif kind in ("signa", "nova_luna", "mercurius"):
                to_play = 0.4
    return study, generic, pairs, hand_part, bonus, to_play, turns, in_turn


# Memo of potential() in a game not over, by everything it reads (_potential_key):
# greedy judges every turn-level choice by both seats' potentials, and most
# choices leave the other seats' (and many leave one's own) as they were.
# Bounded: cleared when full.
_POTENTIALS: BoundedMemo[tuple, float] = BoundedMemo(10000)   # about 8 MB when full (a key is ~0.75 KB)


def _potential_key(s: Any, p: int) -> tuple:
    """Everything :func:`potential` (``p``, a game not over) depends on: the public
    board (planets, Comet, event card, Eclipsis odds, bonus deck left, asteroids), the
    turn as far as ``p``'s turns left see it, and ``p``'s own pieces, hand and cards."""
    pk = (p - s.first) % s.n
    k, turn = s.k, s.turn
    in_turn = pk == k and turn <= TURNS_PER_ROUND
    task: tuple = ()
    if in_turn and s.stack:
        top = s.stack[-1]
        kind = top[0]
        task = (kind, len(top[1]) if kind == "observe" else top[1] if kind == "venus" else 0)
    return (p, turn, pk > k, s.actions_left if in_turn else -1, task,
            s.event, s.comet_at, s.comet_steps, _eclipsis_deck(s), bool(s.bonus_deck),
            s.studied[p], s.objectives[p], s.asteroids[p], s.novas[p],
            *s.pos, *s.at_mask, *s.asteroid_on, *s.tokens[p], *s.hands[p], *s.bonus_hands[p])


def potential(s: Any, p: int, ctx: _Ctx | None = None) -> float:
    """Points ``p`` can expect to end the game with (see the comment above)."""
    if s.over:
        return _potential(s, p, ctx)
    return _memo_potential(s, p, _potential_key(s, p), ctx)


def _memo_potential(s: Any, p: int, key: tuple, ctx: _Ctx | None) -> float:
    """:func:`_potential` through the memo, under ``key`` (:func:`_potential_key`)."""
    v = _POTENTIALS.get(key)
    if v is None:
        v = _POTENTIALS.put(key, _potential(s, p, ctx))
    return v


def _potential(s: Any, p: int, ctx: _Ctx | None = None) -> float:
    """:func:`potential` computed afresh."""
    studied = s.studied[p]
    k = _POP[studied]
    score = (STUDY_POINTS[k] + OBJECTIVE_POINTS[_POP[studied & _OBJ_MASKS[s.objectives[p]]]]
             + s.asteroids[p] // 3 + s.novas[p])
    if s.over:
        return float(score)
    if ctx is None:
        ctx = _ctx(s)
    study, generic, _, hand, bonus, to_play, _, _ = _parts(s, p, ctx)
    total = score + generic + study + hand
    # Tie-breaks (R16): planets studied, then tokens on constellations.
    total += 0.05 * k
    if ctx.ends:
        total += 0.02 * sum(s.tokens[p])
    return total + bonus + (s.asteroids[p] % 3) * _ASTEROID_PART + to_play


def potentials(s: Any) -> list[float]:
    if s.over:
        return [_potential(s, p) for p in range(s.n)]
    ctx = None      # built once, on the first seat the memo misses
    out = []
    for p in range(s.n):
        key = _potential_key(s, p)
        if ctx is None and key not in _POTENTIALS:
            ctx = _ctx(s)
        out.append(_memo_potential(s, p, key, ctx))
    return out


def evaluate(s: Any, p: int, pots: list[float] | None = None) -> float:
    """``p``'s potential against the best opponent's (solitaire: against 12)."""
    if pots is None:
        pots = potentials(s)
    if s.n == 1:
        return pots[0] - WINNING_POINTS
    return pots[p] - max(pots[o] for o in range(s.n) if o != p)


def values(s: Any, scale: float = 2.0) -> list[float]:
    """A value in [0, 1] per seat (a win chance guess) for the search; the
    real outcome once the game is over."""
    if s.over:
        return s.returns()
    pots = potentials(s)
    out = []
    for p in range(s.n):
        d = evaluate(s, p, pots)
        out.append(1.0 / (1.0 + math.exp(-d / scale)))
    return out


# ------------------------------------------------- the fitted evaluation
#
# ``hard`` ends its simulations on a win chance fitted to game results
# instead of greedy's hand-tuned ``values``: a conditional logit over the
# seats, P(p wins) = exp(w . f_p) / sum_q exp(w . f_q), whose features f_p
# are :func:`features` (the terms ``potential`` adds up, kept apart, a few
# counts, and the terms that matter differently late in the game multiplied
# by how late it is). The weights :data:`WIN_MODEL` are fitted offline by
# ``tools/fit_winmodel.py`` on positions of self-play games and their real
# outcomes; that script writes the block below (re-run it to refit).

#: Names of :func:`features`, in order (the fitting script prints them).
FEATURES = ("score", "score_sq", "study", "generic", "hand", "bonus", "asteroid_part", "to_play",
            "studied", "tokens", "cards", "objective", "reserve", "pairs_live",
            "late_score", "late_study", "late_hand", "late_bonus")


def features(s: Any, p: int, ctx: _Ctx | None = None) -> list[float]:
    """What the fitted win chance sees of seat ``p`` (:data:`FEATURES`): the
    score now and its square (12 points end the game), :func:`potential`'s
    terms apart (study progress, tokens with nothing to study, the hand's
    worth, bonus cards, asteroids toward a point, the action and pending
    sub-decision of one's turn), counts (planets studied, tokens on the
    board, cards in hand, objective planets studied, tokens in reserve,
    constellations with two tokens and something to study), and four terms
    again times ``late`` = 3 / (3 + turns left), which grows toward the end."""
    studied = s.studied[p]
    k = _POP[studied]
    obj = _POP[studied & _OBJ_MASKS[s.objectives[p]]]
    score = float(STUDY_POINTS[k] + OBJECTIVE_POINTS[obj] + s.asteroids[p] // 3 + s.novas[p])
    toks, hand = s.tokens[p], s.hands[p]
    counts = [float(k), float(sum(toks)), float(sum(hand)), float(obj), float(s.reserve[p])]
    if s.over:
        return [score, score * score / WINNING_POINTS, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, *counts, 0.0,
                score, 0.0, 0.0, 0.0]
    if ctx is None:
        ctx = _ctx(s)
    study, generic, pairs, hand_part, bonus, to_play, turns, _ = _parts(s, p, ctx)
    late = 3.0 / (3.0 + max(turns, 0.0))
    return [score, score * score / WINNING_POINTS, study, generic, hand_part, bonus,
            (s.asteroids[p] % 3) * _ASTEROID_PART, to_play, *counts, float(pairs),
            late * score, late * study, late * hand_part, late * bonus]


def _model_for(n: int) -> tuple[float, ...] | None:
    """The fitted weights for ``n`` seats, if a model for ``n`` is kept.

    The 2- and 4-player models are (the 4-player one since 2026-11-28:
    ``hard`` with it won 83.8 of 150 uncapped 4-player games against three
    greedies, 77 without, and 53.2% of 200 capped ones; docs/bots.md);
    solitaire and 3 players keep greedy's :func:`values`."""
    return WIN_MODEL.get(n)


def win_chances(s: Any, weights: tuple[float, ...] | None = None) -> list[float]:
    """The fitted win chance of every seat (they sum to 1); the real outcome
    once the game is over, and greedy's :func:`values` for a number of
    seats without a fitted model (1 and 3: see :func:`_model_for`)."""
    if s.over:
        return s.returns()
    if weights is None:
        weights = _model_for(s.n)
        if weights is None:
            return values(s)
    ctx = _ctx(s)
    z = [sum(map(mul, weights, features(s, p, ctx))) for p in range(s.n)]
    top = max(z)
    e = [math.exp(v - top) for v in z]
    tot = sum(e)
    return [v / tot for v in e]


# BEGIN WIN_MODEL (written by tools/fit_winmodel.py; do not edit by hand)
# 2p: --seed 7 --l2 1.0 --policies hard=0.5,greedy=0.5; 500 games, held-out log loss 0.5495 (greedy's 0.5846), accuracy 0.676 (0.659)
# 4p: --seed 1 --l2 1.0 --policies greedy=0.7,easy=0.15,fast=0.15; 800 games, held-out log loss 1.1193 (greedy's 1.1706), accuracy 0.509 (0.499)
WIN_MODEL: dict[int, tuple[float, ...]] = {
    2: (  # score, score_sq, study, generic, hand, bonus, asteroid_part, to_play, studied, tokens, cards, objective, reserve, pairs_live, late_score, late_study, late_hand, late_bonus
        0.372186, 0.00104999, 0.428828, 2.61298, 0.908601, 0.628605,
        0.801712, 0.431977, 0.26919, -0.0532301, 0.0344703, -0.174579,
        -0.21596, 0.0180574, 0.436813, 1.02075, 0.289172, 0.944598,
    ),
    4: (  # score, score_sq, study, generic, hand, bonus, asteroid_part, to_play, studied, tokens, cards, objective, reserve, pairs_live, late_score, late_study, late_hand, late_bonus
        0.222419, 0.203005, 0.600152, 2.81495, 1.22371, 0.990537,
        0.80531, 0.422707, 0.33805, -0.14946, -0.00662319, 0.0643944,
        -0.18859, 0.0472813, 0.415174, 1.07088, -0.821677, -0.640423,
    ),
}
# END WIN_MODEL


# ------------------------------------------------------------------ policies

def random_action(s: Any, rng: random.Random) -> Action:
    return rng.choice(s.legal_actions())


def _unseen_weight(s: Any, p: int, w: list[float]) -> float:
    """Expected worth of a blind card for ``p``: every card ``p`` cannot see
    is equally likely (no peeking at the determinized deck)."""
    seen = list(map(add, s.hands[p], s.discards))
    for card in s.display:
        seen[card] += 1
    for o in range(s.n):
        if o != p:
            seen = list(map(add, seen, s.known[o]))
    total = num = 0.0
    for u, wi in zip(seen, w):
        u = COPIES_PER_CARD - u
        if u > 0:
            total += u
            num += u * wi
    return num / total if total else _CARD


def _draw_choice(s: Any, p: int, legal: list[Action], w: list[float], blind: float) -> tuple[Action, float]:
    """Best single draw among ``legal`` by card weight (blind = expectation)."""
    best, bv = legal[0], -1.0
    for a in legal:
        if a.kind == A.DRAW_DECK:
            v = blind
        elif a.kind == A.TAKE:
            v = w[a.cards[0]]
        else:
            continue
        if v > bv:
            best, bv = a, v
    return best, bv


def _weights_for(s: Any, p: int) -> tuple[list[float], float, float]:
    w, turns, _ = _weights_only(s, p)
    return w, _unseen_weight(s, p, w), min(1.0, max(turns, 0.0) / 3.0)


def _weights_only(s: Any, p: int) -> tuple[list[float], float, _Ctx]:
    """:func:`_card_weights` of ``p`` now, ``p``'s turns left and the end-of-round facts they
    came from (what :func:`_weights_for` gives without the blind card's worth, for the
    choices that need only the weights)."""
    ctx = _ctx(s)
    now, _ = _turns_left(s, p)
    turns = now + TURNS_PER_ROUND * ctx.future_rounds
    return _card_weights(s, p, ctx, turns, now), turns, ctx


def _rel(s: Any, p: int) -> float:
    if s.over:
        r = s.returns()
        return 100.0 * (r[p] - 0.5)
    return evaluate(s, p)


def _cheapest_payments(legal: list[Action], w: list[float]) -> list[Action]:
    """Among PLACE actions, keep one payment per (where, source): the one
    whose cards are worth least."""
    best: dict[tuple, tuple[float, Action]] = {}
    out = []
    for a in legal:
        if a.kind != A.PLACE:
            out.append(a)
            continue
        key = (a.where, a.source)
        cost = sum(w[c] for c in a.cards)
        if key not in best or cost < best[key][0]:
            best[key] = (cost, a)
    return out + [v[1] for v in best.values()]


def _study_b_pruned(s: Any, p: int, legal: list[Action]) -> list[Action]:
    """One STUDY_B per (constellation, planet): take the two other tokens
    that are worth least (generic ones first, then single tokens)."""
    toks = s.tokens[p]
    at, studied = s.at_mask, s.studied[p]
    best: dict[tuple, tuple[float, Action]] = {}
    out = []
    for a in legal:
        if a.kind != A.STUDY_B:
            out.append(a)
            continue
        c, x, y = a.where
        cost = 0.0
        for o in (x, y):
            live = at[o] & ~studied
            cost += (1.0 if live else 0.1) * (2.0 if toks[o] == 2 else 1.0)
        if x == y:
            cost += 0.5
        key = (c, a.planet)
        if key not in best or cost < best[key][0]:
            best[key] = (cost, a)
    return out + [v[1] for v in best.values()]


def _answer(s: Any, rng: random.Random) -> Action | None:
    """Answers to an opponent's card or the Eclipsis (the answering seat
    loses least): cheap rules shared by every policy."""
    task = s.stack[-1] if s.stack else None
    if task is None:
        return None
    kind = task[0]
    legal = s.legal_actions()
    if kind in ("saturnus", "eclipsis"):
        o = task[1]
        w, _, _ = _weights_only(s, o)
        return min(legal, key=lambda a: sum(w[c] for c in a.cards))
    if kind == "mars":
        o = task[1]
        toks, studied, at = s.tokens[o], s.studied[o], s.at_mask

        def loss(a: Action) -> float:
            c = a.where[0]
            live = at[c] & ~studied
            if c == s.comet_at or not live:
                return 0.1
            return 1.0 if toks[c] == 1 else 2.0
        return min(legal, key=loss)
    return None


def _obvious(s: Any, rng: random.Random) -> tuple[list[Action], Action | None]:
    """The legal actions, and the answer every policy gives without thinking:
    the only legal action, or the cheap answer to an opponent's card."""
    legal = s.legal_actions()
    if len(legal) == 1:
        return legal, legal[0]
    return legal, _answer(s, rng)


def _greedy_sub(s: Any, p: int, legal: list[Action], rng: random.Random) -> Action:
    """One-ply choice for a sub-decision of ``p``'s own turn."""
    task = s.stack[-1]
    kind = task[0]
    if kind in ("draw2", "venus"):
        w, blind, _ = _weights_for(s, p)
        return _draw_choice(s, p, legal, w, blind)[0]
    if kind == "iupiter":
        pots = potentials(s)
        return max(legal, key=lambda a: (pots[a.seat], sum(s.hands[a.seat])))
    cands = legal
    if kind == "observe":
        w, _, _ = _weights_only(s, p)
        cands = _cheapest_payments(legal, w)
    best, bv = cands[0], -math.inf
    for a in cands:
        c = s.clone()
        c.record = False
        c.apply(a)
        _complete(c, p, rng)
        v = _rel(c, p)
        if v > bv:
            best, bv = a, v
    return best


def _complete(s: Any, p: int, rng: random.Random, limit: int = 12) -> None:
    """Finish the sub-decisions of ``p``'s current action with the fast
    policy (for judging the action as a whole)."""
    while limit and not s.over and s.stack and s.player == p:
        s.apply(fast_action(s, rng))
        limit -= 1


def _draw_value(s: Any, p: int, a: Action, pots: list[float], shared: list[Any] | None = None) -> float:
    """:func:`evaluate` after a draw action, without peeking at the deck:
    the action is spent, a face-up card is in hand, a blind card counts at
    the expected worth of the cards ``p`` cannot see, and the second card
    is the better of a blind one and the best face-up one (none after a
    face-up wildcard, R2). ``pots``: the potentials before the draw (a
    draw changes no other seat's potential). ``shared``: a list the draws of
    one position share (empty at first) for what every draw would compute
    alike (the end-of-round facts, the card weights, the blind card's worth:
    a draw changes only the hand and the display)."""
    first = a.cards[0] if a.kind == A.TAKE else -1
    hand = s.hands[p]
    # The draw, done in place and undone below (no copy): the action spent, then the card
    # in hand (the blind card's worth is of the cards unseen before the draw).
    s.actions_left -= 1
    taken = False
    try:
        if shared:
            ctx, turns, w, blind = shared
        else:
            w, turns, ctx = _weights_only(s, p)
            blind = _unseen_weight(s, p, w) if turns > 0 else None
            if shared is not None:
                shared[:] = (ctx, turns, w, blind)
        if first >= 0:
            hand[first] += 1
            taken = True
        after_pots = list(pots)
        after_pots[p] = potential(s, p, ctx)
        after = evaluate(s, p, after_pots)
        if turns <= 0:
            return after
        assert blind is not None
        extra: tuple[float, ...] = () if first >= 0 else (blind,)
        before = hand_value(w, hand)
        if first != WILD:
            # The second card: the best of a blind one and the face-up ones. A hand's worth
            # grows with the worth of a card added (also in floating point: the sorted items
            # grow one by one, the ranks are positive, rounding is monotone), so the best
            # second card is the one worth most.
            display = s.display
            if first >= 0:
                display = display[:]
                display.remove(first)
            second = max([blind] + [w[x] for x in display if x != WILD])
            extra += (second,)
        gain = hand_value(w, hand, extra) - before
        return after + min(1.0, turns / 3.0) * gain
    finally:
        s.actions_left += 1
        if taken:
            hand[first] -= 1


def greedy_action(s: Any, rng: random.Random) -> Action:
    """The greedy bot: the action whose outcome :func:`evaluate` likes best,
    each action judged with its sub-decisions completed."""
    legal, obvious = _obvious(s, rng)
    if obvious is not None:
        return obvious
    p = s.current_player
    if s.stack:
        return _greedy_sub(s, p, legal, rng)
    best, bv = legal[0], -math.inf
    for a, v in turn_scores(s, rng):
        if v > bv + 1e-9:
            best, bv = a, v
    return best


def beginner_action(s: Any, rng: random.Random, sample: float = 0.5) -> Action:
    """The beginner (``easy``): greedy's judgement, but of a random ``sample`` of the
    turn-level choices (at least two), so it plays plausible moves and misses good ones."""
    legal, obvious = _obvious(s, rng)
    if obvious is not None:
        return obvious
    scored = turn_scores(s, rng)
    k = max(2, round(len(scored) * sample))
    seen = scored if k >= len(scored) else rng.sample(scored, k)
    best, bv = seen[0]
    for a, v in seen[1:]:
        if v > bv + 1e-9:
            best, bv = a, v
    return best


def turn_scores(s: Any, rng: random.Random) -> list[tuple[Action, float]]:
    """Greedy's judgement of every turn-level choice (the main action, bonus
    cards, the asteroid trade, study B, ending the turn): :func:`evaluate`
    for the seat to move after the choice and its sub-decisions."""
    p = s.current_player
    pots = potentials(s)
    base = evaluate(s, p, pots)
    out = []
    shared: list[Any] = []
    for a in _study_b_pruned(s, p, s.legal_actions()):
        kind = a.kind
        if kind == A.END_TURN:
            v = base
        elif kind == A.DRAW_DECK or kind == A.TAKE:
            v = _draw_value(s, p, a, pots, shared)
        else:
            c = s.clone()
            c.record = False
            c.apply(a)
            _complete(c, p, rng)
            v = _rel(c, p)
        out.append((a, v))
    return out


# ----------------------------------------------- the fast (rollout) policy

def _obs_gain(s: Any, p: int, targets: tuple[int, ...], w: list[float], hand: list[int],
              turns: float, ctx: _Ctx) -> float:
    """Quick worth of observing ``targets``: progress gained minus cards paid."""
    toks, studied = s.tokens[p], s.studied[p]
    at, nxt = s.at_mask, ctx.next_mask
    gain = 0.0
    seen: dict[int, int] = {}
    for c in targets:
        seen[c] = seen.get(c, 0) + 1
    for c, m in seen.items():
        t = toks[c]
        live = at[c] & ~studied
        if not live:
            gain += _GENERIC_TOKEN * m * (0.0 if c == ctx.comet_land else 1.0)
            continue
        worth = _study_worth(s, p, live, c)
        stays = bool(nxt[c] & ~studied) and c != ctx.comet_land
        tc = turns if stays else 0
        before = _progress(t, tc, False) if t else 0.0
        after_t = t + m
        if after_t >= 3:
            after = 1.0 + (_progress(after_t - 3, tc, False) if after_t > 3 else 0.0)
        else:
            after = _progress(after_t, tc, False)
        gain += (after - before) * worth
    # Payment: cheapest card per token, greedily.
    h = hand[:]
    cost = 0.0
    for c in targets:
        opts: list[tuple[tuple[int, ...], float]] = []
        if h[c]:
            opts.append(((c,), w[c]))
        if h[WILD]:
            opts.append(((WILD,), w[WILD]))
        col = COLOUR_OF[c]
        for m in range(N_CONST):
            if m != c and COLOUR_OF[m] == col and h[m]:
                for m2 in range(m, N_CONST):
                    if m2 != c and COLOUR_OF[m2] == col and h[m2] > (1 if m2 == m else 0):
                        opts.append(((m, m2), w[m] + w[m2]))
        if not opts:
            cost += 3 * _CARD
            continue
        pay, cst = min(opts, key=lambda t: t[1])
        for card in pay:
            h[card] -= 1
        cost += cst
    return gain - cost


def fast_action(s: Any, rng: random.Random) -> Action:
    """A cheap heuristic policy for simulations: studies when it can,
    observes what pays, otherwise draws the best cards; pays with the
    cheapest cards; plays bonus cards by simple rules."""
    legal, obvious = _obvious(s, rng)
    if obvious is not None:
        return obvious
    p = s.current_player
    task = s.stack[-1] if s.stack else None
    if task is not None:
        kind = task[0]
        if kind in ("draw2", "venus"):
            w, blind, _ = _weights_for(s, p)
            return _draw_choice(s, p, legal, w, blind)[0]
        if kind == "observe":
            w, _, _ = _weights_only(s, p)
            # Pay with the least worth; prefer the reserve as the source.
            return min(legal, key=lambda a: (sum(w[c] for c in a.cards) + (0.5 if a.source >= 0 else 0.0)))
        if kind == "study":
            return max(legal, key=lambda a: _study_worth(s, p, 1 << a.planet, task[1]))
        if kind == "iupiter":
            return max(legal, key=lambda a: sum(s.hands[a.seat]))
        if kind == "signa" or kind == "nova_luna":
            toks, studied, at = s.tokens[p], s.studied[p], s.at_mask

            def place_score(a: Action) -> float:
                c = a.where[0]
                live = at[c] & ~studied
                return (toks[c] + 1.0 if live else 0.0) - (0.5 if a.source >= 0 else 0.0)
            return max(legal, key=place_score)
        if kind == "mercurius":
            toks, studied, at = s.tokens[p], s.studied[p], s.at_mask

            def move_score(a: Action) -> float:
                if a.kind == A.SKIP:
                    return 0.0
                x, y = a.where
                gain = (toks[y] + 1.0) if at[y] & ~studied else 0.0
                loss = toks[x] if at[x] & ~studied else 0.0
                return gain - loss - 0.5
            return max(legal, key=move_score)
        return legal[rng.randrange(len(legal))]
    # Turn level.
    w, turns, ctx = _weights_only(s, p)
    hand = s.hands[p]
    best, bv = None, -math.inf
    draw_val = None
    for a in legal:
        kind = a.kind
        if kind == A.OBSERVE:
            v = _obs_gain(s, p, a.where, w, hand, turns, ctx)
        elif kind == A.DRAW_DECK or kind == A.TAKE:
            if draw_val is None:
                blind = _unseen_weight(s, p, w)
                top = sorted((w[c] for c in s.display if c != WILD), reverse=True)
                draw_val = (blind, top, hand_value(w, hand))
            blind, top, hv = draw_val
            extra: tuple[float, ...]
            if kind == A.DRAW_DECK:
                extra = (blind, max(top[0] if top else blind, blind))
            elif a.cards[0] == WILD:
                extra = (w[WILD],)
            else:
                extra = (w[a.cards[0]], max(blind, top[1] if len(top) > 1 else blind))
            v = (hand_value(w, hand, extra) - hv) * min(1.0, turns / 3.0)
        elif kind == A.STUDY_B:
            v = 1.5 - (0.6 if a.where[1] == a.where[2] else 0.0)
        elif kind == A.PLAY:
            name = BONUS_TYPES[a.bonus]
            if name in (SOL_IN_MEDIO_CAELI, MALEFICUS_MARS, MALEFICUS_SATURNUS, IUPITER_ORIENTALIS,
                        VENUS_RETROGRADA):
                v = 0.3
            elif name in (SIGNA_AERIS, SIGNA_AQUAE, SIGNA_IGNIS, SIGNA_TERRAE, NOVA_LUNA):
                v = 0.25 if not s.actions_left else -1.0
            else:
                v = -1.0
        elif kind == A.TRADE:
            v = 0.2 if s.asteroids[p] % 3 != 0 else -1.0
        else:  # END_TURN
            v = 0.0
        if v > bv:
            best, bv = a, v
    assert best is not None
    return best


# ------------------------------------------------------------------ search

def _turn_index(s: Any) -> int:
    """A counter of the table's turns (one per seat's turn)."""
    return ((s.round * TURNS_PER_ROUND) + s.turn) * s.n + s.k


def make_search(state: Any, seat: int, rng: random.Random, horizon: int = 1,
                exploration: float = 0.7, root_actions: list[Action] | None = None,
                paired_root: bool = False, plan: bool = False,
                confidence: float | None = None, prune: float | None = None, fitted: bool = False,
                prune_after: int = 10, race: bool = False, greedy_opponent: bool = False) -> ISMCTS:
    """The ISMCTS of the search levels, ready to :meth:`~gamekit.ismcts.ISMCTS.step`.

    ``state`` must already be what ``seat`` may know (a determinization);
    each iteration re-determinizes it. The tree holds ``seat``'s turn-level
    decisions; the fast policy plays sub-decisions and the other seats
    (``greedy_opponent``: greedy plays the other seats' turn-level choices,
    in the tree's play-through and below it alike); a simulation stops at the start of ``seat``'s turn ``horizon`` rounds of
    the table later (or at the game's end) and is scored by :func:`values`
    (``fitted``: by :func:`win_chances`, the win chance fitted to results)."""
    here = _turn_index(state)
    stop_at = here + state.n * horizon
    if state.n == 1:
        stop_at = here + horizon
    if plan:
        stop_at += 1        # ... and through the seat's own next turn, played by greedy

    def by_greedy(d: Any) -> bool:
        # The other seats' turn-level choices, played by greedy with ``greedy_opponent``.
        return not d.stack and d.current_player != seat

    def actions(d: Any) -> list[Action]:
        legal = d.legal_actions()
        if len(legal) == 1:
            return legal
        if d.current_player != seat or d.stack:
            if greedy_opponent and by_greedy(d):
                return [greedy_action(d, rng)]
            return [fast_action(d, rng)]
        if plan and _turn_index(d) != here:
            return [greedy_action(d, rng)]
        return _study_b_pruned(d, seat, legal)

    def cutoff(d: Any) -> bool:
        return _turn_index(d) >= stop_at

    def determinize(s: Any, r: random.Random) -> Any:
        d = s.determinize(seat, r)
        d.record = False
        return d

    def rollout(d: Any, r: random.Random) -> Action:
        return greedy_action(d, r) if by_greedy(d) else fast_action(d, r)

    return ISMCTS(state, seat, determinize=determinize, actions=actions,
                  rollout=rollout if greedy_opponent else fast_action,
                  cutoff=cutoff, evaluate=win_chances if fitted else values, exploration=exploration, root_actions=root_actions,
                  paired_root=paired_root, confidence=confidence, prune=prune, prune_after=prune_after,
                  race=race, rng=rng)


def search_action(s: Any, seat: int, rng: random.Random, iterations: int | None = 400,
                  seconds: float | None = 0.4, horizon: int = 1, exploration: float = 0.7) -> Action:
    """The search levels' move: sub-decisions by ``greedy``, turn-level
    decisions by ISMCTS."""
    legal = s.legal_actions()
    if len(legal) == 1:
        return legal[0]
    if s.stack:
        return greedy_action(s, rng)
    tree = make_search(s, seat, rng, horizon=horizon, exploration=exploration)
    if len(tree.root_actions) == 1:
        return tree.root_actions[0]
    tree.run(iterations=iterations, seconds=seconds)
    return tree.best_action()


# ------------------------------------------------------------------- bench

def bench(seconds: float = 3.0, players: int = 2, seed: int = 1, level: str = "hard",
          cpu: bool = False) -> dict[str, Any]:
    """Search speed at ``level`` on turn-level positions of seat 0 taken
    from a greedy game: searches are run whole (the level's iteration budget,
    no time cap) until ``seconds`` have passed (:func:`gamekit.bench.search_speed`)."""
    import ptolemaeus as pt
    from gamekit.bench import search_speed   # here: argparse and the bench are no game page's imports
    rng = random.Random(seed)
    s = pt.new_game(players, seed, "1969-07-20T20:17Z")
    s.record = False
    positions: list[Any] = []
    while not s.is_over and len(positions) < 24:
        if not s.stack and len(s.legal_actions()) > 1 and s.current_player == 0:
            positions.append(s.clone())
        s.apply(greedy_action(s.determinize(s.player if s.current_player is None else s.current_player, rng), rng))
    return search_speed(positions, lambda pos: Thinker(pos, 0, level, rng, budget={"seconds": None}),
                        seconds, level, players, time.process_time if cpu else time.perf_counter)


def _main(argv: list[str] | None = None) -> int:
    import argparse
    import json
    ap = argparse.ArgumentParser(prog="python -m ptolemaeus.bots", description=__doc__.split("\n\n")[0])
    ap.add_argument("--bench", action="store_true", help="print the search speed (ISMCTS iterations per second)")
    ap.add_argument("--level", default="hard", help="level to bench (easy, normal, hard)")
    ap.add_argument("--seconds", type=float, default=5.0)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--cpu", action="store_true", help="time by the process's CPU time (a busy machine)")
    ap.add_argument("--levels", action="store_true", help="print the level table")
    args = ap.parse_args(argv)
    if args.levels or not args.bench:
        for name, spec in LEVELS.items():
            print(f"{name:7s} {spec.doc}")
        if not args.bench:
            return 0
    r = bench(args.seconds, args.players, level=args.level, cpu=args.cpu)
    if args.json:
        print(json.dumps(r))
    else:
        print(f"{r['level']} ({r['players']} players), {r['decisions']} searched decisions in {r['seconds']:.1f} s: "
              f"{r['iterations_per_second']:.0f} ISMCTS iterations (simulations)/s, "
              f"{r['determinizations_per_second']:.0f} determinizations/s, "
              f"{r['simulated_decisions_per_second']:.0f} simulated decisions/s; per decision "
              f"{r['sec_per_decision_mean'] * 1000:.0f} ms mean, {r['sec_per_decision_p90'] * 1000:.0f} ms p90, "
              f"{r['sec_per_decision_max'] * 1000:.0f} ms max (no time cap; {'CPU' if args.cpu else 'wall'} time)")
    return 0


if __name__ == "__main__":
    raise SystemExit(_main())
