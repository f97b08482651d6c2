"""The turn: A. draw 2 cards (R2, R3), B. observe 1 constellation, C. observe 1
configuration, paying (R4), placing tokens and studying planets (R5-R9)."""

from __future__ import annotations

import pytest

import ptolemaeus as pt
from ptolemaeus import actions as A
from ptolemaeus.data import CARD_NAMES, COLOUR_OF, CONSTELLATIONS
from scenario import (
    DRAW,
    END,
    SPREAD,
    build,
    card,
    cards,
    ci,
    hand_names,
    kinds,
    observe,
    of_kind,
    place,
    studied_names,
    study,
    study_b,
    take,
    token_total,
    tokens_of,
    total_cards,
)

ALL_WILD = ["Sextans"] * 5


def observes(s):
    return {a.where for a in of_kind(s, A.OBSERVE)}


def places(s):
    """The PLACE choices as {(constellation, sorted payment names)}."""
    return {(CONSTELLATIONS[a.where[0]], tuple(sorted(CARD_NAMES[c] for c in a.cards))) for a in of_kind(s, A.PLACE)}


def W(*names):
    return tuple(sorted(ci(n) for n in names))


# ====================================================================== A. DRAW

def test_draw_blind_twice_takes_the_top_cards_then_turn_passes():
    s = build(2, hands={0: []}, deck_top=["Libra", "Aquarius"])
    s.apply(DRAW)
    assert hand_names(s, 0) == ["Libra"]
    assert s.current_player == 0                       # second card still to draw
    s.apply(DRAW)
    assert hand_names(s, 0) == ["Aquarius", "Libra"]
    assert s.current_player == 1
    assert total_cards(s) == 65


def test_draw_face_up_is_replaced_from_the_deck():
    s = build(2, hands={0: []}, display=["Aries", "Taurus", "Gemini", "Cancer", "Leo", "Virgo"],
              deck_top=["Pisces", "Libra"])
    s.apply(take("Leo"))
    assert hand_names(s, 0) == ["Leo"]
    assert sorted(s.display) == sorted(cards("Aries", "Taurus", "Gemini", "Cancer", "Virgo", "Pisces"))
    s.apply(take("Pisces"))                             # the replacement can be taken as the second card
    assert hand_names(s, 0) == ["Leo", "Pisces"]
    assert card("Libra") in s.display
    assert s.current_player == 1


def test_draw_one_blind_one_face_up():
    s = build(2, hands={0: []}, deck_top=["Libra", "Aquarius"])
    s.apply(DRAW)
    s.apply(take("Gemini"))
    assert hand_names(s, 0) == ["Gemini", "Libra"]
    assert card("Aquarius") in s.display          # the replacement came from the deck
    assert s.current_player == 1


def test_R2_face_up_wildcard_is_the_whole_draw():
    """R2: a player taking a face-up wildcard cannot draw a second card."""
    s = build(2, hands={0: []}, display=["Sextans", "Taurus", "Gemini", "Cancer", "Leo", "Virgo"],
              deck_top=["Libra"])
    s.apply(take("Sextans"))
    assert hand_names(s, 0) == ["Sextans"]
    assert s.current_player == 1                         # turn over after one card
    assert card("Libra") in s.display                    # still replaced from the deck


def test_R2_face_up_wildcard_not_allowed_as_second_card():
    s = build(2, hands={0: []}, display=["Sextans", "Taurus", "Gemini", "Cancer", "Leo", "Virgo"],
              deck_top=["Libra", "Aquarius"])
    s.apply(take("Taurus"))
    assert take("Sextans") not in s.legal_actions()
    before = s.to_json()
    with pytest.raises(pt.IllegalAction):
        s.apply(take("Sextans"))
    assert s.to_json() == before
    assert take("Gemini") in s.legal_actions() and DRAW in s.legal_actions()


def test_R2_blind_wildcard_ends_nothing():
    s = build(2, hands={0: []}, deck_top=["Sextans", "Libra"])
    s.apply(DRAW)
    assert hand_names(s, 0) == ["Sextans"]
    assert s.current_player == 0 and kinds(s) == {A.DRAW_DECK, A.TAKE}
    s.apply(DRAW)
    assert hand_names(s, 0) == ["Libra", "Sextans"]


def test_R2_blind_wildcard_then_face_up_wildcard_still_refused():
    s = build(2, hands={0: []}, display=["Sextans", "Taurus", "Gemini", "Cancer", "Leo", "Virgo"],
              deck_top=["Sextans"])
    s.apply(DRAW)
    assert take("Sextans") not in s.legal_actions()


def test_R3_deck_reshuffled_from_discards_when_empty():
    """R3: when the constellation deck has no more cards the discards become the new deck."""
    s = build(2, hands={0: []}, deck=[])
    n_discards = sum(s.discards)
    assert s.deck == [] and n_discards > 0
    assert DRAW in s.legal_actions()
    s.apply(DRAW)
    assert sum(s.hands[0]) == 1
    assert sum(s.discards) == 0 and len(s.deck) == n_discards - 1
    assert total_cards(s) == 65


