"""D6 in Chromium: the end dialog of a daily game leads to the day's results.

The end dialog is modal: the shell's notice "Today's challenge is played… [Results]" sits under it
and could not be clicked.  The shell now hands the game's view an end action ("Results",
``Controller.end_actions``), which every board draws in its end dialog (``boardui.screen.end_buttons``).
The clock is fixed as in test_replay_daily.py (2026-11-25 03:00 UTC in Los Angeles: the day is
2026-11-24); the finished daily game is made with the engine and put under the day's game id."""

from __future__ import annotations

import json
import random

import pytest

import catalog  # noqa: F401 - registers the page's games
from app import daily, results
from app.session import Session, default_seats
from test_replay_daily import CLOCK, DAY, INIT, PT    # the same fixed clock and settings

pytestmark = pytest.mark.browser_context_args(timezone_id="America/Los_Angeles")


def open_daily(page, site, ready) -> str:
    """Today's game (the clock fixed), opened by its link; its game id."""
    page.clock.set_fixed_time(CLOCK)
    page.add_init_script(INIT)
    page.goto(site.url + "index.html?daily")
    ready(page)
    return page.evaluate("localStorage.getItem('ludus.current')")


def daily_played_out(page, site, ready) -> tuple[str, Session]:
    """The day's game begun on the page, then played to its end by random moves into its save, and
    the page opened on it again (``?daily``): its id and the session."""
    game_id = open_daily(page, site, ready)
    session = Session.start(PT, daily.daily_setup(PT, DAY), default_seats(PT, ["human"]))
    rng = random.Random(2)
    while not session.over:
        session.apply(rng.choice(PT.legal_actions(session.state)))
    page.evaluate("([key, text]) => localStorage.setItem(key, text)",
                  [f"ludus.game.{game_id}", json.dumps(dict(session.data, id=game_id))])
    page.goto(site.url + "index.html?daily")
    ready(page)
    return game_id, session


def test_the_end_dialog_of_a_daily_game_offers_its_results_by_keyboard(guarded_page, site, ready):
    page = guarded_page
    game_id, session = daily_played_out(page, site, ready)    # the day's game, over: its end dialog
    page.wait_for_selector(".pt-end")
    results = page.locator('.pt-end [data-act="end_action"][data-arg="results"]')
    assert results.inner_text() == "Results"
    assert page.locator('.pt-end [data-act="newgame"]').count() == 1
    # Not under anything: the element at its centre is the button itself.
    assert results.evaluate("""b => { const r = b.getBoundingClientRect();
        return document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2) === b; }""")
    page.focus("#pt-end-title")                           # where the dialog puts the focus when it opens
    for _ in range(6):                                   # from the dialog's title, by Tab
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.dataset.arg") == "results":
            break
    assert page.evaluate("document.activeElement.dataset.arg") == "results"
    page.keyboard.press("Enter")
    page.wait_for_function("document.body.dataset.screen === 'daily'")
    assert page.locator('.shell-notice[data-kind="info"]').count() == 0     # no "See your results" there
    entry = json.loads(page.evaluate("localStorage.getItem('ludus.daily.ptolemaeus.2026-11-24')"))
    assert entry["game_id"] == game_id and entry["result"] == daily.result_of(session).to_json()
    assert "2026-11-24" in page.inner_text("#daily-status")


def test_the_saved_games_list_marks_the_daily_game(guarded_page, site, ready, axe):
    """Play-test 2: the day's game in the new-game screen's list looked like any other game. It is
    marked with the challenge's name and day; another game is not."""
    page = guarded_page
    game_id = open_daily(page, site, ready)
    page.click("#shell-new")
    page.wait_for_function("document.body.dataset.screen === 'newgame'")
    page.click('.lobby-game[data-game="pompeii"] .lobby-play')     # an ordinary game besides it
    page.wait_for_function("document.body.dataset.screen === 'game'")
    page.click("#shell-new")
    page.wait_for_function("document.body.dataset.screen === 'newgame'")
    day_game = page.locator(f'li.ng-saved-game[data-id="{game_id}"]')
    assert day_game.get_attribute("data-daily") == "1"
    assert day_game.locator(".ng-daily").inner_text() == "Today's sky · 2026-11-24"
    assert day_game.locator(".ng-saved-text").inner_text().startswith("Today's sky · 2026-11-24 Ptolemaeus")
    others = page.locator("li.ng-saved-game:not([data-daily])")
    assert others.count() == 1 and others.locator(".ng-daily").count() == 0
    assert axe(page) == []                                         # the mark's colour reads on the panel


def test_a_lost_solitaire_is_listed_in_the_words_of_its_end(guarded_page, site, ready):
    """Play-test 5 #11: the finished-games list said "Not won" where the game's end said "The sky
    wins"; it now says the game's own words (``GameInfo.solo_losses``)."""
    page = guarded_page
    game_id, session = daily_played_out(page, site, ready)
    assert not results.result_of(session).winners           # lost: the sky won
    page.wait_for_function(f"localStorage.getItem('ludus.result.{game_id}') !== null")
    assert "The sky wins" in page.locator(".pt-end").inner_text()      # the end dialog's words
    page.click('.pt-end [data-act="newgame"]')
    page.wait_for_function("document.body.dataset.screen === 'newgame'")
    text = page.locator(f'li.ng-saved-game[data-id="{game_id}"] .ng-saved-text').inner_text()
    assert "The sky won · You " in text and "Not won" not in text
