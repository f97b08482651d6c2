"""The Ptolemaeus screen's one-way flow (py/ptolemaeus_ui/screen.py), under CPython: a state's
snapshot and events go in, a scene (El tree) comes out; clicks come back only as legal actions or
UI-local changes with a focus plan. view.py (browser) only patches the DOM and forwards events."""

from __future__ import annotations

import json
import random

import ptolemaeus as pt
import pytest
from boardui.focus import act_selector, has_class
from boardui.tree import to_markup
from ptolemaeus_ui.animate import has_board_events
from ptolemaeus_ui.screen import BOARD_STOP, DECISION, END_TITLE, Screen, snapshot

DATE = "1969-07-20T20:17Z"
SEATS = [{"kind": "human", "name": "You", "colour": "#f2eee3"},
         {"kind": "bot", "level": "easy", "name": "Hypatia", "colour": "#b07be0"}]


def play(screen: Screen, state, seat: int, rng: random.Random):
    """The human at ``seat`` decides through the screen: the clicks of a random legal action."""
    legal = state.legal_actions()
    want = rng.choice(legal)
    out = None
    for act, arg in screen.ctl.click_path(want):
        out = screen.click(act, arg)
        if out.action is None:
            assert out.redraw
            screen.scene([])
            screen.after_click(out)
    assert out is not None and out.action == want      # only ever the legal action chosen
    return want


def run_frames(screen: Screen) -> int:
    n = 0
    while screen.frames.playing:
        tree = screen.scene([])
        assert tree.find_all(data_act="const") == [] and tree.find_all(data_act="planet") == []
        assert "anim" in tree.attrs["class"].split()
        assert screen.click("const", "Leo").action is None      # no move while a frame is on screen
        screen.frames.advance()
        n += 1
    return n


