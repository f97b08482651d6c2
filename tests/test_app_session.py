"""Sessions (app.session) under CPython: any game's typed setup fields, checked with coded errors;
what a session accepts it saves and loads again."""

from __future__ import annotations

import datetime as _dt
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.errors import error_text
from app.games import Catalog, GameInfo
from app.i18n import APP, placeholders, set_language
from app.session import SaveError, Session, carried_level, carried_seats, check_field, default_seats, resolve_setup
from gamekit.game import SetupField
from shellgame import TALLY, TallySpec

GAMES = Catalog([TALLY])
SPEC = TALLY.load()
NOW = _dt.datetime(2025, 3, 1, 12, 0, tzinfo=_dt.UTC)


class Options(TallySpec):
    """Tally with one field of every kind (for the generic setup)."""

    key = "options"
    FIELDS = [SetupField("start", "datetime", default="1969-07-20T20:17Z", allow_now=True),
              SetupField("deck", "choice", default="short", choices=("short", "long")),
              SetupField("target", "int", default=15, minimum=5, maximum=40),
              SetupField("motto", "text", default="")]

    def setup_fields(self) -> list[SetupField]:
        return list(self.FIELDS)


OPTIONS = GameInfo(key="options", titles={"en": "Options"}, spec="test_app_session:Options", min_players=1,
                   max_players=4, bot_levels=("easy", "normal", "hard"), default_bot_level="normal")
OSPEC = OPTIONS.load()

LADDER = ("random", "easy", "greedy", "normal", "hard")


class Ladder(TallySpec):
    """Tally for 2 to 3 players with a longer ladder of bot levels (the form's carry-over)."""

    key = "ladder"
    min_players = 2
    max_players = 3
    bot_levels = LADDER


LADDER_GAME = GameInfo(key="ladder", titles={"en": "Ladder"}, spec="test_app_session:Ladder", min_players=2,
                       max_players=3, bot_levels=LADDER, default_bot_level="normal")
LSPEC = LADDER_GAME.load()


def test_fields_default_and_now_becomes_a_fixed_time():
    setup = resolve_setup(OSPEC, {"players": 2, "seed": 1, "start": "now"}, NOW)
    assert setup == {"players": 2, "seed": 1, "start": "2025-03-01T12:00Z", "deck": "short", "target": 15,
                     "motto": ""}


@pytest.mark.parametrize("field, value, code", [
    ("deck", "medium", "setup.not_a_choice"), ("deck", None, "setup.not_a_choice"),
    ("target", 4, "setup.not_a_number"), ("target", 41, "setup.not_a_number"),
    ("target", True, "setup.not_a_number"), ("target", 15.0, "setup.not_a_number"),
    ("target", "15", "setup.not_a_number"), ("target", 10**100, "setup.not_a_number"),
    ("motto", 3, "setup.not_text"), ("motto", ["a"], "setup.not_text"), ("motto", "x" * 201, "setup.too_long"),
    ("start", "", "setup.empty"), ("start", None, "setup.not_text"), ("start", [[["now"]]], "setup.not_text"),
    ("colour", "red", "setup.unknown_field"),
])
def test_a_bad_field_value_is_refused_with_a_code_and_params(field, value, code):
    with pytest.raises(SaveError) as caught:
        Session.start(OSPEC, {"players": 2, "seed": 1, field: value}, default_seats(OSPEC, ["human", "bot"]))
    error = caught.value
    assert error.code == code and isinstance(error, ValueError)
    assert set(error.params) >= placeholders(APP.raw(code))
    english = error_text(error)
    try:
        set_language("de")
        german = error_text(error)
    finally:
        set_language("en")
    assert german != english    # translated at display


def test_now_is_refused_where_a_field_does_not_allow_it():
    field = SetupField("when", "datetime", default="2000-01-01")
    with pytest.raises(SaveError, match="now") as caught:
        check_field(OSPEC, field, "now")
    assert caught.value.code == "setup.no_now"


def test_players_and_seed_must_be_exact_ints():
    seats = default_seats(SPEC, ["human", "bot"])
    for bad in ({"players": True}, {"players": 2.0}, {"seed": -1}, {"seed": 2**53}, {"seed": True},
                {"seed": "1"}):
        with pytest.raises(SaveError):
            Session.start(SPEC, {"players": 2, "seed": 1, "start": "1610-01-07", **bad}, seats)


VALUES = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
                      lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner,
                                                                                  max_size=3), max_leaves=6)


@settings(max_examples=400, deadline=None)
@given(st.dictionaries(st.sampled_from(["players", "seed", "start", "deck", "target", "motto", "x"]), VALUES,
                       max_size=6))
