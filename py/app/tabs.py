"""One tab plays a game at a time (issue 16): who may play, as a small state machine (pure, CPython-tested).

Two tabs on the same game would both autosave and overwrite each other's
moves.  So the tab that plays a game holds an exclusive lock named after it
(the Web Locks API, ``navigator.locks``, through :class:`WebLocks` in the
page; a fake in the tests).  A second tab that opens the same game finds the
lock taken and *watches*: it shows the game read-only with a "play here"
button (:meth:`GameTab.take_over`), which steals the lock; the first tab is
told it lost the lock and turns read-only in turn.  A watching tab also queues
a request for the lock (:meth:`Locks.wait`): the browser gives a closed tab's
locks back, so once the playing tab is closed (or leaves the game) the watching
one is granted it and plays, at once (play-test 5: it went on saying "being played
in another tab"); nothing is lost, every move is saved as it is made.  A hidden
tab gives a lock granted so back (a reload of the playing tab would find its game
taken by a tab in the background) and asks again when it is shown
(:meth:`GameTab.retry`).  A browser without Web
Locks gets :class:`NoLocks` (every tab plays, as before); the saves' own
compare-and-set (``SaveStore.save``) still refuses to overwrite a move
written by another tab.

States (``GameTab.state``): ``idle`` (no game on screen), ``asking`` (the
lock is requested), ``playing``, ``watching``.  The shell is told every change
through ``on_change(state)``; :meth:`GameTab.open` returns the state at once.

Only the tab that plays a game may delete it (D4: a watching tab's "Abandon" deleted the game
the other tab was playing): :meth:`GameTab.exclusive` runs a change holding the game's lock
(at once for the game this tab plays; else the lock is asked for, ``ifAvailable``, and given
back after), and refuses it when another tab holds the lock or this one only watches.  The
store asks :meth:`GameTab.holds` before it deletes (``SaveStore.may_change``).
"""

from __future__ import annotations

from typing import Any, Protocol
from collections.abc import Callable

__all__ = ["IDLE", "ASKING", "PLAYING", "WATCHING", "Locks", "NoLocks", "GameTab", "WebLocks"]

IDLE, ASKING, PLAYING, WATCHING = "idle", "asking", "playing", "watching"


class Locks(Protocol):
    """Exclusive named locks shared by the tabs of an origin (the Web Locks API's semantics)."""

    def request(self, name: str, *, steal: bool, granted: Callable[[], None], busy: Callable[[], None],
                lost: Callable[[], None], released: Callable[[], None] | None = None) -> None:
        """Ask for ``name``.  Without ``steal``: ``granted()`` if it is free, else ``busy()``.  With
        ``steal``: take it from its holder (who gets ``lost()``), then ``granted()``.  Callbacks may
        come later (the browser's are asynchronous).  ``released()`` comes once a granted lock has
        been given back: until then, a new request may still find it held."""

    def release(self, name: str) -> None:
        """Give ``name`` up (nothing if this tab does not hold it)."""

    def wait(self, name: str, *, granted: Callable[[], None], lost: Callable[[], None]) -> None:
        """Queue a request for ``name``: ``granted()`` once the tabs that held it gave it back (the
        browser does it for a closed tab), then held as a granted ``request`` (``lost()`` if stolen).
        Until then :meth:`cancel` withdraws it."""

    def cancel(self, name: str) -> None:
        """Withdraw this tab's queued :meth:`wait` for ``name`` (nothing once it was granted)."""


class NoLocks:
    """A browser without ``navigator.locks``: every tab may play."""

    def request(self, name: str, *, steal: bool, granted: Callable[[], None], busy: Callable[[], None],
                lost: Callable[[], None], released: Callable[[], None] | None = None) -> None:
        granted()
        if released is not None:
            released()

    def release(self, name: str) -> None:
        pass

    def wait(self, name: str, *, granted: Callable[[], None], lost: Callable[[], None]) -> None:
        granted()

    def cancel(self, name: str) -> None:
        pass


