"""END OF GAME and victory points (R13, R16, R18)."""

from __future__ import annotations

import pytest

import ptolemaeus as pt
from ptolemaeus.data import EVENT_CARDS, PLANETS
from scenario import (
    DRAW,
    NONE,
    SPREAD,
    TRADE,
    build,
    observe,
    place,
    tokens_of,
)

# ================================================================ points

@pytest.mark.parametrize("n, points", [(0, 0), (1, 1), (2, 2), (3, 4), (4, 5), (5, 6), (6, 8), (7, 10)])
def test_study_table(n, points):
    """END OF GAME: the study table 1=1, 2=2, 3=4, 4=5, 5=6, 6=8, 7=10."""
    s = build(2, studied={0: PLANETS[:min(n, 6)]})
    s.studied[0] = (1 << n) - 1      # all seven only at the end: with any objective that is 13 (R16)
    assert s.score_breakdown(0)["table"] == points


@pytest.mark.parametrize("asteroids, points", [(0, 0), (2, 0), (3, 1), (5, 1), (6, 2), (9, 3)])
def test_asteroid_points_one_per_three(asteroids, points):
    s = build(2, asteroids={0: asteroids})
    assert s.score_breakdown(0)["asteroids"] == points
    assert s.score(0) == points


@pytest.mark.parametrize("studied, points", [
    ([], 0), (["Sol"], 0), (["Sol", "Mars"], 0), (["Sol", "Luna"], 1), (["Luna", "Venus"], 1),
    (["Sol", "Luna", "Venus"], 3), (["Sol", "Luna", "Venus", "Mars"], 3),
])
def test_secret_objective_points(studied, points):
    """Secret objectives: 1 point for two of its three planets, 3 for all three."""
    s = build(2, studied={0: studied}, objectives={0: "Sol-Luna-Venus"})
    assert s.score_breakdown(0)["objective"] == points


def test_score_adds_everything():
    s = build(2, studied={0: ["Sol", "Luna", "Mars"]}, objectives={0: "Sol-Luna-Venus"}, asteroids={0: 4},
              novas={0: 2})
    assert s.score_breakdown(0) == {"table": 4, "nova": 2, "asteroids": 1, "objective": 1, "total": 8}
    assert s.scores() == [8, 0]


# ================================================ R16 A: twelve points at once

def _near_twelve(**kw):
    kw.setdefault("bonus_top", ["Signa Ignis"])        # no Nova Constellatio by surprise
    return build(2, objectives={0: "Sol-Luna-Venus", 1: "Venus-Mars-Saturnus"}, **kw)


def test_R16_twelve_points_counting_the_objective_end_the_game_at_once():
    s = _near_twelve(studied={0: ["Sol", "Luna", "Mercurius", "Mars", "Iupiter"]}, novas={0: 1},
                     hands={0: ["Gemini"]}, tokens={0: {"Gemini": 2}})
    assert s.score(0) == 6 + 1 + 1 and not s.is_over
    s.apply(observe("Gemini"))                     # studies Venus: 8 + objective 3 + Nova 1 = 12
    assert s.score_breakdown(0)["objective"] == 3
    assert s.score(0) == 12
    assert s.is_over and s.winners == [0] and s.end_reason == "points"
    assert s.current_player is None and s.legal_actions() == []


def test_R16_twelve_points_counting_asteroids():
    s = _near_twelve(studied={0: ["Sol", "Luna", "Venus", "Mercurius"]}, novas={0: 2}, asteroids={0: 2},
                     hands={0: ["Sagittarius"]}, tokens={0: {"Sagittarius": 2}})
    assert s.asteroid_on[pt.CONSTELLATIONS.index("Sagittarius")] == 1
    assert s.score(0) == 5 + 3 + 2
    s.apply(observe("Sagittarius"))                # 6 + 3 + 2 + the third asteroid's point = 12
    assert s.asteroids[0] == 3
    assert s.is_over and s.winners == [0]


def test_R16_twelve_points_by_a_traded_nova_constellatio():
    s = _near_twelve(studied={0: ["Sol", "Luna", "Venus", "Mercurius", "Mars"]}, novas={0: 2},
                     asteroids={0: 2}, bonus_top=["Nova Constellatio"])
    assert s.score(0) == 6 + 3 + 2
    s.apply(TRADE)
    assert s.novas[0] == 3
    assert s.is_over and s.winners == [0] and s.end_reason == "points"


