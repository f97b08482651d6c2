"""Hidden information: what a seat may see (P26, P69) and its possible worlds (P70).

:func:`view` is the JSON-able picture of a state for one seat (``None``: a
spectator, who sees no hand). :func:`determinize` re-deals everything the
observer cannot see -- the other hands, the deck's order, the piles returned
unseen, the bag's order -- among the worlds the observer cannot rule out,
keeping the deck's known structure (P24, P70).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from . import board as B
from .board import AD79, OMEN
from .state import State, tile_name

__all__ = ["deal_of", "determinize", "view"]


def view(s: State, seat: int | None) -> dict[str, Any]:
    """What ``seat`` may see (P69): the board and every count; only its own hand."""
    n = s.n
    squares = []
    for q in B.CITY:
        counts = s.cit[q * n:q * n + n]
        if s.tot[q] or s.lava[q] >= 0:
            squares.append({"square": list(B.rc(q)), "citizens": counts,
                            "lava": B.SYMBOLS[s.lava[q]] if s.lava[q] >= 0 else None})
    bag: dict[str, int] = {}
    for t in s.bag:
        name = tile_name(t)
        bag[name] = bag.get(name, 0) + 1
    out: dict[str, Any] = {
        "game": "pompeii", "players": n, "variant": s.variant, "seat": seat,
        "phase": s.phase, "step": s.step, "current": s.current_player, "first": s.first,
        "squares": squares,
        "supply": list(s.supply), "saved": list(s.saved), "dead": list(s.dead), "boxed": list(s.boxed),
        "in_city": [s.in_city(p) for p in range(n)],
        "hand_sizes": [len(h) for h in s.hands],
        "hand": sorted(s.hands[seat]) if seat is not None else None,
        "deck_size": len(s.deck), "discard": [_card_name(c) for c in s.discard],
        "ad79_drawn": s.ad79, "omens_drawn": s.omens,
        "bag": dict(sorted(bag.items())), "bag_size": len(s.bag),
        "tile": tile_name(s.tile) if s.tile >= 0 else None,
        "set_aside": [tile_name(t) for t in s.aside],
        "tiles_placed": {B.SYMBOLS[y]: k for y, k in enumerate(s.placed)},
        "opening_left": s.opening_left,
        "relatives_left": s.rel_left if s.step == "relative" else 0,
        "relatives_used": list(s.rel_units[1:]) if s.step == "relative" else [],
        "moves_made": s.moves if s.step == "move" else 0,
        "scores": s.scores(),
        "end_reason": s.end_reason or None,
        "places": s.places() if s.phase == "over" else None,
    }
    return out


def _card_name(c: int) -> int | str:
    return "omen" if c == OMEN else "ad79" if c == AD79 else c


def determinize(s: State, observer: int, rng: random.Random) -> State:
    """A copy in which every card and tile ``observer`` cannot see is re-dealt (P69, P70).

    Unseen Pompeii cards (other hands, the deck, the returned piles) are shuffled
    together; unseen Omens go only to the deck's mixed positions (below the first
    AD 79, P24); an undrawn first AD 79 stays 9th; an undrawn second AD 79 goes to a
    remaining position of the bottom stack (P23). The bag is reshuffled.
    """
    d = s.clone()
    n = s.n
    pool: list[int] = []
    for p in range(n):
        if p != observer:
            pool.extend(d.hands[p])
    pool.extend(c for c in d.deck if c <= 11)
    pool.extend(d.boxed_cards)
    omens = sum(1 for c in d.deck if c == OMEN)
    ads = sum(1 for c in d.deck if c == AD79)
    pool.sort()                     # the result depends on what the observer knows and rng only
    rng.shuffle(pool)
    length = len(d.deck)
    drawn = B.DECK_SIZE - length
    bottom_start = B.DECK_SIZE - (B.BOTTOM_STACK[n] + 1)
    slot = [""] * length            # by position from the top: P (Pompeii only), M (mixed), A (AD 79)
    for k in range(length):
        orig = drawn + k
        slot[k] = "P" if orig < 8 else "A" if orig == 8 and ads == 2 else "M"
    if ads:                         # the second AD 79 somewhere in what is left of the bottom stack
        bottom = [k for k in range(length) if drawn + k >= bottom_start and slot[k] == "M"]
        slot[rng.choice(bottom)] = "A"
    mixed = [k for k in range(length) if slot[k] == "M"]
    for k in rng.sample(mixed, omens):
        slot[k] = "O"
    top_to_bottom = []
    for k in range(length):
        c = slot[k]
        top_to_bottom.append(AD79 if c == "A" else OMEN if c == "O" else pool.pop())
    d.deck = top_to_bottom[::-1]
    for p in range(n):
        if p != observer:
            d.hands[p] = [pool.pop() for _ in d.hands[p]]
    d.boxed_cards = [pool.pop() for _ in d.boxed_cards]
    assert not pool
    d.bag.sort()
    rng.shuffle(d.bag)
    d.seed = 0                       # the seed rebuilds the whole deal: never in a world (P69)
    d.deal = {}                      # worked out only if this world is saved (saves.to_json)
    d.deal_for = (_known_deal(s, observer), observer)
    d.record = False
    d._legal = None
    return d


def _known_deal(s: State, observer: int) -> Mapping[str, tuple[int, ...]]:
    """What ``observer`` knows of the initial deal, all :func:`deal_of` needs (P69): its own
    first hand and, for each card drawn so far, the card if it saw it (its own draws, every
    AD 79 and Omen), else 0. Nothing else of the real deal goes into a world. Read-only, so
    that the world's clones share it and none can change another's saves."""
    source = s.deal
    if not source:                   # a world re-dealt from a world (or a scenario): not saveable
        return MappingProxyType({})
    drawn = source["deck"][:len(s.drawers)]
    return MappingProxyType({"hand": tuple(source["hands"][observer]),
                             "history": tuple(c if c > 11 or s.drawers[j] == observer else 0
                                              for j, c in enumerate(drawn))})


def deal_of(d: State) -> dict:
    """An initial deal from which the game's actions lead to ``d`` (so a determinization
    saves and loads like a real game), built from what the observer knows only
    (:func:`_known_deal`). Cards the observer saw drawn keep their places; each other
    seat's Pompeii draws are re-assigned so that its hand held every card it played when
    it played it: its cards played, then the cards it holds (in phase 1 its hand now,
    later its hand as discarded at the eruption, P42), read as a window of 4."""
    assert d.deal_for is not None
    known, observer = d.deal_for
    if not known:
        return {}
    history = list(known["history"])
    drawn = len(history)
    n = d.n
    hands0: list[list[int]] = [[] for _ in range(n)]
    hands0[observer] = list(known["hand"])
    if d.phase == "p1":
        held = [sorted(h) for h in d.hands]
    else:                            # P42: the hands went onto the discard pile in seat order
        sizes = [4 + sum(1 for j in range(drawn) if d.drawers[j] == q and history[j] <= 11) - len(d.played[q])
                 for q in range(n)]
        tail = d.discard[len(d.discard) - sum(sizes):]
        held = []
        for k in sizes:
            held.append(tail[:k])
            tail = tail[k:]
    for q in range(n):
        if q == observer:
            continue
        cards = d.played[q] + held[q]
        hands0[q] = cards[:4]
        later = iter(cards[4:])
        for j in range(drawn):
            if d.drawers[j] == q and history[j] <= 11:
                history[j] = next(later)
    return {"hands": hands0, "deck": history + d.deck[::-1], "boxed": list(d.boxed_cards),
            "bag": list(d.tiles_drawn) + d.bag[::-1]}
