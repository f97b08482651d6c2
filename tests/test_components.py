"""The component data of the rulings ("Components" table) and R1, checked
against the rulings text itself, not against the engine's own tables."""

from __future__ import annotations

from itertools import combinations

from ptolemaeus import data as D

RULINGS_EVENTS = [
    "Sol-Luna-Mercurius", "Sol-Luna-Venus", "Sol-Luna-Mars", "Sol-Luna-Iupiter", "Sol-Luna-Saturnus",
    "Luna-Mercurius-Venus", "Luna-Mercurius-Mars", "Luna-Mercurius-Iupiter", "Mercurius-Venus-Mars",
    "Mercurius-Venus-Iupiter", "Mercurius-Venus-Saturnus", "Venus-Mars-Saturnus",
]


def test_constellations_in_clockwise_order_R1():
    assert D.CONSTELLATIONS == ("Aries", "Taurus", "Gemini", "Cancer", "Leo", "Virgo", "Libra", "Scorpius",
                                "Sagittarius", "Capricornus", "Aquarius", "Pisces")


def test_colours_and_trines():
    groups = {
        "red": {"Aries", "Leo", "Sagittarius"}, "green": {"Taurus", "Virgo", "Capricornus"},
        "yellow": {"Gemini", "Libra", "Aquarius"}, "blue": {"Cancer", "Scorpius", "Pisces"},
    }
    for colour, names in groups.items():
        col = D.COLOURS.index(colour)
        assert {D.CONSTELLATIONS[c] for c in range(12) if D.COLOUR_OF[c] == col} == names
        assert {D.CONSTELLATIONS[c] for c in D.TRINES[col]} == names
    assert D.COLOUR_ELEMENT == {"red": "Ignis", "green": "Terrae", "yellow": "Aeris", "blue": "Aquae"}
    assert D.SIGNA_COLOUR == {"Signa Ignis": 0, "Signa Terrae": 1, "Signa Aeris": 2, "Signa Aquae": 3}


def test_opposite_pairs_from_the_rulebook():
    """OBSERVE configuration, Opposition: Aries-Libra | Taurus-Scorpius | ... | Virgo-Pisces."""
    pairs = [("Aries", "Libra"), ("Taurus", "Scorpius"), ("Gemini", "Sagittarius"), ("Cancer", "Capricornus"),
             ("Leo", "Aquarius"), ("Virgo", "Pisces")]
    for a, b in pairs:
        assert (D.CONST_INDEX[b] - D.CONST_INDEX[a]) % 12 == 6


def test_65_constellation_cards():
    assert D.N_CONSTELLATION_CARDS == 65 and D.COPIES_PER_CARD == 5 and D.CARD_KINDS == 13
    assert D.CARD_NAMES[D.WILD] == "Sextans"


def test_planets_and_max_moves_match_the_event_cards():
    """The printed move numbers (Luna 8 ... Saturnus 3) are how often the event cards name each planet."""
    assert D.MAX_MOVES == {"Luna": 8, "Mercurius": 7, "Venus": 6, "Sol": 5, "Mars": 4, "Iupiter": 3, "Saturnus": 3}
    for planet, moves in D.MAX_MOVES.items():
        assert sum(planet in card.split("-") for card in RULINGS_EVENTS) == moves
    assert sum(D.MAX_MOVES.values()) == 36


def test_13_event_cards():
    assert list(D.EVENT_CARDS) == ["Eclipsis"] + RULINGS_EVENTS
    for card in RULINGS_EVENTS:
        assert [D.PLANETS[i] for i in D.EVENT_PLANETS[card]] == card.split("-")


def test_25_bonus_cards():
    assert D.N_BONUS_CARDS == 25
    for name in ("Nova Luna", "Venus Retrograda", "Maleficus Mars", "Maleficus Saturnus",
                 "Mercurius Retrogradus", "Sol in Medio Caeli", "Iupiter Orientalis",
                 "Signa Aeris", "Signa Aquae", "Signa Ignis", "Signa Terrae"):
        assert D.BONUS_COUNTS[name] == 2
    assert D.BONUS_COUNTS["Nova Constellatio"] == 3
    assert D.BONUS_UPGRADE_PLANET == {
        "Nova Luna": "Luna", "Venus Retrograda": "Venus", "Maleficus Mars": "Mars",
        "Maleficus Saturnus": "Saturnus", "Mercurius Retrogradus": "Mercurius",
        "Sol in Medio Caeli": "Sol", "Iupiter Orientalis": "Iupiter",
    }
    assert set(D.SOLITAIRE_REMOVED) == {"Nova Luna", "Maleficus Mars", "Maleficus Saturnus", "Iupiter Orientalis"}


def test_7_objectives_each_pair_of_planets_on_exactly_one():
    assert len(D.OBJECTIVES) == 7
    for pair in combinations(D.PLANETS, 2):
        assert sum(set(pair) <= set(o) for o in D.OBJECTIVES) == 1


def test_tokens_asteroids_and_tables():
    assert D.TOKENS_PER_PLAYER == 10 and D.N_ASTEROIDS == 12
    assert D.STUDY_POINTS == (0, 1, 2, 4, 5, 6, 8, 10)
    assert D.OBJECTIVE_POINTS == (0, 0, 1, 3)
    assert D.WINNING_POINTS == 12 and D.ASTEROIDS_PER_POINT == 3 and D.ASTEROIDS_PER_TRADE == 2
    assert (D.MIN_PLAYERS, D.MAX_PLAYERS) == (1, 4)
