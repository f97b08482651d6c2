"""gamekit.bench.search_speed and gamekit.arena.main: the two games' bots bench and arena
command lines share them (one timing loop and JSON shape, one option parser and printer)."""

from __future__ import annotations

import json
from types import SimpleNamespace
from typing import Any

import pytest

from gamekit import arena as ga
from gamekit import bench as gb


class _Tree:
    """A stand-in search: counts what ``search_speed`` adds up."""

    def __init__(self) -> None:
        self.iterations = self.determinizations = self.simulated_steps = 0
        self.runs: list[int | None] = []

    def run(self, iterations: int | None = None) -> None:
        self.runs.append(iterations)
        n = iterations or 0
        self.iterations += n
        self.determinizations += n // 2
        self.simulated_steps += 10 * n


class _Thinker:
    def __init__(self, position: int, searched: bool) -> None:
        self.position = position
        self.tree = _Tree() if searched else None
        self.spec = SimpleNamespace(iterations=6)
        self.acted = False

    def action(self) -> int:
        self.acted = True
        return self.position


def test_search_speed_adds_up_whole_searches_in_one_shape() -> None:
    started: list[_Thinker] = []

    def think(pos: int) -> _Thinker:
        t = _Thinker(pos, searched=pos != 2)        # position 2 needs no search
        started.append(t)
        return t

    r = gb.search_speed([0, 1, 2], think, 0.05, "hard", 3)
    assert tuple(r) == gb.SEARCH_KEYS
    assert r["level"] == "hard" and r["players"] == 3 and r["decisions"] == len(started) >= 1
    # positions are taken in turn, each search is run to the level's budget and decided
    assert [t.position for t in started] == [i % 3 for i in range(len(started))]
    assert all(t.acted for t in started)
    assert all(t.tree.runs == [6] for t in started if t.tree is not None)
    searched = sum(1 for t in started if t.tree is not None)
    assert r["iterations_per_second"] == pytest.approx(6 * searched / r["seconds"])
    assert r["determinizations_per_second"] == pytest.approx(3 * searched / r["seconds"])
    assert r["simulated_decisions_per_second"] == pytest.approx(60 * searched / r["seconds"])
    assert 0 < r["sec_per_decision_mean"] <= r["sec_per_decision_max"]
    assert 0 < r["sec_per_decision_p90"] <= r["sec_per_decision_max"]


def test_search_speed_times_at_least_one_decision_and_needs_positions() -> None:
    r = gb.search_speed([5], lambda pos: _Thinker(pos, True), 0.0, "normal", 2)
    assert r["decisions"] == 1 and r["sec_per_decision_max"] == r["sec_per_decision_mean"]
    with pytest.raises(ValueError):
        gb.search_speed([], lambda pos: _Thinker(pos, True), 1.0, "hard", 2)


@pytest.mark.parametrize("game", ["ptolemaeus", "pompeii"])
def test_both_games_bots_bench_use_the_shared_shape(game: str) -> None:
    import importlib
    bots = importlib.import_module(f"{game}.bots")
    r = bots.bench(0.05, 2, level="normal")
    assert tuple(r) == gb.SEARCH_KEYS and r["decisions"] >= 1 and r["level"] == "normal"


def _fake_match(calls: list[tuple[Any, ...]]) -> Any:
    def run(a: str, b: str, players: int, games: int, seed: int, jobs: int, budget: Any, progress: bool
            ) -> dict[str, Any]:
        calls.append((a, b, players, games, seed, jobs, budget, progress))
        if a == "genius":
            raise ValueError("unknown bot 'genius'")
        return {"a": a, "b": b, "games": games}
    return run


def test_arena_main_prints_json_or_the_report(capsys: pytest.CaptureFixture[str]) -> None:
    calls: list[tuple[Any, ...]] = []
    run = _fake_match(calls)
    assert ga.main(["--a", "x", "--games", "3", "--seed", "4", "--json"], "prog", "d", ["x", "y"], run,
                   lambda r: "REPORT") == 0
    assert json.loads(capsys.readouterr().out) == {"a": "x", "b": "greedy", "games": 3}
    assert calls[-1] == ("x", "greedy", 2, 3, 4, 1, None, False)
    assert ga.main(["--b", "y", "--players", "4", "--jobs", "2", "--iterations", "9", "--seconds", "0",
                    "--progress"], "prog", "d", ["x", "y"], run, lambda r: f"REPORT {r['b']}") == 0
    assert capsys.readouterr().out == "REPORT y\n"
    # --seconds 0 means no time cap
    assert calls[-1] == ("hard", "y", 4, 200, 1, 2, {"iterations": 9, "seconds": None}, True)


