"""Where the planets sit on the board, so that no planet's label runs into another's (play-test 8:
with three or four planets in one constellation their names lay on top of each other on a phone).

Pure geometry in board units (``board.py``: a 1000-unit square, centre (500, 500)). A planet is drawn
upright at a polar :class:`Spot` (radius, angle offset from its constellation's middle), its disc round
the spot and its label, the abbreviation, under it (or beside it where planets crowd): its *cell*, two
boxes. The boxes are measured at the largest size the stylesheet gives them (a phone on its side: the
disc scaled 1.25, the label :data:`LABEL_FONT` units, ~11 px on its ~320 px board); every other size
draws them smaller round the same anchors, inside these boxes, so what does not meet here does not meet
there either.

:func:`planet_spots` places the constellations' planets, the most crowded first, with a small
deterministic search (spots nearest the usual ring first, labels under their discs first): every box
between the centre disc and the names band, every disc inside its own constellation's wedge, no label
nearer another planet's disc than :data:`APART` and no two boxes meeting; the labels first inside the
wedge, then reaching into the neighbours'; when even that finds no room, the discs drawn smaller, and
only then the labels (five planets or more in one constellation: tests/test_ui_layout.py). Should one
constellation find no room at all after its neighbours took theirs, every constellation keeps to its
own wedge, where there always is room at the smallest scale.

A search costs ~20-300 ms in CPython (more in the page), and every game's first frame would wait for
it: :data:`KNOWN` holds its answers for up to three planets of one constellation on an empty board
(``tools/layout_table.py``), taken wherever no planet placed before meets them, so nine skies in ten
need no search at all.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache

R_IN = 182            # the centre disc's edge (board.py)
R_BAND = 395          # the names band's inner edge
R_RIM = 150           # a label may cross the centre disc's rim down to here, beside its contents:
CENTRE = (-135.0, -175.0, 135.0, 175.0)     # the centre's texts and event card, at their largest
R_RING = 338          # the usual ring of planets (board.R_PLANET)
DISC = 21 * 1.25      # a planet's disc on a phone (static/ptolemaeus.css scales the glyph by 1.25)
LABEL_FONT = 34.0     # the label's largest font size in board units (a phone on its side)
CHAR_EM = 0.88        # the width of a capital, in em, with its letter spacing (DejaVu Sans Bold: 0.875)
LINE_EM = 1.2         # the height of the label's box, in em (Chromium: 1.18)
LABEL_GAP = 3.0       # between the disc and its label
SIDES = ("below", "right", "left")
MARGIN = 1.0          # kept clear round a cell's boxes
APART = 6.0           # between a label and another planet's disc
# A crowded constellation's cells drawn smaller, (label, disc): the discs first, the labels only then.
SCALES = ((1.0, 1.0), (1.0, 0.8), (1.0, 0.65), (0.9, 0.65), (0.8, 0.6), (0.7, 0.55), (0.6, 0.5), (0.5, 0.45),
          (0.4, 0.4))
RADII = tuple(sorted(range(194, 371, 4), key=lambda r: (abs(r - R_RING), -r)))   # the usual ring first
OFFSETS = tuple(sorted(range(-10, 11), key=lambda d: (abs(d), d)))   # degrees: the disc inside its wedge
NODES = 2000          # the search's budget per constellation and scale

Box = tuple[float, float, float, float]      # left, top, right, bottom (board units, centre at 0, 0)


@dataclass(frozen=True)
class Spot:
    """A planet's place: ``r`` from the centre, ``off`` degrees from its constellation's middle; its
    label at ``scale`` on its ``side``, its disc at ``disc``."""

    r: float
    off: float
    scale: float = 1.0        # the label's
    side: str = "below"       # where the label is: "below" the disc, or to its "right" or "left"
    disc: float = 1.0         # the disc's scale


def label_size(chars: int, scale: float = 1.0) -> tuple[float, float]:
    """(width, height) of a label of ``chars`` capitals at its largest size."""
    return chars * CHAR_EM * LABEL_FONT * scale, LINE_EM * LABEL_FONT * scale


def cell(deg: float, spot: Spot, chars: int) -> tuple[Box, Box]:
    """The disc's and the label's boxes of a planet at screen angle ``deg`` (its constellation's
    middle plus ``spot.off``), relative to the board's centre."""
    a = math.radians(deg)
    x, y = spot.r * math.cos(a), spot.r * math.sin(a)
    d = DISC * spot.disc
    w, h = label_size(chars, spot.scale)
    lx, ly = label_at(spot)
    disc = (x - d, y - d, x + d, y + d)
    if spot.side == "right":
        return disc, (x + lx, y - h / 2, x + lx + w, y + h / 2)
    if spot.side == "left":
        return disc, (x + lx - w, y - h / 2, x + lx, y + h / 2)
    return disc, (x - w / 2, y + ly - h / 2, x + w / 2, y + ly + h / 2)


