"""The daily challenge (issue 14) under CPython: seed, days, stored results behind the storage
boundary (tampered entries refused like tampered saves), streaks, chart, share text, and
Ptolemaeus' daily sky (R18 solitaire at 21:00 UTC of the day)."""

from __future__ import annotations

import datetime as _dt
import json
import random
import xml.etree.ElementTree as ET
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import catalog  # noqa: F401 - registers the page's games
from app import daily, links
from app.daily import (DailyEntry, DailyError, DailyResult, check_entry, chart_svg, daily_seed, entry_name, history,
                       parse_day, read_day, result_of, stats, streak, write_day)
from app.games import CATALOG, GameInfoError
from app.i18n import APP, set_language
from app.session import MAX_SEED, SaveError, Session, default_seats
from app.storage import MemoryStorage, SaveStore
from shellgame import TALLY

TODAY = _dt.date(2026, 11, 24)
PT = CATALOG["ptolemaeus"].load()


pytestmark = pytest.mark.usefixtures("english")


def entry(day: _dt.date, points: int = 7, won: bool = False, rounds: int = 6, game: str = "ptolemaeus") -> DailyEntry:
    return DailyEntry(game, day, daily_seed(game, day), "g" + day.strftime("%Y%m%d"),
                      DailyResult(won, points, rounds, 40, daily.picture([1, 2, 0, 3], won)))


def store(items: dict | None = None) -> SaveStore:
    return SaveStore(MemoryStorage(items or {}), {"ptolemaeus": PT}, prefix="ludus.")


# ---------------------------------------------------------------- the day and its seed


def test_the_seed_comes_from_the_game_and_the_date_alone():
    assert daily_seed("ptolemaeus", TODAY) == daily_seed("ptolemaeus", _dt.date(2026, 11, 24))
    seeds = {daily_seed("ptolemaeus", TODAY + _dt.timedelta(days=i)) for i in range(366)}
    assert len(seeds) == 366 and all(0 <= s <= MAX_SEED for s in seeds)
    assert daily_seed("ptolemaeus", TODAY) != daily_seed("tally", TODAY)


@pytest.mark.parametrize("text, day", [("", TODAY), ("  ", TODAY), ("2026-11-23", _dt.date(2026, 11, 23)),
                                       ("2026-11-24", TODAY), ("2000-01-01", _dt.date(2000, 1, 1))])
def test_a_day_is_today_or_an_exact_past_date(text, day):
    assert parse_day(text, TODAY) == day


@pytest.mark.parametrize("text, code", [
    ("2026-11-25", "daily.future"), ("1999-12-31", "daily.too_early"), ("2026-02-30", "daily.bad_date"),
    ("2026-1-5", "daily.bad_date"), ("20261124", "daily.bad_date"), ("2026-11-24T21:00Z", "daily.bad_date"),
    ("２０２６-11-24", "daily.bad_date"), ("today", "daily.bad_date"),
])
def test_a_bad_day_is_refused_with_a_code(text, code):
    with pytest.raises(DailyError) as caught:
        parse_day(text, TODAY)
    assert caught.value.code == code


@settings(max_examples=200, deadline=None)
@given(st.one_of(st.text(max_size=30), st.none(), st.integers(), st.booleans(), st.lists(st.text(max_size=3))))
def test_any_daily_parameter_is_a_day_or_a_coded_refusal(text):
    try:
        day = parse_day(text, TODAY)
    except DailyError as e:
        assert e.code in APP.catalog("en")
    else:
        assert daily.FIRST_DAY <= day <= TODAY


def test_ptolemaeus_daily_sky_is_the_solitaire_game_at_21_utc_of_the_day():
    """R18: one player; the real sky of the day at 21:00 UTC; the same deal for everyone."""
    setup = daily.daily_setup(PT, TODAY)
    assert setup == {"players": 1, "seed": daily_seed("ptolemaeus", TODAY), "start": "2026-11-24T21:00Z"}
    one = Session.start(PT, setup, default_seats(PT, ["human"]))
    two = Session.start(PT, daily.daily_setup(PT, TODAY), default_seats(PT, ["human"]))
    assert PT.state_to_json(one.state) == PT.state_to_json(two.state)
    other = Session.start(PT, daily.daily_setup(PT, TODAY - _dt.timedelta(days=1)), default_seats(PT, ["human"]))
    assert PT.state_to_json(other.state) != PT.state_to_json(one.state)