def test_R3_face_up_replacement_comes_from_reshuffled_discards():
    s = build(2, hands={0: []}, deck=[], discards=[])    # every leftover card is in the discards
    s.apply(take("Aries"))
    assert len(s.display) == 6
    assert total_cards(s) == 65


def _all_cards_out(keep_display=6):
    """Hands holding every card but a display: deck and discards empty."""
    display = ["Aries", "Taurus", "Gemini", "Cancer", "Leo", "Virgo"][:keep_display]
    names = [n for n in pt.CARD_NAMES for _ in range(5)]
    for d in display:
        names.remove(d)
    return {0: names[:30], 1: names[30:]}, display


def test_R3_display_stays_short_when_deck_and_discards_are_empty():
    hands, display = _all_cards_out()
    s = build(2, hands=hands, display=display, deck=[])
    assert s.deck == [] and not any(s.discards)
    assert DRAW not in s.legal_actions()                 # nothing to draw blind
    s.apply(take("Aries"))
    assert len(s.display) == 5
    s.apply(take("Taurus"))
    assert len(s.display) == 4
    assert s.current_player == 1


def test_R3_five_of_a_colour_after_a_take_lays_out_six_new():
    """R3: at any moment, five face-up cards of one colour -> discard all six, lay out six new."""
    s = build(2, hands={0: []}, display=["Aries", "Leo", "Sagittarius", "Aries", "Taurus", "Gemini"],
              deck_top=["Leo", "Cancer", "Virgo", "Gemini", "Libra", "Scorpius", "Pisces"])
    s.apply(take("Taurus"))                               # Leo comes up: five red
    assert sorted(c for c in range(13) for _ in range(s.discards[c])) == \
        sorted(cards("Aries", "Leo", "Sagittarius", "Aries", "Gemini", "Leo"))
    assert sorted(s.display) == sorted(cards("Cancer", "Virgo", "Gemini", "Libra", "Scorpius", "Pisces"))
    assert total_cards(s) == 65


def test_R3_five_of_a_colour_repeats_while_it_happens():
    s = build(2, hands={0: []}, display=["Aries", "Leo", "Sagittarius", "Aries", "Taurus", "Gemini"],
              deck_top=["Leo",
                        "Cancer", "Pisces", "Scorpius", "Cancer", "Pisces", "Virgo",    # five blue again
                        "Gemini", "Libra", "Taurus", "Leo", "Aquarius", "Sextans"])
    s.apply(take("Taurus"))
    assert sum(s.discards) == 12
    assert sorted(s.display) == sorted(cards("Gemini", "Libra", "Taurus", "Leo", "Aquarius", "Sextans"))


def test_R3_wildcards_have_no_colour():
    """R3: wildcards have no colour: four red and two wildcards are not five of a colour."""
    s = build(2, hands={0: []}, display=["Aries", "Leo", "Sagittarius", "Aries", "Sextans", "Taurus"],
              deck_top=["Sextans"])
    s.apply(take("Taurus"))                # a wildcard comes up: 4 red + 2 wild
    assert sum(s.discards) == 0
    assert sorted(s.display) == sorted(cards("Aries", "Leo", "Sagittarius", "Aries", "Sextans", "Sextans"))
    s2 = build(2, hands={0: []}, display=["Aries", "Leo", "Sagittarius", "Aries", "Sextans", "Taurus"],
               deck_top=["Leo"])
    s2.apply(take("Taurus"))               # a fifth red card comes up: reset
    assert sum(s2.discards) == 6


def test_draw_action_is_one_of_the_three_actions():
    s = build(2, hands={0: []})
    s.apply(DRAW)
    s.apply(DRAW)
    assert s.current_player == 1 and s.player == 1        # nothing else to do: turn over


# ====================================================== B. OBSERVE constellation

def test_observe_needs_a_planet_or_the_comet():
    """B: a token may be placed only where at least one planet or the Comet is."""
    s = build(2, hands={0: ALL_WILD})           # SPREAD: Taurus, Libra, Scorpius, Aquarius are empty
    assert s.comet == "Pisces"
    singles = {w[0] for w in observes(s) if len(w) == 1}
    assert singles == {ci(n) for n in ("Aries", "Gemini", "Cancer", "Leo", "Virgo", "Sagittarius",
                                       "Capricornus", "Pisces")}
    with pytest.raises(pt.IllegalAction):
        s.apply(observe("Libra"))



def test_observe_constellation_places_one_token_and_discards_the_card():
    s = build(2, hands={0: ["Sagittarius", "Taurus"]})
    s.apply(observe("Sagittarius"))       # one way to pay: applied at once
    assert tokens_of(s, 0) == {"Sagittarius": 1}
    assert s.reserve[0] == 9
    assert hand_names(s, 0) == ["Taurus"]
    assert s.discards[card("Sagittarius")] == 1
    assert s.current_player == 1          # one action per turn


def test_observe_the_comet_alone():
    """B: the Comet alone makes a constellation observable."""
    s = build(2, hands={0: ["Pisces"]})
    assert s.comet == "Pisces"
    s.apply(observe("Pisces"))
    assert tokens_of(s, 0) == {"Pisces": 1}


# ============================================ C. OBSERVE configuration

