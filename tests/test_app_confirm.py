""""Confirm my moves" and take back (issue 17) in the controller (app.host), under CPython with Tally.

A human's turn-ending move waits for Confirm / Take back before any bot answers; a move
that reveals nothing is applied at once (shown, saved) and Take back removes it; a move that
would reveal hidden information (Tally's draw) is held unapplied until confirmed, since it
could not be taken back once seen (the undo barrier).  Undo still goes back across bot moves
that revealed nothing."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings, strategies as st

from test_app_host import make, run


class BarUI:
    """Records the confirm bar's states (the optional ``ShellUI.confirm_bar``)."""

    def __init__(self, ui):
        self.ui, self.bars = ui, []
        ui.confirm_bar = self.bars.append


def confirming(kinds, seed=11):
    c, view, ui, store = make(kinds, seed=seed)
    c.settings["confirm"] = "on"
    bar = BarUI(ui)
    return c, view, ui, store, bar


def test_a_turn_ending_move_waits_for_confirm_and_nobody_answers_meanwhile():
    async def go():
        c, view, ui, store, bar = confirming(["human", "easy"])
        c.start()
        card = c.session.state.hands[0][0]
        c.submit(("play", card))                        # the turn goes on: no confirmation asked
        assert c.awaiting is None and bar.bars == []
        c.submit(("end",))                              # ends the turn, reveals nothing: applied, shown
        assert c.awaiting == "applied" and bar.bars == ["applied"]
        assert c.session.actions[-1] == {"kind": "end"} and c.session.current_player() == 1
        assert store.load_current().session.actions == c.session.actions   # saved: nothing is lost
        assert view.shown[-1][2] == [{"type": "end", "seat": 0}]             # its result on the board
        await c.wait_bots()
        assert not c.bots_running() and c.session.movers == [0, 0]         # the bot waited
        assert not c.can_undo()                                            # Take back, not Undo
        with pytest.raises(ValueError, match="confirm"):
            c.submit(("draw",))
        c.confirm()
        assert c.awaiting is None and bar.bars[-1] is None
        await c.wait_bots()
        assert c.session.movers[:3] == [0, 0, 1]                           # now the bot answered
    run(go())


def test_take_back_removes_the_move_and_the_same_player_decides_again():
    async def go():
        c, view, ui, store, bar = confirming(["human", "easy"])
        c.start()
        card = c.session.state.hands[0][0]
        c.submit(("play", card))
        c.submit(("end",))
        c.take_back()
        assert c.awaiting is None and bar.bars == ["applied", None]
        assert len(c.session.actions) == 1 and c.session.current_player() == 0
        assert store.load_current().session.actions == c.session.actions
        assert view.shown[-1][2] == []                                     # a redraw, nothing animated
        await c.wait_bots()
        assert c.session.movers == [0]                                     # no bot moved
        with pytest.raises(ValueError, match="no move waits"):
            c.take_back()
        with pytest.raises(ValueError, match="no move waits"):
            c.confirm()
    run(go())


def test_take_back_is_said_once_in_the_views_live_region():
    """Play-test 7 #4: nothing told a screen reader that the move was taken back; the host gives the
    view the line to say first (``said()``, read by ``boardui.view.BoardView.show``), once."""
    async def go():
        c, view, ui, store, bar = confirming(["human", "easy"])
        c.start()
        c.submit(("draw",))                             # held
        assert c.said() == []
        c.take_back()
        assert c.said() == ["Move taken back"] and c.said() == []
        c.submit(("play", c.session.state.hands[0][0]))
        c.submit(("end",))                              # applied
        c.confirm()
        assert c.said() == []                           # a Confirm says its move, not this
    run(go())


def test_a_held_move_confirmed_is_said_confirmed_once():
    """A held move's words were said as it waited; once confirmed, the view says that, not the move
    again (``boardui.view.BoardView.show`` leaves out its words)."""
    async def go():
        c, view, ui, store, bar = confirming(["human", "easy"])
        c.start()
        c.submit(("draw",))                             # held
        c.said()
        c.confirm()
        assert c.said() == ["Move confirmed"] and c.said() == []
    run(go())


