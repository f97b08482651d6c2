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
from pompeii_ui.words import describe_log, where

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


def test_the_turned_citys_squares_are_spoken_by_the_maps_row_and_column_as_the_move_log_names_them():
    """Kept on purpose (review after play-test 7): a square of the turned city is spoken as on the
    landscape one, by the map's row and column (rules P8: row 1 the north), which is how the move log
    names it; the log is the game's, read the same on every screen (hot-seat, a replay, a save resumed
    on a desktop), so the screen's turn changes no name."""
    flat, turned = _board(False), _board(True)
    spoken = {e.attrs["data-square"]: e.attrs["aria-label"] for e in flat.find_all(role="gridcell")}
    assert {e.attrs["data-square"]: e.attrs["aria-label"] for e in turned.find_all(role="gridcell")} == spoken
    for arg, label in spoken.items():
        r, c = map(int, arg.split(","))
        assert label.startswith(where([r, c])) and f"(row {r + 1}, column {c + 1})" in label, label
    s = _p2_state()
    move = next(a for a in s.legal_actions() if a.kind == "move")
    line = describe_log(s.apply(move), SEATS)[-1]
    for q in (move.square, move.to):
        r, c = B.rc(q)
        assert where([r, c]) in spoken[f"{r},{c}"] and f"(row {r + 1}, column {c + 1})" in line, line


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


SEATS4 = [*SEATS, {"kind": "bot", "name": "Tacitus", "colour": "#e8c547"},
          {"kind": "bot", "name": "Rectina", "colour": "#333333"}]


def _box(e: El) -> tuple[float, float, float, float]:
    """An element's bounding box in SVG units: a piece's shape, or a count's text (its width taken
    generously: 0.65 of its font's size per character, a smaller "×" in a tspan at its own size, with
    its 1.5-unit white rim)."""
    a = e.attrs
    if e.tag == "circle":
        cx, cy, r = float(a["cx"]), float(a["cy"]), float(a["r"])
        return cx - r, cy - r, cx + r, cy + r
    if e.tag == "rect":
        return float(a["x"]), float(a["y"]), float(a["x"]) + float(a["width"]), float(a["y"]) + float(a["height"])
    if e.tag == "path":
        nums = [float(n) for n in a["d"].replace("M", " ").replace("L", " ").replace("Z", " ").split()]
        xs, ys = nums[0::2], nums[1::2]
        return min(xs), min(ys), max(xs), max(ys)
    assert e.tag == "text", e
    size, x, y = float(a["font-size"]), float(a["x"]), float(a["y"])
    runs = [(float(c.attrs.get("font-size", size)), c.text_content()) if isinstance(c, El) else (size, c)
            for c in e.children]
    width = sum(0.65 * s * len(text) for s, text in runs) + 3
    left = {"middle": x - width / 2, "end": x + 1.5 - width}.get(a.get("text-anchor", "start"), x - 1.5)
    return left, y - 0.8 * size - 1.5, left + width, y + 0.25 * size + 1.5


def _union(boxes: list[tuple[float, float, float, float]]) -> tuple[float, float, float, float]:
    return min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes)


