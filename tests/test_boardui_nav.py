"""boardui.nav: which cell a key moves the focus to, on a grid (Pompeii's 11 x 7 board needs it)
and on a ring (Ptolemaeus' constellations); the markup that describes them; bad layouts refused."""

from __future__ import annotations

import pytest
from boardui import nav
from boardui.nav import Grid, NavError, Ring
from boardui.tree import El
from hypothesis import given, settings
from hypothesis import strategies as st


def full(rows: int, cols: int, holes: set[tuple[int, int]] = frozenset()) -> Grid:
    return Grid([(f"{r},{c}", r, c) for r in range(rows) for c in range(cols) if (r, c) not in holes])


# ------------------------------------------------------------------ a full grid


def test_arrows_move_one_cell_along_rows_and_columns():
    g = full(7, 11)
    assert g.move("3,5", "ArrowRight") == "3,6"
    assert g.move("3,5", "ArrowLeft") == "3,4"
    assert g.move("3,5", "ArrowDown") == "4,5"
    assert g.move("3,5", "ArrowUp") == "2,5"


def test_at_the_edge_an_arrow_stays_unless_the_grid_wraps():
    g = full(7, 11)
    assert g.move("0,0", "ArrowUp") == "0,0"
    assert g.move("0,0", "ArrowLeft") == "0,0"
    assert g.move("6,10", "ArrowRight") == "6,10"
    assert g.move("6,10", "ArrowDown") == "6,10"
    assert g.move("2,10", "ArrowRight") == "3,0"          # Left/Right follow the reading order
    assert g.move("3,0", "ArrowLeft") == "2,10"
    w = Grid([(f"{r},{c}", r, c) for r in range(7) for c in range(11)], wrap=True)
    assert w.move("6,10", "ArrowRight") == "0,0"
    assert w.move("0,0", "ArrowLeft") == "6,10"
    assert w.move("6,4", "ArrowDown") == "0,4"
    assert w.move("0,4", "ArrowUp") == "6,4"


def test_home_end_go_along_the_row_and_with_ctrl_to_the_corners():
    g = full(7, 11)
    assert g.move("3,5", "Home") == "3,0"
    assert g.move("3,5", "End") == "3,10"
    assert g.move("3,5", "Home", ctrl=True) == "0,0"
    assert g.move("3,5", "End", ctrl=True) == "6,10"
    assert g.move("3,5", "PageUp") == "0,5"
    assert g.move("3,5", "PageDown") == "6,5"


def test_other_keys_are_not_the_grids():
    g = full(3, 3)
    for key in ("Enter", " ", "a", "Tab", "Escape", "arrowright", ""):
        assert g.move("1,1", key) is None


def test_an_unknown_current_cell_starts_at_the_first_and_an_empty_grid_has_none():
    g = full(3, 3)
    assert g.move("gone", "ArrowDown") == "0,0"
    assert g.move(None, "ArrowRight") == "0,0"
    assert Grid([]).move(None, "ArrowRight") is None
    assert g.ids == [f"{r},{c}" for r in range(3) for c in range(3)]


# ------------------------------------------------------------------ empty cells: the caller's choice


def test_skipping_empty_cells_jumps_over_gaps_in_the_row_and_column():
    g = full(7, 11, holes={(3, 6), (3, 7), (4, 5), (5, 5)})
    assert g.move("3,5", "ArrowRight") == "3,8"
    assert g.move("3,8", "ArrowLeft") == "3,5"
    assert g.move("3,5", "ArrowDown") == "6,5"
    assert g.move("6,5", "ArrowUp") == "3,5"


def test_not_skipping_empty_cells_stops_in_front_of_a_gap():
    cells = [(f"{r},{c}", r, c) for r in range(7) for c in range(11) if (r, c) not in {(3, 6), (4, 5)}]
    g = Grid(cells, skip_empty=False)
    assert g.move("3,5", "ArrowRight") == "3,5"
    assert g.move("3,5", "ArrowDown") == "3,5"
    assert g.move("3,5", "ArrowLeft") == "3,4"
    w = Grid(cells, skip_empty=False, wrap=True)
    assert w.move("3,5", "ArrowRight") == "3,5"          # a gap is not the edge: no wrapping over it
    assert w.move("3,10", "ArrowRight") == "3,0"


