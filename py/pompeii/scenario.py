"""Scenario builders: a position in a few lines, for tests and the docs.

Every builder starts from a real setup and moves components between their
places (supply, city, box, deck, hands, bag) so that the invariants still
hold. A scenario is not reachable by the action log, so it cannot be saved
(``record`` is off).

>>> from pompeii.scenario import phase2
>>> s = phase2(citizens={(4, 1): [2, 0], (4, 2): [0, 1]}, lava={(3, 4): "column"}, step="move")
>>> s.count(s_q(4, 1), 0), s.step
(2, 'move')
"""

from __future__ import annotations

from collections.abc import Iterable

from . import board as B
from .board import AD79
from .state import _SYM_INDEX, State

__all__ = ["phase1", "phase2", "place", "s_q"]

Square = tuple[int, int]


def s_q(row: int, col: int) -> int:
    """Engine index of (row, col) (re-exported for short tests)."""
    return B.sq(row, col)


def place(s: State, citizens: dict[Square, list[int]], from_supply: bool = True) -> None:
    """Put citizens on squares: ``{(row, col): [seat0, seat1, ...]}`` taken from each supply
    (phase 1) or from the box (phase 2, where supplies are empty)."""
    for (r, c), counts in citizens.items():
        q = B.sq(r, c)
        for p, k in enumerate(counts):
            if not k:
                continue
            if from_supply:
                assert s.supply[p] >= k, "not enough citizens in supply"
                s.supply[p] -= k
            else:
                assert s.boxed[p] >= k, "not enough citizens in the box"
                s.boxed[p] -= k
            s._put(q, p, k)
    s._legal = None


def _take(s: State, cards: Iterable[int]) -> list[int]:
    """Take Pompeii cards from the returned piles, or else from the deck, where a card
    of the returned piles takes their place (the deck keeps its length and structure)."""
    out = []
    for c in cards:
        if c in s.boxed_cards:
            s.boxed_cards.remove(c)
        else:
            pile = s.deck if c in s.deck else next((h for h in s.hands if c in h), None)
            if pile is None:
                raise AssertionError(f"no card {c} left to take")
            i = pile.index(c)
            spare = next(k for k, x in enumerate(s.boxed_cards) if x != c)
            pile[i] = s.boxed_cards.pop(spare)
        out.append(c)
    return out


def phase1(players: int = 2, seed: int = 0, hands: dict[int, list[int]] | None = None,
           citizens: dict[Square, list[int]] | None = None, ad79: int = 0, current: int = 0,
           supply: dict[int, int] | None = None, deck_top: list[int] | None = None) -> State:
    """A phase-1 position: ``ad79=1`` draws down to and past the first AD 79 (Pompeii
    cards drawn go to the discard pile); ``hands`` sets whole hands; ``supply`` empties
    supplies into the box; ``deck_top`` puts cards (Pompeii numbers, OMEN, AD79) on top."""
    s = State.setup(players, seed, first=current)
    s.record = False
    s.log_ok = False                  # not reachable by the action log: never saved
    if ad79:
        while True:
            c = s.deck.pop()
            s.discard.append(c)
            if c == AD79:
                break
        s.ad79 = 1
    for p, cards in (hands or {}).items():
        old = s.hands[p]
        s.hands[p] = []
        s.boxed_cards.extend(old)
        s.hands[p] = _take(s, cards)
    if deck_top:
        for k, c in enumerate(deck_top):            # deck_top[0] is drawn first
            target = len(s.deck) - 1 - k
            below = s.deck[:target + 1]
            if c in below:
                i = below.index(c)
                s.deck[i], s.deck[target] = s.deck[target], s.deck[i]
            else:
                s.boxed_cards.remove(c)
                s.boxed_cards.append(s.deck[target])
                s.deck[target] = c
    if citizens:
        place(s, citizens)
    for p, k in (supply or {}).items():
        s.boxed[p] += s.supply[p] - k
        s.supply[p] = k
    s.current = current
    s._legal = None
    return s


def phase2(players: int = 2, seed: int = 0, citizens: dict[Square, list[int]] | None = None,
           lava: dict[Square, str] | None = None, step: str = "lava", tile: str | None = None,
           current: int = 0, bag: list[str] | None = None, variant: str = "standard",
           opening_left: int = 0) -> State:
    """A phase-2 (or, with ``opening_left``, opening) position.

    ``lava`` covers squares (its symbols' tiles leave the bag); ``tile`` is the drawn tile
    (a symbol or "helmet/mask" etc.) for ``step="lava"``; ``bag`` replaces the bag's
    remaining order (the first is drawn next) by moving the other tiles aside (P50's pile).
    """
    s = State.setup(players, seed, variant, first=current)
    s.record = False
    s.log_ok = False                  # not reachable by the action log: never saved
    for p in range(players):
        s.discard.extend(s.hands[p])
        s.hands[p] = []
        s.boxed[p] += s.supply[p]
        s.supply[p] = 0
    s.phase = "opening" if opening_left else "p2"
    s.opening_left = opening_left
    if citizens:
        place(s, citizens, from_supply=False)
    for (r, c), name in (lava or {}).items():
        y = _SYM_INDEX[name]
        s.bag.remove(y)
        s.lava[B.sq(r, c)] = y
        s.placed[y] += 1
    names = {B.SYMBOLS[y]: y for y in range(len(B.SYMBOLS))}
    names.update({"/".join(pair): len(B.SYMBOLS) + i for i, pair in enumerate(B.DUAL_TILES)})
    if tile is not None:
        s.bag.remove(names[tile])
        s.tile = names[tile]
    if bag is not None:
        wanted = [names[t] for t in bag]
        rest = list(s.bag)
        for t in wanted:
            rest.remove(t)
        s.aside.extend(rest)
        s.bag = wanted[::-1]
    s.current = current
    s.step = step
    if step == "move":
        n = s.n
        s.lone = frozenset(q for q in B.CITY if s.tot[q] == 1 and s.cit[q * n + current])
        s.last_one = s.in_city(current) == 1
    s._legal = None
    return s