def test_a_move_that_would_reveal_is_held_unapplied_until_confirmed():
    """The undo barrier: a draw shows a hidden card, so it is never applied before Confirm."""
    async def go():
        c, view, ui, store, bar = confirming(["human", "easy"])
        c.start()
        hand = list(c.session.state.hands[0])
        c.submit(("draw",))
        assert c.awaiting == "held" and c.held == ("draw",)
        assert c.session.actions == [] and c.session.state.hands[0] == hand   # nothing revealed
        assert view.shown[-1][1] == hand
        c.take_back()
        assert c.awaiting is None and c.session.actions == []
        c.submit(("draw",))
        c.confirm()
        assert c.session.actions[0] == {"kind": "draw"}
        await c.wait_bots()
        assert c.session.movers[0] == 0 and len(c.session.movers) > 1
    run(go())


def test_a_held_move_is_applied_to_a_copy_once_and_its_events_are_offered_to_the_view(monkeypatch):
    """Whether a move ends the turn, whether it would reveal something and the words that name it
    come from one application to a copy (they came from three); the view reads ``held_events``."""
    async def go():
        c, view, ui, store, bar = confirming(["human", "easy"])
        c.start()
        calls = []
        apply = c.spec.apply
        monkeypatch.setattr(c.spec, "apply", lambda state, action: calls.append(action) or apply(state, action))
        c.submit(("draw",))
        assert c.awaiting == "held" and len(calls) == 1
        copy = c.spec.clone(c.session.state)
        assert c.held_events == apply(copy, calls[0]) and c.held_events
        assert c.session.actions == []
        c.take_back()
        assert c.held is None and c.held_events == []
        c.submit(("draw",))
        c.confirm()
        assert c.held_events == [] and len(calls) == 3                    # the copy, then the move itself
        await c.wait_bots()
    run(go())


def test_a_tab_that_loses_the_game_to_another_drops_what_waits_and_cannot_confirm_it():
    """Play-test 2, defect 1: a tab whose held draw was left waiting when another tab took the game
    ("Play here") could still Confirm it: it drew the card (which the other tab then drew too) and
    ran the bot. Now the held move goes (it was never played), an applied one stands (it is in the
    save), nothing waits, and Confirm / Take back are refused while the tab only watches."""
    async def go():
        c, view, ui, store, bar = confirming(["human", "easy"])
        c.start()
        hand = list(c.session.state.hands[0])
        c.submit(("draw",))
        assert c.awaiting == "held"
        shown = len(view.shown)
        c.follow_tab("watching")
        assert c.awaiting is None and c.held is None and bar.bars[-1] is None
        assert len(view.shown) == shown + 1                                # redrawn once, not twice
        assert c.session.actions == [] and c.session.state.hands[0] == hand
        assert view.shown[-1][1] == hand                                   # redrawn, nothing waits on it
        for call in (c.confirm, c.take_back):
            with pytest.raises(ValueError):
                call()
        with pytest.raises(ValueError, match="another tab"):
            c.submit(("draw",))
        await c.wait_bots()
        assert c.session.actions == [] and not c.bots_running()

        c2, view2, ui2, store2, bar2 = confirming(["human", "easy"])
        c2.start()
        c2.submit(("play", c2.session.state.hands[0][0]))
        c2.submit(("end",))                                               # applied and saved
        c2.follow_tab("watching")
        assert c2.awaiting is None and store2.load_current().session.actions == c2.session.actions
        assert len(c2.session.actions) == 2
        c2.awaiting = "applied"                                            # as if it still waited
        for call in (c2.confirm, c2.take_back):
            with pytest.raises(ValueError, match="another tab"):
                call()
        assert len(c2.session.actions) == 2
    run(go())