def test_R16_game_ends_in_the_middle_of_an_observation():
    """R16: 'the game ends at once': the configuration's other token is never placed."""
    s = _near_twelve(studied={0: ["Sol", "Luna", "Mercurius", "Mars", "Iupiter"]}, novas={0: 1},
                     hands={0: ["Gemini", "Sagittarius"]}, tokens={0: {"Gemini": 2}})
    s.apply(observe("Gemini", "Sagittarius"))
    s.apply(place("Gemini", "Gemini"))
    assert s.is_over and s.winners == [0]
    assert "Sagittarius" not in tokens_of(s, 0)
    with pytest.raises(pt.IllegalAction):
        s.apply(place("Sagittarius", "Sagittarius"))


def test_R16_eleven_points_is_not_the_end():
    s = _near_twelve(studied={0: ["Sol", "Luna", "Mercurius", "Mars", "Iupiter"]},
                     hands={0: ["Gemini"]}, tokens={0: {"Gemini": 2}})
    s.apply(observe("Gemini"))
    assert s.score(0) == 11 and not s.is_over


# ============================================ R16 B: the Comet's revolution

def comet_end(players=2, comet="Pisces", steps=11, planets=None, **kw):
    """The last turn of a round whose end brings the Comet back (start marker on Aries)."""
    kw.setdefault("hands", {})
    return build(players, planets=planets or SPREAD, comet=comet, comet_start="Aries", comet_steps=steps,
                 event=NONE, event_deck=[], turn=3, k=players - 1, first=0, **kw)


def finish(s):
    s.apply(DRAW)
    s.apply(DRAW)


def test_R16_comet_reaching_its_start_ends_the_game():
    planets = dict(SPREAD, Sol="Leo")                 # Aries empty: the Comet lands on its start
    s = comet_end(planets=planets, studied={0: ["Sol"]}, objectives={0: "Venus-Mars-Saturnus"})
    finish(s)
    assert s.comet == "Aries" and s.comet_steps == 12
    assert s.is_over and s.end_reason == "comet" and s.winners == [0]
    assert s.current_player is None


def test_R16_comet_passing_its_start_ends_the_game():
    s = comet_end(studied={1: ["Mars"]}, objectives={1: "Sol-Luna-Venus"})   # Sol on Aries: the Comet passes it
    finish(s)
    assert s.comet == "Taurus" and s.comet_steps == 13
    assert s.is_over and s.winners == [1]


def test_R16_comet_short_of_its_start_plays_on():
    s = comet_end(comet="Aquarius", steps=10)
    finish(s)
    assert s.comet == "Pisces" and s.comet_steps == 11
    assert not s.is_over and s.round == 2


def test_R16_ends_after_the_end_of_round_step():
    """The sweep of that end-of-round step happens before the count: seat 0's tokens
    where the Comet lands go home and no longer break the tie."""
    planets = dict(SPREAD, Sol="Leo")
    s = comet_end(planets=planets, tokens={0: {"Aries": 2}, 1: {"Leo": 1}})
    finish(s)
    assert s.is_over and s.winners == [1]


# ------------------------------------------- R19: the last round ends with the Comet

def r19_end(tokens, event_deck=("Eclipsis", "Sol-Luna-Venus"), **kw):
    """The last turn before the Comet passes its start marker, with event cards still to come."""
    return build(2, planets=SPREAD, comet="Pisces", comet_start="Aries", comet_steps=11, hands={},
                 event="Sol-Luna-Mercurius", event_deck=list(event_deck), turn=3, k=1, first=0,
                 tokens=tokens, **kw)


def test_R19_the_game_ends_with_the_comets_move_no_event_card_is_revealed():
    s = r19_end(tokens={0: {"Leo": 1}})
    deck_before = list(s.event_deck)
    finish(s)
    assert s.is_over and s.end_reason == "comet"
    assert s.event_deck == deck_before                     # nothing revealed (step 2 never comes)
    assert s.event == -1                                   # the face-up card's planets moved first (1)
    assert not any(e["type"] == "reveal" for e in s.last_events)
    assert [e["type"] for e in s.last_events][-1] == "game_over"


