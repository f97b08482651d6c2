"""R17: hands, secret objectives and the order of every deck are hidden:
``view(seat)`` shows nothing hidden of another seat, and ``determinize``
re-deals exactly what ``seat`` cannot see."""

from __future__ import annotations

import json
import random

import pytest

import ptolemaeus as pt
from scenario import (
    DRAW,
    SPREAD,
    build,
    card,
    hand_names,
    play,
    steal,
    take,
    total_cards,
)


def two_worlds():
    """Two games identical in all that seat 0 can see, different in all it cannot."""
    common = dict(display=["Aries", "Taurus", "Gemini", "Cancer", "Leo", "Virgo"],
                  tokens={0: {"Leo": 1}, 1: {"Virgo": 2}}, studied={1: ["Mars"]}, asteroids={1: 1},
                  event="Sol-Luna-Mercurius")
    a = build(2, seed=1, hands={0: ["Libra", "Sextans"], 1: ["Pisces", "Pisces", "Aquarius"]},
              bonus_hands={0: ["Signa Ignis"], 1: ["Nova Luna"]},
              objectives={0: "Sol-Luna-Venus", 1: "Venus-Mars-Saturnus"},
              event_deck=["Sol-Luna-Venus", "Eclipsis", "Venus-Mars-Saturnus"], **common)
    b = build(2, seed=2, hands={0: ["Libra", "Sextans"], 1: ["Scorpius", "Capricornus", "Capricornus"]},
              bonus_hands={0: ["Signa Ignis"], 1: ["Maleficus Mars"]},
              objectives={0: "Sol-Luna-Venus", 1: "Mars-Iupiter-Sol"},
              event_deck=["Venus-Mars-Saturnus", "Sol-Luna-Venus", "Eclipsis"], **common)
    return a, b


def test_R17_view_shows_own_secrets_only():
    a, _ = two_worlds()
    v = a.view(0)
    me, other = v["seats"]
    assert sorted(me["hand"]) == ["Libra", "Sextans"]
    assert me["bonus_hand"] == ["Signa Ignis"] and me["objective"] == "Sol-Luna-Venus"
    assert "hand" not in other and "bonus_hand" not in other and "objective" not in other
    assert other["hand_count"] == 3 and other["bonus_count"] == 1        # counts are public
    text = json.dumps(other)
    for secret in ("Pisces", "Aquarius", "Nova Luna", "Venus-Mars-Saturnus"):
        assert secret not in text
    assert "Nova Luna" not in json.dumps(v)


def test_R17_view_identical_whatever_the_hidden_information():
    """Another seat's hand, bonus cards and objective, and every deck order, change nothing in view(0)."""
    a, b = two_worlds()
    assert a.deck != b.deck and a.bonus_deck != b.bonus_deck and a.event_deck != b.event_deck
    assert a.view(0) == b.view(0)
    assert a.view(1) != b.view(1)           # (the two worlds do differ)


def test_R17_view_identical_after_the_same_public_play():
    a, b = two_worlds()
    for s in (a, b):
        s.apply(DRAW)
        s.apply(take("Gemini"))
    # different cards came off the two decks: seat 1 cannot tell which
    assert a.view(1)["seats"][0]["hand_count"] == b.view(1)["seats"][0]["hand_count"] == 4
    assert a.view(1)["seats"][0]["known_cards"] == ["Gemini"]        # taken face up: public
    assert a.hands[0] != b.hands[0]
    assert a.view(1)["seats"][0] == b.view(1)["seats"][0]


def test_R17_stolen_card_stays_hidden_from_third_players():
    """R12/R17: Iupiter Orientalis' card is random and no one else sees it."""
    views, stolen = [], set()
    for seed in range(12):
        s = build(3, seed=seed, hands={0: [], 1: ["Aries", "Taurus"], 2: []}, bonus_hands={0: ["Iupiter Orientalis"]},
                  objectives={0: "Sol-Luna-Venus", 1: "Luna-Mercurius-Mars", 2: "Venus-Mars-Saturnus"},
                  event="Sol-Luna-Mercurius")
        s.apply(play("Iupiter Orientalis"))
        stolen.add(hand_names(s, 0)[0])
        views.append(s.view(2))
    assert stolen == {"Aries", "Taurus"}
    assert all(v == views[0] for v in views)


def test_R17_known_card_forgotten_after_a_random_steal():
    s = build(3, hands={0: [], 1: [], 2: []}, bonus_hands={0: ["Iupiter Orientalis"]}, k=1)
    s.apply(take("Aries"))
    s.apply(take("Taurus"))
    assert sorted(s.view(2)["seats"][1]["known_cards"]) == ["Aries", "Taurus"]
    # seat 2's turn, then seat 0 (round continues) steals from seat 1
    s.apply(DRAW); s.apply(DRAW)
    assert s.current_player == 0
    s.apply(play("Iupiter Orientalis"))
    s.apply(steal(1))
    left = hand_names(s, 1)
    assert len(left) == 1
    # nobody but seat 0 knows which went: seat 1's remaining card is no longer public
    assert s.view(2)["seats"][1]["known_cards"] == []


def test_R17_view_hides_deck_orders():
    s = pt.new_game(players=3, seed=5)
    v = s.view(1)
    assert "deck" not in v and "bonus_deck" not in v and "event_deck" not in v
    assert v["deck_count"] == len(s.deck) and v["bonus_deck_count"] == len(s.bonus_deck)
    assert v["event_deck_count"] == len(s.event_deck)


