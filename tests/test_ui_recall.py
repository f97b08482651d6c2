"""A turn's recap survives a reload, in both games' screens (``boardui.screen.ScreenState.recall``):
a screen that only received the state as it is, then recalled the save's steps since the viewer last
decided (``gamekit.game.Rules.replay_steps``), shows the same recap as the screen that saw them come —
the same lines, the same points where they were earned and at the scores, the same marks on the board —
and only through the viewer's own eyes."""

from __future__ import annotations

import json
import random

import pytest

from app.session import resolve_setup
from boardui.tree import to_markup

SEATS = [{"kind": "human", "name": "You", "colour": "#f2eee3"},
         {"kind": "bot", "level": "greedy", "name": "Hypatia", "colour": "#b07be0"},
         {"kind": "bot", "level": "greedy", "name": "Aglaonike", "colour": "#3a7bd5"}]


class Ptolemaeus:
    from ptolemaeus_ui.screen import Screen, snapshot
    from ptolemaeus_ui.spec import PtolemaeusSpec as Spec

    @staticmethod
    def choose(state, rng):
        from ptolemaeus.bots import choose_action
        return choose_action(state, state.current_player, "greedy", rng)

    @staticmethod
    def clicks(screen, state, action):
        return screen.ctl.click_path(action)

    @staticmethod
    def kept(screen) -> dict:
        return {"recent": screen.recent, "last": screen.last}


class Pompeii:
    from pompeii_ui.screen import Screen, snapshot
    from pompeii_ui.spec import PompeiiSpec as Spec

    @staticmethod
    def choose(state, rng):
        return rng.choice(state.legal_actions())

    @staticmethod
    def clicks(screen, state, action):
        from pompeii_ui.interact import click_path
        return click_path(action, state.legal_actions())

    @staticmethod
    def kept(screen) -> dict:
        return {"lost": (screen.lost.gains, screen.lost.lines), "marks": screen.marks, "line": screen.last_line,
                "path": screen.last_path}


def recap_of(screen, game) -> dict:
    """Everything of the screen's recap a player sees (the marks' serials aside: their order is kept)."""
    html = to_markup(screen.scene([]))
    return {"lines": screen.recap.lines, "gains": screen.recap.gains, "earned": [e for _n, e in screen.recap.earned],
            "scores": screen.recap.now, **game.kept(screen),
            "gain_html": html.count("bu-gain"), "mark_html": html.count("bu-mark"), "recent_html": html.count("recent")}


def played(game, seed: int, players: int, enough):
    """A seeded game seen by seat 0, its decisions clicked on a live screen, the others' moves
    received, until seat 0 decides again after ``enough(screen)`` holds; (spec, setup, actions, screen)."""
    spec = game.Spec()
    setup = resolve_setup(spec, {"players": players, "seed": seed})
    state = spec.new_state(setup)
    rng = random.Random(seed)
    screen = game.Screen()
    seats = SEATS[:players]
    screen.receive(game.snapshot(state, 0), [], seats)
    actions: list = []
    while not spec.is_over(state) and len(actions) < 800:
        if state.current_player == 0:
            if len(actions) > 2 and enough(screen):
                return spec, setup, actions, screen
            action = game.choose(state, rng)
            screen.scene([])
            for act, arg in game.clicks(screen, state, action):
                screen.click(act, arg)
                screen.scene([])
        else:
            action = game.choose(state, rng)
        actions.append(spec.action_to_json(action))
        events = json.loads(json.dumps(spec.apply(state, action)))
        screen.receive(game.snapshot(state, 0), events, seats)
        while screen.frames.playing:
            screen.frames.advance()
    raise AssertionError("seat 0 never decided again after what was wanted")


def reloaded(game, spec, setup, actions, players: int, viewer: int = 0):
    """A new screen for the game as a reload shows it: the state as it is, then the steps since
    ``viewer``'s last action recalled."""
    last = max((i for i, data in enumerate(actions) if _mover(spec, setup, actions, i) == viewer), default=0)
    before, steps = spec.replay_steps(setup, actions, last)
    screen = game.Screen()
    screen.receive(game.snapshot(steps[-1].state if steps else before, viewer), [], SEATS[:players])
    screen.recall(game.snapshot(before, viewer), [(game.snapshot(s.state, viewer), s.events) for s in steps])
    return screen


def _mover(spec, setup, actions, i):
    return spec.current_player(spec.replay(setup, actions[:i]))


@pytest.mark.parametrize("game, seed, players, enough", [
    (Ptolemaeus, 2, 2, lambda screen: bool(screen.recap.earned)),
    (Ptolemaeus, 5, 3, lambda screen: bool(screen.recap.earned) and len(screen.recap.lines) > 2),
    (Pompeii, 3, 2, lambda screen: bool(screen.marks.recent)),
    (Pompeii, 6, 3, lambda screen: screen.view["phase"] == "p2" and bool(screen.lost.gains or screen.recap.gains)),
])
def test_a_recap_recalled_from_the_save_is_the_one_the_live_screen_showed(game, seed, players, enough):
    spec, setup, actions, live = played(game, seed, players, enough)
    again = reloaded(game, spec, setup, actions, players)
    shown = recap_of(live, game)
    assert shown["lines"] and (shown["earned"] or shown["gains"] or shown["recent_html"])
    assert recap_of(again, game) == shown
    before = to_markup(again.scene([]))
    again.recall(game.snapshot(spec.replay(setup, actions), 0), [])         # nothing since: nothing recapped
    assert not again.recap.lines and not again.recap.gains and to_markup(again.scene([])) != before


@pytest.mark.parametrize("game", [Ptolemaeus, Pompeii])
def test_a_recap_is_recalled_only_through_the_viewers_own_eyes(game):
    """Never another seat's hand: a recall with another seat's snapshots is refused; under the
    hot-seat curtain (nobody's eyes) and in a replay nothing is recalled."""
    spec = game.Spec()
    setup = resolve_setup(spec, {"players": 2, "seed": 1})
    state = spec.new_state(setup)
    rng = random.Random(1)
    actions = []
    for _ in range(6):
        action = game.choose(state, rng)
        actions.append(spec.action_to_json(action))
        spec.apply(state, action)
    before, steps = spec.replay_steps(setup, actions, 0)
    screen = game.Screen()
    screen.receive(game.snapshot(state, 0), [], SEATS[:2])
    with pytest.raises(ValueError):
        screen.recall(game.snapshot(before, 1), [(game.snapshot(s.state, 1), s.events) for s in steps])
    curtain = game.Screen()
    curtain.receive(game.snapshot(state, None), [], SEATS[:2])
    curtain.recall(game.snapshot(before, None), [(game.snapshot(s.state, None), s.events) for s in steps])
    assert curtain.recap.lines == []
    from boardui.screen import awaiting
    replay = game.Screen()
    replay.receive(awaiting(game.snapshot(state, 0), "replay"), [], SEATS[:2])
    replay.recall(game.snapshot(before, 0), [(game.snapshot(s.state, 0), s.events) for s in steps])
    assert replay.recap.lines == [] and replay.recap_lines == []

