"""Replay of any game and replay links (issue 14), under CPython: Tally (no rounds, hidden hands)
and Ptolemaeus (rounds, R17 hidden hands)."""

from __future__ import annotations

import base64
import json
import random
import zlib

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.errors import error_text
from app.games import Catalog
from app.i18n import APP
from app.links import linked_game
from app.replay import (LINK_PREFIX, Replay, ReplayHost, ReplayLinkError, address_without_link, decode_link,
                        encode_link, is_replay_link, link_tail, linked_game_key)
from app.session import Session, default_seats
import catalog  # noqa: F401 - registers the page's games
from app.games import CATALOG as PAGE_CATALOG
from shellgame import TALLY

GAMES = Catalog([TALLY])
TSPEC = TALLY.load()


def play_out(session: Session, seed: int = 1, limit: int = 10_000) -> Session:
    rng = random.Random(seed)
    while not session.over and limit:
        session.apply(rng.choice(session.spec.legal_actions(session.state)))
        limit -= 1
    return session


def tally(kinds=("human", "bot"), seed: int = 7, finish: bool = True) -> Session:
    session = Session.start(TSPEC, {"players": len(kinds), "seed": seed, "start": "2025-03-01T12:00Z"},
                            default_seats(TSPEC, kinds))
    return play_out(session, seed) if finish else session


def _pack(body: object, version: str = "1") -> str:
    raw = json.dumps(body).encode() if not isinstance(body, bytes) else body
    return LINK_PREFIX + version + "." + base64.urlsafe_b64encode(zlib.compress(raw)).decode().rstrip("=")


# ---------------------------------------------------------------- the replay itself


def test_stepping_forward_animates_and_any_other_move_redraws():
    session = tally()
    replay = Replay(session)
    assert replay.index == replay.length == len(session.actions)
    first = replay.seek(0)
    assert first.index == 0 and first.events == []
    step = replay.step(1)
    assert step.events and step.events == replay.events[1]   # the board animates exactly as in play
    assert replay.step(-1).events == []                      # back: a redraw
    assert replay.seek(5).events == []                       # a jump: a redraw
    assert replay.seek(10**9).index == replay.length and replay.at_end()
    assert replay.seek(-4).index == 0


def test_every_position_is_the_state_the_game_had_then():
    session = tally()
    replay = Replay(session)
    state = TSPEC.new_state(session.setup)
    for i, data in enumerate(session.actions):
        assert TSPEC.state_to_json(replay.states[i]) == TSPEC.state_to_json(state)
        TSPEC.apply(state, TSPEC.action_from_json(data))
    assert TSPEC.state_to_json(replay.states[-1]) == TSPEC.state_to_json(session.state)


def test_the_move_log_follows_the_cursor():
    session = tally()
    replay = Replay(session)
    host = ReplayHost(replay, {"bot_speed": "instant"})
    assert host.log() == session.log
    replay.seek(3)
    assert host.log() == [e for events in replay.events[1:4] for e in events]
    assert not host.can_undo()
    with pytest.raises(ValueError):
        host.submit(TSPEC.legal_actions(replay.states[3])[0])   # nobody plays in a replay


def test_a_game_not_over_is_replayed_only_through_the_players_eyes():
    """R17 and its like: before the end, only the single human's seat (nobody's with several humans)."""
    session = tally(finish=False)
    session.apply(TSPEC.legal_actions(session.state)[0])
    replay = Replay(session)
    assert replay.viewers() == [0] and replay.frame().viewer == 0
    with pytest.raises(ReplayLinkError) as caught:
        replay.set_viewer(1)
    assert caught.value.code == "replay.viewer"
    with pytest.raises(ReplayLinkError):
        replay.set_viewer(None)
    hot_seat = Replay(tally(("human", "human"), finish=False))
    assert hot_seat.viewers() == [None]


def test_after_the_end_any_seat_or_a_spectator_may_watch():
    replay = Replay(tally())
    assert replay.viewers() == [None, 0, 1]
    replay.set_viewer(1)
    assert replay.seek(2).viewer == 1


