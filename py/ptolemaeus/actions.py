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

from typing import Any, NamedTuple

from gamekit import safejson
from gamekit.game import shown

from .data import BONUS_INDEX, BONUS_TYPES, CARD_INDEX, CARD_NAMES, CONST_INDEX, CONSTELLATIONS, PLANET_INDEX, PLANETS
from .errors import IllegalAction

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
    def from_json(cls, data: Any) -> Action:
        """Inverse of :meth:`to_json`; also takes the JSON text. Raises
        :class:`~ptolemaeus.errors.IllegalAction` (code ``not_an_action``)
        with a clear message on anything malformed."""
        if isinstance(data, (str, bytes, bytearray)):
            try:
                data = safejson.loads(data)
            except safejson.JSONLimitError as exc:
                raise IllegalAction(f"action is not valid JSON: {exc}", code="not_an_action") from None
        if not isinstance(data, dict):
            raise IllegalAction("an action must be a JSON object", code="not_an_action")
        unknown = set(data) - set(_FIELDS)
        if unknown:
            raise IllegalAction(f"unknown action field(s): {', '.join(sorted(map(repr, unknown)))}",
                                code="not_an_action")
        kind = data.get("kind")
        if not isinstance(kind, str) or kind not in KINDS:
            raise IllegalAction(f"unknown action kind: {shown(kind)}", code="not_an_action")

        def names(key: str, index: dict[str, int]) -> tuple[int, ...]:
            value = data.get(key, [])
            if not isinstance(value, list) or len(value) > 3 or not all(isinstance(v, str) for v in value):
                raise IllegalAction(f"action field {key!r} must be a list of up to 3 names", code="not_an_action")
            try:
                return tuple(index[v] for v in value)
            except KeyError as exc:
                raise IllegalAction(f"unknown name in {key!r}: {shown(exc.args[0])}",
                                    code="not_an_action") from None

        def one(key: str, index: dict[str, int]) -> int:
            if key not in data:
                return -1
            value = data[key]
            if not isinstance(value, str) or value not in index:
                raise IllegalAction(f"unknown name in {key!r}: {shown(value)}", code="not_an_action")
            return index[value]

        seat = data.get("seat", -1)
        if type(seat) is not int or not -1 <= seat <= 3:
            raise IllegalAction(f"action seat must be 0..3, not {shown(seat)}", code="not_an_action")
        return cls(kind, names("where", CONST_INDEX), names("cards", CARD_INDEX), seat,
                   one("planet", PLANET_INDEX), one("source", CONST_INDEX), one("bonus", BONUS_INDEX))


_FIELDS = ("kind", "where", "cards", "seat", "planet", "source", "bonus")
_INT_FIELDS = ("seat", "planet", "source", "bonus")


def well_formed(action: Any) -> bool:
    """Exactly an :class:`Action` of plain values: a known kind, tuples of ints
    (never bools or floats, which compare equal to ints and would pass a
    membership test) and int fields. ``State.apply`` checks this before the
    action's legality, so a look-alike cannot slip through half-way."""
    if type(action) is not Action or len(action) != len(_FIELDS):
        return False
    if type(action.kind) is not str or action.kind not in KINDS:
        return False
    for values in (action.where, action.cards):
        if type(values) is not tuple or len(values) > 3 or any(type(v) is not int for v in values):
            return False
    return all(type(getattr(action, name)) is int for name in _INT_FIELDS)
