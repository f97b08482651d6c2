"""The fitted win chance (``ptolemaeus.bots.features``, ``win_chances``,
``WIN_MODEL``) that ``hard`` ends its simulations on, and the script that
fits it (``tools/fit_winmodel.py``). Strength is the arena's business
(docs/bots.md); here: the features on known positions, that they are
``potential``'s terms, determinism, and what the fitted weights must get
right (more points, a better chance)."""

from __future__ import annotations

import json
import math
import random
import re
import sys
from pathlib import Path

import pytest

import ptolemaeus as pt
from ptolemaeus import bots
from ptolemaeus.data import (OBJECTIVE_POINTS, OBJECTIVES, PLANET_INDEX, STUDY_POINTS, TOKENS_PER_PLAYER,
                             TURNS_PER_ROUND, WINNING_POINTS)

ROOT = Path(__file__).resolve().parents[1]
START = "1969-07-20T20:17Z"
F = {name: i for i, name in enumerate(bots.FEATURES)}


def _random_positions(games: int = 8, players: int = 2, seed: int = 5) -> list[pt.State]:
    out = []
    rng = random.Random(seed)
    for g in range(games):
        s = pt.new_game(players, 300 + g, START)
        s.record = False
        while not s.is_over:
            if rng.random() < 0.2:
                out.append(s.clone())
            s.apply(rng.choice(s.legal_actions()))
        out.append(s)
    return out


def test_features_of_a_new_game() -> None:
    """At setup (R3): no points, no tokens on the board, two cards in hand,
    the whole reserve; every seat gets one row of len(FEATURES) numbers."""
    s = pt.new_game(2, 7, START)
    ctx = bots._Ctx(s)
    for p in range(2):
        f = bots.features(s, p, ctx)
        assert len(f) == len(bots.FEATURES)
        assert f[F["score"]] == 0.0 and f[F["score_sq"]] == 0.0
        assert f[F["studied"]] == 0.0 and f[F["tokens"]] == 0.0 and f[F["pairs_live"]] == 0.0
        assert f[F["cards"]] == 2.0
        assert f[F["reserve"]] == float(TOKENS_PER_PLAYER)
        assert f[F["study"]] == 0.0 and f[F["generic"]] == 0.0
        assert f[F["hand"]] > 0.0
        # Only the seat whose turn it is has an action to take.
        assert f[F["to_play"]] == (bots._ACTION if p == s.current_player else 0.0)
        # late = 3 / (3 + turns left): many rounds ahead, so small.
        now, _ = bots._turns_left(s, p)
        turns = now + TURNS_PER_ROUND * ctx.future_rounds
        late = 3.0 / (3.0 + turns)
        assert late < 0.25
        assert f[F["late_hand"]] == pytest.approx(late * f[F["hand"]])


def test_features_of_a_known_position_with_studies_and_tokens() -> None:
    """R16's score: the study table plus the secret objective; two tokens on
    a constellation with an unstudied planet count as a live pair."""
    s = pt.new_game(2, 7, START)
    p = 0
    objective = OBJECTIVES[s.objectives[p]]
    planet = objective[0]
    s.studied[p] = 1 << PLANET_INDEX[planet]
    c = next(c for c in range(12) if s.at_mask[c] & ~s.studied[p])
    s.tokens[p][c] = 2
    s.reserve[p] -= 2
    s.asteroids[p] = 4                       # one point (R9) and one toward the next
    f = bots.features(s, p)
    score = STUDY_POINTS[1] + OBJECTIVE_POINTS[1] + 1
    assert f[F["score"]] == float(score) == float(s.score(p))
    assert f[F["score_sq"]] == pytest.approx(score * score / WINNING_POINTS)
    assert f[F["studied"]] == 1.0 and f[F["objective"]] == 1.0
    assert f[F["tokens"]] == 2.0 and f[F["reserve"]] == float(TOKENS_PER_PLAYER - 2)
    assert f[F["asteroid_part"]] == pytest.approx(bots._ASTEROID_PART)
    if not (c == bots._Ctx(s).comet_land):
        assert f[F["pairs_live"]] == 1.0 and f[F["study"]] > 0.0


