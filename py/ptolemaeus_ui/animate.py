"""The end of a round, step by step: frames computed from the events (pure).

Given the board after an action (``board.scene_of(view)``) and the public
events of that action, :func:`frames` rebuilds the board as it was before
the end of round (walking the events backwards) and then replays it one
step at a time: each planet of the event card moves, the Comet moves (one
frame per constellation, passing the planets), swept tokens are marked and
then go, the next event card is revealed (Eclipsis included, R14, R15), the
Astrolabe passes. The view shows the frames in order; CSS transitions move
the bodies between them (none with ``prefers-reduced-motion``).

Positions in frames may go past 11 (Pisces -> Aries is 11 -> 12) so that the
bodies keep going clockwise instead of spinning back.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from ptolemaeus.data import CONST_INDEX, EVENT_CARDS

from .strings import join, t, tn, tp
from .words import _name, event_card_name

BOARD_EVENTS = {"planet_move", "comet_move", "sweep", "reveal", "new_round"}

# How long each kind of frame stays, in ms at speed 1 (the view scales them).
HOLD = {"start": 700, "planet_move": 900, "comet_step": 550, "sweep": 900, "swept": 350, "reveal": 1200,
        "new_round": 900, "game_over": 600}


@dataclass
class Frame:
    """One step of an animation: the board's scene then, its caption, how long it holds."""

    scene: dict[str, Any]
    caption: str
    kind: str
    ms: int
    focus: list[str] = field(default_factory=list)


def has_board_events(events: list[dict]) -> bool:
    return any(e.get("type") in BOARD_EVENTS for e in events or ())


def _card_of_moves(planets: list[str]) -> str | None:
    want = set(planets)
    for card in EVENT_CARDS:
        if card != "Eclipsis" and set(card.split("-")) == want:
            return card
    return None


def _seat_keys(tokens: dict) -> list[tuple[int, int]]:
    return [(int(s), int(n)) for s, n in tokens.items()]


def start_scene(final: dict[str, Any], events: list[dict], players: int,
                before_event: str | None = None) -> dict[str, Any]:
    """The board before ``events`` happened (only what they change)."""
    s = copy.deepcopy(final)
    s["leaving"], s["focus"] = [], []
    # The card on show before the first reveal: the one whose planets moved first.
    moved = []
    for e in events:
        if e.get("type") == "reveal":
            break
        if e.get("type") == "planet_move":
            moved.append(e["planet"])
    for e in reversed(events):
        kind = e.get("type")
        if kind == "new_round":
            s["round"] -= 1
            s["first_player"] = (s["first_player"] - 1) % players
            s["turn"] = 3
        elif kind == "reveal":
            s["event_deck_count"] += 1
        elif kind == "sweep":
            for seat, n in _seat_keys(e.get("tokens", {})):
                toks = s["tokens"][seat]
                toks[e["at"]] = toks.get(e["at"], 0) + n
        elif kind == "comet_move":
            path = e.get("path", [])
            if path:
                s["comet"] = (CONST_INDEX[path[0]] - 1) % 12
                s["comet_steps"] -= len(path)
        elif kind == "planet_move":
            s["planets"][e["planet"]] = CONST_INDEX[e["source"]]
        elif kind == "round_end":
            s["turn"] = 3
    # R19: the last round ends without a reveal, but its event card has left the board too.
    if any(e.get("type") in ("reveal", "round_end") for e in events):
        s["event"] = _card_of_moves(moved) if moved else before_event
    # Positions as plain indices 0..11.
    s["planets"] = {p: c % 12 for p, c in s["planets"].items()}
    s["comet"] %= 12
    return s


def comet_caption(path: list[str], j: int) -> str:
    """The Comet's step to ``path[j]``, naming every constellation it has passed so far (R15: one
    step, then on past each constellation holding a planet); its last step says what the move
    log says ("moves past Taurus and Gemini to Cancer"): play-test 7 #11 saw "passes Gemini" only."""
    if j < len(path) - 1:
        passed = path[:j + 1]
        return tn("anim.comet_pass", len(passed), past=join(passed))
    if j > 0:
        return t("anim.comet_step_past", past=join(path[:j]), to=path[j])
    return t("anim.comet_step", to=path[j])


def frames(final: dict[str, Any], events: list[dict], seats: list[dict], players: int,
           before_event: str | None = None) -> list[Frame]:
    """The frames of the board-changing ``events`` (empty if there are none).
    ``before_event``: the event card shown before (used when no planet
    moved, e.g. the Eclipsis before the next reveal)."""
    if not has_board_events(events):
        return []
    scene = start_scene(final, events, players, before_event)
    out: list[Frame] = []

    def push(kind: str, caption: str, focus: list[str] | None = None, hold: str | None = None) -> None:
        snap = copy.deepcopy(scene)
        snap["focus"] = list(focus or [])
        out.append(Frame(snap, caption, kind, HOLD[hold or kind], list(focus or [])))

    first = events[0].get("type") if events else None
    round_end = next((e for e in events if e.get("type") == "round_end"), None)
    push("start", t("anim.round_end", round=round_end["round"]) if round_end else (
        t("anim.reveal_eclipsis") if first != "round_end" and before_event == "Eclipsis" else ""))
    for e in events:
        kind = e.get("type")
        if kind == "planet_move":
            p = e["planet"]
            scene["planets"][p] += 1
            push(kind, t("anim.planet_move", planet=p, to=e["to"]), [e["to"]])
        elif kind == "comet_move":
            path = e.get("path", [])
            for j, name in enumerate(path):
                scene["comet"] += 1
                scene["comet_steps"] += 1
                push("comet_step", comet_caption(path, j), [name])
        elif kind == "sweep":
            at = e["at"]
            scene["leaving"] = [(seat, at) for seat, _ in _seat_keys(e.get("tokens", {}))]
            why = e.get("why", "comet")
            push(kind, t(f"anim.sweep.{why}" if why in ("comet", "eclipsis") else "anim.sweep.comet", at=at), [at])
            for seat, _ in _seat_keys(e.get("tokens", {})):
                scene["tokens"][seat].pop(at, None)
            scene["leaving"] = []
            push("swept", out[-1].caption, [at], hold="swept")
        elif kind == "reveal":
            card = e.get("card")
            scene["event"] = card
            scene["event_deck_count"] -= 1
            caption = t("anim.reveal_eclipsis") if card == "Eclipsis" else t(
                "anim.reveal", card=event_card_name(card))
            push(kind, caption)
        elif kind == "new_round":
            scene["round"] = e.get("round", scene["round"] + 1)
            scene["first_player"] = int(e.get("first", scene["first_player"]))
            scene["turn"] = 1
            push(kind, tp("anim.new_round", _name(seats, scene["first_player"]), round=scene["round"]))
        elif kind == "game_over":
            push(kind, t("anim.game_over"))
    return out


def same_board(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Do two scenes show the same board (positions compared mod 12)?"""
    return ({p: c % 12 for p, c in a["planets"].items()} == {p: c % 12 for p, c in b["planets"].items()}
            and a["comet"] % 12 == b["comet"] % 12 and a["comet_steps"] == b["comet_steps"]
            and [dict(x) for x in a["tokens"]] == [dict(x) for x in b["tokens"]])


__all__ = ["Frame", "frames", "comet_caption", "start_scene", "has_board_events", "same_board", "HOLD"]
