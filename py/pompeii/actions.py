"""Actions: immutable, hashable values, one per decision of The Downfall of Pompeii.

One :class:`Action` type with a ``kind`` (so two kinds never compare equal);
squares are engine indices (``row * 11 + col``) inside, ``[row, col]`` in JSON.

==========  ==========================================================  =========
kind        fields                                                      rules
==========  ==========================================================  =========
play        ``card`` (1-11), ``square`` (-1: nothing placed)             P29-P34
erupt       --                                                          P41, PR7
relative    ``square``                                                  P40
stop        -- (no more relatives)                                      P40.2
omen        ``square``, ``seat`` (the victim's owner)                   P37, PR5
lava        ``square``, ``symbol``                                      P47-P49, P66
move        ``square`` (from), ``to``                                   P53-P58
leave       ``square`` (from), ``gate`` ("G1".."G7")                    P57
end         -- (end the movement step)                                  PR12
==========  ==========================================================  =========
"""

from __future__ import annotations

from typing import Any, NamedTuple

from gamekit.game import IllegalAction, shown

from .board import GATE_OF, HEIGHT, KIND, SYMBOLS, WIDTH, rc, sq

__all__ = ["KINDS", "Action", "end", "erupt", "lava", "leave", "move", "omen", "play", "relative", "shown", "stop"]

KINDS = ("play", "erupt", "relative", "stop", "omen", "lava", "move", "leave", "end")
_GATE_IDS = frozenset(GATE_OF.values())
_FIELDS = {
    "play": ("card", "square"), "erupt": (), "relative": ("square",), "stop": (), "omen": ("square", "seat"),
    "lava": ("square", "symbol"), "move": ("square", "to"), "leave": ("square", "gate"), "end": (),
}
_OPTIONAL = {"play": ("square",)}


class Action(NamedTuple):
    """One decision; fields a kind does not use keep their defaults."""

    kind: str
    square: int = -1
    to: int = -1
    card: int = 0
    seat: int = -1
    symbol: str = ""
    gate: str = ""

    def __str__(self) -> str:
        k = self.kind
        where = str(rc(self.square)) if self.square >= 0 else ""
        if k == "play":
            return f"play {self.card}" + (f" -> {where}" if where else " (nothing placed)")
        if k == "relative":
            return f"relative -> {where}"
        if k == "omen":
            return f"omen: seat {self.seat}'s citizen at {where}"
        if k == "lava":
            return f"lava {self.symbol} -> {where}"
        if k == "move":
            return f"move {where} -> {rc(self.to)}"
        if k == "leave":
            return f"leave {where} through {self.gate}"
        return {"erupt": "declare the eruption", "stop": "no more relatives", "end": "end the movement step"}[k]

    def to_json(self) -> dict[str, Any]:
        """A JSON-able dict: ``{"kind": ..., "square": [row, col], ...}``."""
        out: dict[str, Any] = {"kind": self.kind}
        for name in _FIELDS[self.kind]:
            value = getattr(self, name)
            if name in ("square", "to"):
                if value >= 0:
                    out[name] = list(rc(value))
            else:
                out[name] = value
        return out

    @classmethod
    def from_json(cls, data: Any) -> Action:
        """The action of a JSON dict; :class:`IllegalAction` (code ``bad_action``)
        for anything that is not one (wrong kind, field, type or range)."""
        if not isinstance(data, dict):
            raise _bad("an action must be a JSON object")
        kind = data.get("kind")
        if not isinstance(kind, str) or kind not in _FIELDS:
            raise _bad(f"unknown action kind {shown(kind)}")
        allowed = _FIELDS[kind]
        unknown = [k for k in data if k != "kind" and k not in allowed]
        if unknown:
            raise _bad(f"unknown field(s) for {kind}: {', '.join(sorted(map(shown, unknown)))}"[:200])
        missing = [k for k in allowed if k not in data and k not in _OPTIONAL.get(kind, ())]
        if missing:
            raise _bad(f"{kind} needs {', '.join(missing)}")
        values: dict[str, Any] = {}
        for name in allowed:
            if name not in data:
                continue
            v = data[name]
            if name in ("square", "to"):
                values[name] = _square(v)
            elif name == "card":
                values[name] = _int(v, 1, 11, "card")
            elif name == "seat":
                values[name] = _int(v, 0, 3, "seat")
            elif name == "symbol":
                if not isinstance(v, str) or v not in SYMBOLS:
                    raise _bad(f"unknown lava symbol {shown(v)}")
                values[name] = v
            elif name == "gate":
                if not isinstance(v, str) or v not in _GATE_IDS:
                    raise _bad(f"unknown gate {shown(v)}")
                values[name] = v
        return cls(kind, **values)


def _bad(message: str) -> IllegalAction:
    return IllegalAction(message, code="bad_action", reason=message)


def _int(v: Any, lo: int, hi: int, name: str) -> int:
    if type(v) is not int or not lo <= v <= hi:
        raise _bad(f"{name} must be an integer {lo}..{hi}, not {shown(v)}")
    return v


def _square(v: Any) -> int:
    if not isinstance(v, list) or len(v) != 2:
        raise _bad(f"a square is [row, col], not {shown(v)}")
    r = _int(v[0], 0, HEIGHT - 1, "row")
    c = _int(v[1], 0, WIDTH - 1, "col")
    s = sq(r, c)
    if KIND[s] == "outside":
        raise _bad(f"({r}, {c}) is outside the city (P9)")
    return s


# Helpers for tests, docs and scenarios: squares as (row, col).
def play(card: int, at: tuple[int, int] | None = None) -> Action:
    return Action("play", sq(*at) if at else -1, card=card)


def erupt() -> Action:
    return Action("erupt")


def relative(at: tuple[int, int]) -> Action:
    return Action("relative", sq(*at))


def stop() -> Action:
    return Action("stop")


def omen(at: tuple[int, int], seat: int) -> Action:
    return Action("omen", sq(*at), seat=seat)


def lava(at: tuple[int, int], symbol: str) -> Action:
    return Action("lava", sq(*at), symbol=symbol)


def move(frm: tuple[int, int], to: tuple[int, int]) -> Action:
    return Action("move", sq(*frm), sq(*to))


def leave(frm: tuple[int, int], gate: str) -> Action:
    return Action("leave", sq(*frm), gate=gate)


def end() -> Action:
    return Action("end")