def test_configurations_on_the_board_exactly():
    """C: every constellation with a planet or the Comet, and exactly the
    oppositions (i, i+6), trines (a colour), squares (i, i+3, both ways round)
    that the pieces form -- worked out by hand for the SPREAD sky:
    Sol Aries, Venus Gemini, Mercurius Cancer, Iupiter Leo, Luna Virgo,
    Mars Sagittarius, Saturnus Capricornus, Comet Pisces."""
    s = build(2, hands={0: ALL_WILD})
    expected = {
        W("Aries"), W("Gemini"), W("Cancer"), W("Leo"), W("Virgo"), W("Sagittarius"), W("Capricornus"),
        W("Pisces"),
        # oppositions
        W("Gemini", "Sagittarius"), W("Cancer", "Capricornus"), W("Virgo", "Pisces"),
        # the one complete trine (red); blue lacks Scorpius, green Taurus, yellow Libra+Aquarius
        W("Aries", "Leo", "Sagittarius"),
        # squares
        W("Aries", "Cancer"), W("Gemini", "Virgo"), W("Virgo", "Sagittarius"), W("Sagittarius", "Pisces"),
        W("Capricornus", "Aries"), W("Pisces", "Gemini"),
    }
    assert observes(s) == expected


def test_conjunction_two_planets_on_one_constellation():
    """C Conjunction: two planets on one constellation: two tokens there."""
    s = build(2, planets=dict(SPREAD, Venus="Cancer"), hands={0: ["Cancer", "Cancer"]})
    assert W("Cancer", "Cancer") in observes(s)
    s.apply(observe("Cancer", "Cancer"))
    assert tokens_of(s, 0) == {"Cancer": 2}
    assert hand_names(s, 0) == []
    assert s.discards[card("Cancer")] == 2


def test_conjunction_with_alternative_combinations():
    s = build(2, planets=dict(SPREAD, Venus="Cancer"), hands={0: ["Cancer", "Scorpius", "Pisces"]})
    s.apply(observe("Cancer", "Cancer"))
    # either order: the Cancer card for one token, Scorpius+Pisces (two blue) for the other
    assert places(s) == {("Cancer", ("Cancer",)), ("Cancer", ("Pisces", "Scorpius"))}
    s.apply(place("Cancer", "Scorpius", "Pisces"))
    assert tokens_of(s, 0) == {"Cancer": 2} and hand_names(s, 0) == []


def test_conjunction_never_with_the_comet_nor_one_planet():
    """C note: the Comet never shares a constellation, so it never forms a conjunction;
    one planet alone is no conjunction either."""
    s = build(2, hands={0: ALL_WILD})
    assert not any(len(w) == 2 and w[0] == w[1] for w in observes(s))
    assert s.comet_at not in s.pos


def test_conjunction_of_three_planets_is_still_two_tokens():
    s = build(2, planets=dict(SPREAD, Venus="Cancer", Sol="Cancer"), hands={0: ALL_WILD})
    conj = [w for w in observes(s) if len(w) == 2 and w[0] == w[1]]
    assert conj == [W("Cancer", "Cancer")]


def test_opposition_places_one_token_on_each():
    s = build(2, hands={0: ["Gemini", "Sagittarius"]})
    s.apply(observe("Gemini", "Sagittarius"))
    # two ways (Gemini first or Sagittarius first), each paying its own card
    assert places(s) == {("Gemini", ("Gemini",)), ("Sagittarius", ("Sagittarius",))}
    s.apply(place("Gemini", "Gemini"))
    assert tokens_of(s, 0) == {"Gemini": 1, "Sagittarius": 1}
    assert hand_names(s, 0) == []


def test_opposition_with_the_comet():
    """C Opposition note: a planet opposite the Comet (Luna Virgo - Comet Pisces)."""
    s = build(2, hands={0: ["Virgo", "Pisces"]})
    s.apply(observe("Virgo", "Pisces"))
    s.apply(place("Pisces", "Pisces"))
    assert tokens_of(s, 0) == {"Virgo": 1, "Pisces": 1}


def test_opposition_needs_both_ends_occupied():
    s = build(2, hands={0: ALL_WILD})
    # Aries (Sol) - Libra (empty); Leo (Iupiter) - Aquarius (empty)
    assert W("Aries", "Libra") not in observes(s)
    assert W("Leo", "Aquarius") not in observes(s)


def test_trine_three_of_a_colour():
    s = build(2, hands={0: ["Aries", "Leo", "Sagittarius"]})
    s.apply(observe("Aries", "Leo", "Sagittarius"))
    s.apply(place("Leo", "Leo"))
    s.apply(place("Aries", "Aries"))
    assert tokens_of(s, 0) == {"Aries": 1, "Leo": 1, "Sagittarius": 1}
    assert hand_names(s, 0) == []


def test_trine_with_the_comet():
    """C Trine note: two planets and the Comet (Cancer, Scorpius, Comet Pisces)."""
    s = build(2, planets=dict(SPREAD, Saturnus="Scorpius"), hands={0: ["Cancer", "Scorpius", "Pisces"]})
    assert s.comet == "Pisces"
    assert W("Cancer", "Scorpius", "Pisces") in observes(s)
    s.apply(observe("Cancer", "Scorpius", "Pisces"))
    s.apply(place("Pisces", "Pisces"))
    s.apply(place("Cancer", "Cancer"))
    assert tokens_of(s, 0) == {"Cancer": 1, "Scorpius": 1, "Pisces": 1}


