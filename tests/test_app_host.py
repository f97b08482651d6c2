"""The game controller (app.host) under CPython: autosave, bots in slices, undo, hot-seat.

The view and the page around it are fakes that record what they were told;
the game is Tally (tests/shellgame.py), whose views hold a hand only for the
seat they are drawn for."""

from __future__ import annotations

import asyncio
import random
from concurrent.futures import ThreadPoolExecutor

import pytest

from app.host import Controller
from app.session import Session, default_seats
from app.storage import MemoryStorage, SaveStore
from shellgame import TallySpec

SPEC = TallySpec()
GAMES = {SPEC.key: SPEC}


class FakeView:
    def __init__(self):
        self.shown = []        # (viewer, hand shown or None, events)
        self.busy = []
        self.destroyed = False

    def show(self, state, viewer, events):
        self.shown.append((viewer, state.view(viewer)["hand"], list(events)))

    def set_busy(self, text):
        self.busy.append(text)

    def destroy(self):
        self.destroyed = True


class FakeUI:
    def __init__(self):
        self.passes = []       # names
        self.ready = None
        self.notices = []
        self.busy_marks = []
        self.pass_up = False

    def show_pass_screen(self, name, on_ready):
        self.passes.append(name)
        self.ready = on_ready
        self.pass_up = True

    def hide_pass_screen(self):
        self.pass_up = False

    def notify(self, text, kind="info"):
        self.notices.append((kind, text))

    def busy(self, text):
        self.busy_marks.append(text)

    def refresh(self):
        pass

    def new_game(self):
        self.notices.append(("new_game", None))


def make(kinds, seed=5, speed="instant", storage=None, **kw):
    session = Session.start(SPEC, {"players": len(kinds), "seed": seed}, default_seats(SPEC, kinds))
    store = SaveStore(storage if storage is not None else MemoryStorage(), GAMES)
    view, ui = FakeView(), FakeUI()
    sleeps = []

    async def sleep(seconds):
        sleeps.append(seconds)
        await asyncio.sleep(0)

    c = Controller(session, store, ui, {"bot_speed": speed}, sleep=sleep, **kw)
    c.attach(view)
    c.sleeps = sleeps
    return c, view, ui, store


def run(coro):
    """``asyncio.run`` in a thread of its own: the browser tests (Playwright's sync API) may have
    left an event loop running in this one."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()


def test_every_applied_action_is_saved():
    async def go():
        c, view, ui, store = make(["human", "easy"])
        c.start()
        for _ in range(6):
            await c.wait_bots()
            if c.session.over:
                break
            c.submit(c.spec.legal_actions(c.session.state)[0])
            saved = store.load_current().session
            assert saved.actions == c.session.actions     # saved before the bots even start
        await c.wait_bots()
        assert store.load_current().session.actions == c.session.actions
        assert len(c.session.actions) > 6
    run(go())


def test_submit_refuses_illegal_and_bot_decisions():
    async def go():
        c, view, ui, store = make(["human", "easy"])
        c.start()
        with pytest.raises(ValueError):
            c.submit(("end",))
        assert c.session.actions == []
        c.submit(("draw",))
        assert c.session.current_player() == 1
        with pytest.raises(ValueError, match="no human"):
            c.submit(("draw",))
        await c.wait_bots()
    run(go())


class BudgetSpy:
    """Wraps a game's bot search and records the budget of every step() call."""

    def __init__(self, search, budgets):
        self.search, self.budgets = search, budgets

    def step(self, max_seconds):
        self.budgets.append(max_seconds)
        return self.search.step(max_seconds)

    def result(self):
        return self.search.result()


def test_bots_think_in_slices_and_say_so(monkeypatch):
    async def go():
        c, view, ui, store = make(["hard", "human"], slice_seconds=0.02)
        budgets = []
        spec_search = c.spec.bot_search
        monkeypatch.setattr(c.spec, "bot_search", lambda *a: BudgetSpy(spec_search(*a), budgets))
        c.start()
        assert c.bots_running()
        await c.wait_bots()
        assert c.session.current_player() == 1
        assert c.bot_times and all(t >= 0.45 for t in c.bot_times)     # hard thinks 0.5 s a step
        # Never long without a break: every slice asks for at most 20 ms, and the controller yields to
        # the browser between slices. (Wall-clock slice lengths are measured, and reported, by the
        # long-task test in the browser: on a loaded machine a 20 ms slice can take longer.)
        assert len(budgets) >= 20 and all(b == 0.02 for b in budgets)
        assert c.sleeps.count(0) >= len(budgets)                       # yielded between slices
        assert view.busy[0] == "Mars (bot) is thinking\u2026" and view.busy[-1] is None
        assert ui.busy_marks[0] and ui.busy_marks[-1] is None
    run(go())


