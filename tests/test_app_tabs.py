"""One tab plays a game at a time (issue 16): app.tabs under CPython, with fake Web Locks.

``FakeLocks`` gives every "tab" a view of one shared registry with the Web Locks
semantics the page uses (``ifAvailable``: granted or busy; ``steal``: the holder's
request fails, i.e. ``lost``; a queued request, ``wait``, is granted in turn when the
lock is given back, by ``release`` or by the browser when its tab closes: ``gone``);
with ``deferred`` its answers come later, as the browser's do.  The last tests run two whole tabs (store, controller, GameTab) over
one storage: no move made in either tab is lost."""

from __future__ import annotations

import asyncio
import random

import pytest

from app.host import Controller
from app.session import Session, default_seats
from app.storage import GameInUse, MemoryStorage, SaveConflict, SaveStore
from app.tabs import ASKING, IDLE, PLAYING, WATCHING, GameTab, NoLocks
from shellgame import TallySpec

SPEC = TallySpec()
GAMES = {SPEC.key: SPEC}


class FakeLocks:
    """One tab's handle on the origin's locks (``registry``: name -> the holder's ``lost``)."""

    def __init__(self, registry: dict, pending: list | None = None):
        self.registry = registry
        self.pending = pending       # deferred answers (a list shared by the tabs), or None: at once
        self.mine: set[str] = set()
        self.released: dict = {}     # name -> called once the lock is given back

    def _later(self, fn) -> None:
        if self.pending is None:
            fn()
        else:
            self.pending.append(fn)

    def request(self, name, *, steal, granted, busy, lost, released=None):
        holder = self.registry.get(name)
        if holder is not None and not steal:
            self._later(busy)
            return
        if holder is not None:
            owner, holder_lost = holder
            owner.mine.discard(name)
            self._later(holder_lost)
        self.registry[name] = (self, lost)
        self.mine.add(name)
        if released is not None:
            self.released[name] = released
        self._later(granted)

    def release(self, name):
        """Given back as the browser does it: later (deferred answers), then ``released()``; the
        first queued request (``wait``) is granted it."""
        holder = self.registry.get(name)
        if holder is None or holder[0] is not self:
            return
        then = self.released.pop(name, None)

        def free():
            if self.registry.get(name) is holder:
                del self.registry[name]
                self.mine.discard(name)
                queue = self.registry.get(("queue", name))
                if queue:
                    locks, granted, lost = queue.pop(0)
                    if not queue:
                        del self.registry[("queue", name)]
                    self.registry[name] = (locks, lost)
                    locks.mine.add(name)
                    granted()
            if then is not None:
                then()
        self._later(free)

    def wait(self, name, *, granted, lost):
        if name not in self.registry:
            self.registry[name] = (self, lost)
            self.mine.add(name)
            self._later(granted)
            return
        self.registry.setdefault(("queue", name), []).append((self, granted, lost))

    def cancel(self, name):
        queue = self.registry.get(("queue", name), [])
        queue[:] = [entry for entry in queue if entry[0] is not self]
        if not queue:
            self.registry.pop(("queue", name), None)

    def gone(self):
        """This tab is closed: the browser withdraws its queued requests and gives its locks back."""
        for key in [k for k in self.registry if isinstance(k, tuple)]:
            self.cancel(key[1])
        for name in list(self.mine):
            self.release(name)


def flush(pending: list) -> None:
    while pending:
        pending.pop(0)()


def tabs(n: int, deferred: bool = False):
    registry, pending = {}, ([] if deferred else None)
    changes = [[] for _ in range(n)]
    made = [GameTab(FakeLocks(registry, pending), "ludus.", changes[i].append) for i in range(n)]
    return made, changes, pending


def test_the_first_tab_plays_a_second_on_the_same_game_watches_another_game_plays():
    (a, b, c), changes, _ = tabs(3)
    assert a.open("g1") == PLAYING and a.playing
    assert b.open("g1") == WATCHING and not b.playing
    assert c.open("g2") == PLAYING
    assert changes == [[PLAYING], [WATCHING], [PLAYING]]
    assert a.lock_name("g1") == "ludus.play.g1"


