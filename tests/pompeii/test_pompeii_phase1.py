"""Setup and phase 1: P3, P20-P41, rulings PR2, PR4-PR7, PR17, PR21, PR22, PR24."""

from collections import Counter

import pytest
from gamekit.game import IllegalAction, SetupError
from pompeii import board as B
from pompeii.actions import Action, erupt, omen, play, relative, stop
from pompeii.board import AD79, OMEN
from pompeii.invariants import check_invariants
from pompeii.scenario import phase1, s_q
from pompeii.state import new_game


@pytest.mark.parametrize("players", [2, 3, 4])
def test_p3_p21_p25_setup_per_player_count(players):
    """P3 citizens, P24 deck of 42 in its structure, P25/PR2 hands and returned piles, P27 bag."""
    for seed in range(30):
        s = new_game(players, seed)
        check_invariants(s)
        assert s.supply == [B.CITIZENS_PER_PLAYER[players]] * players
        assert len(s.deck) == 42 and all(len(h) == 4 for h in s.hands)
        assert len(s.boxed_cards) == 4 * (5 - players)
        top = s.deck[::-1]
        assert all(c <= 11 for c in top[:8])                  # P24: 8 Pompeii cards on top
        assert top[8] == AD79                                 # the first AD 79 is 9th
        assert OMEN not in top[:9]                            # P35: no Omen above it
        k = B.BOTTOM_STACK[players] + 1
        assert top[-k:].count(AD79) == 1 and top[9:-k].count(AD79) == 0   # P23
        assert Counter(top[9:]).get(OMEN) == 7                # P22: all Omens in the mixed cards
        assert len(s.bag) == 45                               # P27
        assert 0 <= s.first < players and s.current == s.first     # P28, PR17


def test_p28_pr17_first_player_is_random_or_chosen():
    assert len({new_game(4, seed).first for seed in range(40)}) == 4
    assert new_game(3, 5, first=2).current == 2


@pytest.mark.parametrize("bad", [1, 5, 0, -1, True, 2.0, "2", None, [2]])
def test_p1_setup_refuses_bad_player_counts(bad):
    with pytest.raises(SetupError):
        new_game(bad, 0)


@pytest.mark.parametrize("bad", [-1, 2 ** 63, True, 1.5, "7", None])
def test_setup_refuses_bad_seeds(bad):
    with pytest.raises(SetupError):
        new_game(2, bad)


def test_seed_replays_the_same_deal():
    a, b = new_game(3, 77), new_game(3, 77)
    assert (a.deck, a.hands, a.bag, a.first) == (b.deck, b.hands, b.bag, b.first)
    assert new_game(3, 78).deck != a.deck


def test_p29_p30_play_places_on_a_square_of_the_cards_number_then_draws():
    s = phase1(hands={0: [3, 5, 7, 9]})
    acts = s.legal_actions()
    squares3 = {a.square for a in acts if a.card == 3}
    assert squares3 == {s_q(2, 2), s_q(2, 3)}                 # P30: either part of 3
    assert {a.square for a in acts if a.card == 9} == {s_q(5, 4)}
    top = s.deck[-1]
    ev = s.apply(play(3, (2, 3)))
    assert s.count(s_q(2, 3), 0) == 1 and s.supply[0] == 29
    assert sorted(s.hands[0]) == sorted([5, 7, 9, top])     # P29 (3): drew back to 4
    assert s.current == 1 and s.discard[-1] == 3
    assert [e["type"] for e in ev] == ["card_played", "placed", "card_drawn"]
    assert s.revealed


def test_p13_multi_square_part_offers_each_square_with_a_free_space():
    s = phase1(hands={0: [1, 6, 6, 11]})
    assert {a.square for a in s.legal_actions() if a.card == 1} == {s_q(1, 0), s_q(1, 1)}
    # PR19: (5,9) of 11a has no space and is never offered
    assert {a.square for a in s.legal_actions() if a.card == 11} == {s_q(5, 8), s_q(6, 8), s_q(5, 10), s_q(6, 10)}


def test_p31_a_full_square_is_not_offered():
    s = phase1(hands={0: [3, 5, 7, 9]}, citizens={(2, 3): [1, 1]})
    assert {a.square for a in s.legal_actions() if a.card == 3} == {s_q(2, 2)}


