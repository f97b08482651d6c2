"""gamekit.arena / gamekit.bench and the two games' command lines: the shared JSON keys are pinned."""

import json
import os
import subprocess
import sys
from pathlib import Path

from gamekit import arena as ga
from gamekit import bench as gb
from pompeii import arena

ROOT = Path(__file__).resolve().parents[2]
ENV = dict(os.environ, PYTHONPATH=str(ROOT / "py"))


def _run(*args):
    out = subprocess.run([sys.executable, "-m", *args], capture_output=True, text=True, env=ENV, timeout=300,
                         check=True)
    return out.stdout


def test_both_games_arena_json_has_the_shared_keys():
    common = ["--a", "greedy", "--b", "random", "--players", "2", "--games", "2", "--seed", "1", "--json"]
    pompeii = json.loads(_run("pompeii.arena", *common))
    ptolemaeus = json.loads(_run("ptolemaeus.arena", *common))
    for data in (pompeii, ptolemaeus):
        assert set(ga.SHARED_KEYS) <= set(data)
        assert data["games"] == 2 and len(data["ci95"]) == 2
    assert set(ptolemaeus) - set(ga.SHARED_KEYS) == {"avg_rounds", "ended_by_points"}


def test_both_games_bench_json_has_the_same_shape():
    p = json.loads(_run("pompeii.bench", "--games", "2", "--players", "2", "3", "4", "--json"))
    t = json.loads(_run("ptolemaeus.bench", "--games", "2", "--players", "2", "--json"))
    assert set(p) == {"2", "3", "4"} and set(t) == {"2"}
    for r in (*p.values(), *t.values()):
        assert tuple(r) == gb.RESULT_KEYS and r["games"] == 2 and r["games_per_s"] > 0


def test_pompeii_arena_report_and_rotation():
    r = arena.run("greedy", "random", players=3, games=3, seed=2)
    assert r["games"] == 3 and 0 <= r["ci95"][0] <= r["win_rate_a"] <= r["ci95"][1] <= 1
    games = [arena.play_game("random", "random", 3, 2, i) for i in range(3)]
    assert [g["a_seat"] for g in games] == [0, 1, 2] and len({g["seed"] for g in games}) == 1
    text = arena.format_report(r)
    assert "A win rate:" in text and "95% CI" in text


def test_wilson_interval_is_shared():
    assert arena.wilson is ga.wilson
    lo, hi = ga.wilson(75, 100)
    assert 0.65 < lo < 0.67 and 0.82 < hi < 0.84
    assert ga.wilson(0, 0) == (0.0, 1.0)


def test_arena_refuses_unknown_bots_and_player_counts():
    import pytest
    with pytest.raises(ValueError):
        arena.run("genius", "random", games=1)
    with pytest.raises(ValueError):
        arena.run("random", "random", players=5, games=1)


def test_bots_bench_cli_prints_the_search_speed():
    data = json.loads(_run("pompeii.bots", "--bench", "--seconds", "0.3", "--json"))
    assert data["decisions"] > 0 and data["level"] == "hard"
    assert data["sec_per_decision_max"] >= data["sec_per_decision_mean"] > 0


def test_module_doctests_run():
    import doctest

    import pompeii.scenario
    assert doctest.testmod(pompeii.scenario).failed == 0


def test_every_action_kind_prints_and_round_trips():
    from pompeii.actions import (
        Action,
        end,
        erupt,
        lava,
        leave,
        move,
        omen,
        play,
        relative,
        stop,
    )
    for a in (play(3, (2, 2)), play(3), erupt(), relative((0, 1)), stop(), omen((2, 2), 1), lava((1, 2), "coin"),
              move((4, 1), (4, 2)), leave((4, 0), "G4"), end()):
        assert str(a) and Action.from_json(json.loads(json.dumps(a.to_json()))) == a
