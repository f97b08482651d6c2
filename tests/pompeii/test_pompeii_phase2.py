"""Lava and movement: P43-P61, P66-P67, rulings PR8-PR13, PR23."""

import json

import pytest
from gamekit.game import IllegalAction
from pompeii import board as B
from pompeii.actions import Action, end, lava, leave, move
from pompeii.invariants import check_invariants
from pompeii.scenario import phase2, s_q
from pompeii.state import new_game


def lava_squares(s):
    return {a.square for a in s.legal_actions() if a.kind == "lava"}


def moves_from(s, frm):
    q = s_q(*frm)
    return {a for a in s.legal_actions() if a.square == q and a.kind in ("move", "leave")}


def test_p48_first_tile_of_a_symbol_must_go_on_its_vent():
    s = phase2(tile="coin", citizens={(4, 1): [1, 0]})
    assert s.legal_actions() == [lava((1, 2), "coin")]


def test_p49_later_tiles_go_next_to_a_tile_of_the_same_symbol():
    """P49; P47: the drawer chooses among every legal square of the tile's symbol."""
    s = phase2(tile="coin", lava={(1, 2): "coin", (2, 1): "coin"}, citizens={(4, 1): [1, 0]})
    expected = {s_q(0, 2), s_q(1, 1), s_q(1, 3), s_q(2, 2), s_q(3, 1), s_q(2, 0)}
    assert lava_squares(s) == expected


def test_pr8_lava_never_on_another_symbols_empty_vent():
    # column vent (3,4) is next to a vase... use coin next to the column vent: (2,4) neighbours (3,4)
    s = phase2(tile="coin", lava={(1, 2): "coin", (1, 3): "coin", (2, 4): "coin"}, citizens={(4, 1): [1, 0]})
    assert s_q(3, 4) not in lava_squares(s)
    s2 = phase2(tile="coin", lava={(1, 2): "coin", (1, 3): "coin", (2, 4): "coin", (3, 4): "column"},
                citizens={(4, 1): [1, 0]})
    assert s_q(3, 4) not in lava_squares(s2)                  # covered: lava already


def test_p50_pr9_a_tile_without_a_square_is_set_aside_and_the_turn_goes_on():
    # every neighbour of the helmet tiles is lava or outside
    cover = {(6, 9): "helmet", (5, 9): "vase", (6, 8): "vase", (6, 10): "mask", (2, 10): "vase", (6, 3): "mask"}
    s = phase2(lava=cover, citizens={(4, 1): [1, 0]}, bag=["helmet", "coin"], step="move",
               current=1)
    ev = s.apply(end())
    assert s.current == 0 and [e["type"] for e in ev][-2:] == ["tile_drawn", "tile_set_aside"]
    assert s.step == "move" and s.tile == -1 and len(s.aside) >= 1
    check_invariants(s)


def test_p51_lava_kills_every_citizen_on_the_square_own_included():
    s = phase2(tile="column", citizens={(4, 1): [1, 0]}, lava={(3, 4): "column"})
    s = phase2(tile="column", citizens={(2, 4): [2, 1], (4, 1): [1, 1]}, lava={(3, 4): "column"})
    ev = s.apply(lava((2, 4), "column"))
    assert s.dead == [2, 1] and s.tot[s_q(2, 4)] == 0
    assert ev[0]["killed"] == [2, 1]
    check_invariants(s)


def test_p52_pr10_trapped_citizens_die_and_squares_stay_open():
    """(6,4) has neighbours (5,4), (6,5) and the mask vent (6,3): cover (5,4) and (6,5)."""
    s = phase2(tile="column", lava={(3, 4): "column", (6, 5): "vase", (2, 10): "vase"},
               citizens={(6, 4): [1, 1], (4, 1): [1, 0]})
    assert s_q(4, 4) in lava_squares(s)
    s.apply(lava((4, 4), "column"))
    s2 = phase2(tile="column", lava={(3, 4): "column", (4, 4): "column", (6, 5): "vase", (2, 10): "vase"},
                citizens={(6, 4): [1, 1], (4, 1): [1, 0]})
    ev = s2.apply(lava((5, 4), "column"))
    assert s2.dead == [1, 1] and s2.tot[s_q(6, 4)] == 0
    assert {"type": "trapped", "squares": [[6, 4, 1, 1]]} in ev
    assert s2.lava[s_q(6, 4)] == -1                                   # PR10: not covered


