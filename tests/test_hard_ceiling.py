"""tools/hard_ceiling.py, the measurement that lets ``hard`` cheat on purpose (docs/bots.md,
"Raising `hard`", 2026-11-27 night): what ``hard``'s search sees under each variant, that
``greedy`` is not given the cheat, and that the real game is left alone. A few decisions with a
small iteration budget, no whole game."""

from __future__ import annotations

import importlib.util
import json
import random
from pathlib import Path
from typing import Any

import pytest

import ptolemaeus as pt
from ptolemaeus import arena as pa
from ptolemaeus import bots
from ptolemaeus.state import State

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("hard_ceiling", ROOT / "tools" / "hard_ceiling.py")
assert _spec is not None and _spec.loader is not None
hc = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(hc)

BUDGET = {"iterations": 12, "seconds": None}


@pytest.fixture(scope="module")
def position() -> State:
    """The arena's first deal (seed 1), a few greedy moves in: a turn-level decision of a seat
    whose opponent holds cards and a secret objective."""
    game_seed, start = pa.deal(1, 0)
    s = pt.new_game(2, game_seed, start)
    s.record = False
    rng = random.Random(5)
    for _ in range(6):
        s.apply(bots.greedy_action(s.determinize(s.current_player, rng), rng))
    assert not s.stack and len(s.legal_actions()) > 1
    assert sum(s.hands[1 - s.current_player]) > sum(s.known[1 - s.current_player])
    return s


def _searched(monkeypatch: pytest.MonkeyPatch, state: State, variant: str) -> list[dict[str, Any]]:
    """The states ``hard``'s search is built on and samples (as JSON, when made), deciding
    through the tool's ``choose_action`` for the arena."""
    seen: list[dict[str, Any]] = []

    class Spy(bots.ISMCTS):
        def __init__(self, root: Any, *args: Any, **kwargs: Any) -> None:
            super().__init__(root, *args, **kwargs)
            seen.append(json.loads(root.to_json()))
            inner = self._determinize

            def spied(s: Any, r: random.Random) -> Any:
                d = inner(s, r)
                seen.append(json.loads(d.to_json()))
                return d

            self._determinize = spied

    monkeypatch.setattr(bots, "ISMCTS", Spy)
    before = state.to_json()
    with hc.patched(variant):
        pa.choose_action(state, state.current_player, "hard", random.Random(3), BUDGET)
    assert state.to_json() == before, "the search touched the real game"
    assert len(seen) > 3, "hard did not search this position"
    return seen


def _private(d: dict[str, Any], o: int) -> tuple[Any, ...]:
    return d["hands"][o], d["bonus_hands"][o], d["objectives"][o], sorted(d["objective_pool"])


def test_plain_hard_does_not_see_the_opponent(monkeypatch: pytest.MonkeyPatch, position: State) -> None:
    # The control: without the cheat the samples re-deal the opponent's hand and objective,
    # so the checks of the variants below cannot pass by chance.
    o = 1 - position.current_player
    real = json.loads(position.to_json())
    seen = _searched(monkeypatch, position, "none")
    assert any(_private(d, o) != _private(real, o) for d in seen)
    assert all(d["deck"] != real["deck"] for d in seen)


def test_hand_sees_the_opponents_private_things_not_the_draws(monkeypatch: pytest.MonkeyPatch,
                                                            position: State) -> None:
    o = 1 - position.current_player
    real = json.loads(position.to_json())
    seen = _searched(monkeypatch, position, "hand")
    for d in seen:
        assert _private(d, o) == _private(real, o)
        assert sorted(d["deck"]) == sorted(real["deck"]) and sorted(d["bonus_deck"]) == sorted(real["bonus_deck"])
        assert d["rng"] != real["rng"] and d["seed"] != real["seed"]
    assert all(d["deck"] != real["deck"] for d in seen)           # the draw order re-dealt
    assert len({tuple(d["deck"]) for d in seen}) > 1                 # ... anew each time
    assert any(d["event_deck"] != real["event_deck"] for d in seen)


