"""The contract between a game's pure screen and :class:`boardui.view.BoardView` (pure).

A game's view is split in two. Its *screen* (pure, tested under CPython) holds
the UI-local state (a selection, an open dialog, the board's tab stop, the
animation queue, the live region's lines) and computes everything:

    receive(snapshot, events, seats) -> bool   a new state; True when an animation starts
                                               (a bot's seat with ``level_label``: :func:`labelled`)
    recall(start, steps)                       the recap since the viewer decided, built again (a reload)
    watched()                                  that state is shown in a replay: no end dialog by itself
    language_changed()                         the page's language changed: the live region's lines go
    keep_end_closed() / end_closed             the end dialog as the player left it in an earlier view
    scene(log) -> El                           the whole screen now (and remembered as drawn)
    settle() -> FocusPlan                      the focus after a new state was drawn
    refocus() -> FocusPlan                     the focus when the shell's control that had it went away
    click(act, arg) -> Outcome                 a data-act click / Enter / Space
    escape() -> Outcome | None                 Escape (None: not the screen's)
    after_click(outcome) -> FocusPlan          the focus once an outcome's redraw is done
    rove(cell)                                 the board's tab stop moved
    refused()                                  the host refused the action submitted

:class:`boardui.view.BoardView` (browser) does the rest: it patches the DOM with
each scene, forwards input, carries out outcomes and focus plans, plays the
frames. The flow is one-way: nothing in the DOM is read back except which
element was clicked or focused.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from .anim import FrameQueue
from .curtain import Curtain
from .focus import NOWHERE, FocusPlan, Settler, act_selector
from .live import LiveRegion
from .recap import Recap
from .tree import El, h

ANNOUNCE_LIMIT = 12  # lines kept in the live region (only new ones are read out)

HOST_CALLS = frozenset({"new_game", "undo", "skip_anim", "end_action"})


@dataclass
class Outcome:
    """What an input leads to: an action for ``host.submit`` (the screen took it from the legal
    actions), a call to the host (``"new_game"``, ``"undo"``, ``"skip_anim"``, ``"end_action"`` with
    the shell's key in ``arg``), or a UI-local change to redraw and where the focus goes then."""

    action: Any = None
    host: str | None = None
    arg: str = ""                        # the host call's argument (an end action's key)
    redraw: bool = False
    focus: FocusPlan = NOWHERE           # where the focus goes after the redraw
    settle: bool = False                 # after the redraw, settle the focus as after a new state
    opened: Any = None                   # the screen's own note for after_click (e.g. what was open before)

    def __post_init__(self) -> None:
        if self.host is not None and self.host not in HOST_CALLS:
            raise ValueError(f"host call {self.host!r} is not one of {sorted(HOST_CALLS)}")


@dataclass
class Snapshot:
    """What the viewer may see of a state: the view, and the legal actions when they decide now."""

    view: dict[str, Any]
    viewer: int | None
    legal: list[Any]
    # "Confirm my moves" (the shell's ``host.awaiting``): "applied" or "held" while the viewer's own
    # move waits for their Confirm / Take back, "watching" while another tab plays the game (app.tabs),
    # "replay" in a replay (the host's ``replaying``: the moves are shown, none is decided);
    # ``legal`` is then [] (nothing else may be decided) and ``held`` is a held move (not on the
    # board yet) in the game's words, if it has them; ``held_events`` its seat's own choices (public:
    # what it reveals is not among them), which a game may draw on its board as not yet played.
    waiting: str | None = None
    held: str | None = None
    held_events: tuple[dict[str, Any], ...] = ()


def awaiting(snap: Snapshot, kind: str | None, held: str | None = None,
             held_events: tuple[dict[str, Any], ...] = ()) -> Snapshot:
    """``snap`` while the viewer's move waits for Confirm (``kind`` "applied" or "held"): nothing is
    offered (no legal action, so nothing is clickable, highlighted or in the tab order) and the
    screen says what waits; ``kind`` None (or nobody's eyes, but in a replay): ``snap`` as it is."""
    if kind is None or (snap.viewer is None and kind != "replay"):
        return snap
    return Snapshot(snap.view, snap.viewer, [], waiting=kind, held=held, held_events=held_events if kind == "held" else ())


def heading(whose_turn: Callable[..., str], view: dict[str, Any], waiting: str | None, viewer: int | None,
            seats: list[dict], says_you: bool = False) -> str:
    """The turn heading (and its live line): a game's ``whose_turn(view, viewer, seats, watching, confirm)``
    asked as ``Snapshot.waiting`` says.  In a replay nobody decides, so it names whose turn it is in the
    third person, for nobody's eyes, and a seat its host calls "You" goes by its ``third`` name
    (``app.replay``: "Player 1"), not "You's turn" — unless the game's ``whose_turn`` names that seat
    in the third person itself (``says_you``: "Turn: You"), so that the heading calls it what its score
    chips call it (play-test 6 #3: "Player 1's turn" beside "You 1 pt"); in a tab that watches, the
    turn is played in the other; while the viewer's move waits for Confirm (:func:`confirming`), it says so."""
    if waiting == "replay":
        viewer = None
        if not says_you:
            seats = [dict(seat, name=seat["third"]) if seat.get("third") else seat for seat in seats]
    return whose_turn(view, viewer, seats, waiting == "watching", confirming(waiting))


def turn_said(snap: Snapshot, turn: str) -> list[str]:
    """The live lines that say a new turn heading ``turn``: a held move's own words first (play-test 7
    #4: "Your move waits for your confirmation" was said before the move it meant, whose lines come
    only once it is confirmed, as it reveals something); else the heading alone."""
    if snap.waiting == "held" and snap.held:
        return [snap.held, turn]
    return [turn]


def labelled(seats: list[dict], level_label: Callable[[str], str] | None) -> list[dict]:
    """``seats`` for a screen, a bot's with ``level_label``: its level named by the game's spec, as the
    new-game form names it (each game's board had its own copy of that look-up); the others as they are."""
    return [dict(seat, level_label=level_label(seat["level"]))
            if level_label is not None and seat.get("kind") == "bot" and seat.get("level") else seat
            for seat in seats]


@dataclass
class ScreenState:
    """The UI-local state every game's screen holds besides its own (a game's ``Screen`` is a
    subclass that adds its selection and marks, and says when its view is over)."""

    snap: Snapshot | None = None
    seats: list[dict] = field(default_factory=list)
    busy: str | None = None
    show_end: bool = True
    frames: FrameQueue = field(default_factory=FrameQueue)
    live: LiveRegion = field(default_factory=lambda: LiveRegion(ANNOUNCE_LIMIT))
    board_focus: str | None = None                     # the board's tab stop
    curtain: Curtain = field(default_factory=Curtain)
    drawn: El | None = None                            # the scene drawn last
    was_over: bool = False
    said_turn: str | None = None
    recap: Recap = field(default_factory=Recap)         # lines and points since the viewer last acted
    acted: bool = False                                  # the viewer decided since the last events
    focus: Settler = field(default_factory=lambda: Settler((), ()))   # each game names its places
    # What the shell offers on the end screen besides a new game, [(key, label)] (``host.end_actions()``,
    # set by the view before each scene: a daily game's "Results"); the end screen draws end_buttons().
    end_actions: list[tuple[str, str]] = field(default_factory=list)
    # Does the view's ``narrow_query`` match now (set by the view before each scene, ``BoardView``): a
    # portrait phone's layout, as Pompeii's city turned a quarter so that its squares fit a finger.
    narrow: bool = False

    @staticmethod
    def over(view: dict[str, Any]) -> bool:
        """Is the game of this view over (each game's view says it its own way)?"""
        raise NotImplementedError

    def note(self, before: dict[str, Any] | None, snap: Snapshot, events: list[dict]) -> list[str]:
        """Record ``events`` (one state's, non-empty) in what stays until the viewer decides (the
        recap's lines and points, the board's marks, the last move), ``before`` the view shown before
        them; the lines to say. Each game's own (its ``receive`` calls it, and :meth:`recall`)."""
        raise NotImplementedError

    def forget(self, view: dict[str, Any]) -> None:
        """Nothing to recap from ``view`` on (a redraw: start, undo, language, the curtain), no last
        move. Each game's own (its ``receive`` calls it, and :meth:`recall` before the steps)."""
        raise NotImplementedError

    def recall(self, start: Snapshot, steps: list[tuple[Snapshot, list[dict]]]) -> None:
        """The recap since the viewer last decided built again, step by step as :meth:`receive` built
        it (a page reloaded: the save's steps replayed, ``gamekit.game.Rules.replay_steps``): ``start``
        the viewer's snapshot when they decided, ``steps`` each later state's and its events. Nothing is
        animated or said again, and the state on screen stays the one received last. Only the viewer's
        own snapshots: nobody's (the curtain down) recalls nothing."""
        if self.snap is None or self.snap.viewer is None or self.snap.waiting == "replay":
            return
        if any(s.viewer != self.snap.viewer for s in (start, *(snap for snap, _events in steps))):
            raise ValueError("a recap is recalled with the viewer's own snapshots only")
        self.forget(start.view)
        self.acted = False
        before = start.view
        for snap, events in steps:
            if events:
                self.note(before, snap, list(events))
            before = snap.view

    @property
    def view(self) -> dict[str, Any] | None:
        return self.snap.view if self.snap else None

    @property
    def viewer(self) -> int | None:
        return self.snap.viewer if self.snap else None

    @property
    def animating(self) -> bool:
        return self.frames.playing

    @property
    def recap_lines(self) -> list[str]:
        """The recap's lines to show: none in a replay, where nobody decided last (the lines would
        only grow with every move; the last move is shown as in play), nor to nobody's eyes (the
        hot-seat curtain and end screen, a game of bots, a tab that watches a hot-seat game): "since
        your last decision" spoke to nobody, and listed everything since the curtain last came down
        (play-test 6); else ``recap.lines``."""
        if self.snap is not None and (self.snap.waiting == "replay" or self.snap.viewer is None):
            return []
        return list(self.recap.lines)

    @property
    def end_shown(self) -> bool:
        """Is the end screen in the scene (the board's condition, without walking the tree)?"""
        if self.snap is None:
            return False
        return end_offered(self.over(self.snap.view), self.show_end, self.animating, self.snap.waiting)[0]

    @property
    def end_closed(self) -> bool:
        """Is the game over and its end screen closed by the player ("Look at the board")?"""
        view = self.view
        return bool(view and self.over(view) and not self.show_end)

    def keep_end_closed(self) -> None:
        """The player closed this game's end screen in an earlier view of it (the host's
        ``end_closed``: e.g. before its replay, and now back from it): the finished game is received
        with it closed, as it was left; its reopen button offers it."""
        self.was_over = True
        self.show_end = False

    def settle(self) -> FocusPlan:
        """The focus after a redraw: the end screen's title when it opens; the next decision's
        prompt after a decision made here, or when the focus was lost with its element. While the
        viewer's move waits for Confirm the shell's bar has taken the focus to its Confirm button
        (``app.confirmbar``): it stays there, where the prompt took it away (play-test 4)."""
        plan = self.focus.settle(self.end_shown)
        if self.snap is not None and confirming(self.snap.waiting) and not self.end_shown:
            return FocusPlan(if_lost=plan.if_lost)
        return plan

    def refocus(self) -> FocusPlan:
        """The focus when the control outside the board that had it went away (the header's Undo,
        disabled once nothing is left to undo): the decision, or the end screen's title."""
        return FocusPlan(self.focus.decision)

    def watched(self) -> None:
        """The state just received is shown in a replay (the host's ``replaying``): the shell's
        replay controls are on the screen, so the end screen, a modal dialog, does not open by
        itself over them. The board, its scores and the log show the result; the button that
        reopens the end screen (``open_end``) offers the rest until the replay moves on."""
        self.show_end = False

    def hand_over(self, viewer: int | None) -> bool:
        """Whose eyes are on the screen now (``Curtain.handover``): True when they changed, and then
        the live region forgets what it said to the last ones: a visually hidden line that named
        their own cards ("You draw…") stayed in the DOM for the next seat's screen reader (play-test 5).
        The game's screen drops its own UI-local state of the last viewer when this says so."""
        if not self.curtain.handover(viewer):
            return False
        self.live.clear()
        return True

    def language_changed(self) -> None:
        """The page's language changed (a redraw follows): the live region forgets its lines, said in
        the old one (play-test 3); the move log keeps every move, in the new one."""
        self.live.clear()

    def view_click(self, act: str, arg: str = "") -> Outcome:
        """What every game's screen does alike with the acts of the view itself: skip the
        animation, close or open the end screen, a new game, undo, one of the shell's end actions."""
        if act == "end_action":
            return Outcome(host="end_action", arg=arg)
        if act == "skip_anim":
            return Outcome(host="skip_anim")
        if act == "close_end":
            self.show_end = False
            self.focus.closed()
            return Outcome(redraw=True, focus=FocusPlan((act_selector("open_end"),)))
        if act == "open_end":
            self.show_end = True
            return Outcome(redraw=True, settle=True)
        if act in ("newgame", "undo"):
            return Outcome(host="new_game" if act == "newgame" else "undo")
        raise ValueError(f"{act!r} is not an act of the view")


CONFIRMING = frozenset({"applied", "held"})


def confirming(waiting: str | None) -> bool:
    """Does the viewer's own move wait for their Confirm / Take back (``Snapshot.waiting``)? A game's
    heading then says so, not whose turn comes after it (play-test 4: "Hypatia's turn" above a move
    that was not confirmed yet, while the prompt said it waited)."""
    return waiting in CONFIRMING


def waiting_prompt(t: Callable[..., str], keys: tuple[str, str, str, str], waiting: str | None,
                   held: str | None) -> str | None:
    """The prompt while nothing may be decided here (``Snapshot.waiting``), in the game's own texts:
    ``t`` and its ``keys`` for (another tab plays the game, a move waits for Confirm, a held move
    named with ``{move}``, a replay); None when nothing waits."""
    watching, waits, waits_naming, replay = keys
    if waiting is None:
        return None
    if waiting == "watching":
        return t(watching)
    if waiting == "replay":
        return t(replay)
    return t(waits_naming, move=held) if waiting == "held" and held else t(waits)


def end_offered(over: bool, show_end: bool, animating: bool, waiting: str | None) -> tuple[bool, bool]:
    """(the end dialog, its reopen button) on a game's screen: neither before the game is over, while
    its last moves are animated, nor while the move that ended it waits for Confirm / Take back (the
    modal dialog covered the shell's bar, whose buttons could not be clicked: play-test 5). Confirm
    opens the dialog; Take back resumes the game."""
    if not over or animating or confirming(waiting):
        return False, False
    return show_end, not show_end


def end_buttons(actions: list[tuple[str, str]]) -> list[El]:
    """The end screen's buttons for the shell's end actions (``ScreenState.end_actions``): one
    ``data-act="end_action"`` button each, ``data-arg`` its key (the screens' ``view_click``)."""
    return [h("button", {"type": "button", "class": "choice", "data-act": "end_action", "data-arg": key,
                         "data-end-action": key}, label) for key, label in actions]


MENU_LINK_KEY = "menu-link"


def with_menu_link(tree: El, text: str) -> El:
    """``tree`` with a link to the shell's menu (``text``: "Skip to the menu"; ``data-skip``, which the
    view's listener follows, ``host.to_menu``) as the last child of the panel that holds its prompt
    (the nearest ``section`` around the element of class ``prompt``, else the prompt's parent): the
    focus is on the prompt, after the header, so Tab went on through the board and the side panels
    before it reached the header (play-test 7 #10's leftover); now the prompt's own choices come
    first, then this stop (hidden until focused, ``static/app.css``), then the board. ``tree`` is not
    changed (the screen keeps it as drawn): the elements on the way are copied; without a prompt it
    is returned as it is."""
    path = _path_to_prompt(tree)
    if path is None or len(path) < 2:
        return tree
    panel = max((i for i, e in enumerate(path[:-1]) if e.tag == "section"), default=len(path) - 2)
    link = h("a", {"href": "#shell-menu", "class": "board-skip", "data-skip": "menu"}, text, key=MENU_LINK_KEY)
    made = _copy(path[panel], [*path[panel].children, link])
    for i in range(panel - 1, -1, -1):
        made = _copy(path[i], [made if c is path[i + 1] else c for c in path[i].children])
    return made


def _path_to_prompt(e: El) -> list[El] | None:
    """The elements from ``e`` down to its first element of class ``prompt`` (depth first), or None."""
    if "prompt" in e.attrs.get("class", "").split():
        return [e]
    for c in e.children:
        if isinstance(c, El):
            found = _path_to_prompt(c)
            if found is not None:
                return [e, *found]
    return None


def _copy(e: El, children: list[Any]) -> El:
    made = El(e.tag, None, children, e.text, e.key)
    made.attrs = dict(e.attrs)
    return made


class Screen(Protocol):
    frames: FrameQueue
    live: LiveRegion
    busy: str | None
    end_actions: list[tuple[str, str]]
    narrow: bool

    @property
    def view(self) -> Any: ...

    @property
    def viewer(self) -> int | None: ...

    @property
    def animating(self) -> bool: ...

    @property
    def end_closed(self) -> bool: ...

    def receive(self, snap: Any, events: list[dict], seats: list[dict]) -> bool: ...
    def recall(self, start: Any, steps: list[tuple[Any, list[dict]]]) -> None: ...
    def watched(self) -> None: ...
    def language_changed(self) -> None: ...
    def keep_end_closed(self) -> None: ...
    def scene(self, log: list[dict]) -> El: ...
    def settle(self) -> FocusPlan: ...
    def refocus(self) -> FocusPlan: ...
    def click(self, act: str, arg: str = "") -> Outcome: ...
    def escape(self) -> Outcome | None: ...
    def after_click(self, outcome: Outcome) -> FocusPlan: ...
    def rove(self, cell: str) -> None: ...
    def refused(self) -> None: ...
