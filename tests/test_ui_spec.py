"""PtolemaeusSpec, the game's side of the page contract (py/ptolemaeus_ui/spec.py):
setup, replay, JSON, and bots built only from determinizations (R17)."""

from __future__ import annotations

import json
import random
import re

import pytest

import ptolemaeus as pt
from ptolemaeus.bots import LEVELS, choose_action
from app import i18n
from ptolemaeus.sky import HISTORIC_DATES, DateError, julian_to_gregorian, parse_start
from ptolemaeus_ui.spec import BotSearch, PtolemaeusSpec, date_error_text
from ptolemaeus_ui.strings import t
from scenario import build
from test_hidden_info import two_worlds

SPEC = PtolemaeusSpec()


def test_spec_shape():
    assert SPEC.key == "ptolemaeus" and SPEC.min_players == 1 and SPEC.max_players == 4
    assert set(SPEC.bot_levels) == set(LEVELS) and SPEC.bot_levels[-1] == "hard"   # weakest first
    assert SPEC.default_bot_level == "normal"
    for name in ("setup_fields", "new_state", "replay", "state_to_json", "state_from_json", "action_to_json",
                 "action_from_json", "current_player", "legal_actions", "apply", "reveals_hidden", "is_over",
                 "bot_search", "mount"):
        assert callable(getattr(SPEC, name))
    colours = [c for c, _ in SPEC.seat_colours()]
    assert len(set(colours)) == len(colours) >= 4


def test_setup_fields_offer_the_historic_dates():
    (field,) = SPEC.setup_fields()
    assert field.kind == "datetime" and field.key == "start" and field.allow_now
    assert [v for v, _ in SPEC.field_suggestions(field)] == [h.when for h in HISTORIC_DATES]
    assert field.default == "1969-07-20T20:17Z"
    assert SPEC.field_label(field) == "Starting date"


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_new_state_places_the_real_sky(players):
    s = SPEC.new_state({"players": players, "seed": 1, "start": "1969-07-20T20:17Z"})
    assert s.n == players and s.comet == "Aries"
    assert s.planets["Luna"] == "Libra" and s.planets["Saturnus"] == "Taurus"
    if players == 1:
        assert "Maleficus Mars" not in [pt.data.BONUS_TYPES[b] for b in s.bonus_deck]   # R18


def test_new_state_accepts_dates_and_rejects_nonsense_clearly():
    assert SPEC.new_state({"players": 2, "seed": 3, "start": "1610-01-07"}).planets["Iupiter"] == "Gemini"
    for bad, words in ((dict(start="1969-02-30"), "starting date"), (dict(start="soon"), "starting date"),
                       (dict(players=5), "1 to 4"), (dict(seed="x"), "seed"), (dict(start="now"), "now")):
        setup = {"players": 2, "seed": 1, "start": "1969-07-20", **bad}
        with pytest.raises(ValueError, match=words):
            SPEC.new_state(setup)


# A bad start date, from the new-game screen or a link's date=, is explained in the player's
# language: the engine's DateError (code + params) through date.error.<code>, never its English text.
BAD_DATES = ["2024-02-30", "hello", "1582-10-10T12:00Z", "12345-01-01", "1969-07-20T25:00",
             "1969-07-20T20:17+24:00", "1969-13-01", "0000-01-01", "1500-02-29", "1500-02-30", 19690720]
ENGLISH = re.compile(r"\b(cannot|read|write|like|does|exist|calendar|Gregorian|Julian|reform|days?|months?|"
                     r"years?|time|zone|offset|range|supported|leap|datetime|planets_at|such|not|must|integer)\b",
                     re.IGNORECASE)


@pytest.fixture
def language():
    yield i18n.set_language
    i18n.set_language(i18n.SOURCE)


def refusal(start) -> str:
    with pytest.raises(ValueError) as exc:
        SPEC.new_state({"players": 2, "seed": 1, "start": start})
    return str(exc.value)


@pytest.mark.parametrize("lang", [lang for lang in i18n.LANGUAGES if lang != i18n.SOURCE])
@pytest.mark.parametrize("bad", BAD_DATES)
def test_a_bad_start_date_is_explained_in_the_players_language(language, lang, bad):
    english = refusal(bad)
    try:
        parse_start(bad)
    except DateError as e:
        engine = str(e)
    language(lang)
    text = refusal(bad)
    frame = t("setup.error.date", error="")
    assert text.startswith(frame) and len(text) > len(frame) + 10, text
    assert engine not in text and text != english, text
    detail = text[len(frame):].replace(str(bad), "")     # what the player typed may be English
    assert not ENGLISH.search(detail), text
    assert "{" not in text and "}" not in text, text


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_date_error_texts_in_each_language(language, lang):
    language(lang)
    texts = {bad: refusal(bad) for bad in BAD_DATES}
    month = {"en": "February", "es": "febrero", "it": "febbraio", "de": "Februar"}[lang]
    calendar = {"en": "Gregorian", "es": "gregoriano", "it": "gregoriano", "de": "gregorianischen"}[lang]
    assert month in texts["2024-02-30"] and calendar in texts["2024-02-30"] and "29" in texts["2024-02-30"]
    julian = {"en": "Julian", "es": "juliano", "it": "giuliano", "de": "julianischen"}[lang]
    assert julian in texts["1500-02-30"]
    assert "1582" in texts["1582-10-10T12:00Z"] and "1582-10-10" in texts["1582-10-10T12:00Z"]
    assert "1969-07-20T20:17Z" in texts["hello"] and "hello" in texts["hello"]
    assert "+24:00" in texts["1969-07-20T20:17+24:00"] and "3000" in texts["0000-01-01"]
    assert len(set(texts.values())) == len(texts)
    if lang == i18n.SOURCE:
        assert "does not exist" in texts["2024-02-30"]


