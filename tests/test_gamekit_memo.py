"""gamekit.memo.BoundedMemo: the memos of the engines, the bots and the boards stay bounded."""

from __future__ import annotations

import pytest
from hypothesis import given, strategies as st

from gamekit.memo import BoundedMemo


@given(limit=st.integers(1, 20), keys=st.lists(st.integers(0, 50), max_size=200))
def test_never_more_than_its_limit_and_the_last_put_is_kept(limit, keys):
    memo: BoundedMemo[int, int] = BoundedMemo(limit)
    for k in keys:
        assert memo.put(k, k * 10) == k * 10
        assert len(memo) <= limit
        assert memo.get(k) == k * 10


def test_a_full_memo_starts_again_empty():
    memo: BoundedMemo[str, int] = BoundedMemo(3)
    for i, k in enumerate("abc"):
        memo.put(k, i)
    memo.put("a", 9)                       # full: emptied first, even for a key it held
    assert dict(memo) == {"a": 9}


@pytest.mark.parametrize("limit", [0, -1, 2.5, "3", True, None])
def test_a_limit_that_is_no_positive_int_is_refused(limit):
    with pytest.raises(ValueError, match="positive int"):
        BoundedMemo(limit)


def test_every_memo_of_the_games_is_bounded():
    """The memos a page keeps for the whole session (docs/bots.md, Speed)."""
    from ptolemaeus import bots, state
    from pompeii_ui import board

    memos = {"observations": state._OBSERVATIONS, "placements": state._PLACEMENTS,
             "contexts": bots._CTXS, "potentials": bots._POTENTIALS, "squares": board._SQUARE_CACHE}
    assert {name: memo.limit for name, memo in memos.items()} == {
        "observations": 20000, "placements": 5000, "contexts": 20000, "potentials": 10000, "squares": 4000}
    assert all(isinstance(memo, BoundedMemo) for memo in memos.values())