def test_arena_main_turns_a_refused_match_into_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        ga.main(["--a", "genius"], "prog", "d", ["x"], _fake_match([]), lambda r: "REPORT")
    assert exc.value.code == 2
    out = capsys.readouterr()
    assert out.out == "" and "unknown bot 'genius'" in out.err and out.err.startswith("usage: prog")


@pytest.mark.parametrize("game", ["ptolemaeus", "pompeii"])
def test_both_games_arena_main_refuse_an_unknown_bot(game: str, capsys: pytest.CaptureFixture[str]) -> None:
    import importlib
    arena = importlib.import_module(f"{game}.arena")
    with pytest.raises(SystemExit) as exc:
        arena.main(["--a", "genius", "--games", "1"])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert f"python -m {game}.arena" in err and "unknown bot 'genius'" in err


# ------------------------------------------------- --set: a level's entries from the command line

_HARD = {"kind": "ismcts", "doc": "d", "iterations": 240, "seconds": 0.35, "width": 4, "plan": True,
         "confidence": 1.0}


def test_level_overrides_take_the_levels_own_entries_with_their_types() -> None:
    got = ga.level_overrides(["confidence=0.7", "width = 6", "plan=false", "seconds=null", "iterations=480",
                              "confidence=1"], _HARD)
    assert got == {"confidence": 1, "width": 6, "plan": False, "seconds": None, "iterations": 480}
    assert ga.level_overrides([], _HARD) == {}


@pytest.mark.parametrize("item", [
    "confidence", "=0.7", "kind=1", "doc=1", "nonsense=1",            # not KEY=VALUE / not an entry
    "width=true", "plan=1", "confidence=false",                       # bool where a number is, and back
    "width=2.5", "iterations=1e3", "width=null", "confidence=null",   # float where an int is; null
    "confidence=\"0.7\"", "width=[4]", "width={}", "width=", "width=abc",
    "iterations=10000000", "confidence=-1e300", "confidence=NaN", "confidence=Infinity",
    "iterations=" + "9" * 400,
])
def test_level_overrides_refuse_bad_items(item: str) -> None:
    with pytest.raises(ValueError, match="--set"):
        ga.level_overrides([item], _HARD)


def test_arena_main_passes_set_into_a_s_budget_and_refuses_bad_ones(capsys: pytest.CaptureFixture[str]) -> None:
    calls: list[tuple[Any, ...]] = []
    levels = {"hard": _HARD, "greedy": {"kind": "greedy", "doc": "g"}}
    assert ga.main(["--set", "confidence=0.7", "--set", "width=6", "--seconds", "0", "--json"], "prog", "d",
                   levels, _fake_match(calls), lambda r: "R") == 0
    assert calls[-1][6] == {"confidence": 0.7, "width": 6, "seconds": None}
    capsys.readouterr()
    for argv in (["--set", "width=x"], ["--a", "greedy", "--set", "width=6"], ["--a", "genius", "--set", "w=1"]):
        with pytest.raises(SystemExit) as exc:
            ga.main(argv, "prog", "d", levels, _fake_match(calls), lambda r: "R")
        assert exc.value.code == 2 and "--set" in capsys.readouterr().err
    assert len(calls) == 1                   # nothing was played for a refused --set


def test_ptolemaeus_arena_set_reaches_the_search() -> None:
    """What ``--set`` passes (an override of A's level in the budget) reaches the search:
    with a width of 1 the search has one candidate, greedy's own choice, so ``hard`` plays
    greedy's games."""
    from ptolemaeus import arena as pa
    r = pa.run("hard", "greedy", players=2, games=2, seed=3, budget={"width": 1, "seconds": None})
    g = pa.run("greedy", "greedy", players=2, games=2, seed=3)
    assert r["wins_a"] == g["wins_a"] and r["avg_score_a"] == g["avg_score_a"]