def test_all_sees_the_true_state(monkeypatch: pytest.MonkeyPatch, position: State) -> None:
    real = json.loads(position.to_json())
    seen = _searched(monkeypatch, position, "all")
    assert all(d == real for d in seen)


@pytest.mark.parametrize("variant", ["hand", "all"])
def test_greedy_is_not_given_the_cheat(monkeypatch: pytest.MonkeyPatch, position: State, variant: str) -> None:
    real_choose = bots.choose_action
    got: list[tuple[str, Any]] = []

    def recorder(state: Any, seat: int, level: str = "normal", rng: Any = None, budget: Any = None) -> Any:
        got.append((level, state))
        return real_choose(state, seat, level, rng, budget)

    monkeypatch.setattr(bots, "choose_action", recorder)
    arena_choose = pa.choose_action
    seat = position.current_player
    before = position.to_json()
    with hc.patched(variant):
        a = pa.choose_action(position, seat, "greedy", random.Random(7))
        pa.choose_action(position, seat, "hard", random.Random(7), BUDGET)
    assert pa.choose_action is arena_choose                       # the arena restored
    assert position.to_json() == before
    (level_g, seen_g), (level_h, seen_h) = got
    assert level_g == "greedy" and seen_g is position and type(seen_g) is State   # the real state, as in the arena
    assert a == real_choose(position, seat, "greedy", random.Random(7))
    assert level_h == "hard" and seen_h is not position and type(seen_h) is not State  # a cheating copy


def test_set_and_iterations_change_hards_level_for_the_run(monkeypatch: pytest.MonkeyPatch,
                                                            tmp_path: Path) -> None:
    """``--set KEY=VALUE`` / ``--iterations`` (a variant of the search paired game by game with
    ``hard`` as it is, e.g. ``greedy_opponent``): the entries reach ``hard``'s budget (and only
    ``hard``'s), are kept in each result, and a resumed run replays a game played with other
    entries or in another match (another ``--seed`` here); an entry ``hard`` does not have is a
    usage error."""
    played: list[tuple[str, int, dict[str, Any]]] = []

    def fake_play_game(a: str, b: str, players: int, seed: int, index: int,
                       budget: dict[str, Any] | None = None) -> dict[str, Any]:
        played.append((a, index, dict(budget or {})))
        return {"index": index, "win_a": 1.0, "think_a": 0.0, "think_b": 0.0}

    monkeypatch.setattr(pa, "play_game", fake_play_game)
    monkeypatch.setattr(hc, "summary", lambda results, *a: {"n": len(results)})
    monkeypatch.setattr(pa, "format_report", lambda out: str(out))
    out = tmp_path / "r.jsonl"
    assert hc.main(["--variant", "none", "--games", "2", "--out", str(out)]) == 0
    assert [p[2] for p in played] == [{"seconds": None}] * 2
    played.clear()
    args = ["--variant", "none", "--games", "2", "--out", str(out), "--set", "greedy_opponent=true",
            "--iterations", "160"]
    assert hc.main(args) == 0
    want = {"seconds": None, "greedy_opponent": True, "iterations": 160}
    assert played == [("hard", 0, want), ("hard", 1, want)]
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    entries = {"greedy_opponent": True, "iterations": 160}
    assert [r.get("set") for r in rows] == [None, None, entries, entries]
    played.clear()
    assert hc.main(args) == 0 and played == []          # resumed: nothing replayed
    assert hc.main([*args, "--seed", "2"]) == 0          # another match's games: played again
    assert [(a, i) for a, i, _ in played] == [("hard", 0), ("hard", 1)]
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert [r["match"]["seed"] for r in rows] == [1, 1, 1, 1, 2, 2]
    assert rows[0]["match"] == {"b": "greedy", "players": 2, "seed": 1, "seconds": None}
    with pytest.raises(SystemExit):
        hc.main(["--variant", "none", "--games", "1", "--set", "no_such_entry=1"])