def test_a_game_without_a_daily_challenge_says_so():
    with pytest.raises(DailyError) as caught:
        daily.daily_setup(TALLY.load(), TODAY)
    assert caught.value.code == "daily.no_daily"


# ---------------------------------------------------------------- results behind the boundary


def test_a_day_round_trips_through_storage():
    s = store()
    e = entry(TODAY, 12, True)
    write_day(s, e)
    assert read_day(s, "ptolemaeus", TODAY) == e
    assert history(s, "ptolemaeus") == [e]
    assert s.take_problems() == []


def _stored(e: DailyEntry) -> dict:
    return json.loads(json.dumps(e.to_json()))


TAMPERED = [
    ("a bool for points", lambda d: d["result"].update(points=True)),
    ("a float for points", lambda d: d["result"].update(points=7.0)),
    ("points out of range", lambda d: d["result"].update(points=10**9)),
    ("negative rounds", lambda d: d["result"].update(rounds=-1)),
    ("won as a number", lambda d: d["result"].update(won=1)),
    ("another day's entry", lambda d: d.update(day="2026-11-23")),
    ("another day's seed", lambda d: d.update(seed=d["seed"] + 1)),
    ("a picture of other symbols", lambda d: d["result"].update(picture="<script>")),
    ("an extra field", lambda d: d.update(cheat=True)),
    ("a missing field", lambda d: d.pop("game_id")),
    ("another format", lambda d: d.update(format="boardgame-session")),
    ("another version", lambda d: d.update(version=2)),
    ("an id of markup", lambda d: d.update(game_id="<img src=x>")),
    ("a result that is a list", lambda d: d.update(result=[12])),
]


@pytest.mark.parametrize("why, tamper", TAMPERED, ids=[w for w, _ in TAMPERED])
def test_a_tampered_day_is_refused_and_kept_aside_byte_for_byte(why, tamper):
    data = _stored(entry(TODAY, 9, False))
    tamper(data)
    text = json.dumps(data)
    good = entry(TODAY - _dt.timedelta(days=1), 12, True)
    s = store({"ludus." + entry_name("ptolemaeus", TODAY): text,
               "ludus." + entry_name("ptolemaeus", good.day): json.dumps(good.to_json())})
    assert history(s, "ptolemaeus") == [good]          # the other days still count
    problems = s.take_problems()
    assert len(problems) == 1 and problems[0].code == "storage.bad.entry"
    aside = [k for k in s.keys("ludus.bad.")]
    assert len(aside) == 1 and s.storage.getItem(aside[0]) == text
    assert s.storage.getItem("ludus." + entry_name("ptolemaeus", TODAY)) is None
    assert history(s, "ptolemaeus") == [good] and s.take_problems() == []   # reported once


def test_junk_under_the_daily_prefix_is_kept_aside_too():
    s = store({"ludus.daily.ptolemaeus.tomorrow": "{}", "ludus.daily.ptolemaeus.2026-02-30": "[]"})
    assert history(s, "ptolemaeus") == []
    assert len(s.take_problems()) == 2 and len(s.keys("ludus.bad.")) == 2


@settings(max_examples=150, deadline=None)
@given(st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
                    lambda c: st.lists(c, max_size=4) | st.dictionaries(st.text(max_size=10), c, max_size=8),
                    max_leaves=30),
       st.sampled_from(["format", "version", "game", "day", "seed", "game_id", "result", "result.won",
                        "result.points", "result.rounds", "result.moves", "result.picture"]))
def test_any_mutated_field_loads_exactly_or_is_refused(value, where):
    data = _stored(entry(TODAY, 5, False))
    target, _, key = where.rpartition(".")
    (data[target] if target else data)[key] = value
    try:
        found = check_entry(data, "ptolemaeus", TODAY)
    except SaveError as e:
        assert e.code in APP.catalog("en")
    else:
        assert found.to_json() == data   # accepted only if it is exactly what the page writes