def test_trine_needs_all_three():
    s = build(2, hands={0: ALL_WILD})
    assert W("Cancer", "Scorpius", "Pisces") not in observes(s)     # Scorpius is empty
    assert W("Taurus", "Virgo", "Capricornus") not in observes(s)   # Taurus is empty


def test_square_with_the_comet_rulebook_example_gemini_pisces():
    """C Square: Gemini-Pisces is a square (two constellations between them, across
    Aries); note 1: with the Comet (on Pisces)."""
    s = build(2, hands={0: ["Gemini", "Pisces"]})
    s.apply(observe("Gemini", "Pisces"))
    s.apply(place("Gemini", "Gemini"))
    assert tokens_of(s, 0) == {"Gemini": 1, "Pisces": 1}


def test_square_both_ways_around():
    """Gemini (Venus) squares Virgo (Luna) clockwise and Pisces (Comet) anticlockwise."""
    s = build(2, hands={0: ALL_WILD})
    obs = observes(s)
    assert W("Gemini", "Virgo") in obs and W("Gemini", "Pisces") in obs
    # Capricornus-Aries crosses the Pisces/Aries seam clockwise
    assert W("Capricornus", "Aries") in obs


def test_no_configuration_from_other_distances():
    s = build(2, hands={0: ALL_WILD})
    obs = observes(s)
    assert W("Aries", "Gemini") not in obs          # 2 apart
    assert W("Aries", "Leo") not in obs             # 4 apart: only part of a trine
    assert W("Gemini", "Leo") not in obs
    assert W("Aries", "Virgo") not in obs           # 5 apart


# =================================================================== R4

def test_R4_exact_card():
    s = build(2, hands={0: ["Sagittarius"]})
    s.apply(observe("Sagittarius"))
    assert tokens_of(s, 0) == {"Sagittarius": 1} and hand_names(s, 0) == []


@pytest.mark.parametrize("hand", [["Aries", "Leo"], ["Aries", "Aries"], ["Leo", "Leo"]])
def test_R4_two_cards_of_its_colour_even_same_name(hand):
    """R4: two cards of the observed constellation's colour (here red for Sagittarius);
    the alternative combinations can be cards of the same name."""
    s = build(2, hands={0: hand})
    assert W("Sagittarius") in observes(s)
    s.apply(observe("Sagittarius"))
    assert tokens_of(s, 0) == {"Sagittarius": 1} and hand_names(s, 0) == []


@pytest.mark.parametrize("hand", [["Scorpius", "Pisces", "Cancer"], ["Scorpius"] * 3,
                                  ["Pisces", "Pisces", "Cancer"], ["Taurus", "Virgo", "Capricornus"]])
def test_R4_three_cards_of_one_other_colour(hand):
    s = build(2, hands={0: hand})
    assert W("Sagittarius") in observes(s)
    s.apply(observe("Sagittarius"))
    assert tokens_of(s, 0) == {"Sagittarius": 1} and hand_names(s, 0) == []


@pytest.mark.parametrize("hand", [["Scorpius", "Pisces", "Taurus"], ["Cancer", "Virgo", "Gemini"],
                                  ["Cancer", "Pisces"], ["Aries"], ["Taurus", "Taurus"]])
def test_R4_mixed_or_too_few_other_colour_cards_are_rejected(hand):
    """R4: three cards of a different colour must be of ONE colour; two of
    another colour or a single same-colour card pay nothing."""
    s = build(2, hands={0: hand})
    assert W("Sagittarius") not in observes(s)
    before = s.to_json()
    with pytest.raises(pt.IllegalAction):
        s.apply(observe("Sagittarius"))
    assert s.to_json() == before


def test_R4_wildcard_for_any_single_card():
    s = build(2, hands={0: ["Sextans"]})
    singles = {w for w in observes(s) if len(w) == 1}
    assert len(singles) == 8                           # every observable constellation
    assert not any(len(w) > 1 for w in observes(s))    # but a wildcard is one card only
    s.apply(observe("Capricornus"))
    assert tokens_of(s, 0) == {"Capricornus": 1} and hand_names(s, 0) == []


def test_R4_all_non_dominated_payment_options_offered():
    s = build(2, hands={0: ["Sagittarius", "Aries", "Leo", "Sextans", "Cancer", "Pisces", "Scorpius"]})
    s.apply(observe("Sagittarius"))
    assert places(s) == {
        ("Sagittarius", ("Sagittarius",)),
        ("Sagittarius", ("Aries", "Leo")),
        ("Sagittarius", ("Cancer", "Pisces", "Scorpius")),
        ("Sagittarius", ("Sextans",)),
    }
    s.apply(place("Sagittarius", "Cancer", "Pisces", "Scorpius"))
    assert hand_names(s, 0) == ["Aries", "Leo", "Sagittarius", "Sextans"]