def test_p33_a_card_with_a_free_space_is_never_wild():
    s = phase1(hands={0: [3, 5, 7, 9]}, citizens={(2, 2): [2, 1]})
    assert {a.square for a in s.legal_actions() if a.card == 3} == {s_q(2, 3)}
    with pytest.raises(IllegalAction):
        s.apply(play(3, (0, 1)))


def test_p34_wild_card_goes_anywhere_free_including_neutral_buildings():
    s = phase1(hands={0: [9, 5, 7, 2]}, citizens={(5, 4): [2, 2]})
    wild = {a.square for a in s.legal_actions() if a.card == 9}
    free = {q for q in range(B.SQUARES) if B.CAPACITY[q] > 0 and q != s_q(5, 4)}
    assert wild == free
    assert s_q(0, 1) in wild and s_q(2, 5) in wild                # neutral and another colour


def test_p34_wild_card_never_brings_relatives():
    s = phase1(hands={0: [9, 5, 7, 2]}, citizens={(5, 4): [2, 2], (2, 8): [1, 0]}, ad79=1)
    s.apply(play(9, (2, 8)))                                      # wild into an occupied part
    assert s.step == "play" and s.current == 1


def test_p34_pr4_board_full_the_card_is_simply_discarded():
    left, cits = [30, 30, 30], {}
    for q in range(B.SQUARES):
        need, counts = B.CAPACITY[q], [0, 0, 0]
        for p in range(3):
            k = min(need, left[p])
            counts[p] += k
            left[p] -= k
            need -= k
        if B.CAPACITY[q]:
            cits[B.rc(q)] = counts
    s = phase1(players=3, hands={0: [9, 5, 7, 2]}, citizens=cits)
    assert all(a.square == -1 for a in s.legal_actions() if a.kind == "play")
    s.apply(play(9))
    assert s.discard[-1] == 9 and s.current == 1 and s.supply[0] == 0


def test_p32_pr4_empty_supply_plays_a_card_and_places_nothing():
    s = phase1(hands={0: [3, 5, 7, 9]}, supply={0: 0})
    assert {a for a in s.legal_actions()} == {play(c) for c in (3, 5, 7, 9)}
    s.apply(play(5))
    assert s.tot == [0] * B.SQUARES and len(s.hands[0]) == 4


def test_p32_pr4_placing_is_compulsory():
    s = phase1(hands={0: [3, 5, 7, 9]})
    assert play(3) not in s.legal_actions()
    with pytest.raises(IllegalAction):
        s.apply(play(3))


def test_p35_no_relatives_before_the_first_ad79():
    s = phase1(hands={0: [6, 5, 7, 9]}, citizens={(3, 3): [1, 1]})
    s.apply(play(6, (4, 3)))
    assert s.step == "play" and s.current == 1


def test_p36_pr21_first_ad79_is_discarded_and_replaced_rules_start():
    """P36, PR21; PR3: AD 79 acts when drawn and never reaches a hand."""
    s = new_game(2, 3, first=0)
    for _ in range(8):                                       # the 8 Pompeii cards above it
        s.apply(next(a for a in s.legal_actions()))
    assert s.ad79 == 0 and s.deck[-1] == AD79
    ev = s.apply(s.legal_actions()[0])
    assert s.ad79 == 1 and AD79 in s.discard
    assert "ad79" in [e["type"] for e in ev]
    assert all(len(h) == 4 and max(h) <= 11 for h in s.hands)      # P39


def test_p37_omen_kills_an_opponent_citizen_of_the_drawers_choice():
    s = phase1(hands={0: [3, 5, 7, 9]}, citizens={(2, 2): [1, 1], (5, 4): [0, 2]}, ad79=1, deck_top=[OMEN, 4])
    s.apply(play(5, (2, 8)))
    assert s.step == "omen" and s.current == 0
    assert set(s.legal_actions()) == {omen((2, 2), 1), omen((5, 4), 1)}    # never one's own (PR5)
    ev = s.apply(omen((5, 4), 1))
    assert s.dead == [0, 1] and s.count(s_q(5, 4), 1) == 1
    assert s.hands[0].count(4) >= 1 and s.current == 1               # replacement drawn
    assert ev[0]["type"] == "omen_victim"
    check_invariants(s)


