"""A newcomer's play-test of the daily sky, in Chromium: the day's game is signed as the day's
challenge while it is played (a reload too), the results page replays each stored day's game and
leads back, and the shared result links to its day (under a sub-path too, as on GitHub Pages).

The clock is fixed as in test_replay_daily.py (2026-11-25 03:00 UTC in Los Angeles: the day is
2026-11-24); a finished daily game is made with the engine and put under the day's game id.
"""

from __future__ import annotations

import json

import pytest

import catalog  # noqa: F401 - registers the page's games
from app import daily
from app.games import CATALOG
from app.i18n import set_language
from test_replay_daily import DAY, close_end_dialog, finished_daily, open_page

pytestmark = pytest.mark.browser_context_args(timezone_id="America/Los_Angeles")

SIGN = '.shell-notice[data-kind="daily"]'


def sign_text() -> str:
    set_language("en")
    return daily.sign_text(CATALOG["ptolemaeus"], DAY)


def put_finished_day(page, site, ready) -> tuple[str, int]:
    """Today's game opened by ``?daily``, then finished (made here) under its id and shown on the
    results page by its end dialog's "Results"; its id and number of moves."""
    open_page(page, site, ready, "?daily")
    game_id = page.evaluate("localStorage.getItem('ludus.current')")
    done = finished_daily()
    page.evaluate("([key, text]) => localStorage.setItem(key, text)",
                  [f"ludus.game.{game_id}", json.dumps(dict(done.data, id=game_id))])
    page.goto(site.url + "index.html?daily")
    ready(page)
    page.click('.pt-end [data-act="end_action"][data-arg="results"]')
    page.wait_for_function("document.body.dataset.screen === 'daily'")
    return game_id, len(done.actions)


def test_the_days_game_is_signed_while_played_and_after_a_reload(guarded_page, site, ready, axe):
    page = guarded_page
    open_page(page, site, ready, "?daily")
    sign = page.locator(SIGN)
    assert sign.inner_text() == sign_text()
    assert sign_text() == "Today's sky · 2026-11-24 — Reach 12 points before the Comet completes its revolution."
    assert sign.locator("button").count() == 0          # a sign, not a message to dismiss
    assert axe(page) == []
    # The returning player's picture shows it where the resumed page will (the board does not move).
    page.wait_for_function("(localStorage.getItem('ludus.snapshot') || '').includes('Reach 12 points before')")
    page.goto(site.url + "index.html")                  # a reload: the day's game is resumed, signed
    ready(page)
    assert page.evaluate("document.body.dataset.screen") == "game"
    assert sign.inner_text() == sign_text()
    page.locator("#shell-settings summary").click()
    page.select_option("#shell-lang", "de")             # it follows the language, as the results page does
    page.wait_for_function("document.documentElement.lang === 'de'")
    assert sign.inner_text().startswith("Der Himmel von heute · 2026-11-24 — Erreiche 12 Punkte")
    page.select_option("#shell-lang", "en")
    page.wait_for_function("document.documentElement.lang === 'en'")
    page.keyboard.press("Escape")

    page.click("#shell-new")                            # another game: no sign
    page.wait_for_function("document.body.dataset.screen === 'newgame'")
    assert sign.count() == 0
    # The lobby's Continue says that it resumes the day's game, not an ordinary one (play-test 7 #9).
    cont = page.locator('.lobby-game[data-game="ptolemaeus"] .lobby-continue')
    assert cont.inner_text() == "Continue: Today's sky · 2026-11-24"
    page.click('.lobby-game[data-game="pompeii"] .lobby-play')
    page.wait_for_function("document.body.dataset.screen === 'game'")
    assert sign.count() == 0
    page.goto(site.url + "index.html")                  # nor after a reload of that game
    ready(page)
    assert page.evaluate("document.body.dataset.screen") == "game" and sign.count() == 0


