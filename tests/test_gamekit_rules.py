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