def test_pr23_lava_on_a_gate_closes_it():
    s = phase2(tile="scroll", lava={(0, 7): "scroll", (0, 6): "scroll"}, citizens={(1, 5): [1, 0], (4, 1): [0, 1]})
    s.apply(lava((0, 5), "scroll"))
    s.apply(end()) if s.step == "move" and s.current == 0 else None
    s3 = phase2(lava={(0, 7): "scroll", (0, 6): "scroll", (0, 5): "scroll"}, citizens={(1, 5): [3, 0],
                (4, 1): [0, 1]}, step="move")
    assert not any(a.kind == "leave" for a in s3.legal_actions())    # G2 closed
    assert s_q(0, 5) not in {a.to for a in s3.legal_actions()}


def test_pr23_the_lava_event_names_the_gate_it_closes():
    """P52, PR23: the move log says which gate closed (play-test), from the event alone; the gate of
    building 11a's square (6,8) too, which the log's place words name as the building (P17)."""
    s = phase2(tile="scroll", lava={(0, 7): "scroll", (0, 6): "scroll"}, citizens={(1, 5): [1, 0], (4, 1): [0, 1]})
    ev = s.apply(lava((0, 5), "scroll"))
    assert ev[0]["type"] == "lava_placed" and ev[0]["gate"] == "G2"
    assert json.loads(json.dumps(ev)) == ev
    s2 = phase2(tile="helmet", lava={(6, 9): "helmet"}, citizens={(4, 1): [1, 1]})
    assert s2.apply(lava((6, 8), "helmet"))[0]["gate"] == "G7"
    s3 = phase2(tile="scroll", lava={(0, 7): "scroll"}, citizens={(4, 1): [1, 1]})
    assert "gate" not in s3.apply(lava((0, 6), "scroll"))[0]                 # not a gate: nothing closed


def test_p54_allowance_counts_every_citizen_on_the_square():
    s = phase2(citizens={(4, 1): [1, 2], (2, 7): [1, 0]}, step="move")
    dests = {a.to for a in moves_from(s, (4, 1)) if a.kind == "move"}
    dist = s.destinations(s_q(4, 1), 3)
    assert dests == {q for q, d in dist.items() if 1 <= d <= 3}
    assert max(dist.values()) == 3


def test_p54_a_citizen_leaving_lowers_the_allowance_of_the_next():
    s = phase2(citizens={(4, 1): [2, 1], (2, 7): [1, 0]}, step="move")
    s.apply(move((4, 1), (5, 0)))
    far = {a.to for a in moves_from(s, (4, 1)) if a.kind == "move"}
    assert far == {q for q, d in s.destinations(s_q(4, 1), 2).items() if d}


def test_p55_lava_and_vents_are_impassable():
    s = phase2(citizens={(2, 1): [3, 0], (4, 1): [0, 1]}, lava={(1, 2): "coin", (2, 2): "coin"}, step="move")
    dests = {a.to for a in moves_from(s, (2, 1)) if a.kind == "move"}
    assert s_q(2, 2) not in dests and s_q(1, 2) not in dests
    assert s_q(2, 3) not in dests       # would need to pass lava: (2,1)-(3,1)-(3,2)-(3,3)-(2,3) is 4 > 3
    s2 = phase2(citizens={(2, 3): [1, 0], (4, 1): [0, 1]}, step="move")
    assert s_q(2, 4) in {a.to for a in moves_from(s2, (2, 3))}
    s3 = phase2(citizens={(3, 3): [2, 0], (4, 1): [0, 1]}, step="move")
    assert s_q(3, 4) not in {a.to for a in moves_from(s3, (3, 3))}     # the empty column vent (P15)


