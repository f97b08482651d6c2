"""Saving and loading a game: JSON text that can only describe a playable state.

A save holds the setup, the action list and a snapshot of the state. Loading
parses the text within bounds (:func:`gamekit.safejson.loads`), checks every
field's type, *replays* the actions from the setup (the engine refuses any
illegal one) and requires the snapshot to equal the replayed state. So a
tampered, truncated, old or impossible save raises
:class:`~gamekit.game.InvalidState` and never yields a state that could not
have been reached by legal play.
"""

from __future__ import annotations

import json
from typing import Any

from gamekit import safejson
from gamekit.game import GameError, InvalidState

from .actions import Action
from .state import State

__all__ = ["to_json", "from_json", "snapshot", "FORMAT"]

FORMAT = 1


def snapshot(s: State) -> dict[str, Any]:
    """Every field of the state that rules depend on, JSON-able."""
    return {
        "phase": s.phase, "step": s.step, "current": s.current, "hands": [list(h) for h in s.hands],
        "deck": list(s.deck), "boxed_cards": list(s.boxed_cards), "discard": list(s.discard),
        "ad79": s.ad79, "omens": s.omens, "citizens": list(s.cit), "supply": list(s.supply),
        "saved": list(s.saved), "dead": list(s.dead), "boxed": list(s.boxed), "lava": list(s.lava),
        "bag": list(s.bag), "tile": s.tile, "aside": list(s.aside), "placed": list(s.placed),
        "opening_left": s.opening_left, "rel_left": s.rel_left, "rel_units": list(s.rel_units),
        "moves": s.moves, "moved_to": s.moved_to, "again": s.again, "last_one": s.last_one,
        "lone": sorted(s.lone), "end_reason": s.end_reason,
    }


def to_json(s: State) -> str:
    if not s.record:
        raise InvalidState("this state keeps no action log (a bot's copy): it cannot be saved",
                           code="not_saveable")
    return json.dumps({
        "game": "pompeii", "format": FORMAT,
        "setup": {"players": s.n, "seed": s.seed, "variant": s.variant, "first": s.first},
        "actions": [a.to_json() for a in s.log],
        "state": snapshot(s),
    }, separators=(",", ":"))


def _bad(message: str, code: str = "invalid_state") -> InvalidState:
    return InvalidState(message[:300], code=code)


def from_json(text: Any) -> State:
    """The state a save describes; :class:`InvalidState` for anything else."""
    try:
        data = safejson.loads(text)
    except (safejson.JSONLimitError, ValueError, TypeError) as exc:
        raise _bad(f"not a saved game: {exc}", "not_json") from None
    if not isinstance(data, dict):
        raise _bad("a saved game is a JSON object")
    if data.get("game") != "pompeii":
        raise _bad("not a saved game of The Downfall of Pompeii", "wrong_game")
    fmt = data.get("format")
    if type(fmt) is not int or fmt != FORMAT:
        raise _bad(f"save format {fmt!r} is not the one this version reads ({FORMAT})", "old_format")
    if set(data) != {"game", "format", "setup", "actions", "state"}:
        raise _bad("unexpected or missing fields in the save")
    setup, actions, snap = data["setup"], data["actions"], data["state"]
    if not isinstance(setup, dict) or set(setup) != {"players", "seed", "variant", "first"}:
        raise _bad("the save's setup is malformed")
    if not isinstance(actions, list) or len(actions) > 2000:
        raise _bad("the save's action list is malformed")
    if not isinstance(snap, dict):
        raise _bad("the save's state is malformed")
    try:
        s = State.setup(setup["players"], setup["seed"], setup["variant"], setup["first"])
        for item in actions:
            s.apply(Action.from_json(item))
    except GameError as exc:
        raise _bad(f"the save does not replay: {exc}", "does_not_replay") from None
    except (TypeError, ValueError, KeyError, AttributeError) as exc:
        raise _bad(f"the save does not replay: {exc}", "does_not_replay") from None
    if snap != snapshot(s):
        raise _bad("the save's state does not match its actions (tampered or corrupt)", "tampered")
    s._events = []
    s.revealed = False
    return s