# ---------------------------------------------------------------- statistics


def test_the_streak_counts_days_in_a_row_up_to_today_or_yesterday():
    d = [TODAY - _dt.timedelta(days=i) for i in (0, 1, 2, 4)]
    assert streak(d, TODAY) == 3
    assert streak(d[1:], TODAY) == 2            # today not played yet: the streak still stands
    assert streak(d[2:], TODAY) == 0            # yesterday missed: broken
    assert streak([], TODAY) == 0


def test_stats_best_day_and_longest_streak():
    es = [entry(TODAY - _dt.timedelta(days=9), 12, True, 7), entry(TODAY - _dt.timedelta(days=8), 12, True, 5),
          entry(TODAY - _dt.timedelta(days=7), 13, False), entry(TODAY - _dt.timedelta(days=1), 4),
          entry(TODAY, 6)]
    unfinished = DailyEntry("ptolemaeus", TODAY - _dt.timedelta(days=3), 1, "x", None)
    s = stats(es + [unfinished], TODAY)
    assert (s.played, s.wins, s.streak, s.best_streak) == (5, 2, 2, 3)
    assert s.best is not None and s.best.day == TODAY - _dt.timedelta(days=8)   # a win in fewer rounds


def test_the_picture_is_one_bar_per_round_and_the_outcome():
    assert daily.picture([0, 1, 3, 20], True) == "▫▁▃█⭐"
    assert daily.picture([], False) == "☁️"
    assert set(daily.picture(list(range(-3, 100)), False)) <= daily.PICTURE_SYMBOLS


LINK = "https://example.org/ludus/index.html?game=ptolemaeus&daily=2026-11-24"


def share_text(title: str, e: DailyEntry, link: str = LINK) -> str:
    return daily.share_text(title, e, link)


def test_the_share_text_has_the_day_points_rounds_and_picture_and_no_spoilers():
    e = entry(TODAY, 12, True, 5)
    text = share_text("Ptolemaeus", e)
    lines = text.split("\n")
    assert lines[0] == "Ludus · Ptolemaeus · 2026-11-24"
    assert lines[1] == "12 points in 5 rounds · won"     # D7: it read "…rounds won", "…rounds lost"
    assert lines[2] == e.result.picture
    set_language("de")
    assert "12 Punkte in 5 Runden · gewonnen" in share_text("Ptolemaeus", e)
    lost = entry(TODAY, 0, False, 9)
    for lang, line in (("en", "0 points in 9 rounds · lost"), ("de", "0 Punkte in 9 Runden · verloren"),
                       ("es", "0 puntos en 9 rondas · perdido"), ("it", "0 punti in 9 round · perso")):
        set_language(lang)
        assert share_text("Ptolemaeus", lost).split("\n")[1] == line
    with pytest.raises(DailyError):
        share_text("Ptolemaeus", DailyEntry("ptolemaeus", TODAY, 1, "x", None))


@pytest.mark.parametrize("lang, said", [("en", "Play this day: "), ("de", "Spiel diesen Tag: "),
                                        ("es", "Juega este día: "), ("it", "Gioca questo giorno: ")])
def test_the_share_text_ends_with_a_link_to_the_day(lang, said):
    """A newcomer's play-test: whoever read a shared result could not find the day to play it."""
    set_language(lang)
    assert share_text("Ptolemaeus", entry(TODAY, 12, True, 5)).split("\n")[-1] == said + LINK


def test_the_link_to_a_day_opens_that_games_day():
    query = links.daily_query("ptolemaeus", "2026-11-24")
    assert query == "?game=ptolemaeus&daily=2026-11-24"
    assert links.daily_param(query) == "2026-11-24" and links.daily_game(query) == "ptolemaeus"
    assert parse_day(links.daily_param(query), TODAY) == TODAY
    assert links.linked_game(query.lstrip("?"), CATALOG) is CATALOG["ptolemaeus"]   # main.py fetches its code
    assert links.daily_query("a b&c", "x") == "?game=a%20b%26c&daily=x"