def test_a_viewer_that_only_equals_a_seat_is_refused_and_the_eyes_stay():
    """``True == 1`` and ``0.0 == 0``: set as the viewer, every frame's view was refused (bad_seat)."""
    replay = Replay(tally())
    for bad in (True, False, 1.0, 0.0):
        with pytest.raises(ReplayLinkError) as caught:
            replay.set_viewer(bad)  # type: ignore[arg-type]
        assert caught.value.code == "replay.viewer" and replay.viewer == 0
    TSPEC.view(replay.frame().state, replay.frame().viewer)


def test_a_shared_game_is_watched_as_a_spectator_and_nobody_is_called_you():
    """Play-test U1: a replay link opened by someone else showed the sharer's seat as "You" and
    through the sharer's eyes. From a link: the spectator (the game is over), the seat the sharer
    called "You" by its number; one's own replay keeps one's eyes and name. The session is unchanged."""
    session = tally()
    assert session.seats[0]["name"] == "You"
    own = Replay(session)
    assert own.viewer == 0 and own.seats[0]["name"] == "You"
    shared = Replay(decode_link(encode_link(session), GAMES), shared=True)
    assert shared.viewer is None and shared.frame().viewer is None
    assert shared.seats[0]["name"] == "Player 1" and shared.seats[1]["name"] == session.seats[1]["name"]
    assert session.seats[0]["name"] == "You"
    shared.set_viewer(0)                                 # any seat may still be chosen
    assert shared.seek(1).viewer == 0


def test_a_position_must_be_a_whole_number():
    replay = Replay(tally())
    for bad in (True, 1.0, "3", None, [1]):
        with pytest.raises(ReplayLinkError) as caught:
            replay.seek(bad)  # type: ignore[arg-type]
        assert caught.value.code == "replay.position"


def test_a_game_without_rounds_has_none_to_jump_to():
    replay = Replay(tally())
    assert replay.rounds() == []
    with pytest.raises(ReplayLinkError) as caught:
        replay.jump_round(1)
    assert caught.value.code == "replay.no_round"


def ptolemaeus_game(seed: int = 3) -> Session:
    spec = PAGE_CATALOG["ptolemaeus"].load()
    session = Session.start(spec, {"players": 2, "seed": seed, "start": "1969-07-20T20:17Z"},
                            default_seats(spec, ["human", "bot"]))
    return play_out(session, seed)


SCREENS = {"ptolemaeus": ("ptolemaeus_ui.screen", "pt-end"), "pompeii": ("pompeii_ui.screen", "pp-end")}


@pytest.mark.parametrize("key", list(SCREENS))
def test_in_a_replay_the_end_dialog_does_not_open_by_itself_over_the_controls(key):
    """D2: a replay's host says so (``replaying``), and every game's screen, told the state is
    watched (what ``boardui.view.BoardView.show`` does after ``receive``), keeps its modal end
    dialog closed, at the end of a link's game or stepping onto the last move; its reopen button
    offers it, and it closes again when the replay moves on.  In play it opens as before."""
    import importlib

    from boardui.focus import has_class

    module, end_class = SCREENS[key]
    screens = importlib.import_module(module)
    spec = PAGE_CATALOG[key].load()
    setup = {"players": 2, "seed": 4, "start": "1969-07-20T20:17Z"} if key == "ptolemaeus" else {"players": 2, "seed": 4}
    session = play_out(Session.start(spec, setup, default_seats(spec, ["human", "bot"])), 4)
    replay = Replay(session)
    host = ReplayHost(replay, {"bot_speed": "instant"})
    assert host.replaying is True

    def shown(screen, frame):
        screen.receive(screens.snapshot(frame.state, frame.viewer), frame.events, session.seats)
        if host.replaying:
            screen.watched()
        tree = screen.scene(host.log())
        return tree, screen.settle()

    screen = screens.Screen()
    for frame in (replay.frame(), replay.seek(replay.length - 1), replay.step(1)):   # opened at the end, stepped onto it
        tree, plan = shown(screen, frame)
        assert not tree.find_all(role="dialog") and not has_class(tree, end_class)
        assert screens.END_TITLE not in plan.targets
    while screen.frames.playing:                               # the last move's animation ends
        screen.frames.advance()
        assert not has_class(screen.scene(host.log()), end_class)
    assert screen.scene(host.log()).find_all(data_act="open_end")   # the result is still offered
    opened = screen.click("open_end")
    assert has_class(screen.scene(host.log()), end_class) and screen.after_click(opened).targets == (screens.END_TITLE,)
    tree, _plan = shown(screen, replay.seek(replay.length))    # the replay moves on: closed again
    assert not has_class(tree, end_class)

    played = screens.Screen()                                  # in play (no watched()): as before
    played.receive(screens.snapshot(session.state, 0), [], session.seats)
    assert has_class(played.scene([]), end_class) and played.settle().targets == (screens.END_TITLE,)


