"""Random simulation of the whole API (OpenSpiel-style): many seeded games,
every player count, invariants checked after every single step."""

from __future__ import annotations

import random

import pytest

import ptolemaeus as pt
from ptolemaeus.data import BONUS_COUNTS, SOLITAIRE_REMOVED

START = "1969-07-20T20:17Z"
MAX_STEPS = 5000  # far above any real game: reaching it means a game never ends


def card_total(s: pt.State) -> int:
    return len(s.deck) + len(s.display) + sum(s.discards) + sum(sum(h) for h in s.hands)


def bonus_total(s: pt.State) -> int:
    return len(s.bonus_deck) + sum(sum(h) for h in s.bonus_hands) + sum(s.bonus_played) + sum(s.novas)


def check_invariants(s: pt.State) -> None:
    assert card_total(s) == 65
    expected_bonus = 17 if s.players == 1 else 25
    assert expected_bonus == sum(v for k, v in BONUS_COUNTS.items()
                                 if s.players > 1 or k not in SOLITAIRE_REMOVED)
    assert bonus_total(s) == expected_bonus
    for p in range(s.players):
        studied = bin(s.studied[p]).count("1")
        assert s.reserve[p] + sum(s.tokens[p]) + studied == 10
        assert min(s.tokens[p]) >= 0 and s.reserve[p] >= 0
        assert s.tokens[p][s.comet_at] <= 2
        assert all(h >= 0 for h in s.hands[p])
    assert sum(s.asteroid_on) + sum(s.asteroids) + s.asteroids_spent == 12
    assert not s.at_mask[s.comet_at], "the Comet never shares a constellation with a planet"
    if s.is_over:
        assert s.current_player is None and s.legal_actions() == []
    else:
        assert s.current_player in range(s.players)
        assert s.legal_actions(), "a decider always has a legal action"


def play(players: int, seed: int, check_every_step: bool = True) -> tuple[pt.State, list[pt.Action]]:
    s = pt.new_game(players=players, seed=seed, start=START)
    rng = random.Random(seed * 7919 + players)
    history: list[pt.Action] = []
    for _ in range(MAX_STEPS):
        if check_every_step:
            check_invariants(s)
        if s.is_over:
            break
        action = rng.choice(s.legal_actions())
        s.apply(action)
        history.append(action)
    else:
        pytest.fail(f"game {players}p seed {seed} did not end within {MAX_STEPS} steps")
    check_invariants(s)
    return s, history


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_random_games_keep_every_invariant_and_end(players: int) -> None:
    ends = set()
    for seed in range(30):
        s, _ = play(players, seed)
        assert s.is_over
        ends.add(s.end_reason)
        if s.end_reason == "points":
            assert len(s.winners) == 1 and s.scores()[s.winners[0]] >= 12
    assert "comet" in ends


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_seed_and_actions_replay_exactly(players: int) -> None:
    for seed in range(5):
        s, history = play(players, seed, check_every_step=False)
        replay = pt.new_game(players=players, seed=seed, start=START)
        for a in history:
            replay.apply(pt.Action.from_json(a.to_json()))
        assert replay.to_json() == s.to_json()


@pytest.mark.parametrize("players", [2, 4])
def test_json_round_trip_and_clone_at_every_step(players: int) -> None:
    s = pt.new_game(players=players, seed=11, start=START)
    rng = random.Random(3)
    while not s.is_over:
        text = s.to_json()
        back = pt.State.from_json(text)
        assert back.to_json() == text
        assert back.legal_actions() == s.legal_actions()
        twin = s.clone()
        a = rng.choice(s.legal_actions())
        s.apply(a)
        assert twin.to_json() == text, "a clone is independent of its original"
        back.apply(a)
        assert back.to_json() == s.to_json()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_determinize_keeps_the_view_and_resamples_hidden(players: int) -> None:
    s = pt.new_game(players=players, seed=5, start=START)
    rng = random.Random(9)
    changed = 0
    steps = 0
    while not s.is_over and steps < 150:
        for seat in range(players):
            d = s.determinize(seat, random.Random(steps * 10 + seat))
            assert d.view(seat) == s.view(seat)
            check_invariants(d)
            changed += d.deck != s.deck or d.hands != s.hands or d.objectives != s.objectives
            d.apply(random.Random(1).choice(d.legal_actions()))  # a determinization is playable
        s.apply(rng.choice(s.legal_actions()))
        steps += 1
    assert changed > steps, "hidden information is actually resampled"


