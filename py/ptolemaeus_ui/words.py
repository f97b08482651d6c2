"""The game in words: the move log and the end-of-game summary (pure).

Events are the public events of the engine (``state.last_events``, and
``Host.log()`` for the whole game). They may have been through JSON, so
seat keys may be strings.
"""

from __future__ import annotations

from typing import Any

from app import i18n
from ptolemaeus.data import ASTEROIDS_PER_POINT, CARD_NAMES, STUDY_POINTS, WILD

from .strings import has, join, seat_label, t, tn, tp


def _name(seats: list[dict], seat: Any) -> str:
    try:
        s = int(seat)
    except (TypeError, ValueError):
        return "?"
    if 0 <= s < len(seats) and seats[s].get("name"):
        return str(seats[s]["name"])
    return t("player.default", n=s + 1)


def shown_name(seats: list[dict], seat: Any) -> str:
    """A seat's name as shown (the shell's default names in the current language)."""
    return seat_label(_name(seats, seat))


def decision_text(view: dict[str, Any]) -> str:
    """What the seat to play is deciding, in a few words (``view["pending"]``)."""
    if view.get("is_over"):
        return t("decision.over")
    kind = (view.get("pending") or {}).get("kind")
    if kind is None:
        return t("decision.turn") if view.get("actions_left", 1) > 0 else t("decision.finish")
    return t(f"decision.{kind}") if has(f"decision.{kind}") else str(kind)


def _card(name: str) -> str:
    return t("card.wild.short") if name == CARD_NAMES[WILD] else name


def event_card_name(card: str | None) -> str:
    if not card:
        return t("center.no_event")
    if card == "Eclipsis":
        return t("event.Eclipsis")
    return " · ".join(card.split("-"))


def describe(event: dict, seats: list[dict]) -> list[tuple[str, str]]:
    """Lines ``(kind, text)`` for one event (most events give one line)."""
    kind = event.get("type", "")
    who = _name(seats, event.get("seat"))
    if kind == "take":
        return [(kind, tp("log.take", who, card=_card(event["card"])))]
    if kind == "draw":
        return [(kind, tp("log.draw", who))]
    if kind == "reshuffle":
        return [(kind, t("log.reshuffle", count=event.get("cards", 0)))]
    if kind == "display_reset":
        return [(kind, t("log.display_reset"))]
    if kind == "observe":
        at = event.get("at", [])
        where = at[0] if event.get("config") == "conjunction" else "–".join(at)
        return [(kind, tp(f"log.observe.{event.get('config', 'constellation')}", who, where=where))]
    if kind == "place":
        how, source = event.get("how", "observe"), event.get("source")
        if how == "mercurius":
            return [(kind, tp("log.place.mercurius", who, at=event["at"], source=source))]
        if how in ("signa", "nova_luna"):
            return [(kind, tp(f"log.place.{how}", who, at=event["at"]))]
        if source:
            return [(kind, tp("log.place_from", who, at=event["at"], source=source))]
        return [(kind, tp("log.place", who, at=event["at"]))]
    if kind == "study":
        lines = [(kind, tp(f"log.study.{event.get('how', 'A')}", who, planet=event["planet"], at=event["at"]))]
        if event.get("asteroid"):
            lines.append(("asteroid", tp("log.study_asteroid", who, at=event["at"])))
        return lines
    if kind == "bonus_drawn":
        return [(kind, tp("log.bonus_drawn", who))]
    if kind == "nova_constellatio":
        return [(kind, tp("log.nova_constellatio", who))]
    if kind == "play":
        key = "log.play_upgraded" if event.get("upgraded") else "log.play"
        return [(kind, tp(key, who, card=event["card"]))]
    if kind == "trade":
        return [(kind, tp("log.trade", who))]
    if kind == "swap":
        victim = _name(seats, event.get("victim"))
        return [(kind, tp("log.swap", who, token=tp("log.token_of", victim), at=event["at"]))]
    if kind == "steal":
        victim = _name(seats, event.get("victim"))
        return [(kind, tp("log.steal", who, hand=tp("log.hand_of", victim)))]
    if kind == "retrieve":
        return [(kind, tp("log.retrieve", who, at=event["at"]))]
    if kind == "discard":
        why = event.get("why", "eclipsis")
        key = f"log.discard.{why}" if has(f"log.discard.{why}") else "log.discard.eclipsis"
        return [(kind, tp(key, who, cards=join([_card(c) for c in event.get("cards", [])])))]
    if kind == "end_turn":
        return [(kind, tp("log.end_turn", who))]
    if kind == "round_end":
        return [(kind, t("log.round_end", round=event.get("round", "?")))]
    if kind == "planet_move":
        return [(kind, t("log.planet_move", planet=event["planet"], source=event["source"], to=event["to"]))]
    if kind == "comet_move":
        path = list(event.get("path", []))
        if len(path) > 1:
            return [(kind, t("log.comet_move_past", past=join(path[:-1]), to=path[-1]))]
        return [(kind, t("log.comet_move", to=path[-1] if path else "?"))]
    if kind == "sweep":
        tokens = event.get("tokens", {})
        who_list = join([f"{shown_name(seats, s)} {n}" for s, n in sorted(tokens.items(), key=lambda kv: int(kv[0]))])
        why = event.get("why", "comet")
        return [(kind, t(f"log.sweep.{why}" if why in ("comet", "eclipsis") else "log.sweep.comet",
                         at=event["at"], who=who_list))]
    if kind == "reveal":
        if event.get("card") == "Eclipsis":
            return [(kind, t("log.reveal_eclipsis"))]
        return [(kind, t("log.reveal", card=event_card_name(event.get("card"))))]
    if kind == "new_round":
        return [("round", tp("log.new_round", _name(seats, event.get("first")), round=event.get("round", "?")))]
    if kind == "game_over":
        if event.get("reason") == "points":
            winners = event.get("winners") or [None]
            return [(kind, tp("log.game_over.points", _name(seats, winners[0])))]
        if len(seats) == 1 and not event.get("winners"):
            return [(kind, t("log.game_over.comet_solo"))]
        return [(kind, t("log.game_over.comet"))]
    return [("other", t("log.unknown", type=kind))]