@pytest.mark.parametrize("lang, sign", [
    ("en", "Today's sky · 2026-11-24 — Reach 12 points before the Comet completes its revolution."),
    ("de", "Der Himmel von heute · 2026-11-24 — Erreiche 12 Punkte, bevor der Komet seinen Umlauf vollendet."),
    ("es", "El cielo de hoy · 2026-11-24 — Llega a 12 puntos antes de que el Cometa complete su vuelta."),
    ("it", "Il cielo di oggi · 2026-11-24 — Arriva a 12 punti prima che la Cometa completi il suo giro.")])
def test_the_sign_of_a_days_game_says_its_name_day_and_goal(lang, sign):
    """A newcomer's play-test: the day's game looked like any solitaire. Its sign names the challenge
    and its day as the saved games list does, then the game's goal for it."""
    set_language(lang)
    assert daily.sign_text(CATALOG["ptolemaeus"], TODAY) == sign
    assert sign.startswith(daily.mark(CATALOG["ptolemaeus"], TODAY) + " — ")


def test_a_daily_challenge_without_a_goal_is_signed_with_its_name_and_day():
    info = replace(CATALOG["ptolemaeus"], daily_goals={})
    assert daily.sign_text(info, TODAY) == "Today's sky · 2026-11-24"
    assert daily.sign_text(replace(info, daily_titles={}), TODAY) == "Today's challenge · 2026-11-24"


def test_a_games_daily_goals_must_be_texts():
    with pytest.raises(GameInfoError, match="daily_goals"):
        replace(CATALOG["ptolemaeus"], daily_goals={"en": 12})
    assert TALLY.daily_goal("en") == "" and CATALOG["ptolemaeus"].daily_goal("xx").startswith("Reach 12 points")


def test_the_results_page_says_the_day_with_its_points_in_the_singular_too():
    """Play-test 2, N1: "…: lost, 1 points in 9 rounds"."""
    assert daily.day_text(entry(TODAY, 1, False, 9), TODAY) == \
        "You played the challenge of 2026-11-24: lost, 1 point in 9 rounds."
    assert daily.day_text(entry(TODAY, 12, True, 5), TODAY) == \
        "You played the challenge of 2026-11-24: won, 12 points in 5 rounds."
    assert daily.day_text(None, TODAY) == "The challenge of 2026-11-24 is waiting for you."
    set_language("de")
    assert daily.day_text(entry(TODAY, 1, False, 9), TODAY).endswith("verloren, 1 Punkt in 9 Runden.")


def test_the_chart_is_svg_with_one_bar_per_played_day_and_wins_marked():
    es = [entry(TODAY - _dt.timedelta(days=i), points=i % 13, won=i % 13 >= 12) for i in (0, 3, 12, 29, 30, 45)]
    svg = chart_svg(es, TODAY)
    root = ET.fromstring(svg)
    ns = {"s": "http://www.w3.org/2000/svg"}
    bars = root.findall("s:g", ns)
    assert sorted(b.get("data-day") for b in bars) == sorted((TODAY - _dt.timedelta(days=i)).isoformat()
                                                             for i in (0, 3, 12, 29))
    won = [b for b in bars if "daily-won" in b.get("class")]
    assert [b.get("data-day") for b in won] == [(TODAY - _dt.timedelta(days=12)).isoformat()]
    assert all(b.find("s:title", ns).text for b in bars)
    assert root.get("role") == "img" and root.find("s:title", ns).text == "Points of the last 30 days"
    heights = {b.get("data-points"): float(b.find("s:rect", ns).get("height")) for b in bars}
    assert heights["12"] > heights["3"] > heights["0"] >= 4          # a 0-point day is seen too
    width = float(root.get("viewBox").split()[2])
    labels = root.findall("s:text", ns)
    assert [x.text for x in labels][-1] == TODAY.strftime("%m-%d")
    last = labels[-1]                                     # today's: it ends inside the chart, not cut off
    assert last.get("text-anchor") == "end" and float(last.get("x")) <= width
    assert all(x.get("text-anchor") == "middle" and 20 <= float(x.get("x")) <= width - 40 for x in labels[:-1])
    # Each bar says its points (play-test 4: the chart had no values), above it and under a win's star.
    for b in bars:
        points = b.find("s:text[@class='daily-points']", ns)
        assert points is not None and points.text == b.get("data-points")
        assert float(points.get("y")) < float(b.find("s:rect", ns).get("y"))
    star = root.find(".//s:text[@class='daily-star']", ns)
    peak_points = next(b for b in bars if b.get("data-points") == "12").find("s:text[@class='daily-points']", ns)
    assert float(star.get("y")) + 10 <= float(peak_points.get("y"))