def test_the_results_page_replays_each_stored_day_and_leads_back(guarded_page, site, ready, axe):
    page = guarded_page
    game_id, moves = put_finished_day(page, site, ready)
    # An earlier day played whose game was since deleted from the saved games.
    earlier = daily.DailyEntry("ptolemaeus", DAY.replace(day=22), daily.daily_seed("ptolemaeus", DAY.replace(day=22)),
                               "gone-game", daily.DailyResult(False, 7, 9, 50, "▁▂☁️"))
    page.evaluate("([key, text]) => localStorage.setItem(key, text)",
                  ["ludus." + daily.entry_name("ptolemaeus", earlier.day), json.dumps(earlier.to_json())])
    page.click("#shell-new")
    page.wait_for_function("document.body.dataset.screen === 'newgame'")
    page.click("#shell-daily-btn")                      # today is played: its results
    page.wait_for_function("document.body.dataset.screen === 'daily'")
    assert page.inner_text("#daily-sign") == sign_text()     # the words the game screen said
    days = page.locator("#daily-days li")
    assert [days.nth(i).get_attribute("data-day") for i in range(days.count())] == ["2026-11-24", "2026-11-22"]
    assert days.nth(0).locator("button.daily-replay").inner_text() == "Replay"
    assert days.nth(1).locator("button").count() == 0
    assert days.nth(1).locator(".daily-gone").inner_text() == "Its game was deleted."
    assert page.inner_text("#daily-back") == "New game"      # no game being played
    assert axe(page) == []

    days.nth(0).locator("button.daily-replay").click()
    page.wait_for_function("document.body.dataset.screen === 'replay'")
    assert page.evaluate("Number(document.body.dataset.replayIndex)") == moves
    assert "Ptolemaeus" in page.inner_text("#shell-replay-title")
    assert page.inner_text("#replay-close") == "Back to the results"
    page.click("#replay-close")
    page.wait_for_function("document.body.dataset.screen === 'daily'")
    assert page.locator("#daily-days li").count() == 2
    page.click("#daily-back")
    page.wait_for_function("document.body.dataset.screen === 'newgame'")

    # A game being played: the results page leads back to it.
    page.click('.lobby-game[data-game="pompeii"] .lobby-play')
    page.wait_for_function("document.body.dataset.screen === 'game'")
    pompeii_id = page.evaluate("localStorage.getItem('ludus.current')")
    assert pompeii_id != game_id
    page.click("#shell-daily-btn")
    page.wait_for_function("document.body.dataset.screen === 'daily'")
    assert page.inner_text("#daily-back") == "Back to your game"
    page.click("#daily-back")
    page.wait_for_function("document.body.dataset.screen === 'game'")
    assert page.evaluate("localStorage.getItem('ludus.current')") == pompeii_id
    assert page.locator(".pp-board").count() == 1 and page.locator(SIGN).count() == 0


def test_the_shared_result_links_to_its_day_under_a_sub_path(guarded_page, site_under_subpath, ready):
    page = guarded_page
    put_finished_day(page, site_under_subpath, ready)
    page.click("#daily-share")
    page.wait_for_function("document.querySelector('#shell-daily').dataset.shared")
    shared = page.evaluate("document.querySelector('#shell-daily').dataset.shared")
    link = site_under_subpath.url + "index.html?game=ptolemaeus&daily=2026-11-24"
    assert site_under_subpath.url.endswith("/ptolemaeus/")
    assert shared.split("\n")[-1] == "Play this day: " + link
    assert "points" in shared and "Reach 12" not in shared and "T21:00" not in shared    # still no spoilers
    page.goto(link)                                     # the link opens that day: here, its results
    ready(page)
    assert page.evaluate("document.body.dataset.screen") == "daily"
    assert "2026-11-24" in page.inner_text("#daily-status")


def test_the_end_dialog_closed_leaves_the_sign(guarded_page, site, ready):
    """The finished day's game (its end dialog closed, the board on view) is still the day's game."""
    page = guarded_page
    put_finished_day(page, site, ready)
    page.goto(site.url + "index.html")                  # the finished day's game, resumed
    ready(page)
    close_end_dialog(page)
    assert page.locator(SIGN).inner_text() == sign_text()