def test_play_here_takes_the_game_over_and_the_first_tab_turns_read_only():
    (a, b), changes, _ = tabs(2)
    a.open("g")
    b.open("g")
    b.take_over()
    assert (a.state, b.state) == (WATCHING, PLAYING)
    assert changes == [[PLAYING, WATCHING], [WATCHING, PLAYING]]
    a.take_over()                                       # and back again
    assert (a.state, b.state) == (PLAYING, WATCHING)


def test_answers_that_come_later_are_applied_in_order():
    (a, b), changes, pending = tabs(2, deferred=True)
    assert a.open("g") == ASKING
    flush(pending)
    assert a.state == PLAYING
    assert b.open("g") == ASKING
    flush(pending)
    assert b.state == WATCHING
    b.take_over()
    assert b.state == ASKING
    flush(pending)
    assert (a.state, b.state) == (WATCHING, PLAYING)


def test_leaving_a_game_lets_another_tab_play_it():
    (a, b), _, _ = tabs(2)
    a.open("g")
    b.open("g")
    a.close()
    assert a.state == IDLE and a.game is None
    b.take_over()                                       # the lock is free: taken at once
    assert b.state == PLAYING
    a.open("g")
    assert a.state == WATCHING


def test_a_watching_tab_plays_when_it_asks_again_after_the_playing_tab_left():
    """Play-test 2: the playing tab closed and the watching one went on saying another tab plays the
    game. ``retry`` (the page calls it when the player comes back to the tab) asks without stealing:
    still held, nothing changes (no second "watching" either); free, this tab plays."""
    (a, b), changes, _ = tabs(2)
    a.open("g")
    b.open("g")
    b.retry()
    assert (a.state, b.state) == (PLAYING, WATCHING) and changes == [[PLAYING], [WATCHING]]
    a.close()
    b.retry()
    assert b.state == PLAYING and changes[1] == [WATCHING, PLAYING]
    b.retry()                                           # playing already: nothing asked
    assert changes[1] == [WATCHING, PLAYING]
    a.open("g")
    assert a.state == WATCHING
    (c,), changes_c, _ = tabs(1)
    c.retry()                                           # no game on screen: nothing
    assert c.state == IDLE and changes_c == [[]]


@pytest.mark.parametrize("deferred", [False, True])
def test_a_watching_tab_plays_by_itself_once_the_playing_tab_is_closed(deferred):
    """Play-test 5: 16 s after the playing tab was closed, the watching one still said that another
    tab plays the game. It queues for the game's lock; the browser gives a closed tab's locks back,
    and the watching tab plays at once (nothing is lost: every move is saved as it is made). Taken
    over by "Play here", the tab that lost the game queues in turn."""
    (a, b), changes, pending = tabs(2, deferred=deferred)
    run = (lambda: flush(pending)) if deferred else (lambda: None)
    a.open("g")
    run()
    b.open("g")
    run()
    assert (a.state, b.state) == (PLAYING, WATCHING)
    a.locks.gone()                                       # the playing tab is closed
    run()
    assert b.state == PLAYING and changes[1] == [WATCHING, PLAYING]
    c = GameTab(FakeLocks(b.locks.registry, pending), "ludus.")
    c.open("g")
    run()
    assert c.state == WATCHING
    c.take_over()                                        # "Play here"
    run()
    assert (b.state, c.state) == (WATCHING, PLAYING)
    c.close()                                            # c leaves the game (or closes): b plays again
    run()
    assert b.state == PLAYING and not any(isinstance(k, tuple) for k in b.locks.registry)


