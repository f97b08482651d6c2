"""The rules audit (docs/pompeii-audit.md): tests for the rules and rulings that had none, and
Hypothesis checks of movement (P55, P58, PR11) and trapping (P52, PR10) against brute force."""

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from pompeii import board as B
from pompeii.actions import end, erupt, lava, leave, move, omen, play, relative, stop
from pompeii.board import AD79, OMEN
from pompeii.invariants import check_invariants
from pompeii.scenario import phase1, phase2, s_q
from pompeii.state import new_game

SLOW = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])


# ------------------------------------------------------------ components and setup

def test_p2_p7_four_colours_of_30_and_a_casualty_count_per_player():
    """P2: four colours of 30; P3 takes at most 30 of a colour; P7: casualties are a count."""
    assert B.COLOURS == ("blue", "yellow", "red", "black")
    assert max(B.CITIZENS_PER_PLAYER.values()) == 30
    s = new_game(4, 1)
    assert s.dead == [0, 0, 0, 0] and s.supply == [25] * 4


def test_pr20_mayfair_edition_two_ad79_cards_and_no_omen_above_the_first():
    """PR20: the Mayfair deck (two AD 79 cards, 62 cards in all with hands and the box)."""
    for players in (2, 3, 4):
        s = new_game(players, 3)
        everything = s.deck + s.boxed_cards + [c for h in s.hands for c in h]
        assert len(everything) == 62 and everything.count(AD79) == 2 and everything.count(OMEN) == 7


# ------------------------------------------------------------ phase 1: relatives' exact limits

def test_p40_1_citizens_in_the_other_part_do_not_count():
    """The seed's example: both 3s hold a citizen; placing into the right one (3b) gives
    R = 1 -- the citizen in 3a does not count -- and 3a may take the relative (P40.3)."""
    s = phase1(hands={0: [3, 5, 7, 9]}, citizens={(2, 2): [0, 1], (2, 3): [0, 1]}, ad79=1)
    s.apply(play(3, (2, 3)))
    assert s.step == "relative" and s.rel_left == 1
    assert s_q(2, 2) in {a.square for a in s.legal_actions() if a.kind == "relative"}


def test_p40_1_an_empty_part_gives_no_relatives_whatever_the_other_part_holds():
    s = phase1(hands={0: [3, 5, 7, 9]}, citizens={(2, 2): [2, 1]}, ad79=1)
    s.apply(play(3, (2, 3)))
    assert s.step == "play" and s.current == 1 and s.supply[0] == 27


def test_p40_1_r_is_three_at_most_and_never_more_than_r_relatives():
    """A 4-space part holding 3 gives R = 3 (the most), and after three relatives the draw
    follows even with free buildings left (P40.1)."""
    s = phase1(hands={0: [4, 5, 7, 9]}, citizens={(2, 6): [1, 2]}, ad79=1)
    s.apply(play(4, (2, 6)))
    assert s.rel_left == 3
    for q in [(2, 5), (3, 6), (0, 1)]:
        assert s.step == "relative"
        s.apply(relative(q))
    assert s.step == "play" and s.current == 1 and s.supply[0] == 30 - 1 - 1 - 3