def test_p37_omen_chain_asks_again():
    s = phase1(hands={0: [3, 5, 7, 9]}, citizens={(2, 2): [0, 3]}, ad79=1, deck_top=[OMEN, OMEN, 4])
    s.apply(play(5, (2, 8)))
    s.apply(omen((2, 2), 1))
    assert s.step == "omen"
    s.apply(omen((2, 2), 1))
    assert s.dead == [0, 2] and s.current == 1 and s.omens == 2


def test_pr5_omen_without_opponent_citizens_has_no_effect():
    s = phase1(hands={0: [3, 5, 7, 9]}, citizens={(2, 2): [2, 0]}, ad79=1, deck_top=[OMEN, 4])
    ev = s.apply(play(5, (2, 8)))
    assert "omen_without_victim" in [e["type"] for e in ev]
    assert s.dead == [0, 0] and s.current == 1 and OMEN in s.discard


def test_p38_second_ad79_ends_phase_1_and_p42_p43_opening_lava_left_of_drawer():
    s = phase1(hands={0: [3, 5, 7, 9]}, citizens={(2, 2): [1, 1]}, ad79=1, deck_top=[AD79], players=3)
    ev = s.apply(play(5, (2, 8)))
    assert s.phase == "opening" and s.step == "lava" and s.current == 1   # P43: left of seat 0
    assert not any(s.hands) and s.supply == [0, 0, 0]                      # P42
    assert s.boxed == [28, 29, 30]
    assert s.tile >= 0 and len(s.bag) == 44
    types = [e["type"] for e in ev]
    assert types.index("ad79") < types.index("eruption") < types.index("tile_drawn")
    check_invariants(s)


def test_pr22_second_ad79_during_an_omen_chain_victim_stays_dead():
    s = phase1(hands={0: [3, 5, 7, 9]}, citizens={(2, 2): [1, 1]}, ad79=1, deck_top=[OMEN, AD79])
    s.apply(play(5, (2, 8)))
    s.apply(omen((2, 2), 1))
    assert s.dead == [0, 1] and s.phase == "opening"


def test_p40_relatives_count_per_part_pr24():
    """PR24: building 1 is one part over two squares: 2 citizens on (1,0) give R = 2."""
    s = phase1(hands={0: [1, 5, 7, 9]}, citizens={(1, 0): [1, 1]}, ad79=1)
    s.apply(play(1, (1, 1)))
    assert s.step == "relative" and s.rel_left == 2
    squares = {a.square for a in s.legal_actions() if a.kind == "relative"}
    assert s_q(1, 0) not in squares and s_q(1, 1) not in squares      # never the trigger part
    grey = {s_q(2, 5), s_q(2, 6), s_q(3, 6), s_q(4, 6)}               # 4a, 4b, 8a, 8b
    neutral = {q for q in range(B.SQUARES) if B.NEUTRAL[q]}
    assert squares == grey | neutral                                  # P40.3


def test_p40_other_part_of_the_same_number_and_only_that_colour():
    s = phase1(hands={0: [6, 5, 7, 9]}, citizens={(3, 3): [2, 1]}, ad79=1)   # 6b holds 3
    s.apply(play(6, (4, 3)))
    assert s.rel_left == 3                                            # the seed's worked example
    squares = {a.square for a in s.legal_actions() if a.kind == "relative"}
    assert {s_q(3, 2), s_q(4, 2), s_q(5, 4)} <= squares               # 6a and 9 (turquoise)
    assert not squares & {s_q(2, 8), s_q(2, 2), s_q(2, 5)}            # no purple/grey parts
    s.apply(relative((3, 2)))
    squares = {a.square for a in s.legal_actions() if a.kind == "relative"}
    assert s_q(4, 2) not in squares                                   # P40.4: 6a used
    s.apply(relative((0, 1)))
    squares = {a.square for a in s.legal_actions() if a.kind == "relative"}
    assert s_q(0, 1) not in squares and s_q(0, 6) in squares          # PR6: each neutral once
    s.apply(relative((0, 6)))
    assert s.step == "play" and s.current == 1                        # R used up, then the draw
    assert s.supply[0] == 30 - 2 - 1 - 3


