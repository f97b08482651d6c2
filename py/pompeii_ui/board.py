"""The Pompeii screen as pure functions of a view (no browser): ``render(Model) -> El``.

The city is an SVG grid of the 70 city squares (``data-square="row,col"``),
drawn from the engine's board data (``pompeii.board``): buildings in their
colour *and* a pattern per colour with their number and part, neutral
buildings, vents with their lava symbols, gates, citizens in each seat's
colour and shape, lava tiles. Every square is a cell of a ``boardui.nav``
grid (one tab stop, arrow keys); the squares that may be chosen now carry
``data-act="sq"``. The panels are HTML: the decision, the viewer's hand
(nobody else's: counts only), the tile and the piles, the players, the log.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from app import i18n
from boardui import live, nav
from boardui.screen import end_buttons, end_offered, heading, waiting_prompt
from boardui.tree import El, h
from gamekit.memo import BoundedMemo
from pompeii import board as B

from .interact import UI, GATE_NAME, Choice, sq_arg
from .strings import seat_label, t, tn, tp
from .words import card_name, end_summary, name_of, symbol_name, where

CELL = 64
MARGIN = 26
WIDTH = B.WIDTH * CELL + 2 * MARGIN
HEIGHT = B.HEIGHT * CELL + 2 * MARGIN
# A gate's exit side on the board turned a quarter clockwise (``grid_pos``): the north wall is on the right.
TURNED_SIDE = {"N": "E", "E": "S", "S": "W", "W": "N"}
SHAPES = ("circle", "square", "triangle", "diamond")
FALLBACK_COLOURS = ("#3a7bd5", "#e8c547", "#d64541", "#333333")

# P6: the six lava symbols as small line drawings (centred on 0,0, about 16 units wide).
SYMBOL_PATHS = {
    "scroll": "M -7 -5 H 6 V 5 H -7 Z M -7 -5 A 2 2 0 0 0 -7 -1 M 6 1 A 2 2 0 0 1 6 5 M -4 -2 H 3 M -4 1 H 3",
    "coin": "M 0 -7 A 7 7 0 1 1 -0.01 -7 Z M 0 -4 A 4 4 0 1 0 0.01 -4",
    "vase": "M -3 -8 H 3 V -6 Q 8 -2 4 6 Q 3 8 0 8 Q -3 8 -4 6 Q -8 -2 -3 -6 Z M -7 -4 Q -9 -1 -5 1 M 7 -4 Q 9 -1 5 1",
    "column": "M -7 -8 H 7 V -6 H -7 Z M -5 -6 V 6 M -1.7 -6 V 6 M 1.7 -6 V 6 M 5 -6 V 6 M -7 6 H 7 V 8 H -7 Z",
    "mask": "M -7 -6 Q 0 -9 7 -6 Q 8 4 0 8 Q -8 4 -7 -6 Z M -4 -2 H -1 M 1 -2 H 4 M -3 4 Q 0 2 3 4",
    "helmet": "M -7 4 Q -8 -7 0 -7 Q 8 -7 7 4 Z M -2 -7 Q 0 -11 6 -10 M -4 4 V 0 H 4 V 4",
}
COLOUR_CLASS = {"grey": "c-grey", "purple": "c-purple", "turquoise": "c-turq", "brown": "c-brown", "beige": "c-beige"}


@dataclass
class Model:
    """Everything the board's renderer draws: the viewer's view, the seats, the interaction."""

    view: dict[str, Any]
    viewer: int | None
    seats: list[dict]
    ui: UI = field(default_factory=UI)
    log: list[str] = field(default_factory=list)
    busy: str | None = None
    show_end: bool = True
    animating: bool = False
    caption: str | None = None
    walker: dict[str, Any] | None = None      # {"seat", "at": [r, c]} a citizen walking (animation)
    path: list[list[int]] = field(default_factory=list)   # the last move's path, drawn as a line
    burning: set[str] = field(default_factory=set)        # squares where citizens just died
    falling: str | None = None                            # the square lava just fell on
    board_focus: str | None = None
    announce: list[tuple[int, str]] = field(default_factory=list)
    last: str = ""
    # Since the viewer last decided (boardui.recap, issue 17): citizens saved (the score, P57) and lost
    # per seat, what happened in words, the squares others' pieces arrived on, where citizens were
    # lost ("r,c" -> seat -> count) and saved (gate id -> seat -> count).
    gains: dict[int, int] = field(default_factory=dict)
    losses: dict[int, int] = field(default_factory=dict)
    recap: list[str] = field(default_factory=list)
    recent: set[str] = field(default_factory=set)
    lost_at: dict[str, dict[int, int]] = field(default_factory=dict)
    saved_at: dict[str, dict[int, int]] = field(default_factory=dict)
    waiting: str | None = None      # "applied" / "held": the viewer's move waits for Confirm (boardui.screen)
    held: str | None = None         # a held move in the log's words
    held_at: dict[str, dict[str, Any]] = field(default_factory=dict)  # its pieces: words.held_pieces
    held_card: int | None = None    # the hand card it plays (words.held_card): shown as played, not in hand
    end_actions: list[tuple[str, str]] = field(default_factory=list)  # the shell's, on the end screen
    # The city drawn turned a quarter (7 columns across, 11 rows down): a portrait phone, whose width the
    # 11 columns shared left squares ~30 px wide, too small for a finger (``grid_pos``).
    turned: bool = False
    # A replay whose "Seen by" choice offers a seat's eyes (a finished game's, app.replay): a spectator's
    # hand note points there; before the end hands stay hidden (play-test 8 F6: it named a missing control).
    eyes_to_choose: bool = False


def phase_number(view: dict[str, Any]) -> str:
    """"1" (life in the city), "2" (the eruption: the opening lava, P44, and the escape) or "over"."""
    return {"p1": "1", "opening": "2", "p2": "2"}.get(view["phase"], "over")


def seat_colour(seats: list[dict], seat: int) -> str:
    """The seat's colour if it is a hex colour (as the page gives): a save or a replay link may carry
    any short text, and "none" or "transparent" would draw that seat's citizens invisible."""
    raw = seats[seat].get("colour") if 0 <= seat < len(seats) else None
    if isinstance(raw, str) and len(raw) in (4, 7) and raw.startswith("#") \
            and all(ch in "0123456789abcdefABCDEF" for ch in raw[1:]):
        return raw
    return FALLBACK_COLOURS[seat % 4]


