"""Results in the finished-games list (issue 17) under CPython: a finished game's result (winner,
scores, the player's place, date) stored once behind the storage boundary, tampered entries refused
and moved aside like tampered saves, removed with the game; in four languages."""

from __future__ import annotations

import copy
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import catalog  # noqa: F401 - registers the page's games
from app import results
from app.games import CATALOG
from app.i18n import set_language
from app.results import GameResult, check_result, place, read_result, record, result_of, summary
from app.session import SaveError, Session, default_seats
from app.storage import MemoryStorage, SaveStore
from shellgame import TALLY

SPEC = TALLY.load() if hasattr(TALLY, "load") else TALLY
PT = CATALOG["ptolemaeus"].load()


pytestmark = pytest.mark.usefixtures("english")


def finished(spec=SPEC, kinds=("human", "bot"), seed: int = 3, setup: dict | None = None) -> Session:
    """A game played to its end with random legal moves."""
    session = Session.start(spec, setup or {"players": len(kinds), "seed": seed}, default_seats(spec, list(kinds)))
    rng = random.Random(seed)
    while not session.over:
        session.apply(rng.choice(spec.legal_actions(session.state)))
    return session


def store(items: dict | None = None) -> SaveStore:
    return SaveStore(MemoryStorage(items or {}), {"tally": SPEC, "ptolemaeus": PT}, prefix="ludus.")


def good(**change) -> dict:
    data = {"format": "ludus-result", "version": 1, "game": "tally", "game_id": "g1",
            "finished": "2026-11-25T00:40:12Z", "seats": [{"name": "You", "kind": "human"},
                                                          {"name": "Mars", "kind": "bot"}],
            "scores": [12, 7], "winners": [0], "you": 0}
    data.update(change)
    return data


# ---------------------------------------------------------------- from a finished game


def test_a_finished_games_result_has_its_scores_winners_and_the_single_human():
    session = finished()
    r = result_of(session)
    state = session.state
    assert r.game == "tally" and r.game_id == session.id and r.finished == session.data["updated"]
    assert list(r.scores) == SPEC.scores(state) and r.you == 0 and r.kinds == ("human", "bot")
    best = max(SPEC.returns(state))
    assert list(r.winners) == [i for i, x in enumerate(SPEC.returns(state)) if x == best and x > 0]
    assert check_result(json.loads(json.dumps(r.to_json())), session.id) == r


def test_hot_seat_has_no_you_and_a_ptolemaeus_game_counts_its_own_points():
    assert result_of(finished(kinds=("human", "human"))).you is None
    pt = finished(PT, ("human", "bot"), 5, {"players": 2, "seed": 5, "start": "1969-07-20T20:17Z"})
    r = result_of(pt)
    assert list(r.scores) == pt.state.scores() and list(r.winners) == pt.state.winners       # R16


def test_the_result_is_recorded_once_read_back_and_removed_with_the_game():
    s = store()
    session = finished()
    assert record(s, Session.start(SPEC, {"players": 2, "seed": 1}, default_seats(SPEC, ["human", "bot"]))) is None
    r = record(s, session)
    key = "ludus.result." + session.id
    assert key in s.storage.items and read_result(s, session.id) == r
    text = s.storage.items[key]
    assert record(s, session) == r and s.storage.items[key] == text           # not written again
    results.forget_result(s, session.id)
    assert key not in s.storage.items and read_result(s, session.id) is None


def test_a_final_move_taken_back_and_played_otherwise_rewrites_the_result():
    s = store()
    session = finished()
    record(s, session)
    forged = dict(json.loads(s.storage.items["ludus.result." + session.id]), scores=[99, 98])
    s.storage.items["ludus.result." + session.id] = json.dumps(forged)     # what an older ending said
    assert record(s, session).scores == result_of(session).scores


# ---------------------------------------------------------------- the words


@pytest.mark.parametrize("scores, winners, you, words", [
    ([12, 7], [0], 0, "You won · You 12, Mars 7"),
    ([7, 12], [1], 0, "Mars won · your place: 2 of 2 · You 7, Mars 12"),
    ([5, 9, 5], [1], 2, "Mars won · your place: 2 of 3 · You 5, Mars 9, You 5"),
    ([9, 9], [0, 1], 0, "Shared win: You, Mars · You 9, Mars 9"),
    ([4], [], 0, "Not won · You 4"),
    ([4, 4], [], 0, "Nobody won · your place: 1 of 2 · You 4, Mars 4"),
    ([3.5, 2], [0], None, "You won · You 3.5, Mars 2"),
])
def test_the_list_says_the_winner_the_players_place_and_every_score(scores, winners, you, words):
    names = ("You", "Mars", "You")[:len(scores)]
    kinds = tuple("human" if n == "You" else "bot" for n in names)
    r = GameResult("tally", "g1", "2026-11-25T00:40:12Z", names, kinds, tuple(scores), tuple(winners), you)
    assert summary(r) == words