def test_illegal_actions_change_nothing() -> None:
    s = pt.new_game(players=2, seed=1, start=START)
    before = s.to_json()
    legal = set(s.legal_actions())
    probes = [pt.Action("end_turn"), pt.Action("study", planet=0), pt.Action("observe", (0, 1)),
              pt.Action("place", (0,), (0,)), pt.Action("trade"), ("draw_deck",), "draw_deck", None]
    for probe in probes:
        if probe in legal:
            continue
        with pytest.raises(pt.IllegalAction):
            s.apply(probe)  # type: ignore[arg-type]
        assert s.to_json() == before


def test_determinize_respects_a_declared_observation() -> None:
    """R17 + R5: an opponent who declared an observation can still pay for it
    in every sample, even when random deals would rarely allow it."""
    s = pt.State.setup(2, 4, {"Sol": "Cancer", "Luna": "Libra", "Mercurius": "Cancer", "Venus": "Gemini",
                              "Mars": "Sagittarius", "Iupiter": "Libra", "Saturnus": "Taurus"})
    p = s.player
    # Give p exactly the cards for the Gemini-Sagittarius opposition, one token placed already.
    for card in range(13):
        while s.hands[p][card]:
            s.hands[p][card] -= 1
            s.deck.append(card)
    for card in (2, 8, 12):      # Gemini, Sagittarius, a wildcard
        s.deck.remove(card)
        s.hands[p][card] += 1
    s._legal = None
    s.apply(pt.Action("observe", (2, 8)))
    s.apply(pt.Action("place", (2,), (2,)))
    assert s.current_player == p and s.stack[-1] == ("observe", (8,))
    from ptolemaeus.payment import can_pay
    for i in range(40):
        d = s.determinize(1 - p, random.Random(i))
        assert sum(d.hands[p]) == 2 and can_pay(d.hands[p], (8,))
        assert d.view(1 - p) == s.view(1 - p)
        assert d.legal_actions()


def test_forced_deal_pays_for_the_declared_tokens() -> None:
    """The fallback of the rejection sampling: needed cards come from the pool."""
    from ptolemaeus.payment import can_pay
    from ptolemaeus.rng import Rng
    hand = [0] * 13
    hand[0] = 1                                   # one known Aries
    pool = [1, 1, 5, 9, 10, 10, 11]               # no Leo, no Sagittarius, no wildcard
    for seed in range(20):
        extra = pt.State._cards_to_pay(hand, pool, 4, (0, 4), Rng(seed))   # Aries + Leo
        final = hand[:]
        for card in extra:
            final[card] += 1
        assert sum(final) <= 4 and can_pay(final, (0, 4))
        assert all(extra.count(c) <= pool.count(c) for c in extra)


def test_the_memo_of_observations_never_changes_the_legal_actions() -> None:
    """State._main_actions memoizes the observations by (hand, own tokens,
    reserve, studied, planets, Comet): at every turn-level decision of random
    games the memo's answer equals a fresh computation, including on hits."""
    from ptolemaeus import state as st
    st._OBSERVATIONS.clear()
    rng = random.Random(5)
    hits = 0
    for game in range(30):
        s = pt.new_game(2 + game % 3, 300 + game, START)
        s.record = False
        while not s.is_over:
            if not s.stack and s.actions_left:
                p = s.current_player
                before = len(st._OBSERVATIONS)
                memo = [a for a in s._main_actions(p) if a.kind == "observe"]
                hits += len(st._OBSERVATIONS) == before
                assert memo == s._observations(p)
                # Another seat with the same hand and tokens would share the entry: the key must
                # hold everything the observations depend on, so a changed hand misses.
                twin = s.clone()
                twin.hands[p] = [0] * len(twin.hands[p])
                assert [a for a in twin._main_actions(p) if a.kind == "observe"] == twin._observations(p)
            s.apply(rng.choice(s.legal_actions()))
    assert hits > 0


def test_the_memo_of_observations_shares_one_action_per_observation() -> None:
    """The memo's entries hold the same Action object for the same observation (at most 46 of
    them), not a copy each: a full memo of 20,000 entries took ~32 MB with copies, ~10 MB
    shared (docs/bots.md, Speed), which the page keeps for the whole session."""
    from ptolemaeus import state as st
    st._OBSERVATIONS.clear()
    rng = random.Random(9)
    seen: dict[tuple, int] = {}
    for game in range(6):
        s = pt.new_game(2, 500 + game, START)
        s.record = False
        while not s.is_over:
            if not s.stack and s.actions_left:
                s._main_actions(s.current_player)
            s.apply(rng.choice(s.legal_actions()))
    assert len(st._OBSERVATIONS) > 50
    for entry in st._OBSERVATIONS.values():
        for action in entry:
            assert seen.setdefault(action.where, id(action)) == id(action)
    assert 0 < len(seen) <= 46