def grid_pos(r: int, c: int, turned: bool = False) -> tuple[int, int]:
    """Where the map's square (``r``, ``c``) is on screen, as (row, column): the map itself, or turned
    a quarter clockwise (its west side at the top, its north side on the right). Everything on the
    board is placed through this, so the turn moves squares, not their texts: those stay upright."""
    return (c, B.HEIGHT - 1 - r) if turned else (r, c)


def board_size(turned: bool = False) -> tuple[int, int]:
    """The board's width and height in SVG units (its viewBox)."""
    return (HEIGHT, WIDTH) if turned else (WIDTH, HEIGHT)


def xy(r: int, c: int, turned: bool = False) -> tuple[float, float]:
    """The top left corner of the map's square (``r``, ``c``) in SVG units."""
    row, col = grid_pos(r, c, turned)
    return MARGIN + col * CELL, MARGIN + row * CELL


def exit_side(side: str, turned: bool = False) -> str:
    """A gate's exit side ("N", "E", "S", "W") on screen."""
    return TURNED_SIDE[side] if turned else side


def shape(seat: int, cx: float, cy: float, size: float, attrs: dict[str, Any]) -> El:
    """A seat's token: circle, square, triangle or diamond (never colour alone)."""
    s = size
    kind = SHAPES[seat % 4]
    if kind == "circle":
        return El("circle", {"cx": cx, "cy": cy, "r": s, **attrs})
    if kind == "square":
        return El("rect", {"x": cx - s * 0.9, "y": cy - s * 0.9, "width": s * 1.8, "height": s * 1.8, **attrs})
    if kind == "triangle":
        d = f"M {cx:.1f} {cy - s * 1.1:.1f} L {cx + s * 1.1:.1f} {cy + s * 0.85:.1f} L {cx - s * 1.1:.1f} {cy + s * 0.85:.1f} Z"
        return El("path", {"d": d, **attrs})
    d = f"M {cx:.1f} {cy - s * 1.2:.1f} L {cx + s * 1.1:.1f} {cy:.1f} L {cx:.1f} {cy + s * 1.2:.1f} L {cx - s * 1.1:.1f} {cy:.1f} Z"
    return El("path", {"d": d, **attrs})


def symbol_icon(name: str, cx: float, cy: float, scale: float = 1.0, cls: str = "sym") -> El:
    return El("path", {"d": SYMBOL_PATHS[name], "class": cls,
                       "transform": f"translate({cx:.1f} {cy:.1f}) scale({scale:.2f})"})


def _defs() -> El:
    """Patterns per building colour (P12: colour is never alone)."""
    def pat(pid: str, body: list[El]) -> El:
        return El("pattern", {"id": pid, "width": 8, "height": 8, "patternUnits": "userSpaceOnUse"}, body)
    return El("defs", None, [
        pat("pp-pat-grey", [El("circle", {"cx": 4, "cy": 4, "r": 1.2, "class": "pat"})]),
        pat("pp-pat-purple", [El("path", {"d": "M 0 8 L 8 0", "class": "pat"})]),
        pat("pp-pat-turq", [El("path", {"d": "M 0 4 H 8", "class": "pat"})]),
        pat("pp-pat-brown", [El("path", {"d": "M 0 0 L 8 8 M 0 8 L 8 0", "class": "pat"})]),
    ], key="defs")


