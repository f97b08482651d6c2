"""gamekit.thinking.SlicedSearch: a decision in slices that never guesses."""

import pytest

import random
from types import SimpleNamespace

from gamekit.thinking import BotError, Level, SearchThinker, SlicedSearch


class Counter:
    """A thinker that wants ``n`` iterations, then answers ``answer``."""

    def __init__(self, n: int, answer: object) -> None:
        self.n, self.ran, self.answer = n, 0, answer

    @property
    def done(self) -> bool:
        return self.ran >= self.n

    def step(self, iterations: int) -> int:
        self.ran += iterations
        return iterations

    def action(self) -> object:
        return self.answer


def test_first_slice_only_builds_the_thinker_then_iterations_run_to_the_budget():
    built = []
    search = SlicedSearch(lambda: built.append(1) or Counter(5, "b"), ["a", "b"])
    assert search.step(0.01) is False and built == [1] and search.thinker.ran == 0
    assert search.run() == "b"
    assert search.thinker.ran == 5 and built == [1]


def test_a_thinker_that_is_done_at_once_decides_in_the_first_slice():
    search = SlicedSearch(lambda: Counter(0, "a"), ["a"])
    assert search.step(0.01) is True and search.result() == "a"


def test_an_illegal_answer_raises_instead_of_playing_the_first_legal_action():
    search = SlicedSearch(lambda: Counter(1, "z"), ["a", "b"])
    with pytest.raises(BotError, match="not a legal action"):
        search.run()


def test_result_before_the_search_is_done_raises():
    search = SlicedSearch(lambda: Counter(3, "a"), ["a"])
    with pytest.raises(BotError, match="not finished"):
        search.result()


def test_no_legal_action_is_refused_up_front():
    with pytest.raises(BotError):
        SlicedSearch(lambda: Counter(0, "a"), [])


def test_the_time_cap_ends_a_search_that_wants_more():
    search = SlicedSearch(lambda: Counter(10 ** 9, "a"), ["a"], cap=0.02)
    assert search.run(slice_seconds=0.005) == "a"
    assert search.thinker.ran < 10 ** 9 and search.slices > 1


class FakeTree:
    """An ISMCTS stand-in: counts iterations, settles after ``settle`` of them."""

    def __init__(self, settle: int | None = None) -> None:
        self.iterations, self.settle = 0, settle

    @property
    def settled(self) -> bool:
        return self.settle is not None and self.iterations >= self.settle

    def step(self, n: int) -> int:
        self.iterations += n
        return n

    def best_action(self) -> str:
        return f"best after {self.iterations}"


def _thinker(tree=None, action=None, budget=None) -> SearchThinker:
    t = SearchThinker()
    t.tree, t._action, t.budget = tree, action, budget
    return t


def test_search_thinker_decided_at_once_is_done_and_runs_nothing():
    t = _thinker(action="pass")
    assert t.done and t.step(10) == 0 and t.action() == "pass"


def test_search_thinker_runs_to_its_budget_and_never_past_it():
    t = _thinker(FakeTree(), budget=20)
    assert not t.done
    assert t.step(16) == 16 and t.step(16) == 4 and t.done and t.step(16) == 0
    assert t.action() == "best after 20"


def test_search_thinker_without_a_budget_stops_when_the_tree_settles():
    t = _thinker(FakeTree(settle=5))
    assert t.step(3) == 3 and not t.done and t.step(3) == 3 and t.done and t.step(3) == 0


def test_checked_rng_refuses_what_cannot_be_asked_and_makes_a_random():
    levels = {"easy": {}, "hard": {}}
    state = SimpleNamespace(is_over=False, current_player=1)
    with pytest.raises(ValueError, match="unknown bot level 'medium'; choose one of easy, hard"):
        SearchThinker.checked_rng(state, 1, "medium", levels, None)
    with pytest.raises(ValueError, match="seat 0 is not to decide now"):
        SearchThinker.checked_rng(state, 0, "easy", levels, None)
    with pytest.raises(ValueError, match="the game is over"):
        SearchThinker.checked_rng(SimpleNamespace(is_over=True, current_player=1), 1, "easy", levels, None)
    mine = random.Random(3)
    assert SearchThinker.checked_rng(state, 1, "easy", levels, mine) is mine
    assert SearchThinker.checked_rng(state, 1, "easy", levels, 7).random() == random.Random(7).random()


def test_a_levels_settings_for_a_number_of_players_and_a_budget():
    """Every game's ``Thinker`` reads its level through ``SearchThinker.settings``: a row's
    ``seats`` entry applies in games of that many players only, a budget's keys (its own
    ``seats`` included) win over both, and the table itself is never changed."""
    levels = {"hard": Level(kind="ismcts", iterations=240, width=4, seats={4: {"iterations": 400}})}
    two = SearchThinker.settings(levels, "hard", 2)
    four = SearchThinker.settings(levels, "hard", 4)
    assert (two.iterations, two.width, four.iterations, four.width, four.missing) == (240, 4, 400, 4, None)
    capped = SearchThinker.settings(levels, "hard", 4, {"iterations": 8, "seconds": None})
    assert (capped.iterations, capped.seconds, capped.kind) == (8, None, "ismcts")
    own = SearchThinker.settings(levels, "hard", 4, {"seats": {4: {"width": 3}}})
    assert (own.iterations, own.width) == (240, 3)
    assert levels["hard"] == {"kind": "ismcts", "iterations": 240, "width": 4, "seats": {4: {"iterations": 400}}}
