"""Hidden information, audited (P26, P69, P70): a determinization is a function of what its
observer knows and of its random generator only, and a view shows nothing hidden."""

import json
import random
from collections import Counter

import pytest
from gamekit.game import IllegalAction
from pompeii.game import PompeiiRules
from pompeii.hidden import deal_of, determinize
from pompeii.saves import to_json
from pompeii import board as B
from pompeii.board import AD79, OMEN
from pompeii.state import State, new_game

R = PompeiiRules()
_CACHES = ("_reach", "_legal", "_events")


def _play(players, seed, stop_at):
    rng = random.Random(seed)
    s = State.setup(players, seed)
    while not s.is_over and len(s.log) < stop_at:
        s.apply(rng.choice(s.legal_actions()))
    return s


def _twin(s, observer, seed):
    """Another real game the observer cannot tell from ``s``: another seed, another deal
    (re-dealt among the worlds the observer cannot rule out), the same actions."""
    d = determinize(s, observer, random.Random(seed))
    deal = deal_of(d)
    t = State.from_deal(s.n, seed, s.variant, s.first, deal)
    for a in s.log:
        t.apply(a)
    assert R.view(t, observer) == R.view(s, observer)
    return t


def _fields(d):
    return {k: v for k, v in vars(d).items() if k not in _CACHES}


@pytest.mark.parametrize("players,stop_at", [(2, 0), (2, 30), (3, 45), (4, 70), (2, 120), (3, 160), (4, 400)])
def test_p69_p70_determinize_depends_only_on_what_the_observer_knows(players, stop_at):
    """Two real games that differ only in what ``observer`` cannot see (the seed, the other
    hands, the deck's order, the returned piles, the bag's order) give the same
    determinization for the same random generator: nothing hidden reaches a bot, not even
    the seed (which rebuilds the whole deal) or the true deal kept for saves."""
    s = _play(players, 1000 + stop_at, stop_at)
    for observer in range(players):
        t = _twin(s, observer, 987654321 + observer)
        assert t.seed != s.seed and (t.deal != s.deal or stop_at >= 400)
        d1 = determinize(s, observer, random.Random(5))
        d2 = determinize(t, observer, random.Random(5))
        assert _fields(d1) == _fields(d2)
        assert to_json(d1) == to_json(d2)              # a world saves the same, too


def test_p69_a_determinization_holds_neither_the_seed_nor_the_real_deal():
    s = _play(3, 424242424242, 50)
    d = determinize(s, 1, random.Random(0))
    assert d.seed != s.seed
    text = json.dumps({k: v for k, v in _fields(d).items() if k != "log"}, default=str)
    assert str(s.seed) not in text
    known, observer = d.deal_for
    assert observer == 1 and set(known) == {"hand", "history"} and list(known["hand"]) == s.deal["hands"][1]
    for j, c in enumerate(known["history"]):           # another seat's Pompeii draw stays unknown
        assert c == (s.deal["deck"][j] if s.drawers[j] == 1 or c > 11 else 0)


@pytest.mark.parametrize("bad", [-1, 3, True, 1.0, "0", None, [0], 10 ** 30])
def test_p69_determinize_refuses_a_seat_that_does_not_exist(bad):
    """A bad observer would pool every hand (a spectator's world) or alias seat 1 (True):
    refused with a GameError like ``view``."""
    s = _play(3, 7, 10)
    before = to_json(s)
    with pytest.raises(IllegalAction):
        R.determinize(s, bad, random.Random(0))
    assert to_json(s) == before


@pytest.mark.parametrize("players,stop_at", [(2, 60), (3, 140), (4, 400)])
def test_p69_apply_events_are_public(players, stop_at):
    """The events ``apply`` returns go to every seat: two real games that differ only in
    hidden things (hands, the deck's order, the bag's order) give the same events, step by
    step -- no event names a drawn card or a tile still in the bag."""
    s = _play(players, 2000 + stop_at, stop_at)
    t = _twin(s, 0, 55555)
    a = State.from_deal(s.n, s.seed, s.variant, s.first, s.deal)
    b = State.from_deal(t.n, t.seed, t.variant, t.first, t.deal)
    assert a.deck != b.deck or a.hands != b.hands
    for action in s.log:
        assert a.apply(action) == b.apply(action)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_p70_the_piles_returned_unseen_are_re_dealt_with_the_unknown_cards(players):
    """P25, P70: the piles nobody took are unknown to every seat, so a bot's world deals them
    anew from the unknown Pompeii cards (the other hands, the deck, the piles): the unknown
    multiset is kept, and the real piles are not (the twin test above cannot see this: its
    twin is made by determinize itself)."""
    s = _play(players, 31 + players, 30)

    def unknown(x, observer):
        return Counter([c for c in x.deck if c <= 11] + x.boxed_cards
                       + [c for p in range(x.n) if p != observer for c in x.hands[p]])

    for observer in range(players):
        kept = 0
        for k in range(20):
            d = determinize(s, observer, random.Random(k))
            assert unknown(d, observer) == unknown(s, observer) and len(d.boxed_cards) == len(s.boxed_cards)
            kept += sorted(d.boxed_cards) == sorted(s.boxed_cards)
        assert kept <= 2


@pytest.mark.parametrize("players", [2, 3, 4])
def test_p22_p23_omens_are_shuffled_into_the_bottom_stack_too(players):
    """P22-P23: the 7 Omens are shuffled with the 25 Pompeii cards before the bottom stack (10
    or 15 of the 32, plus the second AD 79) is counted off, so it holds 7 x 10/32 or 7 x 15/32
    Omens on average, and none of them above the first AD 79 (P24)."""
    size = B.BOTTOM_STACK[players]
    counts = []
    for seed in range(300):
        deck = new_game(players, seed).deck             # the top card is the last
        bottom = deck[:size + 1]
        assert bottom.count(AD79) == 1 and OMEN not in deck[-9:]
        counts.append(bottom.count(OMEN))
    assert abs(sum(counts) / len(counts) - 7 * size / 32) < 0.4
    assert max(counts) >= 4