def test_p40_pr6_the_two_parts_of_a_number_are_two_buildings():
    s = phase1(hands={0: [3, 5, 7, 9]}, citizens={(2, 2): [1, 1], (2, 8): [1, 0]}, ad79=1)
    s.apply(play(5, (2, 8)))                                           # 5 is purple, R = 1
    squares = {a.square for a in s.legal_actions() if a.kind == "relative"}
    assert {s_q(2, 2), s_q(2, 3), s_q(4, 5), s_q(0, 4)} <= squares    # both parts of 3


def test_p40_2_relatives_are_optional():
    s = phase1(hands={0: [1, 5, 7, 9]}, citizens={(1, 0): [1, 1]}, ad79=1)
    s.apply(play(1, (1, 1)))
    assert stop() in s.legal_actions()
    s.apply(stop())
    assert s.step == "play" and s.current == 1 and s.supply[0] == 28


def test_p40_5_relatives_never_chain():
    s = phase1(hands={0: [1, 5, 7, 9]}, citizens={(1, 0): [1, 0], (2, 5): [2, 0]}, ad79=1)
    s.apply(play(1, (1, 1)))
    assert s.rel_left == 1
    s.apply(relative((2, 5)))                                          # into an occupied part
    assert s.step == "play" and s.current == 1


def test_p40_6_relatives_limited_by_supply():
    s = phase1(hands={0: [1, 5, 7, 9]}, citizens={(1, 0): [2, 0]}, ad79=1, supply={0: 2})
    s.apply(play(1, (1, 1)))
    assert s.step == "relative" and s.rel_left == 2
    s.apply(relative((0, 1)))
    assert s.supply[0] == 0 and s.step == "play" and s.current == 1


def test_p41_pr7_early_eruption_only_when_every_card_is_wild():
    cits = {(2, 2): [2, 1], (2, 3): [1, 1], (2, 8): [2, 2], (4, 5): [2, 1], (5, 4): [2, 2]}
    s = phase1(hands={0: [3, 5, 7, 9]}, citizens=cits, ad79=1, players=2)
    assert erupt() in s.legal_actions()
    ev = s.apply(erupt())
    assert ev[0] == {"type": "eruption_declared", "seat": 0, "hand": [3, 5, 7, 9]}
    assert s.phase == "opening" and s.current == 1 and s.revealed
    s2 = phase1(hands={0: [3, 5, 7, 1]}, citizens=cits, ad79=1)
    assert erupt() not in s2.legal_actions()


def test_p43_p45_opening_six_tiles_then_phase_2_left_of_the_sixth():
    for players in (2, 3, 4):
        s = phase1(hands={0: [3, 5, 7, 9]}, citizens={(2, 2): [1, 1] + [0] * (players - 2)}, ad79=1,
                   deck_top=[AD79], players=players)
        s.apply(play(5, (2, 8)))
        placers = []
        while s.phase == "opening":
            assert s.step == "lava"                                    # nobody moves (P43)
            placers.append(s.current)
            s.apply(s.legal_actions()[0])
        assert len(placers) == 6 and placers[0] == 1
        assert placers == [(1 + i) % players for i in range(6)]
        assert sum(s.placed) + len(s.aside) == 6
        assert s.phase in ("p2", "over")
        if s.phase == "p2":
            assert s.current == (placers[-1] + 1) % players               # P45
            assert s.step == "lava"


def test_apply_refuses_anything_illegal_and_changes_nothing():
    s = phase1(hands={0: [3, 5, 7, 9]})
    before = (list(s.cit), [h[:] for h in s.hands], list(s.deck), s.step)
    for bad in [play(4, (2, 5)), play(3, (0, 0)), Action("move", 1, 2), Action("end"), erupt(),
                ("play", 3), None, 3, "play", Action("play", 10 ** 30, card=3), Action("play", 24, card=True)]:
        with pytest.raises(IllegalAction):
            s.apply(bad)
    assert before == (list(s.cit), [h[:] for h in s.hands], list(s.deck), s.step)
