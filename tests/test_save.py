"""Saving and loading (to_json / from_json), illegal actions, Action JSON."""

from __future__ import annotations

import json
import random

import pytest

import ptolemaeus as pt
from ptolemaeus import actions as A
from ptolemaeus.actions import Action
from scenario import (
    DRAW,
    SPREAD,
    build,
    observe,
    place,
    play,
    take,
)


def playout_states(seed, players, limit=400):
    """States along a random game (every kind of pending decision turns up)."""
    s = pt.new_game(players=players, seed=seed, planets=SPREAD)
    r = random.Random(seed)
    out = [s.clone()]
    while not s.is_over and len(out) < limit:
        s.apply(r.choice(s.legal_actions()))
        out.append(s.clone())
    return out


# ================================================================= round trip

@pytest.mark.parametrize("seed, players", [(1, 1), (2, 2), (3, 3), (4, 4)])
def test_round_trip_is_exact_all_along_a_game(seed, players):
    for s in playout_states(seed, players):
        text = s.to_json()
        t = pt.State.from_json(text)
        assert t.to_json() == text
        assert t.legal_actions() == s.legal_actions()
        assert t.current_player == s.current_player


def test_round_trip_with_pending_decisions():
    s = build(3, hands={0: [], 1: ["Aries"]}, bonus_hands={0: ["Maleficus Mars"]},
              tokens={1: {"Leo": 1, "Virgo": 1}})
    s.apply(play("Maleficus Mars"))
    assert s.stack and s.current_player == 1
    t = pt.State.from_json(s.to_json())
    assert t.to_json() == s.to_json() and t.current_player == 1
    assert t.legal_actions() == s.legal_actions()


def test_restored_game_plays_on_identically():
    """The random generator is saved too: the same actions give the same future."""
    s = pt.new_game(players=3, seed=8, planets=SPREAD)
    r = random.Random(0)
    for _ in range(30):
        s.apply(r.choice(s.legal_actions()))
    t = pt.State.from_json(s.to_json())
    for _ in range(60):
        if s.is_over:
            break
        a = r.choice(s.legal_actions())
        s.apply(a)
        t.apply(a)
        assert s.to_json() == t.to_json()


def test_from_json_accepts_bytes():
    s = build(2)
    assert pt.State.from_json(s.to_json().encode()).to_json() == s.to_json()


# ================================================================= corrupt

@pytest.mark.parametrize("text", ["", "{", "not json", "null", "[]", "5", '"text"', b"\xff\xfe", None])
def test_corrupt_json_raises_invalid_state(text):
    with pytest.raises(pt.InvalidState):
        pt.State.from_json(text)