@pytest.mark.parametrize("players", [2, 3, 4])
def test_features_are_potentials_terms(players: int) -> None:
    """The fitted evaluation sees what greedy's sees, kept apart: the
    potential is the sum of its terms (plus the tie-break crumbs)."""
    for s in _random_positions(4, players):
        ctx = None if s.over else bots._Ctx(s)
        for p in range(players):
            f = bots.features(s, p, ctx)
            total = (f[F["score"]] + f[F["study"]] + f[F["generic"]] + f[F["hand"]] + f[F["bonus"]]
                     + f[F["asteroid_part"]] + f[F["to_play"]])
            if not s.over:
                total += 0.05 * f[F["studied"]] + (0.02 * f[F["tokens"]] if ctx is not None and ctx.ends else 0.0)
            assert total == pytest.approx(bots.potential(s, p, ctx), abs=1e-9)
            assert f[F["score"]] == float(s.score(p))


@pytest.mark.parametrize("players", [2, 4])
def test_win_chances_are_a_distribution_and_the_outcome_at_the_end(players: int) -> None:
    for s in _random_positions(4, players, seed=2):
        w = bots.win_chances(s)
        assert len(w) == players
        if s.over:
            assert w == s.returns()
        else:
            assert all(0.0 <= x <= 1.0 for x in w) and math.isclose(sum(w), 1.0)
            assert w != bots.values(s)
            assert w == bots.win_chances(s.clone())          # deterministic


@pytest.mark.parametrize("players", [1, 3])
def test_other_seat_counts_keep_greedys_values(players: int) -> None:
    """The 2- and 4-player models are kept (docs/bots.md): solitaire and
    3 seats get greedy's values."""
    assert bots._model_for(players) is None
    for s in _random_positions(2, players, seed=players):
        assert bots.win_chances(s) == (s.returns() if s.over else bots.values(s))


def test_the_fitted_models_are_there_for_two_and_four_players() -> None:
    """Issue 14 (2026-11-28): the 4-player model joined the 2-player one."""
    assert set(bots.WIN_MODEL) == {2, 4}
    for n in (2, 4):
        w = bots.WIN_MODEL[n]
        assert len(w) == len(bots.FEATURES) and all(math.isfinite(x) for x in w)
        assert bots._model_for(n) is w
    assert bots.WIN_MODEL[2] != bots.WIN_MODEL[4]


def test_more_points_mean_a_better_chance() -> None:
    """What any win model must get right: of two seats alike in all else,
    the one with more points (a studied planet, R16) is likelier to win, and
    more so near the end of the game."""
    s = pt.new_game(2, 21, START)
    s.record = False
    before = bots.win_chances(s)
    free = next(q for q in range(7) if not s.studied[0] & (1 << q))
    s.studied[0] |= 1 << free
    s.studied[0] |= 1 << next(q for q in range(7) if not s.studied[0] & (1 << q) and q != free)
    after = bots.win_chances(s)
    assert after[0] > before[0]
    late = s.clone()
    late.comet_steps = 11                        # the Comet's last step comes at this round's end
    assert bots.win_chances(late)[0] > after[0]


@pytest.mark.parametrize("players", [2, 4])
def test_hard_ends_its_simulations_on_the_fitted_chance_and_greedy_is_unchanged(players: int) -> None:
    """Issue 14: ``hard`` is the level that uses the fitted win chance (in
    2 and 4 players); ``greedy`` (the baseline) and ``normal`` keep greedy's evaluation."""
    assert bots.LEVELS["hard"].fitted is True
    assert not bots.LEVELS["normal"].fitted and bots.LEVELS["greedy"].kind == "greedy"
    s = pt.new_game(players, 7, START)
    seat = s.current_player
    t = bots.Thinker(s, seat, "hard", random.Random(1), budget={"iterations": 8, "seconds": None})
    assert t.tree is not None and t.tree._evaluate is bots.win_chances
    leaf = s.clone()
    leaf.record = False
    assert bots.win_chances(leaf) != bots.values(leaf)     # the model's chance, not greedy's values