def _counts(view: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {f"{s['square'][0]},{s['square'][1]}": s for s in view["squares"]}


def per_seat(seats: list[dict], counts: dict[int, int]) -> str:
    """"You 2, Plinius 1" (seat order)."""
    return ", ".join(f"{seat_label(name_of(seats, p))} {k}" for p, k in sorted(counts.items()) if k)


def square_label(view: dict[str, Any], seats: list[dict], q: int, here: dict | None, role: str | None,
                 recent: bool = False, lost: dict[int, int] | None = None, held: bool = False) -> str:
    """What a screen reader hears on a square: where it is, its lava, its citizens, what happened
    there since the viewer decided, what choosing does."""
    r, c = B.rc(q)
    parts = [where([r, c])]
    if B.CAPACITY[q] and B.KIND[q] != "street" and view["phase"] == "p1":
        parts.append(tn("sq.spaces", B.CAPACITY[q]))
    if here:
        if here.get("lava"):
            parts.append(t("sq.lava", tile=symbol_name(here["lava"])))
        for p, k in enumerate(here["citizens"]):
            if k:
                parts.append(tn("sq.citizens", k, name=seat_label(name_of(seats, p))))
    if held:
        parts.append(t("sq.held"))
    if recent:
        parts.append(t("sq.recent"))
    if lost:
        parts.append(t("sq.lost", list=per_seat(seats, lost)))
    if role:
        parts.append(t(f"sq.can.{role}"))
    return "; ".join(parts)


def _square(model: Model, q: int, here: dict | None, labels: list[El]) -> El:
    """A city square (a grid cell); its visible texts go to ``labels``, a layer of their own
    (a cell's accessible name is its full description)."""
    view, ui = model.view, model.ui
    r, c = B.rc(q)
    x, y = xy(r, c, model.turned)
    row, col = grid_pos(r, c, model.turned)
    arg = sq_arg(q)
    role = ui.squares.get(arg) if not model.animating else None
    kind = B.KIND[q]
    colour = B.COLOUR[q]
    cls = ["sq", kind.replace("_", "-")]
    if colour:
        cls.append(COLOUR_CLASS[colour])
    if role:
        cls.append("can " + role)
    if ui.selected == arg and not model.animating:
        cls.append("selected")
    if arg in model.burning:
        cls.append("burning")
    if model.falling == arg:
        cls.append("falling")
    recent = arg in model.recent
    lost = model.lost_at.get(arg)
    if recent:
        cls.append("recent")
    if lost:
        cls.append("lost")
    attrs: dict[str, Any] = {
        "class": " ".join(cls), "data-square": arg, "role": "gridcell",
        "aria-label": square_label(view, model.seats, q, here, role, recent, lost, arg in model.held_at),
        "data-recent": "1" if recent else None, "data-lost": str(sum(lost.values())) if lost else None,
        "data-building": B.PART[q], "data-neutral": B.NEUTRAL[q],
        "data-gate": B.GATE_OF.get(q), "data-vent": B.VENT[q],
        **nav.cell_attrs(arg, row, col),     # where it is on screen: an arrow key moves that way
    }
    if role:
        attrs["data-act"] = "sq"
        attrs["data-arg"] = arg
    body: list[El] = [El("title", None, [attrs["aria-label"]]),   # the tooltip
                      El("rect", {"x": x + 1, "y": y + 1, "width": CELL - 2, "height": CELL - 2, "rx": 3,
                                  "class": "ground"})]
    if colour and colour != "beige":
        pid = COLOUR_CLASS[colour].replace("c-", "pp-pat-")
        body.append(El("rect", {"x": x + 1, "y": y + 1, "width": CELL - 2, "height": CELL - 2, "rx": 3,
                                "fill": f"url(#{pid})", "class": "pattern"}))
    if B.PART[q]:
        labels.append(El("text", {"x": x + 5, "y": y + 14, "class": "num"}, [B.PART[q]]))
    elif B.NEUTRAL[q]:
        labels.append(El("text", {"x": x + 5, "y": y + 14, "class": "num neutral"}, ["N"]))
    if B.CAPACITY[q] and kind != "street" and view["phase"] == "p1":
        for i in range(B.CAPACITY[q]):
            body.append(El("circle", {"cx": x + CELL - 8 - i * 8, "cy": y + 9, "r": 2.6, "class": "space"}))
    vent = B.VENT[q]
    if vent:
        body.append(El("circle", {"cx": x + CELL / 2, "cy": y + CELL / 2, "r": 22, "class": "vent-disc"}))
        body.append(symbol_icon(vent, x + CELL / 2, y + CELL / 2, 1.6, "sym vent-sym"))
    if q in B.GATE_OF:
        body.append(El("path", {"d": f"M {x + 6} {y + CELL - 4} V {y + CELL - 16} A 8 8 0 0 1 {x + 22} "
                                     f"{y + CELL - 16} V {y + CELL - 4}", "class": "gate-arch"}))
    if here and here.get("lava"):
        name = here["lava"]
        body.append(_lava_tile(x, y, name, {"class": "lava" + (" fresh" if model.falling == arg else ""),
                                            "data-lava": name, "data-at": arg}, key=f"lava-{arg}"))
    held = model.held_at.get(arg)
    held_seat = int(held["seat"]) if held and "lava" not in held else None
    if here or held_seat is not None:
        body.extend(_citizens(model, r, c, list(here["citizens"]) if here else [], labels, held_seat))
    if held and held_seat is None:      # the viewer's move waiting for Confirm, not played yet: dashed
        body.append(_lava_tile(x, y, str(held["lava"]), {"class": "lava held", "data-held": "lava", "data-at": arg}))
    if role in ("place", "relative", "victim", "lava", "dest", "mover"):
        body.append(El("rect", {"x": x + 3, "y": y + 3, "width": CELL - 6, "height": CELL - 6, "rx": 5,
                                "class": "mark"}))
    if recent:      # others' new pieces: a dotted frame and a corner star (never colour alone)
        body.append(El("rect", {"x": x + 6, "y": y + 6, "width": CELL - 12, "height": CELL - 12, "rx": 4,
                                "class": "recent-mark"}))
        body.append(El("path", {"d": _star(x + CELL - 9, y + CELL - 9, 6), "class": "recent-star"}))
    if lost:        # citizens lost here: a cross and how many
        body.append(El("path", {"d": f"M {x + 8} {y + CELL - 22} l 14 14 m 0 -14 l -14 14", "class": "lost-mark"}))
        labels.append(El("text", {"x": x + 26, "y": y + CELL - 9, "class": "lost-count"},
                         [f"†{sum(lost.values())}"]))
    return El("g", attrs, body, key=f"sq-{arg}")


def _lava_tile(x: float, y: float, symbol: str, attrs: dict[str, Any], key: str | None = None) -> El:
    """A lava tile on the square at (``x``, ``y``): a laid one, or a held move's (``attrs``' class)."""
    return El("g", attrs, [
        El("rect", {"x": x + 4, "y": y + 4, "width": CELL - 8, "height": CELL - 8, "rx": 6, "class": "lava-tile"}),
        symbol_icon(symbol, x + CELL / 2, y + CELL / 2, 1.5, "sym lava-sym")], key=key)


def _star(cx: float, cy: float, r: float) -> str:
    """A four-pointed star (the mark of a piece new since the viewer decided)."""
    k = r * 0.35
    return (f"M {cx:.1f} {cy - r:.1f} L {cx + k:.1f} {cy - k:.1f} L {cx + r:.1f} {cy:.1f} L {cx + k:.1f} {cy + k:.1f} "
            f"L {cx:.1f} {cy + r:.1f} L {cx - k:.1f} {cy + k:.1f} L {cx - r:.1f} {cy:.1f} L {cx - k:.1f} {cy - k:.1f} Z")


@dataclass(frozen=True)
class Slot:
    """Where one seat's citizens on a square are drawn, in SVG units from the square's top left corner:
    the piece (centre, size) and its count ("×2": its baseline's start or middle, its font's size)."""

    cx: float
    cy: float
    size: float
    tx: float
    ty: float
    font: int
    anchor: str = "start"
    step: float = 2.2           # how far each further citizen's piece is drawn up and left (at most 5)
    times: int = 0              # the "×"'s font size when smaller than the figure's (0: the same)


# The pieces of a square by how many seats have citizens on it, each seat's piece with its own count
# in a place of its own below the square's number and spaces (y > 16): one seat as before; two side by
# side, each count under its piece; three or four in a 2 x 2 grid, each count beside its piece. The
# "×2" of one seat lay over another seat's piece on a shared square (play-test 7 #2).
SLOTS: dict[int, tuple[Slot, ...]] = {
    1: (Slot(32, 38.4, 7.5, 41, 42.4, 12),),
    2: tuple(Slot(cx, 36, 7, cx, 58, 12, "middle", 1.8) for cx in (17, 47)),
    4: tuple(Slot(x0 + 8, y0 + 11, 5, x0 + 14, y0 + 14.5, 9, "start", 0.6)
             for y0 in (18, 40) for x0 in (2, 32)),
}
SLOTS[3] = SLOTS[4][:3]
# On the turned city of a portrait phone (``grid_pos``) a square is ~47 px wide, the board drawn at ~0.74
# of its units: a count of 9 units was ~6.5 px high, too small to read. There every figure is 14 units
# (~10 px); for three or four seats, a figure beside its piece in each quarter, its "×" at the 9 units of
# before and the count ending at the quarter's right edge (two digits reach over their own piece, never
# another seat's), the pieces a little closer together when stacked.
SLOTS_TURNED: dict[int, tuple[Slot, ...]] = {
    1: (Slot(30, 38.4, 7.5, 61.5, 42.4, 14, "end"),),
    2: tuple(Slot(cx, 36, 7, cx, 58, 14, "middle", 1.8) for cx in (17, 47)),
    4: tuple(Slot(x0 + 7.5, y0 + 11, 5, x0 + 29.5, y0 + 16, 14, "end", 0.4, times=9)
             for y0 in (18, 40) for x0 in (1, 32)),
}
SLOTS_TURNED[3] = SLOTS_TURNED[4][:3]


HELD_SCALE = 1.3     # a held citizen is drawn larger than the seat's own, within its slot


def _citizens(model: Model, r: int, c: int, counts: list[int], labels: list[El],
              held: int | None = None) -> list[El]:
    """Each seat's citizens on the square: its pieces stacked in a slot of their own (one element per
    citizen, ``data-citizen``) and, from two on, their count beside them; ``held``: the seat of a
    citizen placed by a move waiting for Confirm, drawn faint and dashed on top of that seat's own."""
    x, y = xy(r, c, model.turned)
    out: list[El] = []
    at = f"{r},{c}"
    present = [p for p in range(max(len(counts), (held or 0) + 1))
               if (counts[p] if p < len(counts) else 0) or p == held]
    slots = (SLOTS_TURNED if model.turned else SLOTS)[min(len(present), 4)] if present else ()
    for slot, p in zip(slots, present):
        k = counts[p] if p < len(counts) else 0
        cx, cy = x + slot.cx, y + slot.cy
        colour = seat_colour(model.seats, p)
        for i in range(k):
            off = min(i, 5) * slot.step
            out.append(shape(p, cx - off, cy - off, slot.size, {
                "class": f"citizen s{p}", "fill": colour, "data-citizen": f"{at}:{p}:{i}",
                "data-owner": str(p), "data-at": at}))
        if p == held:
            # In its colour, whole, in a pulsing dashed ring (play-test 8 F8: drawn faint it was a pale
            # triangle on the tablet, a small dashed ring on the desktop: barely seen).
            off = min(k, 5) * slot.step
            out.append(El("circle", {"class": "held-ring", "cx": cx - off, "cy": cy - off, "r": 2 * slot.size + 4}))
            out.append(shape(p, cx - off, cy - off, slot.size * HELD_SCALE, {
                "class": f"citizen held s{p}", "fill": colour, "data-held": str(p), "data-at": at}))
        if k > 1:
            text: list[El | str] = [El("tspan", {"font-size": slot.times}, ["×"]), str(k)] if slot.times else [f"×{k}"]
            labels.append(El("text", {"x": x + slot.tx, "y": y + slot.ty, "class": "count",
                                      "font-size": slot.font if k < 10 else slot.font - 2, "text-anchor": slot.anchor,
                                      "data-count": f"{at}:{p}"}, text))
    return out


EXIT_HIT = 44    # a gate's touch target, in board units (~45 px on a tablet, ~32 px on a phone)


def _exit_hit(x: float, y: float, cx: float, cy: float, side: str) -> El:
    """The invisible touch target of a gate one may leave by (play-test 8 F10: the 22-unit disc was 23 px on
    a tablet): EXIT_HIT square, centred on the disc along the wall, reaching outward from just outside the
    wall, past the board's edge (the board's ``overflow: visible``), never over the gate's own square
    (a move may stop there)."""
    half = EXIT_HIT / 2
    if side in ("N", "S"):
        top = y - 1 - EXIT_HIT if side == "N" else y + CELL + 1
        return El("rect", {"class": "exit-hit", "x": cx - half, "y": top, "width": EXIT_HIT, "height": EXIT_HIT})
    left = x - 1 - EXIT_HIT if side == "W" else x + CELL + 1
    return El("rect", {"class": "exit-hit", "x": left, "y": cy - half, "width": EXIT_HIT, "height": EXIT_HIT})


def _exits(model: Model) -> list[El]:
    """Gate markers outside the wall (P16); the ones the chosen citizen may leave by are clickable."""
    out = []
    for g in B.GATES:
        r, c = B.rc(g["square"])
        x, y = xy(r, c, model.turned)
        side = exit_side(g["exit"], model.turned)
        cx = {"W": x - MARGIN / 2, "E": x + CELL + MARGIN / 2}.get(side, x + CELL / 2)
        cy = {"N": y - MARGIN / 2, "S": y + CELL + MARGIN / 2}.get(side, y + CELL / 2)
        can = g["id"] in model.ui.exits and not model.animating
        saved = model.saved_at.get(g["id"])
        attrs: dict[str, Any] = {"class": "exit" + (" can" if can else "") + (" saved" if saved else ""),
                                 "data-exit": g["id"], "data-saved": str(sum(saved.values())) if saved else None}
        if can:
            attrs.update({"data-act": "leave", "data-arg": g["id"]})
        title = GATE_NAME[g["id"]] + (f"; {t('exit.saved', list=per_seat(model.seats, saved))}" if saved else "")
        body = [_exit_hit(x, y, cx, cy, side)] if can else []
        body += [El("circle", {"cx": cx, "cy": cy, "r": 11, "class": "exit-disc"}),
                El("text", {"x": cx, "y": cy + 4, "class": "exit-label"}, [g["id"][1:]]),
                El("title", None, [title])]
        if saved:   # citizens saved through this gate since the viewer decided: "+N" beside it
            dx, dy = (0, -20) if side in ("W", "E") else (22, 0)
            body.append(El("text", {"x": cx + dx, "y": cy + dy + 4, "class": "saved-count",
                                    "aria-hidden": "true", "pointer-events": "none"}, [f"+{sum(saved.values())}"]))
        out.append(El("g", attrs, body, key=f"exit-{g['id']}"))
    return out


_SQUARE_CACHE: BoundedMemo[tuple, tuple[El, list[El]]] = BoundedMemo(4000)


def _cached_square(model: Model, q: int, here: dict | None, tabindex: str) -> tuple[El, list[El]]:
    """A square's element and its labels, the same objects while nothing they show changed (the
    patcher then skips them: a redraw touches only the squares that changed)."""
    arg = sq_arg(q)
    ui = model.ui
    key = (i18n.language(), q, model.turned, model.view["phase"] == "p1", tabindex,
           (tuple(here["citizens"]), here.get("lava")) if here else None,
           None if model.animating else ui.squares.get(arg), ui.selected == arg and not model.animating,
           arg in model.burning, model.falling == arg, arg in model.recent,
           tuple(sorted(model.lost_at.get(arg, {}).items())), tuple(sorted(model.held_at.get(arg, {}).items())),
           tuple((s.get("name"), s.get("colour")) for s in model.seats))
    hit = _SQUARE_CACHE.get(key)
    if hit is None:
        labels: list[El] = []
        cell = _square(model, q, here, labels)
        cell.attrs["tabindex"] = tabindex
        hit = _SQUARE_CACHE.put(key, (cell, labels))
    return hit


def render_board(model: Model) -> El:
    view = model.view
    here = _counts(view)
    # One tab stop (a roving tabindex, as boardui.nav.rove): the square the player last moved to,
    # else the selected one, else the first choosable, else the first square.
    ids = [sq_arg(q) for q in B.CITY]
    wanted = [model.board_focus, model.ui.selected,
              next(iter(model.ui.squares), None) if not model.animating else None]
    anchor = next((w for w in wanted if w is not None and w in ids), ids[0])
    turned = model.turned
    # The grid's rows are the rows on screen (a screen reader reads them as they are seen), each in
    # its squares' order on screen; on the turned board a row on screen is a column of the map.
    on_screen: dict[int, list[tuple[int, int]]] = {}
    for q in B.CITY:
        row, col = grid_pos(*B.rc(q), turned)
        on_screen.setdefault(row, []).append((col, q))
    rows: list[El] = []
    labels: list[El] = []
    for row in sorted(on_screen):
        cells = []
        for _col, q in sorted(on_screen[row]):
            arg = sq_arg(q)
            cell, cell_labels = _cached_square(model, q, here.get(arg), "0" if arg == anchor else "-1")
            cells.append(cell)
            labels.extend(cell_labels)
        rows.append(El("g", {"role": "row"}, cells, key=f"row{row}"))
    extra: list[El] = []
    if len(model.path) > 1:
        centres = [xy(int(p[0]), int(p[1]), turned) for p in model.path]
        pts = " ".join(f"{x + CELL / 2:.0f},{y + CELL / 2:.0f}" for x, y in centres)
        # Drawn above the squares but only a picture: the clicks go through it to the square below
        # (it ends at squares' centres, where a player clicks).
        extra.append(El("polyline", {"points": pts, "class": "path", "pointer-events": "none"}, key="path"))
    if model.walker is not None:
        wr, wc = model.walker["at"]
        wx, wy = xy(wr, wc, turned)
        seat = model.walker["seat"]
        extra.append(El("g", {"class": "walker", "pointer-events": "none", "style": f"transform: translate({wx:.0f}px, {wy:.0f}px)"},
                        [shape(seat, CELL / 2, CELL * 0.6, 9, {"class": f"citizen s{seat}",
                                                               "fill": seat_colour(model.seats, seat)})],
                        key="walker"))
    width, height = board_size(turned)
    svg_attrs = {"class": "pp-board" + (" turned" if turned else ""), "viewBox": f"0 0 {width} {height}", "role": "grid",
                 "aria-label": t("board.label"), "aria-describedby": "pp-board-keys",
                 "data-phase": phase_number(view),
                 **nav.nav_attrs("grid")}
    return El("svg", svg_attrs, [_defs(), El("rect", {"x": 0, "y": 0, "width": width, "height": height, "rx": 12,
                                                      "class": "wall"}),
                                 *rows, El("g", {"class": "labels", "aria-hidden": "true"}, labels, key="labels"),
                                 *_exits(model), *extra], key="board")


# ------------------------------------------------------------ panels


def whose_turn(view: dict[str, Any], viewer: int | None, seats: list[dict], watching: bool = False,
               confirm: bool = False) -> str:
    """"Your turn" ("Your turn, Player 3" when several humans share the device), "Plinius's turn",
    "The game is over"; in a tab that only watches (another tab
    plays the game: ``Snapshot.waiting``), not "Your turn" but that it is played there; while the
    viewer's move waits for Confirm (``confirm``: ``boardui.screen.confirming``), that it waits, not
    the next player's turn, which it has not begun yet."""
    if confirm:
        return t("status.confirm")
    if view["phase"] == "over":
        return t("status.over")
    cur = view["current"]
    if viewer is not None and cur == viewer:
        if watching:
            return t("status.watching")
        # Hot-seat: whoever holds the device reads whose turn it is by name (play-test 8 F9: "Your turn"
        # after the curtain, in a 4-seat game, left the person holding the tablet unsure).
        name = name_of(seats, cur)
        if sum(seat.get("kind") == "human" for seat in seats) >= 2 and not i18n.is_you(name):
            return t("status.your_turn.named", name=seat_label(name))
        return t("status.your_turn")
    # A replay's heading (``boardui.screen.heading``) names the seat the host calls "You" as its score
    # chips do, in the third person: "Turn: You" (play-test 6 #3), not "Player 1's turn" beside "You".
    return tp("status.turn_of", name_of(seats, cur))


def prompt_text(view: dict[str, Any], ui: UI, viewer: int | None, seats: list[dict]) -> str:
    if view["phase"] == "over":
        return t("status.over")
    if not ui.active:
        return t("prompt.wait", name=seat_label(name_of(seats, view["current"])), step=t(f"step.{view['step']}"))
    step = view["step"]
    if step == "play":
        return t("prompt.card") if not any(ui.cards.values()) else t("prompt.square")
    if step == "relative":
        return tn("prompt.relative", int(view.get("relatives_left") or 0))
    if step == "omen":
        return t("prompt.victim_seat") if ui.selected else t("prompt.omen")
    if step == "lava":
        return t("prompt.symbol") if ui.selected else t("prompt.lava", tile=symbol_name(view.get("tile") or ""))
    if step == "move":
        made = int(view.get("moves_made") or 0)
        if ui.selected:
            return t("prompt.dest")
        return t("prompt.move", n=made + 1)
    return ""


def prompt_why(view: dict[str, Any], ui: UI) -> str | None:
    """A line under the prompt saying why the eruption's choices are the ones highlighted (play-test 8
    F10: a newcomer saw only the vent lit for the first tile, and never read how far a citizen walks):
    the first tile of a symbol goes on its own vent (P48); a citizen walks as many squares as there are
    citizens on its square (P54), the chosen one's number given."""
    if not ui.active or view["phase"] == "over":
        return None
    step, tile = view["step"], str(view.get("tile") or "")
    if step == "lava" and not ui.selected and tile in B.VENT_OF:
        vent = B.VENT_OF[tile]
        if set(ui.squares) == {f"{vent // B.WIDTH},{vent % B.WIDTH}"}:
            return t("prompt.lava.first")
    if step == "move" and ui.selected:
        here = next((q for q in view["squares"] if f"{int(q['square'][0])},{int(q['square'][1])}" == ui.selected), None)
        count = sum(int(k) for k in here["citizens"]) if here else 0
        return tn("prompt.dest.reach", count) if count else None
    if step == "move":
        return t("prompt.move.reach")
    return None


def _choice(c: Any, seats: list[dict]) -> El:
    params = dict(c.params)
    if "seat" in params:
        params["name"] = seat_label(name_of(seats, params.pop("seat")))
    if "symbol" in params:
        params["symbol"] = symbol_name(params["symbol"])
    return h("button", {"type": "button", "class": "choice" + (" primary" if c.primary else ""),
                        "data-act": c.act, "data-arg": c.arg or None}, t(c.key, **params))


WAITING_TEXTS = ("prompt.watching", "prompt.confirm", "prompt.confirm.held", "prompt.replay")   # boardui.screen.waiting_prompt


def _prompt(model: Model) -> El:
    view, ui = model.view, model.ui
    # While the moves before this decision are shown, the prompt says so: it asked to place a tile on
    # a highlighted square while nothing could be highlighted yet (play-test 4).
    showing = model.animating and model.waiting is None
    waiting = waiting_prompt(t, WAITING_TEXTS, model.waiting, model.held)
    text = waiting or (t("prompt.animating") if showing else prompt_text(view, ui, model.viewer, model.seats))
    children: list[Any] = [h("p", {"class": "prompt", "tabindex": "-1", "data-pending": view["step"] or view["phase"],
                                   "data-waiting": model.waiting}, text)]
    why = None if waiting or showing else prompt_why(view, ui)
    if why:
        children.append(h("p", {"class": "pp-why"}, why))
    if view.get("tile") and not showing:
        tile = view["tile"]
        children.append(h("div", {"class": "pp-tile", "data-tile": tile},
                          El("svg", {"viewBox": "-14 -14 28 28", "width": "40", "height": "40", "aria-hidden": "true"},
                             [El("rect", {"x": -13, "y": -13, "width": 26, "height": 26, "rx": 4,
                                          "class": "lava-tile"})]
                             + [symbol_icon(s, 0, 0, 1.0 if "/" not in tile else 0.7, "sym lava-sym")
                                for s in tile.split("/")[:1]]),
                          h("span", None, t("tile.drawn", tile=symbol_name(tile)))))
    if model.animating:
        children.append(h("button", {"type": "button", "class": "choice", "data-act": "skip_anim"}, t("btn.skip")))
    elif ui.choices:
        children.append(h("div", {"class": "choices"}, *[_choice(c, model.seats) for c in ui.choices]))
    children.append(_recap(model))
    room = None if waiting or model.animating else _card_room(view, ui, model.recap)
    chosen = room is not None and any(ui.cards.values())
    return El("section", {"class": "pp-prompt" + (" reserve" if room is not None else "") + (" chosen" if chosen else ""),
                          "aria-label": t("prompt.label")},
              [El("div", {"class": "pp-shown"}, children, key="shown"), room], key="prompt")


def _room_buttons(choices: list[Choice]) -> El:
    return h("div", {"class": "choices"}, *[
        h("button", {"type": "button", "class": "choice" + (" primary" if c.primary else ""), "disabled": True,
                     "tabindex": "-1"}, t(c.key, **dict(c.params))) for c in choices])


def _card_room(view: dict[str, Any], ui: UI, recap: list[str]) -> El | None:
    """While a hand card may be chosen: the prompt of the other state, hidden, in the cell of the one
    shown (static/pompeii.css ``.reserve``, on a wide screen), so that choosing a card or cancelling
    it moves nothing below the prompt: the Cancel button that appeared moved the hand ~70 px down
    under the mouse (play-test 6 #5). None chosen: a card's longer text and its buttons (and a line
    of the recap, which keeps a line under them then); the recap shown comes right under the prompt,
    not under the room kept for the buttons (play-test 7 #14: ~80 px of nothing between the two). A
    card chosen: the prompt before it with the whole recap; the recap shown takes the room left."""
    if not ui.active or view["step"] != "play" or not ui.cards:
        return None
    if not any(ui.cards.values()):
        parts = [h("p", {"class": "room-text"}, t("prompt.square")),
                 _room_buttons([*ui.choices, Choice("cancel", "", "btn.cancel")]),
                 h("p", {"class": "room-line"}, "·") if recap else None]
    else:
        before = [c for c in ui.choices if c.act not in ("cancel", "nowhere")]
        parts = [h("p", {"class": "room-text"}, t("prompt.card")), _room_buttons(before) if before else None,
                 h("p", {"class": "room-recap"}, h("strong", None, t("recap.label")), " " + recap_text(recap))
                 if recap else None]
    return h("div", {"class": "pp-room", "aria-hidden": "true"}, *parts)


def _recap(model: Model) -> El | None:
    """Everything said since the viewer decided (a bot's whole turn, issue 17), under the prompt."""
    if not model.recap or model.animating:
        return None
    # A region of its own: on a phone it scrolls within a few lines (the hand and the city stay in
    # view), so it must take the keyboard's focus (axe: scrollable-region-focusable).
    return El("p", {"class": "pp-recap", "role": "region", "tabindex": "0", "aria-label": t("recap.label"),
                    "data-transient": "1"},
              [h("strong", None, t("recap.label")), " " + recap_text(model.recap)], key="recap")


# Between two of the recap's parts: the "·" held to the part after it by a no-break space, so that a
# line wraps before it and never ends with it (play-test 7 #12 read "… dies (You). ·" at a line's end).
RECAP_SEPARATOR = " ·\u00a0"


def recap_text(parts: Iterable[str]) -> str:
    """The recap's parts in one line, "A · B · C": each without the spaces, "·" or final period around
    it (a line of the log may end a sentence: "1 trapped citizen dies (You)."), blank ones left out,
    so a "·" stands only between two parts."""
    kept = [text for text in (str(p).strip(" \u00a0\t\n·").rstrip(".").rstrip(" \u00a0\t\n·") for p in parts) if text]
    return RECAP_SEPARATOR.join(kept)


def _scoreboard(model: Model) -> El:
    """Every seat's saved citizens (the score, P57) and lost ones (the tie-break, P65) in the top line,
    always in the first view: ``data-score="<seat>"`` is the contract for outside tests (issue 17);
    what was saved and lost since the viewer decided is shown beside it ("+N", "+N lost")."""
    view = model.view
    items = []
    for p in range(view["players"]):
        name = seat_label(name_of(model.seats, p))
        saved, dead = view["saved"][p], view["dead"][p]
        gain, loss = model.gains.get(p, 0), model.losses.get(p, 0)
        said = t("score.label", name=name, saved=saved, dead=dead)
        if gain:
            said += "; " + tn("score.gain", gain)
        if loss:
            said += "; " + tn("score.loss", loss)
        icon = El("svg", {"viewBox": "0 0 20 20", "width": "16", "height": "16", "aria-hidden": "true"},
                  [shape(p, 10, 10, 7, {"fill": seat_colour(model.seats, p), "class": "citizen"})])
        items.append(El("li", {"class": "pp-score" + (" me" if p == model.viewer else "") + (" gained" if gain else "")
                               + (" lost" if loss else ""), "data-score": str(p), "aria-label": said}, [
            icon, h("span", {"class": "pp-score-name", "aria-hidden": "true"}, name),
            # Each "+N" beside the figure it adds to, so it needs no word of its own (play-test 8 F7: "+3
            # perdidos" after both figures pushed the winner's chip to a second line at 1280 px).
            # data-transient: what a redraw does not show again stays out of the returning player's picture
            h("strong", {"aria-hidden": "true"}, tn("score.saved_shown", saved)),
            h("span", {"class": "bu-gain", "aria-hidden": "true", "data-transient": "1"}, f"+{gain}") if gain else None,
            h("span", {"class": "pp-score-sep", "aria-hidden": "true"}, "·"),
            h("strong", {"class": "pp-dead", "aria-hidden": "true"}, tn("score.dead_shown", dead)),
            h("span", {"class": "pp-loss", "aria-hidden": "true", "data-transient": "1"}, f"+{loss}") if loss else None,
        ], key=f"score-{p}"))
    return El("ol", {"class": "pp-scores", "aria-label": t("score.heading")}, items, key="scores")


def _hand(model: Model) -> El:
    view, ui = model.view, model.ui
    hand = view.get("hand")
    items: list[Any] = []
    if hand is None and phase_number(view) != "1" and not any(view["hand_sizes"]):
        # Nobody holds a card since the eruption (P42): nothing is hidden, and at the end no device
        # changes hands (play-test 6 read the curtain's words beside the end screen).
        items.append(h("p", {"class": "note"}, t("hand.empty")))
    elif hand is None:    # nobody's eyes: the hot-seat curtain, a replay's spectator (play-test 3), only bots (4)
        bots_only = bool(model.seats) and all(s.get("kind") == "bot" for s in model.seats)
        replay = "hand.spectator" if model.eyes_to_choose else "hand.hidden_till_end"
        items.append(h("p", {"class": "note"}, t(replay if model.waiting == "replay"
                                                 else "hand.bots" if bots_only else "hand.hidden")))
    elif not hand:
        items.append(h("p", {"class": "note"}, t("hand.empty")))
    else:
        played = hand.index(model.held_card) if model.held_card in hand else None
        for i, card in enumerate(hand):
            can = card in ui.cards and not model.animating
            chosen = ui.cards.get(card, False)
            attrs: dict[str, Any] = {"class": "card" + (" can" if can else "") + (" chosen" if chosen else ""),
                                     "data-card": str(card), "aria-label": t("card.label", n=card,
                                                                             parts=", ".join(B.NUMBER_PARTS[card]))}
            if i == played:     # the held move's card: played, though not yet gone from the hand (play-test 8 F8)
                attrs.update({"class": attrs["class"] + " played", "data-played": "1",
                              "aria-label": t("card.held", label=attrs["aria-label"])})
            if can:
                items.append(El("button", {**attrs, "type": "button", "data-act": "card", "data-arg": str(card),
                                           "aria-pressed": "true" if chosen else "false"},
                                [h("span", {"class": "card-num"}, str(card))], key=f"hand{i}"))
            else:
                items.append(El("span", attrs, [h("span", {"class": "card-num"}, str(card))], key=f"hand{i}"))
    return El("section", {"class": "pp-hand", "aria-label": t("hand.label")},
              [h("h2", None, t("hand.label")), h("div", {"class": "cards"}, *items)], key="hand")


def _piles(model: Model) -> El:
    view = model.view
    phase = phase_number(view)
    rows = [
        (t("piles.phase"), t(f"phase.{phase}")),
        (t("piles.deck"), str(view["deck_size"])),
        (t("piles.discard"), ", ".join(card_name(c) for c in view["discard"][-6:]) or "–"),
        (t("piles.ad79"), str(view["ad79_drawn"])),
        (t("piles.bag"), str(view["bag_size"])),
        (t("piles.placed"), ", ".join(f"{symbol_name(k)} {v}" for k, v in view["tiles_placed"].items() if v) or "–"),
    ]
    if view["set_aside"]:
        rows.append((t("piles.aside"), ", ".join(symbol_name(x) for x in view["set_aside"])))
    return El("section", {"class": "pp-piles", "aria-label": t("piles.label")}, [
        h("h2", None, t("piles.label")),
        h("dl", None, *[x for k, v in rows for x in (h("dt", None, k), h("dd", None, v))])], key="piles")


def _players(model: Model) -> El:
    view = model.view
    items = []
    for p in range(view["players"]):
        name = seat_label(name_of(model.seats, p))
        icon = El("svg", {"viewBox": "0 0 20 20", "width": "18", "height": "18", "aria-hidden": "true"},
                  [shape(p, 10, 10, 7, {"fill": seat_colour(model.seats, p), "class": "citizen"})])
        current = view["current"] == p and view["phase"] != "over"
        seat = model.seats[p] if p < len(model.seats) else {}
        level = str(seat.get("level_label") or seat.get("level") or "")
        # A bot and its level, as Ptolemaeus shows them (Pompeii showed only a name: play-test 3).
        tag = h("span", {"class": "tag"}, t("players.bot", level=level)) if seat.get("kind") == "bot" and level else None
        stats = t("player.stats", city=view["in_city"][p], supply=view["supply"][p], saved=view["saved"][p],
                  dead=view["dead"][p], hand=view["hand_sizes"][p]).split(" · ")
        # Each figure kept with its label on a phone (they wrapped mid-phrase: play-test 3), the figures
        # spaced apart, no "·" left at a line's start or end (play-test 4); a screen reader hears commas.
        parts = [h("span", {"class": "stat"}, stat, h("span", {"class": "visually-hidden"}, ",") if i < len(stats) - 1
                   else None) for i, stat in enumerate(stats)]
        items.append(h("li", {"class": "player" + (" current" if current else ""), "data-seat": str(p)},
                       icon, h("strong", None, name), tag, h("span", {"class": "stats"}, *parts)))
    return El("section", {"class": "pp-players", "aria-label": t("players.label")},
              [h("h2", None, t("players.label")), h("ul", None, *items)], key="players")


LOG_SHOWN = 200


@lru_cache(maxsize=1024)
def _log_item(index: int, text: str) -> El:
    """One line of the move log (the same object while it reads the same: the patcher skips it)."""
    return El("li", {"value": str(index + 1)}, [text], key=f"l{index}")


def _log(model: Model) -> El:
    """The move log, newest first as Ptolemaeus' (play-test 4: oldest first, a new move was below the
    box's fold and the two games read in opposite orders); each line keeps its number."""
    first = max(0, len(model.log) - LOG_SHOWN)
    items = [_log_item(first + i, text) for i, text in enumerate(model.log[first:])][::-1]
    return El("section", {"class": "pp-log", "aria-label": t("log.label")},
              [h("h2", None, t("log.label")),
               El("ol", {"reversed": True, "tabindex": "0", "aria-label": t("log.label")}, items, key="log-lines")],
              key="log")


def render_end(model: Model) -> El | None:
    view = model.view
    if not end_offered(view["phase"] == "over", model.show_end, model.animating, model.waiting)[0]:
        return None
    s = end_summary(view, model.seats)
    rows = [h("tr", {"data-seat": str(r["seat"]), "class": "winner" if r["winner"] else None},
              h("th", {"scope": "row"}, r["name"]), h("td", {"data-col": "saved"}, str(r["saved"])),
              h("td", {"data-col": "dead"}, str(r["dead"])), h("td", {"data-col": "place"}, str(r["place"])))
            for r in s["rows"]]
    head = h("tr", None, *[h("th", {"scope": "col"}, t(f"end.col.{k}")) for k in ("player", "saved", "dead", "place")])
    children: list[Any] = [
        h("h2", {"id": "pp-end-title", "class": "end-title", "tabindex": "-1"}, t("end.heading")),
        h("p", {"id": "pp-end-winner", "class": "end-winner", "data-winners": ",".join(map(str, s["winners"]))},
          s["headline"]),
        h("p", {"class": "end-reason"}, s["reason"]),
        h("table", {"class": "end-table"}, h("caption", None, t("end.caption")), h("thead", None, head),
          h("tbody", None, *rows)),
    ]
    if s["tiebreak"]:
        children.append(h("p", {"class": "note end-tiebreak"}, s["tiebreak"]))
    children.append(h("div", {"class": "choices"},
                      h("button", {"type": "button", "class": "choice primary", "data-act": "newgame"},
                        t("btn.new_game")),
                      *end_buttons(model.end_actions),
                      h("button", {"type": "button", "class": "choice", "data-act": "close_end"},
                        t("btn.view_board"))))
    return El("div", {"class": "pp-end", "role": "dialog", "aria-modal": "true", "aria-labelledby": "pp-end-title",
                      "aria-describedby": "pp-end-winner"}, [h("div", {"class": "end-card"}, *children)], key="end")


def render(model: Model) -> El:
    """The whole game screen."""
    view = model.view
    over = view["phase"] == "over"
    who = t("status.caption") if model.animating and model.caption is None \
        else (model.caption or heading(whose_turn, view, model.waiting, model.viewer, model.seats, says_you=True))
    # An animation's caption (a step of a turn) may wrap to a second line (play-test 8 F2: "Rectina
    # placed helmet lava on building 11b (row …" at 1280 px); the heading stays on one.
    caption = model.animating or bool(model.caption)
    status = [h("strong", {"class": "pp-who pp-caption" if caption else "pp-who", "title": who}, who)]
    if model.busy:
        status.append(h("span", {"class": "pp-busy"}, model.busy))
    elif model.last:
        status.append(h("span", {"class": "pp-last", "data-transient": "1", "title": model.last}, model.last))
    # The rules are the shell's (its header: one link for every game, not between the prompt and the menu).
    top = El("div", {"class": "pp-top"}, [
        El("div", {"class": "pp-status"}, status, key="status"), _scoreboard(model)], key="top")
    keys = h("p", {"id": "pp-board-keys", "class": "visually-hidden"}, t("board.keys"))
    board_wrap = El("div", {"class": "pp-board-wrap"}, [render_board(model), keys], key="board-wrap")
    side = El("aside", {"class": "pp-side", "aria-label": t("side.label")},
              [_hand(model), _players(model), _piles(model), _log(model)], key="side")
    reopen = None
    if end_offered(over, model.show_end, model.animating, model.waiting)[1]:
        reopen = h("button", {"type": "button", "class": "choice primary reopen", "data-act": "open_end"},
                   t("end.heading"))
    return El("div", {"class": "pp" + (" anim" if model.animating else "") + (" over" if over else ""),
                      "data-viewer": "" if model.viewer is None else str(model.viewer),
                      "data-over": "1" if over else None}, [
        top, live.render(model.announce, cls="pp-announce visually-hidden"),
        El("div", {"class": "pp-main"}, [_prompt(model), board_wrap, side], key="main"),
        reopen, render_end(model)], key="root")