def test_ptolemaeus_rounds_can_be_jumped_to():
    """R14: a round is three turns; each round's first position is a place to jump to."""
    session = ptolemaeus_game()
    replay = Replay(session)
    rounds = replay.rounds()
    assert [r for r, _ in rounds] == list(range(1, len(rounds) + 1)) and len(rounds) >= 3
    r, first = rounds[2]
    frame = replay.jump_round(r)
    assert frame.index == first and frame.state.round == r and replay.states[first - 1].round == r - 1


# ---------------------------------------------------------------- links


def test_a_finished_game_round_trips_through_a_link():
    session = tally()
    link = encode_link(session)
    assert is_replay_link(link) and link.startswith("#replay=1.")
    back = decode_link(link, GAMES)
    assert back.actions == session.actions and back.setup == session.setup and back.seats == session.seats
    assert back.over


@pytest.mark.parametrize("key", list(PAGE_CATALOG))
def test_a_replay_link_names_its_game_in_the_query_and_the_fragment(key):
    """The page's start fetches the replayed game's code, not the default game's: the query of a link
    the shell makes names it (loader.js reads that before Python runs), and an older link's fragment
    names it too (app.start reads it there without replaying anything)."""
    session = play_out(Session.start(PAGE_CATALOG.spec(key), {"players": 2, "seed": 4},
                                     default_seats(PAGE_CATALOG.spec(key), ["human", "bot"])))
    tail = link_tail(session)
    query, fragment = tail.split("#", 1)
    assert query == f"?game={key}" and "#" + fragment == encode_link(session)
    assert linked_game(query.lstrip("?"), PAGE_CATALOG) is PAGE_CATALOG[key]
    assert linked_game_key("#" + fragment) == key
    assert decode_link("#" + fragment, PAGE_CATALOG).spec.key == key


@pytest.mark.parametrize("fragment", [
    "", "#top", "#replay=", "#replay=1.!!!!", "#replay=2.AAAA", encode_link(tally())[:-7],
    _pack({"game": 7, "game_version": 1, "setup": {}, "seats": [], "actions": []}),     # no key in it
    _pack({"game": "tally"}),                                                            # not a whole link
])
def test_a_fragment_that_is_no_readable_replay_link_names_no_game(fragment):
    assert linked_game_key(fragment) is None


def test_a_ptolemaeus_link_is_short_and_replays_exactly():
    session = ptolemaeus_game()
    link = encode_link(session)
    assert len(link) < 4000, len(link)
    back = decode_link(link, PAGE_CATALOG)
    assert back.spec.state_to_json(back.state) == session.spec.state_to_json(session.state)


def test_an_unfinished_game_makes_no_link_and_no_link_carries_one():
    session = tally(finish=False)
    with pytest.raises(ReplayLinkError) as caught:
        encode_link(session)
    assert caught.value.code == "replay.link.unfinished"
    body = {"game": "tally", "game_version": TSPEC.version, "setup": session.setup, "seats": session.seats,
            "actions": []}
    with pytest.raises(ReplayLinkError) as caught:
        decode_link(_pack(body), GAMES)
    assert caught.value.code == "replay.link.unfinished"


def _body(session: Session) -> dict:
    return {"game": session.spec.key, "game_version": session.spec.version, "setup": session.setup,
            "seats": session.seats, "actions": session.actions}


