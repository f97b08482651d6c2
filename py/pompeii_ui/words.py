"""The game in words: the move log, the live region's lines and the end screen (pure).

Every line is built from a public event of the engine (``State.apply``'s
return value, JSON-able dicts with a ``type``) and the seats' names.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from app import i18n
from pompeii import board as B

from .strings import is_you, seat_label, t, tn, tp

GATE_NAME = {g["id"]: g["name"] for g in B.GATES}


def name_of(seats: list[dict], seat: Any) -> str:
    if isinstance(seat, int) and 0 <= seat < len(seats):
        return str(seats[seat].get("name") or t("seat.default", n=seat + 1))
    return t("seat.default", n=(seat + 1) if isinstance(seat, int) else "?")


# A square's words by its kind: bare (its own label) and after each preposition of the move log
# ("on": placed on it, "from": taken or moved from it, "to": moved to it).  Each language writes the
# whole phrase, because the preposition changes the article: Italian joins them ("sull'edificio",
# "dalla strada", "al cratere"), German declines it ("vom Krater", "auf den Krater"), Spanish joins
# "de el" and "a el" ("del", "al": its phrases use "desde" and "hasta").
PLACE_KEYS: dict[str, dict[str, str]] = {
    "": {"building": "where.building", "neutral": "where.neutral", "gate": "where.gate", "vent": "where.vent",
         "street": "where.street"},
    "on": {"building": "where.on.building", "neutral": "where.on.neutral", "gate": "where.on.gate",
           "vent": "where.on.vent", "street": "where.on.street"},
    "from": {"building": "where.from.building", "neutral": "where.from.neutral", "gate": "where.from.gate",
             "vent": "where.from.vent", "street": "where.from.street"},
    "to": {"building": "where.to.building", "neutral": "where.to.neutral", "gate": "where.to.gate",
           "vent": "where.to.vent", "street": "where.to.street"},
}


def where(square: Any, prep: str = "", coords: bool = True) -> str:
    """A square in words: its building or kind, and its row and column counted from 1; with ``prep`` ("on",
    "from", "to": :data:`PLACE_KEYS`) the phrase a log line puts there, preposition included. Without
    ``coords`` no row and column: an animation's caption, while the board shows the square."""
    try:
        r, c = int(square[0]), int(square[1])
    except (TypeError, ValueError, IndexError):
        return "?"
    if not (0 <= r < B.HEIGHT and 0 <= c < B.WIDTH):
        return "?"
    return _where(i18n.language(), r, c, prep, coords)


@lru_cache(maxsize=1024)
def _where(_lang: str, r: int, c: int, prep: str = "", with_coords: bool = True) -> str:
    """``where`` in one language (cached: the board asks for every square at every redraw)."""
    # Counted from 1, as a player counts (a play-test read "row 0" as a bug): the board draws no
    # coordinates and its gates are numbered from 1; the engine's (row, col) from 0 (P8) stay inside.
    coords = t("where.coords", row=r + 1, col=c + 1)
    said = _place(r, c, prep, coords)
    # Every language's phrase ends in " ({coords})" (tests/test_pompeii_ui_lang.py)
    return said if with_coords else said.removesuffix(f" ({coords})")


def _place(r: int, c: int, prep: str, coords: str) -> str:
    """The phrase of ``PLACE_KEYS[prep]`` for the square's kind, ``coords`` in it."""
    q = B.sq(r, c)
    keys = PLACE_KEYS[prep]
    if B.PART[q]:
        return t(keys["building"], part=B.PART[q], coords=coords)
    if B.NEUTRAL[q]:
        return t(keys["neutral"], coords=coords)
    if q in B.GATE_OF:
        return t(keys["gate"], gate=GATE_NAME[B.GATE_OF[q]], coords=coords)
    if B.VENT[q]:
        return t(keys["vent"], symbol=t(f"symbol.{B.VENT[q]}"), coords=coords)
    return t(keys["street"], coords=coords)


def symbol_name(name: str) -> str:
    return " / ".join(t(f"symbol.{s}") for s in str(name).split("/"))


def card_name(card: Any) -> str:
    if card == "omen":
        return t("card.omen")
    if card == "ad79":
        return t("card.ad79")
    return t("card.number", n=card)


def _whose(counts: list[int], seats: list[dict]) -> str:
    """Whose citizens died (play-test 3: the log said only how many): "Rectina", or "Rectina 2, You 1"."""
    dead = [(seat_label(name_of(seats, p)), n) for p, n in enumerate(counts) if n > 0]
    if len(dead) == 1:
        return dead[0][0]
    return ", ".join(f"{name} {n}" for name, n in dead)