def test_the_first_frame_needs_no_animation_code():
    """A game's first screen (no events yet) is drawn without ptolemaeus_ui.animate, which the page
    would otherwise compile before it (it comes with the first move)."""
    import subprocess
    import sys
    from pathlib import Path

    code = ("import sys, ptolemaeus as pt\nfrom ptolemaeus_ui.screen import Screen, snapshot\n"
            f"s = Screen(); s.receive(snapshot(pt.new_game(2, 1, {DATE!r}), 0), [], {SEATS!r}); s.scene([])\n"
            "print('ptolemaeus_ui.animate' in sys.modules)")
    py = Path(__file__).resolve().parents[1] / "py"
    out = subprocess.run([sys.executable, "-c", code], cwd=py, capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False"]


@pytest.mark.parametrize("seed", [1, 4])
def test_a_game_played_through_the_screen_only_makes_legal_moves_and_plays_every_round_end(seed):
    rng = random.Random(seed)
    state = pt.new_game(2, seed, DATE)
    screen = Screen()
    screen.receive(snapshot(state, 0), [], SEATS)
    animated = 0
    steps = 0
    while not state.is_over and steps < 400:
        steps += 1
        if state.current_player == 0:
            action = play(screen, state, 0, rng)
        else:
            action = rng.choice(state.legal_actions())
        state.apply(action)
        events = json.loads(json.dumps(state.last_events))
        started = screen.receive(snapshot(state, 0), events, SEATS)
        assert started == has_board_events(events)
        animated += run_frames(screen)
        # after the frames the scene is the state's own
        assert to_markup(screen.scene([])) == to_markup(_fresh(state, screen).scene([]))
    assert animated > 10


def _fresh(state, screen: Screen) -> Screen:
    """A screen that got the same state with no events (a redraw), same UI-local state."""
    other = Screen()
    other.receive(snapshot(state, screen.viewer), [], SEATS)
    other.live, other.last, other.recent = screen.live, screen.last, screen.recent
    other.recap = screen.recap                  # what happened since the player acted (issue 17)
    other.board_focus, other.show_end = screen.board_focus, screen.show_end
    other.ctl.sel = screen.ctl.sel
    return other


def test_the_scene_is_a_function_of_its_inputs():
    state = pt.new_game(2, 3, DATE)
    a, b = Screen(), Screen()
    for s in (a, b):
        s.receive(snapshot(state, 0), [], SEATS)
    assert to_markup(a.scene([])) == to_markup(b.scene([]))
    const = a.ctl.click_path(next(x for x in state.legal_actions() if x.kind == "observe"))[0]
    a.click(*const)
    assert to_markup(a.scene([])) != to_markup(b.scene([]))
    b.click(*const)
    assert to_markup(a.scene([])) == to_markup(b.scene([]))


def test_the_board_is_a_ring_of_cells_with_one_tab_stop():
    state = pt.new_game(2, 3, DATE)
    screen = Screen()
    screen.receive(snapshot(state, 0), [], SEATS)
    tree = screen.scene([])
    board = tree.find_all(data_nav="ring")
    assert len(board) == 1 and "pt-board" in board[0].attrs["class"]
    cells = board[0].find_all(data_cell=None)
    assert cells and cells == board[0].find_all(data_act=None)
    assert [c.attrs["data-cell"] for c in cells] == [f"{c.attrs['data-act']}:{c.attrs['data-arg']}" for c in cells]
    assert [c.attrs["tabindex"] for c in cells].count("0") == 1
    screen.rove(cells[-1].attrs["data-cell"])                 # the arrow keys moved there
    assert screen.scene([]).find_all(data_cell=cells[-1].attrs["data-cell"])[0].attrs["tabindex"] == "0"


def test_focus_after_a_constellation_goes_to_the_first_choice_it_opened_and_cancel_comes_back():
    state = pt.new_game(2, 3, DATE)
    screen = Screen()
    screen.receive(snapshot(state, 0), [], SEATS)
    screen.scene([])
    name = next(c for c in screen.ctl.ui().consts)
    out = screen.click("const", name)
    assert out.action is None and out.redraw
    screen.scene([])
    plan = screen.after_click(out)
    assert plan.targets[0].startswith(".pt-prompt [data-act=")        # the first choice it opened
    assert plan.if_lost == DECISION
    assert plan.reveal == ".pt-prompt"          # in view with its panel, even after a tap (play-test 4)
    out = screen.click("cancel")
    screen.scene([])
    plan = screen.after_click(out)
    assert plan.reveal == ""                    # back to the constellation clicked: no scrolling
    assert plan.targets[0] == f'[data-act="const"][data-arg="{name}"]:not([disabled])'
    assert plan.targets[1:3] == BOARD_STOP


def test_escape_drops_a_half_made_choice_and_nothing_else():
    state = pt.new_game(2, 3, DATE)
    screen = Screen()
    screen.receive(snapshot(state, 0), [], SEATS)
    screen.scene([])
    assert screen.escape() is None                              # nothing chosen: the key goes on
    name = next(iter(screen.ctl.ui().consts))
    screen.click("const", name)
    out = screen.escape()
    assert out is not None and out.redraw and screen.ctl.sel.const is None
    assert out.focus.targets[0] == f'[data-act="const"][data-arg="{name}"]:not([disabled])'


def test_a_decision_made_here_sends_the_focus_to_the_next_prompt_else_only_if_lost():
    rng = random.Random(2)
    state = pt.new_game(2, 5, DATE)
    me = state.current_player
    screen = Screen()
    screen.receive(snapshot(state, me), [], SEATS)
    screen.scene([])
    assert screen.settle().targets == ()                        # a redraw: only if the focus was lost
    action = play(screen, state, me, rng)
    state.apply(action)
    screen.receive(snapshot(state, me), state.last_events, SEATS)
    screen.scene([])
    assert screen.settle().targets == DECISION
    assert screen.settle().targets == ()                        # once
    screen.refused()
    assert not screen.focus.wanted


def test_the_deck_keeps_the_focus_for_a_second_draw_and_a_waiting_move_leaves_it_to_confirm():
    """Play-test 4 (#18): after Enter on the deck the focus jumped to the prompt, so a second Enter
    did nothing. The deck, offered again, keeps it; once the second draw waits for Confirm the
    screen takes the focus nowhere (the shell's bar has put it on its Confirm button) unless lost."""
    from boardui.screen import awaiting

    state = pt.new_game(2, 3, DATE)
    screen = Screen()
    screen.receive(snapshot(state, 0), [], SEATS)
    screen.scene([])
    out = screen.click("deck")
    assert out.action is not None
    state.apply(out.action)
    screen.receive(snapshot(state, 0), state.last_events, SEATS)
    screen.scene([])
    deck = act_selector("deck", "", ".pt-cards")
    assert screen.settle().targets == (deck,) + DECISION        # the deck first, while it is offered
    out = screen.click("deck")                                   # the second draw (it ends the turn)
    assert out.action is not None
    screen.receive(awaiting(snapshot(state, 0), "held"), [], SEATS)
    screen.scene([])
    plan = screen.settle()
    assert plan.targets == () and plan.if_lost == DECISION
    screen.receive(snapshot(state, 0), [], SEATS)                # taken back: nothing kept
    screen.scene([])
    assert screen.settle().targets == ()


def finished_solitaire():
    """A solitaire game played to its end by random moves (seed 0)."""
    state = pt.new_game(1, 2, DATE)
    rng = random.Random(0)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_the_end_screen_takes_the_focus_once_and_closes_and_reopens():
    state = finished_solitaire()
    screen = Screen()
    screen.receive(snapshot(state, 0), [], [SEATS[0]])
    tree = screen.scene([])
    assert tree.find_all(role="dialog")
    assert screen.settle().targets == (END_TITLE,)
    assert screen.settle().targets == ()
    out = screen.escape()                                       # Escape closes it
    assert out is not None and not screen.show_end
    assert out.focus.targets == (act_selector("open_end"),)       # to the button that reopens it
    assert not screen.scene([]).find_all(role="dialog")
    out = screen.click("open_end")
    assert out.settle and screen.show_end
    screen.scene([])
    assert screen.after_click(out).targets == (END_TITLE,)
    assert screen.click("newgame").host == "new_game" and screen.click("undo").host == "undo"
    assert screen.click("skip_anim").host == "skip_anim"
    assert "end_action" not in to_markup(screen.scene([]))
    screen.end_actions = [("results", "Results")]                # D6: the shell's (a daily game's)
    markup = to_markup(screen.scene([]))
    assert markup.index('data-act="newgame"') < markup.index('data-arg="results"') \
        < markup.index('data-act="close_end"')
    out = screen.click("end_action", "results")
    assert (out.host, out.arg) == ("end_action", "results")


def test_the_live_region_says_each_move_and_whose_turn_it_is():
    state = pt.new_game(2, 3, DATE)
    screen = Screen()
    screen.receive(snapshot(state, 0), [], SEATS)
    first = [text for _, text in screen.live.lines]
    assert len(first) == 1                                      # whose turn it is
    state.apply(state.legal_actions()[0])
    screen.receive(snapshot(state, 0), state.last_events, SEATS)
    lines = [text for _, text in screen.live.lines]
    assert len(lines) >= 2 and lines[0] == first[0]
    region = screen.scene([]).find_all(role="log")[0]
    assert [p.text_content() for p in region.children] == lines


def test_nobody_looking_shows_no_hand_and_a_new_viewer_drops_the_last_ones_choice():
    """The hot-seat curtain, the view's half: viewer None draws no secrets; when the device
    changes hands the last seat's half-made choice and board focus go."""
    state = pt.new_game(2, 3, DATE)
    screen = Screen()
    screen.receive(snapshot(state, 0), [], SEATS)
    assert screen.scene([]).find_all(class_="pt-panel pt-hand")
    name = next(iter(screen.ctl.ui().consts))
    screen.click("const", name)
    screen.rove(f"const:{name}")
    screen.receive(snapshot(state, None), [], SEATS)
    tree = screen.scene([])
    assert not tree.find_all(class_="pt-panel pt-hand") and not tree.find_all(data_objective=None)
    assert screen.ctl.sel.const is None and screen.board_focus is None
    assert tree.attrs["data-viewer"] == ""


def test_end_shown_is_exactly_when_the_scene_holds_the_end_screen():
    state = finished_solitaire()
    screen = Screen()
    screen.receive(snapshot(state, 0), [], [SEATS[0]])
    for show_end in (True, False):
        screen.show_end = show_end
        assert screen.end_shown == has_class(screen.scene([]), "pt-end") == show_end


@pytest.mark.parametrize("seed", [2, 3])
def test_every_point_is_marked_at_its_seat_until_the_player_acts_and_a_bot_turn_is_recapped(seed):
    """Issue 17: a seat whose (public) score rose since the viewer last acted shows "+N" at its
    ``data-score`` element; the status line recaps the bot's whole turn; a redraw marks nothing."""
    from ptolemaeus.bots import choose_action
    from ptolemaeus_ui.board import public_points

    rng = random.Random(seed)
    state = pt.new_game(2, seed, DATE)
    screen = Screen()
    screen.receive(snapshot(state, 0), [], SEATS)
    seen_gain = seen_recap = False
    base = public_points(state.view(0))
    for _ in range(400):
        if state.is_over:
            break
        action = choose_action(state, state.current_player, "greedy", rng)   # greedy scores points
        if state.current_player == 0:
            screen.scene([])
            out = None
            for act, arg in screen.ctl.click_path(action):
                out = screen.click(act, arg)
                if out.action is None:
                    screen.scene([])
            assert out is not None and out.action == action
            base = public_points(state.view(0))               # what the player saw when acting
        state.apply(action)
        screen.receive(snapshot(state, 0), json.loads(json.dumps(state.last_events)), SEATS)
        run_frames(screen)
        tree = screen.scene([])
        now = public_points(state.view(0))
        for seat in (0, 1):
            score = tree.find_all(data_score=str(seat))[0]
            gained = now[seat] - base[seat]
            marks = [e for e in score.walk() if "bu-gain" in e.attrs.get("class", "")]
            if gained > 0:
                seen_gain = True
                assert marks and to_markup(marks[0]).endswith(f">+{int(gained)}</span>")
                assert marks[0].attrs.get("data-transient") == "1"   # not in the returning player's picture
                assert "since your last move" in score.attrs["aria-label"]
            else:
                assert not marks
        if state.current_player == 0 and len(screen.recap.lines) > 1:
            status = to_markup(tree.find_all(**{"class": "pt-status"})[0])
            assert all(line.replace("&", "&amp;") in status or "<" in line for line in screen.recap.lines[-6:])
            recaps = [e for e in tree.walk() if "pt-recap" in e.attrs.get("class", "")]
            assert [e.attrs.get("data-transient") for e in recaps] == ["1"]  # issue 13: the picture drops it
            seen_recap = True
    assert seen_gain and seen_recap
    screen.receive(snapshot(state, 0), [], SEATS)                # a redraw: nothing marked, nothing recapped
    tree = screen.scene([])
    assert not [e for e in tree.walk() if "bu-gain" in e.attrs.get("class", "")]
    assert screen.recap.lines == []
    # Issue 13: what a redraw does not show again is marked data-transient (the returning player's
    # picture, boot.snapshot, drops it so that the resumed board lands where the picture's was).
    assert not [e for e in tree.walk() if "data-transient" in e.attrs]


@pytest.mark.parametrize("kind", ["held", "applied"])
def test_a_move_waiting_for_confirm_offers_nothing_and_says_it_waits_for_the_player(kind):
    """Play-test D5 (a, b): while the viewer's move waits for Confirm (``boardui.screen.awaiting``)
    no card, the deck or a constellation is offered and the panel says that the move waits for the
    player, naming a held draw, not that someone else is deciding."""
    from boardui.screen import awaiting
    from ptolemaeus_ui.words import held_move

    state = pt.new_game(2, 3, DATE)
    seat = state.current_player
    draw = next(a for a in state.legal_actions() if a.kind == "draw_deck")
    c = state.clone()
    c.apply(draw)
    words = held_move(list(c.last_events), SEATS, seat)
    assert words == "You draw a card from the deck"
    hot_seat = [dict(s, kind="human", name=f"Player {i + 1}") for i, s in enumerate(SEATS)]
    assert held_move(list(c.last_events), hot_seat, seat) == words           # play-test 2, N8: "You", not "Player 1"
    shown = state if kind == "held" else c
    screen = Screen()
    screen.receive(awaiting(snapshot(shown, seat), kind, words if kind == "held" else None), [], SEATS)
    html = to_markup(screen.scene([]))
    assert [a for a in ('data-act="deck"', 'data-act="take"', 'data-act="const"', 'class="deck can"') if a in html] == []
    assert f'data-waiting="{kind}"' in html and "waits for your confirmation" in html
    assert "is deciding" not in html and "Waiting for" not in html
    assert (words in html) == (kind == "held")


@pytest.mark.parametrize("kind, says", [("watching", "Another tab plays this game"),
                                        ("replay", "A replay: each move is shown as it was played")])
def test_a_watching_tab_or_a_replay_offers_nothing_and_says_why(kind, says):
    """Play-test 2: a tab that only watches (another plays the game: ``host.read_only``) showed
    "Take one action" with the deck and cards highlighted; play-test 3: so did a replay seen by the
    seat to decide. Now nothing is offered and the prompt says why."""
    from boardui.screen import awaiting

    state = pt.new_game(2, 3, DATE)
    screen = Screen()
    screen.receive(awaiting(snapshot(state, state.current_player), kind), [], SEATS)
    html = to_markup(screen.scene([]))
    assert [a for a in ('data-act="deck"', 'data-act="take"', 'data-act="const"', 'class="deck can"') if a in html] == []
    assert f'data-waiting="{kind}"' in html and says in html
    assert "Take one action" not in html and "waits for your confirmation" not in html


def test_a_watching_tabs_heading_and_live_region_do_not_say_your_turn():
    """Play-test 2 (N4's leftover): the watching tab's heading still said "Your turn", a turn this tab
    cannot take. It says that the turn is played in the other tab; another seat's turn reads as always."""
    import re

    from boardui.screen import awaiting
    from ptolemaeus_ui.board import whose_turn

    state = pt.new_game(2, 3, DATE)
    seat = state.current_player
    screen = Screen()
    screen.receive(awaiting(snapshot(state, seat), "watching"), [], SEATS)
    heading = re.search(r'class="pt-who"[^>]*>([^<]*)<', to_markup(screen.scene([]))).group(1)
    assert heading == "Your turn, in the tab where this game is played"
    said = [text for _n, text in screen.live.lines]             # the live region says the same
    assert heading in said and "Your turn" not in said
    view = snapshot(state, 1 - seat).view
    assert whose_turn(view, 1 - seat, SEATS, watching=True) == whose_turn(view, 1 - seat, SEATS)


def test_while_the_viewers_move_waits_for_confirm_the_heading_names_no_next_player():
    """Play-test 4 (#5): with "confirm my moves", a turn-ending move waiting for Confirm had the
    heading say "Hypatia's turn" while the prompt said the move waited. The heading (and the live
    region) say it waits; once confirmed (no longer waiting), the next player's turn as always."""
    import re

    from boardui.screen import awaiting

    state = pt.new_game(2, 3, DATE)
    rng = random.Random(1)
    while state.current_player == 0:                       # seat 0's turn, ended
        state.apply(rng.choice(state.legal_actions()))
    for kind in ("applied", "held"):
        screen = Screen()
        screen.receive(awaiting(snapshot(state, 0), kind), [], SEATS)
        heading = re.search(r'class="pt-who"[^>]*>([^<]*)<', to_markup(screen.scene([]))).group(1)
        assert heading == "Your move waits for your confirmation", kind
        assert "Hypatia" not in " ".join(text for _n, text in screen.live.lines)
    screen = Screen()
    screen.receive(snapshot(state, 0), [], SEATS)
    assert re.search(r'class="pt-who"[^>]*>([^<]*)<', to_markup(screen.scene([]))).group(1) == "Hypatia's turn"


def test_an_end_screen_the_player_closed_stays_closed_in_the_next_view_of_the_game():
    """Play-test 2 (N6): back from a finished game's replay, a new view of it opened the end screen
    again, which the player had closed. The view tells the host (``end_closed``) and a new screen
    given it (``keep_end_closed``) shows the finished game with it closed, its reopen button there."""
    state = finished_solitaire()
    screen = Screen()
    screen.receive(snapshot(state, 0), [], [SEATS[0]])
    assert screen.end_shown and not screen.end_closed
    screen.click("close_end")
    assert screen.end_closed
    again = Screen()
    again.keep_end_closed()
    again.receive(snapshot(state, 0), [], [SEATS[0]])
    tree = again.scene([])
    assert not tree.find_all(role="dialog") and 'data-act="open_end"' in to_markup(tree)
    assert again.end_closed and again.settle().targets == ()
    again.click("open_end")
    assert again.end_shown and not again.end_closed
    fresh = Screen()                                # not closed before: it opens as always
    fresh.receive(snapshot(state, 0), [], [SEATS[0]])
    assert fresh.end_shown


def test_the_focus_the_headers_undo_gives_back_goes_to_the_decision():
    """Play-test 2 (N2): after the header's Undo (disabled once nothing is left to undo) the focus fell
    to <body>; the shell hands it to the view (``take_focus``), which sends it to the decision."""
    screen = Screen()
    screen.receive(snapshot(pt.new_game(1, 5, DATE), 0), [], [SEATS[0]])
    assert screen.refocus().targets == DECISION


def test_the_live_region_forgets_the_last_seats_lines_when_the_device_changes_hands():
    """Play-test 5: after the hot-seat hand-over the visually hidden live region still held the last
    seat's lines (they may name its own cards) for the next player's screen reader. The curtain and
    the next seat's view start it empty; its serials go on, so the next line is read out."""
    seats = [dict(SEATS[0]), dict(SEATS[0], name="Ada")]
    state = pt.new_game(2, 3, DATE)
    seat = state.current_player
    screen = Screen()
    screen.receive(snapshot(state, seat), [], seats)
    state.apply(state.legal_actions()[0])
    screen.receive(snapshot(state, seat), state.last_events, seats)
    said = [text for _n, text in screen.live.lines]
    assert len(said) >= 2
    serial = screen.live.serial
    for viewer in (None, 1 - seat):                      # the curtain, then the next seat's eyes
        screen.receive(snapshot(state, viewer), [], seats)
        region = screen.scene([]).find_all(role="log")[0]
        assert [p.text_content() for p in region.children] == [text for _n, text in screen.live.lines]
        assert all(n > serial for n, _text in screen.live.lines)     # none of the last eyes' lines
        serial = screen.live.serial
    kept = list(screen.live.lines)
    state.apply(state.legal_actions()[0])
    screen.receive(snapshot(state, 1 - seat), state.last_events, seats)   # the same eyes: nothing forgotten
    assert screen.live.lines[:len(kept)] == kept and len(screen.live.lines) > len(kept)