def test_a_hidden_watching_tab_gives_the_freed_lock_back_and_plays_when_shown():
    """A reload of the playing tab gives its lock back for a moment: a tab in the background must
    not take the game (the reloaded tab would only watch it). A hidden tab gives a lock granted so
    back at once; shown again, it asks (``retry``) and plays if the game is still free."""
    shown = [False]
    (a,), _, _ = tabs(1)
    b = GameTab(FakeLocks(a.locks.registry), "ludus.", visible=lambda: shown[0])
    a.open("g")
    b.open("g")
    a.close()                                            # a reload: a asks again once loaded
    assert b.state == WATCHING and "ludus.play.g" not in a.locks.registry
    assert a.open("g") == PLAYING
    b.retry()                                            # b shown: a plays it, b queues again
    assert b.state == WATCHING
    a.locks.gone()
    assert b.state == WATCHING and "ludus.play.g" not in a.locks.registry
    shown[0] = True
    b.retry()
    assert b.state == PLAYING


def test_a_tab_that_leaves_or_takes_over_withdraws_its_queued_request():
    (a, b), changes, _ = tabs(2)
    a.open("g")
    b.open("g")
    b.close()                                            # left while it waited
    a.close()
    assert b.state == IDLE and changes[1] == [WATCHING] and a.locks.registry == {}
    a.open("g")
    b.open("g")
    b.take_over()
    b.close()                                            # a got it back, and only a
    assert a.state == PLAYING and b.state == IDLE and set(a.locks.registry) == {"ludus.play.g"}


def test_a_late_answer_to_a_retry_is_ignored_once_the_tab_moved_on():
    (a, b), changes, pending = tabs(2, deferred=True)
    a.open("g")
    flush(pending)
    b.open("g")
    flush(pending)
    a.close()
    b.retry()
    b.close()                                           # left before the answer came
    flush(pending)
    assert b.state == IDLE and changes[1] == [WATCHING]


def test_switching_games_releases_the_first_and_a_late_grant_is_given_back():
    (a, b), _, pending = tabs(2, deferred=True)
    a.open("g1")
    a.open("g2")                                        # before g1's answer came
    flush(pending)
    assert a.game == "g2" and a.state == PLAYING
    assert b.open("g1") in (ASKING, WATCHING)
    flush(pending)
    assert b.state == PLAYING                           # g1 was given back


def test_reopening_the_game_on_screen_asks_nothing():
    (a,), changes, _ = tabs(1)
    a.open("g")
    assert a.open("g") == PLAYING and changes == [[PLAYING]]


def test_a_browser_without_web_locks_lets_every_tab_play():
    a, b = GameTab(NoLocks(), "ludus."), GameTab(NoLocks(), "ludus.")
    assert a.open("g") == PLAYING and b.open("g") == PLAYING
    a.take_over()
    assert a.state == PLAYING


# ------------------------------------------------------------------ two whole tabs over one storage


class UI:
    def __init__(self):
        self.notices, self.conflicts = [], 0

    def show_pass_screen(self, name, on_ready): ...
    def hide_pass_screen(self): ...
    def busy(self, text): ...
    def refresh(self): ...
    def new_game(self): ...

    def notify(self, text, kind="info"):
        self.notices.append((kind, text))

    def save_conflict(self):
        self.conflicts += 1


class View:
    def show(self, state, viewer, events): ...
    def set_busy(self, text): ...
    def destroy(self): ...


class Tab:
    """What the page does around a game (app.shell's hooks, in short): a store, a controller and a
    GameTab; when the tab starts playing after watching, or turns to watching, it reloads the
    latest save."""

    def __init__(self, storage, registry, locks=None):
        self.store = SaveStore(storage, GAMES, prefix="ludus.")
        self.ui = UI()
        self.tab = GameTab(locks or FakeLocks(registry), "ludus.", self.changed)
        self.controller = None

    def open(self, session, new=False):
        """``App.open_session``: ``new`` for a game just set up (saved and played at once)."""
        self.controller = Controller(session, self.store, self.ui, {"bot_speed": "instant"})
        self.controller.attach(View())
        self.controller.open(new=new)
        self.apply(self.tab.open(session.id))

    def apply(self, state):
        self.controller.follow_tab(state)

    def changed(self, state):
        if self.controller is None:
            return
        if state in (PLAYING, WATCHING):
            latest = self.store.load(self.controller.session.id).session
            if latest is not None and latest.to_json() != self.controller.session.to_json():
                self.controller.stop()
                self.open(latest)
                return
        self.apply(state)

    def play(self, n, rng):
        for _ in range(n):
            self.controller.submit(rng.choice(SPEC.legal_actions(self.controller.session.state)))