def test_the_board_is_told_when_the_tab_only_watches_not_while_the_lock_is_asked_for():
    """Play-test 2: the watching tab's board said "Your turn: take one action". ``watching`` (read by
    boardui's views) is set when the tab is known to watch, and the board shown again once; while
    the lock is still being asked for (every load) it stays False: no flash of "another tab"."""
    async def go():
        c, view, ui, store, bar = confirming(["human", "easy"])
        c.start()
        c.follow_tab("asking")
        assert c.watching is False
        shown = len(view.shown)
        c.follow_tab("watching")
        assert c.watching is True and c.read_only and len(view.shown) == shown + 1
        c.follow_tab("watching")
        assert len(view.shown) == shown + 1                                # once
        c.follow_tab("asking")                                             # "Play here" asked
        assert c.watching is True
        c.follow_tab("playing")
        assert c.watching is False and not c.read_only and len(view.shown) > shown + 1
        await c.wait_bots()
    run(go())


def test_an_illegal_move_is_refused_before_anything_waits():
    async def go():
        c, view, ui, store, bar = confirming(["human", "easy"])
        c.start()
        with pytest.raises(ValueError):
            c.submit(("end",))
        assert c.awaiting is None and bar.bars == [] and c.session.actions == []
    run(go())


@settings(max_examples=30, deadline=None)
@given(st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=5),
                 st.tuples(st.sampled_from(["play", "draw", "end"]), st.one_of(st.booleans(), st.floats(),
                                                                              st.integers(-3, 9)))))
def test_bad_input_while_confirming_changes_nothing(action):
    async def go():
        c, view, ui, store, bar = confirming(["human", "easy"])
        c.start()
        legal = c.spec.legal_actions(c.session.state)
        try:
            ok = any(a == action and type(a[-1]) is type(action[-1]) for a in legal)  # type: ignore[index]
        except Exception:  # noqa: BLE001
            ok = False
        if ok:
            return
        with pytest.raises(ValueError):
            c.submit(action)
        assert c.awaiting is None and c.session.actions == [] and bar.bars == []
    run(go())


def test_without_the_setting_a_move_is_final_at_once():
    async def go():
        c, view, ui, store = make(["human", "easy"], seed=11)
        c.start()
        c.submit(("draw",))
        assert c.awaiting is None
        await c.wait_bots()
        assert len(c.session.movers) > 1
    run(go())


def test_confirmed_moves_can_still_be_undone_across_bot_moves_that_revealed_nothing():
    async def go():
        c, view, ui, store, bar = confirming(["human", "easy"])
        c.start()
        c.submit(("play", c.session.state.hands[0][0]))
        c.submit(("end",))
        c.confirm()
        await c.wait_bots()                            # the bot plays its cards and ends: no reveal
        assert c.session.movers == [0, 0, 1, 1, 1] and c.session.barrier == 0
        assert c.can_undo()
        c.undo()
        assert len(c.session.actions) == 1 and c.session.current_player() == 0
    run(go())


def test_hot_seat_passes_the_device_only_after_confirm():
    async def go():
        c, view, ui, store, bar = confirming(["human", "human"], seed=11)
        c.start()
        ui.ready()
        c.submit(("play", c.session.state.hands[0][0]))
        c.submit(("end",))
        assert not ui.pass_up and c.awaiting == "applied"
        c.confirm()
        assert ui.pass_up and ui.passes[-1] == "Player 2"
    run(go())


def reloaded(store, ui=None):
    """The page loaded again: a new controller on what storage holds (the shell's way: read-only until
    this tab may play the game, app.tabs)."""
    from app.host import Controller
    from app.tabs import PLAYING
    from test_app_host import FakeUI, FakeView

    ui = ui or FakeUI()
    bar = BarUI(ui)
    c = Controller(store.load_current().session, store, ui, {"bot_speed": "instant", "confirm": "on"})
    view = FakeView()
    c.attach(view)
    c.open(False)
    assert c.awaiting is None                          # a tab that may only watch holds nothing
    c.follow_tab(PLAYING)
    return c, view, ui, bar