# ---------------------------------------------------------------- a real game's result


def test_the_result_of_a_finished_daily_game():
    """R18: won only by reaching 12 points before the Comet's revolution; rounds from the game."""
    session = Session.start(PT, daily.daily_setup(PT, TODAY), default_seats(PT, ["human"]))
    rng = random.Random(4)
    while not session.over:
        session.apply(rng.choice(PT.legal_actions(session.state)))
    r = result_of(session)
    assert r.won == (session.state.winners == [0]) and r.won == (r.points >= 12)
    assert r.points == session.state.score(0) and r.rounds == session.state.round
    assert r.moves == len(session.actions)
    bars = r.picture[:-1] if r.won else r.picture[:-2]
    assert len(bars) == r.rounds and r.picture.endswith("⭐" if r.won else "☁️")
    stored = DailyEntry("ptolemaeus", TODAY, daily_seed("ptolemaeus", TODAY), session.id, r)
    assert check_entry(_stored(stored), "ptolemaeus", TODAY) == stored


@pytest.mark.parametrize("query, text", [("?daily", ""), ("?daily=", ""), ("?daily=2026-11-24", "2026-11-24"),
                                         ("?lang=de&daily=2026-11-2%34", "2026-11-24"), ("?game=x", None),
                                         ("", None), ("?dailyx=1", None), ("?daily=a&daily=b", "a")])
def test_the_daily_parameter_of_a_query(query, text):
    assert links.daily_param(query) == text


@pytest.mark.parametrize("query, key", [("?daily", None), ("?game=pompeii&daily", "pompeii"),
                                        ("?daily=2026-11-24&game=ptolemaeus", "ptolemaeus"), ("?game=%70ompeii&daily", "pompeii"),
                                        ("?games=x&daily", None), ("game=x&daily", "x")])
def test_the_game_a_daily_link_names(query, key):
    """Play-test U3: ``?game=pompeii&daily`` opened Ptolemaeus' day; the shell now asks for the named
    game's daily challenge (and refuses a game without one)."""
    assert links.daily_game(query) == key


def test_the_games_name_for_its_daily_challenge():
    info = CATALOG["ptolemaeus"]
    assert info.daily_title("en") == "Today's sky" and info.daily_title("de") == "Der Himmel von heute"
    assert TALLY.daily_title("en") == ""


@pytest.mark.parametrize("lang, name", [("en", "Today's sky"), ("de", "Der Himmel von heute")])
def test_the_saved_games_list_marks_a_days_game_with_its_name_and_day(lang, name):
    """Play-test 2: a daily game in the new-game screen's saved games looked like any other game.
    ``saved_marks`` gives each stored day's game its mark ("Today's sky · 2026-11-24"); other games
    and games without a daily challenge get none."""
    s = store()
    write_day(s, entry(TODAY))
    write_day(s, DailyEntry("ptolemaeus", TODAY - _dt.timedelta(days=2), daily_seed("ptolemaeus", TODAY - _dt.timedelta(
        days=2)), "begun", None))
    try:
        set_language(lang)
        marks = daily.saved_marks(s, [CATALOG["ptolemaeus"], CATALOG["pompeii"]])
    finally:
        set_language("en")
    assert marks == {"g20261124": f"{name} · 2026-11-24", "begun": f"{name} · 2026-11-22"}
    assert daily.saved_marks(s, [CATALOG["pompeii"]]) == {}
