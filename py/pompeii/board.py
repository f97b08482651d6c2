"""The board and the components of The Downfall of Pompeii: the one data module.

Everything here restates ``shared/rules/pompeii-board.json`` (checked square by
square against it by ``tests/pompeii/test_pompeii_board.py``): the 11 x 7 grid
(P8-P17), the numbered and neutral buildings, the vents, the gates, the lava
tiles (P6, PR1, PR16), the cards (P4, P5) and the citizens (P3).

Squares are numbered ``row * 11 + col`` (0..76) inside the engine; the JSON
forms and the views use ``[row, col]``.
"""

from __future__ import annotations

from collections import deque
from typing import Any

__all__ = [
    "AD79",
    "BOTTOM_STACK",
    "CAPACITY",
    "CARD_COUNTS",
    "CITIZENS_PER_PLAYER",
    "CITY",
    "COLOUR",
    "COLOURS",
    "DECK_SIZE",
    "DUAL_TILES",
    "GATES",
    "GATE_OF",
    "GATE_SQUARES",
    "HEIGHT",
    "KIND",
    "LAVA_COUNTS",
    "MAP",
    "NEIGHBOURS",
    "NEUTRAL",
    "NUMBER",
    "NUMBER_COLOUR",
    "NUMBER_PARTS",
    "OMEN",
    "PART",
    "PILES_RETURNED",
    "SQUARES",
    "SYMBOLS",
    "UNIT",
    "UNIT_COLOUR",
    "UNIT_SQUARES",
    "VENT",
    "VENT_OF",
    "WALKABLE",
    "WIDTH",
    "distance_to_exit",
    "rc",
    "sq",
]

WIDTH, HEIGHT = 11, 7
SQUARES = WIDTH * HEIGHT

# P11: the map exactly as the rules file draws it (row 0 is north).
MAP = (
    "G       N:1     .       .       2a:2    G       N:2     V:scr   #       #       #",
    "1a:2    1a:2    V:coi   N:3     2a:2    .       .       N:2     .       G       #",
    "N:2     .       3a:3    3b:2    N:2     4a:3    4b:4    .       5a:4    .       V:vas",
    ".       N:3     6a:2    6b:2    V:col   .       8a:3    N:3     .       N:2     N:1",
    "G       .       6a:1    6b:2    .       7a:3    8b:2    .       .       .       G",
    ".       N:2     .       N:2     9a:4    10a:3   .       N:2     11a:1   11a:0   11b:2",
    "#       #       #       V:mas   .       10b:2   G       .       11a:1+G V:hel   11b:1",
)

# P6, PR1: the six lava symbols, in the JSON's order, and the 45 ordinary tiles.
SYMBOLS = ("scroll", "coin", "vase", "column", "mask", "helmet")
LAVA_COUNTS = {"vase": 7, "helmet": 7, "mask": 7, "scroll": 8, "column": 8, "coin": 8}
# P66, PR16: the three dual vent tiles of the variant (symbol pairs).
DUAL_TILES = (("helmet", "mask"), ("vase", "scroll"), ("column", "coin"))

# P4, P5: Pompeii cards per number (= spaces of that number); 7 Omens, 2 AD 79.
CARD_COUNTS = {1: 4, 2: 4, 3: 5, 4: 7, 5: 4, 6: 7, 7: 3, 8: 5, 9: 4, 10: 5, 11: 5}
OMEN = 12          # card code of an Omen
AD79 = 13          # card code of an AD 79 card
NUMBER_COLOUR = {1: "grey", 2: "purple", 3: "purple", 4: "grey", 5: "purple", 6: "turquoise",
                 7: "purple", 8: "grey", 9: "turquoise", 10: "brown", 11: "brown"}

# P2: four colours of 30; P3, P68, PR20 (Mayfair): citizens each; P23: the bottom stack;
# P25, PR2: piles back to the box.
COLOURS = ("blue", "yellow", "red", "black")
CITIZENS_PER_PLAYER = {2: 30, 3: 30, 4: 25}
BOTTOM_STACK = {2: 15, 3: 15, 4: 10}
PILES_RETURNED = {2: 3, 3: 2, 4: 1}
DECK_SIZE = 42

# P16: gates (id, name, square, exit side; PR18: the corner gates' sides are cosmetic); P15: vents.
# P14: the 13 neutral buildings N1..N13, one square each.
_GATES = (("G1", "Porta Ercolano", 0, 0, "W"), ("G2", "Porta Vesuvio", 0, 5, "N"),
          ("G3", "Porta di Nola", 1, 9, "N"), ("G4", "Porta Marina", 4, 0, "W"),
          ("G5", "Porta di Sarno", 4, 10, "E"), ("G6", "Porta di Stabia", 6, 6, "S"),
          ("G7", "Porta di Nocera", 6, 8, "S"))
_NEUTRAL_IDS = ((0, 1), (0, 6), (1, 3), (1, 7), (2, 0), (2, 4), (3, 1), (3, 7), (3, 9), (3, 10),
                (5, 1), (5, 3), (5, 7))


def sq(row: int, col: int) -> int:
    """The engine's index of square (row, col)."""
    return row * WIDTH + col