def test_a_held_move_is_held_again_after_a_reload_and_confirmed_once():
    """Play-test 6 #8: a reload dropped the move waiting for Confirm without a word."""
    async def go():
        c, view, ui, store, bar = confirming(["human", "easy"])
        c.open(True)                                   # a new game: saved at once
        hand = list(c.session.state.hands[0])
        c.submit(("draw",))
        assert c.awaiting == "held" and store.load_current().session.actions == []   # never saved as played
        c2, view2, _ui2, bar2 = reloaded(store)
        assert c2.awaiting == "held" and c2.held == ("draw",) and bar2.bars == ["held"]
        assert c2.session.actions == [] and view2.shown[-1][1] == hand                 # nothing revealed
        assert c2.held_events
        c2.confirm()
        assert c2.session.actions == [{"kind": "draw"}]
        await c2.wait_bots()
        c3, *_ = reloaded(store)                                                       # confirmed: gone
        assert c3.awaiting is None
    run(go())


def test_a_move_taken_back_is_not_held_again_after_a_reload():
    async def go():
        c, view, ui, store, bar = confirming(["human", "easy"])
        c.open(True)
        c.submit(("draw",))
        c.take_back()
        c2, *_ = reloaded(store)
        assert c2.awaiting is None and c2.session.actions == []
    run(go())


@pytest.mark.parametrize("record", [
    {"at": 1, "action": {"kind": "draw"}},               # the game moved on since
    {"at": 0, "action": {"kind": "play", "card": 99}},   # not a legal move
    {"at": 0, "action": {"kind": "nonsense"}},
    {"at": 0, "action": None},
    {"at": "0", "action": {"kind": "draw"}},             # not the record's shape
    {"at": True, "action": {"kind": "draw"}},
])
def test_a_stale_or_tampered_held_record_holds_nothing_and_is_dropped(record):
    async def go():
        c, view, ui, store, bar = confirming(["human", "easy"])
        c.open(True)
        moved_on = record["at"] == 1 and type(record["at"]) is int
        if moved_on:
            c.submit(("play", c.session.state.hands[0][0]))   # one action, the turn goes on
        actions = list(c.session.actions)
        store.write_json("held", json.dumps({"id": c.session.id, **record}))
        c2, *_ = reloaded(store)
        assert c2.awaiting is None and c2.held is None and c2.session.actions == actions
        assert store.storage.getItem(store.prefix + "held") is None
        c2.submit(("end",) if moved_on else ("draw",))         # and the game goes on
        assert c2.awaiting == ("applied" if moved_on else "held")
    run(go())


def test_a_held_move_that_would_not_wait_for_confirm_is_not_held_again():
    """A record naming a legal move that does not end the turn (or reveals nothing) is not held."""
    async def go():
        c, view, ui, store, bar = confirming(["human", "easy"])
        c.open(True)
        card = c.session.state.hands[0][0]
        store.write_json("held", json.dumps({"id": c.session.id, "at": 0, "action": {"kind": "play", "card": card}}))
        c2, *_ = reloaded(store)
        assert c2.awaiting is None and c2.session.actions == []
    run(go())


def test_another_games_held_move_is_kept_for_that_game():
    async def go():
        c, view, ui, store, bar = confirming(["human", "easy"])
        c.open(True)
        other = json.dumps({"id": "another-game", "at": 0, "action": {"kind": "draw"}})
        store.write_json("held", other)
        c2, *_ = reloaded(store)
        assert c2.awaiting is None and store.storage.getItem(store.prefix + "held") == other
    run(go())


def test_hot_seat_a_held_move_is_held_again_once_its_player_takes_the_device():
    async def go():
        c, view, ui, store, bar = confirming(["human", "human"], seed=11)
        c.open(True)
        ui.ready()
        c.submit(("draw",))
        assert c.awaiting == "held"
        from test_app_host import FakeUI
        ui2 = FakeUI()
        c2, view2, _ui, bar2 = reloaded(store, ui2)
        assert c2.awaiting is None and ui2.pass_up                  # the curtain first: nobody's hand
        ui2.ready()
        assert c2.awaiting == "held" and c2.held == ("draw",) and c2.viewer == 0
    run(go())


