"""Write the golden playthroughs that ``tests/test_golden.py`` replays.

A golden file is a seeded game: its setup, every action, and after each action
the events and the view of the seat that acted, plus every seat's final view.
Any change to the rules shows up as a difference; when a change is intended,
run ``python tools/golden.py`` and review the diff of ``tests/golden/``.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

import ptolemaeus as pt  # noqa: E402

GAMES = [  # (file name, players, seed, start, policy seed)
    ("2p-apollo11-seed3.json", 2, 3, "1969-07-20T20:17Z", 3),
    ("4p-galileo-seed8.json", 4, 8, "1610-01-07T16:30Z", 8),
]


def play(players: int, seed: int, start: str, policy_seed: int) -> dict:
    s = pt.new_game(players=players, seed=seed, start=start)
    rng = random.Random(policy_seed)
    steps = []
    while not s.is_over:
        seat = s.current_player
        action = rng.choice(s.legal_actions())
        s.apply(action)
        steps.append({"seat": seat, "action": action.to_json(), "events": s.last_events,
                      "view": s.view(seat)})
    return {"setup": {"players": players, "seed": seed, "start": start},
            "steps": steps, "final_views": [s.view(p) for p in range(players)],
            "scores": s.scores(), "winners": s.winners}


def main() -> None:
    for name, players, seed, start, policy_seed in GAMES:
        data = play(players, seed, start, policy_seed)
        path = ROOT / "tests" / "golden" / name
        # One step per line: compact, and a rules change shows as a readable diff.
        head = {k: v for k, v in data.items() if k != "steps"}
        lines = [json.dumps(step, sort_keys=True, separators=(",", ":")) for step in data["steps"]]
        text = json.dumps(head, sort_keys=True, separators=(",", ":"))[:-1] + ',"steps":[\n' + ",\n".join(lines) + "\n]}\n"
        path.write_text(text)
        print(f"{path.relative_to(ROOT)}: {len(data['steps'])} steps, winners {data['winners']}")


if __name__ == "__main__":
    main()