def label_at(spot: Spot) -> tuple[float, float]:
    """Where a label's anchor is, from its planet's spot: the stylesheet sets ``text-anchor`` by its
    class (``label-below``: middle, ``-right``: start, ``-left``: end) and ``dominant-baseline:
    central``, so a smaller font stays inside the box measured here."""
    d = DISC * spot.disc + LABEL_GAP
    if spot.side == "right":
        return d, 0.0
    if spot.side == "left":
        return -d, 0.0
    return 0.0, d + LINE_EM * LABEL_FONT * spot.scale / 2


def meet(a: Box, b: Box, margin: float = 0.0) -> bool:
    """Whether two boxes overlap (or come closer than ``margin``)."""
    return a[0] < b[2] + margin and b[0] < a[2] + margin and a[1] < b[3] + margin and b[1] < a[3] + margin


def _corners(b: Box) -> Iterator[tuple[float, float]]:
    yield b[0], b[1]
    yield b[2], b[1]
    yield b[0], b[3]
    yield b[2], b[3]


def in_band(b: Box) -> bool:
    """The box lies between the centre disc and the names band."""
    if any(math.hypot(x, y) > R_BAND - MARGIN for x, y in _corners(b)):
        return False
    nx = min(max(0.0, b[0]), b[2])      # the box's point nearest the centre
    ny = min(max(0.0, b[1]), b[3])
    if math.hypot(nx, ny) >= R_IN + MARGIN:
        return True
    # Over the centre disc's rim, clear of what it holds (the round, the turn, the event card, the
    # Comet's count): beside it, to the left and the right.
    return math.hypot(nx, ny) >= R_RIM and not meet(b, CENTRE, MARGIN)


def in_wedge(b: Box, lo: float, hi: float) -> bool:
    """The box lies between the screen angles ``lo`` and ``hi`` (degrees, ``hi - lo`` < 180: a convex
    cone, so its corners decide)."""
    mid = (lo + hi) / 2
    for x, y in _corners(b):
        d = (math.degrees(math.atan2(y, x)) - mid + 180) % 360 - 180
        if not lo - mid <= d <= hi - mid:
            return False
    return True


def _candidates(mid: float, chars: int, lo: float, hi: float, scale: tuple[float, float],
                sides: tuple[str, ...]) -> Iterator[tuple[Spot, Box, Box]]:
    """The spots, in order of preference, whose cells lie in the band, the disc in its own wedge (the
    planet is seen in its constellation), the label between ``lo`` and ``hi``: made one by one as the
    search asks for them (a planet with room takes the first; all ~950 cost ~20 ms each time)."""
    for r in RADII:
        for off in OFFSETS:
            for side in sides:
                spot = Spot(r, off, scale[0], side, scale[1])
                disc, label = cell(mid + off, spot, chars)
                if in_band(disc) and in_band(label) and in_wedge(disc, mid - 15, mid + 15) and \
                        in_wedge(label, lo, hi):
                    yield spot, disc, label


class _Made:
    """What an iterator gave so far, indexed: the search goes back over a planet's candidates."""

    __slots__ = ("_more", "items")

    def __init__(self, more: Iterator[tuple[Spot, Box, Box]]) -> None:
        self._more, self.items = more, []

    def get(self, i: int) -> tuple[Spot, Box, Box] | None:
        """The ``i``-th item (None past the last)."""
        while len(self.items) <= i:
            item = next(self._more, None)
            if item is None:
                return None
            self.items.append(item)
        return self.items[i]


