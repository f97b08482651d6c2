"""The bots' speed-ups that must not change a single decision (docs/bots.md,
"Speed", 2026-11-27): the memos of :func:`ptolemaeus.bots.potential`,
``_Ctx`` and the engine's placements of an observation, the draws judged in
place, and legal actions computed only when asked. Each is checked against
a fresh computation on positions of random games, including positions that
differ from a memoized one in a single thing the answer depends on (where a
memo with an incomplete key would go stale)."""

from __future__ import annotations

import random

import pytest

import ptolemaeus as pt
from ptolemaeus import actions as A
from ptolemaeus import bots
from ptolemaeus import state as st
from ptolemaeus.data import TURNS_PER_ROUND, WILD

START = "1969-07-20T20:17Z"


def _positions(games: int = 12, seed: int = 7, every: float = 0.25) -> list[pt.State]:
    """Positions of random games (2-4 players), record off, a mix of turn-level
    and sub-decisions."""
    out = []
    rng = random.Random(seed)
    for g in range(games):
        s = pt.new_game(2 + g % 3, 700 + g, START)
        s.record = False
        while not s.is_over:
            if rng.random() < every:
                out.append(s.clone())
            s.apply(rng.choice(s.legal_actions()))
    return out


def _fresh_ctx_fields(s: pt.State) -> tuple:
    c = bots._Ctx(s)
    return (c.next_mask, c.comet_land, c.ends, c.future_rounds, c.eclipsis)


def _variants(s: pt.State, p: int) -> list[pt.State]:
    """Copies of ``s`` that differ in one thing ``p``'s potential depends on."""
    out = []
    t = s.clone()
    t.hands[p][0] += 1
    out.append(t)
    t = s.clone()
    t.tokens[p][3] = (t.tokens[p][3] + 1) % 3
    out.append(t)
    t = s.clone()
    t.bonus_deck = []                       # a study no longer draws a bonus card
    out.append(t)
    t = s.clone()
    t.bonus_hands[p][0] += 1
    out.append(t)
    t = s.clone()
    t.asteroids[p] += 1
    out.append(t)
    t = s.clone()
    t.asteroid_on[5] = not t.asteroid_on[5]
    out.append(t)
    t = s.clone()
    t.comet_steps += 1
    out.append(t)
    t = s.clone()
    t.event_deck = t.event_deck[1:]        # the Eclipsis odds change
    out.append(t)
    t = s.clone()
    t.actions_left = 1 - min(t.actions_left, 1)
    out.append(t)
    t = s.clone()
    t.turn = TURNS_PER_ROUND + 1 - t.turn if t.turn <= TURNS_PER_ROUND else 1
    out.append(t)
    t = s.clone()
    t.objectives[p] = (t.objectives[p] + 1) % 7
    out.append(t)
    return out


def test_the_potential_memo_equals_a_fresh_potential_even_one_change_away() -> None:
    bots._POTENTIALS.clear()
    hits = checked = 0
    for s in _positions():
        for p in range(s.n):
            fresh = bots._potential(s, p)
            before = len(bots._POTENTIALS)
            assert bots.potential(s, p) == fresh
            assert bots.potential(s, p) == fresh          # now surely a hit
            hits += len(bots._POTENTIALS) == before
            for t in _variants(s, p):
                assert bots.potential(t, p) == bots._potential(t, p)
                checked += 1
        assert bots.potentials(s) == [bots._potential(s, p) for p in range(s.n)]
    assert hits > 0 and checked > 1000


def test_a_variant_that_changes_the_potential_is_not_served_the_memoized_one() -> None:
    """The memo's key holds the bonus deck's emptiness: studying draws a bonus
    card only while there is one, which potential counts."""
    for s in _positions(games=6):
        if s.over:
            continue
        p = s.player
        t = s.clone()
        t.bonus_deck = []
        if bots._potential(t, p) != bots._potential(s, p):
            bots.potential(s, p)                # memoize the original
            assert bots.potential(t, p) == bots._potential(t, p) != bots.potential(s, p)
            return
    pytest.fail("no position where the bonus deck changes the potential")


def test_the_ctx_memo_equals_a_fresh_ctx() -> None:
    bots._CTXS.clear()
    for s in _positions(games=6):
        for t in [s, *(_variants(s, 0) if not s.over else [])]:
            c = bots._ctx(t)
            assert (c.next_mask, c.comet_land, c.ends, c.future_rounds, c.eclipsis) == _fresh_ctx_fields(t)
    assert bots._CTXS


