"""``BoardView``: the browser half of any game's view (browser only).

A game's ``GameView`` is a :class:`BoardView` given its pure screen
(:class:`boardui.screen.Screen`) and a ``snapshot(state, viewer)`` function
(what that viewer may see: the game's own view, with nobody's secrets when
``viewer`` is None). ``show`` hands the snapshot and the events to the screen
and patches the DOM with the scene it computes; a ``data-act`` click, Enter or
Space, Escape and the board's arrow keys come back through
:class:`boardui.browser.Delegation`; outcomes become ``host.submit(action)``,
``host.new_game()``, ``host.undo()``, a skipped animation, or a redraw and a
focus plan. The end-of-round (or any) frames play through
:class:`boardui.browser.FramePlayer`, their CSS transitions last
``--anim-ms`` (none with ``prefers-reduced-motion``). In a replay (the host's
``replaying`` is true: the shell's replay controls are on the screen) the end
screen, a modal dialog, does not open by itself (``Screen.watched``); its
reopen button offers it. Once the player closed it, the host's optional ``end_closed`` keeps
that for a view of the same game mounted again (back from its replay).

Subclasses may override :meth:`scene` (extra arguments for the screen),
:meth:`after_show` (e.g. a test hook) and :meth:`frame_shown`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyscript import document, window
from pyscript.ffi import create_proxy

from .anim import motion_factor, transition_ms
from .browser import Delegation, FramePlayer, apply_focus, keep_in_place, media, none, top_of
from .dom import Patcher
from .focus import FocusPlan, css_string
from .screen import Outcome, Screen, awaiting, labelled, with_menu_link
from .tree import El


class BoardView:
    root_class = "board-host"    # the class of the element the view owns inside the shell's container
    glide_ms = 700               # CSS transition length at speed 1 (--anim-ms)
    name = "boardui"             # in console messages
    spec: Any = None             # the game's spec (each game's view sets it): its bot levels' names
    # A media query under which an element tapped stays under the finger when the redraw it asks
    # for grows or shrinks what is above it (``browser.keep_in_place``); "" never (the default).
    keep_tapped = ""
    # A media query whose match is an input of the scene (``Screen.narrow``, read before each scene): a
    # layout of its own on a portrait phone; the view redraws when it starts or stops matching (the
    # phone turned, the window resized). "" never (the default).
    narrow_query = ""

    def __init__(self, container: Any, host: Any, screen: Screen,
                 snapshot: Callable[[Any, int | None], Any]) -> None:
        self.host = host
        self.screen = screen
        # A replay (the shell's controls on the screen): no modal dialog opens by itself.
        self.replaying = bool(getattr(host, "replaying", False))
        self.snapshot = snapshot
        # The player closed this game's end screen in an earlier view of it (the host remembers it, e.g.
        # back from its replay): the finished game shows with it closed, as it was left.
        if getattr(host, "end_closed", False):
            screen.keep_end_closed()
        self.root = document.createElement("div")
        self.root.className = self.root_class
        container.appendChild(self.root)
        self.patcher = Patcher(self.root)
        self.state: Any = None
        self.speed = 1.0
        self.reduced_motion = media("(prefers-reduced-motion: reduce)")
        self.destroyed = False
        self.player = FramePlayer(screen.frames, self.speed_factor, self._on_frame, self._on_frames_end)
        self.events = Delegation(self.root, self._on_act, on_escape=self._on_escape, on_rove=screen.rove,
                                 on_skip=self._to_menu)
        self._tapped: tuple[Any, str, float] | None = None    # while a tap is carried out: (node, selector, top)
        self._narrow: tuple[Any, Any] | None = None            # (the MediaQueryList, its change listener)
        self._held_words: str | None = None    # the held move said as it waited for Confirm (show)
        if self.narrow_query:
            self._watch_narrow()

    # ------------------------------------------------------------ GameView

    def show(self, state: Any, viewer: int | None, events: list[dict]) -> None:
        if self.destroyed:
            return
        self.state = state
        # While another tab plays this game (the host's ``watching``) nothing is offered here either,
        # and the prompt says so instead of asking this tab's player to move.
        # In a replay nothing is decided either (a seat's hand and turn are shown, not offered: play-test 3).
        kind = getattr(self.host, "awaiting", None) or ("watching" if getattr(self.host, "watching", False) else None) \
            or ("replay" if self.replaying else None)
        held = self._held(viewer)
        snap = awaiting(self.snapshot(state, viewer), kind, *held)
        seats = labelled(self.host.seats, None if self.spec is None else self.spec.bot_level_label)
        said = getattr(self.host, "said", None)      # optional: the shell's own lines ("Move taken back")
        if said is not None:
            self.screen.live.say(said())
        # A held move now played (confirmed): its words were said as it waited, so the lines its events
        # say first are not said again; the shell's "Move confirmed" and what it reveals are.
        if self._held_words and kind is None and events:
            self.screen.live.heard = self._held_words
        self._held_words = held[0] if kind == "held" else None
        started = self.screen.receive(snap, list(events or []), seats)
        self.screen.live.heard = ""
        if started:
            self.frame_shown(self.screen.frames.current)
        if self.replaying:
            self.screen.watched()
        self.draw()
        if started:
            self.player.start()
        self.focus(self.screen.settle())
        self.after_show()

    def recall(self, viewer: int | None, start: Any, steps: list[tuple[Any, list[dict]]]) -> None:
        """The recap since ``viewer`` last decided, shown again once the page is reloaded (optional in
        ``app.games.GameView``: the host replays the save, ``gamekit.game.Rules.replay_steps``): ``start``
        the state when they decided, ``steps`` each later state and its events. Each is seen through
        the viewer's own eyes (:attr:`snapshot`), nobody's (the curtain) recalls nothing; after a
        :meth:`show` of the state as it is, and nothing in a replay."""
        if self.destroyed or viewer is None or self.replaying or self.screen.view is None or not steps:
            return                  # no steps: the show before it drew the state with no recap already
        self.screen.recall(self.snapshot(start, viewer),
                           [(self.snapshot(state, viewer), list(events)) for state, events in steps])
        self.draw()

    def held_words(self) -> str | None:
        """The held move waiting for Confirm in the game's words, as the prompt names it (optional in
        ``app.games.GameView``): the shell's Confirm bar names it too, as on a phone the prompt may be
        scrolled away (play-test 8 F3).  None when no move is held or the game has no words for it."""
        return self._held_words

    def _held(self, viewer: int | None) -> tuple[str | None, tuple[dict, ...]]:
        """The held move in the game's words (:attr:`held_move`) and its seat's own choices
        (:attr:`held_own`), from the events the host computed when it held the move (``host.held_events``,
        on a copy: the move is not applied to the state).  The held move is always the viewer's own:
        only the seat deciding has a move waiting."""
        events = getattr(self.host, "held_events", None)
        if not events or viewer is None or getattr(self.host, "awaiting", None) != "held":
            return None, ()
        words: str | None = None
        own: tuple[dict, ...] = ()
        try:
            if self.held_move is not None:
                words = self.held_move(events, self.host.seats, viewer)
            if self.held_own is not None:
                own = tuple(self.held_own(events, viewer))
        except Exception as e:  # noqa: BLE001 - a nicety: the prompt says a move waits anyway
            window.console.warn(f"{self.name}: the held move is not shown: {e!r}")
        return words, own

    # A held move's events (its seat's own choices, before what they reveal) in the game's words, for
    # the prompt: ``held_move(events, seats, seat)``; None: the prompt says only that a move waits.
    held_move: Callable[[list[dict], list[dict], Any], str | None] | None = None
    # ... and those events themselves (``held_own(events, seat)``), for the board to draw the move as
    # not yet played (Pompeii's citizen on its square); None: the board shows the state as it is.
    held_own: Callable[[list[dict], Any], list[dict]] | None = None

    def set_busy(self, text: str | None) -> None:
        self.screen.busy = text or None
        if self.screen.view is not None and not self.destroyed:
            self.draw()

    def destroy(self) -> None:
        self.destroyed = True
        self.player.stop()
        self.events.release()
        if self._narrow is not None:
            query, proxy = self._narrow
            query.removeEventListener("change", proxy)
            proxy.destroy()
            self._narrow = None
        self.patcher.clear()
        self.root.remove()

    # ------------------------------------------------------------ drawing

    def log(self) -> list[dict]:
        try:
            return list(self.host.log())
        except Exception:  # noqa: BLE001 - the log is a nicety: never break the board for it
            return []

    def scene(self) -> El:
        return self.screen.scene(self.log())

    def draw(self) -> None:
        if self.screen.view is None or self.destroyed:
            return
        # What the shell offers on the end screen (optional: a replay's host offers nothing).
        offered = getattr(self.host, "end_actions", None)
        self.screen.end_actions = list(offered()) if offered is not None else []
        self.screen.narrow = self._narrow is not None and bool(self._narrow[0].matches)   # the list watched
        tree = self.scene()
        # The shell's "Skip to the menu" after the prompt's panel (optional: a replay's host has none).
        menu_link = getattr(self.host, "menu_link", None)
        if menu_link is not None:
            tree = with_menu_link(tree, menu_link())
        self.patcher.render(tree)
        ms = transition_ms(self.glide_ms, self.reduced_motion, self.speed_factor())
        self.root.style.setProperty("--anim-ms", f"{ms}ms")

    def _watch_narrow(self) -> None:
        """Redraw when :attr:`narrow_query` starts or stops matching (nothing redrew on a resize: a
        phone turned kept the layout it was drawn in)."""
        def changed(_event: Any) -> None:
            if self.destroyed or self.screen.view is None:
                return
            # A cell that had the focus may be drawn anew in another row: the focus goes back to it.
            active = document.activeElement
            cell = None if none(active) or not bool(self.root.contains(active)) else active.getAttribute("data-cell")
            self.draw()
            if not none(cell):
                self.focus(FocusPlan(if_lost=(f"[data-cell={css_string(str(cell))}]",)))
        try:
            query = window.matchMedia(self.narrow_query)
        except Exception:  # noqa: BLE001 - an old browser: the layout of the first draw stays
            return
        proxy = create_proxy(changed)
        query.addEventListener("change", proxy)
        self._narrow = (query, proxy)

    def speed_factor(self) -> float:
        """Hold-time factor of the animation frames."""
        return motion_factor(self.speed, self.reduced_motion, self.host.seats,
                             self.host.settings.get("bot_speed"))

    def focus(self, plan: FocusPlan) -> None:
        apply_focus(self.root, plan, self.events.keyboard)

    def take_focus(self) -> None:
        """The shell's control that had the focus went away (the header's Undo, disabled once nothing
        is left to undo): the focus goes to the decision rather than to <body> (optional in
        ``app.games.GameView``)."""
        if not self.destroyed and self.screen.view is not None:
            self.focus(self.screen.refocus())

    def language_changed(self) -> None:
        """The page's language changed (optional in ``app.games.GameView``; the host redraws next)."""
        self.screen.language_changed()

    def frame_shown(self, frame: Any) -> None:
        """A frame went on screen (for subclasses: a test hook records them)."""

    def after_show(self) -> None:
        """After a state was shown or the frames ended (for subclasses)."""

    def _on_frame(self) -> None:
        self.frame_shown(self.screen.frames.current)
        self.draw()

    def _on_frames_end(self) -> None:
        if self.destroyed:
            return
        if self.screen.frames.waiting:        # queued after a skip: play them
            self.screen.frames.advance()
            self._on_frame()
            self.player.start()
            return
        self.draw()
        self.focus(self.screen.settle())
        self.after_show()

    # ------------------------------------------------------------ input

    def _on_act(self, act: str, arg: str) -> None:
        node = self.events.tapped
        top = top_of(node) if self.keep_tapped and node is not None and media(self.keep_tapped) else None
        if top is not None:
            selector = f'[data-act="{act}"]' + (f'[data-arg="{window.CSS.escape(arg)}"]' if arg else ":not([data-arg])")
            self._tapped = (node, selector, top)
        try:
            self.carry_out(self.screen.click(act, arg))
        finally:
            self._tapped = None

    def _to_menu(self) -> None:
        """The menu link (:func:`boardui.screen.with_menu_link`) followed: the host takes the focus there."""
        to_menu = getattr(self.host, "to_menu", None)
        if to_menu is not None:
            to_menu()

    def _on_escape(self) -> bool:
        outcome = self.screen.escape()
        if outcome is None:
            return False
        self.carry_out(outcome)
        return True

    def carry_out(self, outcome: Outcome) -> None:
        self._note_end_closed()
        if outcome.host == "skip_anim":
            self.player.skip()
        elif outcome.host == "new_game":
            self.host.new_game()
        elif outcome.host == "end_action" and getattr(self.host, "end_action", None) is not None:
            self.host.end_action(outcome.arg)
        elif outcome.host == "undo" and self.host.can_undo():
            self.host.undo()
        if outcome.action is not None:
            self.submit(outcome.action)
            if self._tapped is not None:        # a move held for Confirm is drawn at once, its text above
                keep_in_place(self.root, *self._tapped)
        elif outcome.redraw:
            self.draw()
            if self._tapped is not None:        # before the focus: a focus that reveals may scroll on
                keep_in_place(self.root, *self._tapped)
            self.focus(self.screen.after_click(outcome))

    def _note_end_closed(self) -> None:
        """Tell the host (optional: ``host.end_closed``) whether the player has the end screen
        closed, so that a view mounted again for this game keeps it as the player left it."""
        if hasattr(self.host, "end_closed") and self.screen.view is not None:
            self.host.end_closed = self.screen.end_closed

    def submit(self, action: Any) -> None:
        try:
            self.host.submit(action)
        except ValueError as e:   # e.g. the device is being passed: say so, change nothing
            window.console.warn(f"{self.name}: move refused: {e}")
            self.screen.refused()
            self.draw()
            self.focus(self.screen.settle())