def test_other_errors_keep_their_own_text():
    assert date_error_text(ValueError("something else")) == "something else"
    assert date_error_text(TypeError("bad")) == "bad"


def test_every_date_error_code_has_a_text(language):
    errors = []
    for bad in BAD_DATES:
        try:
            parse_start(bad)
        except DateError as e:
            errors += [e, e.reason] if e.reason else [e]
    try:
        julian_to_gregorian(2001, 1.5, 1)
    except DateError as e:
        errors.append(e)
    assert {e.code for e in errors} == set(DateError.CODES)
    for lang in i18n.LANGUAGES:
        language(lang)
        for e in errors:
            text = date_error_text(e)
            assert text and "{" not in text and not text.startswith("date.error."), (lang, e.code, text)


def test_replay_and_json_round_trips():
    setup = {"players": 3, "seed": 8, "start": "1846-09-23T23:10Z"}
    s = SPEC.new_state(setup)
    rng = random.Random(8)
    actions, events = [], []
    for _ in range(120):
        if SPEC.is_over(s):
            break
        a = rng.choice(SPEC.legal_actions(s))
        data = json.loads(json.dumps(SPEC.action_to_json(a)))
        assert SPEC.action_from_json(data) == a
        events += SPEC.apply(s, a)
        actions.append(data)
        assert isinstance(SPEC.reveals_hidden(s), bool)
    again = SPEC.replay(setup, actions)
    assert SPEC.state_to_json(again) == SPEC.state_to_json(s)
    assert SPEC.state_to_json(SPEC.state_from_json(SPEC.state_to_json(s))) == SPEC.state_to_json(s)
    assert events and all("type" in e for e in events)
    bad = actions[:5] + [{"kind": "end_turn"}] * 3
    with pytest.raises(ValueError, match="Move [0-9]+ of the saved game is not legal"):
        SPEC.replay(setup, bad)


def run(search, slice_seconds=0.01):
    slices = 0
    while not search.step(slice_seconds):
        slices += 1
        assert slices < 10_000
    return search.result(), slices


@pytest.mark.parametrize("level", list(LEVELS))
def test_every_level_gives_a_legal_action_in_slices(level):
    s = pt.new_game(2, 4, "1969-07-20T20:17Z")
    rng = random.Random(4)
    for _ in range(6):
        seat = s.current_player
        a, _ = run(SPEC.bot_search(s, seat, level, 99))
        assert a in s.legal_actions()
        s.apply(a)
        s.apply(rng.choice(s.legal_actions())) if not s.is_over else None


def test_search_runs_in_many_short_slices():
    s = pt.new_game(2, 4, "1969-07-20T20:17Z")
    search = BotSearch(s, s.current_player, "hard", 5, time_limit=False)
    _, slices = run(search, 0.001)
    assert slices > 3 and search.iterations == LEVELS["hard"].iterations


@pytest.mark.parametrize("level", ["random", "greedy", "easy", "normal"])
def test_without_a_time_limit_the_search_matches_choose_action(level):
    s = pt.new_game(3, 6, "1969-07-20T20:17Z")
    rng = random.Random(6)
    for _ in range(5):
        seat = s.current_player
        mine, _ = run(BotSearch(s, seat, level, 1234, time_limit=False), 0.02)
        theirs = choose_action(s, seat, level, 1234, budget={"seconds": None})
        assert mine == theirs
        s.apply(rng.choice(s.legal_actions()))


@pytest.mark.parametrize("level", ["random", "greedy", "easy"])
def test_R17_bots_decide_the_same_whatever_they_cannot_see(level):
    """Two games equal in all seat 0 sees, different in all it does not: the
    bot (searching determinizations only) makes the same choice in both."""
    a, b = two_worlds()
    for seed in (1, 2, 3):
        ra, _ = run(BotSearch(a, 0, level, seed, time_limit=False))
        rb, _ = run(BotSearch(b, 0, level, seed, time_limit=False))
        assert ra == rb


def test_bot_answers_an_opponents_maleficus():
    s = build(2, bonus_hands={0: ["Maleficus Mars"]}, tokens={1: {"Gemini": 1, "Libra": 1}}, hands={0: []})
    s.apply(pt.Action("play", bonus=pt.data.BONUS_INDEX["Maleficus Mars"]))
    a, _ = run(SPEC.bot_search(s, 1, "normal", 1))
    assert a.kind == "retrieve" and a in s.legal_actions()


def test_the_new_game_form_lists_the_historic_dates_without_loading_astronomy():
    """Issue 10/13: the first screen (Ptolemaeus' form, its suggested dates) must not import
    astronomy-engine; only computing a sky does."""
    import subprocess
    import sys
    from pathlib import Path
    code = ("import sys; from ptolemaeus_ui.spec import PtolemaeusSpec; s = PtolemaeusSpec(); "
            "(f,) = s.setup_fields(); assert len(s.field_suggestions(f)) > 5; "
            "print('astronomy' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=Path(__file__).resolve().parents[1] / "py").stdout
    assert out.strip() == "False"