def test_p57_leaving_through_a_gate_costs_one_more_point():
    s = phase2(citizens={(4, 1): [1, 0], (2, 7): [0, 1]}, step="move")
    assert leave((4, 1), "G4") not in s.legal_actions()               # allowance 1, gate 1 away
    s = phase2(citizens={(4, 1): [2, 0], (2, 7): [0, 1]}, step="move")
    assert leave((4, 1), "G4") in s.legal_actions()
    ev = s.apply(leave((4, 1), "G4"))
    assert s.saved == [1, 0] and ev[0]["path"] == [[4, 1], [4, 0]]
    s = phase2(citizens={(4, 0): [1, 0], (2, 7): [0, 1]}, step="move")
    assert leave((4, 0), "G4") in s.legal_actions()                   # standing on the gate


def test_p57_several_gates_in_reach_each_is_a_choice():
    s = phase2(citizens={(0, 3): [3, 3], (4, 1): [0, 1]}, step="move")
    gates = {a.gate for a in moves_from(s, (0, 3)) if a.kind == "leave"}
    assert gates == {"G1", "G2"}


def test_p53_two_moves_by_two_different_citizens_then_the_turn_ends():
    s2 = phase2(citizens={(2, 7): [1, 1], (4, 1): [1, 1], (2, 1): [0, 1]}, step="move", bag=["coin", "mask"])
    s2.apply(move((4, 1), (4, 3)))
    assert not moves_from(s2, (4, 3))                                 # the same citizen may not go on
    s2.apply(move((2, 7), (2, 8)))
    assert s2.current == 1 and s2.step == "lava"                      # two moves: next player


def test_p60_pr13_a_lone_citizen_may_take_both_moves():
    s = phase2(citizens={(4, 1): [1, 0], (4, 2): [0, 3], (2, 7): [1, 1]}, step="move")
    s.apply(move((4, 1), (3, 1)))
    assert moves_from(s, (3, 1))                                       # again, allowance 1 here
    s2 = phase2(citizens={(4, 1): [1, 0], (4, 2): [0, 3], (2, 7): [1, 1]}, step="move")
    s2.apply(move((4, 1), (4, 2)))                                     # joins 3 others: 4 points
    assert leave((4, 2), "G4") in s2.legal_actions()                   # the seed's example
    assert {a.to for a in moves_from(s2, (4, 2)) if a.kind == "move"} == \
        {q for q, d in s2.destinations(s_q(4, 2), 4).items() if d}
    s3 = phase2(citizens={(4, 1): [1, 1], (4, 2): [0, 3], (2, 7): [1, 1]}, step="move")
    s3.apply(move((4, 1), (3, 1)))                                     # not lone: no second move
    assert not moves_from(s3, (3, 1))


def test_p59_the_last_citizen_may_take_both_moves():
    s = phase2(citizens={(2, 1): [1, 1], (4, 1): [0, 1]}, step="move")
    assert s.last_one
    s.apply(move((2, 1), (3, 1)))
    assert moves_from(s, (3, 1))


def test_pr12_the_movement_step_may_end_after_zero_or_one_move():
    s = phase2(citizens={(2, 7): [2, 1], (4, 1): [1, 1]}, step="move", bag=["coin", "mask"])
    assert end() in s.legal_actions()
    s.apply(end())
    assert s.current == 1 and s.step == "lava"


def test_p61_no_citizen_in_the_city_skips_the_movement_step():
    """P61, P46: the lava step still happens; the movement step is skipped."""
    s = phase2(tile="coin", citizens={(4, 1): [0, 2]}, bag=["mask"])
    s.apply(lava((1, 2), "coin"))
    assert s.current == 1 and s.step == "lava"


def test_pr11_destinations_are_the_shortest_path_squares():
    s = phase2(citizens={(4, 4): [3, 0], (2, 7): [0, 1]}, step="move")
    dests = {a.to for a in moves_from(s, (4, 4)) if a.kind == "move"}
    for q in dests:
        assert len(s.path(s_q(4, 4), q)) - 1 <= 3
    assert s_q(4, 4) not in dests                                      # never back to the start


def test_p62_the_last_tile_ends_the_game_after_its_movement_step():
    s = phase2(tile="coin", citizens={(4, 1): [2, 0], (2, 7): [0, 1]}, bag=[])
    s.apply(lava((1, 2), "coin"))
    assert s.step == "move" and not s.is_over
    s.apply(leave((4, 1), "G4"))
    s.apply(end()) if not s.is_over else None
    assert s.is_over and s.end_reason == "bag_empty"
    assert s.saved == [1, 0] and s.dead == [1, 1]                      # P64: the rest die