class GameTab:
    """This tab's right to play the game on screen."""

    def __init__(self, locks: Locks, prefix: str, on_change: Callable[[str], None] = lambda state: None,
                 visible: Callable[[], bool] = lambda: True):
        self.locks = locks
        self.prefix = prefix
        self.on_change = on_change
        self.visible = visible    # is the tab on screen (the page: document.visibilityState)?
        self._waiting: str | None = None   # the lock this watching tab queued for (Locks.wait)
        self.game: str | None = None
        self.state = IDLE
        self._ticket = 0          # answers to an older request are ignored
        self._held: set[str] = set()   # games whose lock is held for a change now (exclusive)

    def lock_name(self, game_id: str) -> str:
        return f"{self.prefix}play.{game_id}"

    @property
    def playing(self) -> bool:
        return self.state == PLAYING

    def holds(self, game_id: str) -> bool:
        """Does this tab hold the lock of ``game_id`` (it plays it, or changes it now in :meth:`exclusive`)?"""
        return (game_id == self.game and self.state == PLAYING) or game_id in self._held

    def exclusive(self, game_id: str, run: Callable[[], None], refused: Callable[[], None],
                  released: Callable[[], None] | None = None) -> None:
        """Run ``run()`` holding the lock of ``game_id`` (a change only the tab playing a game may make:
        deleting it), or ``refused()`` if another tab plays it or this tab only watches it.  The game on
        screen: at once; another: its lock asked for without stealing, given back after ``run()``;
        then ``released()``, if given, once it is given back (the game on screen's: after ``run()``)."""
        if game_id == self.game:
            if self.state != PLAYING:
                refused()
                return
            run()
            if released is not None:
                released()
            return
        name = self.lock_name(game_id)

        def granted() -> None:
            self._held.add(game_id)
            try:
                run()
            finally:
                self._held.discard(game_id)
                self.locks.release(name)

        self.locks.request(name, steal=False, granted=granted, busy=refused, lost=lambda: None, released=released)

    def may_change(self, game_id: str, then: Callable[[], None], refused: Callable[[], None]) -> None:
        """``then()`` if this tab could change ``game_id`` now (:meth:`exclusive` would run), else
        ``refused()``: asked before a question ("Delete this game for good?").  Another game's lock is
        asked for and given back, and ``then()`` waits until it is: a delete confirmed at once must not
        find this check still holding it (it did, under load: "another tab plays this game")."""
        self.exclusive(game_id, lambda: None, refused, released=then)

    def open(self, game_id: str) -> str:
        """The game ``game_id`` is on screen: ask to play it (no-op if it already is); the state now."""
        if game_id == self.game and self.state != IDLE:
            return self.state
        self.close()
        self.game = game_id
        self._ask(steal=False)
        return self.state

    def take_over(self) -> None:
        """"Play here": take the game from the tab playing it (it turns read-only)."""
        if self.game is not None and self.state == WATCHING:
            self._ask(steal=True)

    def retry(self) -> None:
        """A watching tab asks again, without stealing, when the player comes back to it: the tab
        that played the game may have been closed since, and then this one plays it (a hidden tab
        gave the lock back when it was granted). Still busy: it queues for it again. Nothing while
        its queued request waits (that one answers as soon as the lock is free)."""
        if self.game is None or self.state != WATCHING or self._waiting is not None:
            return
        self._request(steal=False, busy=lambda ticket: self._wait() if ticket == self._ticket else None)

    def close(self) -> None:
        """No game on screen any more: let another tab play it."""
        self._unwait()
        if self.game is not None:
            self._ticket += 1
            self.locks.release(self.lock_name(self.game))
        self.game, self.state = None, IDLE

    # ---- the lock's answers

    def _ask(self, steal: bool) -> None:
        self.state = ASKING
        self._request(steal, busy=self._watch)

    def _watch(self, ticket: int) -> None:
        """Another tab plays the game: watch it, queued for its lock."""
        if ticket == self._ticket:
            self._set(ticket, WATCHING)
            self._wait()

    def _wait(self) -> None:
        """Queue for the lock of the game this tab watches (once): granted when the tab that plays it
        is closed or leaves it (:meth:`_freed`)."""
        if self.game is None or self._waiting is not None:
            return
        ticket, name = self._ticket, self.lock_name(self.game)
        self._waiting = name
        self.locks.wait(name, granted=lambda: self._freed(ticket, name), lost=lambda: self._lost(name))

    def _unwait(self) -> None:
        if self._waiting is not None:
            name, self._waiting = self._waiting, None
            self.locks.cancel(name)

    def _freed(self, ticket: int, name: str) -> None:
        """The queued request is granted: nobody else plays the game now.  A watching tab on screen
        plays it; a hidden one gives it back (:meth:`retry` asks when it is shown again), as does a
        tab that moved on."""
        if self._waiting == name:
            self._waiting = None
        if ticket != self._ticket or self.state != WATCHING or self.game is None \
                or name != self.lock_name(self.game) or not self.visible():
            self.locks.release(name)
            return
        self._set(ticket, PLAYING)

    def _request(self, steal: bool, busy: Callable[[int], None]) -> None:
        """Ask for the lock of the game on screen: a grant makes this tab play it (if no later request
        was made meanwhile), ``busy(ticket)`` answers a refusal."""
        self._unwait()
        self._ticket += 1
        ticket, name = self._ticket, self.lock_name(self.game or "")
        self.locks.request(name, steal=steal, granted=lambda: self._granted(ticket, name),
                           busy=lambda: busy(ticket), lost=lambda: self._lost(name))

    def _granted(self, ticket: int, name: str) -> None:
        if ticket != self._ticket:           # the tab moved on meanwhile: give it back
            if self.game is None or name != self.lock_name(self.game):
                self.locks.release(name)
            return
        self._set(ticket, PLAYING)

    def _lost(self, name: str) -> None:
        if self.game is not None and name == self.lock_name(self.game) and self.state == PLAYING:
            self._ticket += 1
            self.state = WATCHING
            self._wait()                     # the tab that took it may be closed in turn
            self.on_change(WATCHING)

    def _set(self, ticket: int, state: str) -> None:
        if ticket == self._ticket and self.state != state:
            self.state = state
            self.on_change(state)


