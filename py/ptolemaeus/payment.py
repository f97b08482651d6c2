"""Paying for tokens with constellation cards (rulebook "Observe", ruling R4).

Per token a player discards one card of that constellation, or two cards of
its colour, or three cards of one other colour; a wildcard stands for any
single card. Only *non-dominated* payments are offered: paying a second card
where one would do (a wildcard or the exact card plus anything) is never
useful, so it is not a separate choice.

Hands are count vectors: ``hand[card]`` for cards 0..12 (12 = wildcard).
"""

from __future__ import annotations

from itertools import combinations_with_replacement

from .data import COLOUR_OF, N_CONST, TRINES, WILD

Payment = tuple[int, ...]


def _candidates(c: int) -> tuple[Payment, ...]:
    """All non-dominated payments for a token on constellation ``c``, in the
    order a sensible player prefers them (exact card first, wildcard last)."""
    colour = COLOUR_OF[c]
    mates = [m for m in TRINES[colour] if m != c]
    out: list[Payment] = [(c,)]
    out += list(combinations_with_replacement(mates, 2))
    for other in range(4):
        if other != colour:
            out += list(combinations_with_replacement(TRINES[other], 3))
    out.append((WILD,))
    return tuple(out)


def _need(payment: Payment) -> tuple[tuple[int, int], ...]:
    counts: dict[int, int] = {}
    for card in payment:
        counts[card] = counts.get(card, 0) + 1
    return tuple(counts.items())


# Precomputed once: for each constellation, (payment, ((card, count), ...)).
_TABLE: tuple[tuple[tuple[Payment, tuple[tuple[int, int], ...]], ...], ...] = tuple(
    tuple((p, _need(p)) for p in _candidates(c)) for c in range(N_CONST)
)


def payment_options(hand: list[int], c: int) -> list[Payment]:
    """The payments for one token on ``c`` that ``hand`` can afford."""
    out = []
    for pay, need in _TABLE[c]:
        for card, count in need:
            if hand[card] < count:
                break
        else:
            out.append(pay)
    return out


def can_pay_one(hand: list[int], c: int) -> bool:
    """Can ``hand`` pay one token on ``c``? (The closed form of R4.)"""
    if hand[c] or hand[WILD]:
        return True
    for group in TRINES:
        total = hand[group[0]] + hand[group[1]] + hand[group[2]]
        if total >= (2 if c in group else 3):
            return True
    return False


def can_pay(hand: list[int], targets: tuple[int, ...] | list[int]) -> bool:
    """Can ``hand`` pay one token on each of ``targets`` (disjoint cards)?"""
    if not targets:
        return True
    if len(targets) == 1:
        return can_pay_one(hand, targets[0])
    if sum(hand) < len(targets) or not all(can_pay_one(hand, t) for t in targets):
        return False
    c = targets[0]
    rest = targets[1:]
    for pay, need in _TABLE[c]:
        for card, count in need:
            if hand[card] < count:
                break
        else:
            if not rest:
                return True
            for card in pay:
                hand[card] -= 1
            ok = can_pay(hand, rest)
            for card in pay:
                hand[card] += 1
            if ok:
                return True
    return False