def lava_parts(e: dict[str, Any], seats: list[dict], coords: bool = True) -> tuple[str, str]:
    """A lava tile placed (``lava_placed``) in words: where it fell, and what it did there ("" if
    nothing): the citizens it burned and the gate it closed, sentences of their own ("… (row 1, column
    7). 1 citizen burns (Rectina).") and the gate the event names (P52, PR23; a play-test: the log did
    not say which)."""
    killed = e.get("killed") or []
    counts = [int(k) for k in killed] if isinstance(killed, list) else []
    line = tp("log.lava_placed", name_of(seats, e.get("seat")), tile=symbol_name(e.get("symbol", "")),
              where=where(e.get("square"), "on", coords))
    after = [tn("log.burned", sum(counts), whose=_whose(counts, seats))] if sum(counts) else []
    gate = GATE_NAME.get(str(e.get("gate")))
    if gate:
        after.append(t("log.gate_closed", gate=gate))
    return line, " ".join(after)


def captions(e: dict[str, Any], seats: list[dict]) -> list[str]:
    """An event's captions in an animation, shown one after the other: its line without the squares'
    rows and columns (the board shows them meanwhile; the log, the recap and the live region keep
    them), a lava tile's burns and closed gate after where it fell. At 390 px the whole line took 3-4
    lines above the city, pushing it down (play-test 8 F2); each caption now takes 2 at most."""
    if e.get("type") == "lava_placed":
        line, after = lava_parts(e, seats, coords=False)
        return [line, after] if after else [line]
    said = describe(e, seats, coords=False)
    return [said] if said else []


def describe(e: dict[str, Any], seats: list[dict], coords: bool = True) -> str | None:
    """One event in words (None: nothing worth a line); without ``coords`` its squares' rows and columns."""
    kind = e.get("type")
    who = name_of(seats, e.get("seat"))
    if kind == "card_played":
        return tp("log.card_played", who, card=e.get("card"))
    if kind == "placed":
        return tp("log.placed", who, where=where(e.get("square"), "on", coords))
    if kind == "relatives":
        return tp("log.relatives", who, count=int(e.get("allowed", 0)))
    if kind == "relative_placed":
        return tp("log.relative_placed", who, where=where(e.get("square"), "on", coords))
    if kind == "ad79":
        return t("log.ad79.first" if e.get("count") == 1 else "log.ad79.second")
    if kind == "omen":
        return tp("log.omen", who)
    if kind == "omen_without_victim":
        return t("log.omen_without_victim")
    if kind == "card_drawn":
        return tp("log.card_drawn", who)
    if kind == "omen_victim":
        victim, at = name_of(seats, e.get("victim")), where(e.get("square"), "from", coords)
        if is_you(victim):      # "your citizen", not "You's" ("il cittadino di Tu")
            return t("log.omen_victim.yours", name=seat_label(who), where=at)
        return tp("log.omen_victim", who, victim=seat_label(victim), where=at)
    if kind == "eruption_declared":
        return tp("log.eruption_declared", who, cards=", ".join(str(c) for c in e.get("hand", [])))
    if kind == "eruption":
        return t("log.eruption")
    if kind == "tile_drawn":
        return tp("log.tile_drawn", who, tile=symbol_name(e.get("tile", "")), count=int(e.get("left", 0)))
    if kind == "tile_set_aside":
        return t("log.tile_set_aside", tile=symbol_name(e.get("tile", "")))
    if kind == "lava_placed":
        line, after = lava_parts(e, seats, coords)
        return line + ". " + after if after else line
    if kind == "trapped":
        squares = e.get("squares") or []
        counts = [sum(int(s[2 + p]) for s in squares if len(s) > 2 + p)
                  for p in range(max((len(s) - 2 for s in squares), default=0))]
        return tn("log.trapped", sum(counts), whose=_whose(counts, seats))
    if kind == "phase":
        return t("log.phase2")
    if kind == "moved":
        path = e.get("path") or []
        if not path:
            return None
        return tp("log.moved", who, frm=where(path[0], "from", coords), to=where(path[-1], "to", coords),
                  count=max(0, len(path) - 1))
    if kind == "saved":
        path = e.get("path") or []
        return tp("log.saved", who, gate=GATE_NAME.get(str(e.get("gate")), "?"),
                  frm=where(path[0], "from", coords) if path else "?")
    if kind == "game_over":
        return t(f"log.over.{e.get('reason')}") if e.get("reason") in ("bag_empty", "city_empty") else t("log.over")
    return None


