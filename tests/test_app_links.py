"""Links that start a game (app.links) under CPython, with Tally (tests/shellgame.py) in a test
catalog, and the page's own catalog for the links Ptolemaeus players already share."""

from __future__ import annotations

import dataclasses
import random

import pytest

from hypothesis import given, settings
from hypothesis import strategies as st

from app.errors import error_text
from app.i18n import APP, placeholders
from app.games import Catalog
from app.links import LinkError, is_game_link, names_only_seats, parse_link, share_query
from app.session import SaveError, Session
from shellgame import TALLY

GAMES = Catalog([TALLY])
SPEC = TALLY.load()


def test_a_full_link_with_the_old_name_of_a_field():
    """``date=`` is Tally's alias of its ``start`` field (GameInfo.link_aliases), not a shell notion."""
    spec, setup, seats = parse_link("?date=1610-01-07&seats=human,hard,bot&seed=4242", GAMES)
    assert spec is SPEC
    assert setup == {"players": 3, "seed": 4242, "start": "1610-01-07"}
    assert [(s["kind"], s["level"]) for s in seats] == [("human", None), ("bot", "hard"), ("bot", "normal")]
    assert len({s["colour"] for s in seats}) == 3
    Session.start(spec, setup, seats)  # it starts


def test_defaults_one_seat_and_the_fields_own_key():
    spec, setup, seats = parse_link("?seats=human", GAMES, rng=random.Random(1))
    assert setup["players"] == 1 and setup["start"] == "1969-07-20T20:17Z" and setup["seed"] > 0
    _spec, setup, seats = parse_link("?start=2001-01-01&seed=0", GAMES)
    assert setup == {"players": 2, "seed": 0, "start": "2001-01-01"}
    assert [s["kind"] for s in seats] == ["human", "bot"]
    _spec, setup, _seats = parse_link("?date=now&seed=5", GAMES)
    assert setup["start"] == "now"   # made concrete when the game starts


def test_share_query_names_the_game_and_round_trips():
    setup = {"players": 3, "seed": 99, "start": "1969-07-20T20:17Z"}
    seats = [{"kind": "human", "level": None}, {"kind": "bot", "level": "hard"}, {"kind": "human", "level": None}]
    query = share_query(SPEC, setup, seats)
    assert query == "?game=tally&start=1969-07-20T20:17Z&seats=human,hard,human&seed=99"
    spec, back, back_seats = parse_link(query, GAMES)
    assert back == setup
    assert [s["kind"] for s in back_seats] == ["human", "bot", "human"]


@pytest.mark.parametrize("query, code, message", [
    ("?seats=human,wizard", "link.unknown_seat", "unknown seat “wizard”: in the link, seats= takes: human, bot"),
    ("?seats=human,,bot", "link.empty_seat", "empty item"),
    ("?seats=human,bot,bot,bot,bot", "link.players_range", "1 to 4 players"),
    ("?seed=abc", "save.seed", "seed must be a whole number"),
    ("?seed=-3", "save.seed", "seed must be a whole number"),
    ("?seed=" + "9" * 500, "save.seed", "seed must be a whole number"),
    ("?seed=１２", "save.seed", "seed must be a whole number"),
    ("?seed=1&seed=2", "link.twice", "“seed” twice"),
    ("?players=three", "link.players", "“players=three” is not a number of players"),
    ("?players=0", "link.players", "not a number of players"),
    ("?players=-2", "link.players", "not a number of players"),
    ("?players=", "link.players", "not a number of players"),
    ("?players=５", "link.players", "not a number of players"),
    ("?players=5", "link.players_count", "1 to 4 players; the link asks for 5"),
    ("?players=5&seats=human,bot,bot,bot,bot", "link.players_count", "the link asks for 5"),
    ("?players=3&seats=human,bot", "link.players_seats", "asks for 3 players but its seats list names 2 seats"),
    ("?players=2&seats=human", "link.players_seats", "names 1 seat"),
    ("?game=chess", "link.unknown_game", "no game “chess” here \\(in the link, game= takes: tally\\)"),
    ("?date=", "link.empty_field", "empty"),
    ("?date=1610-01-07&start=1969-07-20", "link.two_values", "two different values"),
    ("?start=" + "x" * 300, "link.too_long_field", "longer than"),
    ("?seats=" + "human," * 500, "link.too_long", "too long"),
])
def test_malformed_links_say_why_with_a_code(query, code, message):
    assert is_game_link(query, GAMES)
    with pytest.raises(LinkError, match=message) as caught:
        parse_link(query, GAMES)
    assert caught.value.code == code and isinstance(caught.value, ValueError)


