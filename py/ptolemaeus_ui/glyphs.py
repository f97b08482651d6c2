"""Drawn symbols: SVG path data centred on (0, 0), about 24 units across.

Drawn as paths rather than Unicode symbols so that they look the same on
every system (many fonts have no astronomical symbols). Colour is never the
only cue: every element has its own alchemical triangle, every planet its
classical sign, every seat its own token shape.
"""

from __future__ import annotations

import math

from boardui.tree import El

# The classical planet signs, stroked (no fill), about 24 x 24.
PLANET_PATHS: dict[str, str] = {
    # ☉ a circle with a dot
    "Sol": "M 9 0 A 9 9 0 1 1 -9 0 A 9 9 0 1 1 9 0 Z M 1.8 0 A 1.8 1.8 0 1 1 -1.8 0 A 1.8 1.8 0 1 1 1.8 0 Z",
    # ☾ a crescent
    "Luna": "M 3 -9.5 A 9.5 9.5 0 1 0 3 9.5 A 11 11 0 0 1 3 -9.5 Z",
    # ☿ horns, circle, cross
    "Mercurius": ("M -5 -11 A 5 4 0 0 0 5 -11 M 5 -3 A 5 5 0 1 1 -5 -3 A 5 5 0 1 1 5 -3 Z "
                  "M 0 2 L 0 11 M -4 7 L 4 7"),
    # ♀ circle and cross
    "Venus": "M 6 -5 A 6 6 0 1 1 -6 -5 A 6 6 0 1 1 6 -5 Z M 0 1 L 0 11 M -4.5 6.5 L 4.5 6.5",
    # ♂ circle and arrow
    "Mars": "M 3 3 A 6 6 0 1 1 -9 3 A 6 6 0 1 1 3 3 Z M 1.3 -1.3 L 9 -9 M 3 -9 L 9 -9 L 9 -3",
    # ♃ the sign like a 4
    "Iupiter": "M -8 -7 C -5 -11 1 -10 0 -5 C -1 -1 -5 3 -7 5 L 9 5 M 4 -10 L 4 11",
    # ♄ a cross over an h
    "Saturnus": "M -3 -11 L -3 7 M -7 -7 L 1 -7 M -3 1 C -1 -4 7 -4 6 2 C 5 6 1 7 3 11",
}

# Fill colours of the planet discs (the sign is drawn over them in dark ink).
PLANET_COLOURS: dict[str, str] = {
    "Sol": "#f3c94a", "Luna": "#d9dde6", "Mercurius": "#9fc2c7", "Venus": "#e9d7a6",
    "Mars": "#e0735f", "Iupiter": "#d7a86e", "Saturnus": "#c2a35b",
}

# Element colours (the constellation colours of the cards) and their symbols.
ELEMENT_FILL: dict[str, str] = {"red": "#c4513c", "green": "#4f9a5a", "yellow": "#d8b23c", "blue": "#3f7fc4"}
ELEMENT_SOFT: dict[str, str] = {"red": "#5a2a27", "green": "#23442e", "yellow": "#5a4b22", "blue": "#1f3658"}

# Alchemical triangles: fire △, air △ with a bar, water ▽, earth ▽ with a bar.
ELEMENT_PATHS: dict[str, str] = {
    "red": "M 0 -8 L 8 6 L -8 6 Z",
    "yellow": "M 0 -8 L 8 6 L -8 6 Z M -5.5 1.5 L 5.5 1.5",
    "blue": "M 0 8 L 8 -6 L -8 -6 Z",
    "green": "M 0 8 L 8 -6 L -8 -6 Z M -5.5 -1.5 L 5.5 -1.5",
}

# The Comet: a star with a tail (the tail points back, anticlockwise).
COMET_STAR = ("M 0 -10 L 2.9 -4 L 9.5 -3.1 L 4.7 1.5 L 5.9 8.1 L 0 5 L -5.9 8.1 L -4.7 1.5 "
              "L -9.5 -3.1 L -2.9 -4 Z")