def test_any_setup_starts_a_game_that_saves_and_loads_or_is_refused_with_a_save_error(setup):
    players = setup.get("players") if type(setup.get("players")) is int and 1 <= setup["players"] <= 4 else 2
    seats = default_seats(OSPEC, ["human"] + ["bot"] * (players - 1))
    try:
        session = Session.start(OSPEC, setup, seats, now=NOW)
    except SaveError as e:
        assert APP.has(e.code) and error_text(e)
        return
    again = Session.from_json(session.to_json(), Catalog([OPTIONS]))
    assert again.to_json() == session.to_json()


def test_an_action_with_a_bool_or_a_float_for_an_int_is_refused_and_nothing_changes():
    """Issue 16: what a session accepted must save and load again, byte for byte."""
    session = Session.start(SPEC, {"players": 2, "seed": 3, "start": "1610-01-07"},
                            default_seats(SPEC, ["human", "bot"]), now=NOW)
    plays = [a for a in SPEC.legal_actions(session.state) if a[0] == "play"]
    card = plays[0][1]
    before = session.to_json()
    for bad in (("play", float(card)), ("play", card == 1)):
        if bad in plays:    # True == 1, 1.0 == 1: equal, but not the same action
            with pytest.raises(ValueError):
                session.apply(bad)
            assert session.to_json() == before
    session.apply(plays[0])
    assert Session.from_json(session.to_json(), GAMES).to_json() == session.to_json()


def _saved_data() -> dict[str, Any]:
    """A new game's save as parsed JSON, for a test to tamper with."""
    session = Session.start(SPEC, {"players": 2, "seed": 3, "start": "1610-01-07"},
                            default_seats(SPEC, ["human", "bot"]), now=NOW)
    return json.loads(session.to_json())


@pytest.mark.parametrize("change, code", [
    (lambda d: d["actions"].append({"kind": "play", "card": True}), "save.move_unreadable"),
    (lambda d: d["actions"].append({"kind": "play", "card": 99}), "save.move_illegal"),
    (lambda d: d["setup"].update(start="now"), "save.not_fixed"),
    (lambda d: d["setup"].update(extra=1), "setup.unknown_field"),
    (lambda d: d.update(game_version=True), "save.game_version_missing"),
    (lambda d: d.update(game_version=2), "save.game_version"),
    (lambda d: d.pop("game_version"), "save.game_version_missing"),
    (lambda d: d.pop("version"), "save.format_missing"),
    (lambda d: d.update(seats="x"), "save.seats_invalid"),
    (lambda d: d.pop("seats"), "save.seats_missing"),
    (lambda d: d.update(version=1.0), "save.format"),
    (lambda d: d.update(game=["tally"]), "save.unknown_game"),
])
def test_a_tampered_save_is_refused_with_a_code(change, code):
    data = _saved_data()
    change(data)
    with pytest.raises(SaveError) as caught:
        Session.from_json(json.dumps(data), GAMES)
    assert caught.value.code == code


@pytest.mark.parametrize("text, code", [("[" * 100_000, "save.too_deep"), ('{"format": 1e999999}', "save.damaged"),
                                        ('{"a": ' + "9" * 5000 + "}", "save.number_too_long"),
                                        ('{"format": "boardgame-session", "ver', "save.cut_off"),
                                        ("", "save.empty")])
def test_garbage_is_a_save_error_never_another_exception(text, code):
    with pytest.raises(SaveError) as caught:
        Session.from_json(text, GAMES)
    assert caught.value.code == code


@pytest.mark.parametrize("text, pos", [('{"format": 1e999999}', 11), ('{"a": "NaN 1e999", "b": [1, -Infinity]}', 28),
                                       ('{"n":NaN}', 5)])
def test_a_number_that_is_not_finite_is_damage_at_its_character(text, pos):
    """Plain ``json`` reads these; the save is refused where they stand, not "at character 0"."""
    with pytest.raises(SaveError) as caught:
        Session.from_json(text, GAMES)
    assert (caught.value.code, caught.value.params) == ("save.damaged", {"pos": pos})


# Saves written by the release before the shell held several games (commit 368e8c3, 2026-11-24):
# each game's session JSON and the state it replays to, made with that release's own code
# (40 random actions of a 3-player Ptolemaeus game, 8 of a 2-player Tally game).
RELEASE = Path(__file__).with_name("saves") / "release-2026-11-24.json"


