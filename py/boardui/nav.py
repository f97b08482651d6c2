"""Keyboard navigation among a board's cells: which cell a key moves the focus to (pure).

A board is one tab stop (a *roving tabindex*: one cell has ``tabindex="0"``,
the others ``-1``); inside it the arrow keys move the focus. Two layouts:

* :class:`Grid`: cells at ``(row, col)`` (a square-grid board, Pompeii's 11 x 7).
  Arrow keys move along the row / column, Home/End go to the row's first / last
  cell, Ctrl+Home / Ctrl+End to the grid's first / last cell (reading order),
  PageUp / PageDown to the column's top / bottom cell (the ARIA grid pattern).
  With ``skip_empty=True`` (default) Left/Right follow the reading order: they
  jump over empty positions of the row and, at its end, go on to the next
  (previous) row that has cells; Up/Down go to the nearest cell of the column
  that way, or when it has none to the nearest row that way (its cell nearest
  the column). So a sparse set of choosable cells is all reachable. With
  ``skip_empty=False`` an arrow moves only to the adjacent position and stays
  put when that is empty. ``wrap=True``: an arrow that would stay at the edge
  goes round instead (skipping: from the last cell to the first and back, Up/Down
  to the column's other end; not skipping: to the row's or column's other end).
* :class:`Ring`: cells in one cyclic order (Ptolemaeus' twelve constellations
  and the planets): Right/Down next, Left/Up previous, going round; Home/End.

``move(current, key, ctrl)`` returns the id of the cell to focus (``current``
itself when nothing is that way), or ``None`` when the key is not one of
:data:`NAV_KEYS` (the caller lets the browser have it). Enter and Space act on
the focused cell; that is the delegation's business (:mod:`boardui.browser`).

In the page the layout is read from the markup: the board element carries
``data-nav="grid"`` (or ``"ring"``; :func:`nav_attrs`) and each cell
``data-cell="<id>"`` plus, in a grid, ``data-row`` and ``data-col``
(:func:`cell_attrs`). :func:`navigator` builds the navigator from those
attributes, so the browser glue needs no game knowledge.

Bad layouts (a row that is not an int, a bool, a duplicate id or position)
raise :class:`NavError` (a ``ValueError`` with ``code`` and ``params``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Protocol

from gamekit.game import GameError

from .tree import El

ARROWS = ("ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight")
NAV_KEYS = frozenset(ARROWS + ("Home", "End", "PageUp", "PageDown"))
_STEP = {"ArrowUp": (-1, 0), "ArrowDown": (1, 0), "ArrowLeft": (0, -1), "ArrowRight": (0, 1)}
MAX_INDEX = 10_000      # rows and columns are 0 .. MAX_INDEX


class NavError(GameError):
    """A layout the navigation cannot use (the page's markup, not a player, is wrong)."""

    default_code = "bad_layout"


class Navigator(Protocol):
    def move(self, current: str | None, key: str, ctrl: bool = False) -> str | None: ...

    @property
    def ids(self) -> list[str]: ...


def _index(value: Any, what: str, cell: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_INDEX:
        raise NavError(f"cell {cell!r}: {what} must be an int 0..{MAX_INDEX}, not {value!r}",
                       code="bad_index", cell=cell, what=what, value=repr(value))
    return value


def _cell_id(value: Any) -> str:
    if not isinstance(value, str) or not value:
        raise NavError(f"a cell id must be a non-empty string, not {value!r}", code="bad_id", value=repr(value))
    return value


class Grid:
    """Cells at (row, col); see the module docstring for what each key does."""

    def __init__(self, cells: Iterable[tuple[str, int, int]], *, skip_empty: bool = True,
                 wrap: bool = False) -> None:
        self.skip_empty = bool(skip_empty)
        self.wrap = bool(wrap)
        self._pos: dict[str, tuple[int, int]] = {}
        self._at: dict[tuple[int, int], str] = {}
        for entry in cells:
            if not isinstance(entry, (tuple, list)) or len(entry) != 3:
                raise NavError(f"a cell is (id, row, col), not {entry!r}", code="bad_cell", value=repr(entry))
            cid = _cell_id(entry[0])
            pos = (_index(entry[1], "row", cid), _index(entry[2], "col", cid))
            if cid in self._pos:
                raise NavError(f"cell {cid!r} twice", code="duplicate_id", cell=cid)
            if pos in self._at:
                raise NavError(f"cells {self._at[pos]!r} and {cid!r} both at {pos}", code="duplicate_position",
                               cell=cid, other=self._at[pos], row=pos[0], col=pos[1])
            self._pos[cid] = pos
            self._at[pos] = cid
        self._order = sorted(self._pos, key=lambda c: self._pos[c])

    @property
    def ids(self) -> list[str]:
        """The cells in reading order (row by row, left to right)."""
        return list(self._order)

    def position(self, cell: str) -> tuple[int, int] | None:
        return self._pos.get(cell)

    def move(self, current: str | None, key: str, ctrl: bool = False) -> str | None:
        if key not in NAV_KEYS:
            return None
        if not self._order:
            return None
        if current not in self._pos:
            return self._order[0]
        assert current is not None
        r, c = self._pos[current]
        if key in ("Home", "End"):
            if ctrl:
                return self._order[0] if key == "Home" else self._order[-1]
            row = [x for x in self._order if self._pos[x][0] == r]
            return row[0] if key == "Home" else row[-1]
        if key in ("PageUp", "PageDown"):
            col = [x for x in self._order if self._pos[x][1] == c]
            return col[0] if key == "PageUp" else col[-1]
        dr, dc = _STEP[key]
        if not self.skip_empty:
            nxt = self._at.get((r + dr, c + dc))
            if nxt is None and self.wrap and self._at_edge(r, c, dr, dc):
                nxt = self._far_end(r, c, dr, dc)
            return nxt or current
        if dc:
            # Left / Right follow the reading order: over the gaps of the row, then on to the
            # next (previous) row that has cells, so that every cell can be reached.
            j = self._order.index(current) + dc
            if 0 <= j < len(self._order):
                return self._order[j]
            return (self._order[0] if dc > 0 else self._order[-1]) if self.wrap else current
        column = [x for x in self._order if self._pos[x][1] == c and (self._pos[x][0] - r) * dr > 0]
        if column:
            return min(column, key=lambda x: abs(self._pos[x][0] - r))
        # Nothing in this column that way: the nearest row that way, its cell nearest this column.
        ahead = [x for x in self._order if (self._pos[x][0] - r) * dr > 0]
        if not ahead:
            return (self._far_end(r, c, dr, dc) if self.wrap else None) or current
        return min(ahead, key=lambda x: (abs(self._pos[x][0] - r), abs(self._pos[x][1] - c), self._pos[x][1]))

    # ------------------------------------------------------------ helpers

    def _on_line(self, x: str, r: int, c: int, dr: int) -> bool:
        xr, xc = self._pos[x]
        return xc == c if dr else xr == r

    def _ahead(self, x: str, r: int, c: int, dr: int, dc: int) -> int:
        xr, xc = self._pos[x]
        return (xr - r) * dr if dr else (xc - c) * dc

    def _far_end(self, r: int, c: int, dr: int, dc: int) -> str | None:
        """The cell at the other end of this row / column (where a wrapping arrow goes)."""
        line = [x for x in self._order if self._on_line(x, r, c, dr)]
        if not line:
            return None
        return line[0] if (dr or dc) > 0 else line[-1]

    def _at_edge(self, r: int, c: int, dr: int, dc: int) -> bool:
        """Is (r, c) the last position of its row / column that way (nothing beyond, empty or not)?"""
        return not any(self._ahead(x, r, c, dr, dc) > 0 for x in self._order if self._on_line(x, r, c, dr))


class Ring:
    """Cells in one cyclic order: Right/Down the next, Left/Up the previous (going round), Home/End."""

    def __init__(self, ids: Sequence[str]) -> None:
        self._ids = [_cell_id(i) for i in ids]
        if len(set(self._ids)) != len(self._ids):
            dup = next(i for i in self._ids if self._ids.count(i) > 1)
            raise NavError(f"cell {dup!r} twice", code="duplicate_id", cell=dup)

    @property
    def ids(self) -> list[str]:
        return list(self._ids)

    def move(self, current: str | None, key: str, ctrl: bool = False) -> str | None:
        if key not in NAV_KEYS or not self._ids:
            return None
        if key in ("Home", "PageUp"):
            return self._ids[0]
        if key in ("End", "PageDown"):
            return self._ids[-1]
        if current not in self._ids:
            return self._ids[0]
        step = 1 if key in ("ArrowRight", "ArrowDown") else -1
        return self._ids[(self._ids.index(current) + step) % len(self._ids)]


# ------------------------------------------------------------------ markup


def nav_attrs(kind: str, *, skip_empty: bool = True, wrap: bool = False) -> dict[str, str | None]:
    """Attributes of the element that holds the cells: ``{"data-nav": "grid", ...}``."""
    if kind not in ("grid", "ring"):
        raise NavError(f"data-nav is 'grid' or 'ring', not {kind!r}", code="bad_kind", value=repr(kind))
    return {"data-nav": kind, "data-nav-wrap": "1" if wrap else None,
            "data-nav-adjacent": None if skip_empty else "1"}


def cell_attrs(cell: str, row: int | None = None, col: int | None = None) -> dict[str, str]:
    """Attributes of a cell (``row``/``col`` in a grid)."""
    attrs = {"data-cell": _cell_id(cell)}
    if row is not None or col is not None:
        attrs["data-row"] = str(_index(row, "row", cell))
        attrs["data-col"] = str(_index(col, "col", cell))
    return attrs


def _parse_index(text: str | None, what: str, cell: str) -> int:
    if text is None or not text.isascii() or not text.isdigit() or len(text) > 6:
        raise NavError(f"cell {cell!r}: data-{what} must be digits, not {text!r}", code="bad_index",
                       cell=cell, what=what, value=repr(text))
    return _index(int(text), what, cell)


def navigator(container: dict[str, str], cells: Iterable[dict[str, str]]) -> Navigator:
    """The navigator described by a board's attributes and its cells' attributes
    (in document order), as the browser reads them from the page."""
    kind = container.get("data-nav")
    items = list(cells)
    if kind == "ring":
        return Ring([c.get("data-cell", "") for c in items])
    if kind == "grid":
        out = []
        for c in items:
            cid = _cell_id(c.get("data-cell"))
            out.append((cid, _parse_index(c.get("data-row"), "row", cid), _parse_index(c.get("data-col"), "col", cid)))
        return Grid(out, skip_empty="data-nav-adjacent" not in container, wrap="data-nav-wrap" in container)
    raise NavError(f"data-nav is 'grid' or 'ring', not {kind!r}", code="bad_kind", value=repr(kind))


def cells_of(tree: El) -> list[El]:
    """The cells (``data-cell``) of a scene, in document order."""
    return tree.find_all(data_cell=None)


def rove(cells: Sequence[El], wanted: Iterable[str | None]) -> str | None:
    """One tab stop among ``cells`` (a roving tabindex, set in place on the tree): the first of
    ``wanted`` that is a cell (the one the player last moved to, then the selected one…), else
    the first cell. Returns the id given ``tabindex="0"`` (None: no cells)."""
    ids = [e.attrs["data-cell"] for e in cells]
    if not ids:
        return None
    anchor = next((w for w in wanted if w is not None and w in ids), ids[0])
    for cid, e in zip(ids, cells):
        e.attrs["tabindex"] = "0" if cid == anchor else "-1"
    return anchor
