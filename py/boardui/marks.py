"""Every point where it was earned (issue 17; pure): a short "+N" with a highlight on the board spot
that earned it, in the order the points came, kept until the player acts again.

The game's view model says what was earned (it knows its rules); this module keeps, draws and
times the marks (it knows no game)::

    Earned(seat=0, points=1, spot="const:Leo", said="You +1 on Leo: study of Sol")

``spot`` is the game's own name for a place on its board (``None``: the points show at the seat's
score only, e.g. a secret objective revealed at the end); ``said`` is the game's sentence for a
screen reader, in the page's language. :class:`boardui.recap.Recap` collects them
(``recap.see(lines, scores, earned)``, ``recap.earned``); :func:`render` draws them over a board SVG
given the game's ``place(spot) -> (x, y)``; :func:`score_mark` is the "+N" at a seat's score
(``.bu-gain``, inside its ``[data-score]``).

Timing: a mark pops in (``.bu-mark-body``, the CSS animation ``bu-mark-pop`` in ``static/app.css``),
``STEP_MS`` after the one before it, so a bot's turn of three points reads in the order they came;
then it stays, quieter, until the player acts. Each mark's key holds the serial of its first point:
a redraw keeps the node (its animation plays once), a new point at the same spot is a new node.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from .tree import El

__all__ = ["Earned", "STEP_MS", "check_earned", "gain_text", "render", "said_at", "score_mark", "total"]

STEP_MS = 450          # between two marks' pops (the order the points came)
RING = 30              # the highlight's radius, in the board's units (a 1000-unit board)
STACK = 46             # marks of different seats at one spot are stacked this far apart
GOLD = "#d9b45a"       # the ring without a seat colour


@dataclass(frozen=True)
class Earned:
    """``points`` (> 0) ``seat`` earned at ``spot`` (the game's name of a board place, None: at the
    score only); ``said``: the game's words for a screen reader."""

    seat: int
    points: float
    spot: str | None = None
    said: str = ""

    def __post_init__(self) -> None:
        check_earned(self)


def check_earned(e: Earned) -> None:
    """ValueError unless the seat is an int >= 0, the points a positive finite number (not a bool)
    and the spot a str or None."""
    if isinstance(e.seat, bool) or not isinstance(e.seat, int) or e.seat < 0:
        raise ValueError(f"a seat must be an int >= 0, not {e.seat!r}")
    p = e.points
    if isinstance(p, bool) or not isinstance(p, (int, float)) or not 0 < p < float("inf"):
        raise ValueError(f"points must be a number > 0, not {p!r}")
    if e.spot is not None and not isinstance(e.spot, str):
        raise ValueError(f"a spot must be a str or None, not {e.spot!r}")
    if not isinstance(e.said, str):
        raise ValueError(f"said must be a str, not {e.said!r}")


def gain_text(points: float) -> str:
    """"+1", "+2.5"."""
    return "+" + (str(int(points)) if float(points).is_integer() else f"{points:g}")


def total(earned: Iterable[tuple[int, Earned]], seat: int) -> float:
    return sum(e.points for _n, e in earned if e.seat == seat)


def said_at(earned: Iterable[tuple[int, Earned]], spot: str) -> list[str]:
    """What was earned at ``spot``, in words (for that spot's own label)."""
    return [e.said for _n, e in earned if e.spot == spot and e.said]


def _grouped(earned: Sequence[tuple[int, Earned]]) -> list[tuple[int, str, int, float]]:
    """(first serial, spot, seat, points) per spot and seat, in the order they were first earned."""
    first: dict[tuple[str, int], int] = {}
    points: dict[tuple[str, int], float] = {}
    for serial, e in earned:
        if e.spot is None:
            continue
        k = (e.spot, e.seat)
        first.setdefault(k, serial)
        points[k] = points.get(k, 0) + e.points
    return sorted((first[k], k[0], k[1], points[k]) for k in first)


def render(earned: Sequence[tuple[int, Earned]], place: Callable[[str], tuple[float, float] | None],
           colour: Callable[[int], str] | None = None, key: str = "bu-marks") -> El:
    """The marks over a board SVG: per spot and seat a ring and "+N" at ``place(spot)`` (a spot the
    game cannot place is left out: its points still show at the score), each popping in
    ``STEP_MS`` after the one before. ``colour(seat)``: the ring's colour (the seat's)."""
    children: list[El] = []
    at_spot: dict[str, int] = {}
    for order, (serial, spot, seat, points) in enumerate(_grouped(earned)):
        xy = place(spot)
        if xy is None:
            continue
        k = at_spot.get(spot, 0)
        at_spot[spot] = k + 1
        x, y = xy[0], xy[1] - k * STACK
        ring = {"class": "bu-mark-ring", "r": RING, "stroke": colour(seat) if colour is not None else GOLD}
        # The outer group places the mark (an SVG attribute), the inner one pops (a CSS transform,
        # which would otherwise replace the placing one).
        children.append(El("g", {"class": "bu-mark", "data-transient": "1", "data-spot": spot, "data-seat": str(seat),
                                 "data-points": gain_text(points)[1:],
                                 "transform": f"translate({x:.1f} {y:.1f})"}, [
            El("g", {"class": "bu-mark-body", "style": f"animation-delay: {order * STEP_MS}ms"}, [
                El("circle", ring),
                El("text", {"class": "bu-mark-text", "y": 1}, text=gain_text(points))]),
        ], key=f"mark-{serial}-{spot}-{seat}"))
    return El("g", {"class": "bu-marks", "aria-hidden": "true"}, children, key=key)


def score_mark(points: float) -> El | None:
    """The "+N" at a seat's score (inside its ``[data-score]``), None without points."""
    if not points or points <= 0:
        return None
    # data-transient: a redraw does not show it again, so the returning player's picture leaves it out
    return El("span", {"class": "bu-gain", "aria-hidden": "true", "data-transient": "1"},
              [gain_text(points)])