def test_R4_payment_is_per_token_cards_not_shared():
    """R4: each token of a configuration needs its own payment."""
    s = build(2, hands={0: ["Aries", "Leo"]})            # pays Sagittarius, nothing left for Gemini
    assert W("Sagittarius") in observes(s)
    assert W("Gemini", "Sagittarius") not in observes(s)
    s = build(2, hands={0: ["Aries", "Leo", "Gemini"]})
    assert W("Gemini", "Sagittarius") in observes(s)


def test_R4_configuration_payment_keeps_the_rest_payable():
    """Only payments that leave the other tokens payable are offered."""
    s = build(2, hands={0: ["Sextans", "Aries", "Leo"]})
    s.apply(observe("Gemini", "Sagittarius"))
    # Gemini can only be paid with the wildcard; Sagittarius with Aries+Leo or the wildcard,
    # but the wildcard on Sagittarius would leave Gemini unpaid.
    assert places(s) == {("Gemini", ("Sextans",)), ("Sagittarius", ("Aries", "Leo"))}


def test_observation_not_offered_when_unaffordable():
    s = build(2, hands={0: ["Taurus"]})
    assert observes(s) == set()
    s = build(2, hands={0: []})
    assert kinds(s) == {A.DRAW_DECK, A.TAKE}


def test_payment_module_matches_R4():
    from ptolemaeus.payment import can_pay, payment_options

    def hand(*names):
        h = [0] * 13
        for n in names:
            h[card(n)] += 1
        return h

    sag = ci("Sagittarius")
    assert payment_options(hand("Sagittarius"), sag) == [(sag,)]
    assert payment_options(hand("Aries", "Leo"), sag) == [tuple(sorted(cards("Aries", "Leo")))]
    assert payment_options(hand("Cancer", "Pisces", "Taurus"), sag) == []
    assert not can_pay(hand("Sextans"), (sag, sag))
    assert can_pay(hand("Sextans", "Sagittarius"), (sag, sag))
    # colours from the rulings: Aries/Leo/Sagittarius red, Cancer/Scorpius/Pisces blue
    assert COLOUR_OF[ci("Aries")] == COLOUR_OF[ci("Leo")] == COLOUR_OF[ci("Sagittarius")]
    assert COLOUR_OF[ci("Cancer")] == COLOUR_OF[ci("Scorpius")] == COLOUR_OF[ci("Pisces")]
    assert COLOUR_OF[ci("Taurus")] == COLOUR_OF[ci("Virgo")] == COLOUR_OF[ci("Capricornus")]
    assert COLOUR_OF[ci("Gemini")] == COLOUR_OF[ci("Libra")] == COLOUR_OF[ci("Aquarius")]
    assert len({COLOUR_OF[ci(n)] for n in ("Aries", "Taurus", "Gemini", "Cancer")}) == 4


# ============================================= placing tokens: R5, R6, R7

def test_R5_third_token_studies_at_once_study_A():
    """STUDYING A / R5 / R9: the third token studies the planet; one token to the
    study area, two to the reserve; the Asteroid and a bonus card are taken."""
    s = build(2, hands={0: ["Sagittarius"]}, tokens={0: {"Sagittarius": 2}}, bonus_top=["Venus Retrograda"])
    assert s.reserve[0] == 8
    s.apply(observe("Sagittarius"))
    assert studied_names(s, 0) == {"Mars"}
    assert tokens_of(s, 0) == {}
    assert s.reserve[0] == 9                     # 8 - 1 placed + 2 back
    assert token_total(s, 0) == 10
    assert s.asteroid_on[ci("Sagittarius")] == 0 and s.asteroids[0] == 1
    assert s.bonus_hands[0][pt.actions.BONUS_INDEX["Venus Retrograda"]] == 1
    assert s.score(0) == 1


def test_R5_choose_which_planet_when_several_unstudied():
    """STUDYING: two planets on the constellation -> the player chooses one."""
    s = build(2, planets=dict(SPREAD, Sol="Cancer"), hands={0: ["Cancer"]}, tokens={0: {"Cancer": 2}})
    s.apply(observe("Cancer"))
    assert s.current_player == 0
    assert set(s.legal_actions()) == {study("Sol"), study("Mercurius")}
    s.apply(study("Mercurius"))
    assert studied_names(s, 0) == {"Mercurius"}
    assert tokens_of(s, 0) == {}


def test_R5_only_unstudied_planet_is_studied():
    s = build(2, planets=dict(SPREAD, Sol="Cancer"), hands={0: ["Cancer"]}, tokens={0: {"Cancer": 2}},
              studied={0: ["Sol"]})
    s.apply(observe("Cancer"))
    assert studied_names(s, 0) == {"Sol", "Mercurius"}


def test_R5_conjunction_on_two_tokens_studies_with_first_second_starts_afresh():
    """R5: conjunction where the player has 2 tokens: the first token studies,
    the second one is the first of a fresh count there."""
    s = build(2, planets=dict(SPREAD, Venus="Cancer"), hands={0: ["Cancer", "Cancer"]},
              tokens={0: {"Cancer": 2}})
    s.apply(observe("Cancer", "Cancer"))
    assert set(s.legal_actions()) == {study("Mercurius"), study("Venus")}
    s.apply(study("Venus"))
    assert studied_names(s, 0) == {"Venus"}
    assert tokens_of(s, 0) == {"Cancer": 1}
    assert s.reserve[0] == 8 and token_total(s, 0) == 10