def test_the_memo_of_placements_never_changes_the_legal_actions() -> None:
    st._PLACEMENTS.clear()
    hits = seen = 0
    rng = random.Random(3)
    for game in range(20):
        s = pt.new_game(2 + game % 3, 40 + game, START)
        s.record = False
        while not s.is_over:
            if s.stack and s.stack[-1][0] == "observe":
                before = len(st._PLACEMENTS)
                assert s._task_actions(s.stack[-1]) == s._placements(s.player, s.stack[-1][1])
                hits += len(st._PLACEMENTS) == before
                seen += 1
                twin = s.clone()                      # another hand must miss
                twin.hands[twin.player] = [0] * len(twin.hands[twin.player])
                assert twin._task_actions(twin.stack[-1]) == twin._placements(twin.player, twin.stack[-1][1])
            s.apply(rng.choice(s.legal_actions()))
    assert seen > 50 and hits > 0


def test_legal_actions_computed_when_asked_are_those_computed_at_once() -> None:
    """After every action the cached legal actions, if any, and those computed on
    demand equal a fresh computation; a turn whose only choice is to end it is
    still ended by the engine (never offered alone)."""
    rng = random.Random(11)
    for game in range(15):
        s = pt.new_game(2 + game % 3, 80 + game, START)
        s.record = game % 2 == 0
        while not s.is_over:
            fresh = s._compute_legal()
            if s._legal is not None:
                assert list(s._legal) == fresh
            legal = s.legal_actions()
            assert legal == fresh
            assert not (len(legal) == 1 and legal[0].kind == A.END_TURN and not s.stack)
            s.apply(rng.choice(legal))


def _draw_value_by_copy(s: pt.State, p: int, a: A.Action, pots: list[float]) -> float:
    """The draw's worth as computed before 2026-11-27 (on a copy, every option's hand)."""
    c = s.clone()
    c.record = False
    c._legal = None
    c.actions_left -= 1
    c.acted = True
    first = a.cards[0] if a.kind == A.TAKE else -1
    hand = c.hands[p]
    if first >= 0:
        hand[first] += 1
        c.display.remove(first)
    ctx = bots._Ctx(c)
    now, _ = bots._turns_left(c, p)
    turns = now + TURNS_PER_ROUND * ctx.future_rounds
    after_pots = list(pots)
    after_pots[p] = bots._potential(c, p, ctx)
    after = bots.evaluate(c, p, after_pots)
    if turns <= 0:
        return after
    w = bots._card_weights(c, p, ctx, turns, now)
    blind = bots._unseen_weight(s, p, w)
    extra: tuple[float, ...] = () if first >= 0 else (blind,)
    before = bots.hand_value(w, hand)
    options: list[float | None] = [blind]
    if first != WILD:
        options += [w[x] for x in set(c.display) if x != WILD]
    else:
        options = [None]
    gain = max(bots.hand_value(w, hand, extra + ((x,) if x is not None else ())) for x in options) - before
    return after + min(1.0, turns / 3.0) * gain


def test_draws_judged_in_place_equal_draws_judged_on_a_copy_and_leave_the_state_alone() -> None:
    checked = 0
    for s in _positions(games=10, seed=2, every=0.5):
        if s.over or s.stack:
            continue
        p = s.current_player
        legal = s.legal_actions()
        draws = [a for a in legal if a.kind in (A.DRAW_DECK, A.TAKE)]
        # The first draw judged may be a face-up one (no DRAW_DECK when the deck is out).
        for order in (draws, draws[::-1]):
            shared: list = []
            pots = bots.potentials(s)
            snapshot = s.to_json()
            for a in order:
                assert bots._draw_value(s, p, a, pots, shared) == _draw_value_by_copy(s, p, a, pots)
                checked += 1
            assert s.to_json() == snapshot and s.legal_actions() == legal
    assert checked > 200


def test_the_bench_can_time_by_cpu_time() -> None:
    """``python -m ptolemaeus.bots --bench --cpu``: gamekit.bench.search_speed reads the
    clock it is given (here a fake one: 1 s a reading), not the wall clock."""
    from gamekit.bench import search_speed
    ticks = {"n": 0.0}

    def fake() -> float:
        ticks["n"] += 1.0
        return ticks["n"]

    s = pt.new_game(2, 3, START)
    r = search_speed([s], lambda pos: bots.Thinker(pos, pos.current_player, "greedy", random.Random(1)),
                     2.5, "greedy", 2, clock=fake)
    # Readings: t0=1 (no test before the first decision), t1=2, end 3; test 4 (3 s), dt 5-1=4.
    assert r["decisions"] == 1 and r["seconds"] == 4.0 and r["sec_per_decision_max"] == 1.0
    out = bots.bench(0.2, cpu=True)
    assert out["decisions"] >= 1 and out["iterations_per_second"] > 0