def test_a_sparse_set_of_choosable_cells_is_reached_in_every_direction():
    """Only the legal cells are given: Left/Right go on in reading order, Up/Down to the same
    column, else to the nearest row that way."""
    g = Grid([("a", 0, 0), ("b", 2, 3), ("c", 5, 1), ("d", 1, 9), ("e", 4, 0)])
    assert g.move("a", "ArrowDown") == "e"           # same column first, over the gaps
    assert g.move("e", "ArrowDown") == "c"           # none below in column 0: the nearest row down
    assert g.move("a", "ArrowRight") == "d"          # reading order: a, d, b, e, c
    assert g.move("b", "ArrowRight") == "e"
    assert g.move("d", "ArrowLeft") == "a"
    assert g.move("b", "ArrowUp") == "d"             # none above in column 3: the nearest row up
    assert g.move("c", "ArrowUp") == "e"
    assert g.move("d", "ArrowDown") == "b"
    assert g.move("c", "ArrowDown") == "c"           # nothing below
    assert g.move("c", "ArrowRight") == "c"          # the last cell


@st.composite
def sparse_grids(draw):
    rows = draw(st.integers(1, 7))
    cols = draw(st.integers(1, 11))
    positions = draw(st.sets(st.tuples(st.integers(0, rows - 1), st.integers(0, cols - 1)), min_size=1))
    return Grid([(f"{r}:{c}", r, c) for r, c in positions])


@settings(max_examples=300, deadline=None)
@given(sparse_grids())
def test_every_cell_is_reachable_from_every_cell_with_the_arrows(g):
    ids = g.ids
    for start in ids:
        seen, todo = {start}, [start]
        while todo:
            here = todo.pop()
            for key in nav.ARROWS:
                nxt = g.move(here, key)
                assert nxt in ids
                if nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        assert seen == set(ids)


@settings(max_examples=300, deadline=None)
@given(sparse_grids(), st.sampled_from(sorted(nav.NAV_KEYS)), st.booleans())
def test_a_move_goes_that_way_or_stays(g, key, ctrl):
    for here in g.ids:
        nxt = g.move(here, key, ctrl)
        (r, c), (nr, nc) = g.position(here), g.position(nxt)
        if key == "ArrowRight":
            assert (nr, nc) > (r, c) or nxt == here
        elif key == "ArrowLeft":
            assert (nr, nc) < (r, c) or nxt == here
        elif key == "ArrowDown":
            assert nr > r or nxt == here
        elif key == "ArrowUp":
            assert nr < r or nxt == here
        elif key in ("Home", "End") and not ctrl:
            assert nr == r


# ------------------------------------------------------------------ bad layouts


@pytest.mark.parametrize("cells, code", [
    ([("a", 0, 0), ("a", 0, 1)], "duplicate_id"),
    ([("a", 0, 0), ("b", 0, 0)], "duplicate_position"),
    ([("a", True, 0)], "bad_index"),
    ([("a", 0, 1.0)], "bad_index"),
    ([("a", -1, 0)], "bad_index"),
    ([("a", 0, 10**30)], "bad_index"),
    ([("a", None, 0)], "bad_index"),
    ([("a", "1", 0)], "bad_index"),
    ([("", 0, 0)], "bad_id"),
    ([(3, 0, 0)], "bad_id"),
    ([("a", 0)], "bad_cell"),
    (["abc"], "bad_cell"),
    ([[("a", 0, 0)]], "bad_cell"),
])
def test_bad_layouts_are_refused_with_a_code(cells, code):
    with pytest.raises(NavError) as e:
        Grid(cells)
    assert e.value.code == code and isinstance(e.value, ValueError)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.one_of(st.text(max_size=3), st.integers(), st.none()),
                          st.one_of(st.integers(-5, 20), st.floats(), st.booleans(), st.none(), st.text(max_size=2)),
                          st.one_of(st.integers(-5, 20), st.floats(), st.booleans(), st.none())), max_size=6))