def clash(a: tuple[Box, Box], b: tuple[Box, Box]) -> bool:
    """Whether two planets' cells (disc, label) come too close: a label further from another planet's
    disc (:data:`APART`) than from its own, so that it is read as its own planet's."""
    return meet(a[0], b[0], MARGIN) or meet(a[1], b[1], MARGIN) or meet(a[0], b[1], APART) or \
        meet(a[1], b[0], APART)


def _search(mid: float, chars: list[int], placed: list[tuple[Box, Box]], lo: float, hi: float,
            scale: tuple[float, float], spent: list[bool] | None = None, nodes: int = NODES) -> list[Spot] | None:
    """Spots for ``chars`` (:func:`_search_sides`): every label under its planet, as everywhere else
    on the board, when they fit so; else some beside theirs.  ``spent`` (if given) is set when a
    search gave up for its budget, not for want of room."""
    spent = spent if spent is not None else [False]
    return _search_sides(mid, chars, placed, lo, hi, scale, ("below",), spent, nodes) or \
        _search_sides(mid, chars, placed, lo, hi, scale, SIDES, spent, nodes)


def _search_sides(mid: float, chars: list[int], placed: list[tuple[Box, Box]], lo: float, hi: float,
                  scale: tuple[float, float], sides: tuple[str, ...], spent: list[bool],
                  nodes: int = NODES) -> list[Spot] | None:
    """The first spots (depth first, candidates in order of preference, each planet after the one
    before it in that order) whose cells lie in the band and between ``lo`` and ``hi`` and meet neither
    each other nor ``placed``; None when there are none or the budget is spent."""
    budget = [nodes]
    made: dict[int, _Made] = {}     # labels of one length share their candidates
    for n in chars:
        if n not in made:
            made[n] = _Made(c for c in _candidates(mid, n, lo, hi, scale, sides)
                            if not any(clash((c[1], c[2]), u) for u in placed))
    options = [made[n] for n in chars]

    def go(j: int, used: list[tuple[Box, Box]], start: int) -> list[Spot] | None:
        if j == len(chars):
            return []
        mine = options[j]
        c_i = start if j and chars[j] == chars[j - 1] else 0
        while (c := mine.get(c_i)) is not None:
            c_i += 1
            spot, disc, label = c
            budget[0] -= 1
            if budget[0] < 0:
                return None
            if any(clash((disc, label), u) for u in used):
                continue
            rest = go(j + 1, used + [(disc, label)], c_i)
            if rest is not None:
                return [spot, *rest]
            if budget[0] < 0:
                return None
        return None

    found = go(0, [], 0)
    if budget[0] < 0:
        spent[0] = True
    return found


def angle_of(index: int) -> float:
    """Screen angle (degrees) of constellation ``index``'s middle (board.angle_of)."""
    return -90.0 + 30.0 * index


def _place(where: tuple[tuple[int, int], ...], spill: bool) -> dict[int, Spot] | None:
    """One pass over the constellations, the most crowded first (ties clockwise from Aries: they need
    the room most); with ``spill`` a constellation's cells may reach into its neighbours' wedges
    (meeting no cell placed before), else they keep to their own. None when one finds no room."""
    by_const: dict[int, list[int]] = {}
    for j, (i, _chars) in enumerate(where):
        by_const.setdefault(i % 12, []).append(j)
    spots: dict[int, Spot] = {}
    placed: list[tuple[Box, Box]] = []
    for i in sorted(by_const, key=lambda c: (-len(by_const[c]), c)):
        planets = by_const[i]
        chars = [where[j][1] for j in planets]
        mid = angle_of(i)
        found = _room(i, chars, placed, False, SCALES[0])
        for scale in SCALES if spill else SCALES[1:]:     # (without spill the first was that one)
            if found is not None:
                break
            found = _room(i, chars, placed, spill, scale)
        if found is None:
            return None
        for j, c, spot in zip(planets, chars, found):
            spots[j] = spot
            placed.append(cell(mid + spot.off, spot, c))
    return spots