def test_R5_study_two_planets_in_one_configuration():
    s = build(2, hands={0: ["Gemini", "Sagittarius"]}, tokens={0: {"Gemini": 2, "Sagittarius": 2}})
    s.apply(observe("Gemini", "Sagittarius"))
    s.apply(place("Gemini", "Gemini"))
    assert studied_names(s, 0) == {"Venus", "Mars"}
    assert tokens_of(s, 0) == {}


def test_R5_third_token_where_only_studied_planets_is_illegal():
    """STUDYING: on a constellation whose planets the player has all studied, two tokens but not a third."""
    s = build(2, hands={0: ["Sagittarius", "Sextans", "Gemini", "Aries", "Leo"]},
              tokens={0: {"Sagittarius": 2}}, studied={0: ["Mars"]})
    obs = observes(s)
    assert W("Sagittarius") not in obs
    assert W("Gemini", "Sagittarius") not in obs           # illegal as a whole
    assert W("Aries", "Leo", "Sagittarius") not in obs
    assert W("Gemini") in obs
    with pytest.raises(pt.IllegalAction):
        s.apply(observe("Sagittarius"))


def test_R5_two_tokens_allowed_where_planet_studied():
    s = build(2, hands={0: ["Sagittarius"]}, tokens={0: {"Sagittarius": 1}}, studied={0: ["Mars"]})
    s.apply(observe("Sagittarius"))
    assert tokens_of(s, 0) == {"Sagittarius": 2}


def test_R5_conjunction_third_token_needs_an_unstudied_planet():
    planets = dict(SPREAD, Venus="Cancer")
    s = build(2, planets=planets, hands={0: ALL_WILD}, tokens={0: {"Cancer": 1}}, studied={0: ["Mercurius", "Venus"]})
    assert W("Cancer", "Cancer") not in observes(s)        # the second token would be a third
    assert W("Cancer") in observes(s)
    s = build(2, planets=planets, hands={0: ALL_WILD}, tokens={0: {"Cancer": 1}}, studied={0: ["Mercurius"]})
    assert W("Cancer", "Cancer") in observes(s)
    s.apply(observe("Cancer", "Cancer"))
    assert studied_names(s, 0) == {"Mercurius", "Venus"}


def test_R5_comet_two_token_limit():
    """STUDYING / R5: the Comet is not a planet: never a third token with it."""
    s = build(2, hands={0: ALL_WILD}, tokens={0: {"Pisces": 2}})
    obs = observes(s)
    assert W("Pisces") not in obs
    assert W("Virgo", "Pisces") not in obs and W("Gemini", "Pisces") not in obs
    assert W("Sagittarius", "Pisces") not in obs
    s = build(2, hands={0: ALL_WILD}, tokens={0: {"Pisces": 1}})
    assert W("Pisces") in observes(s)
    s.apply(observe("Pisces"))
    assert tokens_of(s, 0) == {"Pisces": 2}


def test_R5_other_players_tokens_do_not_count():
    s = build(2, hands={0: ["Sagittarius"]}, tokens={0: {"Sagittarius": 1}, 1: {"Sagittarius": 2}})
    s.apply(observe("Sagittarius"))
    assert tokens_of(s, 0) == {"Sagittarius": 2} and s.studied[0] == 0
    assert tokens_of(s, 1) == {"Sagittarius": 2}


def test_R5_placement_order_is_the_players_choice():
    s = build(2, hands={0: ALL_WILD})
    s.apply(observe("Aries", "Leo", "Sagittarius"))
    assert {a.where[0] for a in of_kind(s, A.PLACE)} == {ci("Aries"), ci("Leo"), ci("Sagittarius")}


def test_R7_empty_reserve_takes_a_token_from_the_board():
    """R7 / Note 2: no token in reserve -> move one already on the board."""
    on_board = {"Taurus": 2, "Libra": 2, "Scorpius": 2, "Aquarius": 2, "Aries": 1, "Leo": 1}
    s = build(2, hands={0: ["Sagittarius"]}, tokens={0: on_board})
    assert s.reserve[0] == 0
    s.apply(observe("Sagittarius"))
    sources = {a.source for a in of_kind(s, A.PLACE)}
    assert sources == {ci(n) for n in on_board}
    s.apply(place("Sagittarius", "Sagittarius", source="Taurus"))
    assert tokens_of(s, 0) == dict(on_board, Taurus=1, Sagittarius=1)
    assert s.reserve[0] == 0 and token_total(s, 0) == 10


def test_R7_empty_reserve_third_token_from_the_board_studies():
    on_board = {"Sagittarius": 2, "Taurus": 2, "Libra": 2, "Scorpius": 2, "Aquarius": 2}
    s = build(2, hands={0: ["Sagittarius"]}, tokens={0: on_board})
    s.apply(observe("Sagittarius"))
    assert ci("Sagittarius") not in {a.source for a in of_kind(s, A.PLACE)}
    s.apply(place("Sagittarius", "Sagittarius", source="Libra"))
    assert studied_names(s, 0) == {"Mars"}
    assert tokens_of(s, 0) == {"Taurus": 2, "Libra": 1, "Scorpius": 2, "Aquarius": 2}
    assert s.reserve[0] == 2 and token_total(s, 0) == 10