def _overlap(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@pytest.mark.parametrize("turned", [False, True])
@pytest.mark.parametrize("counts", [[2, 1, 0, 0], [1, 2, 0, 0], [0, 12, 0, 9], [1, 1, 1, 0], [2, 0, 3, 4],
                                    [2, 1, 3, 1], [12, 11, 10, 13], [6, 6, 6, 6], [1, 0, 0, 0], [0, 0, 14, 0]])
def test_each_seat_on_a_shared_square_has_its_own_place_for_its_pieces_and_count(turned, counts):
    """Play-test 7 #2: one seat's "×2" lay over another seat's citizen on a shared square (3a, 4a,
    1a). With 2, 3 or 4 seats on a square, each seat's pieces and count take a place of their own: no
    two seats' boxes overlap, all within the square and under its number and spaces, on the landscape
    and the turned city; every citizen is still one element (``data-citizen``)."""
    state = new_game(4, 5)
    v = view(state, 0)
    squares = {(2, 2): counts, (3, 5): [0, 2, 1, 0], (4, 0): [1, 0, 0, 1]}     # 3a, a street, a gate
    v["squares"] = [{"square": list(sq), "citizens": k, "lava": None} for sq, k in squares.items()]
    svg = render_board(Model(view=v, viewer=0, seats=SEATS4, turned=turned))
    for (r, c), k in squares.items():
        at = f"{r},{c}"
        x0, y0, x1, y1 = _slot(at, turned)
        owned: dict[int, list[tuple[float, float, float, float]]] = {}
        for e in svg.find_all(data_at=at):
            if "data-citizen" in e.attrs:
                owned.setdefault(int(e.attrs["data-owner"]), []).append(_box(e))
        assert {p: len(b) for p, b in owned.items()} == {p: n for p, n in enumerate(k) if n}
        for e in svg.walk():
            if e.tag == "text" and e.attrs.get("data-count", "").startswith(at + ":"):
                p = int(e.attrs["data-count"].split(":")[1])
                assert e.text_content().endswith(str(k[p])) and k[p] > 1
                owned[p].append(_box(e))
        assert sum(1 for p in owned if len(owned[p]) > k[p]) == sum(1 for n in k if n > 1)   # a count from 2 on
        places = {p: _union(b) for p, b in owned.items()}
        for p, box in places.items():
            assert x0 <= box[0] and box[2] <= x1 and y0 + 16 <= box[1] and box[3] <= y1, (at, p, box)
            for q, other in places.items():
                assert p == q or not _overlap(box, other), (at, counts, p, box, q, other)


@pytest.mark.parametrize("turned", [False, True])
@pytest.mark.parametrize("counts", [[0, 2, 0, 0], [0, 1, 3, 0], [1, 2, 0, 0], [0, 1, 1, 1], [0, 0, 0, 0]])
def test_a_citizen_waiting_for_confirm_takes_its_seats_place_on_the_square(turned, counts):
    """A move held for Confirm (drawn faint, ``data-held``) was drawn in the square's corner, where two
    seats' pieces and counts now are: it takes its seat's place, on top of that seat's own pieces."""
    v = view(new_game(4, 5), 0)
    v["squares"] = [{"square": [2, 2], "citizens": counts, "lava": None}] if any(counts) else []
    svg = render_board(Model(view=v, viewer=0, seats=SEATS4, turned=turned, held_at={"2,2": {"seat": 0}}))
    x0, y0, x1, y1 = _slot("2,2", turned)
    owned: dict[int, list[tuple[float, float, float, float]]] = {}
    for e in svg.find_all(data_at="2,2"):
        if "data-citizen" in e.attrs or "data-held" in e.attrs:
            owned.setdefault(int(e.attrs.get("data-owner", e.attrs.get("data-held"))), []).append(_box(e))
    for e in svg.walk():
        if e.tag == "text" and e.attrs.get("data-count", "").startswith("2,2:"):
            owned[int(e.attrs["data-count"].split(":")[1])].append(_box(e))
    assert len(svg.find_all(data_held="0")) == 1 and set(owned) == {0} | {p for p, k in enumerate(counts) if k}
    places = {p: _union(b) for p, b in owned.items()}
    for p, box in places.items():
        assert x0 <= box[0] and box[2] <= x1 and y0 + 16 <= box[1] and box[3] <= y1, (p, box)
        assert all(p == q or not _overlap(box, other) for q, other in places.items()), (counts, places)


@pytest.mark.parametrize("colour", ["none", "transparent", "url(#p)", "url(https://example.org/x.svg#p)",
                                    "red;opacity:0", "#12", "#abcdeg", "", None, 7])
def test_a_seat_colour_the_page_never_gives_is_drawn_in_a_colour_of_its_own(colour):
    """A save or a replay link may carry any short text as a seat's colour: "none" drew that seat's
    citizens invisible. Only a hex colour is drawn as it is; anything else in the seat's own colour."""
    from pompeii_ui.board import FALLBACK_COLOURS, seat_colour
    seats = [{"colour": "#d64541"}, {"colour": colour}]
    assert seat_colour(seats, 1) == FALLBACK_COLOURS[1]
    assert seat_colour(seats, 0) == "#d64541" and seat_colour([{"colour": "#ABC"}], 0) == "#ABC"