def test_the_fitted_entry_chooses_what_simulations_end_on() -> None:
    s = pt.new_game(2, 7, START)
    seat = s.current_player
    t = bots.Thinker(s, seat, "hard", random.Random(1), budget={"iterations": 8, "seconds": None, "fitted": True})
    assert t.tree is not None and t.tree._evaluate is bots.win_chances
    t2 = bots.Thinker(s, seat, "hard", random.Random(1), budget={"iterations": 8, "seconds": None, "fitted": False})
    assert t2.tree is not None and t2.tree._evaluate is bots.values


def _fit_winmodel():  # tools/ is not a package: its scripts are imported from their folder
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import fit_winmodel as fw
    finally:
        sys.path.remove(str(ROOT / "tools"))
    return fw


def _block_of(src: str) -> str:
    """The WIN_MODEL block of a bots.py source."""
    return src[src.index("# BEGIN WIN_MODEL"):src.index("# END WIN_MODEL")]


def _bots_py_copy(fw, tmp_path, monkeypatch):
    """A copy of bots.py in ``tmp_path`` that the fitting script writes instead of the real one."""
    copy = tmp_path / "bots.py"
    copy.write_text(fw.BOTS_PY.read_text())
    monkeypatch.setattr(fw, "BOTS_PY", copy)
    monkeypatch.setattr(fw, "ROOT", tmp_path)
    return copy


def test_the_fitting_script_fits_a_known_model() -> None:
    """tools/fit_winmodel.py's Newton fit recovers weights from outcomes
    drawn from a known conditional logit, and its self-play is deterministic."""
    fw = _fit_winmodel()
    r = random.Random(3)
    true = [1.5, -0.7]
    samples = []
    for _ in range(3000):
        fs = [[r.gauss(0, 1), r.gauss(0, 1)] for _ in range(2)]
        pi = fw._probs(true, fs)
        win = 0 if r.random() < pi[0] else 1
        samples.append((fs, [1.0 if p == win else 0.0 for p in range(2)], [0.5, 0.5]))
    w = fw.fit(samples, l2=0.1)
    assert w[0] == pytest.approx(true[0], abs=0.2) and w[1] == pytest.approx(true[1], abs=0.2)
    a = fw.play(2, 1, 0)
    assert a == fw.play(2, 1, 0) and a
    fs, y, v = a[0]
    assert len(fs) == 2 and len(fs[0]) == len(bots.FEATURES) and sum(y) == pytest.approx(1.0)


def test_the_fitting_script_takes_who_plays_the_self_play() -> None:
    """``--policies`` sets the self-play's mix (2026-11-27: a model fitted on greedy-only games,
    docs/bots.md); a name it does not know or shares that do not sum to 1 are refused."""
    fw = _fit_winmodel()
    r = random.Random(5)
    assert {fw._policy(r, (("greedy", 1.0),)) for _ in range(50)} == {"greedy"}
    assert {fw._policy(r) for _ in range(400)} == {"greedy", "easy", "fast"}
    greedy_only = fw.play(2, 1, 0, (("greedy", 1.0),))
    assert greedy_only == fw.play(2, 1, 0, (("greedy", 1.0),))
    assert greedy_only != fw.play(2, 1, 0, (("fast", 1.0),))
    for bad in ("greedy=0.5,clever=0.5", "greedy=0.5", "greedy", "greedy=x", "greedy=1.5,fast=-0.5", ""):
        with pytest.raises(SystemExit):
            fw.main(["--games", "1", "--policies", bad])