def rc(square: int) -> tuple[int, int]:
    """(row, col) of an engine square index."""
    return divmod(square, WIDTH)


def _parse() -> tuple:
    kind: list[str] = []
    cap: list[int] = []
    part: list[str | None] = []
    vent: list[str | None] = []
    gate_here: list[str | None] = []
    by_prefix = {s[:3]: s for s in SYMBOLS}
    for row in MAP:
        cells = row.split()
        assert len(cells) == WIDTH
        for cell in cells:
            g = None
            if cell.endswith("+G"):
                cell, g = cell[:-2], "G"
            p = v = None
            c = 0
            if cell == "#":
                k = "outside"
            elif cell == ".":
                k = "street"
            elif cell == "G":
                k, g = "street", "G"
            elif cell.startswith("V:"):
                k, v = "vent", by_prefix[cell[2:]]
            elif cell.startswith("N:"):
                k, c = "neutral_building", int(cell[2:])
            else:
                name, n = cell.split(":")
                k, p, c = "building", name, int(n)
            kind.append(k)
            cap.append(c)
            part.append(p)
            vent.append(v)
            gate_here.append(g)
    return kind, cap, part, vent, gate_here


_kind, _cap, _part, _vent, _gate_marks = _parse()
KIND: tuple[str, ...] = tuple(_kind)                 # P10: street, building, neutral_building, vent, outside
CAPACITY: tuple[int, ...] = tuple(_cap)              # P31: spaces printed on each square (PR19: (5,9) has 0)
PART: tuple[str | None, ...] = tuple(_part)          # P12: "6a" etc. for numbered building squares
NUMBER: tuple[int, ...] = tuple(int(p[:-1]) if p else 0 for p in PART)
NEUTRAL: tuple[str | None, ...] = tuple(
    f"N{_NEUTRAL_IDS.index(rc(s)) + 1}" if KIND[s] == "neutral_building" else None for s in range(SQUARES))
COLOUR: tuple[str | None, ...] = tuple(
    NUMBER_COLOUR[NUMBER[s]] if NUMBER[s] else ("beige" if NEUTRAL[s] else None) for s in range(SQUARES))
# P13, P40.4, PR6: the "building" unit: a numbered part or one neutral building.
UNIT: tuple[str | None, ...] = tuple(PART[s] or NEUTRAL[s] for s in range(SQUARES))
UNIT_SQUARES: dict[str, tuple[int, ...]] = {}
for _s, _u in enumerate(UNIT):
    if _u is not None:
        UNIT_SQUARES.setdefault(_u, ())
        UNIT_SQUARES[_u] += (_s,)
UNIT_COLOUR = {u: COLOUR[squares[0]] for u, squares in UNIT_SQUARES.items()}
NUMBER_PARTS: dict[int, tuple[str, ...]] = {
    n: tuple(sorted(u for u in UNIT_SQUARES if PART[UNIT_SQUARES[u][0]] and NUMBER[UNIT_SQUARES[u][0]] == n))
    for n in CARD_COUNTS}
VENT: tuple[str | None, ...] = tuple(_vent)          # P15: the symbol whose vent this is
VENT_OF = {v: s for s, v in enumerate(VENT) if v}
GATES: tuple[dict[str, Any], ...] = tuple({"id": g, "name": name, "square": sq(r, c), "exit": side}
                                          for g, name, r, c, side in _GATES)
GATE_OF: dict[int, str] = {sq(r, c): g for g, _, r, c, _ in _GATES}
GATE_SQUARES: tuple[int, ...] = tuple(sorted(GATE_OF))
assert sorted(s for s, m in enumerate(_gate_marks) if m) == list(GATE_SQUARES)
CITY: tuple[int, ...] = tuple(s for s in range(SQUARES) if KIND[s] != "outside")   # P9
# P55, P15: squares a citizen may ever stand on in phase 2 (lava aside).
WALKABLE: tuple[bool, ...] = tuple(KIND[s] not in ("outside", "vent") for s in range(SQUARES))


def _neighbours(s: int) -> tuple[int, ...]:
    """P18: orthogonal neighbours inside the city."""
    r, c = rc(s)
    out = []
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        rr, cc = r + dr, c + dc
        if 0 <= rr < HEIGHT and 0 <= cc < WIDTH and KIND[sq(rr, cc)] != "outside":
            out.append(sq(rr, cc))
    return tuple(out)


NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(_neighbours(s) for s in range(SQUARES))


def distance_to_exit(lava: frozenset[int] | set[int] = frozenset()) -> list[int]:
    """P19: movement points from each square out of the city (gate square = 1),
    through walkable squares not in ``lava``; -1 where there is no way out."""
    dist = [-1] * SQUARES
    queue: deque[int] = deque()
    for g in GATE_SQUARES:
        if g not in lava:
            dist[g] = 1
            queue.append(g)
    while queue:
        s = queue.popleft()
        for t in NEIGHBOURS[s]:
            if dist[t] < 0 and WALKABLE[t] and t not in lava:
                dist[t] = dist[s] + 1
                queue.append(t)
    return dist