def test_any_layout_is_a_grid_or_a_nav_error(cells):
    try:
        g = Grid(cells)
    except NavError:
        return
    for cid in g.ids:
        for key in nav.NAV_KEYS:
            assert g.move(cid, key) in g.ids


# ------------------------------------------------------------------ ring


def test_a_ring_goes_round_with_every_arrow():
    r = Ring(["Aries", "Taurus", "Gemini"])
    assert r.move("Gemini", "ArrowRight") == "Aries"
    assert r.move("Gemini", "ArrowDown") == "Aries"
    assert r.move("Aries", "ArrowLeft") == "Gemini"
    assert r.move("Aries", "ArrowUp") == "Gemini"
    assert r.move("Taurus", "Home") == "Aries"
    assert r.move("Taurus", "End") == "Gemini"
    assert r.move("Taurus", "Enter") is None
    assert Ring([]).move(None, "ArrowRight") is None
    with pytest.raises(NavError):
        Ring(["a", "a"])


# ------------------------------------------------------------------ markup


def test_the_navigator_is_read_back_from_the_markup():
    box = nav.nav_attrs("grid", wrap=True)
    cells = [{k: v for k, v in nav.cell_attrs(f"c{r}{c}", r, c).items()} for r in range(2) for c in range(3)]
    g = nav.navigator({k: v for k, v in box.items() if v is not None}, cells)
    assert isinstance(g, Grid) and g.wrap and g.skip_empty
    assert g.move("c02", "ArrowRight") == "c10"
    assert g.move("c12", "ArrowRight") == "c00"          # wraps from the last cell to the first
    assert g.move("c11", "ArrowDown") == "c01"
    adj = nav.navigator({"data-nav": "grid", "data-nav-adjacent": "1"}, cells)
    assert not adj.skip_empty
    ring = nav.navigator({"data-nav": "ring"}, [{"data-cell": "x"}, {"data-cell": "y"}])
    assert isinstance(ring, Ring) and ring.move("y", "ArrowRight") == "x"


@pytest.mark.parametrize("container, cells", [
    ({"data-nav": "hex"}, []),
    ({}, []),
    ({"data-nav": "grid"}, [{"data-cell": "a", "data-row": "1"}]),
    ({"data-nav": "grid"}, [{"data-cell": "a", "data-row": "-1", "data-col": "0"}]),
    ({"data-nav": "grid"}, [{"data-cell": "a", "data-row": "1.5", "data-col": "0"}]),
    ({"data-nav": "grid"}, [{"data-cell": "a", "data-row": "١", "data-col": "0"}]),
    ({"data-nav": "grid"}, [{"data-cell": "a", "data-row": "99999999999", "data-col": "0"}]),
    ({"data-nav": "grid"}, [{"data-row": "0", "data-col": "0"}]),
    ({"data-nav": "ring"}, [{"data-cell": "a"}, {"data-cell": "a"}]),
])
def test_bad_markup_is_a_nav_error(container, cells):
    with pytest.raises(NavError):
        nav.navigator(container, cells)


def test_rove_gives_one_tab_stop_the_wanted_one_else_the_first():
    cells = [El("g", nav.cell_attrs(f"c{i}")) for i in range(4)]
    assert nav.rove(cells, [None, "c2"]) == "c2"
    assert [e.attrs["tabindex"] for e in cells] == ["-1", "-1", "0", "-1"]
    assert nav.rove(cells, ["gone", "c3"]) == "c3"
    assert nav.rove(cells, ["gone"]) == "c0"
    assert [e.attrs["tabindex"] for e in cells] == ["0", "-1", "-1", "-1"]
    assert nav.rove([], ["c1"]) is None
    tree = El("svg", nav.nav_attrs("ring"), [El("g", None, cells)])
    assert nav.cells_of(tree) == cells
    with pytest.raises(NavError):
        nav.nav_attrs("hex")
    with pytest.raises(NavError):
        nav.cell_attrs("a", 1, None)
