"""What the viewer may click now, and what a click does (pure; driven by ``legal_actions()`` only).

The :class:`Controller` never builds an :class:`~pompeii.actions.Action`: every
action ``click`` returns is one of the legal actions it was given, so the page
cannot make an illegal move. Between the legal actions and that choice it
keeps a small selection (a card in phase 1, a citizen to move in phase 2, a
square whose actions differ only by a victim or a lava symbol), dropped
whenever the decision changes.

Clicks are ``(act, arg)`` pairs, the ``data-act`` / ``data-arg`` the renderer
puts on clickable elements:

===========  ==================================================================
``card``     a card of one's hand (arg: its number) — phase 1, P29
``sq``       a square of the board (arg: ``"row,col"``)
``nowhere``  play the chosen card without placing a citizen (P32, P34, PR4)
``erupt``    declare the eruption (P41, PR7)
``stop``     place no more relatives (P40)
``victim``   whose citizen on the chosen square dies (arg: seat), P37
``symbol``   which side of a dual tile (arg: symbol), P66
``leave``    the chosen citizen leaves through a gate (arg: ``G1``..``G7``), P57
``end``      end the movement step (PR12)
``cancel``   drop the selection
===========  ==================================================================
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pompeii.actions import Action
from pompeii.board import GATES, rc

GATE_NAME = {g["id"]: g["name"] for g in GATES}


def sq_arg(square: int) -> str:
    """``"row,col"`` of an engine square (the ``data-arg`` of a board square)."""
    r, c = rc(square)
    return f"{r},{c}"


@dataclass
class Choice:
    """A button of the decision panel."""

    act: str
    arg: str = ""
    key: str = ""            # the text id of its label (strings)
    params: dict[str, Any] = field(default_factory=dict)
    primary: bool = False
    pressed: bool | None = None


@dataclass
class UI:
    """Everything the renderer needs about interaction now."""

    active: bool = False
    step: str = ""
    cards: dict[int, bool] = field(default_factory=dict)     # playable card number -> selected
    squares: dict[str, str] = field(default_factory=dict)    # clickable square "r,c" -> role (hint id)
    selected: str | None = None                              # the selected square ("r,c")
    reach: dict[str, int] = field(default_factory=dict)      # reachable square -> distance (phase 2)
    exits: list[str] = field(default_factory=list)           # gates the selected citizen may leave by
    choices: list[Choice] = field(default_factory=list)


@dataclass
class Selection:
    """What the seat has picked so far: a card, a square."""

    card: int | None = None
    square: int | None = None      # a citizen to move, or a square whose actions need one more choice


class Controller:
    """The selection and the clicks of one seat's decision (see the module docstring)."""

    def __init__(self) -> None:
        self.legal: list[Action] = []
        self.view: dict[str, Any] | None = None
        self.sel = Selection()
        self._key: Any = None

    def update(self, view: dict[str, Any], legal: list[Action]) -> None:
        """A new state: the selection stays only if the decision is the same."""
        key = (view.get("step"), view.get("current"), tuple(legal))
        if key != self._key:
            self.sel = Selection()
        self._key = key
        self.view = view
        self.legal = list(legal)

    # ------------------------------------------------------------ what may be clicked

    def _at(self, square: int) -> list[Action]:
        """Actions a click on ``square`` may mean now."""
        step = self.view.get("step") if self.view else ""
        sel = self.sel
        if step == "play":
            if sel.card is None:
                return []
            return [a for a in self.legal if a.kind == "play" and a.card == sel.card and a.square == square]
        if step == "move":
            if sel.square is None:
                return []
            return [a for a in self.legal if a.kind == "move" and a.square == sel.square and a.to == square]
        return [a for a in self.legal if a.kind in ("relative", "omen", "lava") and a.square == square]

    def movers(self) -> set[int]:
        return {a.square for a in self.legal if a.kind in ("move", "leave")}

    def ui(self) -> UI:
        if not self.legal or self.view is None:
            return UI()
        step = self.view.get("step", "")
        sel = self.sel
        out = UI(active=True, step=step)
        kinds = {a.kind for a in self.legal}
        if step == "play":
            for a in self.legal:
                if a.kind == "play":
                    out.cards[a.card] = a.card == sel.card
            if sel.card is not None:
                for a in self.legal:
                    if a.kind == "play" and a.card == sel.card:
                        if a.square >= 0:
                            out.squares[sq_arg(a.square)] = "place"
                        else:
                            out.choices.append(Choice("nowhere", "", "btn.nowhere", {"card": sel.card}, True))
                out.choices.append(Choice("cancel", "", "btn.cancel"))
            if "erupt" in kinds:
                out.choices.append(Choice("erupt", "", "btn.erupt"))
        elif step in ("relative", "omen", "lava"):
            role = {"relative": "relative", "omen": "victim", "lava": "lava"}[step]
            if sel.square is not None:
                out.selected = sq_arg(sel.square)
                for a in self._at(sel.square):
                    if a.kind == "omen":
                        out.choices.append(Choice("victim", str(a.seat), "btn.victim", {"seat": a.seat}))
                    else:
                        out.choices.append(Choice("symbol", a.symbol, "btn.symbol", {"symbol": a.symbol}))
                out.choices.append(Choice("cancel", "", "btn.cancel"))
            else:
                for a in self.legal:
                    if a.kind in ("relative", "omen", "lava"):
                        out.squares[sq_arg(a.square)] = role
            if "stop" in kinds:
                out.choices.append(Choice("stop", "", "btn.stop"))
        elif step == "move":
            if sel.square is not None:
                out.selected = sq_arg(sel.square)
                for a in self.legal:
                    if a.kind == "move" and a.square == sel.square:
                        out.squares[sq_arg(a.to)] = "dest"
                    elif a.kind == "leave" and a.square == sel.square:
                        out.exits.append(a.gate)
                        out.choices.append(Choice("leave", a.gate, "btn.leave", {"gate": GATE_NAME[a.gate]}, True))
                out.squares[out.selected] = "deselect"
                out.choices.append(Choice("cancel", "", "btn.cancel"))
            else:
                for s in sorted(self.movers()):
                    out.squares[sq_arg(s)] = "mover"
            out.choices.append(Choice("end", "", "btn.end"))
        return out

    # ------------------------------------------------------------ clicks

    def click(self, act: str, arg: str = "") -> Action | None:
        """A click: the legal action it completes, or None (the selection may have changed).
        A click on something not clickable now changes nothing."""
        if not self.legal or self.view is None:
            return None
        sel = self.sel
        if act == "cancel":
            self.sel = Selection()
            return None
        if act in ("erupt", "stop", "end"):
            return self._only(lambda a: a.kind == act)
        if act == "card":
            card = _int(arg)
            if card is not None and any(a.kind == "play" and a.card == card for a in self.legal):
                self.sel = Selection(card=None if sel.card == card else card)
            return None
        if act == "nowhere":
            return self._only(lambda a: a.kind == "play" and a.card == sel.card and a.square < 0)
        if act == "victim" and sel.square is not None:
            seat = _int(arg)
            return self._only(lambda a: a.kind == "omen" and a.square == sel.square and a.seat == seat)
        if act == "symbol" and sel.square is not None:
            return self._only(lambda a: a.kind == "lava" and a.square == sel.square and a.symbol == arg)
        if act == "leave" and sel.square is not None:
            return self._only(lambda a: a.kind == "leave" and a.square == sel.square and a.gate == arg)
        if act == "sq":
            square = parse_square(arg)
            if square is None:
                return None
            step = self.view.get("step")
            hits = self._at(square) if (step not in ("relative", "omen", "lava") or sel.square is None) else []
            if len(hits) == 1:
                self.sel = Selection()
                return hits[0]
            if step == "move":
                if sel.square == square:
                    self.sel = Selection()
                elif square in self.movers():
                    self.sel = Selection(square=square)
            elif len(hits) > 1:
                self.sel = Selection(square=square)
        return None

    def _only(self, test: Any) -> Action | None:
        hits = [a for a in self.legal if test(a)]
        if len(hits) == 1:
            self.sel = Selection()
            return hits[0]
        return None


