"""The lobby's "Play now" and "Continue" (issue 17, app.quickstart) and the saved games' game key."""

from __future__ import annotations

import random

from app.games import Catalog
from app.quickstart import play_now, to_continue
from app.session import Session, default_seats
from app.storage import MemoryStorage, SaveStore, SavedGame
from shellgame import TallySpec

SPEC = TallySpec()


def test_play_now_is_you_against_one_default_level_bot_with_the_default_setup():
    setup, seats = play_now(SPEC, random.Random(1))
    assert setup["players"] == 2 and [s["kind"] for s in seats] == ["human", "bot"]
    assert seats[1]["level"] == SPEC.default_bot_level
    assert {f.key: setup[f.key] for f in SPEC.setup_fields()} == {f.key: f.default for f in SPEC.setup_fields()}
    session = Session.start(SPEC, setup, seats)            # it starts: one click is enough
    assert session.current_player() == 0 and session.is_human(0)


def test_play_now_seeds_differ_so_each_game_is_new():
    seeds = {play_now(SPEC, random.Random(i))[0]["seed"] for i in range(20)}
    assert len(seeds) == 20


def test_continue_offers_the_newest_unfinished_game_of_that_game_only():
    games = [SavedGame("a", "", "2026-11-24T10:00:00Z", False, game="tally"),
             SavedGame("b", "", "2026-11-24T12:00:00Z", True, game="tally"),
             SavedGame("c", "", "2026-11-24T11:00:00Z", False, game="tally"),
             SavedGame("d", "", "2026-11-24T13:00:00Z", False, game="other")]
    assert to_continue(games, "tally").id == "c"
    assert to_continue(games, "nothing") is None
    assert to_continue([], "tally") is None


def test_saved_games_know_their_game_unless_the_catalog_does_not():
    store = SaveStore(MemoryStorage(), {SPEC.key: SPEC})
    session = Session.start(SPEC, {"players": 2, "seed": 3}, default_seats(SPEC, ["human", "bot"]))
    store.save(session)
    games, problems = store.saved_games()
    assert problems == [] and [g.game for g in games] == [SPEC.key]
    other = SaveStore(store.storage, Catalog())           # a game this page does not have
    assert [g.game for g in other.saved_games()[0]] == [""]
