"""The Pompeii city turned a quarter for a portrait phone (``board.grid_pos``), under CPython: the
mapping of the map's squares to the screen's rows and columns, and the scene drawn through it (every
square, label, gate marker, citizen, lava tile and path where its square is; the grid's rows and the
arrow keys following the screen), the landscape board as before."""

from __future__ import annotations

import random

import pytest

from boardui import nav
from boardui.tree import El
from pompeii import board as B
from pompeii import new_game
from pompeii.hidden import view
from pompeii_ui.board import CELL, MARGIN, Model, board_size, exit_side, grid_pos, render_board, xy
from pompeii_ui.screen import Screen, snapshot

SEATS = [{"kind": "human", "name": "You", "colour": "#3a7bd5"}, {"kind": "bot", "name": "Plinius", "colour": "#d64541"}]
STEP = {"N": (-1, 0), "S": (1, 0), "W": (0, -1), "E": (0, 1)}

pytestmark = pytest.mark.usefixtures("english")


def test_the_turned_map_is_seven_columns_by_eleven_rows_its_neighbours_kept():
    """Turned a quarter clockwise: every square of the 7 x 11 map on one place of an 11 x 7 grid; the
    map's east is down on screen, its north right, and so are the gates' exit sides."""
    assert all(grid_pos(r, c) == (r, c) for r in range(B.HEIGHT) for c in range(B.WIDTH))
    places = {grid_pos(r, c, True) for r in range(B.HEIGHT) for c in range(B.WIDTH)}
    assert places == {(row, col) for row in range(B.WIDTH) for col in range(B.HEIGHT)}
    for r in range(B.HEIGHT):
        for c in range(B.WIDTH):
            row, col = grid_pos(r, c, True)
            for side, (dr, dc) in STEP.items():
                there = grid_pos(r + dr, c + dc, True)
                assert (there[0] - row, there[1] - col) == STEP[exit_side(side, True)], (r, c, side)
    assert exit_side("W") == "W" and exit_side("W", True) == "N"
    assert board_size() == (B.WIDTH * CELL + 2 * MARGIN, B.HEIGHT * CELL + 2 * MARGIN) == (756, 500)
    assert board_size(True) == (500, 756)
    assert xy(0, 0, True) == (MARGIN + 6 * CELL, MARGIN) and xy(6, 10, True) == (MARGIN, MARGIN + 10 * CELL)


def _p2_state(seed: int = 3):
    """A seeded random game in phase 2 with citizens and lava on the board, seat 0 to move."""
    s = new_game(2, seed)
    s.record = False
    rng = random.Random(seed)
    while not (s.phase == "p2" and s.step == "move" and s.current_player == 0
               and any(x >= 0 for x in s.lava) and any(a.kind == "move" for a in s.legal_actions())):
        s.apply(rng.choice(s.legal_actions()))
    return s


def _board(turned: bool, path: list[list[int]] | None = None) -> El:
    s = _p2_state()
    screen = Screen()
    screen.receive(snapshot(s, 0), [], SEATS)
    model = screen.model([])
    model.turned = turned
    model.path = path or []
    return render_board(model)


def _slot(arg: str, turned: bool) -> tuple[float, float, float, float]:
    r, c = map(int, arg.split(","))
    x, y = xy(r, c, turned)
    return x, y, x + CELL, y + CELL


def _inside(px: float, py: float, box: tuple[float, float, float, float]) -> bool:
    return box[0] <= px <= box[2] and box[1] <= py <= box[3]


@pytest.mark.parametrize("turned", [False, True])
def test_every_square_and_piece_is_drawn_where_its_square_is(turned):
    """The viewBox, each square's ground and its citizens and lava tile in its place on screen; the
    grid's rows are the rows on screen, each left to right; the path through the squares' centres."""
    path = [[3, 2], [3, 3], [2, 3]]
    svg = _board(turned, path)
    width, height = board_size(turned)
    assert svg.attrs["viewBox"] == f"0 0 {width} {height}"
    assert ("turned" in svg.attrs["class"].split()) is turned
    rows = [e for e in svg.children if isinstance(e, El) and e.attrs.get("role") == "row"]
    assert len(rows) == (B.WIDTH if turned else B.HEIGHT)
    seen = 0
    for index, row in enumerate(rows):
        cols = []
        for cell in row.children:
            assert isinstance(cell, El) and cell.attrs["role"] == "gridcell"
            r, c = map(int, cell.attrs["data-square"].split(","))
            assert (int(cell.attrs["data-row"]), int(cell.attrs["data-col"])) == grid_pos(r, c, turned)
            assert int(cell.attrs["data-row"]) == index
            cols.append(int(cell.attrs["data-col"]))
            box = _slot(cell.attrs["data-square"], turned)
            ground = cell.find_all(class_="ground")[0].attrs
            assert _inside(float(ground["x"]), float(ground["y"]), box)
            for piece in cell.find_all(data_at=None):
                assert piece.attrs["data-at"] == cell.attrs["data-square"]
                for e in piece.walk():
                    if e.tag == "circle":
                        assert _inside(float(e.attrs["cx"]), float(e.attrs["cy"]), box), e
                    elif e.tag == "rect":
                        assert _inside(float(e.attrs["x"]), float(e.attrs["y"]), box), e
            seen += 1
        assert cols == sorted(cols)
    assert seen == len(B.CITY)
    pts = [tuple(map(float, p.split(","))) for p in svg.find_all(class_="path")[0].attrs["points"].split()]
    assert pts == [(xy(r, c, turned)[0] + CELL / 2, xy(r, c, turned)[1] + CELL / 2) for r, c in path]


