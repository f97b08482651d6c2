"""Golden playthroughs, one per player count (and the dual vent variant with 3): a whole game
between greedy bots replayed from its action list must give the same events and the same end.

Regenerate (only after a deliberate rules change) with
``PYTHONPATH=py .venv/bin/python tests/pompeii/test_pompeii_golden.py``.
"""

import hashlib
import json
import random
from pathlib import Path

import pytest
from pompeii.bots import choose_action
from pompeii.game import PompeiiRules

R = PompeiiRules()
GOLDEN = Path(__file__).parent / "golden"
CASES = {"pompeii-2p": (2, 101, "standard"), "pompeii-3p-dual-vent": (3, 202, "dual-vent"),
         "pompeii-4p": (4, 303, "standard")}


def _digest(obj) -> str:
    return hashlib.sha256(json.dumps(obj, sort_keys=True).encode()).hexdigest()


def record(players: int, seed: int, variant: str) -> dict:
    setup = {"players": players, "seed": seed, "variant": variant}
    s = R.new_state(setup)
    rng = random.Random(seed)
    actions, events = [], []
    while not R.is_over(s):
        a = choose_action(s, R.current_player(s), "greedy", rng)
        actions.append(R.action_to_json(a))
        events.append(R.apply(s, a))
    return {"setup": setup, "actions": actions, "events_sha256": _digest(events),
            "event_types": sorted({e["type"] for ev in events for e in ev}),
            "end": {"reason": s.end_reason, "saved": s.saved, "dead": s.dead, "boxed": s.boxed,
                    "places": s.places(), "returns": R.returns(s)},
            "state_sha256": _digest(json.loads(R.state_to_json(s)))}


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_playthrough_replays_exactly(name):
    golden = json.loads((GOLDEN / f"{name}.json").read_text())
    s = R.new_state(golden["setup"])
    events = []
    for data in golden["actions"]:
        events.append(R.apply(s, R.action_from_json(data)))
        R.check_invariants(s)
    assert R.is_over(s)
    assert _digest(events) == golden["events_sha256"]
    assert {"reason": s.end_reason, "saved": s.saved, "dead": s.dead, "boxed": s.boxed,
            "places": s.places(), "returns": R.returns(s)} == golden["end"]
    assert _digest(json.loads(R.state_to_json(s))) == golden["state_sha256"]


def test_golden_games_cover_the_rules_events():
    seen = set()
    for name in CASES:
        seen |= set(json.loads((GOLDEN / f"{name}.json").read_text())["event_types"])
    assert {"card_played", "placed", "card_drawn", "ad79", "omen_victim", "relative_placed", "eruption",
            "tile_drawn", "lava_placed", "moved", "saved", "game_over"} <= seen


if __name__ == "__main__":
    GOLDEN.mkdir(exist_ok=True)
    for name, args in CASES.items():
        data = record(*args)
        (GOLDEN / f"{name}.json").write_text(json.dumps(data, indent=1) + "\n")
        print(name, data["end"], len(data["actions"]), "actions")
