"""END OF ROUND PHASE (R1, R15) with the Eclipsis (R14), and the round structure."""

from __future__ import annotations

import ptolemaeus as pt
from ptolemaeus.data import EVENT_CARDS
from scenario import (
    DRAW,
    NONE,
    SPREAD,
    build,
    card,
    discard,
    hand_names,
    tokens_of,
)

NEXT = ["Venus-Mars-Saturnus", "Sol-Luna-Venus", "Eclipsis"]


def last_turn(players=2, **kw):
    """The last turn of round 1: the last seat of the third turn is to act, all hands empty."""
    kw.setdefault("hands", {})
    return build(players, turn=3, k=players - 1, first=0, **kw)


def finish(s):
    """The acting seat draws two cards: the round ends."""
    s.apply(DRAW)
    s.apply(DRAW)


def test_round_is_three_turns_each_player_once_per_turn():
    """GAMEPLAY: a round is 3 turns; in each, every player acts once, clockwise from the Astrolabe."""
    s = build(3, hands={}, first=1)
    order = []
    while s.round == 1:
        order.append(s.current_player)
        finish(s)
    assert order == [1, 2, 0] * 3
    assert s.round == 2 and s.turn == 1 and s.first == 2 and s.current_player == 2


def test_R15_event_planets_move_one_step_clockwise():
    """R15 step 1 / R1: the three planets of the face-up event card move one constellation clockwise."""
    s = last_turn(event="Sol-Luna-Mercurius", event_deck=NEXT)
    finish(s)
    assert s.planets == dict(SPREAD, Sol="Taurus", Luna="Libra", Mercurius="Leo")
    assert EVENT_CARDS[s.event] == "Venus-Mars-Saturnus"             # step 2: next card revealed
    assert EVENT_CARDS.index("Sol-Luna-Mercurius") in s.events_seen   # discarded
    assert s.event_deck == [EVENT_CARDS.index(e) for e in reversed(NEXT[1:])]


def test_R15_planets_move_before_the_comet():
    """R15: planets first, then the Comet: Sol leaves Aries, so the Comet (Pisces) can stop there."""
    s = last_turn(event="Sol-Luna-Mercurius", event_deck=NEXT)
    assert s.comet == "Pisces" and s.planets["Sol"] == "Aries"
    finish(s)
    assert s.comet == "Aries" and s.comet_steps == 1


def test_R15_comet_skips_constellations_with_planets_and_sweeps_where_it_lands():
    """R15 1A, 1B: the Comet moves on past planets; tokens where it lands go home; tokens
    where it passed, where it was, and where planets came or left stay."""
    planets = {"Sol": "Aries", "Saturnus": "Taurus", "Iupiter": "Gemini", "Luna": "Virgo",
               "Mercurius": "Sagittarius", "Venus": "Capricornus", "Mars": "Libra"}
    tokens = {0: {"Cancer": 2, "Taurus": 1, "Libra": 1, "Pisces": 1},
              1: {"Cancer": 1, "Aquarius": 2}}
    s = last_turn(planets=planets, tokens=tokens, event="Mercurius-Venus-Mars", event_deck=NEXT)
    assert s.comet == "Pisces"
    finish(s)
    assert s.planets["Mars"] == "Scorpius" and s.planets["Venus"] == "Aquarius"
    assert s.comet == "Cancer" and s.comet_steps == 4           # past Aries, Taurus, Gemini
    assert tokens_of(s, 0) == {"Taurus": 1, "Libra": 1, "Pisces": 1}
    assert tokens_of(s, 1) == {"Aquarius": 2}                   # a planet arriving changes nothing
    assert s.reserve == [7, 8]


def test_R15_no_event_card_left_no_planet_moves():
    s = last_turn(event=NONE, event_deck=[])
    finish(s)
    assert s.planets == SPREAD
    assert s.comet == "Taurus" and s.comet_steps == 2           # the Comet still moves (past Sol on Aries)
    assert s.event == -1


def test_R15_astrolabe_passes_and_new_round_starts_with_next_player():
    s = last_turn(3, event="Sol-Luna-Mercurius", event_deck=NEXT)
    assert s.current_player == 2
    finish(s)
    assert s.first == 1 and s.round == 2 and s.turn == 1
    assert s.current_player == 1