@pytest.mark.parametrize("mutate, code", [
    (lambda b: {**b, "game_version": b["game_version"] + 1}, "replay.link.game_version"),
    (lambda b: {**b, "game": "chess"}, "replay.link.bad"),
    (lambda b: {**b, "actions": b["actions"][:-1] + [{"kind": "nonsense"}]}, "replay.link.bad"),
    (lambda b: {**b, "actions": [b["actions"][1], *b["actions"]]}, "replay.link.bad"),
    (lambda b: {**b, "setup": {**b["setup"], "seed": True}}, "replay.link.bad"),
    (lambda b: {**b, "seats": b["seats"][:1]}, "replay.link.bad"),
    (lambda b: {**b, "extra": 1}, "replay.link.damaged"),
    (lambda b: [b], "replay.link.damaged"),
])
def test_a_tampered_link_is_refused_with_a_code(mutate, code):
    with pytest.raises(ReplayLinkError) as caught:
        decode_link(_pack(mutate(_body(tally()))), GAMES)
    assert caught.value.code == code
    assert error_text(caught.value)   # says why, in words


@pytest.mark.parametrize("fragment, code", [
    ("#replay=", "replay.link.damaged"), ("#replay=1", "replay.link.damaged"), ("#replay=1.", "replay.link.damaged"),
    ("#replay=1.!!!!", "replay.link.damaged"), ("#replay=1.AAAA", "replay.link.damaged"),
    ("#replay=x.AAAA", "replay.link.damaged"), ("#replay=2.AAAA", "replay.link.version"),
    ("#replay=0.AAAA", "replay.link.version"), ("#replay=1." + "A" * 300_000, "replay.link.too_long"),
    ("#game=1", "replay.link.damaged"),
])
def test_a_malformed_or_other_version_link_gets_a_clear_code(fragment, code):
    with pytest.raises(ReplayLinkError) as caught:
        decode_link(fragment, GAMES)
    assert caught.value.code == code


def test_a_compressed_bomb_stops_at_the_bound():
    bomb = LINK_PREFIX + "1." + base64.urlsafe_b64encode(zlib.compress(b"[" + b" " * 5_000_000 + b"]", 9)).decode()
    assert len(bomb) < 20_000
    with pytest.raises(ReplayLinkError) as caught:
        decode_link(bomb, GAMES)
    assert caught.value.code == "replay.link.too_large"


def test_a_cut_off_link_is_damaged():
    link = encode_link(tally())
    for cut in (len(link) - 1, len(link) - 7, len(link) // 2):
        with pytest.raises(ReplayLinkError) as caught:
            decode_link(link[:cut], GAMES)
        assert caught.value.code == "replay.link.damaged"


@pytest.mark.parametrize("path, fragment, address", [
    ("/index.html", "#replay=1.eNrVabc", "/index.html"),
    ("/ptolemaeus/index.html", "#replay=1.!!!!", "/ptolemaeus/index.html"),    # GitHub Pages' sub-path kept
    ("/ptolemaeus/", "#replay=", "/ptolemaeus/"),                             # a damaged one too
    ("/index.html", "", None), ("/index.html", "#top", None),                   # no link: nothing to change
])
def test_a_replay_link_left_is_dropped_from_the_address_keeping_the_path(path, fragment, address):
    """D3: once read and left, the link (and any query) goes, so a reload resumes the game played."""
    assert address_without_link(path, fragment) == address


def test_every_replay_code_has_a_text_in_every_language():
    for code in ("replay.link.damaged", "replay.link.too_long", "replay.link.too_large", "replay.link.version",
                 "replay.link.game_version", "replay.link.bad", "replay.link.unfinished", "replay.viewer",
                 "replay.position", "replay.no_round", "replay.no_moves"):
        for lang in ("en", "es", "it", "de"):
            assert code in APP.catalog(lang), (lang, code)


LINKS = [encode_link(tally(seed=s)) for s in range(1, 6)]


@settings(max_examples=150, deadline=None)
@given(st.one_of(st.text(max_size=300), st.binary(max_size=300).map(lambda b: "#replay=1." + base64.urlsafe_b64encode(b).decode()),
                 st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=5),
                              lambda c: st.lists(c, max_size=3) | st.dictionaries(st.text(max_size=8), c, max_size=4),
                              max_leaves=20).map(lambda v: _pack(v)),
                 st.sampled_from(range(5)).map(lambda i: LINKS[i]).flatmap(
                     lambda link: st.tuples(st.just(link), st.integers(10, len(link)), st.characters())
                     .map(lambda t: t[0][:t[1] - 1] + t[2] + t[0][t[1]:]))))