def test_the_fitting_script_marks_the_seats_hard_plays(monkeypatch) -> None:
    """With ``hard`` in ``--policies`` each seat's features get one more column, 1 for a seat
    ``hard`` plays (2026-11-29, docs/bots.md: without it the fit credits ``hard``'s positions
    with ``hard``'s skill); the seats' players are those the game's deal drew."""
    fw = _fit_winmodel()
    monkeypatch.setattr(fw, "HARD_BUDGET", {"seconds": None, "iterations": 8})
    mix = fw._policies("hard=0.5,greedy=0.5")
    assert fw._with_hard(mix) and not fw._with_hard(fw.POLICIES)
    columns = set()
    for index in range(4):
        game = fw.play(2, 7, index, mix)
        assert game == fw.play(2, 7, index, mix)
        fs, _, _ = game[0]
        assert all(len(f) == len(bots.FEATURES) + 1 for f in fs)
        columns.add(tuple(f[-1] for f in fs))
        assert {tuple(f[-1] for f in g[0]) for g in game} == {tuple(f[-1] for f in fs)}   # the same all game
    assert columns <= {(0.0, 0.0), (0.0, 1.0), (1.0, 0.0), (1.0, 1.0)} and len(columns) > 1


def test_the_fitting_script_writes_its_models_and_keeps_the_others(tmp_path, monkeypatch) -> None:
    """``--write`` replaces the weights and note of the numbers of players it
    fitted and keeps the other models with their notes (the 2- and 4-player
    models come from runs with different ``--games``)."""
    fw = _fit_winmodel()
    original = fw.BOTS_PY.read_text()
    copy = _bots_py_copy(fw, tmp_path, monkeypatch)
    new4 = [round(0.25 * i - 2.0, 3) for i in range(len(bots.FEATURES))]
    fw.write({4: new4}, {4: "a test fit"})
    src = copy.read_text()
    block = _block_of(src)
    scope: dict = {}
    exec(block, scope)
    assert scope["WIN_MODEL"][2] == pytest.approx(bots.WIN_MODEL[2], rel=1e-5)
    assert scope["WIN_MODEL"][4] == tuple(new4)
    notes = fw._kept_notes(block)
    assert notes[4] == "# 4p: a test fit" and notes[2] == fw._kept_notes(_block_of(original))[2]
    assert src.replace(block, "") == original.replace(_block_of(original), "")   # nothing else touched


def test_a_fit_with_hard_in_the_mix_writes_a_model_without_the_column(tmp_path, monkeypatch, capsys) -> None:
    """The "played by hard" column is fitted and printed, and left out of the written model (the
    search compares positions, not players): the model has one weight per feature."""
    fw = _fit_winmodel()
    copy = _bots_py_copy(fw, tmp_path, monkeypatch)
    monkeypatch.setattr(fw, "HARD_BUDGET", {"seconds": None, "iterations": 8})
    assert fw.main(["--games", "5", "--seed", "7", "--policies", "hard=0.5,greedy=0.5", "--write"]) == 0
    src = copy.read_text()
    scope: dict = {}
    exec(_block_of(src), scope)
    assert len(scope["WIN_MODEL"][2]) == len(bots.FEATURES)
    assert scope["WIN_MODEL"][4] == pytest.approx(bots.WIN_MODEL[4], rel=1e-5)
    out = capsys.readouterr().out
    assert "played by hard:" in out and "--policies hard=0.5,greedy=0.5" in src


def test_a_fit_pools_the_games_an_earlier_run_cached(tmp_path, monkeypatch, capsys) -> None:
    """``--pool``: the games another run kept with ``--cache`` are fitted with this run's (a model
    fitted on several rounds of self-play); a file that is not such games (other columns, another
    number of players, broken JSON, missing) is refused with a message."""
    fw = _fit_winmodel()
    copy = _bots_py_copy(fw, tmp_path, monkeypatch)
    assert fw.main(["--games", "3", "--seed", "8", "--cache", str(tmp_path / "c8")]) == 0
    cached = tmp_path / "c8.2p.json"
    assert len(json.loads(cached.read_text())) == 3
    capsys.readouterr()
    assert fw.main(["--games", "2", "--seed", "9", "--pool", str(cached), "--write"]) == 0
    out = capsys.readouterr().out
    assert "5 games (3 of them pooled)" in out
    assert f"--pool {cached.name}; 5 games" in copy.read_text()
    games = json.loads(cached.read_text()) + [fw.play(2, 9, i) for i in range(2)]
    expected = fw.fit([tuple(x) for g in games[:4] for x in g])     # the first 80% of the pooled games
    scope: dict = {}
    exec(_block_of(copy.read_text()), scope)
    assert scope["WIN_MODEL"][2] == pytest.approx(expected, rel=1e-5)
    wide = tmp_path / "wide.json"
    wide.write_text(json.dumps([[([f + [1.0] for f in fs], y, v) for fs, y, v in g]
                                for g in json.loads(cached.read_text())]))
    broken = tmp_path / "broken.json"
    broken.write_text(cached.read_text()[:-40])
    for bad in (wide, broken, tmp_path / "missing.json"):
        with pytest.raises(SystemExit, match="not the games of a --cache of 2 players"):
            fw.main(["--games", "2", "--seed", "9", "--pool", str(bad)])
    played = []
    monkeypatch.setattr(fw, "play", lambda *a, **k: played.append(a) or [])
    with pytest.raises(SystemExit, match="of 4 players"):    # a 2-player run's games in a 4-player fit
        fw.main(["--games", "1", "--players", "4", "--seed", "9", "--pool", str(cached)])
    assert played == []                                      # refused before any self-play