def test_R17_view_rejects_bad_seats():
    s = build(2)
    for bad in (-1, 2, 7):
        with pytest.raises(ValueError):
            s.view(bad)
        with pytest.raises(ValueError):
            s.determinize(bad, 0)


# =============================================================== determinize

def test_R17_determinize_keeps_the_view_and_changes_hidden_things():
    a, _ = two_worlds()
    changed = {"hand": 0, "deck": 0, "bonus": 0, "objective": 0, "events": 0, "rng": 0}
    for i in range(12):
        d = a.determinize(0, random.Random(i))
        assert d.view(0) == a.view(0)
        assert d.hands[0] == a.hands[0] and d.bonus_hands[0] == a.bonus_hands[0]
        assert d.objectives[0] == a.objectives[0]
        assert total_cards(d) == 65
        pt.State.from_json(d.to_json())                 # a state the rules allow
        changed["hand"] += d.hands[1] != a.hands[1]
        changed["deck"] += d.deck != a.deck
        changed["bonus"] += d.bonus_hands[1] != a.bonus_hands[1]
        changed["objective"] += d.objectives[1] != a.objectives[1]
        changed["events"] += d.event_deck != a.event_deck
        changed["rng"] += d.rng.state != a.rng.state
    assert all(v > 0 for v in changed.values()), changed
    # and re-dealt at random, not merely rearranged one fixed way
    samples = [a.determinize(0, i) for i in range(8)]
    for field in ("deck", "event_deck", "bonus_deck"):
        assert len({tuple(getattr(d, field)) for d in samples}) > 1, field
    assert len({tuple(map(tuple, d.hands)) for d in samples}) > 1
    assert a.determinize(0, 3).to_json() == a.determinize(0, 3).to_json()   # an int seed is reproducible


def test_R17_determinize_keeps_publicly_known_cards():
    s = build(2, hands={0: [], 1: []}, display=["Aries", "Taurus", "Gemini", "Cancer", "Leo", "Virgo"])
    s.apply(take("Aries")); s.apply(take("Taurus"))
    s.apply(DRAW); s.apply(DRAW)                         # seat 1 draws blind
    assert s.current_player == 0
    for i in range(10):
        d = s.determinize(1, i)
        assert d.hands[0][card("Aries")] >= 1 and d.hands[0][card("Taurus")] >= 1
        assert d.view(1) == s.view(1)


def test_R17_determinize_for_a_deciding_opponent():
    s = build(2, hands={0: [], 1: ["Aries", "Taurus"]}, bonus_hands={0: ["Maleficus Saturnus"]})
    s.apply(play("Maleficus Saturnus"))
    assert s.current_player == 1
    d = s.determinize(1, 9)
    assert d.legal_actions() == s.legal_actions()
    assert d.view(1) == s.view(1)
    d0 = s.determinize(0, 9)
    assert d0.view(0) == s.view(0)
    assert sum(d0.hands[1]) == 2


def test_R17_determinize_keeps_the_view_all_along_random_games():
    """view(seat) == determinize(seat).view(seat) at every decision, for every seat,
    including a finished game (whose final scores reveal the objectives)."""
    for seed in range(6):
        s = pt.new_game(players=2 + seed % 3, seed=seed, planets=SPREAD)
        r = random.Random(seed)
        while True:
            for seat in range(s.n):
                assert s.determinize(seat, r.getrandbits(32)).view(seat) == s.view(seat)
            if s.is_over:
                break
            s.apply(r.choice(s.legal_actions()))


def test_R17_final_scores_are_public():
    s = build(2, studied={0: ["Sol", "Luna", "Mercurius", "Mars", "Iupiter"], 1: ["Luna", "Mercurius"]},
              novas={0: 1}, objectives={0: "Sol-Luna-Venus", 1: "Luna-Mercurius-Mars"},
              hands={0: ["Gemini"]}, tokens={0: {"Gemini": 2}}, bonus_top=["Signa Ignis"])
    assert s.view(0)["seats"][1]["public_score"] == 2          # the objective point stays hidden
    s.apply(pt.Action("observe", (2,)))
    assert s.is_over
    assert s.view(0)["scores"] == [12, 3]                      # the end reveals it
    for i in range(5):
        assert s.determinize(0, i).view(0) == s.view(0)


def test_R17_events_never_name_a_hidden_card():
    """``last_events`` are shown to every seat: a blind draw, a random steal and a
    drawn bonus card must not be named."""
    s = build(2, hands={0: [], 1: ["Taurus"]}, deck_top=["Libra", "Aquarius"],
              bonus_hands={0: ["Iupiter Orientalis"]})
    s.apply(play("Iupiter Orientalis"))
    assert "Taurus" not in json.dumps(s.last_events)
    s.apply(DRAW)
    assert "Libra" not in json.dumps(s.last_events)
    s = build(2, hands={0: ["Sagittarius"]}, tokens={0: {"Sagittarius": 2}}, bonus_top=["Signa Aquae"])
    s.apply(pt.Action("observe", (8,)))
    assert any(e["type"] == "bonus_drawn" for e in s.last_events)
    assert "Signa" not in json.dumps(s.last_events)
