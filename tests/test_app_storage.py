"""The shell's saves under CPython: sessions (replay, validation, undo), storage, settings.

Driven with Tally (tests/shellgame.py), a tiny game with hidden hands, and a
fake localStorage (``app.storage.MemoryStorage``)."""

from __future__ import annotations

import datetime as dt
import json
import random

import pytest

from app.session import FORMAT, SaveError, Session, check_seats, default_seats, resolve_setup
from app.storage import DEFAULT_SETTINGS, MemoryStorage, SaveStore, StorageError
from shellgame import TallySpec

SPEC = TallySpec()
GAMES = {SPEC.key: SPEC}
T0 = dt.datetime(2025, 3, 1, 12, 0, tzinfo=dt.UTC)


def new_session(kinds=("human", "hard"), seed=7, **setup) -> Session:
    return Session.start(SPEC, {"players": len(kinds), "seed": seed, **setup}, default_seats(SPEC, kinds),
                         now=T0, rng=random.Random(seed))


def play(session: Session, n: int, rng=None) -> None:
    rng = rng or random.Random(1)
    for _ in range(n):
        if session.over:
            break
        session.apply(rng.choice(SPEC.legal_actions(session.state)))


def store_with(items=None, quota=None) -> tuple[SaveStore, MemoryStorage]:
    storage = MemoryStorage(items, quota=quota)
    return SaveStore(storage, GAMES, prefix="ptolemaeus.", clock=lambda: T0), storage


# ------------------------------------------------------------------ sessions


def test_a_session_round_trips_through_json_and_replays_exactly():
    s = new_session()
    play(s, 9)
    back = Session.from_json(s.to_json(), GAMES)
    assert back.data == s.data
    assert SPEC.state_to_json(back.state) == SPEC.state_to_json(s.state)
    assert back.movers == s.movers and back.barrier == s.barrier and back.log == s.log
    data = json.loads(s.to_json())
    assert data["format"] == FORMAT and data["game"] == "tally" and len(data["actions"]) == 9


def test_start_resolves_now_into_a_fixed_date():
    s = new_session(start="now")
    assert s.setup["start"] == "2025-03-01T12:00Z"
    tampered = json.loads(s.to_json())
    tampered["setup"]["start"] = "now"
    with pytest.raises(SaveError, match="not a fixed game"):
        Session.from_data(tampered, GAMES)


@pytest.mark.parametrize("setup, message", [
    ({"players": 5, "seed": 1}, "1 to 4 players"),
    ({"players": 2, "seed": -1}, "seed"),
    ({"players": 2, "seed": "12"}, "seed"),
    ({"players": 2, "seed": 1, "start": "yesterday"}, "not a date"),
])
def test_start_says_what_is_wrong_with_a_setup(setup, message):
    with pytest.raises(SaveError, match=message):
        Session.start(SPEC, setup, default_seats(SPEC, ["human"] * max(1, min(4, setup["players"]))))


def test_seats_are_checked():
    seats = default_seats(SPEC, ["human", "bot"])
    assert check_seats(SPEC, seats) == seats
    with pytest.raises(SaveError, match="same colour"):
        check_seats(SPEC, [seats[0], {**seats[1], "colour": seats[0]["colour"]}])
    with pytest.raises(SaveError, match="two seats are called"):
        check_seats(SPEC, [seats[0], {**seats[1], "name": seats[0]["name"].upper()}])
    with pytest.raises(SaveError, match="unknown bot level"):
        check_seats(SPEC, [seats[0], {**seats[1], "level": "godlike"}])
    with pytest.raises(SaveError, match="needs a name"):
        check_seats(SPEC, [{**seats[0], "name": "  "}, seats[1]])
    with pytest.raises(SaveError, match="2 players but there are 1"):
        check_seats(SPEC, seats[:1], players=2)


def test_default_seats_have_distinct_names_and_colours():
    seats = default_seats(SPEC, ["human", "human", "hard", "bot"])
    assert [s["name"] for s in seats] == ["Player 1", "Player 2", "Iupiter", "Saturnus"]
    assert [s["level"] for s in seats] == [None, None, "hard", "normal"]
    assert len({s["colour"] for s in seats}) == 4
    assert default_seats(SPEC, ["human"])[0]["name"] == "You"


def test_resolve_setup_fills_the_fields():
    assert resolve_setup(SPEC, {"players": 1, "seed": 3}) == {"players": 1, "seed": 3,
                                                              "start": "1969-07-20T20:17Z"}


def test_apply_refuses_an_illegal_action_and_changes_nothing():
    s = new_session()
    before = s.to_json()
    with pytest.raises(ValueError):
        s.apply(("end",))
    assert s.to_json() == before


# ------------------------------------------------------------------ undo