# The mark on the tokens of the seat called "You" (a small five-pointed star, fits in a token).
MARK_STAR = ("M 0 -7 L 1.9 -2.6 L 6.7 -2.2 L 3.1 1 L 4.1 5.7 L 0 3.3 L -4.1 5.7 L -3.1 1 "
             "L -6.7 -2.2 L -1.9 -2.6 Z")
COMET_TAIL = "M -4 3 Q -16 10 -30 22 M -2 6 Q -12 16 -22 28 M -6 0 Q -20 4 -34 12"

ASTEROID_PATH = "M -6 -3 L -2 -7 L 4 -6 L 7 -1 L 5 5 L -1 7 L -6 4 Z"

# The sextant of the wildcard: an arc with two radii and a sight.
SEXTANT_PATH = "M 0 -9 L -8 6 M 0 -9 L 8 6 M -9 3 A 12 12 0 0 0 9 3 M 0 -9 L 0 4"

# The Astrolabe (first player marker): a ring with a rule across.
ASTROLABE_PATH = ("M 8 0 A 8 8 0 1 1 -8 0 A 8 8 0 1 1 8 0 Z M -9 -2 L 9 2 M 0 -8 L 0 -11 "
                  "M 4.5 0 A 4.5 4.5 0 1 1 -4.5 0 A 4.5 4.5 0 1 1 4.5 0 Z")

# Seat token shapes (circle, square, diamond, hexagon), radius ~ r.
SEAT_SHAPES = ("circle", "square", "diamond", "hexagon")


def seat_shape(seat: int, r: float, attrs: dict) -> El:
    """The token shape of ``seat`` centred on (0, 0)."""
    kind = SEAT_SHAPES[seat % len(SEAT_SHAPES)]
    if kind == "circle":
        return El("circle", {"r": r, **attrs})
    if kind == "square":
        s = r * 0.9
        return El("rect", {"x": -s, "y": -s, "width": 2 * s, "height": 2 * s, "rx": r * 0.2, **attrs})
    if kind == "diamond":
        s = r * 1.2
        return El("path", {"d": f"M 0 {-s:.2f} L {s:.2f} 0 L 0 {s:.2f} L {-s:.2f} 0 Z", **attrs})
    pts = []
    for i in range(6):
        a = math.pi / 6 + i * math.pi / 3
        pts.append(f"{r * 1.08 * math.cos(a):.2f} {r * 1.08 * math.sin(a):.2f}")
    return El("path", {"d": "M " + " L ".join(pts) + " Z", **attrs})


# Seat colours: the shell gives a CSS colour or a name; names map to these.
SEAT_COLOURS: dict[str, str] = {
    "white": "#f2eee3", "ivory": "#f2eee3", "black": "#3a3a44", "purple": "#9b6bd3", "violet": "#9b6bd3",
    "orange": "#ee8a3c", "red": "#e0533f", "blue": "#4d8fe0", "green": "#55b06a", "yellow": "#e8c547",
    "pink": "#e77fb3", "teal": "#3fb5b0", "grey": "#9aa0a6", "gray": "#9aa0a6", "brown": "#a86f43",
    "cyan": "#56c8e0",
}
DEFAULT_SEAT_COLOURS = ("#f2eee3", "#ee8a3c", "#9b6bd3", "#3fb5b0")


def seat_colour(seats: list[dict], seat: int) -> str:
    raw = ""
    if 0 <= seat < len(seats):
        raw = str(seats[seat].get("colour") or "").strip()
    key = raw.lower()
    if key in SEAT_COLOURS:
        return SEAT_COLOURS[key]
    if raw.startswith("#") and len(raw) in (4, 7) and all(ch in "0123456789abcdefABCDEF" for ch in raw[1:]):
        return raw
    return DEFAULT_SEAT_COLOURS[seat % len(DEFAULT_SEAT_COLOURS)]


def ink_on(colour: str) -> str:
    """Dark or light text for a fill colour (``#rrggbb``)."""
    c = colour.lstrip("#")
    if len(c) == 3:
        c = "".join(ch * 2 for ch in c)
    try:
        r, g, b = (int(c[i:i + 2], 16) for i in (0, 2, 4))
    except ValueError:
        return "#111"
    return "#10131c" if 0.299 * r + 0.587 * g + 0.114 * b > 140 else "#f7f3e8"