@pytest.mark.parametrize("key", ["ptolemaeus", "tally"])
def test_a_save_written_by_the_previous_release_loads_exactly(key):
    import json

    import catalog  # noqa: F401  (the page's games)
    from app.games import CATALOG
    games = Catalog([*CATALOG.values(), TALLY])
    written = json.loads(RELEASE.read_text())[key]
    session = Session.from_json(written["save"], games)
    assert session.to_json() == written["save"]                       # byte for byte
    # The same position (compared through the game's own API, so that a later change of its state's
    # JSON form does not matter): every public score, whose turn, and the legal actions.
    old = session.spec.state_from_json(written["state"])
    spec = session.spec
    assert spec.scores(session.state) == spec.scores(old)
    assert spec.current_player(session.state) == spec.current_player(old)
    assert [spec.action_to_json(a) for a in spec.legal_actions(session.state)] == \
        [spec.action_to_json(a) for a in spec.legal_actions(old)]


def test_a_ptolemaeus_action_with_a_bool_or_float_field_is_refused_and_nothing_changes():
    """Issue 16 / issue 10 on the real game: ``cards=(3.0,)`` or ``seat=True`` equal a legal action in
    Python but would save as another; the session refuses them (IllegalAction-like ValueError)."""
    import catalog  # noqa: F401
    from app.games import CATALOG
    spec = CATALOG.spec("ptolemaeus")
    session = Session.start(spec, {"players": 2, "seed": 11, "start": "1610-01-07"},
                            default_seats(spec, ["human", "bot"]), now=NOW)
    before = session.to_json()
    tried = 0
    for action in spec.legal_actions(session.state):
        variants = []
        if action.cards:
            variants.append(action._replace(cards=tuple(float(c) for c in action.cards)))
        if action.where:
            variants.append(action._replace(where=tuple(float(c) for c in action.where)))
        if action.seat in (0, 1):
            variants.append(action._replace(seat=bool(action.seat)))
        for bad in variants:
            assert bad == action
            with pytest.raises(ValueError):
                session.apply(bad)
            assert session.to_json() == before
            tried += 1
    assert tried > 0
    session.apply(spec.legal_actions(session.state)[0])
    assert Session.from_json(session.to_json(), CATALOG).to_json() == session.to_json()


def test_a_save_of_a_game_whose_code_cannot_load_is_a_save_error_not_a_crash():
    """A catalog entry whose spec does not import (or is no GameSpec): resuming its save must not
    break the page's start; the save is refused with a code (and kept aside by the storage)."""
    import json
    session = Session.start(SPEC, {"players": 2, "seed": 3, "start": "1610-01-07"},
                            default_seats(SPEC, ["human", "bot"]), now=NOW)
    data = json.loads(session.to_json())
    for spec_path in ("no_such_module_anywhere:Game", "shellgame:TallyState"):
        broken = GameInfo(key="tally", titles={"en": "Tally"}, spec=spec_path, min_players=1, max_players=4,
                          bot_levels=("easy", "normal", "hard"), default_bot_level="normal")
        with pytest.raises(SaveError) as caught:
            Session.from_data(data, Catalog([broken]))
        assert caught.value.code == "save.game_broken" and "tally" in error_text(caught.value)


@pytest.mark.parametrize("change, english", [
    (lambda d: d.pop("game_version"),
     "it is not a complete saved game: it does not say which version of Tally saved it"),
    (lambda d: d.update(game_version=None),
     "it is not a complete saved game: it does not say which version of Tally saved it"),
    (lambda d: d.pop("version"), "it is not a complete saved game: it does not say which save format it is"),
    (lambda d: d.update(seats="x"), "the seats are not valid"),
])
def test_a_save_missing_its_versions_or_with_malformed_seats_is_explained_without_none(change, english):
    """D7: a file without ``game_version`` was "saved by another version of … (version None…)", and
    seats that are there but malformed were "missing"."""
    data = _saved_data()
    change(data)
    with pytest.raises(SaveError) as caught:
        Session.from_json(json.dumps(data), GAMES)
    assert error_text(caught.value) == english
    for lang in ("en", "es", "it", "de"):
        assert caught.value.code in APP.catalog(lang)
        set_language(lang)
        assert "None" not in error_text(caught.value) and "{" not in error_text(caught.value)
    set_language("en")


def test_the_import_of_a_pompeii_file_without_game_version_is_not_a_complete_save():
    """D7, the play-test's file: never "version None"."""
    import catalog  # noqa: F401 - registers the page's games
    from app.games import CATALOG

    text = '{"format":"boardgame-session","version":1,"game":"pompeii","actions":[1,2,3]}'
    with pytest.raises(SaveError) as caught:
        Session.from_json(text, CATALOG)
    assert error_text(caught.value) == ("it is not a complete saved game: it does not say which version of "
                                        "The Downfall of Pompeii saved it")


