"""gamekit.thinking.SlicedSearch: a decision in slices that never guesses."""

import pytest

from gamekit.thinking import BotError, SlicedSearch


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