def stored_actions(storage, game_id):
    return Session.from_json(storage.items[f"ludus.game.{game_id}"], GAMES).actions


def test_two_tabs_on_one_game_lose_no_move():
    storage, registry, rng = MemoryStorage(), {}, random.Random(3)
    first = Session.start(SPEC, {"players": 1, "seed": 8}, default_seats(SPEC, ["human"]))
    a, b = Tab(storage, registry), Tab(storage, registry)
    a.open(first)
    a.play(3, rng)
    b.open(b.store.load(first.id).session)
    assert b.tab.state == WATCHING
    with pytest.raises(ValueError, match="another tab"):
        b.play(1, rng)                                   # read-only: refused, nothing saved
    assert len(stored_actions(storage, first.id)) == 3
    b.tab.take_over()                                    # "play here"
    assert (a.tab.state, b.tab.state) == (WATCHING, PLAYING)
    b.play(2, rng)
    with pytest.raises(ValueError):
        a.play(1, rng)
    a.tab.take_over()                                    # back to the first tab: it loads the latest
    assert len(a.controller.session.actions) == 5
    a.play(1, rng)
    assert len(stored_actions(storage, first.id)) == 6
    assert stored_actions(storage, first.id)[:5] == b.controller.session.actions


def test_only_the_tab_playing_a_game_may_delete_it():
    """D4: a watching tab's "Abandon" deleted the game the first tab was playing.  A change under
    the game's lock (``GameTab.exclusive``) runs in the tab that plays it, or in a tab that can take
    the free lock (given back after); a watching tab, or any tab while another holds the lock, is
    refused; a browser without Web Locks lets every tab."""
    (a, b, c), _, _ = tabs(3)
    a.open("g")
    b.open("g")
    done = []
    b.exclusive("g", lambda: done.append("b"), lambda: done.append("b refused"))     # watches it
    c.exclusive("g", lambda: done.append("c"), lambda: done.append("c refused"))     # another game's tab
    a.exclusive("g", lambda: done.append("a"), lambda: done.append("a refused"))     # plays it
    assert done == ["b refused", "c refused", "a"]
    assert a.holds("g") and not b.holds("g") and not c.holds("g")
    held = []
    c.exclusive("free", lambda: held.append(c.holds("free")), lambda: held.append("refused"))
    assert held == [True] and not c.holds("free")
    b.open("free")                                       # the lock was given back
    assert b.state == PLAYING
    (d,), _, pending = tabs(1, deferred=True)
    d.open("h")                                          # still asking: not its to change yet
    d.exclusive("h", lambda: done.append("d"), lambda: done.append("d refused"))
    assert done[-1] == "d refused"
    e = GameTab(NoLocks(), "ludus.")
    e.exclusive("x", lambda: done.append("e"), lambda: done.append("e refused"))
    assert done[-1] == "e"


def test_a_delete_confirmed_at_once_after_the_check_finds_the_lock_given_back():
    """N5's check before "Delete this game for good?" takes the game's lock and gives it back; the
    browser gives it back later, so a delete confirmed at once found it held and was refused
    ("another tab plays this game", seen under load in Chromium).  ``may_change`` asks its question
    only once the lock is given back; a watching tab is refused at once, as before."""
    (tab,), _, pending = tabs(1, deferred=True)
    done = []

    def confirmed_at_once():
        tab.exclusive("g", lambda: done.append("deleted"), lambda: done.append("refused"))

    tab.exclusive("g", confirmed_at_once, lambda: done.append("refused at once"))   # the race, as it was
    flush(pending)
    assert done == ["refused"]
    done.clear()
    tab.may_change("g", confirmed_at_once, lambda: done.append("refused at once"))
    flush(pending)
    assert done == ["deleted"] and tab.locks.registry == {}
    (a, b), _, _ = tabs(2)
    a.open("h")
    b.open("h")
    b.may_change("h", lambda: done.append("b asks"), lambda: done.append("b refused"))
    a.may_change("h", lambda: done.append("a asks"), lambda: done.append("a refused"))
    assert done[-2:] == ["b refused", "a asks"] and a.holds("h")
    GameTab(NoLocks(), "ludus.").may_change("x", lambda: done.append("no locks"), lambda: None)
    assert done[-1] == "no locks"