class WebLocks:
    """:class:`Locks` over the browser's ``navigator.locks`` (the page only; imports Pyodide's ffi lazily).

    A lock is held while the promise its callback returns is pending: :meth:`release` resolves
    it.  A steal makes the holder's ``request`` promise reject (AbortError): that is ``lost()``.
    A queued request (:meth:`wait`) carries an ``AbortSignal``: :meth:`cancel` aborts it."""

    def __init__(self, locks: Any):
        self.locks = locks
        self.held: dict[str, Any] = {}       # name -> the resolve function of its pending promise
        self.waiting: dict[str, Any] = {}    # name -> the AbortController of its queued request
        self._proxies: list[Any] = []        # kept alive while the browser may call them

    def request(self, name: str, *, steal: bool, granted: Callable[[], None], busy: Callable[[], None],
                lost: Callable[[], None], released: Callable[[], None] | None = None) -> None:
        self._ask(name, {"steal": True} if steal else {"ifAvailable": True}, granted, busy, lost, released)

    def wait(self, name: str, *, granted: Callable[[], None], lost: Callable[[], None]) -> None:
        from pyscript import window

        self.cancel(name)
        controller = window.AbortController.new()
        self.waiting[name] = controller

        def now_granted() -> None:
            if self.waiting.get(name) is controller:
                del self.waiting[name]
            granted()

        self._ask(name, {"signal": controller.signal}, now_granted, lambda: None, lost, None)

    def cancel(self, name: str) -> None:
        controller = self.waiting.pop(name, None)
        if controller is not None:
            controller.abort()       # its request's promise rejects, never granted: no lost()

    def _ask(self, name: str, options: dict, granted: Callable[[], None], busy: Callable[[], None],
             lost: Callable[[], None], released: Callable[[], None] | None) -> None:
        from pyscript import window
        from pyscript.ffi import create_proxy, is_none, to_js

        def hold(resolve: Any, _reject: Any) -> None:
            self.held[name] = resolve

        got: list[bool] = []

        def callback(lock: Any) -> Any:
            if is_none(lock):
                busy()
                return None
            got.append(True)
            promise = window.Promise.new(self._keep(create_proxy(hold)))
            granted()
            return promise

        def failed(error: Any) -> None:
            if not got:              # a queued request withdrawn (cancel): it never held the lock
                return
            self.held.pop(name, None)
            lost()

        done = self.locks.request(name, to_js(options), self._keep(create_proxy(callback)))
        if released is not None:     # the request's promise settles once the lock is given back
            done = done.then(self._keep(create_proxy(lambda _value: released() if got else None)))
        done.catch(self._keep(create_proxy(failed)))

    def release(self, name: str) -> None:
        resolve = self.held.pop(name, None)
        if resolve is not None:
            resolve()

    def _keep(self, proxy: Any) -> Any:
        self._proxies.append(proxy)
        return proxy
