"""boardui.marks (issue 17): every point drawn as a short "+N" with a highlight on the board spot
that earned it, in the order earned, kept until the player acts; bad input refused, nothing changed."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from boardui import marks
from boardui.marks import STEP_MS, Earned, render, said_at, score_mark
from boardui.recap import Recap
from boardui.tree import to_markup

PLACES = {"const:Leo": (100.0, 200.0), "const:Aries": (300.0, 50.0), "asteroid:Leo": (120.0, 180.0)}


def place(spot: str):
    return PLACES.get(spot)


def drawn(tree):
    return [e for e in tree.walk() if e.attrs.get("class") == "bu-mark"]


def test_each_point_is_drawn_at_its_spot_in_the_order_earned_and_timed_one_after_the_other():
    r = Recap()
    r.reset([0, 0])
    r.see(["Hypatia studies Sol in Leo."], [0, 2], [Earned(1, 1, "const:Leo", "Hypatia +1 in Leo: study of Sol"),
                                                  Earned(1, 1, "asteroid:Leo", "Hypatia +1: Asteroids")])
    r.see(["You study Luna in Aries."], [1, 2], [Earned(0, 1, "const:Aries", "You +1 in Aries")])
    tree = render(r.earned, place)
    found = drawn(tree)
    assert [(e.attrs["data-spot"], e.attrs["data-seat"], e.attrs["data-points"]) for e in found] == [
        ("const:Leo", "1", "1"), ("asteroid:Leo", "1", "1"), ("const:Aries", "0", "1")]
    assert [e.attrs["transform"] for e in found] == ["translate(100.0 200.0)", "translate(120.0 180.0)",
                                                     "translate(300.0 50.0)"]
    delays = [e.children[0].attrs["style"] for e in found]
    assert delays == [f"animation-delay: {i * STEP_MS}ms" for i in range(3)]
    assert [e.text_content() for e in found] == ["+1", "+1", "+1"]
    assert tree.attrs["aria-hidden"] == "true"                      # said by the spot's label and the live region
    assert said_at(r.earned, "const:Leo") == ["Hypatia +1 in Leo: study of Sol"]


def test_points_of_one_seat_at_one_spot_add_up_and_seats_at_one_spot_stack():
    r = Recap()
    r.reset([0, 0])
    r.see([], [3, 1], [Earned(0, 1, "const:Leo"), Earned(0, 2, "const:Leo"), Earned(1, 1, "const:Leo")])
    found = drawn(render(r.earned, place))
    assert [(e.attrs["data-seat"], e.text_content()) for e in found] == [("0", "+3"), ("1", "+1")]
    assert found[0].attrs["transform"] != found[1].attrs["transform"]


def test_a_spot_the_game_cannot_place_or_none_shows_at_the_score_only():
    r = Recap()
    r.reset([0])
    r.see([], [3], [Earned(0, 1, None, "objective"), Earned(0, 2, "nowhere:x")])
    assert drawn(render(r.earned, place)) == []
    assert r.gains == {0: 3}
    assert to_markup(score_mark(3)) == '<span class="bu-gain" aria-hidden="true" data-transient="1">+3</span>'
    assert score_mark(0) is None and score_mark(-1) is None and marks.gain_text(2.5) == "+2.5"


def test_a_redraw_keeps_each_marks_node_and_a_new_point_at_the_same_spot_is_a_new_one():
    """The key holds the serial of the spot's first point: the pop animation plays once per mark."""
    r = Recap()
    r.reset([0])
    r.see([], [1], [Earned(0, 1, "const:Leo")])
    first = [e.key for e in render(r.earned, place).children]
    assert [e.key for e in render(r.earned, place).children] == first
    r.acted()
    assert r.earned == [] and drawn(render(r.earned, place)) == []   # the player acted: seen
    r.see([], [2], [Earned(0, 1, "const:Leo")])
    assert [e.key for e in render(r.earned, place).children] != first


def test_a_redraw_marks_nothing():
    r = Recap()
    r.reset([0, 0])
    r.see(["x"], [1, 0], [Earned(0, 1, "const:Leo")])
    r.reset([1, 0])
    assert r.earned == [] and r.gains == {}


def test_the_rings_take_the_seats_colour():
    r = Recap()
    r.reset([0, 0])
    r.see([], [0, 1], [Earned(1, 1, "const:Leo")])
    ring = next(e for e in render(r.earned, place, lambda s: ["#fff", "#b07be0"][s]).walk() if e.tag == "circle")
    assert ring.attrs["stroke"] == "#b07be0"


BAD_EARNED = [dict(seat=-1, points=1), dict(seat=True, points=1), dict(seat=1.0, points=1), dict(seat="0", points=1),
              dict(seat=0, points=0), dict(seat=0, points=-2), dict(seat=0, points=True), dict(seat=0, points="1"),
              dict(seat=0, points=math.inf), dict(seat=0, points=math.nan), dict(seat=0, points=None),
              dict(seat=0, points=1, spot=3), dict(seat=0, points=1, spot=["const:Leo"]),
              dict(seat=0, points=1, said=None), dict(seat=None, points=1)]


@pytest.mark.parametrize("kw", BAD_EARNED)
def test_bad_points_are_refused_with_a_clear_error(kw):
    with pytest.raises(ValueError):
        Earned(**kw)


@given(st.lists(st.one_of(st.none(), st.integers(), st.text(max_size=5), st.floats(), st.booleans(),
                          st.lists(st.integers(), max_size=2)), min_size=1, max_size=4))
def test_anything_but_earned_points_is_refused_and_changes_nothing(junk):
    r = Recap()
    r.reset([0, 0])
    r.see(["a"], [1, 0], [Earned(0, 1, "const:Leo")])
    before = (list(r.lines), list(r.earned), list(r.now))
    with pytest.raises(ValueError):
        r.see(["b"], [2, 0], junk)
    assert (r.lines, r.earned, r.now) == before