def test_p63_pr14_the_game_ends_at_once_when_the_city_is_empty():
    s = phase2(citizens={(4, 0): [1, 0]}, step="move", bag=["coin", "mask"])
    s.apply(leave((4, 0), "G4"))
    assert s.is_over and s.end_reason == "city_empty" and s.current_player is None


def test_p65_pr15_pr25_winner_tiebreak_shared_places():
    s = phase2(players=3, citizens={(4, 0): [0, 0, 1]}, step="move", current=2)
    s.saved, s.dead = [3, 3, 0], [5, 4, 0]
    s.boxed = [30 - 3 - 5, 30 - 7, 30 - 1]
    s.apply(leave((4, 0), "G4"))
    check_invariants(s)
    assert s.is_over and s.places() == [2, 1, 3] and s.returns() == [0.0, 1.0, 0.0]     # fewest casualties
    s.dead = [4, 4, 0]
    assert s.places() == [1, 1, 3] and s.returns() == [0.5, 0.5, 0.0]     # PR15 shared


def test_p66_dual_vent_tile_offers_both_symbols():
    s = phase2(variant="dual-vent", tile="helmet/mask", citizens={(4, 1): [1, 0]})
    assert set(s.legal_actions()) == {lava((6, 9), "helmet"), lava((6, 3), "mask")}
    s.apply(lava((6, 3), "mask"))
    assert s.placed[B.SYMBOLS.index("mask")] == 1
    check_invariants(s)


def test_p66_p67_variant_bag_holds_48_tiles():
    assert len(new_game(2, 1, "dual-vent").bag) == 48 and len(new_game(2, 1).bag) == 45


def test_phase2_illegal_actions_change_nothing():
    s = phase2(citizens={(4, 1): [1, 1], (2, 7): [1, 0]}, step="move")
    snap = (list(s.cit), s.moves, s.step)
    for bad in [move((4, 1), (0, 10)), move((4, 1), (2, 9)), leave((2, 7), "G4"), lava((4, 4), "coin"),
                Action("move", s_q(4, 1), -5), Action("move", 10 ** 9, 3), Action("relative", 3)]:
        with pytest.raises(IllegalAction):
            s.apply(bad)
    assert snap == (list(s.cit), s.moves, s.step)


def test_p44_opening_lava_kills_and_traps_and_nobody_moves():
    s = phase2(tile="column", citizens={(3, 4): [0, 0], (4, 4): [0, 0], (2, 1): [1, 1], (6, 4): [2, 0]},
               lava={(5, 4): "mask", (6, 5): "vase", (6, 3): "mask", (2, 10): "vase"}, opening_left=2)
    s.apply(lava((3, 4), "column"))
    assert s.phase == "opening" and s.step == "lava" and s.current == 1        # no movement step
    s2 = phase2(tile="column", lava={(3, 4): "column", (5, 4): "mask", (6, 3): "mask", (2, 10): "vase"},
                citizens={(4, 4): [1, 1], (6, 4): [2, 0], (2, 1): [1, 0]}, opening_left=1)
    ev = s2.apply(lava((4, 4), "column"))
    assert ev[0]["killed"] == [1, 1]                                           # P51 in the opening
    assert s2.phase == "p2" and s2.dead == [1, 1]
    s3 = phase2(tile="column", lava={(3, 4): "column", (4, 4): "column", (6, 5): "vase", (2, 10): "vase"},
                citizens={(6, 4): [1, 1], (4, 1): [1, 0]}, opening_left=1)
    s3.apply(lava((5, 4), "column"))
    assert s3.dead == [1, 1] and s3.phase == "p2"                              # P44 with P52
    check_invariants(s3)


def test_p56_in_phase_2_a_square_holds_any_number_of_citizens():
    s = phase2(citizens={(2, 8): [4, 0], (2, 7): [1, 1], (4, 1): [0, 1]}, step="move")   # 5a has 4 spaces
    s.apply(move((2, 7), (2, 8)))
    assert s.tot[s_q(2, 8)] == 5
    check_invariants(s)