def test_R7_study_refills_reserve_for_the_next_token():
    """Placements are one at a time (R5): the two tokens a study returns are
    in the reserve for the configuration's next token."""
    on_board = {"Sagittarius": 2, "Taurus": 2, "Libra": 2, "Scorpius": 2, "Aquarius": 2}
    s = build(2, hands={0: ["Sagittarius", "Gemini"]}, tokens={0: on_board})
    s.apply(observe("Gemini", "Sagittarius"))
    s.apply(place("Sagittarius", "Sagittarius", source="Taurus"))
    # now the reserve holds 2: Gemini's token comes from there, no choice left
    assert tokens_of(s, 0) == {"Taurus": 1, "Libra": 2, "Scorpius": 2, "Aquarius": 2, "Gemini": 1}
    assert s.reserve[0] == 1


# ======================================================= R8: study B

def _draw_twice(s):
    s.apply(DRAW)
    s.apply(DRAW)


def test_R8_study_B_after_the_action():
    s = build(2, hands={0: []}, tokens={0: {"Sagittarius": 2, "Taurus": 1, "Libra": 1}},
              bonus_top=["Signa Aeris"])
    assert not of_kind(s, A.STUDY_B)                    # not before the action
    _draw_twice(s)
    assert s.current_player == 0
    assert set(of_kind(s, A.STUDY_B)) == {study_b("Sagittarius", "Taurus", "Libra", "Mars")}
    assert END in s.legal_actions()                      # optional
    s.apply(study_b("Sagittarius", "Taurus", "Libra", "Mars"))
    assert studied_names(s, 0) == {"Mars"}
    assert tokens_of(s, 0) == {}
    assert s.reserve[0] == 9                            # 3 back to the reserve, 1 in the study area
    assert s.asteroids[0] == 1 and s.asteroid_on[ci("Sagittarius")] == 0      # R9
    assert s.bonus_hands[0][pt.actions.BONUS_INDEX["Signa Aeris"]] == 1       # R9


def test_R8_player_chooses_which_two_other_tokens():
    s = build(2, hands={0: []}, tokens={0: {"Sagittarius": 2, "Taurus": 1, "Libra": 1, "Aries": 2}})
    _draw_twice(s)
    assert set(of_kind(s, A.STUDY_B)) == {
        study_b("Sagittarius", "Taurus", "Libra", "Mars"),
        study_b("Sagittarius", "Taurus", "Aries", "Mars"),
        study_b("Sagittarius", "Libra", "Aries", "Mars"),
        study_b("Sagittarius", "Aries", "Aries", "Mars"),
        study_b("Aries", "Sagittarius", "Sagittarius", "Sol"),
        study_b("Aries", "Sagittarius", "Taurus", "Sol"),
        study_b("Aries", "Sagittarius", "Libra", "Sol"),
        study_b("Aries", "Taurus", "Libra", "Sol"),
    }
    s.apply(study_b("Sagittarius", "Aries", "Aries", "Mars"))
    assert tokens_of(s, 0) == {"Taurus": 1, "Libra": 1}


def test_R8_study_B_chooses_among_planets():
    s = build(2, planets=dict(SPREAD, Sol="Cancer"), hands={0: []},
              tokens={0: {"Cancer": 2, "Taurus": 2}})
    _draw_twice(s)
    assert set(of_kind(s, A.STUDY_B)) == {study_b("Cancer", "Taurus", "Taurus", "Sol"),
                                          study_b("Cancer", "Taurus", "Taurus", "Mercurius")}


def test_R8_study_B_as_often_as_allowed():
    s = build(2, hands={0: []}, tokens={0: {"Sagittarius": 2, "Aries": 2, "Taurus": 2, "Libra": 2}})
    _draw_twice(s)
    s.apply(study_b("Sagittarius", "Taurus", "Taurus", "Mars"))
    s.apply(study_b("Aries", "Libra", "Libra", "Sol"))
    assert studied_names(s, 0) == {"Mars", "Sol"}
    assert tokens_of(s, 0) == {} and s.reserve[0] == 8


@pytest.mark.parametrize("tokens, studied", [
    ({"Sagittarius": 2, "Taurus": 1}, []),                      # only one other token
    ({"Sagittarius": 2, "Taurus": 2}, ["Mars"]),                # planet already studied
    ({"Taurus": 2, "Libra": 2}, []),                            # no planet there
    ({"Pisces": 2, "Libra": 2}, []),                            # the Comet is no planet
    ({"Sagittarius": 1, "Taurus": 2, "Libra": 1}, []),          # one token is not two
])
def test_R8_study_B_conditions(tokens, studied):
    s = build(2, hands={0: []}, tokens={0: tokens}, studied={0: studied})
    _draw_twice(s)
    assert not of_kind(s, A.STUDY_B)
    assert s.current_player == 1                               # nothing else to do: turn passed