def test_any_link_replays_or_is_refused_with_a_shell_code(fragment):
    """Generated junk, generated JSON and real links with a character changed: a session or a coded error
    (and the game's key, read at the page's start, is the one replayed, or None: it never raises)."""
    key = linked_game_key(fragment)
    try:
        session = decode_link(fragment, GAMES)
    except ReplayLinkError as e:
        assert APP.has(e.code), e.code
        assert error_text(e)
    else:
        assert session.over and key == session.spec.key
        Replay(session)


@pytest.mark.parametrize("key", list(PAGE_CATALOG))
def test_every_registered_game_replays_from_a_link_exactly(key):
    """The replay lives in the shell: any game of the page's catalog, at its smallest and largest
    table, goes through a link and back and every position is the one played."""
    spec = PAGE_CATALOG[key].load()
    for players in sorted({max(2, spec.min_players) if spec.max_players >= 2 else 1, spec.max_players}):
        setup = spec.random_setup(random.Random(players), players)
        session = play_out(Session.start(spec, setup, default_seats(spec, ["human"] + ["bot"] * (players - 1))),
                           seed=players)
        back = decode_link(encode_link(session), PAGE_CATALOG)
        replay = Replay(back)
        assert replay.length == len(session.actions)
        assert spec.state_to_json(replay.states[-1]) == spec.state_to_json(session.state)
        assert replay.log() == session.log


REPLAY = Replay(tally(seed=9))


@settings(max_examples=200, deadline=None)
@given(st.lists(st.one_of(st.integers(-10**30, 10**30), st.integers(-3, 3).map(lambda d: ("step", d)),
                          st.sampled_from(["start", "end"])), max_size=20))
def test_any_sequence_of_moves_shows_the_position_it_lands_on(moves):
    """Seek and step with any numbers: clamped to 0…n; only one step forward animates, and then
    exactly that action's events."""
    replay = REPLAY
    for move in moves:
        before = replay.index
        if move == "start":
            frame = replay.seek(0)
        elif move == "end":
            frame = replay.seek(replay.length)
        elif isinstance(move, tuple):
            frame = replay.step(move[1])
        else:
            frame = replay.seek(move)
        assert 0 <= frame.index == replay.index <= replay.length
        assert frame.state is replay.states[frame.index]
        assert frame.events == (replay.events[frame.index] if frame.index == before + 1 else [])


WHO = {"ptolemaeus": "pt-who", "pompeii": "pp-who"}
RECAP = {"ptolemaeus": "pt-recap", "pompeii": "pp-recap"}


def _replayed(key: str) -> tuple[Any, Replay, ReplayHost]:
    import importlib

    screens = importlib.import_module(SCREENS[key][0])
    spec = PAGE_CATALOG[key].load()
    setup = {"players": 2, "seed": 4, "start": "1969-07-20T20:17Z"} if key == "ptolemaeus" else {"players": 2, "seed": 4}
    session = play_out(Session.start(spec, setup, default_seats(spec, ["human", "bot"])), 4)
    assert session.seats[0]["name"] == "You"
    replay = Replay(session)
    return screens, replay, ReplayHost(replay, {"bot_speed": "instant"})