def _room(i: int, chars: list[int], placed: list[tuple[Box, Box]], spill: bool,
          scale: tuple[float, float]) -> list[Spot] | None:
    """:func:`_search` for constellation ``i``'s planets (reaching into the neighbours' wedges with
    ``spill``), from :data:`KNOWN` where it can tell: its spots when no cell ``placed`` meets them (the
    search's first answer on an empty board, found with a larger budget than the page's), and no room
    where there is none even on an empty board (cells placed only take room away)."""
    known = KNOWN.get((i, len(chars), spill), False) if scale == SCALES[0] and set(chars) == {3} else False
    if known is None:
        return None
    mid = angle_of(i)
    if known:
        spots = [Spot(r, off, 1.0, SIDE_OF[side]) for r, off, side in known]
        if not any(clash(cell(mid + spot.off, spot, 3), u) for spot in spots for u in placed):
            return spots
    return _search(mid, chars, placed, mid - 15 - 30 * spill, mid + 15 + 30 * spill, scale)


def known_entry(i: int, k: int, spill: bool, nodes: int = 500 * NODES) -> tuple[tuple[int, int, str], ...] | None | bool:
    """:data:`KNOWN`'s entry for ``k`` three-letter labels in constellation ``i`` on an empty board:
    their spots, None when there is no room, False when the search gave up after ``nodes``
    (``tools/layout_table.py`` writes the table; ``tests/test_ui_layout.py`` checks it)."""
    mid, spent = angle_of(i), [False]
    found = _search(mid, [3] * k, [], mid - 15 - 30 * spill, mid + 15 + 30 * spill, SCALES[0], spent, nodes)
    if spent[0]:
        return False
    if found is None:
        return None
    return tuple((int(s.r), int(s.off), s.side[0]) for s in found)


