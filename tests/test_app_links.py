"""Links that start a game (app.links) under CPython, with Tally (tests/shellgame.py)."""

from __future__ import annotations

import random

import pytest

from app.links import LinkError, is_game_link, parse_link, share_query
from app.session import Session
from shellgame import TallySpec

SPEC = TallySpec()
GAMES = {SPEC.key: SPEC}


def test_a_full_link():
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


def test_share_query_round_trips():
    setup = {"players": 3, "seed": 99, "start": "1969-07-20T20:17Z"}
    seats = [{"kind": "human", "level": None}, {"kind": "bot", "level": "hard"}, {"kind": "human", "level": None}]
    query = share_query(SPEC, setup, seats)
    assert query == "?date=1969-07-20T20:17Z&seats=human,hard,human&seed=99"
    spec, back, back_seats = parse_link(query, GAMES)
    assert back == setup
    assert [s["kind"] for s in back_seats] == ["human", "bot", "human"]
    assert share_query(SPEC, setup, seats, first_game=False).startswith("?game=tally&")


@pytest.mark.parametrize("query, message", [
    ("?seats=human,wizard", "unknown seat 'wizard'"),
    ("?seats=human,,bot", "empty item"),
    ("?seats=human,bot,bot,bot,bot", "1 to 4 players"),
    ("?seed=abc", "seed must be a whole number"),
    ("?seed=-3", "seed must be a whole number"),
    ("?seed=1&seed=2", "'seed' twice"),
    ("?game=chess", "no game 'chess'"),
    ("?date=", "empty"),
    ("?date=1610-01-07&start=1969-07-20", "two different dates"),
])
def test_malformed_links_say_why(query, message):
    assert is_game_link(query, GAMES)
    with pytest.raises(LinkError, match=message):
        parse_link(query, GAMES)


def test_a_date_the_game_refuses_is_refused_when_starting():
    spec, setup, seats = parse_link("?date=yesterday", GAMES)
    with pytest.raises(ValueError, match="not a date"):
        Session.start(spec, setup, seats)


def test_what_is_a_game_link():
    assert not is_game_link("", GAMES)
    assert not is_game_link("?utm_source=x", GAMES)
    assert is_game_link("?seed=3", GAMES)
    assert is_game_link("?start=2000-01-01", GAMES)


def test_query_decoding_matches_the_standard_library():
    from urllib.parse import parse_qsl, quote

    from app.links import _params, _quote
    for text in ["a%20b+c", "%E2%9C%93x", "%zz%4", "100%", "x%2", "%41%42", "", "a=b", "%C3"]:
        assert _params("?k=" + quote(text, safe="%+=")) == dict(parse_qsl("k=" + quote(text, safe="%+="),
                                                                              keep_blank_values=True))
    for text in ["1969-07-20T20:17Z", "a b/ü&=?", "human,hard"]:
        assert _params("?k=" + _quote(text)) == {"k": text}
