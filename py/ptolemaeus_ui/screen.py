"""The Ptolemaeus screen as a one-way flow (pure: no browser).

    state --snapshot()--> Snapshot (the viewer's view + legal actions)
          --Screen.receive(snapshot, events)--> UI-local state (+ animation frames queued)
          --Screen.scene(log)--> El tree (board.render of a Model) --> the DOM patch (view.py)
    clicks and keys --Screen.click(act, arg) / escape()--> Outcome: an action for host.submit,
          or a UI-local change (selection, end screen) and where the focus goes

:class:`Screen` holds everything the view knows besides the state: the
selection (:class:`~ptolemaeus_ui.interact.Controller`), the animation queue,
the live region's lines, the board's tab stop, whether the end screen is
open, the scene drawn last. Every frame is computed from (view, that state,
the animation frame on screen); ``view.py`` only patches the DOM with the
scene, forwards events here, and carries out the :class:`FocusPlan`\\ s.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from boardui.focus import FocusPlan, Settler, act_selector, controls, first_new
from boardui.screen import Outcome, ScreenState, Snapshot, turn_said, waiting_prompt
from boardui.tree import El
from ptolemaeus.data import CONSTELLATIONS

from .board import Model, public_points, public_view, render, scene_of, turn_heading
from .interact import UI, Controller, Selection
from .points import earned as points_earned
from .strings import t
from .words import describe_log, last_move

LOG_LIMIT = 400      # lines of the move log kept on screen
TOGGLES = frozenset({"pay", "source", "hand"})   # acts that change a choice in place: the focus stays
VIEW_ACTS = frozenset({"skip_anim", "close_end", "open_end", "newgame", "undo", "end_action"})
BOARD_ACTS = frozenset({"const", "planet"})

PROMPT_BOX = ".pt-prompt"
PROMPT = ".pt-prompt .prompt"
WAITING_TEXTS = ("prompt.watching", "prompt.confirm", "prompt.confirm.held", "prompt.replay")   # boardui.screen.waiting_prompt
END_TITLE = ".pt-end .end-title"
DECISION = (END_TITLE, PROMPT)                  # where a new decision takes the focus
BOARD_STOP = ('.pt-board [data-act][tabindex="0"]', ".pt-board [data-act]")


def snapshot(state: Any, viewer: int | None) -> Snapshot:
    """``state.view(viewer)``, or a view with nobody's secrets when nobody in particular looks."""
    view = state.view(viewer) if viewer is not None else public_view(state)
    legal = state.legal_actions() if viewer is not None and state.current_player == viewer else []
    return Snapshot(view, viewer, legal)


