"""The Pompeii invariants, asserted after every step in tests and by ``PompeiiRules``."""

from __future__ import annotations

from collections import Counter

from . import board as B
from .board import AD79, OMEN
from .state import State, tile_symbols

__all__ = ["check_invariants"]

_CARDS = Counter({**B.CARD_COUNTS, OMEN: 7, AD79: 2})


def check_invariants(s: State) -> None:
    """AssertionError unless: citizens conserved per player; cards and lava tiles
    conserved; no citizen on lava, a vent or outside; no building square over its
    spaces in phase 1; hands of Pompeii cards only (P39) and at most 4; after the eruption,
    no citizen left alive without a way out (P52)."""
    n = s.n
    for p in range(n):
        total = s.in_city(p) + s.saved[p] + s.dead[p] + s.boxed[p] + s.supply[p]
        assert total == s.start_citizens, f"seat {p}: {total} citizens, not {s.start_citizens}"
        assert min(s.saved[p], s.dead[p], s.boxed[p], s.supply[p]) >= 0, f"seat {p}: a negative count"
    for q in range(B.SQUARES):
        row = s.cit[q * n:q * n + n]
        assert min(row) >= 0 and sum(row) == s.tot[q], f"square {B.rc(q)}: counts {row} vs {s.tot[q]}"
        if s.tot[q]:
            assert B.KIND[q] not in ("outside", "vent"), f"citizens on {B.KIND[q]} {B.rc(q)}"
            assert s.lava[q] < 0, f"citizens under lava at {B.rc(q)}"
            if s.phase == "p1":
                assert s.tot[q] <= B.CAPACITY[q], f"{B.rc(q)} holds {s.tot[q]} > {B.CAPACITY[q]} spaces"
    cards = Counter(s.discard) + Counter(s.deck) + Counter(s.boxed_cards)
    for h in s.hands:
        assert len(h) <= 4 and all(1 <= c <= 11 for c in h), f"bad hand {h}"
        cards += Counter(h)
    assert cards == _CARDS, f"cards not conserved: {cards - _CARDS} extra, {_CARDS - cards} missing"
    if s.phase != "p1":
        assert not any(s.hands) and not any(s.supply), "hands or supplies left after the eruption"
    # lava tiles: on the board per symbol, and the tiles not on the board
    on_board = [0] * len(B.SYMBOLS)
    for q in range(B.SQUARES):
        if s.lava[q] >= 0:
            assert B.KIND[q] != "outside", "lava outside the wall"
            on_board[s.lava[q]] += 1
    assert on_board == s.placed, f"lava squares {on_board} vs tiles placed {s.placed}"
    off = Counter(s.bag) + Counter(s.aside) + (Counter([s.tile]) if s.tile >= 0 else Counter())
    duals_total = 3 if s.variant == "dual-vent" else 0
    ordinary_on = 0
    for y, name in enumerate(B.SYMBOLS):
        ordinary = B.LAVA_COUNTS[name] - off[y]
        assert 0 <= ordinary <= s.placed[y], f"{name}: tiles not conserved"
        ordinary_on += ordinary
    duals_off = sum(k for t, k in off.items() if t >= len(B.SYMBOLS))
    assert all(len(tile_symbols(t)) in (1, 2) for t in off), "unknown tile"
    assert sum(s.placed) - ordinary_on == duals_total - duals_off, "dual vent tiles not conserved"
    for y, name in enumerate(B.SYMBOLS):
        if s.placed[y]:
            assert s.lava[B.VENT_OF[name]] == y, f"{name} lava without its vent covered (P48)"
    if s.phase != "p1" and any(s.tot):           # P52: trapped citizens die at once
        out = s.reachable_from_gates()
        trapped = [B.rc(q) for q in B.CITY if s.tot[q] and not out[q]]
        assert not trapped, f"citizens with no way out left alive at {trapped} (P52)"