def test_a_stored_save_with_malformed_seats_is_reported_as_not_valid():
    """D7: a stored save with ``seats: "x"`` was reported as "the seats are missing"."""
    import json

    from app.storage import MemoryStorage, SaveStore

    session = Session.start(SPEC, {"players": 2, "seed": 3, "start": "1610-01-07"},
                            default_seats(SPEC, ["human", "bot"]), now=NOW)
    storage = MemoryStorage()
    store = SaveStore(storage, GAMES, prefix="ludus.")
    storage.setItem(store.game_key(session.id), json.dumps(dict(json.loads(session.to_json()), seats="x")))
    loaded = store.load(session.id)
    assert loaded.session is None and "the seats are not valid" in loaded.problem.text()
    assert "missing" not in loaded.problem.text()


def test_a_level_carried_to_another_game_is_the_same_or_the_nearest_it_has():
    """Play-test 8 (F4): switching the form's game set a bot at a beginner's level to the other
    game's default; now it keeps its level, or the nearest one the new game has (ties toward the
    new game's default), and never one the new game lacks."""
    fewer = ("random", "greedy", "normal", "hard")
    assert carried_level("easy", LADDER, LADDER, "normal") == "easy"
    assert carried_level("hard", LADDER, fewer, "normal") == "hard"
    assert carried_level("easy", LADDER, fewer, "normal") == "greedy"       # random and greedy: toward normal
    assert carried_level("easy", LADDER, fewer, "random") == "random"
    three = ("easy", "normal", "hard")
    assert [carried_level(lv, LADDER, three, "normal") for lv in LADDER] == ["easy", "easy", "normal", "normal", "hard"]
    assert [carried_level(lv, three, LADDER, "normal") for lv in three] == list(three)
    assert [carried_level(lv, ("a", "b", "c"), ("w", "x", "y", "z"), "x") for lv in "abc"] == ["w", "y", "z"]
    assert carried_level(None, LADDER, three, "normal") == carried_level("genius", LADDER, three, "normal") == "normal"


def test_the_forms_seats_carried_to_another_game_keep_kinds_and_levels_within_its_counts():
    seats = default_seats(SPEC, ["human", "easy", "hard", "normal"])
    carried = carried_seats(SPEC, LSPEC, seats)                           # 4 seats: the new game takes 3
    assert [(s["kind"], s["level"]) for s in carried] == [("human", None), ("bot", "easy"), ("bot", "hard")]
    assert carried == default_seats(LSPEC, ["human", "easy", "hard"])     # its own names and colours
    back = carried_seats(LSPEC, SPEC, default_seats(LSPEC, ["greedy", "random", "human"]))
    assert [(s["kind"], s["level"]) for s in back] == [("bot", "normal"), ("bot", "easy"), ("human", None)]
    alone = carried_seats(SPEC, LSPEC, default_seats(SPEC, ["human"]))    # 1 seat: the new game needs 2
    assert [(s["kind"], s["level"]) for s in alone] == [("human", None), ("bot", "normal")]
    for spec, out in ((LSPEC, carried), (SPEC, back), (LSPEC, alone)):
        Session.start(spec, {"players": len(out), "seed": 1}, out, now=NOW)   # a form that starts


@pytest.mark.parametrize("value", [0, 20251201, True, ["2025-12-01"], {"at": "now"}, "x" * 41])
@pytest.mark.parametrize("name", ["created", "updated"])
def test_a_save_whose_time_is_not_a_text_is_refused(name, value):
    """Review: ``from_data`` took any ``created`` / ``updated`` and wrote it back with ``str()`` (a list
    as "['2025-12-01']"); they are refused with the rest of a bad save, saying which."""
    data = json.loads(Session.start(SPEC, {"players": 2, "seed": 1}, default_seats(SPEC, ["human", "bot"])).to_json())
    data[name] = value
    with pytest.raises(SaveError) as caught:
        Session.from_data(data, GAMES)
    assert caught.value.code == "save.bad_time" and caught.value.params == {"field": name}
    assert name in error_text(caught.value)


def test_a_saves_missing_or_null_time_is_not_known_rather_than_none():
    """Review: a null ``created`` became the text "None". Missing or null: "" (not known); a time is kept."""
    data = json.loads(Session.start(SPEC, {"players": 2, "seed": 1}, default_seats(SPEC, ["human", "bot"])).to_json())
    stamp = data["created"]
    data["updated"] = None
    del data["created"]
    session = Session.from_data(data, GAMES)
    assert session.data["created"] == session.data["updated"] == ""
    data.update(created=stamp, updated=stamp)
    assert Session.from_data(data, GAMES).data["updated"] == stamp
