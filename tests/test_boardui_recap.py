"""boardui.recap (issue 17): a bot's whole turn and every point earned, until the player acts."""

from __future__ import annotations

import pytest
from hypothesis import given, strategies as st

from boardui.recap import Recap


def test_points_since_the_player_acted_are_marked_until_they_act_again():
    r = Recap()
    r.reset([0, 0])
    assert r.gains == {} and r.lines == []
    r.acted()
    r.see(["You observe Leo."], [1, 0])                      # the player's own point
    r.see(["Hypatia takes Gemini."], [1, 0])
    r.see(["Hypatia observes Aries.", "Hypatia ends the turn."], [1, 2])
    assert r.gains == {0: 1, 1: 2}
    assert r.lines == ["You observe Leo.", "Hypatia takes Gemini.", "Hypatia observes Aries.",
                       "Hypatia ends the turn."]                 # the whole turn, not its last step
    assert r.words(["You", "Hypatia"]) == "You +1, Hypatia +2"
    r.acted()
    assert r.gains == {} and r.lines                            # the summary stays readable...
    r.see(["You draw a card."], [1, 2])
    assert r.lines == ["You draw a card."]                      # ...until new lines come


def test_a_redraw_recaps_nothing_and_lost_points_are_not_gains():
    r = Recap()
    r.reset([3, 4])
    r.see(["x"], [2, 5])
    assert r.gains == {1: 1}
    r.reset([2, 5])
    assert r.gains == {} and r.lines == []


def test_only_the_last_lines_are_kept():
    r = Recap(limit=3)
    r.reset([0])
    r.see([f"line {i}" for i in range(10)], [0])
    assert r.lines == ["line 7", "line 8", "line 9"]


@given(st.lists(st.one_of(st.booleans(), st.none(), st.text(max_size=3), st.floats(allow_nan=True)), min_size=1,
                max_size=4).filter(lambda xs: any(isinstance(x, bool) or not isinstance(x, (int, float)) or x != x
                                                  for x in xs)))
def test_scores_that_are_not_numbers_are_refused(scores):
    r = Recap()
    with pytest.raises(ValueError):
        r.reset(scores)
    with pytest.raises(ValueError):
        r.see(["x"], scores)


@pytest.mark.parametrize("limit", [0, -1, True, 2.0, None])
def test_a_bad_limit_is_refused(limit):
    with pytest.raises(ValueError):
        Recap(limit)