def test_a_move_with_no_alternative_is_played_at_once_without_confirm():
    """Play-test 6: a forced move (the only legal one: Tally's end of a turn with an empty hand, the
    opening lava tile whose only square is its vent) waited for Confirm though nothing could be chosen
    instead and Take back offered it again. It is played at once; a move with a choice still waits."""
    async def go():
        c, view, ui, store, bar = confirming(["human", "easy"])
        c.start()
        for card in list(c.session.state.hands[0]):
            c.submit(("play", card))
        assert c.session.state.legal() == [("end",)]
        c.submit(("end",))
        assert c.awaiting is None and bar.bars == []
        assert c.session.actions[-1] == {"kind": "end"}
        await c.wait_bots()
        assert 1 in c.session.movers                                       # the bot answered at once
    run(go())


def test_a_held_move_lists_the_legal_actions_once(monkeypatch):
    """Holding a move for Confirm lists the legal actions once: whether it is forced, which legal
    action it is and its JSON kept beside the save all come from that one list (the host listed them
    three times: for the forced check, for the copy's move, and again for the record)."""
    async def go():
        c, view, ui, store, bar = confirming(["human", "easy"])
        c.start()
        calls = []
        legal = c.spec.legal_actions
        monkeypatch.setattr(c.spec, "legal_actions", lambda state: calls.append(1) or legal(state))
        c.submit(("draw",))
        assert c.awaiting == "held" and len(calls) == 1
        assert json.loads(store.storage.getItem(store.prefix + "held"))["action"] == {"kind": "draw"}
        c.confirm()
        await c.wait_bots()
    run(go())


def test_a_move_that_ends_the_game_is_held_unapplied_until_confirmed():
    """Play-test 7 #1: with "confirm my moves" on, the move that ended a game was applied at once:
    the result (a daily challenge's recorded too) was shown while Take back was still offered.  Such a
    move is held like a reveal: nothing is over until Confirm; Take back leaves the game running."""
    async def go():
        c, view, ui, store, bar = confirming(["human", "easy"])
        c.start()
        state = c.session.state
        card = max(state.hands[0])
        state.scores[0] = 15 - card               # the next card played reaches the target
        c.submit(("play", card))
        assert c.awaiting == "held" and c.held == ("play", card)
        assert c.session.actions == [] and not c.spec.is_over(c.session.state)
        c.take_back()
        assert c.awaiting is None and not c.spec.is_over(c.session.state) and c.session.actions == []
        c.submit(("play", card))
        c.confirm()
        assert c.spec.is_over(c.session.state) and c.session.actions == [{"kind": "play", "card": card}]
    run(go())


def test_a_held_move_is_explained_in_the_games_words_when_it_has_them(monkeypatch):
    """Play-test 8 F5: the bar said "it reveals something hidden" of a Pompeii turn whose only hidden
    thing was the next player's lava tile.  The game says what confirming reveals
    (``GameSpec.held_reveals``, given the move's events on the copy and its seat); without it (Tally),
    or if it fails, the bar keeps its general words (None)."""
    async def go():
        c, view, ui, store, bar = confirming(["human", "easy"])
        c.start()
        assert c.held_reason() is None                                     # nothing held
        c.submit(("draw",))
        assert c.awaiting == "held" and c.held_reason() is None            # Tally says nothing: the default
        asked = []
        monkeypatch.setattr(c.spec, "held_reveals",
                            lambda events, seat: asked.append((events, seat)) or "You then draw a card.",
                            raising=False)
        assert c.held_reason() == "You then draw a card." and asked == [(c.held_events, 0)]
        monkeypatch.setattr(c.spec, "held_reveals", lambda events, seat: 1 / 0, raising=False)
        c.log_error = lambda text: asked.append(text)
        assert c.held_reason() is None and "ZeroDivisionError" in asked[-1]
        c.take_back()
        assert c.held_reason() is None
    run(go())


def test_undo_is_said_once_in_the_views_live_region():
    """Play-test 8 F10: Undo changed only the board; the host gives the view "Move undone" to say first
    (the page shows it too), once."""
    async def go():
        c, view, ui, store, bar = confirming(["human", "easy"])
        c.start()
        c.submit(("play", c.session.state.hands[0][0]))
        assert c.said() == []
        c.undo()
        assert c.said() == ["Move undone"] and c.said() == []
    run(go())