def describe_log(events: list[dict], seats: list[dict]) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    for e in events:
        out += describe(e, seats)
    return out


# What a seat itself chose in a decision, as opposed to what follows from it (a new round, an event
# card revealed, a bonus card drawn): a move held for "confirm my moves" is named by these.
OWN_EVENTS = frozenset({"take", "draw", "observe", "place", "study", "play", "trade", "swap", "steal", "retrieve",
                        "discard"})


def held_move(events: list[dict], seats: list[dict], seat: Any) -> str | None:
    """A held move in the move log's words: the public events of ``seat``'s decision (applied to a
    copy) up to the first one that is not its own choice, which is not shown before it is confirmed.
    Its player reads it: they are "You" (hot-seat's "Player 2" too)."""
    seats = i18n.addressed(seats, seat)
    lines: list[str] = []
    for e in events:
        if e.get("type") not in OWN_EVENTS or e.get("seat") != seat:
            break
        lines += [text for _kind, text in describe(e, seats)]
    return " ".join(lines).rstrip(".") or None


def last_move(events: list[dict], seats: list[dict]) -> str | None:
    """The latest line worth a glance (what a bot just did), or None."""
    for e in reversed(events or []):
        if e.get("type") in ("end_turn", "draw", "bonus_drawn", "reshuffle"):
            continue
        lines = describe(e, seats)
        if lines:
            return lines[0][1]
    return None


def asteroids_cell(points: int, count: int) -> str:
    """The end table's asteroid points and tokens. Only every 3rd token scores (1 point per 3 at the end,
    the rulebook's "Asteroid tokens"; R16 counts them), so a cell with tokens left over says so: a
    play-test read "0 (1 token)" as a bug."""
    key = "end.asteroids_rest" if count % ASTEROIDS_PER_POINT else "end.asteroids_cell"
    return tn(key, count, points=points, per=ASTEROIDS_PER_POINT)


def end_summary(view: dict[str, Any], seats: list[dict], viewer: int | None) -> dict[str, Any]:
    """The end screen in data: a row per seat with the score split into the
    study table, asteroids, the secret objective and Nova Constellatio, the
    headline (winner(s), or the sky in solitaire) and the reason."""
    scores = view.get("scores") or [0] * view["players"]
    winners = list(view.get("winners") or [])
    rows = []
    for entry in view["seats"]:
        s = entry["seat"]
        studied = list(entry["studied"])
        table = STUDY_POINTS[len(studied)]
        asteroids = entry["asteroids"] // ASTEROIDS_PER_POINT
        nova = entry["nova_constellatio"]
        total = scores[s]
        if "score" in entry:
            objective = entry["score"]["objective"]
        else:
            objective = total - table - asteroids - nova
        rows.append({"seat": s, "name": shown_name(seats, s), "studied": studied, "table": table,
                     "asteroid_count": entry["asteroids"], "asteroids": asteroids, "objective": objective,
                     "nova": nova, "total": total, "winner": s in winners,
                     "tokens": sum(entry["tokens"].values())})
    if view["players"] == 1:
        headline = t("end.solo_win") if winners else t("end.sky_wins")
    elif len(winners) == 1:
        headline = tp("end.winner", _name(seats, winners[0]))
    elif winners:
        headline = t("end.winners", names=join([shown_name(seats, w) for w in winners]))
    else:
        headline = ""
    if view.get("end_reason") == "points":
        reason = tp("end.reason.points", _name(seats, winners[0] if winners else None))
    else:
        reason = t("end.reason.comet")
    best = max(scores) if scores else 0
    tiebreak = view.get("end_reason") == "comet" and view["players"] > 1 and sum(
        1 for x in scores if x == best) > 1
    return {"rows": rows, "headline": headline, "reason": reason, "tiebreak": tiebreak}
