"""The Pompeii screen as a one-way flow (pure: no browser).

    state --snapshot()--> Snapshot (the viewer's view + legal actions)
          --Screen.receive(snapshot, events)--> UI-local state (+ animation frames)
          --Screen.scene(log)--> El tree (board.render) --> the DOM patch (view.py)
    clicks and keys --Screen.click(act, arg) / escape()--> Outcome

Animations (opponents' and bots' moves, issue 12): the events are played
forward on the view shown before them — a citizen walks its path square by
square, lava falls on its square, citizens burn — each a frame; the last
frame gives way to the state's own scene.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from app import i18n
from boardui.focus import FocusPlan, Settler, act_selector, controls, first_new
from boardui.recap import Recap
from boardui.screen import Outcome, ScreenState, Snapshot, heading, turn_said
from boardui.tree import El
from pompeii.hidden import view as engine_view

from .board import Model, render, whose_turn
from .interact import Controller
from .strings import seat_label, t
from .words import OWN_EVENTS, captions, describe_log, held_card, held_pieces, name_of, starts

STEP_MS = 220        # a citizen's step
LAVA_MS = 700        # lava falling, citizens burning
VIEW_ACTS = frozenset({"skip_anim", "close_end", "open_end", "newgame", "end_action"})
PROMPT = ".pp-prompt .prompt"
END_TITLE = ".pp-end .end-title"
DECISION = (END_TITLE, PROMPT)
BOARD_STOP = ('.pp-board [data-cell][tabindex="0"]', ".pp-board [data-act]")


def snapshot(state: Any, viewer: int | None) -> Snapshot:
    """What ``viewer`` may see (None: nobody's hand, the hot-seat curtain is down) and, when that
    seat decides now, the legal actions."""
    legal = state.legal_actions() if viewer is not None and state.current_player == viewer else []
    return Snapshot(engine_view(state, viewer), viewer, legal)


@dataclass
class Frame:
    """One step of an animation: the squares then, its caption, how long it holds."""

    ms: int
    caption: str
    squares: list[dict[str, Any]]
    walker: dict[str, Any] | None = None
    path: list[list[int]] = field(default_factory=list)
    burning: set[str] = field(default_factory=set)
    falling: str | None = None


def _key(sq: Any) -> str:
    return f"{int(sq[0])},{int(sq[1])}"


class _Sim:
    """The board's squares as events change them (for the frames)."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.n = view["players"]
        self.sq: dict[str, dict[str, Any]] = {_key(s["square"]): copy.deepcopy(s) for s in view["squares"]}

    def at(self, key: str) -> dict[str, Any]:
        if key not in self.sq:
            r, c = (int(x) for x in key.split(","))
            self.sq[key] = {"square": [r, c], "citizens": [0] * self.n, "lava": None}
        return self.sq[key]

    def add(self, key: str, seat: Any, k: int = 1) -> None:
        cell = self.at(key)
        if type(seat) is not int or not 0 <= seat < self.n or cell["citizens"][seat] + k < 0:
            raise ValueError("the events do not follow the view")
        cell["citizens"][seat] += k

    def clear(self, key: str) -> None:
        self.at(key)["citizens"] = [0] * self.n

    def squares(self) -> list[dict[str, Any]]:
        return [copy.deepcopy(s) for s in self.sq.values() if any(s["citizens"]) or s["lava"]]


def frames_of(before: dict[str, Any] | None, events: list[dict], viewer: int | None,
              seats: list[dict]) -> list[Frame]:
    """The frames of others' moves among ``events``, played on the view shown ``before`` them
    (none when there is no such view or the events do not follow it)."""
    if before is None or not events:
        return []
    sim = _Sim(before)
    out: list[Frame] = []
    try:
        for e in events:
            kind = e.get("type")
            seat = e.get("seat")
            mine = seat is not None and seat == viewer
            said = captions(e, seats)
            caption = said[0] if said else ""
            if kind in ("placed", "relative_placed"):
                sim.add(_key(e["square"]), seat)
            elif kind == "omen_victim":
                key = _key(e["square"])
                if not mine:
                    out.append(Frame(LAVA_MS, caption, sim.squares(), burning={key}))
                sim.add(key, e["victim"], -1)
            elif kind == "lava_placed":
                key = _key(e["square"])
                sim.at(key)["lava"] = e["symbol"]
                if not mine:
                    burning = {key} if any(sim.at(key)["citizens"]) else set()
                    out.append(Frame(LAVA_MS, caption, sim.squares(), burning=burning, falling=key))
                    # What it did (the citizens burned, the gate closed) in a caption of its own, still burning.
                    out.extend(Frame(LAVA_MS, more, sim.squares(), burning=burning) for more in said[1:])
                sim.clear(key)
            elif kind == "trapped":
                keys = {_key(s[:2]) for s in e.get("squares", [])}
                out.append(Frame(LAVA_MS, caption, sim.squares(), burning=keys))
                for k in keys:
                    sim.clear(k)
            elif kind in ("moved", "saved"):
                path = [list(p) for p in e.get("path", [])]
                if not path:
                    continue
                start = _key(path[0])
                sim.add(start, seat, -1)
                if not mine:
                    for i, p in enumerate(path):
                        out.append(Frame(STEP_MS, caption, sim.squares(), walker={"seat": seat, "at": p},
                                         path=path[:i + 1]))
                if kind == "moved":
                    sim.add(_key(path[-1]), seat)
    except (ValueError, KeyError, TypeError, IndexError):
        return []
    return out


# The viewer's own doing, left out of its recap: its choices, and the card, lava tile or Omen it drew
# (its prompt and hand show them). What the game did after them stays: AD 79, the eruption, trapped citizens.
MINE = OWN_EVENTS | {"card_drawn", "tile_drawn", "omen"}


def others(events: list[dict], viewer: int | None) -> list[dict]:
    """``events`` but the viewer's own doing (:data:`MINE`): what happened since it decided, for its
    recap; nobody's eyes (None): every event."""
    return [e for e in events if viewer is None or e.get("seat") != viewer or e.get("type") not in MINE]


@dataclass
class Marks:
    """What happened on the board since the viewer last decided (issue 17 for Pompeii): the squares
    others' pieces arrived on (a citizen placed or moved, a relative, a lava tile), the citizens lost
    per square and the citizens saved per gate, by seat."""

    recent: set[str] = field(default_factory=set)
    lost_at: dict[str, dict[int, int]] = field(default_factory=dict)
    saved_at: dict[str, dict[int, int]] = field(default_factory=dict)

    def see(self, events: list[dict], viewer: int | None) -> None:
        """Add ``events`` (the engine's public events); events that do not parse are skipped."""
        for e in events:
            try:
                self._one(e, viewer)
            except (KeyError, TypeError, ValueError, IndexError, OverflowError):
                continue

    def _one(self, e: dict, viewer: int | None) -> None:
        kind, seat = e.get("type"), e.get("seat")
        others = seat is None or seat != viewer
        if kind in ("placed", "relative_placed", "lava_placed") and others:
            self.recent.add(_key(e["square"]))
        if kind == "moved" and others and e.get("path"):
            self.recent.add(_key(e["path"][-1]))
        if kind == "omen_victim":                               # P37: one citizen of the victim
            _count(self.lost_at, _key(e["square"]), int(e["victim"]), 1)
        elif kind == "lava_placed":                             # P49: everyone on the square
            for p, k in enumerate(e.get("killed") or []):
                _count(self.lost_at, _key(e["square"]), p, int(k))
        elif kind == "trapped":                                 # P50: enclosed by lava
            for sq in e.get("squares") or []:
                for p, k in enumerate(sq[2:]):
                    _count(self.lost_at, _key(sq[:2]), p, int(k))
        elif kind == "saved":                                   # P57: out through a gate
            _count(self.saved_at, str(e["gate"]), int(e["seat"]), 1)


def _count(table: dict[str, dict[int, int]], where: str, seat: int, k: int) -> None:
    if k > 0:
        here = table.setdefault(where, {})
        here[seat] = here.get(seat, 0) + k


class LogReading:
    """How far a reading of the growing event log got, so that a scene reads only the events added
    since: ``since(log, key)`` gives whether the reading starts over (the first call, another ``key``
    such as the language or the viewer, or another log: an undo, a new game) and the events not read."""

    def __init__(self) -> None:
        self.key: Any = LogReading      # no key equals the class itself: the first call starts over
        self.count = 0
        self.last: Any = None

    def since(self, log: list[dict], key: Any) -> tuple[bool, list[dict]]:
        n = len(log)
        again = not (self.key == key and self.count <= n and (self.count == 0 or log[self.count - 1] is self.last))
        if again:
            self.key, self.count, self.last = key, 0, None
        new = log[self.count:n]
        if new:
            self.count, self.last = n, log[n - 1]
        return again, new


@dataclass
class Screen(ScreenState):
    """UI-local state of one view and the pure steps of the flow (a :class:`boardui.screen.Screen`)."""

    ctl: Controller = field(default_factory=Controller)
    focus: Settler = field(default_factory=lambda: Settler(DECISION, (END_TITLE,)))
    last_path: list[list[int]] = field(default_factory=list)
    last_line: str = ""
    # recap (the base's): the saved citizens (P57: the score) and the lines
    lost: Recap = field(default_factory=Recap)      # the lost citizens (P65: the tie-break)
    marks: Marks = field(default_factory=Marks)     # where it all happened, since the viewer decided
    _log_words: list[str] = field(default_factory=list)     # the move log in words, so far
    _log_read: LogReading = field(default_factory=lambda: LogReading())      # how far _log_words reached
    _decided: bool = False                                   # the viewer of _decided_read decided already
    _decided_read: LogReading = field(default_factory=lambda: LogReading())  # how far _decided looked
    eyes_to_choose: bool = False    # a replay offers a seat's eyes ("Seen by"; set by the view): Model's

    @staticmethod
    def over(view: dict[str, Any]) -> bool:
        return bool(view["phase"] == "over")

    def receive(self, snap: Snapshot, events: list[dict], seats: list[dict]) -> bool:
        """A new state (``events``: the public events since this viewer last looked)."""
        before = self.snap.view if self.snap else None
        self.snap = snap
        self.seats = list(seats)
        if self.hand_over(snap.viewer):
            self.board_focus = None
        self.ctl.update(snap.view, snap.legal)
        events = list(events or [])
        if events:
            lines = self.note(before, snap, events)
        else:       # a redraw (start, resume, undo, language, a replay's jump): nothing to recap, no last move
            lines = []
            self.forget(snap.view)
        turn = heading(whose_turn, snap.view, snap.waiting, snap.viewer, self.seats, says_you=True)
        if turn != self.said_turn:
            if events and snap.legal:
                lines += self.recap_words()
            lines += turn_said(snap, turn)
            self.said_turn = turn
        self.live.say(lines)
        over = snap.view["phase"] == "over"
        if over and not self.was_over:
            self.show_end = True
        self.was_over = over
        return self.frames.push(frames_of(before, events, snap.viewer, self.addressed(snap)))

    def note(self, before: dict[str, Any] | None, snap: Snapshot, events: list[dict]) -> list[str]:
        """Until the viewer decides, everything since stays: a bot's whole turn, its new pieces,
        every citizen saved or lost (issue 17's recap, for Pompeii), and the last move; the moves in
        words, to say. They speak to the viewer ("You", in hot-seat too: play-test 6 read "Player 1
        placed…" on Player 1's own screen), and the recap keeps only what the viewer did not decide
        itself: the others' moves and what the game did since (play-test 6: Player 1's own turn
        was recapped to them, and a phase-2 move right after it was made)."""
        seats = self.addressed(snap)
        lines = describe_log(events, seats)
        if lines:
            self.last_line = lines[-1]
        for e in events:
            if e.get("type") in ("moved", "saved") and e.get("path"):
                self.last_path = [list(p) for p in e["path"]]
            elif e.get("type") in ("lava_placed", "placed", "tile_drawn"):
                self.last_path = []
        if self.acted:
            self.marks = Marks()
            self.acted = False
        self.marks.see(events, snap.viewer)
        self.recap.see(describe_log(others(events, snap.viewer), seats), snap.view["saved"])
        self.lost.see([], snap.view["dead"])
        return list(lines)

    def addressed(self, snap: Snapshot) -> list[dict]:
        """The seats as the words about the moves call them on this screen: the viewer is "You"
        (a replay tells the moves in the third person, as its heading does)."""
        if snap.viewer is None or snap.waiting == "replay":
            return self.seats
        return i18n.addressed(self.seats, snap.viewer)

    def forget(self, view: dict[str, Any]) -> None:
        self.last_line, self.last_path = "", []
        self.marks = Marks()
        self.recap.reset(view["saved"])
        self.lost.reset(view["dead"])

    def recap_words(self) -> list[str]:
        """The citizens saved and lost since the viewer decided, for a screen reader."""
        seats = self.addressed(self.snap) if self.snap is not None else self.seats
        names = [seat_label(name_of(seats, p)) for p in range(len(self.recap.now))]
        out = []
        if self.recap.gains:
            out.append(t("recap.saved", list=self.recap.words(names)))
        if self.lost.gains:
            out.append(t("recap.lost", list=self.lost.words(names)))
        return out

    def model(self, log: list[dict]) -> Model:
        assert self.snap is not None
        anim = self.frames.current
        view = self.snap.view
        if anim is not None:
            view = dict(view, squares=anim.squares)
        first = starts(view, self.seats)
        return Model(view=view, viewer=self.snap.viewer, seats=self.seats,
                     ui=self.ctl.ui(), log=([first] if first else []) + self.log_words(log), busy=self.busy,
                     show_end=self.show_end, animating=anim is not None,
                     caption=anim.caption if anim else None, walker=anim.walker if anim else None,
                     path=anim.path if anim else self.last_path, burning=anim.burning if anim else set(),
                     falling=anim.falling if anim else None,
                     board_focus=self.board_focus, announce=list(self.live.lines), last=self.last_line,
                     gains={p: int(k) for p, k in self.recap.gains.items()},
                     losses={p: int(k) for p, k in self.lost.gains.items()},
                     recap=self.first_recap(log), recent=set() if anim else set(self.marks.recent),
                     lost_at={} if anim else dict(self.marks.lost_at),
                     saved_at={} if anim else dict(self.marks.saved_at),
                     waiting=self.snap.waiting, held=self.snap.held, held_at=held_pieces(self.snap.held_events),
                     held_card=held_card(self.snap.held_events, self.snap.viewer),
                     end_actions=list(self.end_actions), turned=self.narrow,
                     eyes_to_choose=self.eyes_to_choose)

    def first_recap(self, log: list[dict]) -> list[str]:
        """The recap's lines; before the viewer's first decision, when others played before it, led by
        who started, drawn at random (PR17): their moves came before its first turn (play-test 7 #16)."""
        lines = self.recap_lines
        snap = self.snap
        if not lines or snap is None or self.decided(log, snap.viewer):
            return lines
        first = starts(snap.view, self.addressed(snap))
        return [first, *lines] if first else lines

    def decided(self, log: list[dict], viewer: int | None) -> bool:
        """Has ``viewer`` made a decision of its own in ``log`` (one of :data:`OWN_EVENTS`)? Each scene
        asks while a recap shows: only the events new since the last call are looked at (the whole log
        again after an undo, a new game or another viewer), not the whole log at every scene."""
        again, new = self._decided_read.since(log, viewer)
        if again:
            self._decided = False
        if new and not self._decided:
            self._decided = any(e.get("seat") == viewer and e.get("type") in OWN_EVENTS for e in new)
        return self._decided

    def log_words(self, log: list[dict]) -> list[str]:
        """The move log in words, describing only the events new since the last call (the whole
        log again after an undo, another language or other seats)."""
        again, new = self._log_read.since(log, (i18n.language(), tuple(s.get("name") for s in self.seats)))
        if again:
            self._log_words = []
        if new:
            self._log_words = self._log_words + describe_log(new, self.seats)
        return self._log_words

    def scene(self, log: list[dict]) -> El:
        self.drawn = render(self.model(log))
        return self.drawn

    def click(self, act: str, arg: str = "") -> Outcome:
        if act in VIEW_ACTS:
            return self.view_click(act, arg)
        if self.animating or self.snap is None:
            return Outcome()
        before = controls(self.drawn, "pp-prompt")
        action = self.ctl.click(act, arg)
        if action is not None:
            self.focus.decided()
            self.recap.acted()
            self.lost.acted()
            self.acted = True
            return Outcome(action=action)
        return Outcome(redraw=True, opened=(act, arg, before))

    def refused(self) -> None:
        self.focus.refused()

    def after_click(self, outcome: Outcome) -> FocusPlan:
        if outcome.opened is not None:
            act, arg, before = outcome.opened
            targets: list[str] = []
            if act in ("sq", "card"):
                # A square or a card chosen: the focus stays there (the board's next choices are
                # a key away); a new button of the panel (a victim, a symbol) comes first.
                opened = first_new(before, controls(self.drawn, "pp-prompt"), frozenset({"cancel", "end"}))
                if opened is not None and opened.act in ("victim", "symbol"):
                    targets.append(act_selector(opened.act, opened.arg, ".pp-prompt"))
                targets.append(act_selector(act, arg))
                if act == "sq":
                    targets.append(f'.pp-board [data-cell="{arg}"]')
            targets += list(BOARD_STOP)
            return FocusPlan(tuple(targets), if_lost=DECISION)
        if outcome.settle:
            return self.settle()
        return outcome.focus

    def escape(self) -> Outcome | None:
        if self.end_shown:
            return self.click("close_end")
        if self.animating or not self.ctl.legal:
            return None
        sel = self.ctl.sel
        if sel.card is None and sel.square is None:
            return None
        self.ctl.click("cancel")
        return Outcome(redraw=True, focus=FocusPlan(BOARD_STOP + DECISION))

    def rove(self, cell: str) -> None:
        self.board_focus = cell