def _int(text: str) -> int | None:
    return int(text) if isinstance(text, str) and text.isascii() and text.isdigit() and len(text) <= 3 else None


def parse_square(arg: str) -> int | None:
    """The engine square of ``"row,col"`` (None for anything else)."""
    parts = arg.split(",") if isinstance(arg, str) else []
    if len(parts) != 2:
        return None
    r, c = _int(parts[0]), _int(parts[1])
    if r is None or c is None or not (0 <= r < 7 and 0 <= c < 11):
        return None
    return r * 11 + c


def click_path(action: Action, legal: list[Action]) -> list[tuple[str, str]]:
    """The clicks that make ``action`` (one of ``legal``) from an empty selection."""
    k = action.kind
    if k in ("erupt", "stop", "end"):
        return [(k, "")]
    if k == "play":
        first = ("card", str(action.card))
        return [first, ("sq", sq_arg(action.square))] if action.square >= 0 else [first, ("nowhere", "")]
    if k in ("relative", "omen", "lava"):
        same = [a for a in legal if a.kind == k and a.square == action.square]
        path = [("sq", sq_arg(action.square))]
        if len(same) > 1:
            path.append(("victim", str(action.seat)) if k == "omen" else ("symbol", action.symbol))
        return path
    if k == "move":
        return [("sq", sq_arg(action.square)), ("sq", sq_arg(action.to))]
    if k == "leave":
        return [("sq", sq_arg(action.square)), ("leave", action.gate)]
    raise ValueError(f"no clicks for {action!r}")
