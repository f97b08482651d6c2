"""Saving and loading a game: JSON text that can only describe a playable state.

A save holds the setup, the initial deal (the deck top to bottom, the hands,
the piles returned unseen, the bag in drawing order), the action list and a
snapshot of the state. Loading parses the text within bounds
(:func:`gamekit.safejson.loads`), checks the deal against the rules (P20-P27:
the right cards and tiles, the deck's structure), *replays* the actions from
it (the engine refuses any illegal one) and requires the snapshot to equal the
replayed state. So a tampered, truncated, old or impossible save raises
:class:`~gamekit.game.InvalidState` and never yields a state that legal play
could not have reached. A bot's determinization has a deal of its own
(:func:`pompeii.hidden.determinize`), so it saves and loads as well.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from gamekit import safejson
from gamekit.game import GameError, InvalidState

from . import board as B
from .actions import Action
from .board import AD79, OMEN
from .state import VARIANTS, State

__all__ = ["FORMAT", "check_deal", "from_json", "snapshot", "to_json"]

FORMAT = 2
_CARDS = Counter({**B.CARD_COUNTS, OMEN: 7, AD79: 2})


def snapshot(s: State) -> dict[str, Any]:
    """Every field of the state that rules depend on, JSON-able."""
    return {
        "phase": s.phase, "step": s.step, "current": s.current, "hands": [sorted(h) for h in s.hands],
        "deck": list(s.deck), "boxed_cards": list(s.boxed_cards), "discard": list(s.discard),
        "ad79": s.ad79, "omens": s.omens, "citizens": list(s.cit), "supply": list(s.supply),
        "saved": list(s.saved), "dead": list(s.dead), "boxed": list(s.boxed), "lava": list(s.lava),
        "bag": list(s.bag), "tile": s.tile, "aside": list(s.aside), "placed": list(s.placed),
        "opening_left": s.opening_left, "rel_left": s.rel_left, "rel_units": list(s.rel_units),
        "moves": s.moves, "moved_to": s.moved_to, "again": s.again, "last_one": s.last_one,
        "lone": sorted(s.lone), "end_reason": s.end_reason,
    }


def to_json(s: State) -> str:
    if not s.deal and s.deal_for is not None and s.log_ok:
        from .hidden import deal_of
        s.deal = deal_of(s)
    if not s.log_ok or not s.deal:
        raise InvalidState("this state keeps no complete action log (a bot's working copy or a test "
                           "scenario): it cannot be saved", code="not_saveable")
    return json.dumps({
        "game": "pompeii", "format": FORMAT,
        "setup": {"players": s.n, "seed": s.seed, "variant": s.variant, "first": s.first},
        "deal": {k: list(map(list, v)) if k == "hands" else list(v) for k, v in s.deal.items()},
        "actions": [a.to_json() for a in s.log],
        "state": snapshot(s),
    }, separators=(",", ":"))


def _bad(message: str, code: str = "invalid_state") -> InvalidState:
    return InvalidState(message[:300], code=code)


def _ints(value: Any, length: int, lo: int, hi: int, what: str) -> list[int]:
    if not isinstance(value, list) or len(value) != length or \
            not all(type(x) is int and lo <= x <= hi for x in value):
        raise _bad(f"the deal's {what} is malformed", "bad_deal")
    return value


def check_deal(players: int, variant: str, deal: Any) -> dict[str, Any]:
    """The deal if it is one the rules can produce (P20-P27); :class:`InvalidState` else."""
    if not isinstance(deal, dict) or set(deal) != {"hands", "deck", "boxed", "bag"}:
        raise _bad("the save's deal is malformed", "bad_deal")
    hands = deal["hands"]
    if not isinstance(hands, list) or len(hands) != players:
        raise _bad("the deal's hands are malformed", "bad_deal")
    for h in hands:
        _ints(h, 4, 1, 11, "hand")                                          # P25, P39
    deck = _ints(deal["deck"], B.DECK_SIZE, 1, 13, "deck")
    boxed = _ints(deal["boxed"], 4 * B.PILES_RETURNED[players], 1, 11, "returned piles")
    if Counter(deck) + Counter(boxed) + sum((Counter(h) for h in hands), Counter()) != _CARDS:
        raise _bad("the deal does not hold the game's 62 cards", "bad_deal")          # P4
    k = B.BOTTOM_STACK[players] + 1
    if any(c > 11 for c in deck[:8]) or deck[8] != AD79 or deck[-k:].count(AD79) != 1:
        raise _bad("the deck is not built as the rules say (P23, P24)", "bad_deal")
    tiles = 48 if variant == "dual-vent" else 45
    bag = _ints(deal["bag"], tiles, 0, 8 if variant == "dual-vent" else 5, "bag")
    wanted = Counter({i: B.LAVA_COUNTS[y] for i, y in enumerate(B.SYMBOLS)})
    if variant == "dual-vent":
        wanted.update({6: 1, 7: 1, 8: 1})
    if Counter(bag) != wanted:
        raise _bad("the bag does not hold the game's lava tiles (P6, P27)", "bad_deal")
    return {"hands": [list(h) for h in hands], "deck": list(deck), "boxed": list(boxed), "bag": list(bag)}


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
        raise _bad(f"save format {str(fmt)[:20]} is not the one this version reads ({FORMAT})", "old_format")
    if set(data) != {"game", "format", "setup", "deal", "actions", "state"}:
        raise _bad("unexpected or missing fields in the save")
    setup, actions, snap = data["setup"], data["actions"], data["state"]
    if not isinstance(setup, dict) or set(setup) != {"players", "seed", "variant", "first"}:
        raise _bad("the save's setup is malformed")
    if not isinstance(actions, list) or len(actions) > 2000:
        raise _bad("the save's action list is malformed")
    if not isinstance(snap, dict):
        raise _bad("the save's state is malformed")
    players, seed, variant, first = setup["players"], setup["seed"], setup["variant"], setup["first"]
    if type(players) is not int or players not in B.CITIZENS_PER_PLAYER or variant not in VARIANTS \
            or type(seed) is not int or not 0 <= seed < 2 ** 63 or type(first) is not int \
            or not 0 <= first < players:
        raise _bad("the save's setup is not a setup of this game")
    deal = check_deal(players, variant, data["deal"])
    try:
        s = State.from_deal(players, seed, variant, first, deal)
        for item in actions:
            s.apply(Action.from_json(item))
    except GameError as exc:
        raise _bad(f"the save does not replay: {exc}", "does_not_replay") from None
    except (TypeError, ValueError, KeyError, AttributeError) as exc:
        raise _bad(f"the save does not replay: {exc}", "does_not_replay") from None
    # Compared as JSON text: 1.0 or true for the int 1 compares equal in Python, not here.
    if json.dumps(snap, sort_keys=True) != json.dumps(snapshot(s), sort_keys=True):
        raise _bad("the save's state does not match its actions (tampered or corrupt)", "tampered")
    s._events = []
    s.revealed = False
    return s