def test_R15_astrolabe_wraps_around():
    s = build(3, hands={}, turn=3, first=2, k=2, event="Sol-Luna-Mercurius", event_deck=NEXT)
    assert s.current_player == 1
    finish(s)
    assert s.first == 0 and s.current_player == 0


# ================================================================ R14

def test_R14_eclipsis_sweeps_empty_constellations_and_everyone_discards_two():
    tokens = {0: {"Taurus": 1, "Sagittarius": 1, "Libra": 2}, 1: {"Scorpius": 1, "Gemini": 2}}
    s = last_turn(hands={0: ["Aries", "Taurus", "Gemini"], 1: []}, tokens=tokens, deck_top=["Leo", "Leo"],
                  event="Venus-Mars-Saturnus", event_deck=["Eclipsis", "Sol-Luna-Venus", "Sol-Luna-Mars"])
    finish(s)
    # Venus Gemini->Cancer, Mars Sagittarius->Capricornus, Saturnus Capricornus->Aquarius; Comet Pisces, past Sol on Aries, to Taurus
    assert s.planets == dict(SPREAD, Venus="Cancer", Mars="Capricornus", Saturnus="Aquarius")
    assert s.comet == "Taurus"
    # Eclipsis: tokens on every constellation without a planet went home (Sagittarius, Libra,
    # Scorpius and now Gemini are empty; Taurus was swept by the Comet)
    assert tokens_of(s, 0) == {} and tokens_of(s, 1) == {}
    assert s.reserve == [10, 10]
    # the discards: the first player of the round first, their own choice
    assert s.current_player == 0
    assert set(s.legal_actions()) == {discard("Aries", "Taurus"), discard("Aries", "Gemini"),
                                      discard("Taurus", "Gemini")}
    s.apply(discard("Aries", "Gemini"))
    # seat 1 holds Leo, Leo: one way to discard two, done by itself
    assert hand_names(s, 0) == ["Taurus"] and hand_names(s, 1) == []
    eclipsis = EVENT_CARDS.index("Eclipsis")
    assert eclipsis in s.events_seen and eclipsis not in s.event_deck    # left the game
    assert EVENT_CARDS[s.event] == "Sol-Luna-Venus"                     # next card revealed
    assert s.round == 2 and s.first == 1 and s.current_player == 1


def test_R14_eclipsis_fewer_than_two_cards_discard_all():
    s = last_turn(3, hands={0: ["Aries"], 1: []}, deck_top=["Leo", "Virgo"],
                  event="Venus-Mars-Saturnus", event_deck=["Eclipsis", "Sol-Luna-Venus"])
    finish(s)                          # seat 2 draws Leo, Virgo
    assert hand_names(s, 0) == [] and hand_names(s, 1) == [] and hand_names(s, 2) == []
    assert s.discards[card("Aries")] >= 1
    assert s.round == 2


def test_R14_eclipsis_keeps_tokens_on_constellations_with_planets():
    s = last_turn(tokens={0: {"Leo": 2, "Virgo": 1}}, event="Venus-Mars-Saturnus",
                  event_deck=["Eclipsis", "Sol-Luna-Venus"])
    finish(s)
    assert tokens_of(s, 0) == {"Leo": 2, "Virgo": 1}


def test_R14_eclipsis_tokens_on_the_comet_go_home():
    s = last_turn(tokens={0: {"Pisces": 2}}, event="Venus-Mars-Saturnus",
                  event_deck=["Eclipsis", "Sol-Luna-Venus"])
    finish(s)
    assert tokens_of(s, 0) == {}   # Pisces has no planet (the Comet has left it)


def test_R14_eclipsis_as_last_event_card():
    s = last_turn(hands={0: [], 1: []}, event="Venus-Mars-Saturnus", event_deck=["Eclipsis"])
    finish(s)
    assert s.event == -1 and s.round == 2


def test_end_of_round_keeps_invariants():
    s = last_turn(3, tokens={0: {"Pisces": 2}, 2: {"Taurus": 1}}, event="Sol-Luna-Mercurius", event_deck=NEXT)
    finish(s)
    pt.State.from_json(s.to_json())