def test_the_store_refuses_to_delete_a_game_this_tab_does_not_hold():
    """D4, the storage layer: ``SaveStore.forget`` asks ``may_change`` (the page: ``GameTab.holds``)
    and deletes nothing while another tab plays the game, whatever button called it."""
    storage, registry = MemoryStorage(), {}
    s = Session.start(SPEC, {"players": 1, "seed": 8}, default_seats(SPEC, ["human"]))
    a, b = Tab(storage, registry), Tab(storage, registry)
    a.store.may_change = a.tab.holds
    b.store.may_change = b.tab.holds
    a.open(s, new=True)
    b.open(b.store.load(s.id).session)
    assert b.tab.state == WATCHING
    text = storage.items[f"ludus.game.{s.id}"]
    with pytest.raises(GameInUse, match="another tab"):
        b.store.forget(s.id)
    b.tab.exclusive(s.id, lambda: b.store.forget(s.id), lambda: None)
    assert storage.items[f"ludus.game.{s.id}"] == text and storage.items["ludus.current"] == s.id
    a.tab.exclusive(s.id, lambda: a.store.forget(s.id), lambda: None)     # the tab that plays it may
    assert f"ludus.game.{s.id}" not in storage.items


def test_a_move_written_by_the_other_tab_after_a_take_over_is_never_overwritten():
    """The race: tab B took the game over and read it; tab A, not yet told, saves one more move.
    B's next save must not overwrite it: SaveConflict, nothing written, B is told."""
    storage, rng = MemoryStorage(), random.Random(5)
    s = Session.start(SPEC, {"players": 2, "seed": 9}, default_seats(SPEC, ["human", "human"]))
    store_a, store_b = SaveStore(storage, GAMES, prefix="ludus."), SaveStore(storage, GAMES, prefix="ludus.")
    store_a.save(s)
    in_b = store_b.load(s.id).session
    s.apply(rng.choice(SPEC.legal_actions(s.state)))
    store_a.save(s)                                      # A's late move
    in_b.apply(rng.choice(SPEC.legal_actions(in_b.state)))
    with pytest.raises(SaveConflict):
        store_b.save(in_b)
    assert storage.items[f"ludus.game.{s.id}"] == s.to_json()
    ui = UI()
    c = Controller(in_b, store_b, ui, {"bot_speed": "instant"})
    c.save()
    assert ui.conflicts == 1 and ui.notices[-1][0] == "save"
    assert storage.items[f"ludus.game.{s.id}"] == s.to_json()
    assert store_b.load(s.id).session.to_json() == s.to_json()   # reloaded: B goes on from there
    store_b.save(Session.from_json(s.to_json(), GAMES))


def test_a_watching_tab_starts_no_bot_and_saves_nothing():
    storage, registry = MemoryStorage(), {}
    s = Session.start(SPEC, {"players": 2, "seed": 2}, default_seats(SPEC, ["bot", "human"]))
    a, b = Tab(storage, registry), Tab(storage, registry)

    async def run():
        a.tab.open("other")                              # a holds nothing of s; make b watch s:
        registry[b.tab.lock_name(s.id)] = (FakeLocks(registry), lambda: None)
        b.open(s)
        assert b.tab.state == WATCHING and not b.controller.bots_running()
        await asyncio.sleep(0)
        assert f"ludus.game.{s.id}" not in storage.items
        b.tab.take_over()
        assert b.tab.state == PLAYING and f"ludus.game.{s.id}" in storage.items
        await b.controller.wait_bots()
        assert len(stored_actions(storage, s.id)) >= 1   # the bot played, and it was saved

    asyncio.run(run())


