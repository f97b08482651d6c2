"""The game screen as pure functions: a view (``state.view(seat)``) plus the
interaction state in, an :class:`~ptolemaeus_ui.tree.El` tree out.

Nothing here touches the browser. :func:`render` draws the whole game (the
board SVG, the panels, the end screen); :func:`render_board` only the SVG.
Only what the view holds can reach the output, and the view of a seat holds
nothing hidden from that seat (R17); :func:`public_view` makes a view with no
seat's secrets at all, for screens nobody in particular is looking at.

Board geometry: a 1000 x 1000 SVG, centre (500, 500); constellation ``i``
is centred at angle ``-90° + 30° i`` (Aries at the top, then clockwise, R1).
Planets and the Comet are drawn as ``rotate(angle)`` groups around the
centre, so that a CSS transition moves them along the circle.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from ptolemaeus.data import ASTEROIDS_PER_POINT, CARD_NAMES, COLOUR_OF, COLOURS, CONST_INDEX, CONSTELLATIONS, \
    MAX_MOVES, PLANETS, WILD, WINNING_POINTS

from . import glyphs, layout
from .interact import UI, Choice, card_label
from .strings import is_you, join, seat_label, sentences, t, tp
from app import i18n
from boardui import live, marks, nav
from boardui.marks import Earned
from boardui.screen import end_buttons, end_offered, heading
from boardui.tree import El, fmt, h
from .words import asteroids_cell, decision_text, describe_log, end_summary

CX = CY = 500
R_OUT = 490          # outer rim
R_BAND = 395         # inner edge of the names band
R_NAME = 458
R_MARK = 422         # element symbol, asteroid, Comet start marker
R_PLANET = 338       # first row of planets (and the Comet)
R_POINTS = 263        # a "+N" mark on a constellation (mark_place)
R_IN = 182           # inner edge of the sectors: the centre disc
R_CHORD = 300


def angle_of(index: float) -> float:
    """Screen angle (degrees) of constellation ``index`` (may be > 11 when
    an animation goes round past Pisces)."""
    return -90.0 + 30.0 * index


def polar(r: float, deg: float) -> tuple[float, float]:
    a = math.radians(deg)
    return CX + r * math.cos(a), CY + r * math.sin(a)


# ------------------------------------------------------------------- data


@dataclass
class Model:
    """All the renderers need."""

    view: dict[str, Any]
    viewer: int | None = None
    seats: list[dict] = field(default_factory=list)
    ui: UI = field(default_factory=UI)
    scene: dict[str, Any] | None = None          # animation frame overriding the board
    caption: str | None = None
    animating: bool = False
    log: list[dict] = field(default_factory=list)
    busy: str | None = None
    waiting: str | None = None   # "applied" / "held": the viewer's move waits for Confirm (boardui.screen)
    last: str | None = None                      # the latest move, in words
    show_end: bool = True
    recent: set[str] = field(default_factory=set)  # constellations touched by the last events
    board_focus: str | None = None               # "const:Leo" / "planet:Sol": the board's tab stop
    announce: list[tuple[int, str]] = field(default_factory=list)  # (serial, text) for the live region
    gains: dict[int, float] = field(default_factory=dict)  # seat -> points earned since the viewer acted
    recap: list[str] = field(default_factory=list)  # what happened since the viewer acted, in words
    marks: list[tuple[int, Earned]] = field(default_factory=list)  # points where earned (boardui.marks)
    end_actions: list[tuple[str, str]] = field(default_factory=list)  # the shell's, on the end screen

    def name(self, seat: int) -> str:
        return seat_name(self.seats, seat)

    def initial(self, seat: int) -> str:
        """The mark on ``seat``'s tokens, the same in every language (play-test 7 #7: "Y" for "You"
        became "T", "D", "T" and your own tokens looked like someone else's): :data:`YOU_MARK` (a star,
        drawn) for the seat the shell calls "You", the number of a seat it named "Player n" / "Bot n",
        else the typed name's first letter; the seat's number when two seats' marks are alike
        (hot-seat's "Player 1" and "Player 2" were both "P")."""
        marks_ = [seat_mark(self.seats, s) for s in range(len(self.seats))]
        mine = marks_[seat] if 0 <= seat < len(marks_) else str(seat + 1)
        return str(seat + 1) if marks_.count(mine) > 1 else mine


YOU_MARK = "*"       # the seat called "You": a star is drawn (glyphs.MARK_STAR), not a translated letter


def seat_mark(seats: list[dict], seat: int) -> str:
    """A seat's own mark from the name as stored (never as translated for the page: see
    :meth:`Model.initial`)."""
    raw = str(seats[seat].get("name") or "") if 0 <= seat < len(seats) else ""
    found = i18n.default_name(raw)
    if found is not None:
        kind, n = found
        return YOU_MARK if kind == "you" else str(n if n is not None else seat + 1)
    return (raw.strip()[:1] or str(seat + 1)).upper()


def token_mark(mark: str, ink: str) -> El:
    """The mark inside a token or a seat icon: the drawn star for :data:`YOU_MARK`, else the text."""
    if mark == YOU_MARK:
        return El("path", {"class": "token-initial token-star", "fill": ink, "d": glyphs.MARK_STAR,
                           "data-mark": mark})
    return El("text", {"class": "token-initial", "fill": ink, "y": 0.5, "data-mark": mark}, text=mark)


def seat_name(seats: list[dict], seat: int | None) -> str:
    if seat is None:
        return ""
    if 0 <= seat < len(seats) and seats[seat].get("name"):
        return seat_label(str(seats[seat]["name"]))
    return t("player.default", n=seat + 1)


def scene_of(view: dict[str, Any]) -> dict[str, Any]:
    """The board part of a view (what an end-of-round animation changes).
    Positions are constellation indices; animations may use values > 11."""
    return {
        "planets": {p: CONST_INDEX[c] for p, c in view["planets"].items()},
        "comet": CONST_INDEX[view["comet"]],
        "comet_steps": view["comet_steps"],
        "tokens": [dict(s["tokens"]) for s in view["seats"]],
        "event": view["event"] or ("Eclipsis" if (view.get("pending") or {}).get("kind") == "eclipsis" else None),
        "event_deck_count": view["event_deck_count"],
        "round": view["round"],
        "turn": view["turn"],
        "first_player": view["first_player"],
        "leaving": [],       # [(seat, constellation)] tokens about to go
        "focus": [],         # constellations the caption is about
    }


def public_view(state: Any) -> dict[str, Any]:
    """A view with nobody's secrets: seat 0's view with its private parts
    replaced by what everyone sees."""
    view = state.view(0)
    s0 = view["seats"][0]
    b = s0.pop("score", None)
    for key in ("hand", "bonus_hand", "objective"):
        s0.pop(key, None)
    if b is not None:
        s0["public_score"] = b["total"] - b["objective"]
    view["viewer"] = None
    view["legal_actions"] = []
    return view


# ------------------------------------------------------------------ board


def _wedge(r0: float, r1: float, a0: float, a1: float) -> str:
    x0, y0 = polar(r1, a0)
    x1, y1 = polar(r1, a1)
    x2, y2 = polar(r0, a1)
    x3, y3 = polar(r0, a0)
    return (f"M {fmt(x0)} {fmt(y0)} A {r1} {r1} 0 0 1 {fmt(x1)} {fmt(y1)} "
            f"L {fmt(x2)} {fmt(y2)} A {r0} {r0} 0 0 0 {fmt(x3)} {fmt(y3)} Z")


def _stars() -> list[El]:
    """A fixed starfield (a small LCG, so every render is identical)."""
    out = []
    x = 12345
    for _ in range(90):
        x = (x * 1103515245 + 12345) % 2**31
        a = (x % 3600) / 10
        x = (x * 1103515245 + 12345) % 2**31
        r = R_IN + 10 + (x % 1000) / 1000 * (R_BAND - R_IN - 20)
        x = (x * 1103515245 + 12345) % 2**31
        size = 0.6 + (x % 100) / 100 * 1.2
        px, py = polar(r, a)
        out.append(El("circle", {"cx": fmt(px), "cy": fmt(py), "r": fmt(size), "class": "star"}))
    return out


_STARS = _stars()     # the same El objects every render: the patcher skips them


def _text_rotation(deg: float) -> float:
    """Tangential text, never upside down."""
    d = deg % 360
    return deg + 90 if d >= 180 or d < 1e-9 else deg - 90


def _const_group(model: Model, scene: dict, i: int, name: str) -> El:
    view, ui = model.view, model.ui
    colour = COLOURS[COLOUR_OF[i]]
    mid = angle_of(i)
    a0, a1 = mid - 15, mid + 15
    planets_here = [p for p in PLANETS if scene["planets"][p] % 12 == i]
    comet_here = scene["comet"] % 12 == i
    # Accessible description: name, element, what is there.
    parts = [t("const.label", name=name, element=t(f"element.{colour}"))]
    parts.append(t("const.planets", list=join(planets_here)) if planets_here else t("const.no_planets"))
    if comet_here:
        parts.append(t("const.comet"))
    for s, toks in enumerate(scene["tokens"]):
        if toks.get(name):
            parts.append(t("const.tokens", name=model.name(s), count=toks[name]))
    if name in view["asteroids_on_board"]:
        parts.append(t("const.asteroid"))
    said = marks.said_at(model.marks, f"const:{name}") + marks.said_at(model.marks, f"asteroid:{name}")
    if said:
        parts.append(t("const.points", list="; ".join(said)))
    classes = ["const", f"el-{colour}"]
    extra = ui.const_class.get(name)
    if extra:
        classes.append(extra)
    clickable = name in ui.consts and not model.animating
    if clickable:
        classes.append("can")
        parts.append(ui.consts[name])
    elif ui.dim and not model.animating and not extra:
        classes.append("off")
    if name in model.recent:
        classes.append("recent")
    if name in scene.get("focus", ()):
        classes.append("focus")
    label = "; ".join(parts)
    attrs = {"class": " ".join(classes), "data-constellation": name, "aria-label": label}
    if clickable:
        attrs.update({"data-act": "const", "data-arg": name, "tabindex": "-1", "role": "button",
                      **nav.cell_attrs(f"const:{name}")})
    else:
        attrs["role"] = "img"
    rot = _text_rotation(mid)
    nx, ny = polar(R_NAME, mid)
    mx, my = polar(R_MARK, mid)
    children: list[El] = [
        El("title", text=label),
        El("path", {"class": "sector", "d": _wedge(R_IN, R_OUT, a0, a1)}),
        El("path", {"class": "band", "d": _wedge(R_BAND, R_OUT, a0, a1)}),
        El("text", {"class": "const-name", "x": fmt(nx), "y": fmt(ny),
                    "transform": f"rotate({fmt(rot)} {fmt(nx)} {fmt(ny)})"}, text=name.upper()),
        El("g", {"transform": f"translate({fmt(mx)} {fmt(my)})"}, [
            # A ring round the element sign marks what may be chosen (dashed) and what is chosen
            # (solid): not colour alone.
            El("circle", {"class": "mark-ring", "r": 15}) if clickable or extra == "sel" else None,
            El("path", {"class": f"element-sign el-{colour}", "d": glyphs.ELEMENT_PATHS[colour]})]),
    ]
    return El("g", attrs, children, key=f"const-{name}")


def _markers(model: Model, scene: dict) -> list[El]:
    """Asteroids and the Comet's start marker, in the band."""
    view = model.view
    out = []
    for name in view["asteroids_on_board"]:
        i = CONST_INDEX[name]
        x, y = polar(R_MARK, angle_of(i) + 9)
        out.append(El("g", {"class": "asteroid", "data-asteroid": name, "role": "img",
                            "aria-label": t("asteroid.label", at=name),
                            "transform": f"translate({fmt(x)} {fmt(y)}) scale(1.3)"},
                      [El("title", text=t("asteroid.label", at=name)), El("path", {"d": glyphs.ASTEROID_PATH})],
                      key=f"ast-{name}"))
    start = view["comet_start"]
    i = CONST_INDEX[start]
    x, y = polar(R_MARK, angle_of(i) - 9)
    out.append(El("g", {"class": "comet-start", "data-comet-start": start, "data-at": start, "role": "img",
                        "aria-label": t("comet_start.label", at=start),
                        "transform": f"translate({fmt(x)} {fmt(y)}) scale(0.75)"},
                  [El("title", text=t("comet_start.label", at=start)),
                   El("circle", {"r": 13, "class": "ring"}), El("path", {"d": glyphs.COMET_STAR})],
                  key="comet-start"))
    return out


def _orbit(key: str, deg: float, r: float, body: list[El], attrs: dict, upright: bool = True) -> El:
    """A body at (r, deg) drawn as rotate(deg) > translate(r) [> rotate(-deg)]."""
    inner = f"transform: translate({fmt(r)}px, 0px) rotate({fmt(-deg)}deg)" if upright else \
        f"transform: translate({fmt(r)}px, 0px)"
    return El("g", {**attrs, "style": f"transform: rotate({fmt(deg)}deg)"},
              [El("g", {"class": "body", "style": inner}, body)], key=key)


def _planets(model: Model, scene: dict) -> list[El]:
    ui = model.ui
    # Where each planet and its label go: apart, however many share a constellation (layout.py).
    spots = layout.planet_spots([(p, scene["planets"][p], t(f"planet_abbr.{p}")) for p in PLANETS])
    out = []
    for p in PLANETS:
        pos = scene["planets"][p]
        spot = spots[p]
        at = CONSTELLATIONS[pos % 12]
        label = t("planet.label", planet=t(f"planet.{p}"), gloss=t(f"planet_gloss.{p}"), at=at, max=MAX_MOVES[p])
        abbr = t(f"planet_abbr.{p}")
        attrs = {"class": "planet", "data-planet": p, "data-at": at, "aria-label": label, "role": "img"}
        if p in ui.planets and not model.animating:
            # A button's name holds the text it shows, "MER", not in brackets (WCAG 2.5.3, label in name).
            attrs.update({"class": "planet can", "data-act": "planet", "data-arg": p, "tabindex": "-1",
                          "role": "button", "aria-label": f"{label}; {ui.planets[p]} – {abbr}",
                          **nav.cell_attrs(f"planet:{p}")})
        glyph = El("g", {"class": "glyph"}, [
            El("circle", {"class": "can-ring", "r": 28}) if p in ui.planets and not model.animating else None,
            El("circle", {"class": "disc", "r": 21, "fill": glyphs.PLANET_COLOURS[p]}),
            El("path", {"class": "sign", "d": glyphs.PLANET_PATHS[p]}),
        ])
        if spot.disc != 1:      # a crowded constellation's discs drawn smaller (layout.SCALES)
            glyph = El("g", {"class": "disc-scale", "transform": f"scale({fmt(spot.disc)})"}, [glyph])
        lx, ly = layout.label_at(spot)
        k = spot.scale
        text = El("text", {"class": f"planet-abbr label-{spot.side}", "x": fmt(lx / k), "y": fmt(ly / k),
                           "transform": None if k == 1 else f"scale({fmt(k)})"}, text=abbr)
        hit = None
        if p in ui.planets and not model.animating:
            # The whole cell takes the tap, the gap between the disc and its label too (a label beside
            # its disc left the middle of the planet's box empty: a click there went to the sector).
            disc_box, label_box = layout.cell(0, layout.Spot(0, 0, spot.scale, spot.side, spot.disc), len(abbr))
            x0, y0 = min(disc_box[0], label_box[0]), min(disc_box[1], label_box[1])
            x1, y1 = max(disc_box[2], label_box[2]), max(disc_box[3], label_box[3])
            hit = El("rect", {"class": "hit", "x": fmt(x0), "y": fmt(y0), "width": fmt(x1 - x0), "height": fmt(y1 - y0)})
        out.append(_orbit(f"planet-{p}", angle_of(pos) + spot.off, spot.r,
                          [El("title", text=label), hit, glyph, text], attrs))
    pos = scene["comet"]
    at = CONSTELLATIONS[pos % 12]
    label = t("comet.label", at=at)
    comet_body = [El("title", text=label), El("g", {"class": "glyph"}, [
        El("path", {"class": "tail", "d": "M -4 -6 Q -7 -22 -4 -40 M 0 -8 Q 0 -26 2 -46 M 4 -6 Q 8 -20 8 -38"}),
        El("circle", {"class": "halo", "r": 15}),
        El("path", {"class": "star", "d": glyphs.COMET_STAR})])]
    out.append(_orbit("comet", angle_of(pos), R_PLANET, comet_body,
                      {"class": "comet", "data-comet": "", "data-at": at, "aria-label": label, "role": "img"},
                      upright=False))
    return out


# Where the tokens on a constellation go, by how many seats have some there: (radius, angle offset in
# degrees) per seat, in seat order. One shape a seat, its count beside it (``TOKEN_COUNT``): two of a
# seat's tokens drawn 30 units apart lay almost on top of each other on a phone, where CSS draws them
# 1.9 times as large (play-test 7 #6). Even so large, with their count badges, on any constellation,
# not even the boxes round two seats' tokens meet, and they stay off the planets (r >= 312 there).
TOKEN_SLOTS: dict[int, list[tuple[float, float]]] = {
    1: [(226, 0)],
    2: [(226, -8.5), (226, 8.5)],
    3: [(262, -7.5), (262, 7.5), (200, 0)],
    4: [(266, -8), (266, 8), (196, -11), (196, 11)],
}
TOKEN_COUNT = (9.0, -9.0, 7.0)    # a count badge's centre and radius, beside its token (unscaled)


def token_slots(n: int) -> list[tuple[float, float]]:
    """The slots of ``n`` seats' tokens on one constellation (more than four: a second ring)."""
    if n in TOKEN_SLOTS:
        return TOKEN_SLOTS[n]
    return TOKEN_SLOTS[4] + [(231, -11 + 22 * (k + 0.5) / (n - 4)) for k in range(n - 4)]


def _tokens(model: Model, scene: dict) -> list[El]:
    """One token shape per seat on a constellation with the seat's mark, and the number of its tokens
    there in a badge when there are several (the constellation's label says the counts too)."""
    out = []
    leaving = {tuple(x) for x in scene.get("leaving", [])}
    here: dict[str, list[int]] = {}
    for s, toks in enumerate(scene["tokens"]):
        for name, count in toks.items():
            if count > 0:
                here.setdefault(name, []).append(s)
    looks: dict[int, tuple[str, str, str]] = {}      # each seat's colour, ink and mark, once (the mark compares every seat's)
    for s in {s for seats in here.values() for s in seats}:
        colour = glyphs.seat_colour(model.seats, s)
        looks[s] = (colour, glyphs.ink_on(colour), model.initial(s))
    bx, by, br = TOKEN_COUNT
    for name in sorted(here, key=lambda c: CONST_INDEX[c]):
        seats = here[name]
        for (r, off), s in zip(token_slots(len(seats)), seats):
            count = scene["tokens"][s][name]
            colour, ink, mark = looks[s]
            cls = "token"
            if (s, name) in leaving:
                cls += " leaving"
            extra = model.ui.token_class.get((s, name))
            if extra:
                cls += " " + extra
            x, y = polar(r, angle_of(CONST_INDEX[name]) + off)
            glyph: list[El] = [glyphs.seat_shape(s, 11.5, {"fill": colour, "class": "shape"}),
                               token_mark(mark, ink)]
            if count > 1:
                glyph += [El("circle", {"class": "token-count-bg", "cx": bx, "cy": by, "r": br}),
                          El("text", {"class": "token-count", "x": bx, "y": by + 0.5}, text=str(count))]
            out.append(El("g", {"class": cls, "data-token": str(s), "data-at": name, "data-count": str(count),
                                "transform": f"translate({fmt(x)} {fmt(y)})"},
                          [El("g", {"class": "glyph"}, glyph)], key=f"tok-{s}-{name}"))
    return out


def _chords(model: Model) -> list[El]:
    out = []
    for a, b, kind in model.ui.chords:
        x0, y0 = polar(R_CHORD, angle_of(CONST_INDEX[a]))
        x1, y1 = polar(R_CHORD, angle_of(CONST_INDEX[b]))
        out.append(El("line", {"class": f"chord chord-{kind}", "x1": fmt(x0), "y1": fmt(y0),
                               "x2": fmt(x1), "y2": fmt(y1)}, key=f"chord-{a}-{b}-{kind}"))
    return out


def _planet_disc(p: str, x: float, y: float, scale: float = 1.0, cls: str = "mini-planet") -> El:
    return El("g", {"class": cls, "transform": f"translate({fmt(x)} {fmt(y)}) scale({fmt(scale)})"}, [
        El("circle", {"class": "disc", "r": 21, "fill": glyphs.PLANET_COLOURS[p]}),
        El("path", {"class": "sign", "d": glyphs.PLANET_PATHS[p]}),
    ])


EVENT_W = 170        # the event card's width: three planets' labels side by side, large on a phone
EVENT_STEP = 52      # between the event card's planets


def wrap(text: str, longest: int = 13) -> list[str]:
    """``text`` in lines of at most ``longest`` characters where it has spaces (SVG text does not
    wrap), each word on the line before if it fits there."""
    lines: list[str] = []
    for word in text.split():
        if lines and len(lines[-1]) + 1 + len(word) <= longest:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines or [text]


def _center(model: Model, scene: dict) -> El:
    children: list[El] = [El("circle", {"class": "center-disc", "cx": CX, "cy": CY, "r": R_IN})]
    rnd, turn = scene["round"], min(scene["turn"], 3)
    first = scene["first_player"]
    children.append(El("text", {"class": "center-round", "x": CX, "y": CY - 128},
                       text=t("center.round", round=rnd)))
    # Turn track with the Astrolabe ("you hold it" to the seat called "You": not "Tu ha", "Tú tiene").
    track_label = tp("center.turn_label", model.name(first), turn=turn)
    track = [El("title", text=track_label)]
    for k in (1, 2, 3):
        x = CX + (k - 2) * 40
        cls = "turn-pip now" if k == turn else "turn-pip"
        track.append(El("circle", {"class": cls, "cx": x, "cy": CY - 92, "r": 14}))
        track.append(El("text", {"class": "turn-num", "x": x, "y": CY - 91.5}, text=str(k)))
    ax = CX + (turn - 2) * 40
    track.append(El("path", {"class": "astrolabe", "d": glyphs.ASTROLABE_PATH,
                             "transform": f"translate({ax + 15} {CY - 108}) scale(0.8)"}))
    children.append(El("g", {"class": "turn-track", "role": "img", "aria-label": track_label,
                             "data-turn": str(turn)}, track))
    # The face-up event card and the event deck.
    card = scene["event"]
    count = scene["event_deck_count"]
    # No card face up: the deck is empty, or the last round ended without a reveal (R19) while the
    # deck still holds cards; "No event card left" above "6 left" read as a contradiction.
    none_up = t("center.no_event") if count == 0 else t("center.event_gone")
    label = t("center.event_label", card=card or none_up, count=count)
    ev: list[El] = [El("title", text=label),
                    El("rect", {"class": "event-card", "x": CX - EVENT_W / 2, "y": CY - 62, "width": EVENT_W,
                                "height": 112, "rx": 10}),
                    El("text", {"class": "event-title", "x": CX, "y": CY - 44}, text=t("center.event"))]
    if card and card != "Eclipsis":
        names = card.split("-")
        for j, p in enumerate(names):
            x = CX + (j - 1) * EVENT_STEP
            ev.append(_planet_disc(p, x, CY - 6, 0.85))
            ev.append(El("text", {"class": "event-planet", "x": x, "y": CY + 30}, text=t(f"planet_abbr.{p}")))
    elif card == "Eclipsis":
        ev.append(El("circle", {"class": "eclipse", "cx": CX, "cy": CY - 2, "r": 24}))
        ev.append(El("text", {"class": "event-planet", "x": CX, "y": CY + 38}, text=t("event.Eclipsis")))
    else:
        # On two or three lines: one was wider than the card (play-test 8, once large enough to read on
        # a phone).
        # Each line but the last ends in its space: the text reads as one sentence (textContent).
        lines = wrap(none_up)
        ev.append(El("text", {"class": "event-planet", "data-note": "", "x": CX, "y": CY + 6},
                     [El("tspan", {"x": CX, "dy": f"{-0.575 * (len(lines) - 1):g}em" if j == 0 else "1.15em"},
                         text=line + (" " if j < len(lines) - 1 else "")) for j, line in enumerate(lines)]))
    children.append(El("g", {"class": "event", "role": "img", "aria-label": label, "data-event": card or ""},
                       ev, key=f"event-{card}-{count}"))
    children.append(El("text", {"class": "event-count", "x": CX, "y": CY + 70},
                       text=t("center.deck_left", count=count)))
    steps = min(scene["comet_steps"], 12)       # passing planets, the Comet may overshoot its start
    # "Comet 3/12" with a piece of the Comet's arc under it, the arc's legend (play-test 7 #17: the arc
    # alone, unlabelled, looked like a glitch across the centre disc); hovered, it says what it counts.
    label = t("center.comet_label", count=steps)
    children.append(El("g", {"class": "comet-legend", "role": "img", "aria-label": label}, [
        El("title", text=label),
        El("text", {"class": "comet-progress", "x": CX, "y": CY + 112}, text=t("center.comet_progress", count=steps)),
        El("path", {"class": "comet-arc comet-swatch",
                    "d": f"M {CX - 34} {CY + 130} Q {CX} {CY + 142} {CX + 34} {CY + 130}"})], key="comet-legend"))
    return El("g", {"class": "center"}, children, key="center")


def render_board(model: Model) -> El:
    """The board SVG (contract attributes: ``data-constellation``,
    ``data-planet`` + ``data-at``, ``data-comet`` + ``data-at``)."""
    scene = model.scene or scene_of(model.view)
    consts = [_const_group(model, scene, i, name) for i, name in enumerate(CONSTELLATIONS)]
    defs = El("defs", None, [
        El("radialGradient", {"id": "pt-sky", "cx": "50%", "cy": "50%", "r": "50%"}, [
            El("stop", {"offset": "0%", "stop-color": "#1d2b52"}),
            El("stop", {"offset": "100%", "stop-color": "#0a1022"}),
        ]),
    ])
    progress = _comet_progress(model, scene)
    planets = _planets(model, scene)
    _rove(consts + planets, model)
    return El("svg", {"class": "pt-board", "viewBox": "0 0 1000 1000", "role": "group",
                      "aria-label": t("board.label"), "aria-describedby": "pt-board-keys",
                      "focusable": "false", **nav.nav_attrs("ring")}, [
        El("title", text=t("board.title")),
        defs,
        El("circle", {"class": "sky", "cx": CX, "cy": CY, "r": R_OUT + 6}),
        El("g", {"class": "stars", "aria-hidden": "true"}, _STARS, key="stars"),
        El("g", {"class": "consts"}, consts, key="consts"),
        # Drawn above the constellations but only pictures (their names are in the constellations'
        # labels): clicks go through them to the constellation below.
        El("g", {"class": "markers", "pointer-events": "none"}, _markers(model, scene), key="markers"),
        El("g", {"class": "chords", "aria-hidden": "true", "pointer-events": "none"}, _chords(model), key="chords"),
        _center(model, scene),
        progress,
        El("g", {"class": "tokens", "aria-hidden": "true"}, _tokens(model, scene), key="tokens"),
        El("g", {"class": "bodies", "transform": f"translate({CX} {CY})"}, planets, key="bodies"),
        marks.render(model.marks, mark_place, lambda s: glyphs.seat_colour(model.seats, s)),
    ], key="board")


def mark_place(spot: str) -> tuple[float, float] | None:
    """Where a "+N" mark sits (``boardui.marks``): ``const:<name>`` in the constellation's token
    rows, ``asteroid:<name>`` at its Asteroid's place in the band; None for anything else."""
    kind, _sep, name = spot.partition(":")
    if name not in CONST_INDEX:
        return None
    if kind == "const":
        return polar(R_POINTS, angle_of(CONST_INDEX[name]))
    if kind == "asteroid":
        return polar(R_MARK, angle_of(CONST_INDEX[name]) + 9)
    return None


def board_choices(items: list[El]) -> list[El]:
    """The clickable elements among the board's constellation groups and planets, in tab order
    (the constellations clockwise from Aries, then the planets): the cells of its ring."""
    return [e for e in items if "data-cell" in e.attrs]


def _rove(items: list[El], model: Model) -> None:
    """One tab stop for the whole board (a roving tabindex): the element the player last moved to
    with the arrow keys (``model.board_focus``) if it can still be chosen, else the one selected,
    else the first; the arrow keys go round the others (``boardui.nav.Ring``)."""
    choices = board_choices(items)
    selected = next((e.attrs["data-cell"] for e in choices if "sel" in e.attrs.get("class", "").split()), None)
    nav.rove(choices, [model.board_focus, selected])


def _comet_progress(model: Model, scene: dict) -> El:
    """A thin arc from the Comet's start marker to the Comet (its revolution so far), named (for a
    screen reader and, as a title, for a pointer: play-test 7 #17) and explained by its legend under
    the centre's "Comet 3/12" (:func:`_center`). Clicks go through it to the constellations."""
    start = CONST_INDEX[model.view["comet_start"]]
    steps = scene["comet_steps"]
    children: list[El] = []
    attrs: dict[str, Any] = {"class": "comet-progress-arc", "aria-hidden": "true", "pointer-events": "none"}
    if steps > 0:
        label = t("center.comet_arc", count=min(steps, 12), start=model.view["comet_start"])
        attrs.update({"aria-hidden": None, "role": "img", "aria-label": label, "data-steps": str(min(steps, 12))})
        children.append(El("title", text=label))
        a0 = angle_of(start)
        a1 = a0 + 30 * min(steps, 12) - (0.01 if steps >= 12 else 0)
        r = R_IN + 6
        x0, y0 = polar(r, a0)
        x1, y1 = polar(r, a1)
        large = 1 if a1 - a0 > 180 else 0
        children.append(El("path", {"class": "comet-arc",
                                    "d": f"M {fmt(x0)} {fmt(y0)} A {r} {r} 0 {large} 1 {fmt(x1)} {fmt(y1)}"}))
    return El("g", attrs, children, key="comet-arc")


# ------------------------------------------------------------------ panels


def _icon(path: str, cls: str, size: int = 20, fill: str | None = None) -> El:
    return El("svg", {"class": f"icon {cls}", "viewBox": "-12 -12 24 24", "width": size, "height": size,
                      "aria-hidden": "true", "focusable": "false"},
              [El("path", {"d": path, **({"fill": fill} if fill else {})})])


def planet_icon(p: str, size: int = 22, studied: bool = True) -> El:
    cls = "planet-icon" if studied else "planet-icon unstudied"
    return El("svg", {"class": cls, "viewBox": "-23 -23 46 46", "width": size, "height": size,
                      "aria-hidden": "true", "focusable": "false"}, [
        El("circle", {"class": "disc", "r": 21, "fill": glyphs.PLANET_COLOURS[p] if studied else "none"}),
        El("path", {"class": "sign", "d": glyphs.PLANET_PATHS[p]}),
    ])


def seat_token_icon(model: Model, seat: int, size: int = 22) -> El:
    colour = glyphs.seat_colour(model.seats, seat)
    initial = model.initial(seat)
    return El("svg", {"class": "seat-icon", "viewBox": "-13 -13 26 26", "width": size, "height": size,
                      "aria-hidden": "true", "focusable": "false"}, [
        glyphs.seat_shape(seat, 10, {"fill": colour, "class": "shape"}),
        token_mark(initial, glyphs.ink_on(colour)),
    ])


def card_face(name: str) -> list[El]:
    """The inside of a constellation card: element sign (or sextant) and name."""
    if name == CARD_NAMES[WILD]:
        return [_icon(glyphs.SEXTANT_PATH, "sextant"), h("span", {"class": "card-name"}, t("card.wild.short"))]
    colour = COLOURS[COLOUR_OF[CONST_INDEX[name]]]
    return [_icon(glyphs.ELEMENT_PATHS[colour], f"element-sign el-{colour}"), h("span", {"class": "card-name"}, name),
            h("span", {"class": "visually-hidden"}, f", {t(f'element.{colour}')}")]


def card_spoken(name: str) -> str:
    """A card as a screen reader says it: "Leo, Ignis (fire)", "Sextans"."""
    return card_label(name) if name == CARD_NAMES[WILD] else card_title(name)


def card_class(name: str) -> str:
    if name == CARD_NAMES[WILD]:
        return "card wild"
    return f"card el-{COLOURS[COLOUR_OF[CONST_INDEX[name]]]}"


def card_title(name: str) -> str:
    if name == CARD_NAMES[WILD]:
        return t("card.wild.doc")
    colour = COLOURS[COLOUR_OF[CONST_INDEX[name]]]
    return t("const.label", name=name, element=t(f"element.{colour}"))


def whose_turn(view: dict[str, Any], viewer: int | None, seats: list[dict], watching: bool = False,
               confirm: bool = False) -> str:
    """"Your turn", "Hypatia's turn", "Waiting for …", "The game is over"; in a tab that only
    watches (another tab plays the game: ``Snapshot.waiting``), not "Your turn" but that it is played
    there; while the viewer's move waits for Confirm (``confirm``: ``boardui.screen.confirming``),
    that it waits, not the next player's turn, which it has not begun yet."""
    if confirm:
        return t("status.confirm")
    if view["is_over"]:
        return t("status.over")
    if watching and viewer is not None and view["current_player"] == viewer:
        return t("status.watching")
    if viewer is not None and view["current_player"] == viewer:
        me = seat_name(seats, viewer)
        return t("status.your_turn_plain") if is_you(me) else t("status.your_turn", name=me)
    if viewer is not None and view["current_player"] != view["turn_player"]:
        return t("status.waiting", name=seat_name(seats, view["current_player"]), decision=decision_text(view))
    # A replay's heading (``boardui.screen.heading``) names the seat the host calls "You" as its score
    # chips do, in the third person: "Turn: You" (play-test 6 #3), not "You's turn".
    return tp("status.turn_of", seat_name(seats, view["turn_player"]))


def turn_heading(view: dict[str, Any], waiting: str | None, viewer: int | None, seats: list[dict]) -> str:
    """The turn heading as ``boardui.screen.heading`` asks it; :func:`whose_turn` says a seat called
    "You" in the third person itself, so a replay's heading names the seats as the scores do."""
    return heading(whose_turn, view, waiting, viewer, seats, says_you=True)


def _status(model: Model) -> El:
    view = model.view
    scene = model.scene or {}
    rnd = scene.get("round", view["round"])
    turn = min(scene.get("turn", view["turn"]), 3)
    who = t("status.caption") if model.animating else turn_heading(view, model.waiting, model.viewer, model.seats)
    # Titles: on a wide screen each is cut to one line with "…" (static/ptolemaeus.css, play-test 4).
    children = [h("span", {"class": "pt-round"}, t("status.round", round=rnd, turn=turn)),
                h("strong", {"class": "pt-who", "title": who}, who)]
    if model.busy:
        children.append(h("span", {"class": "pt-busy"}, h("span", {"class": "spinner", "aria-hidden": "true"}),
                          model.busy))
    elif model.animating and model.caption:
        # The end of round's step, in the line above the board: drawn over the board's foot it hid
        # Libra and its tokens (play-test 4). Aria-hidden: the prompt's caption-text says it too.
        children.append(h("span", {"class": "pt-caption show", "aria-hidden": "true", "data-transient": "1",
                                   "title": model.caption}, model.caption))
    elif len(model.recap) > 1 and not model.animating:
        # A bot's whole turn (everything since the viewer acted), not only its last step (issue 17).
        recap = sentences(model.recap[-6:])
        children.append(h("span", {"class": "pt-last pt-recap", "data-transient": "1", "title": recap}, recap))
    elif model.last and not model.animating:
        children.append(h("span", {"class": "pt-last", "data-transient": "1", "title": model.last}, model.last))
    # Not a live region: the moves and the turns are announced by render_announcer.
    return El("div", {"class": "pt-status"}, children, key="status")


def _choice_button(c: Choice, radio: bool) -> El:
    cls = "choice primary" if c.primary else "choice"
    attrs: dict[str, Any] = {"type": "button", "class": cls, "data-act": c.act, "data-arg": c.arg or None,
                             "disabled": c.disabled}
    if radio:
        attrs.update({"role": "radio", "aria-checked": "true" if c.pressed else "false",
                      "class": cls + (" checked" if c.pressed else ""), "tabindex": None if c.pressed else "-1"})
    if c.where:
        attrs["data-where"] = " ".join(c.where)
    inner: list[Any] = []
    if c.cards:
        inner.append(h("span", {"class": "chips", "aria-hidden": "true"}, *[
            h("span", {"class": card_class(n) + " chip", "title": card_title(n)}, *card_face(n)) for n in c.cards]))
        inner.append(h("span", {"class": "visually-hidden"}, c.label))
    else:
        inner.append(c.label)
    if c.note:
        inner.append(h("span", {"class": "note"}, c.note))
    return El("button", attrs, inner)


def _prompt(model: Model) -> El:
    ui = model.ui
    view = model.view
    if model.animating:
        children: list[Any] = [
            h("h2", {"class": "panel-title"}, t("status.caption")),
            h("p", {"class": "prompt caption-text", "tabindex": "-1"}, model.caption or ""),
            h("button", {"type": "button", "class": "choice", "data-act": "skip_anim",
                         "title": t("btn.skip_anim.title")}, t("btn.skip_anim")),
        ]
        return El("section", {"class": "pt-panel pt-prompt animating"}, children, key="prompt")
    children = [h("h2", {"class": "panel-title"}, t("prompt.heading")),
                h("p", {"class": "prompt", "data-pending": (view.get("pending") or {}).get("kind", "turn"),
                        "data-waiting": model.waiting, "tabindex": "-1"}, ui.prompt)]
    for note in ui.notes:
        children.append(h("p", {"class": "note"}, note))
    for g in ui.groups:
        inner: list[Any] = []
        if g.heading:
            inner.append(h("h3", {"class": "group-title"}, g.heading))
        if g.text:
            inner.append(h("p", {"class": "group-text"}, g.text))
        radio = g.kind == "radio"
        buttons = [_choice_button(c, radio) for c in g.choices]
        box_attrs = {"class": "choices radio" if radio else "choices"}
        if radio:
            box_attrs.update({"role": "radiogroup", "aria-label": g.heading or ""})
        inner.append(El("div", box_attrs, buttons))
        children.append(h("div", {"class": "group"}, *inner))
    cls = "pt-panel pt-prompt active" if ui.active else "pt-panel pt-prompt"
    return El("section", {"class": cls, "aria-label": t("prompt.heading")}, children, key="prompt")


def _cards_panel(model: Model) -> El:
    view, ui = model.view, model.ui
    active = ui.active and not model.animating
    display = []
    seen: dict[str, int] = {}
    for name in view["display"]:
        # keyed by card (and which copy of it): a card that arrives is a new node, which animates in,
        # the others keep theirs (issue 17)
        seen[name] = seen.get(name, 0) + 1
        key = f"d-{name}-{seen[name]}"
        can = active and name in ui.display
        attrs = {"class": card_class(name) + (" can" if can else ""), "title": card_title(name),
                 "data-card": name}
        if can:
            attrs.update({"data-act": "take", "data-arg": name, "aria-label": t("cards.take", card=card_spoken(name))})
            display.append(El("button", {"type": "button", **attrs}, card_face(name), key=key))
        else:
            display.append(El("div", attrs, card_face(name), key=key))
    if not display:
        display.append(h("p", {"class": "empty"}, t("cards.empty")))
    deck_label = t("cards.deck.take", count=view["deck_count"])
    deck_inner = [h("span", {"class": "deck-title"}, t("cards.deck")),
                  h("span", {"class": "deck-count"}, t("cards.deck_count", count=view["deck_count"]))]
    if active and ui.deck:
        deck = El("button", {"type": "button", "class": "deck can", "data-act": "deck", "title": deck_label},
                  deck_inner, key="deck")
    else:
        deck = El("div", {"class": "deck"}, deck_inner, key="deck")
    discards = len(view["discards"])
    return El("section", {"class": "pt-panel pt-cards", "aria-label": t("cards.heading")}, [
        h("h2", {"class": "panel-title"}, t("cards.heading")),
        h("div", {"class": "card-row"}, deck, h("div", {"class": "display", "role": "list" if False else None,
                                                        "aria-label": t("cards.display")}, *display)),
        h("p", {"class": "discards"}, t("cards.discards", count=discards), " · ",
          t("cards.bonus_deck", count=view["bonus_deck_count"])),
    ], key="cards")


def _hand_panel(model: Model) -> El | None:
    if model.viewer is None:
        return None
    me = model.view["seats"][model.viewer]
    if "hand" not in me:
        return None
    ui = model.ui
    picking = ui.hand_pick and ui.active and not model.animating
    cards = []
    for j, name in enumerate(me["hand"]):
        attrs = {"class": card_class(name), "title": card_title(name), "data-card": name}
        if picking:
            chosen = j in ui.hand_selected
            attrs.update({"data-act": "hand", "data-arg": str(j), "aria-pressed": "true" if chosen else "false",
                          "class": attrs["class"] + " can" + (" chosen" if chosen else ""),
                          "aria-label": t("hand.select", card=card_spoken(name))})
            cards.append(El("button", {"type": "button", **attrs}, card_face(name), key=f"h{j}"))
        else:
            cards.append(El("div", attrs, card_face(name), key=f"h{j}"))
    if not cards:
        cards.append(h("p", {"class": "empty"}, t("hand.empty")))
    bonus = []
    for j, name in enumerate(me.get("bonus_hand", [])):
        playable = name in ui.bonus and ui.active and not model.animating
        cls = "bonus-card" + (" can" if playable else "") + (" open" if ui.bonus_open == name else "")
        bonus.append(El("button", {"type": "button", "class": cls, "data-act": "bonus", "data-arg": name,
                                   "data-bonus": name, "aria-expanded": "true" if ui.bonus_open == name else "false",
                                   "title": t(f"bonus_doc.{name}")},
                            [h("span", {"class": "bonus-name"}, t(f"bonus.{name}"))], key=f"b{j}"))
    if not bonus:
        bonus.append(h("p", {"class": "empty"}, t("hand.bonus_empty")))
    objective = me.get("objective", "")
    obj_planets = objective.split("-") if objective else []
    score = me.get("score") or {}
    return El("section", {"class": "pt-panel pt-hand", "aria-label": t("hand.heading")}, [
        h("h2", {"class": "panel-title"}, t("hand.heading"), h("span", {"class": "count"},
                                                              t("hand.count", count=len(me["hand"])))),
        h("div", {"class": "hand" + (" picking" if picking else "")}, *cards),
        h("h3", {"class": "group-title"}, t("hand.bonus")),
        h("div", {"class": "bonus-hand"}, *bonus),
        h("div", {"class": "objective", "data-objective": objective,
                  "aria-label": t("hand.objective_label", list=join(obj_planets))},
          h("span", {"class": "objective-title"}, t("hand.objective")),
          *[h("span", {"class": "objective-planet" + (" done" if p in me["studied"] else "")},
              planet_icon(p, 20, p in me["studied"]), p) for p in obj_planets]),
        # Points, not counts ("Asteroids 0" beside the players panel's "Asteroids 2" read as a count):
        # the asteroid part as the end table says it, with the tokens that scored it.
        h("p", {"class": "breakdown"}, t("players.breakdown", table=score.get("table", 0),
                                         asteroids=asteroids_cell(score.get("asteroids", 0), me["asteroids"]),
                                         objective=score.get("objective", 0),
                                         nova=score.get("nova", 0))) if score else None,
    ], key="hand")


def _players_panel(model: Model) -> El:
    view = model.view
    rows = []
    for entry in view["seats"]:
        s = entry["seat"]
        seat = model.seats[s] if s < len(model.seats) else {}
        name = model.name(s)
        tags = []
        if seat.get("kind") == "bot":
            tags.append(h("span", {"class": "tag"}, t("players.bot", level=seat.get("level_label") or seat.get("level") or "")))
        if s == view["first_player"]:
            tags.append(h("span", {"class": "tag astrolabe-tag", "title": t("players.astrolabe")},
                          _icon(glyphs.ASTROLABE_PATH, "astrolabe", 16),
                          h("span", {"class": "visually-hidden"}, t("players.astrolabe"))))
        if not view["is_over"] and s == view["current_player"]:
            tags.append(h("span", {"class": "tag now"}, t("players.to_play")))
        text, label = _score_text(view, entry)
        score = h("span", {"class": "score", "title": label}, text)
        stats = h("dl", {"class": "stats"},
                  *_stat(t("players.reserve"), entry["reserve"], t("players.reserve_label", count=entry["reserve"])),
                  *_stat(t("players.hand"), entry["hand_count"], t("players.hand_label", count=entry["hand_count"])),
                  *_stat(t("players.bonus"), entry["bonus_count"],
                         t("players.bonus_label", count=entry["bonus_count"])),
                  *_stat(t("players.asteroids"), entry["asteroids"],
                         t("players.asteroids_label", count=entry["asteroids"])),
                  *_stat(t("players.nova"), entry["nova_constellatio"],
                         t("players.nova_label", count=entry["nova_constellatio"])))
        studied = entry["studied"]
        area = h("div", {"class": "study-area", "aria-label": f"{t('players.studied')}: "
                         + (join(studied) if studied else t("players.studied_none"))},
                 *[h("span", {"class": "study-slot" + (" done" if p in studied else ""), "title": p,
                              "data-studied": p if p in studied else None}, planet_icon(p, 22, p in studied))
                   for p in PLANETS])
        known = entry.get("known_cards") or []
        cls = "player" + (" me" if s == model.viewer else "") + (
            " turn" if not view["is_over"] and s == view["current_player"] else "")
        rows.append(El("li", {"class": cls, "data-seat": str(s)}, [
            h("div", {"class": "player-head"}, seat_token_icon(model, s), h("span", {"class": "player-name"}, name),
              *tags, score),
            stats, area,
            h("p", {"class": "known"}, t("players.known", list=join([card_label(k) for k in known])))
            if known and s != model.viewer else None,
        ], key=f"seat-{s}"))
    return El("section", {"class": "pt-panel pt-players", "aria-label": t("players.heading")}, [
        h("h2", {"class": "panel-title"}, t("players.heading")), h("ul", {"class": "players"}, *rows)], key="players")


def public_points(view: dict[str, Any]) -> list[float]:
    """Every seat's score as the viewer sees it (the others' without a secret objective)."""
    out: list[float] = []
    for entry in view["seats"]:
        if "score" in entry:
            out.append(entry["score"]["total"])
        elif view.get("scores"):
            out.append(view["scores"][entry["seat"]])
        else:
            out.append(entry["public_score"])
    return out


def _score_text(view: dict[str, Any], entry: dict[str, Any]) -> tuple[str, str]:
    """(shown, said) of a seat's score: the viewer's own and everyone's at the end in full, the
    others' without their secret objective ("3+? pts")."""
    if "score" in entry:
        pts = entry["score"]["total"]
    elif view.get("scores"):
        pts = view["scores"][entry["seat"]]
    else:
        pts = entry["public_score"]
        return t("players.public_score", count=pts), t("players.public_score_label", count=pts)
    return t("players.score", count=pts), t("players.score_label", count=pts)


def _scoreboard(model: Model) -> El:
    """Every seat's score in the top line, always in the first view (issue 17): ``data-score="<seat>"``
    is the contract for outside tests; "+?" (a secret objective) is explained beside it."""
    view = model.view
    items, hidden = [], False
    for entry in view["seats"]:
        s = entry["seat"]
        text, label = _score_text(view, entry)
        hidden = hidden or ("score" not in entry and not view.get("scores"))
        gain = model.gains.get(s, 0)
        said = f"{model.name(s)}: {label}" + (f" ({t('players.gain', points=_gain_text(gain))})" if gain else "")
        items.append(El("li", {"class": "pt-score" + (" me" if s == model.viewer else "") + (" gained" if gain else ""),
                               "data-score": str(s), "aria-label": said},
                        [seat_token_icon(model, s), h("span", {"class": "pt-score-name", "aria-hidden": "true"},
                                                      model.name(s)),
                         h("strong", {"aria-hidden": "true"}, text),
                         marks.score_mark(gain)], key=f"score-{s}"))
    note = h("span", {"class": "pt-score-note"}, t("players.public_score_note")) if hidden else None
    return El("div", {"class": "pt-scoreboard"}, [
        h("ol", {"class": "pt-scores", "aria-label": t("players.scores")}, *items), note, _solo_goal(model)],
              key="scoreboard")


def _solo_goal(model: Model) -> El | None:
    """Solitaire's goal (R18) beside the score, with the Comet's clock: a play-test learnt the target
    only from the end screen; the centre's small "Comet 3/12" did not say what it was counting to."""
    if model.view["players"] != 1:
        return None
    steps = min((model.scene or model.view)["comet_steps"], 12)      # it may overshoot its start
    return h("span", {"class": "pt-score-note pt-goal", "data-goal": str(steps)},
             h("span", None, t("players.solo_goal", points=WINNING_POINTS)), " ",
             h("span", {"class": "pt-goal-clock"}, t("center.comet_progress", count=steps)))


def _gain_text(points: float) -> str:
    return str(int(points)) if float(points).is_integer() else f"{points:g}"


def _stat(label: str, value: Any, title: str) -> list[El]:
    return [h("dt", {"title": title}, label), h("dd", {"title": title}, str(value))]


def _log_panel(model: Model) -> El:
    lines = describe_log(model.log, model.seats)
    items = []
    for j, (kind, text) in enumerate(reversed(lines)):
        items.append(El("li", {"class": f"log-{kind}"}, [text], key=f"l{len(lines) - j}"))
    if not items:
        items.append(El("li", {"class": "log-empty"}, [t("log.empty")], key="empty"))
    return El("section", {"class": "pt-panel pt-log", "aria-label": t("log.heading")}, [
        h("h2", {"class": "panel-title"}, t("log.heading")),
        El("ol", {"class": "log", "reversed": True, "tabindex": "0", "aria-label": t("log.heading")}, items,
           key="log-list"),
    ], key="log")


def render_end(model: Model) -> El | None:
    view = model.view
    if not end_offered(view["is_over"], model.show_end, model.animating, model.waiting)[0]:
        return None
    summary = end_summary(view, model.seats, model.viewer)
    head = [h("th", {"scope": "col", "title": t(f"end.col.{k}")},
              h("span", {"class": "col-long"}, t(f"end.col.{k}")),
              h("span", {"class": "col-short", "aria-hidden": "true"}, t(f"end.col_short.{k}")))
            for k in ("player", "studied", "table", "asteroids", "objective", "nova", "total")]
    rows = []
    for row in summary["rows"]:
        cls = "winner" if row["winner"] else None
        name_cell = [seat_token_icon(model, row["seat"], 20), " ", row["name"]]
        if row["winner"]:
            name_cell.append(h("span", {"class": "tag win"}, t("end.winner_mark")))
        rows.append(h("tr", {"class": cls, "data-seat": str(row["seat"])},
                      h("th", {"scope": "row"}, *name_cell),
                      h("td", None, h("span", {"class": "studied-icons"},
                                      *[planet_icon(p, 18) for p in row["studied"]]), f" {len(row['studied'])}"),
                      h("td", {"data-col": "table"}, str(row["table"])),
                      _asteroids_td(row["asteroids"], row["asteroid_count"]),
                      h("td", {"data-col": "objective"}, str(row["objective"])),
                      h("td", {"data-col": "nova"}, str(row["nova"])),
                      h("td", {"data-col": "total", "class": "total"}, str(row["total"]))))
    children: list[Any] = [
        h("h2", {"id": "pt-end-title", "class": "end-title", "tabindex": "-1"}, t("end.heading")),
        h("p", {"id": "pt-end-winner", "class": "end-winner",
                "data-winners": ",".join(str(w) for w in view["winners"])},
          summary["headline"]),
        h("p", {"class": "end-reason"}, summary["reason"]),
        h("div", {"class": "end-table-wrap"},
          h("table", {"class": "end-table"}, h("caption", None, t("end.table.caption")),
            h("thead", None, h("tr", None, *head)), h("tbody", None, *rows))),
    ]
    if any(row["asteroid_count"] % ASTEROIDS_PER_POINT for row in summary["rows"]):
        # Tokens that scored nothing: why the Asteroids cell says less than the tokens (_asteroids_td).
        children.append(h("p", {"class": "note end-asteroids"}, t(
            "end.asteroids_note", per=ASTEROIDS_PER_POINT, list=join(
                [f"{row['name']} {row['asteroid_count']}" for row in summary["rows"] if row["asteroid_count"]]))))
    if summary["tiebreak"]:
        children.append(h("p", {"class": "note"}, t("end.tiebreak")))
    children.append(h("div", {"class": "choices"},
                      h("button", {"type": "button", "class": "choice primary", "data-act": "newgame"},
                        t("btn.new_game")),
                      *end_buttons(model.end_actions),
                      h("button", {"type": "button", "class": "choice", "data-act": "close_end"},
                        t("btn.view_board"))))
    return El("div", {"class": "pt-end", "role": "dialog", "aria-modal": "true", "aria-labelledby": "pt-end-title",
                      "aria-describedby": "pt-end-winner"},
              [h("div", {"class": "end-card"}, *children)], key="end")


def _asteroids_td(points: int, count: int) -> El:
    """The end table's Asteroids cell: the points alone, the tokens and the rate (``asteroids_cell``)
    in its title and for a screen reader, and under the table (``end.asteroids_note``): on a phone "0 (2
    tokens: 1 point per 3)" took two lines and squeezed the other columns (play-test 7 #5)."""
    said = asteroids_cell(points, count)
    return h("td", {"data-col": "asteroids", "data-points": str(points), "title": said},
             h("span", {"aria-hidden": "true"}, str(points)), h("span", {"class": "visually-hidden"}, said))


def render_announcer(model: Model) -> El:
    """The polite live region (visually hidden): each move in the move log's words, whose turn it
    is, the end of a round (``boardui.live``)."""
    return live.render(model.announce, cls="pt-announce visually-hidden")


def render(model: Model) -> El:
    """The whole game screen."""
    view = model.view
    cls = "pt" + (" anim" if model.animating else "") + (" over" if view["is_over"] else "")
    if model.ui.hand_pick and model.ui.active and not model.animating:
        cls += " picking"     # cards to pick from the hand: on a phone the hand comes up to the prompt
    # Focus order = reading order on every screen: what to decide, the board, then the rest
    # (on a wide screen the grid puts the board on the left, the panels on the right).
    side = El("aside", {"class": "pt-side", "aria-label": t("side.label")}, [
        _cards_panel(model), _hand_panel(model), _players_panel(model), _log_panel(model),
    ], key="side")
    keys = h("p", {"id": "pt-board-keys", "class": "visually-hidden"}, t("board.keys"))
    board_wrap = El("div", {"class": "pt-board-wrap"}, [render_board(model), keys], key="board-wrap")
    # Undo, New game and the rules are the shell's (its header: one rules link for every game, before
    # the game's area in the focus order, not between its prompt and the menu).
    top = El("div", {"class": "pt-top"}, [_status(model), _scoreboard(model)], key="top")
    reopen = None
    if end_offered(view["is_over"], model.show_end, model.animating, model.waiting)[1]:
        reopen = h("button", {"type": "button", "class": "choice primary reopen", "data-act": "open_end"},
                   t("end.heading"))
    return El("div", {"class": cls, "data-viewer": "" if model.viewer is None else str(model.viewer),
                      "data-over": "1" if view["is_over"] else None}, [
        top, render_announcer(model), El("div", {"class": "pt-main"}, [_prompt(model), board_wrap, side], key="main"),
        reopen, render_end(model),
    ], key="root")