def test_a_date_the_game_refuses_is_refused_when_starting_with_the_games_own_text():
    spec, setup, seats = parse_link("?date=yesterday", GAMES)
    with pytest.raises(SaveError) as caught:
        Session.start(spec, setup, seats)
    assert caught.value.code == "save.cannot_set_up"
    assert "not a date: 'yesterday'" in error_text(caught.value)   # TallySpec.error_text of its code


def test_what_is_a_game_link():
    assert not is_game_link("", GAMES)
    assert not is_game_link("?utm_source=x", GAMES)
    assert not is_game_link("?lang=de", GAMES)
    assert is_game_link("?seed=3", GAMES)
    assert is_game_link("?start=2000-01-01", GAMES)
    assert is_game_link("?date=2000-01-01", GAMES)
    assert is_game_link("?game=tally", GAMES)


def test_players_gives_the_number_of_seats_you_and_bots():
    """Play-test 2: ``players=3`` was ignored like an unknown parameter (a 2-player game started)."""
    assert is_game_link("?players=3", GAMES)
    _spec, setup, seats = parse_link("?players=3&seed=2", GAMES)
    assert setup["players"] == 3 and [(s["kind"], s["level"]) for s in seats] == \
        [("human", None), ("bot", "normal"), ("bot", "normal")]
    _spec, setup, seats = parse_link("?players=1", GAMES)
    assert setup["players"] == 1 and [s["kind"] for s in seats] == ["human"]
    _spec, setup, seats = parse_link("?players=2&seats=hard,human", GAMES)
    assert [s["level"] for s in seats] == ["hard", None]


def test_unknown_parameters_are_ignored():
    _spec, setup, _seats = parse_link("?seed=7&fbclid=abc&utm_source=x", GAMES)
    assert setup == {"players": 2, "seed": 7, "start": "1969-07-20T20:17Z"}


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(st.sampled_from(["game", "date", "start", "seats", "players", "seed", "lang", "x"]),
                       st.text(max_size=30), max_size=5))
def test_any_query_parses_or_is_refused_with_a_link_error(params):
    """Generated queries: a game's setup, or a LinkError with a code whose text has no gaps."""
    from app.links import _quote
    query = "?" + "&".join(f"{k}={_quote(v)}" for k, v in params.items())
    try:
        spec, setup, seats = parse_link(query, GAMES)
    except LinkError as e:
        assert APP.has(e.code) and set(e.params) >= placeholders(APP.raw(e.code)) - {"count"}
        assert error_text(e)
        return
    assert spec is SPEC and 1 <= setup["players"] == len(seats) <= 4
    try:
        Session.start(spec, setup, seats)
    except SaveError as e:
        assert APP.has(e.code) and set(e.params) >= placeholders(APP.raw(e.code)) - {"count"}


# ------------------------------------------------------------------ the page's catalog: old links


@pytest.fixture(scope="module")
def page_games():
    import catalog  # noqa: F401  (registers the page's games)
    from app.games import CATALOG
    return CATALOG


@pytest.mark.parametrize("query, start, kinds", [
    ("?date=1969-07-20T20:17Z&seats=human,hard,bot&seed=4242", "1969-07-20T20:17Z", ["human", "hard", "normal"]),
    ("?date=1610-01-07&seats=human&seed=1", "1610-01-07", ["human"]),
    ("?seats=human,bot&seed=12", "1969-07-20T20:17Z", ["human", "normal"]),
    ("?date=now&seats=bot,bot&seed=3", "now", ["normal", "normal"]),
    ("?game=ptolemaeus&start=1610-01-07&seats=human,easy&seed=8", "1610-01-07", ["human", "easy"]),
])
def test_every_old_ptolemaeus_link_still_starts_ptolemaeus(page_games, query, start, kinds):
    """Links shared before there were several games: ``date=`` is Ptolemaeus' alias of ``start``
    and Ptolemaeus is the first (default) game of the catalog."""
    spec, setup, seats = parse_link(query, page_games)
    assert spec.key == "ptolemaeus" and setup["start"] == start
    assert [s["level"] or s["kind"] for s in seats] == kinds
    session = Session.start(spec, setup, seats)
    assert session.data["game"] == "ptolemaeus" and session.setup["start"] != "now"
    again = share_query(spec, session.setup, seats)
    assert again.startswith("?game=ptolemaeus&start=")
    assert parse_link(again, page_games)[1] == session.setup