def test_a_store_knows_when_another_tab_changed_a_save():
    storage = MemoryStorage()
    s = Session.start(SPEC, {"players": 1, "seed": 6}, default_seats(SPEC, ["human"]))
    mine, theirs = SaveStore(storage, GAMES, prefix="ludus."), SaveStore(storage, GAMES, prefix="ludus.")
    assert not mine.changed_elsewhere(s.id)              # nothing saved yet
    mine.save(s)
    assert not mine.changed_elsewhere(s.id)              # its own write
    other = theirs.load(s.id).session
    other.apply(SPEC.legal_actions(other.state)[0])
    theirs.save(other)
    assert mine.changed_elsewhere(s.id) and not theirs.changed_elsewhere(s.id)
    mine.load(s.id)
    assert not mine.changed_elsewhere(s.id)              # read again: up to date


class CountingStorage(MemoryStorage):
    """A localStorage stand-in that counts the writes of each key (app.storage's boundary)."""

    def __init__(self):
        super().__init__()
        self.writes: dict[str, int] = {}

    def setItem(self, key, value):  # noqa: N802
        self.writes[key] = self.writes.get(key, 0) + 1
        super().setItem(key, value)


@pytest.mark.parametrize("deferred", [False, True], ids=["answered-at-once", "answered-later"])
def test_a_new_game_is_written_once_not_again_when_its_tab_may_play(deferred):
    """Issue 10 (work done twice): a new game is saved when opened; the lock's "playing" (at once
    without Web Locks — told twice: the change and open's answer —, or a moment later) finds it saved
    and playing already: no second write, and it is never made read-only meanwhile."""
    storage, registry, pending = CountingStorage(), {}, ([] if deferred else None)
    s = Session.start(SPEC, {"players": 1, "seed": 8}, default_seats(SPEC, ["human"]))
    a = Tab(storage, registry, FakeLocks(registry, pending) if deferred else NoLocks())
    a.open(s, new=True)
    key = f"ludus.game.{s.id}"
    assert storage.writes[key] == 1 and not a.controller.read_only
    assert a.tab.state == (ASKING if deferred else PLAYING)
    flush(pending or [])
    assert a.tab.state == PLAYING and not a.controller.read_only
    assert storage.writes[key] == 1 and storage.items[key] == s.to_json()
    a.play(1, random.Random(1))
    assert storage.writes[key] == 2                      # then one write per move
    assert storage.writes["ludus.current"] == 1


def test_a_saved_game_is_written_once_when_its_tab_may_play_and_never_while_watching():
    """A resumed game is shown read-only until the lock answers; "playing" saves it once (it becomes
    the current game); a tab that watches writes nothing."""
    storage, registry, pending = CountingStorage(), {}, []
    s = Session.start(SPEC, {"players": 1, "seed": 8}, default_seats(SPEC, ["human"]))
    SaveStore(storage, GAMES, prefix="ludus.").save(s)
    key, before = f"ludus.game.{s.id}", storage.writes[f"ludus.game.{s.id}"]
    a, b = Tab(storage, registry, FakeLocks(registry, pending)), Tab(storage, registry, FakeLocks(registry, pending))
    a.open(a.store.load(s.id).session)
    assert a.tab.state == ASKING and a.controller.read_only and storage.writes[key] == before
    flush(pending)
    assert a.tab.state == PLAYING and not a.controller.read_only and storage.writes[key] == before + 1
    b.open(b.store.load(s.id).session)
    flush(pending)
    assert b.tab.state == WATCHING and b.controller.read_only and storage.writes[key] == before + 1