@pytest.mark.parametrize("turned", [False, True])
def test_labels_and_gate_markers_are_at_their_squares_upright(turned):
    """Each building's part ("1a") on its square, no text rotated; each gate's numbered marker just
    outside the wall beside its square, on the side it leads out by (turned with the board)."""
    svg = _board(turned)
    labels = svg.find_all(class_="labels")[0]
    texts = [(e.text_content(), float(e.attrs["x"]), float(e.attrs["y"])) for e in labels.walk() if e.tag == "text"]
    for q in B.CITY:
        if B.PART[q]:
            r, c = B.rc(q)
            assert any(t == B.PART[q] and _inside(x, y, _slot(f"{r},{c}", turned)) for t, x, y in texts), (q, turned)
    assert not any("rotate" in e.attrs.get("transform", "") for e in svg.walk())
    width, height = board_size(turned)
    for g in B.GATES:
        marker = svg.find_all(data_exit=g["id"])[0]
        disc = marker.find_all(class_="exit-disc")[0].attrs
        cx, cy = float(disc["cx"]), float(disc["cy"])
        assert marker.find_all(class_="exit-label")[0].text_content() == g["id"][1:]
        r, c = B.rc(g["square"])
        x0, y0, x1, y1 = _slot(f"{r},{c}", turned)
        side = exit_side(g["exit"], turned)
        expect = {"N": (x0 + CELL / 2, y0 - MARGIN / 2), "S": (x0 + CELL / 2, y1 + MARGIN / 2),
                  "W": (x0 - MARGIN / 2, y0 + CELL / 2), "E": (x1 + MARGIN / 2, y0 + CELL / 2)}[side]
        assert (cx, cy) == expect, g
        assert 0 < cx < width and 0 < cy < height
        assert not any(_inside(cx, cy, _slot(f"{a},{b}", turned)) for a, b in map(B.rc, B.CITY)), g   # outside the city


def test_the_arrow_keys_move_on_the_screen_over_the_turned_city():
    """boardui.nav reads the cells' rows and columns on screen: Right goes to the square drawn to the
    right, Down to the one drawn below (on the turned board, the map's next column and previous row)."""
    svg = _board(True)
    cells = nav.cells_of(svg)
    grid = nav.navigator(svg.attrs, [c.attrs for c in cells])
    where = {c.attrs["data-cell"]: xy(*map(int, c.attrs["data-cell"].split(",")), True) for c in cells}
    start = "3,4"
    right, down = grid.move(start, "ArrowRight"), grid.move(start, "ArrowDown")
    assert (where[right][0] - where[start][0], where[right][1] - where[start][1]) == (CELL, 0)
    assert (where[down][0] - where[start][0], where[down][1] - where[start][1]) == (0, CELL)
    assert (right, down) == ("2,4", "3,5")
    # reading order: row by row on screen, each left to right
    assert grid.ids == sorted(where, key=lambda cell: (where[cell][1], where[cell][0]))


def test_the_screen_turns_the_city_when_the_views_layout_is_narrow():
    """``Screen.narrow`` (the view's portrait-phone media query) is the model's ``turned``; the
    landscape city otherwise, as before."""
    s = new_game(2, 1)
    screen = Screen()
    screen.receive(snapshot(s, 0), [], SEATS)
    assert render_board(screen.model([])).attrs["viewBox"] == "0 0 756 500"
    screen.narrow = True
    model = screen.model([])
    assert model.turned and render_board(model).attrs["viewBox"] == "0 0 500 756"
    flat = render_board(Model(view=view(s, 0), viewer=0, seats=SEATS))
    assert flat.attrs["viewBox"] == "0 0 756 500" and "turned" not in flat.attrs["class"]
    for cell in nav.cells_of(flat):
        assert [cell.attrs["data-row"], cell.attrs["data-col"]] == cell.attrs["data-square"].split(",")