def test_watchable_speed_leaves_time_between_bot_moves():
    async def go():
        c, view, ui, store = make(["easy", "easy"], speed="watchable", watch_seconds=0.6)
        c.start()
        await c.wait_bots()
        waits = [s for s in c.sleeps if s > 0]
        assert c.session.over
        assert len(waits) >= len(c.session.actions) - 1
        assert all(0.5 < w <= 0.6 for w in waits)
        c2, *_ = make(["easy", "easy"], speed="instant")
        c2.start()
        await c2.wait_bots()
        assert [s for s in c2.sleeps if s > 0] == []
    run(go())


def test_slow_speed_leaves_twice_the_watchable_time_between_bot_moves():
    """Play-test 8 F2: at "watchable" a bot step came every ~0.5 s, too fast for a newcomer to read."""
    async def go():
        c, view, ui, store = make(["easy", "easy"], speed="slow", watch_seconds=0.6)
        c.start()
        await c.wait_bots()
        waits = [s for s in c.sleeps if s > 0]
        assert c.session.over and len(waits) >= len(c.session.actions) - 1
        assert all(1.1 < w <= 1.2 for w in waits), waits
    run(go())


def test_a_game_of_bots_is_shown_to_nobody():
    async def go():
        c, view, ui, store = make(["easy", "easy", "easy"])
        c.start()
        await c.wait_bots()
        assert c.session.over
        assert {viewer for viewer, _hand, _events in view.shown} == {None}
        assert ui.passes == []
        events = [e for _v, _h, evs in view.shown for e in evs]
        assert events == c.log()                                       # every event shown once
    run(go())


def test_one_human_always_sees_their_own_hand_only():
    async def go():
        c, view, ui, store = make(["easy", "human", "easy"])
        c.start()
        await c.wait_bots()
        rng = random.Random(2)
        while not c.session.over:
            c.submit(rng.choice(c.spec.legal_actions(c.session.state)))
            await c.wait_bots()
        assert {viewer for viewer, _hand, _events in view.shown} == {1}
        assert ui.passes == []
    run(go())


def test_undo_stops_the_bots_and_goes_back():
    async def go():
        c, view, ui, store = make(["human", "easy"], seed=11)
        c.start()
        hand = c.session.state.hands[0]
        c.submit(("play", hand[0]))
        assert c.can_undo()
        c.undo()
        assert c.session.actions == [] and not c.can_undo()
        assert view.shown[-1][2] == []                                # a redraw, no animation
        c.submit(("play", hand[0]))
        c.submit(("end",))                                             # now the bot moves
        await c.wait_bots()                                            # plays, plays, ends: no reveal
        assert c.session.movers == [0, 0, 1, 1, 1] and c.session.barrier == 0
        assert c.can_undo()
        c.undo()                                                       # back over the bot's turn
        assert len(c.session.actions) == 1 and c.session.current_player() == 0
    run(go())


def test_undo_says_why_it_is_refused():
    """Play-test 7 #3: against a bot, a draw (a reveal) each turn kept Undo disabled all game with no
    reason given; the controller names it for the header: nothing of yours yet, or behind a reveal."""
    async def go():
        c, view, ui, store = make(["human", "easy"], seed=11)
        c.start()
        assert not c.can_undo() and c.undo_refused() == "nothing"          # no step of yours yet
        c.submit(("play", c.session.state.hands[0][0]))
        assert c.can_undo() and c.undo_refused() is None
        c.submit(("end",))
        await c.wait_bots()
        c.submit(("draw",))                                               # a reveal: the turn ends
        await c.wait_bots()
        assert c.session.current_player() == 0 and not c.can_undo()
        assert c.undo_refused() == "revealed"
    run(go())


def test_hot_seat_passes_the_device_and_hides_every_hand_meanwhile():
    async def go():
        c, view, ui, store = make(["human", "easy", "human"], seed=3)
        c.start()
        # Nobody is known to hold the device at the start: ask for the first player.
        assert ui.passes == ["Player 1"] and ui.pass_up
        assert view.shown[-1][:2] == (None, None)
        with pytest.raises(ValueError, match="being passed"):
            c.submit(("draw",))
        assert not c.can_undo()
        ui.ready()
        assert not ui.pass_up and view.shown[-1][0] == 0 and view.shown[-1][1] is not None
        c.submit(("draw",))                                            # seat 0's turn ends
        await c.wait_bots()                                            # the bot plays, seen by seat 0
        assert c.session.current_player() == 2
        assert ui.passes[-1] == "Player 2" and ui.pass_up
        viewer, hand, _events = view.shown[-1]
        assert viewer is None and hand is None                        # no hand while passing
        ui.ready()
        viewer, hand, events = view.shown[-1]
        assert viewer == 2 and hand == c.session.state.hands[2]
        # Player 2 is shown what happened since they last looked: all of it.
        assert [e["type"] for e in events][:1] == ["draw"]
        assert all(v in (None, 0) for v, _h, _e in view.shown[:-1])   # never seat 2's hand before
    run(go())