def test_set_read_only_acts_only_on_a_change():
    """Told "playing" again (or "watching" again), the controller does nothing: no save, no redraw."""
    storage = CountingStorage()
    s = Session.start(SPEC, {"players": 1, "seed": 3}, default_seats(SPEC, ["human"]))
    c = Controller(s, SaveStore(storage, GAMES, prefix="ludus."), UI(), {"bot_speed": "instant"})
    c.attach(View())
    c.open(new=False)
    assert c.read_only and storage.writes == {}
    c.set_read_only(True)
    c.follow_tab(ASKING)
    assert c.read_only and storage.writes == {}
    c.follow_tab(PLAYING)
    c.follow_tab(PLAYING)
    c.set_read_only(False)
    assert not c.read_only and storage.writes[f"ludus.game.{s.id}"] == 1
    c.follow_tab(WATCHING)
    c.follow_tab(IDLE)
    assert c.read_only and storage.writes[f"ludus.game.{s.id}"] == 1


class SeenUI(UI):
    """The UI of a tab that records its pass screen: the seat it is up for, or None."""

    def __init__(self):
        super().__init__()
        self.passing: str | None = None
        self.ready = lambda: None

    def show_pass_screen(self, name, on_ready):
        self.passing, self.ready = name, on_ready

    def hide_pass_screen(self):
        self.passing = None


class SeenView(View):
    def __init__(self):
        self.viewers: list = []

    def show(self, state, viewer, events):
        self.viewers.append(viewer)


class SeenTab(Tab):
    def __init__(self, storage, registry):
        super().__init__(storage, registry)
        self.ui = SeenUI()

    def open(self, session, new=False):
        self.controller = Controller(session, self.store, self.ui, {"bot_speed": "instant"})
        self.view = SeenView()
        self.controller.attach(self.view)
        self.controller.open(new=new)
        self.apply(self.tab.open(session.id))


def test_a_watching_tab_of_a_hot_seat_game_shows_no_seats_eyes_and_no_pass_screen():
    """Play-test 5: the playing tab had its hand-over curtain up while the watching tab showed the
    seat's hand (its own pass screen showed any seat's). A watching tab of a game with several human
    seats draws every view for nobody (``viewer=None``: no hand) and offers no pass screen; a tab
    that turns to watching drops the seat's eyes it had; "Play here" puts the curtain up first."""
    storage, registry, rng = MemoryStorage(), {}, random.Random(4)
    s = Session.start(SPEC, {"players": 2, "seed": 3}, default_seats(SPEC, ["human", "human"]))
    a, b = SeenTab(storage, registry), SeenTab(storage, registry)
    a.open(s, new=True)
    assert a.ui.passing is not None
    a.ui.ready()                                         # a seat takes the device in the playing tab
    assert a.ui.passing is None and a.view.viewers[-1] is not None
    a.play(1, rng)                                       # the curtain for the other seat
    assert a.ui.passing is not None and a.view.viewers[-1] is None
    b.open(b.store.load(s.id).session)
    assert b.tab.state == WATCHING and b.controller.spectating()
    assert b.ui.passing is None and set(b.view.viewers) == {None}
    b.ui.ready()                                         # (nothing offered: nothing happens)
    assert set(b.view.viewers) == {None} and b.controller.viewer is None
    a.ui.ready()                                         # the playing tab's seat looks: b still sees no hand
    a.play(1, rng)
    a.ui.ready()
    assert a.view.viewers[-1] is not None
    b.tab.take_over()                                    # "Play here": the curtain first
    assert b.ui.passing is not None and set(b.view.viewers) == {None}
    assert a.tab.state == WATCHING and a.ui.passing is None and a.view.viewers[-1] is None
    assert a.controller.viewer is None
    b.ui.ready()
    assert b.view.viewers[-1] is not None


def test_a_watching_tab_of_a_game_with_one_human_seat_shows_that_seats_eyes():
    storage, registry = MemoryStorage(), {}
    s = Session.start(SPEC, {"players": 2, "seed": 3}, default_seats(SPEC, ["human", "bot"]))
    a, b = SeenTab(storage, registry), SeenTab(storage, registry)
    a.open(s, new=True)
    b.open(b.store.load(s.id).session)
    assert b.tab.state == WATCHING and not b.controller.spectating()
    assert b.view.viewers[-1] == 0 and b.ui.passing is None
