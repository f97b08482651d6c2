"""A turn's recap survives a reload (app.host with Tally, under CPython): when a game is opened again,
the view is given, from the save, every step since the seat on screen last decided — the same steps
its screen had recapped before — and nothing for nobody's eyes (the hot-seat curtain)."""

from __future__ import annotations

import json

from app.host import Controller
from app.session import Session
from app.storage import MemoryStorage, SaveStore
from test_app_host import GAMES, FakeUI, FakeView, make, run


class RecallView(FakeView):
    """A view that also takes the optional ``recall`` (app.games.GameView)."""

    def __init__(self):
        super().__init__()
        self.recalled = []     # (viewer, the start state's scores, [events of each step])

    def recall(self, viewer, start, steps):
        assert all(state is not start for state, _events in steps)    # each step its own state
        self.recalled.append((viewer, list(start.scores), [list(events) for _state, events in steps]))


def reopened(c: Controller, **settings) -> tuple[Controller, RecallView]:
    """The game of ``c`` as a reload finds it: the save read back, a new controller and view."""
    session = Session.from_data(json.loads(c.session.to_json()), GAMES)
    again = Controller(session, SaveStore(MemoryStorage(), GAMES), FakeUI(), {"bot_speed": "instant", **settings})
    view = RecallView()
    again.attach(view)
    return again, view


def shown_since(view: FakeView, n: int) -> list[list[dict]]:
    """The events the first view was shown from its ``n``-th show on, one list per show that had any."""
    return [events for _viewer, _hand, events in view.shown[n:] if events]


def last_of(c: Controller, seat: int) -> int:
    return max(i for i, mover in enumerate(c.session.movers) if mover == seat)


def scores_before(c: Controller, n: int) -> list[int]:
    """The scores after the first ``n`` actions (the state a recap starts from)."""
    return list(c.spec.replay(c.session.setup, c.session.actions[:n]).scores)


def play_a_turn(c: Controller, view: FakeView) -> int:
    """Seat 0 plays a card and ends its turn; returns how many shows came before its end."""
    c.submit(("play", c.session.state.hands[0][0]))
    n = len(view.shown)
    c.submit(("end",))
    return n


def test_a_reload_recaps_the_seats_last_move_and_the_bots_turn_as_shown_before():
    async def go():
        c, view, _ui, _store = make(["human", "easy", "easy"], seed=5)
        c.start()
        await c.wait_bots()
        n = play_a_turn(c, view)
        await c.wait_bots()
        assert c.session.current_player() == 0
        before = shown_since(view, n)                  # its own last move, then each bot's
        assert len(before) >= 3 and before[0] == [{"type": "end", "seat": 0}]
        again, view2 = reopened(c)
        again.open(new=False)                          # read-only until this tab may play it
        assert view2.shown[-1][2] == []                # drawn as it is: nothing animated again
        assert view2.recalled == [(0, scores_before(c, last_of(c, 0)), before)]
        again.redraw()                                 # another language: drawn again, recapped again
        again.follow_tab("playing")                    # the tab plays it now: the same
        assert len(view2.recalled) == 3 and view2.recalled[2] == view2.recalled[1] == view2.recalled[0]
        again.submit(("draw",))                        # it decided: its screen's own recap goes on
        await again.wait_bots()
        again.redraw()
        assert len(view2.recalled) == 3
    run(go())


def test_a_move_confirmed_apart_is_not_recapped_again_as_the_screen_drew_the_board_anew():
    """"Confirm my moves": a turn-ending move that revealed nothing was shown, then confirmed, and the
    board drawn again began the recap anew; after a reload it begins there too."""
    async def go():
        c, view, _ui, _store = make(["human", "easy"], seed=11)
        c.settings["confirm"] = "on"
        c.start()
        play_a_turn(c, view)
        assert c.awaiting == "applied"
        n = len(view.shown)
        c.confirm()
        await c.wait_bots()
        before = shown_since(view, n)                  # the bot's moves only
        assert before and all(e["seat"] == 1 for events in before for e in events)
        again, view2 = reopened(c, confirm="on")
        again.start()
        assert view2.recalled == [(0, scores_before(c, last_of(c, 0) + 1), before)]
    run(go())


def test_a_reload_in_the_bots_turn_recaps_then_the_screen_goes_on_with_their_moves():
    async def go():
        c, view, _ui, _store = make(["human", "easy"], seed=5)
        c.start()
        play_a_turn(c, view)                           # saved; the bot has not answered yet
        again, view2 = reopened(c)
        c.stop()
        again.start()
        assert view2.recalled == [(0, scores_before(again, last_of(again, 0)), [[{"type": "end", "seat": 0}]])]
        await again.wait_bots()                        # the bot's moves reach the screen: shown as they come
        assert again.session.movers[-1] == 1 and any(events for _v, _h, events in view2.shown)
        assert len(view2.recalled) == 2                # once more with the first of them, then no more
        assert view2.recalled[1][2][0] == [{"type": "end", "seat": 0}] and len(view2.recalled[1][2]) == 2
    run(go())


def test_an_undo_recaps_nothing_as_before():
    async def go():
        c, view, _ui, _store = make(["human", "easy"], seed=5)
        c.start()
        play_a_turn(c, view)
        await c.wait_bots()
        again, view2 = reopened(c)
        again.start()
        assert len(view2.recalled) == 1 and again.can_undo()
        again.undo()                                   # a redraw as before: the screen recaps nothing
        assert len(view2.recalled) == 1 and view2.shown[-1][2] == []
    run(go())


def test_hot_seat_recalls_nothing_under_the_curtain_and_each_seats_own_steps_when_it_looks():
    async def go():
        c, view, ui, _store = make(["human", "easy", "human"], seed=3)
        c.start()
        ui.ready()
        c.submit(("draw",))                            # seat 0's turn ends, the bot plays
        await c.wait_bots()
        assert c.session.current_player() == 2
        again, view2 = reopened(c)
        again.start()
        assert again.passing_to == 2 and view2.shown[-1][0] is None and view2.recalled == []
        again.ui.ready()                               # seat 2 takes the device
        assert [v for v, _s, _steps in view2.recalled] == [2]
        steps = view2.recalled[0][2]                   # never played: everything since the start
        assert [e["type"] for events in steps for e in events] == [e["type"] for e in c.session.log]
    run(go())