def starts(view: dict[str, Any], seats: list[dict]) -> str | None:
    """Who plays first, drawn at random (P28, PR17), in the move log's words: with the bots seated
    first, a newcomer saw their moves before their own first turn and thought turns were skipped
    (play-test 7 #16). None when the view does not say."""
    first = view.get("first")
    if type(first) is not int or not 0 <= first < int(view.get("players") or 0):
        return None
    return tp("log.starts", name_of(seats, first))


def describe_log(events: list[dict], seats: list[dict]) -> list[str]:
    return [line for line in (describe(e, seats) for e in events) if line]


# What a seat itself chose in a decision, as opposed to what the decision then reveals (a card or a
# lava tile drawn, an Omen, AD 79, the eruption): a move held for "confirm my moves" is named by these.
OWN_EVENTS = frozenset({"card_played", "placed", "relatives", "relative_placed", "omen_victim", "lava_placed",
                        "moved", "saved", "eruption_declared"})


def held_move(events: list[dict], seats: list[dict], seat: Any) -> str | None:
    """A held move in the move log's words: the public events of ``seat``'s decision (applied to a
    copy) up to the first one that is not its own choice, which is not shown before it is confirmed.
    Its player reads it: they are "You" (hot-seat's "Player 2" too)."""
    seats = i18n.addressed(seats, seat)
    lines = [line.rstrip(".") for line in (describe(e, seats) for e in own_events(events, seat)) if line]
    # Sentences (play-test 4 read "You played card 3; You placed…"); the prompt puts the last period.
    return ". ".join(lines) or None


def own_events(events: list[dict], seat: Any) -> list[dict]:
    """``seat``'s own choices in a decision's events: those up to the first that is not (:data:`OWN_EVENTS`),
    never what the decision reveals; a held move's pieces, drawn on the board as not yet played."""
    own = []
    for e in events:
        if e.get("type") not in OWN_EVENTS or e.get("seat") != seat:
            break
        own.append(e)
    return own


def held_pieces(events: Iterable[dict]) -> dict[str, dict[str, Any]]:
    """Where a held move puts a piece, "r,c" -> {"seat": seat} (a citizen, P30, or a relative, P40) or
    {"lava": symbol} (a lava tile, P48-P49): what the board draws as waiting for Confirm."""
    out: dict[str, dict[str, Any]] = {}
    for e in events:
        square = e.get("square")
        if not isinstance(square, list) or len(square) != 2:
            continue
        at = f"{int(square[0])},{int(square[1])}"
        if e.get("type") in ("placed", "relative_placed") and isinstance(e.get("seat"), int):
            out[at] = {"seat": e["seat"]}
        elif e.get("type") == "lava_placed" and isinstance(e.get("symbol"), str):
            out[at] = {"lava": e["symbol"]}
    return out


def held_card(events: Iterable[dict], seat: int | None) -> int | None:
    """The card ``seat`` plays by a held move (P29), which the hand shows as played until Confirm."""
    for e in events:
        if e.get("type") == "card_played" and e.get("seat") == seat and isinstance(e.get("card"), int):
            return int(e["card"])
    return None


def end_summary(view: dict[str, Any], seats: list[dict]) -> dict[str, Any]:
    """Saved and lost citizens per seat, the places (PR25), the winner line and the tie-break (P65)."""
    n = view["players"]
    places = view.get("places") or [1] * n
    rows = [{"seat": p, "name": seat_label(name_of(seats, p)), "saved": view["saved"][p], "dead": view["dead"][p],
             "place": places[p], "winner": places[p] == 1} for p in range(n)]
    winners = [r["seat"] for r in rows if r["winner"]]
    names = [r["name"] for r in rows if r["winner"]]
    if len(winners) == 1:
        headline = tp("end.winner", name_of(seats, winners[0]), saved=rows[winners[0]]["saved"])
    else:
        headline = t("end.shared", names=", ".join(names))
    best = max(r["saved"] for r in rows)
    tied_on_saved = sum(1 for r in rows if r["saved"] == best) > 1
    if tied_on_saved and len(winners) == 1:
        tiebreak = t("end.tiebreak.dead")
    elif len(winners) > 1:
        tiebreak = t("end.tiebreak.shared")
    else:
        tiebreak = ""
    reason = view.get("end_reason")
    return {"rows": rows, "winners": winners, "headline": headline, "tiebreak": tiebreak,
            "reason": t(f"log.over.{reason}") if reason in ("bag_empty", "city_empty") else ""}
