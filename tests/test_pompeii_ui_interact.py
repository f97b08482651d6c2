"""Every legal Pompeii action of random positions is reachable by clicks, and only legal
choices are ever clickable (issue 12; P29-P60 through ``pompeii_ui.interact``)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from pompeii import new_game
from pompeii.hidden import view
from pompeii_ui.interact import Controller, click_path, parse_square, sq_arg


def positions(seed: int, players: int, steps: int):
    """States along a seeded random game (every kind of decision turns up)."""
    s = new_game(players=players, seed=seed, variant="dual-vent" if seed % 2 else "standard")
    s.record = False
    rng = random.Random(seed)
    for _ in range(steps):
        if s.is_over:
            return
        yield s
        s.apply(rng.choice(s.legal_actions()))


def clickable(ctl: Controller, act: str, arg: str) -> bool:
    """Is (act, arg) on screen and clickable now (what the renderer draws from ``ui()``)?"""
    ui = ctl.ui()
    if act == "sq":
        return arg in ui.squares
    if act == "card":
        return int(arg) in ui.cards
    return any(c.act == act and c.arg == arg for c in ui.choices)


def check_every_action(s) -> set[str]:
    legal = s.legal_actions()
    seat = s.current_player
    v = view(s, seat)
    kinds = set()
    for action in legal:
        ctl = Controller()
        ctl.update(v, legal)
        path = click_path(action, legal)
        got = None
        for i, (act, arg) in enumerate(path):
            assert clickable(ctl, act, arg), (str(action), path, i)
            got = ctl.click(act, arg)
            if i < len(path) - 1:
                assert got is None, (str(action), path, i)
        assert got == action
        kinds.add(action.kind)
    return kinds


def test_every_legal_action_of_random_games_is_reachable_by_clicks_p29_p60():
    kinds: set[str] = set()
    for seed in range(6):
        for s in positions(seed, 2 + seed % 3, 400):
            kinds |= check_every_action(s)
    # Every kind of decision of the game turned up (erupt is rare; it has its own test below).
    assert {"play", "relative", "stop", "omen", "lava", "move", "leave", "end"} <= kinds


def test_erupt_is_one_click_pr7():
    """PR7: when the engine offers the eruption, one button declares it (the controller is fed
    the legal list of a phase-1 position plus the erupt action the engine would add)."""
    from pompeii.actions import erupt
    s = new_game(players=2, seed=4)
    legal = s.legal_actions() + [erupt()]
    ctl = Controller()
    ctl.update(view(s, s.current_player), legal)
    assert clickable(ctl, "erupt", "")
    assert click_path(erupt(), legal) == [("erupt", "")]
    assert ctl.click("erupt") == erupt()


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 250),
       clicks=st.lists(st.tuples(st.sampled_from(["card", "sq", "nowhere", "erupt", "stop", "victim", "symbol",
                                                  "leave", "end", "cancel", "bogus"]),
                                 st.one_of(st.text(max_size=6), st.sampled_from(["0", "1", "3", "4,1", "G4",
                                                                                 "coin", "2,2", "-1", "99"]))),
                       max_size=12))
def test_no_sequence_of_clicks_makes_an_illegal_action(seed, steps, clicks):
    """Random clicks, clickable or not, junk args included: whatever comes out is legal."""
    s = None
    for found in positions(seed, 2 + seed % 3, steps):
        s = found
    if s is None or s.is_over:
        return
    legal = s.legal_actions()
    ctl = Controller()
    ctl.update(view(s, s.current_player), legal)
    for act, arg in clicks:
        got = ctl.click(act, arg)
        assert got is None or got in legal


def test_a_new_decision_drops_the_selection():
    s = new_game(players=2, seed=1)
    ctl = Controller()
    legal = s.legal_actions()
    ctl.update(view(s, s.current_player), legal)
    card = legal[0].card
    ctl.click("card", str(card))
    assert ctl.ui().cards[card] is True
    s.apply(legal[0])
    ctl.update(view(s, s.current_player), s.legal_actions())
    assert ctl.sel.card is None


def test_nothing_clickable_for_a_seat_not_to_decide():
    s = new_game(players=2, seed=1)
    ctl = Controller()
    ctl.update(view(s, 1 - s.current_player), [])
    assert not ctl.ui().active
    assert ctl.click("card", "3") is None


@given(st.text(max_size=8))
def test_parse_square_refuses_junk(text):
    q = parse_square(text)
    assert q is None or sq_arg(q) == text.strip() or sq_arg(q) == ",".join(str(int(p)) for p in text.split(","))