SIDE_OF = {side[0]: side for side in SIDES}
# (constellation, planets, spill) -> (radius, offset, side's initial) per planet, or None: no room. Written
# by tools/layout_table.py for up to three three-letter labels at their full size; the board's usual first
# frame needs no search (a search costs ~20-300 ms in CPython, more in the page).
KNOWN: dict[tuple[int, int, bool], tuple[tuple[int, int, str], ...] | None] = {
    (0, 1, False): ((338, 0, 'b'),),
    (0, 1, True): ((338, 0, 'b'),),
    (0, 2, False): ((354, 0, 'b'), (250, 0, 'b')),
    (0, 2, True): ((338, -6, 'b'), (358, 9, 'b')),
    (0, 3, False): ((362, -5, 'r'), (310, -8, 'r'), (250, 0, 'b')),
    (0, 3, True): ((338, -8, 'b'), (354, 8, 'b'), (250, 7, 'b')),
    (1, 1, False): ((338, 0, 'b'),),
    (1, 1, True): ((338, 0, 'b'),),
    (1, 2, False): ((354, 1, 'b'), (266, -7, 'b')),
    (1, 2, True): ((338, 5, 'b'), (274, -8, 'b')),
    (1, 3, False): None,
    (1, 3, True): ((354, 8, 'b'), (358, -9, 'b'), (270, 1, 'b')),
    (2, 1, False): ((338, 0, 'b'),),
    (2, 1, True): ((338, 0, 'b'),),
    (2, 2, False): ((338, 0, 'b'), (246, -5, 'b')),
    (2, 2, True): ((338, 0, 'b'), (246, 0, 'b')),
    (2, 3, False): None,
    (2, 3, True): ((346, 9, 'b'), (310, -8, 'b'), (214, 6, 'b')),
    (3, 1, False): ((338, 0, 'b'),),
    (3, 1, True): ((338, 0, 'b'),),
    (3, 2, False): ((338, 0, 'b'), (246, -4, 'b')),
    (3, 2, True): ((338, 0, 'b'), (246, 0, 'b')),
    (3, 3, True): ((338, -9, 'b'), (330, 9, 'b'), (246, 0, 'b')),
    (4, 1, False): ((322, -7, 'b'),),
    (4, 1, True): ((322, -7, 'b'),),
    (4, 2, False): ((338, -2, 'l'), (278, -8, 'l')),
    (4, 2, True): ((322, -7, 'b'), (254, 6, 'b')),
    (4, 3, False): None,
    (4, 3, True): ((338, -1, 'l'), (354, 8, 'l'), (294, -8, 'l')),
    (5, 1, False): ((310, 0, 'b'),),
    (5, 1, True): ((310, 0, 'b'),),
    (5, 2, False): ((346, -6, 'l'), (222, -2, 'b')),
    (5, 2, True): ((310, -3, 'b'), (234, 7, 'b')),
    (5, 3, False): None,
    (5, 3, True): ((338, 0, 'l'), (298, -7, 'l'), (222, -4, 'r')),
    (6, 1, False): ((318, 0, 'b'),),
    (6, 1, True): ((318, 0, 'b'),),
    (6, 2, False): ((318, 0, 'b'), (214, 0, 'b')),
    (6, 2, True): ((318, 0, 'b'), (214, 0, 'b')),
    (6, 3, False): None,
    (6, 3, True): ((314, -8, 'b'), (314, 9, 'b'), (206, 0, 'b')),
    (7, 1, False): ((310, 0, 'b'),),
    (7, 1, True): ((310, 0, 'b'),),
    (7, 2, False): ((346, 6, 'r'), (222, 2, 'b')),
    (7, 2, True): ((310, 3, 'b'), (234, -7, 'b')),
    (7, 3, False): None,
    (7, 3, True): ((338, 0, 'r'), (298, 7, 'r'), (222, 4, 'l')),
    (8, 1, False): ((322, 7, 'b'),),
    (8, 1, True): ((322, 7, 'b'),),
    (8, 2, False): ((338, 2, 'r'), (278, 8, 'r')),
    (8, 2, True): ((322, 7, 'b'), (254, -6, 'b')),
    (8, 3, False): None,
    (8, 3, True): ((338, 1, 'r'), (354, -8, 'r'), (294, 8, 'r')),
    (9, 1, False): ((338, 0, 'b'),),
    (9, 1, True): ((338, 0, 'b'),),
    (9, 2, False): ((338, 0, 'b'), (246, 4, 'b')),
    (9, 2, True): ((338, 0, 'b'), (246, 0, 'b')),
    (9, 3, True): ((338, 9, 'b'), (330, -9, 'b'), (246, 0, 'b')),
    (10, 1, False): ((338, 0, 'b'),),
    (10, 1, True): ((338, 0, 'b'),),
    (10, 2, False): ((338, 0, 'b'), (246, 5, 'b')),
    (10, 2, True): ((338, 0, 'b'), (246, 0, 'b')),
    (10, 3, False): None,
    (10, 3, True): ((346, -9, 'b'), (310, 8, 'b'), (214, -6, 'b')),
    (11, 1, False): ((338, 0, 'b'),),
    (11, 1, True): ((338, 0, 'b'),),
    (11, 2, False): ((354, -1, 'b'), (266, 7, 'b')),
    (11, 2, True): ((338, -5, 'b'), (274, 8, 'b')),
    (11, 3, False): None,
    (11, 3, True): ((354, -8, 'b'), (358, 9, 'b'), (270, -1, 'b')),
}


@lru_cache(maxsize=256)
def _layout(where: tuple[tuple[int, int], ...]) -> tuple[Spot, ...]:
    """``where``: (constellation, label length) per planet; the spot of each. When reaching into the
    neighbours leaves one constellation no room, each keeps to its own wedge (always room there,
    drawn smaller if need be: tests/test_ui_layout.py)."""
    spots = _place(where, True) or _place(where, False)
    if spots is None:         # never (tests/test_ui_layout.py tries every crowd); the old rows, smallest
        label, disc = SCALES[-1]
        spots = {j: Spot(R_RING - 40 * (j // 3), -10 + 10 * (j % 3), label, "below", disc) for j in range(len(where))}
    return tuple(spots[j] for j in range(len(where)))


def planet_spots(where: list[tuple[str, int, str]]) -> dict[str, Spot]:
    """Each planet's spot: ``where`` holds (planet, constellation index, label) per planet."""
    key = tuple((i % 12, len(label)) for _p, i, label in where)
    return {where[j][0]: spot for j, spot in enumerate(_layout(key))}
