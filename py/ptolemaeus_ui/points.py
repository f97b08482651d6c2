"""Where each point was earned (issue 17; pure): Ptolemaeus' side of ``boardui.marks``.

From the view the viewer saw before, the events since and the view now, every point as a
``boardui.marks.Earned`` at the board spot that earned it:

* a study (R5 study A, the compulsory one, or R8 study B): the study table's step (R16) on the
  constellation studied (``const:<name>``), and the secret objective's step there when the viewer
  may see that objective (their own; R17);
* an Asteroid (R9) that makes a multiple of ``ASTEROIDS_PER_POINT``: at its place (``asteroid:<name>``);
* Nova Constellatio (R13): 1 point on the constellation whose study drew it (at the score only when
  an asteroid trade drew it);
* the end (R16): every other seat's secret objective revealed, at its score only;
* anything the events do not explain (the scores are the authority): at the score only.

Only what the viewer's views hold is used: nothing hidden reaches the marks (R17).
"""

from __future__ import annotations

from typing import Any

from boardui.marks import Earned
from ptolemaeus.data import ASTEROIDS_PER_POINT, ASTEROIDS_PER_TRADE, CONSTELLATIONS, OBJECTIVE_POINTS, PLANETS, \
    STUDY_POINTS

from .board import public_points, seat_name
from .strings import t, tp

__all__ = ["earned"]


def _spot(kind: str, at: Any) -> str | None:
    return f"{kind}:{at}" if at in CONSTELLATIONS else None


def earned(before: dict[str, Any] | None, after: dict[str, Any], events: list[dict], seats: list[dict]) -> list[Earned]:
    """Every point earned between ``before`` and ``after`` (views), in the order the events earned it."""
    if before is None or not events or len(before["seats"]) != len(after["seats"]) \
            or before.get("viewer") != after.get("viewer"):
        # Nothing to compare with: a first view, or another pair of eyes (hot-seat: the events are
        # everything since this viewer's last decision, the view before was another's); the
        # points still show at the scores (boardui.recap).
        return []
    n = len(after["seats"])
    studied = [set(entry["studied"]) for entry in before["seats"]]
    asteroids = [int(entry["asteroids"]) for entry in before["seats"]]
    objective = [set(str(entry["objective"]).split("-")) if entry.get("objective") else None
                 for entry in after["seats"]]
    last_study: dict[int, str] = {}
    out: list[Earned] = []

    def add(seat: int, points: float, spot: str | None, key: str, **params: Any) -> None:
        if points > 0:
            # A sentence, in the second person for "You" (a play-test read "You +1 in Taurus: study of Saturnus").
            said = tp(key, seat_name(seats, seat), points=_num(points), count=points, **params)
            out.append(Earned(seat, points, spot, said))

    for e in events:
        seat = e.get("seat")
        if type(seat) is not int or not 0 <= seat < n:
            continue
        kind = e.get("type")
        if kind == "study":
            planet, at = e.get("planet"), e.get("at")
            spot = _spot("const", at)
            if planet in PLANETS and planet not in studied[seat]:
                k = min(len(studied[seat]), len(STUDY_POINTS) - 2)
                name = t(f"planet.{planet}")
                add(seat, STUDY_POINTS[k + 1] - STUDY_POINTS[k], spot, "points.study", planet=name, at=at)
                goal = objective[seat]
                if goal is not None and planet in goal:
                    c = min(len(studied[seat] & goal), len(OBJECTIVE_POINTS) - 2)
                    add(seat, OBJECTIVE_POINTS[c + 1] - OBJECTIVE_POINTS[c], spot, "points.objective", planet=name,
                        at=at)
                studied[seat].add(planet)
            if e.get("asteroid") is True:
                asteroids[seat] += 1
                if asteroids[seat] % ASTEROIDS_PER_POINT == 0:
                    add(seat, 1, _spot("asteroid", at), "points.asteroid", at=at, asteroids=asteroids[seat])
            if spot is not None:
                last_study[seat] = str(at)
        elif kind == "nova_constellatio":
            at = last_study.get(seat)
            add(seat, 1, _spot("const", at), "points.nova")
        elif kind == "trade":
            asteroids[seat] -= ASTEROIDS_PER_TRADE
            last_study.pop(seat, None)
        elif kind in ("end_turn", "new_round"):
            last_study.clear()
    if after.get("is_over") and not before.get("is_over") and after.get("scores"):
        for entry in after["seats"]:
            if "score" not in entry and "public_score" in entry:
                s = entry["seat"]
                add(s, after["scores"][s] - entry["public_score"], None, "points.revealed")
    # The scores are the authority: what the events do not explain shows at the score.
    then, now = public_points(before), public_points(after)
    for s in range(n):
        rest = (now[s] - then[s]) - sum(x.points for x in out if x.seat == s)
        add(s, rest, None, "points.other")
    return out


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:g}"