def test_p40_6_relatives_end_when_no_allowed_building_has_room():
    """R = 3 but every grey part and every neutral building is full except one: one relative,
    then the draw (the rest is lost, P40.6)."""
    full = {B.rc(q): [B.CAPACITY[q] // 2, B.CAPACITY[q] - B.CAPACITY[q] // 2]
            for q in range(B.SQUARES) if B.NEUTRAL[q] and q != s_q(0, 1)}
    full.update({(2, 5): [2, 1], (3, 6): [1, 2], (4, 6): [1, 1], (1, 0): [1, 1], (1, 1): [1, 1]})
    s = phase1(hands={0: [4, 5, 7, 9]}, citizens={(2, 6): [1, 2], **full}, ad79=1)
    s.apply(play(4, (2, 6)))
    assert s.rel_left == 3
    assert {a.square for a in s.legal_actions() if a.kind == "relative"} == {s_q(0, 1)}
    s.apply(relative((0, 1)))
    assert s.step == "play" and s.current == 1


def test_p40_3_never_another_colour_and_never_the_trigger_part():
    """8 is grey: relatives go to 4a, 4b, 1a, the other 8 and neutral buildings only."""
    s = phase1(hands={0: [8, 5, 7, 9]}, citizens={(3, 6): [1, 0]}, ad79=1)
    s.apply(play(8, (3, 6)))
    squares = {a.square for a in s.legal_actions() if a.kind == "relative"}
    grey = {q for q in range(B.SQUARES) if B.COLOUR[q] == "grey" and B.CAPACITY[q]} - {s_q(3, 6)}
    neutral = {q for q in range(B.SQUARES) if B.NEUTRAL[q]}
    assert squares == grey | neutral
    assert stop() in s.legal_actions()


def test_p34_a_wild_card_into_an_occupied_part_of_its_own_colour_brings_nothing():
    """P34: wild (every 7 space taken) into purple 5a that holds a citizen: no relatives,
    although a normal 5 there would bring one."""
    s = phase1(hands={0: [7, 5, 3, 9]}, citizens={(4, 5): [2, 1], (2, 8): [0, 1]}, ad79=1)
    assert s.number_full(7)
    s.apply(play(7, (2, 8)))
    assert s.step == "play" and s.current == 1


# ------------------------------------------------------------ phase 1: AD 79, Omens, the early eruption

def test_pr21_an_omen_right_after_the_first_ad79_is_resolved_at_once():
    """P36, PR21: the first AD 79's replacement is an Omen: the Omen rule is already in force."""
    s = phase1(hands={0: [3, 5, 7, 9]}, citizens={(2, 2): [0, 1]}, deck_top=[AD79, OMEN, 4])
    assert s.ad79 == 0
    ev = s.apply(play(5, (2, 8)))
    assert [e["type"] for e in ev][-2:] == ["ad79", "omen"]
    assert s.ad79 == 1 and s.step == "omen" and s.current == 0
    assert s.legal_actions() == [omen((2, 2), 1)]
    s.apply(omen((2, 2), 1))
    assert s.dead == [0, 1] and s.current == 1 and 4 in s.hands[0] and len(s.hands[0]) == 4


def test_p37_omen_victim_anywhere_in_the_city_even_a_neutral_building():
    s = phase1(hands={0: [3, 5, 7, 9]}, citizens={(0, 1): [0, 1], (2, 8): [1, 0]}, ad79=1, deck_top=[OMEN, 4])
    s.apply(play(3, (2, 2)))
    assert s.legal_actions() == [omen((0, 1), 1)]


def test_p41_pr7_the_declared_eruption_draws_nothing_and_boxes_the_supplies():
    """P41: phase 1 ends as if the second AD 79 were drawn by the declarer: no card is drawn
    (the deck keeps its cards), P42 hands to the discard pile and supplies to the box
    (neither saved nor casualties), P43 the player to the declarer's left places first."""
    cits = {(2, 2): [2, 1], (2, 3): [1, 1], (2, 8): [2, 2], (4, 5): [2, 1], (5, 4): [2, 2]}
    s = phase1(players=3, hands={1: [3, 5, 7, 9]}, citizens={**{k: v + [0] for k, v in cits.items()}},
               ad79=1, current=1)
    deck = len(s.deck)
    supply = list(s.supply)
    assert erupt() in s.legal_actions()
    s.apply(erupt())
    assert s.phase == "opening" and s.current == 2
    assert len(s.deck) == deck and s.boxed == supply and s.dead == [0, 0, 0] and not any(s.hands)
    assert sorted(s.discard[-8:-4]) == [3, 5, 7, 9]                # seat 1's hand, shown
    check_invariants(s)


def test_p41_the_eruption_is_not_offered_while_one_card_still_has_a_space():
    cits = {(2, 2): [2, 1], (2, 3): [1, 1], (2, 8): [2, 2], (4, 5): [2, 1]}     # 9 still free
    s = phase1(hands={0: [3, 5, 7, 9]}, citizens=cits, ad79=1)
    assert all(a.kind == "play" for a in s.legal_actions())


def test_p63_an_eruption_over_an_empty_city_ends_the_game_at_once():
    """P63: the second AD 79 comes while no citizen is in the city (all lost to Omens, or
    never placed): the game ends at once, nobody saved, the supplies boxed (P42, P64)."""
    s = phase1(hands={0: [3, 5, 7, 9]}, supply={0: 0, 1: 0}, ad79=1, deck_top=[AD79])
    s.apply(play(3))
    assert s.is_over and s.end_reason == "city_empty" and s.places() == [1, 1]
    assert s.dead == [0, 0] and s.boxed == [30, 30]


# ------------------------------------------------------------ lava, dual vent, the end

def test_pr9_p66_a_dual_tile_offers_only_the_side_that_has_a_square():
    """P66, PR9: helmet/mask with the helmet tile boxed in by vase lava: only mask is offered."""
    cover = {(6, 9): "helmet", (5, 9): "vase", (6, 8): "vase", (2, 10): "vase", (6, 10): "mask", (6, 3): "mask"}
    s = phase2(variant="dual-vent", tile="helmet/mask", lava=cover, citizens={(4, 1): [1, 0]})
    acts = s.legal_actions()
    assert {a.symbol for a in acts} == {"mask"}
    assert {a.square for a in acts} == {s_q(5, 3), s_q(6, 4), s_q(5, 10)}


def test_pr9_p50_a_dual_tile_with_no_square_on_either_side_is_set_aside():
    """Helmet boxed in by vase lava, mask by coin lava (and the wall): the helmet/mask tile
    has no square on either side; it is set aside and the movement step follows."""
    cover = {(6, 9): "helmet", (5, 9): "vase", (6, 8): "vase", (6, 10): "vase", (2, 10): "vase",
             (6, 3): "mask", (5, 3): "coin", (6, 4): "coin", (1, 2): "coin"}
    s = phase2(variant="dual-vent", lava=cover, citizens={(2, 1): [1, 0], (3, 1): [0, 1]},
               step="move", current=1, bag=["helmet/mask", "coin"])
    ev = s.apply(end())
    assert [e["type"] for e in ev][-2:] == ["tile_drawn", "tile_set_aside"]
    assert ev[-1]["tile"] == "helmet/mask"
    assert s.current == 0 and s.step == "move" and s.tile == -1 and s.aside[-1] == 6
    assert len(s.bag) == 1                                        # it counts as drawn (P62)


def test_p67_with_the_variant_the_game_ends_on_the_48th_tile():
    """P62, P67: a dual-vent game draws all 48 tiles unless the city empties first."""
    rng = random.Random(4)
    for seed in range(40):
        s = new_game(2, seed, "dual-vent")
        while not s.is_over:
            acts = s.legal_actions()
            stay = [a for a in acts if a.kind != "leave"] if s.step == "move" else acts
            s.apply(rng.choice(stay or acts))
        if s.end_reason == "bag_empty":
            assert len(s.tiles_drawn) == 48 and sum(s.placed) + len(s.aside) == 48
            return
    pytest.fail("no dual-vent game ran to the last tile")


def test_p62_p50_the_last_tile_set_aside_still_gives_the_movement_step():
    cover = {(6, 9): "helmet", (5, 9): "vase", (6, 8): "vase", (6, 10): "mask", (2, 10): "vase", (6, 3): "mask"}
    s = phase2(lava=cover, citizens={(4, 1): [2, 0], (2, 7): [0, 1]}, bag=["helmet"], step="move", current=1)
    s.apply(end())
    assert s.current == 0 and s.step == "move" and not s.bag and not s.is_over
    s.apply(leave((4, 1), "G4"))
    s.apply(end())
    assert s.is_over and s.end_reason == "bag_empty" and s.saved == [1, 0] and s.dead == [1, 1]


def test_p63_p51_lava_that_kills_the_last_citizens_ends_the_game_at_once():
    s = phase2(tile="column", lava={(3, 4): "column"}, citizens={(2, 4): [1, 1]}, bag=["coin", "mask"])
    s.apply(lava((2, 4), "column"))
    assert s.is_over and s.end_reason == "city_empty" and s.dead == [1, 1] and len(s.bag) == 2


def test_p63_p52_pr23_lava_closing_the_last_way_out_ends_the_game():
    """Citizens in the south-west pocket (6,4) whose only ways out are (5,4) and (6,5): the
    tile on (5,4) traps them all (P52) and the city is empty: the game ends (P63)."""
    s = phase2(tile="column", lava={(3, 4): "column", (4, 4): "column", (6, 5): "vase", (2, 10): "vase"},
               citizens={(6, 4): [2, 1]}, bag=["coin"])
    ev = s.apply(lava((5, 4), "column"))
    assert {"type": "trapped", "squares": [[6, 4, 2, 1]]} in ev
    assert s.is_over and s.end_reason == "city_empty" and s.places() == [2, 1]      # fewer casualties


def test_pr14_the_move_that_empties_the_city_ends_the_game_without_finishing_the_turn():
    """PR14: checked after every move: the first of two moves saves the city's last citizen,
    and the game ends there -- no second move, no end of turn, no tile drawn for the next player."""
    s = phase2(citizens={(4, 0): [1, 0]}, step="move", bag=["coin", "mask"])
    ev = s.apply(leave((4, 0), "G4"))
    assert s.is_over and s.end_reason == "city_empty" and s.moves == 1
    assert s.current == 0 and len(s.bag) == 2 and not s.legal_actions()
    assert "tile_drawn" not in [e["type"] for e in ev]


def test_pr26_the_move_that_ends_the_game_reveals_nothing():
    """PR26: leaving with the last citizen ends the game at once; it revealed nothing, so the
    app may take it back (the undo barrier is only a card or tile draw)."""
    s = phase2(citizens={(4, 0): [1, 0]}, step="move", bag=["coin"])
    s.apply(leave((4, 0), "G4"))
    assert s.is_over and not s.revealed


# ------------------------------------------------------------ movement

def test_p59_the_second_move_counts_the_square_where_the_first_ended():
    """P59: the last citizen joins two others: its second move has 3 points, itself included."""
    s = phase2(citizens={(2, 1): [1, 0], (3, 1): [0, 2], (2, 7): [0, 1]}, step="move")
    assert s.last_one
    s.apply(move((2, 1), (3, 1)))
    dests = {a.to for a in s.legal_actions() if a.kind == "move" and a.square == s_q(3, 1)}
    assert dests == {q for q, d in s.destinations(s_q(3, 1), 3).items() if d}


def test_pr13_a_second_move_may_return_to_the_turns_starting_square():
    s = phase2(citizens={(4, 1): [1, 0], (2, 7): [0, 1], (3, 1): [0, 1]}, step="move")
    s.apply(move((4, 1), (3, 1)))                                  # lone (P60), now with one other
    assert move((3, 1), (4, 1)) in s.legal_actions()


def test_p53_p60_lone_is_judged_at_the_start_of_the_turn_not_after_the_first_move():
    """PR13: a citizen alone at the turn's start keeps the right to both moves, whoever else
    arrives; one joined before the turn never had it."""
    s = phase2(citizens={(4, 1): [1, 0], (3, 1): [1, 0], (2, 7): [0, 1]}, step="move")
    assert s.lone == {s_q(4, 1), s_q(3, 1)}
    s.apply(move((3, 1), (4, 1)))                                  # lone too: may go again
    assert s.step == "move" and any(a.square == s_q(4, 1) for a in s.legal_actions() if a.kind == "move")


def test_p60_the_engine_judges_alone_by_every_colour_when_the_turn_begins():
    """P60, PR13, computed by the engine at the start of the turn (the tests above set it up
    with the scenario): a citizen alone on its square may move twice; one that shares its
    square only with another colour's citizen may not, though it is its colour's only one."""
    def turn_of_0():
        s = phase2(citizens={(4, 1): [1, 1], (3, 5): [1, 0], (2, 7): [0, 1]}, step="move", current=1,
                   bag=["coin", "coin"])
        s.apply(end())                                  # seat 1 ends: seat 0's turn begins
        s.apply(s.legal_actions()[0])                   # its lava tile (not near any citizen)
        assert s.current == 0 and s.step == "move" and not s.last_one
        return s

    s = turn_of_0()
    s.apply(move((3, 5), (3, 6)))                       # alone: allowance 1, then a second move
    assert s.step == "move" and any(a.square == s_q(3, 6) for a in s.legal_actions() if a.kind == "move")
    s = turn_of_0()
    s.apply(move((4, 1), (4, 2)))                       # with a yellow citizen: allowance 2, not alone
    assert s.step == "move"
    assert not any(a.square == s_q(4, 2) for a in s.legal_actions() if a.kind in ("move", "leave"))
    assert any(a.square == s_q(3, 5) for a in s.legal_actions() if a.kind == "move")


def test_p59_the_engine_judges_the_last_citizen_when_the_movement_step_begins():
    """P59, PR13, computed by the engine: seat 0's one citizen in the city shares its square with
    a yellow one (so P60 does not apply), yet it may be given both moves."""
    s = phase2(citizens={(4, 1): [1, 1], (2, 7): [0, 1]}, step="move", current=1, bag=["coin", "coin"])
    s.apply(end())
    s.apply(s.legal_actions()[0])
    assert s.current == 0 and s.step == "move" and not s.lone
    s.apply(move((4, 1), (4, 2)))
    assert s.step == "move" and any(a.square == s_q(4, 2) for a in s.legal_actions() if a.kind == "move")


def _brute(s, start, allowance):
    """Every simple path of at most ``allowance`` steps (P55, PR11): its end squares, and the
    gates it may leave through (one more point from an open gate square, P57)."""
    dests, gates = set(), set()

    def walk(q, used, seen):
        if q != start:
            dests.add(q)
        if q in B.GATE_OF and used + 1 <= allowance:
            gates.add(B.GATE_OF[q])
        if used == allowance:
            return
        for t in B.NEIGHBOURS[q]:
            if t not in seen and B.WALKABLE[t] and s.lava[t] < 0:
                seen.add(t)
                walk(t, used + 1, seen)
                seen.remove(t)

    walk(start, 0, {start})
    return dests, gates


_open = [q for q in B.CITY if B.WALKABLE[q]]


@settings(SLOW, max_examples=200)
@given(st.sets(st.sampled_from(_open), max_size=25), st.sampled_from(_open), st.integers(1, 5), st.randoms())
def test_p55_p57_p58_pr11_destinations_are_exactly_the_simple_paths(covered, start, k, rnd):
    """Hypothesis: for any lava pattern and any start and allowance, the legal moves and ways
    out are exactly the ends of the paths that never revisit a square, never cross lava or a
    vent, and do not end where they began; leaving needs an open gate within allowance - 1."""
    covered.discard(start)
    symbols = {q: rnd.choice(B.SYMBOLS) for q in covered}
    if any(sum(1 for v in symbols.values() if v == y) > B.LAVA_COUNTS[y] for y in B.SYMBOLS):
        return
    other = next(q for q in _open if q != start and q not in covered)
    s = phase2(citizens={B.rc(start): [k, 0], B.rc(other): [0, 1]},
               lava={B.rc(q): y for q, y in symbols.items()}, step="move")
    acts = s.legal_actions()
    got = {a.to for a in acts if a.kind == "move" and a.square == start}
    gates = {a.gate for a in acts if a.kind == "leave" and a.square == start}
    assert (got, gates) == _brute(s, start, k)


@settings(SLOW, max_examples=25)
@given(st.integers(0, 10 ** 6), st.sampled_from([2, 3, 4]))
def test_p44_p52_pr10_after_every_tile_exactly_the_trapped_citizens_die(seed, players):
    """Hypothesis over whole random games: right after each lava tile every citizen left has
    a way out (a path of non-lava, non-vent squares to an uncovered gate), every citizen
    removed off a square the tile did not cover had none, and the trapped squares stay open."""
    rng = random.Random(seed)
    s = new_game(players, seed)
    while not s.is_over:
        a = rng.choice(s.legal_actions())
        before = list(s.tot)
        ev = s.apply(a)
        if a.kind != "lava":
            continue
        lava_now = frozenset(q for q in B.CITY if s.lava[q] >= 0)
        dist = B.distance_to_exit(lava_now)
        assert all(dist[q] >= 1 for q in B.CITY if s.tot[q])
        for e in ev:
            if e["type"] == "trapped":
                for r, c, *counts in e["squares"]:
                    q = B.sq(r, c)
                    assert dist[q] < 0 and sum(counts) == before[q] and s.lava[q] < 0
        if s.is_over:
            break


@pytest.mark.parametrize("players", [2, 3, 4])
def test_p68_per_player_count_hands_supply_and_the_last_card_of_the_bottom_stack(players):
    """P68: the second AD 79 lies among the last 16 cards (2-3 players) or 11 (4 players) of
    the deck: over many seeds it is seen at both ends of that stack and never above it."""
    k = B.BOTTOM_STACK[players] + 1
    where = set()
    for seed in range(300):
        top = new_game(players, seed).deck[::-1]
        where.add(max(i for i, c in enumerate(top) if c == AD79))
    assert min(where) == 42 - k and max(where) == 41


_SPACES = [q for q in range(B.SQUARES) if B.CAPACITY[q]]


def _relative_room(s, unit, used):
    """P40.3, P40.4, PR6: free squares of a building of ``unit``'s colour or a neutral one,
    never a building (part or neutral) already used this turn, the trigger part included."""
    return {q for q in _SPACES if s.tot[q] < B.CAPACITY[q] and B.UNIT[q] not in used
            and (B.NEUTRAL[q] or B.UNIT_COLOUR[B.UNIT[q]] == B.UNIT_COLOUR[unit])}


@settings(SLOW, max_examples=200)
@given(st.lists(st.sampled_from([0, 0, 0, 1, 1, 2, 3, 4]), min_size=len(_SPACES), max_size=len(_SPACES)),
       st.integers(1, 11), st.integers(0, 10 ** 6), st.randoms())
def test_p40_pr6_pr24_relatives_over_random_cities(fill, card, pick, rnd):
    """Hypothesis: any phase-1 city after the first AD 79, any card. A normal play into a part
    that held R citizens (the whole part, PR24) offers up to R relatives (P40.1), each on a
    free square of a building of the part's colour or a neutral one, never the trigger part
    and never a building used this turn (P40.3, P40.4, PR6); a wild play or an empty part
    offers none (P34, P40); the turn ends after R relatives, a stop, or when none fits."""
    cits, seat_totals = {}, [0, 0]
    for q, k in zip(_SPACES, fill, strict=True):
        k = min(k, B.CAPACITY[q])
        if k:
            a = k // 2 + (q % 2 if k % 2 else 0)
            cits[B.rc(q)] = [a, k - a]
            seat_totals[0] += a
            seat_totals[1] += k - a
    if max(seat_totals) > 26:
        return
    others = [c for c in range(1, 12) if c != card][:3]
    s = phase1(hands={0: [card, *others]}, citizens=cits, ad79=1)
    plays = [a for a in s.legal_actions() if a.kind == "play" and a.card == card]
    a = plays[pick % len(plays)]
    if a.square < 0:
        return
    wild = s.number_full(card)
    unit = B.UNIT[a.square]
    r = sum(s.tot[q] for q in B.UNIT_SQUARES[unit])
    s.apply(a)
    used, placed, stopped = {unit}, 0, False
    while s.step == "relative":
        assert not wild and r and placed < r and s.rel_left == r - placed
        got = {b.square for b in s.legal_actions() if b.kind == "relative"}
        assert got == _relative_room(s, unit, used) and got and stop() in s.legal_actions()
        if rnd.random() < 0.15:
            s.apply(stop())
            stopped = True
            break
        q = rnd.choice(sorted(got))
        s.apply(relative(B.rc(q)))
        used.add(B.UNIT[q])
        placed += 1
    event("wild" if wild else f"{placed} relative(s) of R = {r}" + (", stopped" if stopped else ""))
    if not (wild or stopped) and placed < r and s.supply[0]:
        assert not _relative_room(s, unit, used)                  # none fits: the turn went on
    assert s.step in ("play", "omen") or s.phase != "p1"
    check_invariants(s)


_base = phase1(players=3, ad79=1)
_UNDRAWN = Counter(_base.deck + _base.boxed_cards + [c for h in _base.hands for c in h])   # cards a hand may take


@settings(SLOW, max_examples=200)
@given(st.lists(st.sampled_from([0, 1, 2, 4, 4, 4, 4, 4]), min_size=len(_SPACES), max_size=len(_SPACES)),
       st.lists(st.integers(1, 11), min_size=4, max_size=4), st.booleans())
def test_p30_p33_p34_p41_plays_over_random_cities(fill, hand, empty_supply):
    """Hypothesis: any phase-1 city and hand. A card goes onto a free square of its number
    (P30, P31) while one is left (P33), else onto any free square (P34, wild), else (or with
    an empty supply, P32) it is only discarded; the eruption is offered exactly when every
    card is wild (P41)."""
    cits, seat_totals = {}, [0, 0, 0]
    for q, k in zip(_SPACES, fill, strict=True):
        k = min(k, B.CAPACITY[q])
        split = [k // 3 + (1 if i < k % 3 else 0) for i in range(3)]
        split = split[q % 3:] + split[:q % 3]
        if k:
            cits[B.rc(q)] = split
            seat_totals = [a + b for a, b in zip(seat_totals, split, strict=True)]
    if max(seat_totals) > 29 or any(hand.count(c) > _UNDRAWN[c] for c in hand):
        return
    s = phase1(players=3, hands={0: hand}, citizens=cits, ad79=1, supply={0: 0} if empty_supply else None)
    free = {q for q in _SPACES if s.tot[q] < B.CAPACITY[q]}
    want = set()
    for c in set(hand):
        own = {q for q in free if B.NUMBER[q] == c}
        squares = own or free
        want |= {(c, q) for q in squares} if squares and s.supply[0] else {(c, -1)}
    got = {(a.card, a.square) for a in s.legal_actions() if a.kind == "play"}
    assert got == want
    all_wild = all(not any(B.NUMBER[q] == c for q in free) for c in hand)
    event("all wild" if all_wild else "not all wild")
    assert (erupt() in s.legal_actions()) == all_wild


def test_p52_invariant_no_citizen_alive_without_a_way_out():
    """``check_invariants`` (run after every step of the random games) now also checks P52:
    a citizen shut in by lava after the eruption is an engine error."""
    cover = {(3, 4): "column", (4, 4): "column", (5, 4): "column", (6, 5): "vase", (2, 10): "vase",
             (6, 3): "mask"}
    s = phase2(lava=cover, citizens={(4, 1): [1, 0], (2, 7): [0, 1]}, step="move")
    check_invariants(s)
    s2 = phase2(lava=cover, citizens={(6, 4): [1, 0], (2, 7): [0, 1]}, step="move")
    with pytest.raises(AssertionError, match="P52"):
        check_invariants(s2)