def test_R8_study_B_not_on_opponents_turn():
    s = build(2, hands={0: [], 1: []}, tokens={1: {"Sagittarius": 2, "Taurus": 2}}, k=0)
    _draw_twice(s)                                           # seat 0 acts; seat 1 could study B later
    assert s.current_player == 1 and not of_kind(s, A.STUDY_B)
    _draw_twice(s)
    assert of_kind(s, A.STUDY_B)


def test_R9_no_asteroid_left_no_bonus_left():
    s = build(2, hands={0: ["Sagittarius"]}, tokens={0: {"Sagittarius": 2}}, asteroids_gone=["Sagittarius"],
              asteroids={1: 1}, bonus_deck=[])
    s.apply(observe("Sagittarius"))
    assert studied_names(s, 0) == {"Mars"}
    assert s.asteroids[0] == 0 and sum(s.bonus_hands[0]) == 0 and s.novas[0] == 0
    assert s.current_player == 1


def test_studied_once_per_game():
    """STUDYING: a planet is studied only once per game, by either study."""
    s = build(2, hands={0: ["Sagittarius", "Sagittarius"]}, tokens={0: {"Sagittarius": 2, "Taurus": 2}},
              studied={0: ["Mars"]})
    assert W("Sagittarius") not in observes(s)
    _draw_twice(s)
    assert not of_kind(s, A.STUDY_B)


def test_R7_reserve_runs_out_in_the_middle_of_a_configuration():
    """R7 per token: the first token comes from the reserve, the next (reserve empty) from the board."""
    on_board = {"Taurus": 2, "Libra": 2, "Scorpius": 2, "Aquarius": 2, "Aries": 1}
    s = build(2, hands={0: ["Gemini", "Sagittarius"]}, tokens={0: on_board})
    assert s.reserve[0] == 1
    s.apply(observe("Gemini", "Sagittarius"))
    assert {a.source for a in of_kind(s, A.PLACE)} == {-1}
    s.apply(place("Gemini", "Gemini"))
    assert s.reserve[0] == 0
    assert {a.source for a in of_kind(s, A.PLACE)} == {ci(n) for n in list(on_board) + ["Gemini"]}
    s.apply(place("Sagittarius", "Sagittarius", source="Aries"))
    assert tokens_of(s, 0) == {"Taurus": 2, "Libra": 2, "Scorpius": 2, "Aquarius": 2, "Gemini": 1,
                               "Sagittarius": 1}
    assert token_total(s, 0) == 10


def test_turn_passes_when_no_action_is_possible():
    """GAMEPLAY: with no card to draw and nothing affordable to observe, the only choice is to pass."""
    names = [n for n in pt.CARD_NAMES for _ in range(5)]
    names.remove("Libra")
    s = build(2, hands={0: ["Libra"], 1: names}, display=[], deck=[])
    assert s.legal_actions() == [END]
    s.apply(END)
    assert s.current_player == 1


def test_configurations_match_an_independent_count_on_random_skies():
    """C: for many random skies, the offered observations are exactly the constellations
    with a planet or the Comet, the conjunctions (2+ planets), oppositions (6 apart),
    trines (a whole colour) and squares (3 apart) -- computed here from the rulebook."""
    import random
    rnd = random.Random(5)
    for _ in range(150):
        planets = {p: rnd.choice(CONSTELLATIONS) for p in pt.PLANETS}
        s = build(2, seed=rnd.randrange(1000), planets=planets, hands={0: ALL_WILD})
        count = {c: 0 for c in range(12)}
        for name in planets.values():
            count[ci(name)] += 1
        occ = {c for c in range(12) if count[c]} | {s.comet_at}
        assert count[s.comet_at] == 0
        expected = {(c,) for c in occ}
        expected |= {(c, c) for c in range(12) if count[c] >= 2}
        expected |= {tuple(sorted((a, (a + k) % 12))) for a in occ for k in (3, 6) if (a + k) % 12 in occ}
        expected |= {t for t in ((0, 4, 8), (1, 5, 9), (2, 6, 10), (3, 7, 11)) if set(t) <= occ}
        assert observes(s) == expected


def test_r3_short_display_is_topped_up_when_discards_allow() -> None:
    """R3: the display stays short only while deck and discards are empty."""
    import ptolemaeus as pt
    s = pt.State.setup(2, 3, {"Sol": "Cancer", "Luna": "Libra", "Mercurius": "Cancer", "Venus": "Gemini",
                              "Mars": "Sagittarius", "Iupiter": "Libra", "Saturnus": "Taurus"})
    p = s.player
    # The whole deck and three face-up cards go to the current player's hand.
    while s.deck:
        s.hands[p][s.deck.pop()] += 1
    for _ in range(3):
        s.hands[p][s.display.pop()] += 1
    s._legal = None
    assert len(s.display) == 3 and not s.deck and not any(s.discards)
    # Observing one constellation pays one card into the discards ...
    s.apply(pt.Action("observe", (3,)))           # Cancer: Sol and Mercurius are there
    s.apply(pt.Action("place", (3,), (3,)))       # paid with a Cancer card
    if s.player == p:
        s.apply(pt.Action("end_turn"))
    # ... so when the next turn begins, that card is laid out again.
    assert s.player != p
    assert len(s.display) == 4 and sum(s.discards) == 0
