"""Setup (rulebook "SETUP" steps 1-9) and rulings R3, R14, R18 at setup."""

from __future__ import annotations

import pytest

import ptolemaeus as pt
from ptolemaeus.data import (
    BONUS_COUNTS,
    BONUS_INDEX,
    COLOUR_OF,
    EVENT_CARDS,
    SOLITAIRE_REMOVED,
    WILD,
)
from ptolemaeus.rng import Rng
from scenario import APOLLO, SPREAD, ci, total_cards


def colour_counts(cards):
    counts = [0, 0, 0, 0]
    for c in cards:
        if c != WILD:
            counts[COLOUR_OF[c]] += 1
    return counts


# ---------------------------------------------------------------- step 1, 2

def test_setup_1_comet_opposite_luna_rulebook_example():
    """SETUP 1: 20 July 1969, Luna on Libra -> the Comet on Aries (the rulebook's example)."""
    s = pt.new_game(players=2, seed=3, start="1969-07-20T20:17Z")
    assert s.planets == APOLLO
    assert s.comet == "Aries"


def test_setup_1_comet_opposite_luna_when_empty():
    """SETUP 1: the Comet goes on the constellation opposite Luna (Gemini -> Sagittarius)."""
    planets = dict(SPREAD, Luna="Gemini", Mars="Taurus")     # Sagittarius left empty
    s = pt.State.setup(2, 0, planets)
    assert s.comet == "Sagittarius"


def test_setup_1_comet_skips_planets_clockwise():
    """SETUP 1 / R1: a planet on the opposite constellation pushes the Comet on
    clockwise (increasing index) to the first empty constellation."""
    planets = {"Sol": "Libra", "Luna": "Aries", "Mercurius": "Scorpius", "Venus": "Libra",
               "Mars": "Taurus", "Iupiter": "Gemini", "Saturnus": "Cancer"}
    s = pt.State.setup(2, 0, planets)
    # Libra (opposite Aries) and Scorpius hold planets: Sagittarius is the first empty one.
    assert s.comet == "Sagittarius"


def test_setup_1_comet_skipping_wraps_past_pisces():
    planets = {"Sol": "Pisces", "Luna": "Virgo", "Mercurius": "Aries", "Venus": "Taurus",
               "Mars": "Virgo", "Iupiter": "Leo", "Saturnus": "Cancer"}
    s = pt.State.setup(2, 0, planets)
    # Pisces, Aries, Taurus hold planets: clockwise from Pisces the first empty one is Gemini.
    assert s.comet == "Gemini"


def test_setup_2_comet_start_marker_on_the_comet():
    s = pt.State.setup(3, 5, SPREAD)
    assert s.comet_start == s.comet == "Pisces"
    assert s.comet_steps == 0


# ---------------------------------------------------------- steps 3, 4, 5

def test_setup_3_to_5_asteroids_turn_track_tokens():
    s = pt.State.setup(4, 9, SPREAD)
    assert s.asteroid_on == [1] * 12 and s.asteroids == [0] * 4
    assert (s.round, s.turn) == (1, 1)
    assert s.reserve == [10] * 4
    assert all(sum(t) == 0 for t in s.tokens) and s.studied == [0] * 4


def test_setup_5_objectives_distinct():
    for seed in range(50):
        s = pt.State.setup(4, seed, SPREAD)
        assert len(set(s.objectives)) == 4
        assert sorted(s.objectives + s.objective_pool) == list(range(7))


def test_setup_5_objectives_are_dealt_at_random():
    seen = {tuple(pt.State.setup(2, seed, SPREAD).objectives) for seed in range(40)}
    assert len(seen) > 10


# --------------------------------------------------------------- step 6, R3

@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_setup_6_two_cards_each_and_six_face_up(players):
    s = pt.State.setup(players, 11, SPREAD)
    assert [sum(h) for h in s.hands] == [2] * players
    assert len(s.display) == 6
    assert total_cards(s) == 65
    assert len(s.deck) == 65 - 2 * players - 6 - sum(s.discards)


def test_setup_6_deck_has_five_of_each_of_13_kinds():
    s = pt.State.setup(1, 0, SPREAD)
    counts = [s.discards[c] + s.hands[0][c] + s.deck.count(c) + s.display.count(c) for c in range(13)]
    assert counts == [5] * 13


def _rigged_shuffle(monkeypatch, arrange):
    """Make the first shuffle of a list of ``size`` items call ``arrange`` instead."""
    real = Rng.shuffle
    done = set()

    def shuffle(self, items):
        real(self, items)
        if len(items) in arrange and len(items) not in done:
            done.add(len(items))
            arrange[len(items)](items)

    monkeypatch.setattr(Rng, "shuffle", shuffle)