def test_a_full_storage_is_reported_and_the_game_goes_on():
    async def go():
        storage = MemoryStorage()
        c, view, ui, store = make(["human", "easy"], storage=storage)
        c.start()
        c.submit(("draw",))
        await c.wait_bots()
        storage.quota = 1
        before = dict(storage.items)
        c.submit(c.spec.legal_actions(c.session.state)[0])
        kind, text = ui.notices[-1]
        assert kind == "save" and "full" in text and "export" in text
        assert storage.items == before                                 # the last save intact
        await c.wait_bots()
        storage.quota = None
        if not c.session.over:
            c.submit(c.spec.legal_actions(c.session.state)[0])
            assert ui.notices[-1] == ("save", None)                    # saved again: notice gone
            assert store.load_current().session.actions == c.session.actions
        await c.wait_bots()
    run(go())


def test_resume_shows_without_animation_and_stop_cleans_up():
    async def go():
        c, view, ui, store = make(["human", "easy"])
        c.start()
        c.submit(("draw",))
        await c.wait_bots()
        resumed = store.load_current().session
        c2 = Controller(resumed, store, FakeUI(), {"bot_speed": "instant"})
        v2 = FakeView()
        c2.attach(v2)
        c2.start()
        assert v2.shown == [(0, resumed.state.hands[0], [])]
        c2.stop()
        assert v2.destroyed
    run(go())


class FailingSearch:
    """A search that cannot decide (gamekit.thinking.SlicedSearch raises BotError then)."""

    def step(self, max_seconds):
        return True

    def result(self):
        from gamekit.thinking import BotError
        raise BotError("the search found no legal action")


def test_a_bot_search_that_cannot_decide_is_reported_never_replaced_by_a_move(monkeypatch):
    """Issue 10: BotSearch.result() errors are reported (console + a notice), never a silent move."""
    async def go():
        logged = []
        c, view, ui, store = make(["bot", "human"], log_error=logged.append)
        monkeypatch.setattr(c.spec, "bot_search", lambda *a: FailingSearch())
        c.start()
        await c.wait_bots()
        assert c.session.actions == []                    # nothing played in the bot's place
        assert len(c.bot_errors) == 1
        (kind, text), = [n for n in ui.notices if n[0] == "error"]
        assert "BotError" in logged[0] and "Traceback" in logged[0]     # the console gets the traceback
        assert "A bot failed" in text and "no legal action" in text
    run(go())


def test_the_shells_end_actions_are_offered_to_the_view_in_the_current_language():
    """D6: the shell gives a game's end screen more to offer (a daily game: "Results"); the labels are
    looked up when asked (the current language), the action runs when chosen, an unknown key is refused."""
    c, _view, _ui, _store = make(["human"])
    assert c.end_actions() == []
    chosen, lang = [], ["Results"]
    c.extra_end = [("results", lambda: lang[0], lambda: chosen.append("results"))]
    assert c.end_actions() == [("results", "Results")]
    lang[0] = "Ergebnisse"
    assert c.end_actions() == [("results", "Ergebnisse")]
    c.end_action("results")
    assert chosen == ["results"]
    with pytest.raises(ValueError):
        c.end_action("other")


def test_a_redraw_in_a_new_language_first_tells_the_view_the_language_changed():
    """Play-test 3: the live region's lines stayed in the language they were said in; the host tells
    a view that can forget them (``language_changed``, optional) before it draws again."""
    async def go():
        c, view, ui, store = make(["human", "easy"])
        c.start()
        calls = []
        view.language_changed = lambda: calls.append(len(view.shown))
        shown = len(view.shown)
        c.redraw()
        assert calls == [shown] and len(view.shown) == shown + 1 and view.shown[-1][2] == []
        del view.language_changed
        c.redraw()                                  # a view without it is redrawn all the same
        assert len(view.shown) == shown + 2
    run(go())


@pytest.mark.parametrize("confirm", ["off", "on"])
def test_a_hot_seat_games_end_shows_only_what_the_screen_had_not_shown(confirm):
    """Play-test 8 F1: at a hot-seat game's end the board is shown to nobody in particular, whose
    "shown so far" mark was never moved (the curtain shows no events), so the view was given the
    whole game to animate over the final board (50 s from a first-round move). The screen goes on
    from what its last viewer had seen: only the moves it had not shown yet, as in a game with bots."""
    async def go():
        c, view, ui, store = make(["human", "human"], seed=4)
        c.settings["confirm"] = confirm
        c.start()
        rng = random.Random(1)
        shown = 0
        while not c.session.over:
            if ui.pass_up:
                ui.ready()
            assert view.shown[-1][0] == c.session.current_player()
            shown = len(c.session.log)                # the deciding seat's screen shows it all
            c.submit(rng.choice(SPEC.legal_actions(c.session.state)))
            if c.awaiting is not None:
                c.confirm()
        viewer, hand, events = view.shown[-1]
        assert viewer is None and hand is None
        assert events == c.session.log[shown:] and 0 < shown < len(c.session.log)
    run(go())
