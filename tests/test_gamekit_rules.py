"""``gamekit.game.Rules`` itself: what a subclass must say, checked when it is defined, and
the actions' JSON that a game whose actions write their own (``action_type``) inherits."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from gamekit.game import IllegalAction, Rules
from shellgame import TallyRules


@dataclass(frozen=True)
class Nudge:
    """A tiny action that writes and reads its own JSON, as both games' actions do."""
    steps: int

    def to_json(self) -> dict[str, Any]:
        return {"steps": self.steps}

    @classmethod
    def from_json(cls, data: Any) -> Nudge:
        if not isinstance(data, dict) or set(data) != {"steps"} or type(data["steps"]) is not int:
            raise IllegalAction("not a nudge", code="bad_action")
        return cls(data["steps"])


def _complete(**attrs: Any) -> type:
    """A concrete Rules subclass (every abstract method a stub that is never called)."""
    body = {name: (lambda self, *a, **k: None) for name in Rules.__abstractmethods__}
    base = dict(key="nudge", min_players=1, max_players=2, bot_levels=("easy",), default_bot_level="easy")
    return type("NudgeRules", (Rules,), {**body, **base, **attrs})


def test_a_game_with_an_action_type_inherits_its_actions_json():
    rules = _complete(action_type=Nudge)()
    assert rules.action_to_json(Nudge(3)) == {"steps": 3}
    assert rules.action_from_json({"steps": 3}) == Nudge(3)
    with pytest.raises(IllegalAction) as refused:
        rules.action_to_json({"steps": 3})            # its JSON, not the action
    assert refused.value.code == "bad_action" and "not an action of this game" in str(refused.value)
    with pytest.raises(IllegalAction) as refused:
        rules.action_from_json({"steps": "3"})
    assert refused.value.code == "bad_action"


def test_a_game_without_an_action_type_must_write_its_own_json():
    with pytest.raises(TypeError, match="action_type or override action_to_json and action_from_json"):
        _complete()
    with pytest.raises(TypeError, match="override action_from_json"):
        _complete(action_to_json=lambda self, action: {})
    # a game that writes both itself needs no action_type (Tally's actions are tuples)
    assert TallyRules.action_type is None
    assert TallyRules().action_to_json(("draw",)) == {"kind": "draw"}


@pytest.mark.parametrize("missing", ["key", "min_players", "max_players", "bot_levels", "default_bot_level"])
def test_a_game_missing_a_class_attribute_fails_when_defined(missing: str):
    attrs = dict(key="nudge", min_players=1, max_players=2, bot_levels=("easy",), default_bot_level="easy",
                 action_type=Nudge)
    attrs.pop(missing)
    body = {name: (lambda self, *a, **k: None) for name in Rules.__abstractmethods__}
    with pytest.raises(TypeError, match=f"not a complete game: it lacks {missing}"):
        type("NudgeRules", (Rules,), {**body, **attrs})


def _tally_game(seed: int) -> tuple[TallyRules, dict[str, Any], list[dict[str, Any]]]:
    """A whole seeded game of Tally, its setup and its actions as a save holds them."""
    import random

    rules = TallyRules()
    setup = {"players": 3, "seed": seed, "start": "2025-01-01"}
    state, rng, actions = rules.new_state(setup), random.Random(seed), []
    while not rules.is_over(state):
        action = rng.choice(rules.legal_actions(state))
        actions.append(rules.action_to_json(action))
        rules.apply(state, action)
    return rules, setup, actions


@pytest.mark.parametrize("start", [0, 1, 7, -1, None])
def test_replay_steps_regenerates_each_step_since_an_action_from_the_save(start):
    """What a recap shows again after a reload: the state before action ``start``, then who took each
    later action, the state after it (each its own copy), its events and whether it revealed."""
    rules, setup, actions = _tally_game(4)
    start = len(actions) if start is None else start % len(actions)
    before, steps = rules.replay_steps(setup, actions, start)
    assert vars(before) == vars(rules.replay(setup, actions[:start]))
    assert len(steps) == len(actions) - start
    state = rules.replay(setup, actions[:start])
    for i, step in enumerate(steps, start):
        assert step.seat == rules.current_player(state)
        assert step.events == rules.apply(state, rules.action_from_json(actions[i]))
        assert vars(step.state) == vars(state) and step.state is not state
        assert step.revealed == rules.reveals_hidden(state)
    assert len({id(step.state) for step in steps} | {id(before)}) == len(steps) + 1
    assert any(step.revealed for step in rules.replay_steps(setup, actions, 0)[1])


def test_replay_steps_refuses_a_start_beyond_the_actions():
    rules, setup, actions = _tally_game(2)
    for start in (-1, len(actions) + 1):
        with pytest.raises(ValueError):
            rules.replay_steps(setup, actions, start)