def test_R3_five_of_a_colour_at_setup_is_laid_out_again(monkeypatch):
    """R3 at setup: the first six face-up cards hold five red ones -> all six are
    discarded and six new ones laid out."""
    red = [ci("Aries"), ci("Leo"), ci("Sagittarius"), ci("Aries"), ci("Leo")]
    bad_six = red + [ci("Taurus")]

    def arrange(deck):
        for c in bad_six:
            deck.remove(c)
        # top of the deck = end: 4 cards for the two hands, then the six face-up
        deck[-4:-4] = list(reversed(bad_six))

    _rigged_shuffle(monkeypatch, {65: arrange})
    s = pt.State.setup(2, 0, SPREAD)
    discarded = sorted(c for c in range(13) for _ in range(s.discards[c]))
    assert discarded == sorted(bad_six)
    assert len(s.display) == 6
    assert max(colour_counts(s.display)) < 5
    assert total_cards(s) == 65


def test_R3_no_setup_display_ever_shows_five_of_a_colour():
    resets = 0
    for seed in range(1500):
        s = pt.State.setup(2, seed, SPREAD)
        assert max(colour_counts(s.display)) < 5
        if any(s.discards):
            resets += 1
            # what was discarded were whole layouts of six, each with five of a colour
            assert sum(s.discards) % 6 == 0
    assert resets > 0          # the rule did fire among these seeds


# --------------------------------------------------------------- step 7, R18

def test_setup_7_bonus_deck_of_25():
    s = pt.State.setup(2, 0, SPREAD)
    assert len(s.bonus_deck) == 25
    for name, count in BONUS_COUNTS.items():
        assert s.bonus_deck.count(BONUS_INDEX[name]) == count


def test_R18_solitaire_bonus_deck_of_17_without_opponent_cards():
    s = pt.State.setup(1, 0, SPREAD)
    assert len(s.bonus_deck) == 17
    for name in ("Nova Luna", "Maleficus Mars", "Maleficus Saturnus", "Iupiter Orientalis"):
        assert name in SOLITAIRE_REMOVED
        assert BONUS_INDEX[name] not in s.bonus_deck
    for name in ("Venus Retrograda", "Mercurius Retrogradus", "Sol in Medio Caeli", "Signa Aeris"):
        assert s.bonus_deck.count(BONUS_INDEX[name]) == 2
    assert s.bonus_deck.count(BONUS_INDEX["Nova Constellatio"]) == 3


def test_setup_7_bonus_deck_is_shuffled():
    orders = {tuple(pt.State.setup(2, seed, SPREAD).bonus_deck) for seed in range(10)}
    assert len(orders) == 10


# --------------------------------------------------------------- step 8, R14

def test_setup_8_one_event_card_face_up_twelve_below():
    for seed in range(200):
        s = pt.State.setup(2, seed, SPREAD)
        assert s.event > 0 and EVENT_CARDS[s.event] != "Eclipsis"
        assert len(s.event_deck) == 12 and 0 in s.event_deck
        assert sorted(s.event_deck + [s.event]) == list(range(13))


def test_R14_eclipsis_revealed_at_setup_is_shuffled_back(monkeypatch):
    """R14 / SETUP 8: an Eclipsis on top is shuffled back and another card revealed."""
    eclipsis = EVENT_CARDS.index("Eclipsis")
    calls = []

    real = Rng.shuffle

    def shuffle(self, items):
        real(self, items)
        if len(items) == 13 and set(items) == set(range(13)):
            items.remove(eclipsis)
            items.append(eclipsis)           # Eclipsis on top
            calls.append(13)
        elif len(items) == 12 and eclipsis in items and calls:
            calls.append(12)                 # the reshuffle after putting it back

    monkeypatch.setattr(Rng, "shuffle", shuffle)
    s = pt.State.setup(2, 0, SPREAD)
    assert calls[:1] == [13]                 # the rigged Eclipsis was on top
    assert s.event != eclipsis
    assert eclipsis in s.event_deck and len(s.event_deck) == 12
    assert s.events_seen == []


# ------------------------------------------------------------------ step 9

def test_setup_9_first_player_from_the_seed():
    firsts = [pt.State.setup(4, seed, SPREAD).first for seed in range(60)]
    assert set(firsts) == {0, 1, 2, 3}
    assert firsts == [pt.State.setup(4, seed, SPREAD).first for seed in range(60)]   # reproducible
    s = pt.State.setup(3, 7, SPREAD)
    assert s.current_player == s.first == s.player


def test_setup_is_reproducible_from_the_seed():
    a = pt.new_game(players=3, seed=42, start="1969-07-20T20:17Z")
    b = pt.new_game(players=3, seed=42, start="1969-07-20T20:17Z")
    assert a.to_json() == b.to_json()
    c = pt.new_game(players=3, seed=43, start="1969-07-20T20:17Z")
    assert a.to_json() != c.to_json()


@pytest.mark.parametrize("bad", [0, 5, -1, True, "2", 2.0])
def test_setup_rejects_bad_player_counts(bad):
    with pytest.raises(ValueError):
        pt.State.setup(bad, 0, SPREAD)


def test_setup_rejects_incomplete_planets():
    with pytest.raises(ValueError):
        pt.State.setup(2, 0, {"Sol": "Aries"})
    with pytest.raises(ValueError):
        pt.State.setup(2, 0, dict(SPREAD, Sol="Ophiuchus"))
