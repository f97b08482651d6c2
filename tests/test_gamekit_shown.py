"""gamekit.game.shown: every game's and the shell's way of quoting a bad value in a message."""

from __future__ import annotations

import doctest

from hypothesis import given
from hypothesis import strategies as st

import gamekit.game
from app.session import shown as shell_shown
from gamekit.game import shown

ANYTHING = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(),
                        lambda inner: st.lists(inner) | st.dictionaries(st.text(), inner), max_leaves=20)


def test_the_docstring_examples():
    assert doctest.testmod(gamekit.game).failed == 0


def test_what_repr_cannot_print_is_named_not_raised():
    deep: list = []
    for _ in range(100_000):
        deep = [deep]
    assert shown(10 ** 5000) == "<int too large to show>"
    assert shown(deep) == "<list too large to show>"
    assert shell_shown(-10 ** 5000) == "<int too large to show>"


@given(ANYTHING, st.integers(2, 300))
def test_never_longer_than_the_limit_and_whole_when_short(value, limit):
    text = shown(value, limit)
    assert len(text) <= limit
    assert text == repr(value) or text.endswith("…")


def test_the_shell_keeps_a_string_as_it_is():
    assert shell_shown("Leo") == "Leo" and shell_shown("x" * 50, 10) == "x" * 9 + "…"
    assert shell_shown(["Leo"]) == "['Leo']"