def test_a_start_date_ptolemaeus_refuses_is_explained_in_the_players_language(page_games):
    from app import i18n
    spec, setup, seats = parse_link("?date=1969-02-30&seats=human", page_games)
    with pytest.raises(SaveError) as caught:
        Session.start(spec, setup, seats)
    english = error_text(caught.value)
    try:
        i18n.set_language("de")
        german = error_text(caught.value)
    finally:
        i18n.set_language("en")
    assert english != german and "30" in german


def test_query_decoding_matches_the_standard_library():
    from urllib.parse import parse_qsl, quote

    from app.links import _params, _quote
    for text in ["a%20b+c", "%E2%9C%93x", "%zz%4", "100%", "x%2", "%41%42", "", "a=b", "%C3"]:
        assert _params("?k=" + quote(text, safe="%+=")) == dict(parse_qsl("k=" + quote(text, safe="%+="),
                                                                              keep_blank_values=True))
    for text in ["1969-07-20T20:17Z", "a b/ü&=?", "human,hard"]:
        assert _params("?k=" + _quote(text)) == {"k": text}


def test_linked_game_names_the_game_to_fetch_first_and_never_raises():
    """py/app/main.py fetches the game a link names (else the first game) while the shell imports."""
    from app.games import Catalog
    from app.links import linked_game
    from shellgame import TALLY

    other = dataclasses.replace(TALLY, key="other", spec="shellgame:TallySpec")
    games = Catalog([TALLY, other])
    assert linked_game("game=other&seats=human", games) is other
    assert linked_game("seats=human", games) is TALLY and linked_game("", games) is TALLY
    assert linked_game("game=nope", games) is TALLY
    assert linked_game("game=a&game=b", games) is TALLY and linked_game("x" * 100_000, games) is TALLY
    assert linked_game("game=other", Catalog()) is None


@pytest.mark.parametrize(("query", "fragment", "plain"), [
    ("", "", True),
    ("seats=human,bot&seed=1", "", True),
    ("?game=pompeii&seats=human,bot&seed=1&lang=de", "", True),
    ("date=1969-07-20&seats=human,bot&seed=3", "", False),    # a setup field: a sky to compute
    ("start=now", "", False),
    ("daily", "", False),                                      # Today's sky
    ("daily=2026-11-25", "", False),
    ("", "#replay=1.abc", False),                              # a replay: its setup, any date
    ("seats=human", "#", True),
    ("seed=1&seed=2", "", False),                              # malformed: fetch all, let the shell say why
    ("x" * 3000, "", False),
])
def test_names_only_seats_says_when_a_link_computes_nothing_lazily(query, fragment, plain):
    """Issue 13: main.py fetches a game without what its lazily imported modules need (astronomy)
    only for a URL that names nothing beyond the game, seats, seed and language."""
    assert names_only_seats(query, fragment) is plain


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=80), st.text(max_size=10))
def test_names_only_seats_never_raises(query, fragment):
    assert isinstance(names_only_seats(query, fragment), bool)


def test_a_link_with_too_few_seats_counts_them_in_the_right_form_in_every_language():
    """D7: "?game=pompeii&seats=human" said "the link names 1 seats"."""
    import catalog  # noqa: F401 - registers the page's games
    from app.games import CATALOG
    from app.i18n import set_language

    with pytest.raises(LinkError) as one:
        parse_link("?game=pompeii&seats=human", CATALOG)
    assert one.value.code == "link.players_range"
    assert error_text(one.value) == "The Downfall of Pompeii is for 2 to 4 players; the link names 1 seat"
    with pytest.raises(LinkError) as five:
        parse_link("?game=pompeii&seats=human,bot,bot,bot,bot", CATALOG)
    assert error_text(five.value).endswith("the link names 5 seats")
    singular = {"en": "1 seat", "de": "1 Platz", "es": "1 asiento", "it": "1 posto"}
    try:
        for lang, words in singular.items():
            set_language(lang)
            assert error_text(one.value).endswith(words) and "{" not in error_text(five.value)
            assert set(APP.catalog(lang)["link.players_range"]) == {"one", "other"}
    finally:
        set_language("en")