def test_undo_takes_back_ones_own_steps_until_the_last_reveal():
    s = Session.start(SPEC, {"players": 2, "seed": 3}, default_seats(SPEC, ["human", "human"]), now=T0)
    hand = s.state.hands[0]
    s.apply(("play", hand[0]))             # seat 0, no reveal
    assert s.undo_target() == 0
    s.apply(("end",))                      # seat 1 decides now: seat 0's step is not theirs
    assert s.current_player() == 1 and s.undo_target() is None
    s.apply(("draw",))                     # seat 1 draws: a reveal
    assert s.barrier == 3 and s.undo_target() is None
    s.apply(("play", s.state.hands[0][0]))
    assert s.undo_target() == 3
    s.truncate(3)
    assert len(s.actions) == 3 and s.undo_target() is None


def test_undo_goes_back_over_the_bots_steps_after_ones_own():
    s = new_session(kinds=("human", "bot"), seed=11)
    s.apply(("play", s.state.hands[0][0]))
    s.apply(("end",))                                  # the bot's turn
    s.apply(("play", s.state.hands[1][0]))             # the bot plays a card (no reveal)...
    s.apply(("end",))                                  # ...and ends: the human decides again
    assert s.current_player() == 0 and s.undo_target() == 1
    s.truncate(1)
    assert s.current_player() == 0 and s.state.played
    # Once the bot draws (a reveal), nothing before it can be undone.
    s.apply(("end",))
    s.apply(("draw",))
    assert s.current_player() == 0 and s.undo_target() is None


def test_undo_refused_names_why_in_every_case():
    """The Undo tooltip's reason (play-test 7 #3), one walk back over the steps: a bot's turn has
    none, another human's step is not yours ("nothing"), a reveal keeps yours ("revealed"), a game
    over has nothing more to undo ("over")."""
    s = Session.start(SPEC, {"players": 2, "seed": 3}, default_seats(SPEC, ["human", "human"]), now=T0)
    assert s.undo_refused() == "nothing"                       # no step yet
    s.apply(("play", s.state.hands[0][0]))
    assert s.undo_refused() is None                            # seat 0 may undo it
    s.apply(("end",))
    assert s.current_player() == 1 and s.undo_refused() == "nothing"    # seat 0's steps are not theirs
    s.apply(("draw",))                                         # seat 1 draws: a reveal
    assert s.current_player() == 0 and s.undo_refused() == "revealed"
    s.apply(("play", s.state.hands[0][0]))
    assert s.undo_refused() is None
    # Against a bot: its turn has no reason; a bot's reveal before any step of yours is "nothing".
    b = new_session(kinds=("bot", "human"), seed=5)
    assert b.current_player() == 0 and b.undo_refused() is None
    b.apply(("draw",))
    assert b.barrier == 1 and b.current_player() == 1 and b.undo_refused() == "nothing"
    b.apply(("draw",))
    b.apply(("draw",))
    assert b.current_player() == 1 and b.undo_refused() == "revealed"
    # Play-test 8 F10: once the game is over, its disabled Undo says so (it said what Undo does).
    while not b.over:
        b.apply(b.spec.legal_actions(b.state)[0])
    assert b.undo_target() is None and b.undo_refused() == "over"


# ------------------------------------------------------------------ bad saves


def saved(store: SaveStore, session: Session) -> str:
    store.save(session)
    return store.game_key(session.id)


def test_autosave_and_resume_lose_nothing():
    store, storage = store_with()
    s = new_session()
    for _ in range(12):
        play(s, 1)
        store.save(s)                                   # the shell saves after every action
    loaded = store.load_current()
    assert loaded.problem is None
    assert loaded.session.data == s.data
    assert SPEC.state_to_json(loaded.session.state) == SPEC.state_to_json(s.state)


