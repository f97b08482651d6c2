"""The controller of a game on screen: it implements ``Host`` for the game's view.

Pure Python (asyncio only; no browser imports): the page gives it the view,
the storage and a :class:`ShellUI` for what lies around the view (notices,
the pass-the-device screen, the shell's buttons); the tests give it fakes.

What it does:

* applies each decision through the session (legal or ValueError), saves
  the session after every applied action, and redraws the view;
* plays the bots in an asyncio task: ``BotSearch.step`` in slices of at
  most ``slice_seconds`` (25 ms), ``await sleep(0)`` between slices so the
  browser can paint and take input; "watchable" speed leaves at least
  ``WATCH_SECONDS`` between consecutive moves, "slow" twice that (``PACE``);
* undo: the human deciding now takes back their own last step (and the bot
  steps after it), never past the last reveal of hidden information;
* "confirm my moves" (``settings["confirm"] == "on"``, the shell's default): a
  human's turn-ending move is shown with Confirm / Take back before anyone
  answers (``awaiting``, ``confirm()``, ``take_back()``).  A move that reveals
  nothing is applied (and saved) at once and the bots wait; Take back removes
  it.  A move that would reveal hidden information (a card drawn) could not be
  taken back once seen, so it is *held*, unapplied, until confirmed: the
  board stays as it was and the confirm bar names the move.  So is a move that
  ends the game (play-test 7 #1: the result, a daily challenge's among them, was
  shown and recorded while Take back was still offered).  It is kept in
  storage beside the save (``<prefix>held``: the game, how many actions came
  before it, the move), so that a reload holds it again (play-test 6 #8: it
  was gone without a word); a record that does not fit the game is dropped;
* hot-seat: with two or more human seats, when the decision passes to another
  human the board is redrawn for nobody (``viewer=None``), hidden, and a
  "pass the device to <name>" screen waits for that player.
"""

from __future__ import annotations

import asyncio
import json
import sys
import time
import traceback
from typing import Any, NamedTuple, Protocol
from collections.abc import Awaitable, Callable

from app.errors import error_text
from app.games import GameSpec, GameView
from app.i18n import seat_label, t
from app.session import Session
from app.storage import SaveConflict, SaveStore, StorageError
from app.tabs import ASKING, PLAYING

__all__ = ["Controller", "PACE", "ShellUI", "SLICE_SECONDS", "WATCH_SECONDS", "bot_seed"]

SLICE_SECONDS = 0.025  # a slice, its bookkeeping and the yield stay well under 50 ms
HELD_ENTRY = "held"    # storage: the move held for Confirm, {"id", "at", "action"} (see the module doc)
WATCH_SECONDS = 0.6
# bot_speed -> the least time between consecutive moves, in WATCH_SECONDS ("instant": none). "slow" is twice
# "watchable" (play-test 8 F2: a newcomer could not read the bots' steps at one every ~0.5 s).
PACE = {"watchable": 1.0, "slow": 2.0}


class ShellUI(Protocol):
    """The page around the view, as the controller needs it."""

    def show_pass_screen(self, name: str, on_ready: Callable[[], None]) -> None: ...
    def hide_pass_screen(self) -> None: ...
    def notify(self, text: str | None, kind: str = "info") -> None: ...  # kind "save": None clears it
    def busy(self, text: str | None) -> None: ...
    def refresh(self) -> None: ...          # controls (undo...) and status may have changed
    def new_game(self) -> None: ...
    # optional: ``confirm_bar(kind)`` with kind None, "applied" or "held" (the Confirm / Take back bar)
    # optional: ``to_menu()``, the focus to the header's first control (``Controller.to_menu``)


class _Outcome(NamedTuple):
    """A human's move played on a copy (:meth:`Controller._after`)."""

    state: Any                # the state after it
    events: list[dict]        # what it did (a held move's prompt names it with them)
    data: dict[str, Any]      # its JSON, as a save writes it
    forced: bool              # the only legal move: nothing could be chosen instead (play-test 6), so
                              # Confirm would only delay it and Take back offer it again: played at once