def test_a_reused_cache_is_checked_before_any_self_play(tmp_path, monkeypatch, capsys) -> None:
    """``--cache``: an existing file is reused instead of playing, but only if it holds the games
    of this run's players and columns and as many as ``--games`` asks for; otherwise the run stops
    with a message before any self-play (a 4-player fit does not wait for the 2-player one)."""
    fw = _fit_winmodel()
    _bots_py_copy(fw, tmp_path, monkeypatch)
    assert fw.main(["--games", "3", "--seed", "8", "--cache", str(tmp_path / "c")]) == 0
    cached = tmp_path / "c.2p.json"
    first = capsys.readouterr().out
    played = []
    monkeypatch.setattr(fw, "play", lambda *a, **k: played.append(a) or [])
    assert fw.main(["--games", "3", "--seed", "8", "--cache", str(tmp_path / "c")]) == 0
    def timeless(out: str) -> str:
        return re.sub(r"\d+ s of self-play", "", out)
    assert played == [] and timeless(capsys.readouterr().out) == timeless(first)   # reused: the same fit
    with pytest.raises(SystemExit, match="holds 3 games, not the 2 that --games asks for"):
        fw.main(["--games", "2", "--seed", "8", "--cache", str(tmp_path / "c")])
    (tmp_path / "c.4p.json").write_text(cached.read_text())       # 2-player games under a 4-player name
    with pytest.raises(SystemExit, match="not the games of a --cache of 4 players"):
        fw.main(["--games", "3", "--players", "2", "4", "--seed", "8", "--cache", str(tmp_path / "c")])
    cached.write_text(cached.read_text()[:-40])
    with pytest.raises(SystemExit, match="not the games of a --cache of 2 players"):
        fw.main(["--games", "3", "--seed", "8", "--cache", str(tmp_path / "c")])
    assert played == []


def test_hard_with_the_fitted_chance_sees_only_what_its_seat_sees() -> None:
    """R17: ``hard`` (fitted leaves) answers two states with the same
    view(seat) but different hidden cards, objectives and deck orders alike;
    and it never changes the real state."""
    checked = 0
    rng = random.Random(8)
    for g in range(6):
        s = pt.new_game(2 + g % 3, 50 + g, START)
        s.record = False
        for _ in range(rng.randrange(4, 40)):
            if s.is_over:
                break
            s.apply(rng.choice(s.legal_actions()))
        if s.is_over or s.stack:
            continue
        seat = s.current_player
        other = s.determinize(seat, random.Random(100 + g))
        assert other.view(seat) == s.view(seat)
        assert other.hands != s.hands or other.objectives != s.objectives or other.deck != s.deck
        before = s.to_json()
        budget = {"iterations": 24, "seconds": None}
        a = bots.choose_action(s, seat, "hard", random.Random(3), budget=budget)
        b = bots.choose_action(other, seat, "hard", random.Random(3), budget=budget)
        assert a == b and a in s.legal_actions()
        assert s.to_json() == before
        checked += 1
    assert checked >= 3