def corrupt_cases():
    s = new_session()
    play(s, 8)
    good = s.to_json()
    data = json.loads(good)
    other_version = {**data, "version": 99}
    other_game_version = {**data, "game_version": 2}
    illegal = json.loads(good)
    illegal["actions"][3] = {"kind": "play", "card": 99}
    after_end = json.loads(good)
    after_end["actions"] += [{"kind": "end"}] * 200
    garbage_action = json.loads(good)
    garbage_action["actions"][0] = "draw"
    bad_seats = {**data, "seats": data["seats"][:1]}
    unknown_game = {**data, "game": "chess"}
    return s, [
        ("corrupt JSON", good.replace('"actions":[', '"actions":[[', 1), "damaged"),
        ("truncated", good[: len(good) // 2], "incomplete"),
        ("empty", "", "empty"),
        ("not a save", '{"hello": 1}', "not a saved game"),
        ("a list", "[1, 2, 3]", "not a saved game"),
        ("another version", json.dumps(other_version), "another version of this page"),
        ("another game version", json.dumps(other_game_version), "another version of Tally"),
        ("tampered: illegal move", json.dumps(illegal), "move 4 is not a legal move"),
        ("tampered: moves after the end", json.dumps(after_end), "after the end of the game|not a legal"),
        ("tampered: garbage move", json.dumps(garbage_action), "move 1 cannot be read"),
        ("tampered: seats", json.dumps(bad_seats), "2 players but there are 1"),
        ("unknown game", json.dumps(unknown_game), "game this page does not have"),
    ]


@pytest.mark.parametrize("case", range(len(corrupt_cases()[1])), ids=[c[0] for c in corrupt_cases()[1]])
def test_a_bad_save_is_explained_and_kept_aside(case):
    s, cases = corrupt_cases()
    _name, text, message = cases[case]
    store, storage = store_with({"ptolemaeus.current": s.id, f"ptolemaeus.game.{s.id}": text})
    loaded = store.load_current()
    assert loaded.session is None
    assert "could not be loaded" in loaded.problem
    assert __import__("re").search(message, loaded.problem), loaded.problem
    # Kept aside byte for byte, under another key; the slot and the pointer are free.
    assert loaded.aside.startswith("ptolemaeus.bad.")
    assert storage.items[loaded.aside] == text
    assert f"ptolemaeus.game.{s.id}" not in storage.items
    assert "ptolemaeus.current" not in storage.items
    assert store.bad_saves() == [(loaded.aside, text)]
    # A new game afterwards never touches it.
    fresh = new_session(seed=99)
    store.save(fresh)
    assert storage.items[loaded.aside] == text
    assert store.load_current().session.id == fresh.id


def test_a_bad_save_that_cannot_be_moved_stays_where_it_is():
    s, cases = corrupt_cases()
    text = cases[1][1]
    key = f"ptolemaeus.game.{s.id}"
    store, storage = store_with({"ptolemaeus.current": s.id, key: text}, quota=len(text) + 60)
    loaded = store.load_current()
    assert loaded.session is None and "could not be moved aside" in loaded.problem
    assert storage.items[key] == text                  # not lost, not overwritten


def test_two_bad_saves_in_the_same_instant_get_two_keys():
    store, storage = store_with({"ptolemaeus.game.a": "{", "ptolemaeus.game.b": "nonsense"})
    games, problems = store.saved_games()
    assert games == [] and len(problems) == 2
    assert sorted(storage.items.values()) == ["nonsense", "{"]
    assert len(store.bad_saves()) == 2


def test_an_entry_kept_aside_is_named_by_its_second_and_the_newest_comes_first():
    """Play-test: the name a player reads ("kept aside as ...") carried microseconds."""
    import datetime as dt
    store, storage = store_with({})
    store.clock = lambda: dt.datetime(2026, 11, 29, 14, 5, 9, 123456, tzinfo=dt.UTC)
    names = [store.put_aside(f"ptolemaeus.game.{i}", f"text {i}") for i in range(12)]
    assert names[0] == "ptolemaeus.bad.20261129T140509Z"
    assert names[1:3] == ["ptolemaeus.bad.20261129T140509Z-002", "ptolemaeus.bad.20261129T140509Z-003"]
    assert [text for _key, text in store.bad_saves()] == [f"text {i}" for i in reversed(range(12))]


def test_a_save_filed_under_another_id_is_refused():
    s = new_session()
    store, storage = store_with({"ptolemaeus.current": "x", "ptolemaeus.game.x": s.to_json()})
    loaded = store.load_current()
    assert loaded.session is None and "another game" in loaded.problem


def test_a_missing_current_game_is_no_problem():
    store, _ = store_with({"ptolemaeus.current": "gone"})
    loaded = store.load_current()
    assert loaded.session is None
    assert store.current_id() is None


# ------------------------------------------------------------------ quota


def test_a_full_storage_is_reported_and_nothing_is_lost():
    store, storage = store_with()
    s = new_session()
    play(s, 3)
    store.save(s)
    before = dict(storage.items)
    storage.quota = sum(len(k) + len(v) for k, v in storage.items.items())  # full now
    play(s, 5)
    with pytest.raises(StorageError, match="storage for this site is full"):
        store.save(s)
    assert storage.items == before                   # the last good save is intact
    assert len(s.actions) == 8                        # the game in memory has every move
    storage.quota = None                              # space again: the next save has it all
    store.save(s)
    assert len(store.load_current().session.actions) == 8


def test_a_refused_write_is_reported():
    class Refusing(MemoryStorage):
        def setItem(self, key, value):  # noqa: N802
            raise RuntimeError("SecurityError: The operation is insecure.")

    store = SaveStore(Refusing(), GAMES)
    with pytest.raises(StorageError, match="refused"):
        store.save(new_session())


# ------------------------------------------------------------------ listing, forgetting


def test_unfinished_games_stay_listed_and_finished_ones_go_when_a_game_starts():
    store, storage = store_with()
    a = new_session(seed=1)
    play(a, 3)
    store.save(a)
    b = new_session(seed=2)
    play(b, 500)
    assert b.over
    store.save(b)
    games, problems = store.saved_games()
    assert {g.id for g in games} == {a.id, b.id} and problems == []
    assert {g.id: g.over for g in games} == {a.id: False, b.id: True}
    c = new_session(seed=3)
    store.forget_finished(keep=c.id)
    store.save(c)
    assert {g.id for g in store.saved_games()[0]} == {a.id, c.id}
    assert store.current_id() == c.id
    store.forget(c.id)
    assert store.current_id() is None


def test_a_replay_links_way_back_finds_the_unfinished_game_without_moving_anything():
    """``unfinished_game``: the game key of a save not yet over (play-test 2, U2: a replay link offers
    "Back to your game"); None for a finished, missing or damaged one, which stays where it is."""
    store, storage = store_with()
    going, done = new_session(seed=3), new_session(seed=4)
    play(done, 200)
    assert done.over
    store.save(going)
    store.save(done)
    assert store.unfinished_game(going.id) == "tally"
    assert store.unfinished_game(done.id) is None and store.unfinished_game("nosuchgame") is None
    storage.setItem(store.game_key("broken"), '{"game": "tally", "over": fal')
    before = dict(storage.items)
    assert store.unfinished_game("broken") is None
    assert storage.items == before                      # nothing moved aside: loading it says why
    storage.setItem(store.game_key("other"), json.dumps({"game": "chess", "over": False}))
    assert store.unfinished_game("other") is None       # not a game of this page


def test_other_keys_of_the_origin_are_left_alone():
    store, storage = store_with({"someone-else.game.1": "{", "ptolemaeus-other": "x"})
    assert store.saved_games() == ([], [])
    assert storage.items == {"someone-else.game.1": "{", "ptolemaeus-other": "x"}


# ------------------------------------------------------------------ settings


def test_the_stored_save_of_an_id_or_why_the_storage_cannot_say():
    """Import asks whether a file's id is saved already (review: it read ``storage.getItem`` itself, and a
    storage that throws gave only a console error): the text, None, or a StorageError naming the reason."""
    store, storage = store_with()
    session = new_session()
    assert store.stored_save(session.id) is None
    store.save(session)
    assert store.stored_save(session.id) == session.to_json()

    def refused(key):
        raise RuntimeError("SecurityError: access denied")
    storage.getItem = refused
    with pytest.raises(StorageError, match="SecurityError: access denied"):
        store.stored_save(session.id)


def test_settings_default_persist_and_ignore_garbage():
    store, storage = store_with()
    assert store.load_settings() == DEFAULT_SETTINGS
    store.save_settings({"bot_speed": "instant", "lang": "de", "other": 1})
    assert json.loads(storage.items["ptolemaeus.settings"]) == {"bot_speed": "instant", "lang": "de"}
    assert store.load_settings()["lang"] == "de"
    store.save_settings({"bot_speed": "instant", "lang": "xx"})    # not a language of the page: not kept
    assert "lang" not in store.load_settings()
    assert store.load_settings()["bot_speed"] == "instant"
    storage.items["ptolemaeus.settings"] = '{"bot_speed": "ludicrous"'
    assert store.load_settings() == DEFAULT_SETTINGS
    storage.items["ptolemaeus.settings"] = '{"bot_speed": "ludicrous"}'
    assert store.load_settings() == DEFAULT_SETTINGS
    # Play-test 8 F2: "slow" is kept; a value stored before it came still loads as it was.
    store.save_settings({"bot_speed": "slow"})
    assert store.load_settings()["bot_speed"] == "slow"
    for old in ("watchable", "instant"):
        storage.items["ptolemaeus.settings"] = json.dumps({"bot_speed": old, "confirm": "off"})
        assert store.load_settings() == {**DEFAULT_SETTINGS, "bot_speed": old, "confirm": "off"}


def test_confirm_my_moves_is_on_by_default_and_remembered_when_turned_off():
    """Issue 17: "confirm my moves" (on by default); only "on"/"off" are kept."""
    store, storage = store_with()
    assert store.load_settings()["confirm"] == "on"
    store.save_settings({"bot_speed": "instant", "confirm": "off"})
    assert store.load_settings()["confirm"] == "off"
    for bad in (True, 0, None, "yes", ["off"]):
        store.save_settings({"confirm": bad, "sound": bad})
        assert store.load_settings()["confirm"] == "on" and store.load_settings()["sound"] == "off"
    store.save_settings({"sound": "on"})
    assert store.load_settings()["sound"] == "on"             # sounds: off until turned on, then remembered