def bot_seed(setup_seed: int, move: int, seat: int) -> int:
    """The seed of a bot's search: fixed by the position, so a replayed game asks the same."""
    return (setup_seed * 1_000_003 + move * 7919 + seat) % (2**31 - 1)


class Controller:
    """One game on screen (``Host`` of its view)."""

    def __init__(self, session: Session, store: SaveStore | None, ui: ShellUI, settings: dict, *,
                 sleep: Callable[[float], Awaitable[Any]] = asyncio.sleep,
                 clock: Callable[[], float] = time.perf_counter,
                 slice_seconds: float = SLICE_SECONDS, watch_seconds: float = WATCH_SECONDS,
                 log_error: Callable[[str], Any] | None = None):
        self.session = session
        self.spec: GameSpec = session.spec
        self.store = store
        self.ui = ui
        self.settings = settings
        self.seats = session.seats
        self.view: GameView | None = None
        self.sleep = sleep
        self.clock = clock
        self.slice_seconds = slice_seconds
        self.watch_seconds = watch_seconds
        self.viewer: int | None = None       # whose eyes are on the screen
        self.passing_to: int | None = None   # the pass screen is up for this seat
        self.save_problem: str | None = None
        self.bot_times: list[float] = []     # seconds of thinking per bot decision
        self.bot_slices: list[float] = []    # longest step() per bot decision
        self.bot_errors: list[Exception] = []  # searches that failed (reported, nothing played)
        # Where a failure's traceback goes (the page: the browser's console; default: stderr).
        self.log_error: Callable[[str], Any] = log_error or (lambda text: print(text, file=sys.stderr))
        self._seen: dict[int | None, int] = {}  # viewer -> how much of the log it was shown
        # Seats whose recap comes from the save (a reload): built again each time they are shown the
        # game until new moves reach their screen or they decide (then the screen's own goes on).
        self._recall: set[int] = set()
        self._task: asyncio.Future | None = None
        self._generation = 0
        self._last_move_at = -1e9
        self._stopped = False
        self._busy_seat: int | None = None  # the bot thinking now, if any
        self.read_only = False              # another tab plays this game (app.tabs): show, change nothing
        self.watching = False               # known to (not only until the lock answers): the board says so
        self.replaying = False              # play, not a replay (app.games.Host)
        self.awaiting: str | None = None    # "applied" / "held": a human's move waits for Confirm
        self.held: Any = None               # the held move (it would reveal hidden information)
        self.held_events: list[dict] = []   # its events on a copy: what the view names it with
        self._confirm_from = 0              # how many actions there were before the awaiting move
        self._said: list[str] = []          # lines for the view's live region, said once (said())
        # What the shell offers on the game's end screen besides a new game (a daily game: its results):
        # (key, its label in the current language, what it does); views ask end_actions().
        self.extra_end: list[tuple[str, Callable[[], str], Callable[[], None]]] = []
        # The player closed the game's end screen (set by the view): a view mounted again for this game
        # (the shell's, back from its replay) opens with it closed (app.games.Host).
        self.end_closed = False

    # ------------------------------------------------------------ life

    def attach(self, view: GameView) -> None:
        self.view = view

    def open(self, new: bool) -> None:
        """First display of a game opened in this tab.  A new game (a fresh id: no other tab can
        hold it) is saved now and plays at once; a saved one is only shown, read-only, until this
        tab may play it (:meth:`follow_tab`), which then saves it (it becomes the current game)."""
        self.read_only = not new
        if new:
            self.save()
        self.start()

    def start(self) -> None:
        """First display of a new or resumed game (nothing to animate)."""
        humans = self.session.humans()
        n = len(self.session.log)
        self._seen = {seat: n for seat in [None, *humans]}
        # What happened since each human last decided is recapped again when they look (a reload).
        self._recall = set(humans)
        # One human: always their eyes.  Several: nobody's until one takes the device.
        self.viewer = humans[0] if len(humans) == 1 else None
        self._advance(redraw=True)

    def stop(self) -> None:
        """Leave this game (new game, import...): stop the bots, remove the view."""
        self._stopped = True
        if self.awaiting is not None:
            self._set_awaiting(None)
        self._cancel_bots()
        self.ui.busy(None)
        self.ui.hide_pass_screen()
        if self.view is not None:
            self.view.destroy()
            self.view = None

    # ------------------------------------------------------------ Host

    def submit(self, action: Any) -> None:
        if self._stopped:
            raise ValueError("this game has been left")
        if self.read_only:
            raise ValueError("another tab plays this game")
        if self.awaiting is not None:
            raise ValueError("confirm or take back the last move first")
        seat = self.session.current_player()
        if not self.session.is_human(seat):
            raise ValueError("no human is to decide now")
        if self.passing_to is not None:
            raise ValueError(f"the device is being passed to {self.seats[self.passing_to]['name']}")
        after = self._after(action) if self.confirming() else None
        self._recall.discard(seat)         # it decided: its screen's own recap goes on from here
        if after is not None and not after.forced and self._ends_turn(seat, after.state):
            self._confirm_from = len(self.session.actions)
            if self._holds(after.state):
                self.held, self.held_events = action, after.events
                self._set_awaiting("held")
                self._keep_held(after.data)
                self._show(self.viewer, redraw=True)   # the view's choice is reset: the board as it is
                self.ui.refresh()
                return
            self.session.apply(action)
            self._last_move_at = self.clock()
            self.save()
            self._set_awaiting("applied")
            self._show(self.viewer if self.viewer is not None else seat)
            self.ui.refresh()
            return
        self.session.apply(action)  # ValueError if illegal: nothing changed
        self._last_move_at = self.clock()
        self._changed()

    # ------------------------------------------------------------ confirm my moves

    def confirming(self) -> bool:
        """Whether a human's turn-ending move waits for Confirm (the "confirm my moves" setting)."""
        return self.settings.get("confirm") == "on"

    def _after(self, action: Any) -> _Outcome:
        """``action`` played on a copy (ValueError if it is illegal: nothing changed).  Computed
        once per move, the legal actions listed once: whether it ends the turn, whether it would
        reveal something, for a held move the words the prompt names it with and the JSON kept
        beside the save, and whether it was forced."""
        from app.session import canonical_action

        state = self.spec.clone(self.session.state)
        legal_now = self.spec.legal_actions(state)
        legal, data = canonical_action(self.spec, state, action, legal_now)
        events = self.spec.apply(state, legal)
        return _Outcome(state, list(events or []), data, len(legal_now) == 1)

    def _holds(self, after: Any) -> bool:
        """Whether a turn-ending move leading to ``after`` waits unapplied for Confirm: it would reveal
        something hidden, or end the game (its result is shown, and a daily challenge's recorded, once
        the move is played), neither of which Take back could undo."""
        return bool(self.spec.reveals_hidden(after)) or bool(self.spec.is_over(after))

    def held_reason(self) -> str | None:
        """The Confirm bar's sentence for the held move, in the current language: the game's own
        (``GameSpec.held_reveals``: play-test 8 F5, a turn "revealed something hidden" when the
        next player's draw was meant), else None (the bar's general words).  None when no move is held."""
        seat = self.session.current_player()
        if self.awaiting != "held" or seat is None:
            return None
        try:
            return self.spec.held_reveals(self.held_events, seat)
        except Exception:  # noqa: BLE001 - a nicety: the general words say it too
            self.log_error(traceback.format_exc())
            return None

    def _ends_turn(self, seat: int | None, after: Any) -> bool:
        return bool(self.spec.is_over(after)) or self.spec.current_player(after) != seat

    def _set_awaiting(self, kind: str | None) -> None:
        self.awaiting = kind
        if kind != "held":
            self.held, self.held_events = None, []
        bar = getattr(self.ui, "confirm_bar", None)
        if bar is not None:
            bar(kind)

    def confirm(self) -> None:
        """The awaiting move stands: a held one is applied now; then the others answer."""
        kind, action = self.awaiting, self.held
        if kind is None:
            raise ValueError("no move waits for confirmation")
        if self.read_only:
            raise ValueError("another tab plays this game")
        self._set_awaiting(None)
        if kind == "held":
            # Its words were said as it waited (``boardui.screen.turn_said``): the view says this, not
            # them again, before what the move reveals (``boardui.view.BoardView.show``).
            self._said = [t("confirm.confirmed")]
            self._drop_held()
            self.session.apply(action)
            self._last_move_at = self.clock()
            self._changed()
        else:
            self._advance()

    def take_back(self) -> None:
        """The awaiting move is withdrawn: the board is as it was before it, the same seat decides."""
        kind = self.awaiting
        if kind is None:
            raise ValueError("no move waits for confirmation")
        if self.read_only:
            raise ValueError("another tab plays this game")
        self._set_awaiting(None)
        # A screen reader hears it (play-test 7 #4: the live region went on to "Your turn" unexplained).
        self._said = [t("confirm.taken_back")]
        if kind == "held":
            self._drop_held()
        if kind == "applied":
            self.session.truncate(self._confirm_from)
            self._seen = {k: min(v, len(self.session.log)) for k, v in self._seen.items()}
            self.save()
        self._advance(redraw=True)

    def said(self) -> list[str]:
        """What the shell has the view announce before its own lines, once ("Move taken back", "Move
        confirmed" for a held move), in the current language. Optional for a Host (a view asks with
        ``getattr``; ``boardui`` says them in its live region, the page's only one for the game)."""
        lines, self._said = self._said, []
        return lines

    def menu_link(self) -> str:
        """The text of the view's link to the header's menu, its first stop after the prompt's own
        choices (optional for a Host: ``boardui.screen.with_menu_link`` draws it, hidden until focused,
        and the view calls :meth:`to_menu` when it is followed): the prompt has the focus and lies after
        the header, so Tab went through the whole board before the header."""
        return t("header.skip")

    def to_menu(self) -> None:
        """The view's menu link was followed: the focus goes to the header's first control (the
        ``ShellUI``'s optional ``to_menu``)."""
        to_menu = getattr(self.ui, "to_menu", None)
        if to_menu is not None:
            to_menu()

    def can_undo(self) -> bool:
        return not self._stopped and not self.read_only and self.passing_to is None \
            and self.awaiting is None and self.session.undo_target() is not None

    def undo_refused(self) -> str | None:
        """Why the human deciding now has nothing to undo (``Session.undo_refused``: ``"revealed"``,
        ``"nothing"``, ``"over"``), for the header to say; None when Undo is possible or off for a reason the
        page shows already (a move waiting for Confirm, the device being passed, another tab)."""
        if self._stopped or self.read_only or self.passing_to is not None or self.awaiting is not None:
            return None
        return self.session.undo_refused()

    def follow_tab(self, state: str) -> None:
        """This tab's right to play the game (``app.tabs``' state): "playing" plays it, "watching"
        (or no game) shows it read-only; "asking" (the answer is coming) leaves it as it was opened."""
        if state == PLAYING:
            self.watching = False
            self.set_read_only(False)
        elif state != ASKING:
            was, self.watching = self.watching, True
            redrawn = self.set_read_only(True)
            if not was and not redrawn:
                self._show(self.viewer, redraw=True)   # the board says this tab only watches

    def set_read_only(self, read_only: bool) -> bool:
        """Another tab plays this game (True: bots stop, nothing is saved) or this one does again
        (False: it saves, which makes it the current game, and play goes on).  Only a change
        does anything: a game that plays already is not saved again.  True if the board was redrawn."""
        if read_only == self.read_only:
            return False
        self.read_only = read_only
        if read_only:
            self._cancel_bots()
            waited = self.awaiting is not None
            if waited:
                # The other tab plays on from the save: a held move was never played (confirming it
                # here would show what it reveals, a card the other tab then draws), an applied one
                # is in the save and stands. Nothing waits here any more.
                if self.awaiting == "held":
                    self._drop_held()
                self._set_awaiting(None)
            if self.spectating() and (self.viewer is not None or self.passing_to is not None):
                self._advance(redraw=True)      # the seat's hand, or the curtain, goes
                return True
            if waited:
                self._show(self.viewer, redraw=True)
                return True
        elif not self._stopped:
            self.save()
            self._advance()
        return False

    def spectating(self) -> bool:
        """Does this tab show the game to nobody in particular?  A tab that only watches (another tab
        plays the game: app.tabs) a game of several human seats on this device: the tab that plays may
        have its hand-over curtain up, and a watching tab showed the hand it hides, with a pass screen
        of its own to show any seat's (play-test 5). It shows what a spectator may see, no curtain."""
        return self.read_only and len(self.session.humans()) >= 2

    def undo(self) -> None:
        if not self.can_undo():
            raise ValueError("nothing to undo")
        target = self.session.undo_target()
        assert target is not None          # can_undo() said so
        self._recall.discard(self.session.current_player())   # an undo recaps nothing (a redraw)
        self._cancel_bots()
        self.session.truncate(target)
        self._said = [t("header.undone")]   # a screen reader hears it (the page shows it: play-test 8 F10)
        # The log is shorter now: whatever was shown is stale, redraw from here.
        self._seen = {k: min(v, len(self.session.log)) for k, v in self._seen.items()}
        self.save()
        self._advance(redraw=True)

    def new_game(self) -> None:
        self.ui.new_game()

    def log(self) -> list[dict]:
        return list(self.session.log)

    def end_actions(self) -> list[tuple[str, str]]:
        """What the end screen offers besides a new game: [(key, label)] (optional for a Host: a view
        asks with ``getattr``; ``boardui`` draws them as buttons and calls :meth:`end_action`)."""
        return [(key, label()) for key, label, _run in self.extra_end]

    def end_action(self, key: str) -> None:
        """One of :meth:`end_actions` was chosen (ValueError for a key not offered)."""
        for offered, _label, run in self.extra_end:
            if offered == key:
                run()
                return
        raise ValueError(f"no end action {key!r}")

    def redraw(self) -> None:
        """Draw the game again as it is (after the language changed): nothing is played or
        animated; a bot that is thinking goes on, its notice in the new language."""
        if self._stopped or self.view is None:
            return
        changed = getattr(self.view, "language_changed", None)
        if changed is not None:
            changed()
        viewer = self.viewer if self.passing_to is None else None
        self.view.show(self.session.state, viewer, [])
        self._recap_again(viewer)
        if self._busy_seat is not None:
            self._busy(t("host.thinking", name=seat_label(self.seats[self._busy_seat]["name"])))

    # ------------------------------------------------------------ flow

    def _changed(self) -> None:
        self.save()
        self._advance()

    def save(self) -> None:
        """Write the session to storage; a failure is told to the player (and cleared once saving works)."""
        if self.store is None or self.read_only:
            return
        try:
            self.store.save(self.session)
        except SaveConflict as e:             # another tab wrote this game: never overwrite its moves
            self.save_problem = str(e)
            self.ui.notify(self.save_problem, "save")
            conflict = getattr(self.ui, "save_conflict", None)
            if conflict is not None:
                conflict()
        except StorageError as e:
            self.save_problem = t("host.save_failed", error=e)
            self.ui.notify(self.save_problem, "save")
        else:
            if self.save_problem is not None:
                self.save_problem = None
                self.ui.notify(None, "save")

    def _show(self, viewer: int | None, redraw: bool = False) -> None:
        if self.view is None:
            return
        log = self.session.log
        start = len(log) if redraw else self._seen.get(viewer, len(log))
        self._seen[viewer] = len(log)
        self.view.show(self.session.state, viewer, list(log[start:]))
        self._recap_again(viewer, bool(log[start:]))

    def _recap_again(self, viewer: int | None, moved: bool = False) -> None:
        """After a show for ``viewer``: its recap built again from the save while the screen has none
        of its own (:attr:`_recall`; a redraw — the tab's turn to play, a language — had emptied it);
        once new moves reached its screen (``moved``) the screen goes on from there."""
        if viewer is None or viewer not in self._recall:
            return
        if moved:
            self._recall.discard(viewer)
        self._recall_since(viewer)

    def _recall_since(self, seat: int) -> None:
        """The view's recap of what happened since ``seat`` last decided, regenerated from the save
        (setup + actions: ``replay_steps``) rather than kept, so that it is there again after a reload
        (play-test: the bots' turn was gone).  It starts where the screen's had: at the seat's last
        action, or after it when "confirm my moves" had the seat confirm a turn-ending move that revealed
        nothing (the board drawn again then began the recap anew)."""
        recall = getattr(self.view, "recall", None)       # optional (app.games.GameView)
        session = self.session
        if recall is None or not session.actions:      # a new game: nothing to replay (a link's start)
            return
        mine = [i for i, mover in enumerate(session.movers) if mover == seat]
        first = mine[-1] if mine else 0
        try:
            before, steps = self.spec.replay_steps(session.setup, session.actions, first)
        except Exception:  # noqa: BLE001 - a nicety: the board and the move log show the game anyway
            self.log_error(traceback.format_exc())
            return
        if mine and steps and self.confirming() and not steps[0].revealed:
            ended = steps[1].seat != seat if len(steps) > 1 else session.over or session.current_player() != seat
            if ended:
                before, steps = steps[0].state, steps[1:]
        recall(seat, before, [(step.state, step.events) for step in steps])

    def _advance(self, redraw: bool = False) -> None:
        """Show the position to the right eyes and get the next decision going."""
        if self._stopped:
            return
        session = self.session
        if self.awaiting is not None:   # a move waits for Confirm / Take back: nobody answers yet
            self._show(self.viewer, redraw)
            self.ui.refresh()
            return
        humans = session.humans()
        current = session.current_player()
        if self.spectating():
            self.ui.hide_pass_screen()
            self.passing_to = self.viewer = None
            self._show(None, redraw)
        elif session.over:
            self._cancel_bots()
            self.ui.busy(None)
            self.ui.hide_pass_screen()
            self.passing_to = None
            last, self.viewer = self.viewer, humans[0] if len(humans) == 1 else None
            if last is not None and last != self.viewer:
                # Hot-seat: the same screen goes on for nobody in particular, from what it had shown its
                # last seat (play-test 8 F1: nobody's mark, never moved by the curtain, replayed the game).
                self._seen[self.viewer] = self._seen.get(last, len(session.log))
            self._show(self.viewer, redraw)
        elif session.is_human(current):
            if len(humans) >= 2 and current is not None and current != self.viewer:
                self._pass_to(current)
            else:
                self.viewer = current
                redraw = self._hold_again(current) or redraw
                self._show(current, redraw)
        else:
            self._show(self.viewer, redraw)
            self._start_bots()
        self.ui.refresh()

    def _pass_to(self, seat: int) -> None:
        """Hot-seat: hide everything private, wait for ``seat`` to take the device."""
        self.passing_to = seat
        self.viewer = None
        if self.view is not None:
            self.view.show(self.session.state, None, [])  # nobody's hidden information in the DOM
        self.ui.show_pass_screen(self.seats[seat]["name"], lambda: self._taken(seat))

    def _taken(self, seat: int) -> None:
        if self._stopped or self.passing_to != seat or self.spectating():
            return
        self.passing_to = None
        self.ui.hide_pass_screen()
        self.viewer = seat
        self._show(seat, redraw=self._hold_again(seat))
        self.ui.refresh()

    # ------------------------------------------------------------ a held move kept across a reload

    def _keep_held(self, data: dict[str, Any]) -> None:
        """Keep the move just held (``data``: its JSON) beside the save (a reload holds it again:
        :meth:`_hold_again`)."""
        if self.store is None:
            return
        record = {"id": self.session.id, "at": len(self.session.actions), "action": data}
        try:
            self.store.write_json(HELD_ENTRY, json.dumps(record, separators=(",", ":")))
        except StorageError:
            pass                          # not kept: a reload then asks for the move again, as before

    def _drop_held(self) -> None:
        if self.store is not None:
            try:
                self.store.remove_json(HELD_ENTRY)
            except StorageError:
                pass

    def _hold_again(self, seat: int | None) -> bool:
        """The move this seat held for Confirm when the page was left (a reload), held again if it
        is still this game's, at this point of it, a legal move of this seat that ends its turn and
        reveals something; any other record is dropped.  True if a move is held again."""
        if seat is None or self.store is None or self.read_only or not self.confirming() or self.awaiting is not None:
            return False
        entry = self.store.read_json(HELD_ENTRY, _held_record, max_chars=20_000)
        record = entry.value
        if record is None or record["id"] != self.session.id:
            return False                  # none, or another game's (kept for that game)
        try:
            if record["at"] != len(self.session.actions):
                raise ValueError("the game moved on since")
            action = self.spec.action_from_json(record["action"])
            after = self._after(action)
            if after.forced or not (self._ends_turn(seat, after.state) and self._holds(after.state)):
                raise ValueError("not a move that waits for Confirm")
        except Exception:  # noqa: BLE001 - a stale or tampered record holds nothing: dropped
            self._drop_held()
            return False
        self._confirm_from = len(self.session.actions)
        self.held, self.held_events = action, after.events
        self._set_awaiting("held")
        return True

    # ------------------------------------------------------------ bots

    def bots_running(self) -> bool:
        return self._task is not None and not self._task.done()

    async def wait_bots(self) -> None:
        """Until the bots have nothing more to play now (tests)."""
        while self._task is not None and not self._task.done():
            await asyncio.wait({self._task})

    def _start_bots(self) -> None:
        if self.bots_running() or self.read_only:
            return
        self._generation += 1
        self._task = asyncio.ensure_future(self._play_bots(self._generation))

    def _cancel_bots(self) -> None:
        self._generation += 1
        if self._task is not None and not self._task.done():
            self._task.cancel()
        self._task = None
        self._busy_seat = None
        self.ui.busy(None)
        if self.view is not None:
            self.view.set_busy(None)

    def _busy(self, text: str | None) -> None:
        if text is None:
            self._busy_seat = None
        self.ui.busy(text)
        if self.view is not None:
            self.view.set_busy(text)

    async def _play_bots(self, generation: int) -> None:
        session = self.session
        try:
            await self.sleep(0)  # let the human's move paint first
            while generation == self._generation and not session.over:
                seat = session.current_player()
                if session.is_human(seat) or seat is None:
                    break
                info = self.seats[seat]
                self._busy_seat = seat
                self._busy(t("host.thinking", name=seat_label(info["name"])))
                started = self.clock()
                search = self.spec.bot_search(session.state, seat, info["level"],
                                              bot_seed(session.setup["seed"], len(session.actions), seat))
                longest = self.clock() - started
                await self.sleep(0)  # setting up the search (a determinization) is a slice of its own
                if generation != self._generation:
                    return
                while True:
                    t0 = self.clock()
                    done = search.step(self.slice_seconds)
                    longest = max(longest, self.clock() - t0)
                    if done:
                        break
                    await self.sleep(0)
                    if generation != self._generation:
                        return
                action = search.result()
                self.bot_times.append(self.clock() - started)
                self.bot_slices.append(longest)
                pace = PACE.get(str(self.settings.get("bot_speed")))
                if pace:
                    wait = self._last_move_at + self.watch_seconds * pace - self.clock()
                    if wait > 0:
                        await self.sleep(wait)
                else:
                    await self.sleep(0)
                if generation != self._generation or self.read_only:
                    return
                session.apply(action)
                self._last_move_at = self.clock()
                self.save()
                if session.is_human(session.current_player()) or session.over:
                    self._busy(None)
                self._advance()
                await self.sleep(0)
        except asyncio.CancelledError:
            raise
        except Exception as e:  # noqa: BLE001 - a bug in a bot, or its BotError (gamekit.thinking): the
            # search could not decide.  Said, never replaced by a guess, and the page does not hang.
            self.log_error(traceback.format_exc())
            self.bot_errors.append(e)
            self.ui.notify(t("host.bot_failed", error=error_text(e, self.spec)), "error")
        finally:
            if generation == self._generation:
                self._task = None
                self._busy(None)


def _held_record(data: Any) -> dict[str, Any]:
    """A stored held move's record as :meth:`Controller._keep_held` writes it (else JSONProblem)."""
    from app.savejson import JSONProblem

    if not (isinstance(data, dict) and isinstance(data.get("id"), str) and type(data.get("at")) is int
            and "action" in data):
        raise JSONProblem("save.not_a_save")
    return data
