"""Notices that go once they stop being true (app.notices; play-test 2, N3)."""

from __future__ import annotations

from app.notices import Lasting, both, game_place, shown_on


class Page:
    """Where the page is: a screen's place, as ``App.where`` says it."""

    def __init__(self, place: str = "") -> None:
        self.place = place

    def where(self) -> str:
        return self.place


def test_a_notice_shown_on_a_place_lasts_until_the_page_leaves_it():
    page = Page("newgame")
    lasts = shown_on("newgame", page.where)
    assert lasts()
    page.place = "daily"
    assert not lasts()
    page.place = "newgame"                  # gone for good: it was seen there
    assert not lasts()


def test_a_notice_made_on_the_way_to_its_place_waits_for_it_and_is_seen_there():
    """A bad save found at start: the error is made before the new-game screen is drawn."""
    page = Page("")
    lasts = shown_on("newgame", page.where)
    assert lasts()                          # not there yet
    page.place = "replay"                   # still on the way (nothing was shown there)
    assert lasts()
    page.place = "newgame"
    assert lasts()
    page.place = game_place("g1")           # the player opens a game (the daily one): it goes
    assert not lasts()


def test_another_game_is_another_place():
    page = Page(game_place("a"))
    lasts = shown_on(game_place("a"), page.where)
    assert lasts()
    page.place = game_place("b")
    assert not lasts()


def test_both_checks_every_condition_so_an_arrival_is_never_missed():
    page, holds = Page("newgame"), [False]
    lasts = both(lambda: not holds[0], shown_on("newgame", page.where))
    holds[0] = True
    assert not lasts()                      # the first is false: the place is still looked at
    holds[0] = False
    page.place = "game:x"
    assert not lasts()                      # it had arrived on the new-game screen, and left it


def test_the_stale_kinds_are_those_whose_condition_is_false():
    lasting, truth = Lasting(), {"error": True, "info": True}
    lasting.set("error", lambda: truth["error"])
    lasting.set("info", lambda: truth["info"])
    assert lasting.stale() == []
    truth["info"] = False
    assert lasting.stale() == ["info"]
    lasting.set("info", None)               # replaced by a notice without a condition (or removed)
    assert lasting.stale() == []
    truth["error"] = False
    assert lasting.stale() == ["error"]