def test_a_lost_solitaire_is_said_in_the_games_words_when_it_has_them():
    """Play-test 5 #11: "Not won" in the list, "The sky wins" at the game's end."""
    r = GameResult("tally", "g1", "2026-11-25T00:40:12Z", ("You",), ("human",), (4,), (), 0)
    assert summary(r, "The sky won") == "The sky won · You 4"
    assert summary(r) == "Not won · You 4"


def test_a_place_counts_the_winners_and_the_better_scores():
    r = GameResult("tally", "g", "2026-11-25T00:40Z", ("A", "B", "C", "D"), ("human",) + ("bot",) * 3,
                   (5, 9, 7, 5), (2,), 0)     # C won (a game may rank otherwise than by points)
    assert [place(r, s) for s in range(4)] == [3, 2, 1, 3]


def test_the_words_follow_the_language():
    r = GameResult("tally", "g1", "2026-11-25T00:40:12Z", ("You", "Mars"), ("human", "bot"), (7, 12), (1,), 0)
    set_language("de")
    assert summary(r) == "Mars hat gewonnen · dein Platz: 2 von 2 · Du 7, Mars 12"
    set_language("es")
    assert summary(r).startswith("Mars ganó · tu puesto: 2 de 2")


# ---------------------------------------------------------------- tampered entries


BAD = [
    ("not an object", []), ("another format", good(format="ludus-daily")), ("an old version", good(version=0)),
    ("a bool version", good(version=True)), ("an extra key", {**good(), "extra": 1}),
    ("a missing key", {k: v for k, v in good().items() if k != "you"}),
    ("another game's id", good(game_id="g2")), ("a game key with capitals", good(game="Tally")),
    ("a date that is not one", good(finished="yesterday")), ("a date with a zone", good(finished="2026-11-25T00:40+01:00")),
    ("a day that does not exist", good(finished="2026-02-30T00:40:12Z")), ("hour 25", good(finished="2026-11-25T25:40Z")),
    ("full-width digits", good(finished="２０２６-11-25T00:40:12Z")),
    ("no seats", good(seats=[], scores=[], winners=[], you=None)),
    ("nine seats", good(seats=[{"name": "B", "kind": "bot"}] * 9, scores=[1] * 9, winners=[0], you=None)),
    ("a seat of another kind", good(seats=[{"name": "You", "kind": "alien"}, {"name": "M", "kind": "bot"}])),
    ("a name too long", good(seats=[{"name": "Y" * 25, "kind": "human"}, {"name": "M", "kind": "bot"}])),
    ("a name that is not text", good(seats=[{"name": 3, "kind": "human"}, {"name": "M", "kind": "bot"}])),
    ("a bool score", good(scores=[True, 7])), ("a text score", good(scores=["12", 7])),
    ("a huge score", good(scores=[10 ** 30, 7])), ("a nested score", good(scores=[[12], 7])),
    ("a missing score", good(scores=[12])), ("a null score", good(scores=[None, 7])),
    ("a winner who is not a seat", good(winners=[2])), ("a bool winner", good(winners=[True])),
    ("a winner twice", good(winners=[0, 0])), ("winners out of order", good(winners=[1, 0])),
    ("a float winner", good(winners=[0.0])), ("'you' a bot", good(you=1)), ("'you' out of range", good(you=5)),
    ("'you' a bool", good(you=False)),
]


@pytest.mark.parametrize("why, data", BAD, ids=[b[0] for b in BAD])
def test_a_tampered_result_is_refused_with_a_coded_reason(why, data):
    with pytest.raises(SaveError) as e:
        check_result(data, "g1")
    assert e.value.code in ("result.not_an_entry", "result.misfiled", "result.bad_field", "save.format"), why


@pytest.mark.parametrize("raw", ["", "{", "null", "[1,2]", '{"format": "ludus-result"}', "x" * 5000,
                                 "[" * 200 + "]" * 200, json.dumps(good(scores=[1e999, 7]))])
def test_a_refused_result_is_moved_aside_byte_for_byte_and_the_rest_still_lists(raw):
    session = finished()
    s = store({"ludus.result.g1": raw})
    record(s, session)
    assert read_result(s, "g1") is None and "ludus.result.g1" not in s.storage.items
    assert [text for _key, text in s.bad_saves()] == [raw]                       # kept for the player
    assert [p.code for p in s.take_problems()] == ["storage.bad.entry"]          # told once
    assert read_result(s, session.id) == result_of(session)                     # the other result lists


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_any_change_to_a_good_entry_is_refused_or_reads_as_what_it_says(data):
    """Hypothesis: a field replaced by anything JSON can hold is either refused with a code, or read
    back exactly as stored (never half-read, never another exception)."""
    entry = good()
    key = data.draw(st.sampled_from(sorted(entry)))
    junk = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=30),
                        lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner,
                                                                                    max_size=3), max_leaves=8)
    changed = copy.deepcopy(entry)
    changed[key] = data.draw(junk)
    try:
        r = check_result(changed, "g1")
    except SaveError as e:
        assert e.code
    else:
        assert r.to_json() == {**changed, "scores": list(changed["scores"])}
