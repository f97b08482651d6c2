"""Actions: immutable, hashable, comparable values, one per decision.

Every decision in the game, whoever takes it, is one :class:`Action`: the
turn's main action (draw, observe), each token placement with its payment,
bonus cards and their choices, an opponent's answer to Maleficus, the
Eclipsis discards. ``State.legal_actions()`` lists exactly the legal ones.

Indices are used inside (constellations 0..11, cards 0..12 with 12 the
wildcard, planets 0..6, bonus types as in :data:`data.BONUS_TYPES`);
``str()`` and the JSON form use the names from the rulings.
"""

from __future__ import annotations

import json
from typing import Any, NamedTuple

from .data import BONUS_INDEX, BONUS_TYPES, CARD_INDEX, CARD_NAMES, CONST_INDEX, CONSTELLATIONS, PLANET_INDEX, PLANETS

# Action kinds. A turn's main action starts with DRAW_DECK / TAKE (drawing)
# or OBSERVE; PLACE then puts each observed token on the board.
DRAW_DECK = "draw_deck"      # draw the top card of the constellation deck (blind)
TAKE = "take"                # take a face-up card: cards=(card,)
OBSERVE = "observe"          # observe a constellation or configuration: where=targets
PLACE = "place"              # place one token: where=(c,), cards=payment, source=-1 or constellation (R7)
STUDY = "study"              # study A: choose which planet (planet=)
STUDY_B = "study_b"          # R8: where=(c, other1, other2), planet=
PLAY = "play"                # play a bonus card: bonus=
TRADE = "trade"              # asteroid trade: 2 asteroids -> 1 bonus card
SWAP = "swap"                # Nova Luna: where=(c,), seat=opponent, source=
MOVE = "move"                # Mercurius Retrogradus: where=(from, to)
STEAL = "steal"              # Iupiter Orientalis: seat=opponent
RETRIEVE = "retrieve"        # Maleficus Mars (opponent decides): where=(c,)
DISCARD = "discard"          # Maleficus Saturnus / Eclipsis (R14): cards=
SKIP = "skip"                # decline an optional further effect
END_TURN = "end_turn"        # end one's turn (or pass when no action is possible)

KINDS = (DRAW_DECK, TAKE, OBSERVE, PLACE, STUDY, STUDY_B, PLAY, TRADE, SWAP, MOVE,
         STEAL, RETRIEVE, DISCARD, SKIP, END_TURN)


def config_name(where: tuple[int, ...]) -> str:
    """Name of the configuration formed by observed targets (sorted)."""
    if len(where) == 1:
        return "constellation"
    if len(where) == 3:
        return "trine"
    a, b = where
    if a == b:
        return "conjunction"
    if b - a == 6:
        return "opposition"
    return "square"


def _names(values: tuple[int, ...], table: tuple[str, ...]) -> list[str]:
    return [table[v] for v in values]


class Action(NamedTuple):
    """One decision. Build them with the module's helpers or take them from
    ``State.legal_actions()``; fields not used by a kind keep their default."""

    kind: str
    where: tuple[int, ...] = ()
    cards: tuple[int, ...] = ()
    seat: int = -1
    planet: int = -1
    source: int = -1
    bonus: int = -1

    def __str__(self) -> str:  # readable, e.g. "place Aries paying Aries+Leo"
        k = self.kind
        w = "-".join(_names(self.where, CONSTELLATIONS))
        cards = "+".join(_names(self.cards, CARD_NAMES))
        src = f" (token from {CONSTELLATIONS[self.source]})" if self.source >= 0 else ""
        if k == DRAW_DECK:
            return "draw from the deck"
        if k == TAKE:
            return f"take face-up {cards}"
        if k == OBSERVE:
            return f"observe {config_name(self.where)} {w}"
        if k == PLACE:
            paid = f" paying {cards}" if self.cards else ""
            return f"place on {w}{paid}{src}"
        if k == STUDY:
            return f"study {PLANETS[self.planet]}"
        if k == STUDY_B:
            c, o1, o2 = (CONSTELLATIONS[i] for i in self.where)
            return f"study {PLANETS[self.planet]} at {c} (tokens from {o1}, {o2})"
        if k == PLAY:
            return f"play {BONUS_TYPES[self.bonus]}"
        if k == TRADE:
            return "trade 2 asteroids for a bonus card"
        if k == SWAP:
            return f"swap seat {self.seat}'s token on {w}{src}"
        if k == MOVE:
            a, b = (CONSTELLATIONS[i] for i in self.where)
            return f"move a token {a} -> {b}"
        if k == STEAL:
            return f"take a random card from seat {self.seat}"
        if k == RETRIEVE:
            return f"retrieve a token from {w}"
        if k == DISCARD:
            return f"discard {cards}"
        if k == SKIP:
            return "skip"
        return "end turn"

    def to_json(self) -> dict[str, Any]:
        """A JSON-able dict with names, not indices (stable across versions)."""
        out: dict[str, Any] = {"kind": self.kind}
        if self.where:
            out["where"] = _names(self.where, CONSTELLATIONS)
        if self.cards:
            out["cards"] = _names(self.cards, CARD_NAMES)
        if self.seat >= 0:
            out["seat"] = self.seat
        if self.planet >= 0:
            out["planet"] = PLANETS[self.planet]
        if self.source >= 0:
            out["source"] = CONSTELLATIONS[self.source]
        if self.bonus >= 0:
            out["bonus"] = BONUS_TYPES[self.bonus]
        return out

    @classmethod
    def from_json(cls, data: Any) -> "Action":
        """Inverse of :meth:`to_json`; also takes the JSON text. Raises
        ``ValueError`` with a clear message on anything malformed."""
        if isinstance(data, (str, bytes)):
            try:
                data = json.loads(data)
            except ValueError as exc:
                raise ValueError(f"action is not valid JSON: {exc}") from None
        if not isinstance(data, dict):
            raise ValueError("an action must be a JSON object")
        unknown = set(data) - {"kind", "where", "cards", "seat", "planet", "source", "bonus"}
        if unknown:
            raise ValueError(f"unknown action field(s): {', '.join(sorted(map(str, unknown)))}")
        kind = data.get("kind")
        if kind not in KINDS:
            raise ValueError(f"unknown action kind: {kind!r}")

        def names(key: str, index: dict[str, int]) -> tuple[int, ...]:
            value = data.get(key, [])
            if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                raise ValueError(f"action field {key!r} must be a list of names")
            try:
                return tuple(index[v] for v in value)
            except KeyError as exc:
                raise ValueError(f"unknown name in {key!r}: {exc.args[0]!r}") from None

        def one(key: str, index: dict[str, int]) -> int:
            if key not in data:
                return -1
            value = data[key]
            if not isinstance(value, str) or value not in index:
                raise ValueError(f"unknown name in {key!r}: {value!r}")
            return index[value]

        seat = data.get("seat", -1)
        if isinstance(seat, bool) or not isinstance(seat, int) or not -1 <= seat <= 3:
            raise ValueError(f"action seat must be 0..3, not {seat!r}")
        return cls(kind, names("where", CONST_INDEX), names("cards", CARD_INDEX), seat,
                   one("planet", PLANET_INDEX), one("source", CONST_INDEX), one("bonus", BONUS_INDEX))