def test_R19_no_eclipsis_after_the_comets_last_move_tokens_decide_the_tie():
    """An Eclipsis next in the deck would sweep seat 0's tokens on Virgo (Luna leaves it)
    and hand the tie-break to seat 1 (a token on Leo, where Iupiter stays); under R19 it
    is never revealed, so seat 0 wins on the tokens as they stood after the Comet's move."""
    s = r19_end(tokens={0: {"Virgo": 2}, 1: {"Leo": 1}}, studied={0: ["Sol"], 1: ["Mars"]},
                objectives={0: "Venus-Mars-Saturnus", 1: "Sol-Luna-Venus"})
    finish(s)
    assert s.scores() == [1, 1]
    assert tokens_of(s, 0) == {"Virgo": 2}                 # not swept by an Eclipsis
    assert EVENT_CARDS.index("Eclipsis") in s.event_deck   # still unrevealed
    assert s.winners == [0]
    assert not s.stack                                     # nobody is asked to discard


# ------------------------------------------------------------ tie-breaks

def test_R16_most_points_wins_before_any_tie_break():
    s = comet_end(studied={0: ["Sol", "Luna"], 1: ["Mars"]}, novas={1: 2},
                  objectives={0: "Venus-Mars-Saturnus", 1: "Sol-Luna-Venus"})
    finish(s)
    assert s.scores() == [2, 3] and s.winners == [1]


def test_R16_tie_broken_by_most_planets_studied():
    s = comet_end(studied={0: ["Sol", "Luna", "Mercurius"], 1: ["Mars", "Iupiter"]}, novas={1: 2},
                  objectives={0: "Venus-Mars-Saturnus", 1: "Sol-Luna-Venus"}, tokens={1: {"Leo": 2}})
    finish(s)
    assert s.scores() == [4, 4]
    assert s.winners == [0]


@pytest.mark.parametrize("more", [0, 1])
def test_R16_then_by_most_tokens_on_constellations(more):
    tokens = {more: {"Leo": 2}, 1 - more: {"Leo": 1}}
    s = comet_end(studied={0: ["Sol"], 1: ["Mars"]}, tokens=tokens,
                  objectives={0: "Venus-Mars-Saturnus", 1: "Sol-Luna-Venus"})
    finish(s)
    assert s.scores() == [1, 1]
    assert s.winners == [more]


def test_R16_then_shared_victory():
    s = comet_end(3, studied={0: ["Sol"], 1: ["Mars"], 2: []},
                  objectives={0: "Venus-Mars-Saturnus", 1: "Sol-Luna-Venus", 2: "Mercurius-Venus-Iupiter"},
                  tokens={0: {"Leo": 1}, 1: {"Virgo": 1}})
    finish(s)
    assert s.scores() == [1, 1, 0]
    assert s.winners == [0, 1]
    assert s.returns() == [0.5, 0.5, 0.0]


# =================================================================== R18

def test_R18_solitaire_twelve_points_before_the_revolution_wins():
    s = build(1, studied={0: ["Sol", "Luna", "Mercurius", "Mars", "Iupiter"]}, novas={0: 1},
              objectives={0: "Sol-Luna-Venus"}, hands={0: ["Gemini"]}, tokens={0: {"Gemini": 2}},
              bonus_top=["Signa Ignis"])
    s.apply(observe("Gemini"))
    assert s.is_over and s.winners == [0] and s.end_reason == "points"


def test_R18_solitaire_comet_revolution_the_sky_wins():
    s = comet_end(1, studied={0: ["Sol", "Luna", "Mercurius"]}, novas={0: 2})
    assert s.current_player == 0
    finish(s)
    assert s.is_over and s.end_reason == "comet"
    assert s.score(0) >= 6
    assert s.winners == [] and s.returns() == [0.0]


def test_R18_solitaire_rounds_are_three_turns_of_one_player():
    s = build(1, hands={})
    for _ in range(3):
        assert s.round == 1
        finish(s)
    assert s.round == 2 and s.first == 0