@dataclass
class Screen(ScreenState):
    """UI-local state of one view and the pure steps of the flow (see the module docstring);
    a :class:`boardui.screen.Screen`."""

    ctl: Controller = field(default_factory=Controller)
    recent: set[str] = field(default_factory=set)
    last: list[dict] = field(default_factory=list)      # the events of the latest move (shown in words)
    focus: Settler = field(default_factory=lambda: Settler(DECISION, (END_TITLE,)))
    shown_event: str | None = None

    @staticmethod
    def over(view: dict[str, Any]) -> bool:
        return bool(view["is_over"])                    # board.render_end's condition

    # ------------------------------------------------------------ state in

    def receive(self, snap: Snapshot, events: list[dict], seats: list[dict]) -> bool:
        """A new state (``events``: the public events since this viewer last looked, [] for a
        redraw). True when an animation starts (its first frame is on screen: run the player)."""
        before = self.snap.view if self.snap is not None else None
        self.snap = snap
        self.seats = list(seats)
        if self.hand_over(snap.viewer):
            self.ctl.sel = Selection()
            self.board_focus = None
        view = snap.view
        self.ctl.update(view, snap.legal, snap.viewer, [s.get("name", "") for s in self.seats])
        events = list(events or [])
        if events:
            self._announce(events, self.note(before, snap, events))
        else:       # a redraw (start, resume, undo, language): nothing is recent, no move is "last"
            self.forget(view)
            self._announce(events, [])
        final = scene_of(view)
        new_frames = []
        if events:    # the animations' code is compiled when a first move comes, not for the first frame
            from . import animate
            new_frames = animate.frames(final, events, self.seats, view["players"], self.shown_event)
        self.shown_event = final["event"]
        if view["is_over"] and not self.was_over:
            self.show_end = True
        self.was_over = view["is_over"]
        return self.frames.push(new_frames)

    def note(self, before: dict[str, Any] | None, snap: Snapshot, events: list[dict]) -> list[str]:
        """Until the viewer acts, everything since stays marked: a bot's whole turn, its new tokens,
        every point where it was earned (issue 17, ``boardui.marks``); the moves in the log's words
        and the points they earned, to say."""
        view = snap.view
        earned = points_earned(before, view, events, self.seats)
        moves = [text for _kind, text in describe_log(events, self.seats)]
        if self.acted:
            self.recent = set()
            self.acted = False
        self.recent = self.recent | touched(events)
        self.last = events
        self.recap.see(moves, public_points(view), earned)
        return moves + [e.said for e in earned]

    def forget(self, view: dict[str, Any]) -> None:
        self.recent = set()
        self.last = []
        self.recap.reset(public_points(view))

    def _announce(self, events: list[dict], lines: list[str]) -> None:
        """The live region: ``lines`` (the moves and their points), then whose turn it is when that
        changed (or a turn ended)."""
        assert self.snap is not None
        lines = list(lines)
        turn = turn_heading(self.snap.view, self.snap.waiting, self.snap.viewer, self.seats)
        if turn != self.said_turn or any(e.get("type") in ("end_turn", "new_round") for e in events):
            lines += turn_said(self.snap, turn)
            self.said_turn = turn
        self.live.say(lines)

    # ------------------------------------------------------------ scene out

    def model(self, log: list[dict]) -> Model:
        assert self.snap is not None
        anim = self.frames.current
        ui = UI() if anim else self.ctl.ui()
        if self.snap.waiting is not None and not anim:   # the viewer's own move waits for Confirm
            ui.prompt = waiting_prompt(t, WAITING_TEXTS, self.snap.waiting, self.snap.held) or ui.prompt
            ui.notes = []
        return Model(
            view=self.snap.view, viewer=self.snap.viewer, seats=self.seats,
            ui=ui, waiting=None if anim else self.snap.waiting,
            scene=anim.scene if anim else None, caption=anim.caption if anim else None,
            animating=anim is not None, log=list(log)[-LOG_LIMIT:], busy=self.busy, show_end=self.show_end,
            last=last_move(self.last, self.seats), recent=set() if anim else self.recent,
            board_focus=self.board_focus, announce=list(self.live.lines),
            gains=dict(self.recap.gains), recap=self.recap_lines,
            marks=[] if anim else list(self.recap.earned), end_actions=list(self.end_actions))

    def scene(self, log: list[dict]) -> El:
        """The whole screen now; remembered as the scene drawn (the view patches the DOM with it)."""
        self.drawn = render(self.model(log))
        return self.drawn

    # ------------------------------------------------------------ input

    def click(self, act: str, arg: str = "") -> Outcome:
        """A click (or Enter/Space) on ``data-act=act``, ``data-arg=arg``."""
        if act in VIEW_ACTS:
            return self.view_click(act, arg)
        if self.animating or self.snap is None:
            return Outcome()
        before = controls(self.drawn, "pt-prompt")
        was = self.ctl.sel.const or self.ctl.sel.move_from
        action = self.ctl.click(act, arg)
        if action is not None:
            # A card panel's control (the deck, a face-up card) keeps the focus if it is offered again.
            cards = {(c.act, c.arg) for c in controls(self.drawn, "pt-cards")}
            self.focus.decided((act_selector(act, arg, ".pt-cards"),) if (act, arg) in cards else ())
            self.recap.acted()
            self.acted = True
            return Outcome(action=action)
        return Outcome(redraw=True, opened=(act, arg, before, was))

    def refused(self) -> None:
        """The host refused the action (e.g. the device is being passed): nothing changes."""
        self.focus.refused()

    def after_click(self, outcome: Outcome) -> FocusPlan:
        """The focus plan of an outcome, once its redraw is done (``drawn`` is the new scene)."""
        if outcome.opened is not None:
            return self._focus_after(*outcome.opened)
        if outcome.settle:
            return self.settle()
        return outcome.focus

    def _focus_after(self, act: str, arg: str, before: list, was: str | None) -> FocusPlan:
        """After a click that changed the selection but made no move yet: a toggle keeps the
        focus; a cancel goes back to the constellation; else the first choice the click opened
        (brought into view with its panel: on a phone the panel is above the board, scrolled
        away), else the element clicked, else the board's tab stop."""
        targets: list[str] = []
        if act in TOGGLES or (act == "bonus" and self.ctl.sel.bonus is None):
            targets.append(act_selector(act, arg))
        elif act == "cancel":
            if was:
                targets.append(act_selector("const", was))
            targets += BOARD_STOP
        opened = first_new(before, controls(self.drawn, "pt-prompt"), frozenset({"cancel"}))
        if opened is not None:
            targets.append(act_selector(opened.act, opened.arg, ".pt-prompt"))
        targets.append(act_selector(act, arg))
        if act not in BOARD_ACTS:
            targets += BOARD_STOP
        return FocusPlan(tuple(targets), if_lost=DECISION, reveal=PROMPT_BOX if opened is not None else "")

    def escape(self) -> Outcome | None:
        """Escape: close the end screen, or an open bonus card, or drop a half-made choice
        (None: nothing to do, the key goes on)."""
        if self.end_shown:
            return self.click("close_end")
        if self.animating or not self.ctl.legal:
            return None
        sel = self.ctl.sel
        if sel.bonus:
            name = sel.bonus
            self.ctl.click("bonus", name)
            return Outcome(redraw=True, focus=FocusPlan((act_selector("bonus", name),) + DECISION))
        if not (sel.const or sel.planet or sel.b_tokens or sel.move_from or sel.discard):
            return None
        was = sel.const or sel.move_from
        self.ctl.click("cancel")
        back = (act_selector("const", was),) if was else ()
        return Outcome(redraw=True, focus=FocusPlan(back + BOARD_STOP + DECISION))

    def rove(self, cell: str) -> None:
        """The board's tab stop moved (arrow keys, Tab, a click)."""
        self.board_focus = cell


def touched(events: list[dict]) -> set[str]:
    """Constellations the latest events happened on (highlighted on the board)."""
    out: set[str] = set()
    for e in events:
        if e.get("type") in ("place", "study", "swap", "retrieve", "observe"):
            at = e.get("at")
            for name in (at if isinstance(at, list) else [at]):
                if name in CONSTELLATIONS:
                    out.add(name)
    return out