def test_truncated_save_raises_invalid_state():
    text = build(2).to_json()
    for n in (1, 10, len(text) // 2, len(text) - 1):
        with pytest.raises(pt.InvalidState):
            pt.State.from_json(text[:n])


def test_invalid_state_is_a_value_error():
    assert issubclass(pt.InvalidState, ValueError)


def tampered(change, players=2, **kw):
    data = json.loads(build(players, **kw).to_json())
    change(data)
    return json.dumps(data)


@pytest.mark.parametrize("change, words", [
    (lambda d: d.update(format="chess"), "not a Ptolemaeus saved game"),
    (lambda d: d.pop("format"), "not a Ptolemaeus saved game"),
    (lambda d: d.update(version=2), "another version"),
    (lambda d: d.update(version="1"), "another version"),
])
def test_wrong_format_or_version(change, words):
    with pytest.raises(pt.InvalidState, match=words):
        pt.State.from_json(tampered(change))


def _eleventh_token(d):
    d["tokens"][0][4] += 1


def _sixty_sixth_card(d):
    d["deck"].append(0)


def _comet_on_a_planet(d):
    sol = d["planets"][0]
    d["comet"] = sol
    d["comet_start"] = sol          # keep the Comet's step count consistent: only the planet is wrong


def _three_tokens_unstudied(d):
    d["tokens"][0][8] = 3
    d["reserve"][0] = 7


@pytest.mark.parametrize("change, words", [
    (_eleventh_token, "tokens do not add up to 10"),
    (lambda d: d["reserve"].__setitem__(0, 11), "reserve"),
    (lambda d: d["reserve"].__setitem__(1, 9), "tokens do not add up"),
    (_sixty_sixth_card, "constellation cards do not add up"),
    (lambda d: d["deck"].pop(), "constellation cards do not add up"),
    (lambda d: d["hands"][0].__setitem__(12, d["hands"][0][12] + 1), "constellation cards do not add up"),
    (lambda d: d["display"].append(3), "constellation cards|face-up"),
    (_comet_on_a_planet, "Comet never shares"),
    (lambda d: d.update(comet=(d["comet"] + 1) % 12), "Comet"),
    (_three_tokens_unstudied, "three tokens"),
    (lambda d: d["tokens"][0].__setitem__(11, 3) or d["reserve"].__setitem__(0, 7), "Comet|three tokens"),
    (lambda d: d["bonus_deck"].append(0), "bonus cards"),
    (lambda d: d["bonus_hands"][0].__setitem__(7, 1), "bonus cards|Nova"),
    (lambda d: d["objectives"].__setitem__(1, d["objectives"][0]), "objectives"),
    (lambda d: d["asteroids"].__setitem__(0, 1), "Asteroid"),
    (lambda d: d["event_deck"].append(d["event"]), "event cards"),
    (lambda d: d.update(event=0, event_deck=[e for e in d["event_deck"] if e != 0] + [d["event"]]), "Eclipsis"),
    (lambda d: d.update(known=[[1] * 13, [0] * 13]), "does not have"),
    (lambda d: d.update(over=True), "end"),
    (lambda d: d.update(winners=[0]), "winners"),
    (lambda d: d.update(over=True, end_reason="points"), "exactly one winner"),
    (lambda d: d.update(comet_steps=12, comet_start=d["comet"]), "revolution"),
    (lambda d: d.update(turn=4), "only 3 turns"),
    (lambda d: d.update(stack=[["study", 1]]), "study without three tokens"),   # R9: nothing to pay with
    (lambda d: d.update(stack=[["saturnus", 1, 1]], hands=[d["hands"][0], [0] * 13],
                        discards=[a + b for a, b in zip(d["discards"], d["hands"][1])]), "stuck"),
    (lambda d: d.update(stack=[["mars", 1, 1]]), "stuck"),         # seat 1 has no token to retrieve
])
def test_tampered_state_raises_invalid_state(change, words):
    with pytest.raises(pt.InvalidState, match=words):
        pt.State.from_json(tampered(change, hands={0: ["Aries"], 1: ["Leo"]}))


@pytest.mark.parametrize("change, words", [
    (lambda d: d.update(first=5), "first"),
    (lambda d: d.update(first=-1), "first"),
    (lambda d: d.update(k=2), "'k'"),
    (lambda d: d.update(n=5), "'n'"),
    (lambda d: d.update(n=3), "seat|one row per seat|must be a list"),
    (lambda d: d.update(winners=[4], over=True, end_reason="points"), "winners"),
    (lambda d: d.update(stack=[["mars", 7, 1]]), "seat 7"),
    (lambda d: d.update(stack=[["eclipsis", 2]]), "seat 2"),
])
def test_bad_seat_numbers_raise_invalid_state(change, words):
    with pytest.raises(pt.InvalidState, match=words):
        pt.State.from_json(tampered(change))


@pytest.mark.parametrize("change", [
    lambda d: d.update(round="1"),
    lambda d: d.update(turn=1.0),
    lambda d: d.update(acted=1),
    lambda d: d.update(over="no"),
    lambda d: d.update(tokens="Aries"),
    lambda d: d["tokens"].__setitem__(0, [0] * 11),
    lambda d: d["tokens"][0].__setitem__(0, "2"),
    lambda d: d["hands"][0].__setitem__(0, 0.5),
    lambda d: d["planets"].__setitem__(0, "Aries"),
    lambda d: d["planets"].__setitem__(0, 12),
    lambda d: d.update(planets=d["planets"][:6]),
    lambda d: d.update(seed="7"),
    lambda d: d.update(seed=True),
    lambda d: d.update(start=None),
    lambda d: d.update(rng=-1),
    lambda d: d.update(rng=1 << 64),
    lambda d: d.update(end_reason=None),
    lambda d: d.update(stack={}),
    lambda d: d.update(stack=[["fly"]]),
    lambda d: d.update(stack=[["observe", "Aries"]]),
    lambda d: d.update(stack=[["observe", []]]),
    lambda d: d.update(stack=[["study", 99]]),
    lambda d: d.update(stack=[["mars", 1]]),
    lambda d: d.update(deck=None),
    lambda d: d.pop("hands"),
    lambda d: d.update(studied=[128, 0]),
])
def test_wrong_types_raise_invalid_state(change):
    with pytest.raises(pt.InvalidState):
        pt.State.from_json(tampered(change))


def test_invalid_state_messages_are_clear_sentences():
    try:
        pt.State.from_json(tampered(_eleventh_token))
    except pt.InvalidState as exc:
        msg = str(exc)
    assert "seat 0" in msg and "10" in msg


# ============================================================= illegal actions

def _illegal_cases():
    s = build(2, hands={0: ["Aries"]})
    yield s, observe("Libra")                                # nothing to observe there
    yield s, observe("Gemini", "Sagittarius")                # cannot pay
    yield s, take("Pisces")                                  # not face up
    yield s, place("Aries", "Aries")                         # no observation declared
    yield s, Action(A.END_TURN)                              # the action is still to be taken
    yield s, Action(A.STUDY_B, (8, 1, 2), planet=4)
    yield s, play("Nova Luna")                               # not in hand
    yield s, Action(A.TRADE)                                 # no asteroids
    yield s, "draw"                                          # not an Action
    yield s, ("draw_deck",)
    yield s, Action("fly")
    yield s, Action(A.TAKE, cards=(99,))
    t = build(2, hands={0: ["Aries", "Leo", "Sagittarius"]})
    t.apply(observe("Sagittarius"))
    yield t, DRAW                                            # in the middle of an observation
    yield t, place("Sagittarius", "Aries")                   # one red card does not pay
    yield t, place("Leo", "Leo")                             # not the observed constellation
    u = build(2, hands={0: [], 1: ["Aries", "Taurus"]}, bonus_hands={0: ["Maleficus Saturnus"]})
    u.apply(play("Maleficus Saturnus"))
    yield u, Action(A.DISCARD, cards=(5,))                   # not in seat 1's hand
    yield u, DRAW                                            # seat 1 decides now, not seat 0


@pytest.mark.parametrize("case", range(17))
def test_illegal_action_raises_and_changes_nothing(case):
    s, action = list(_illegal_cases())[case]
    before = s.to_json()
    legal = s.legal_actions()
    with pytest.raises(pt.IllegalAction):
        s.apply(action)
    assert s.to_json() == before
    assert s.legal_actions() == legal


def test_illegal_action_message_says_what_is_expected():
    s = build(2, hands={0: []})
    with pytest.raises(pt.IllegalAction, match="seat 0 must take an action"):
        s.apply(observe("Libra"))


def test_no_action_after_the_game_is_over():
    s = build(2, studied={0: ["Sol", "Luna", "Mercurius", "Mars", "Iupiter"]}, novas={0: 1},
              objectives={0: "Sol-Luna-Venus"}, hands={0: ["Gemini"]}, tokens={0: {"Gemini": 2}},
              bonus_top=["Signa Ignis"])
    s.apply(observe("Gemini"))
    assert s.is_over
    before = s.to_json()
    with pytest.raises(pt.IllegalAction, match="over"):
        s.apply(DRAW)
    assert s.to_json() == before


def test_illegal_action_is_a_value_error():
    assert issubclass(pt.IllegalAction, ValueError)


# ================================================================ Action JSON

def test_action_json_round_trip_for_every_legal_action():
    seen = set()
    for seed, players in ((11, 2), (12, 3), (13, 4)):
        for s in playout_states(seed, players, limit=300):
            for a in s.legal_actions():
                data = a.to_json()
                assert Action.from_json(data) == a
                assert Action.from_json(json.dumps(data)) == a
                seen.add(a.kind)
    assert {A.DRAW_DECK, A.TAKE, A.OBSERVE, A.PLACE, A.END_TURN} <= seen


def test_action_json_uses_names():
    a = place("Sagittarius", "Aries", "Leo")
    assert a.to_json() == {"kind": "place", "where": ["Sagittarius"], "cards": ["Aries", "Leo"]}


@pytest.mark.parametrize("bad", [
    "not json", "[1, 2]", "5", None, 3, [], {"where": ["Aries"]}, {"kind": "fly"},
    {"kind": "place", "where": "Aries"}, {"kind": "place", "where": ["Ophiuchus"]},
    {"kind": "place", "where": [0]}, {"kind": "take", "cards": ["Joker"]},
    {"kind": "steal", "seat": 7}, {"kind": "steal", "seat": True}, {"kind": "steal", "seat": "1"},
    {"kind": "steal", "seat": 1.0}, {"kind": "play", "bonus": "Nova"}, {"kind": "play", "bonus": 3},
    {"kind": "study", "planet": "Pluto"}, {"kind": "move", "source": 3},
    {"kind": "draw_deck", "extra": 1},
])
def test_action_from_json_rejects_malformed_input(bad):
    with pytest.raises(ValueError):
        Action.from_json(bad)