def _heading(key: str, screens: Any, replay: Replay, host: ReplayHost, index: int) -> tuple[str, Any]:
    """The heading and scene of position ``index`` as the replay's view shows it (``BoardView.show``),
    played up to it from six moves before (as ▶ does: each step animates its events)."""
    from boardui.screen import awaiting

    screen = screens.Screen()
    frame = replay.seek(index - 6)
    while True:
        screen.receive(awaiting(screens.snapshot(frame.state, frame.viewer), "replay"), frame.events, host.seats)
        screen.watched()
        while screen.frames.playing:
            screen.frames.advance()
        if replay.index >= index:
            break
        frame = replay.step(1)
    tree = screen.scene(host.log())
    [who] = [e for e in tree.walk() if WHO[key] in e.attrs.get("class", "").split()]
    return who.text_content(), tree


@pytest.mark.parametrize("key", list(SCREENS))
def test_in_a_replay_the_seat_called_you_is_you_only_to_its_own_eyes(key):
    """Play-test 4 (#2): seen by another seat the human's seat "You" read "You's turn"; to any eyes
    but its own it is "Player 1" (the host's seats, which the view holds, follow the viewer)."""
    screens, replay, host = _replayed(key)
    assert replay.viewer == 0 and host.seats[0]["name"] == "You"
    turns = [i for i in range(8, replay.length) if replay.states[i].current_player == 0]
    replay.set_viewer(1)
    assert host.seats[0]["name"] == "Player 1" and host.seats[1]["name"] not in ("You", "Player 1")
    who, _tree = _heading(key, screens, replay, host, turns[-1])
    assert who == "Player 1's turn", who
    replay.set_viewer(None)
    assert host.seats[0]["name"] == "Player 1"
    replay.set_viewer(0)
    assert host.seats[0]["name"] == "You"


@pytest.mark.parametrize("key", list(SCREENS))
def test_a_replay_heading_names_whose_turn_in_the_third_person_and_shows_no_recap(key):
    """Play-test 4 (#16): in a replay nobody decides, so not "Your turn" (the player's own seat is
    "Player 1" there) and no "Since your last decision" recap growing with every move."""
    screens, replay, host = _replayed(key)
    turns = [i for i in range(replay.length) if replay.states[i].current_player == 0 and i > 8]
    for index in (turns[0], turns[-1]):
        who, tree = _heading(key, screens, replay, host, index)
        assert who == OWN_TURN[key], who
        assert not [e for e in tree.walk() if RECAP[key] in e.attrs.get("class", "").split()]


# The replay's heading for the seat its host calls "You", seen through that seat's eyes: named as its
# score chip names it ("Turn: You", play-test 6 #3).
OWN_TURN = {"ptolemaeus": "Turn: You", "pompeii": "Turn: You"}


CHIP_NAME = {"ptolemaeus": "pt-score-name", "pompeii": "pp-score-name"}


@pytest.mark.parametrize("lang", ["en", "it", "de", "es"])
@pytest.mark.parametrize("key", list(SCREENS))
def test_a_replay_heading_names_the_players_seat_as_its_score_chip_does(key, lang):
    """Play-test 6 #3: the replay of the player's own unfinished game against a bot read "Player 1's
    turn" beside the score chips "You 1 pt · Hypatia". The heading names the seat with the chip's
    word, in the third person (nobody decides in a replay: not "Your turn"); the bot's turn as before."""
    from app import i18n
    import importlib

    t = importlib.import_module(f"{key}_ui.strings").t

    screens, replay, host = _replayed(key)
    try:
        i18n.set_language(lang)                                  # the page's language: "You" is said in it
        mine = [i for i in range(9, replay.length) if replay.states[i].current_player == 0]
        theirs = [i for i in range(9, replay.length) if replay.states[i].current_player == 1]
        who, tree = _heading(key, screens, replay, host, mine[-1])
        [chip] = tree.find_all(data_score="0")
        you = i18n.t("seat.you")
        assert [e.text_content() for e in chip.walk() if CHIP_NAME[key] in e.attrs.get("class", "").split()] == [you]
        assert you in who and "Player" not in who and i18n.t("seat.player", n=1) not in who, who
        assert who != t("status.your_turn_plain" if key == "ptolemaeus" else "status.your_turn"), who
        who, tree = _heading(key, screens, replay, host, theirs[-1])
        bot = host.seats[1]["name"]
        assert who == t("status.turn_of", name=bot), who
    finally:
        i18n.set_language("en")
