"""Issue 14 in Chromium: the daily challenge under a fixed clock (the player's local date), its
results screen and chart, the replay controls by mouse and keyboard, and replay links.

One page per test; the clock is fixed at 2026-11-25 03:00 UTC in Los Angeles, where it is
still 2026-11-24: the day is the player's local date.  A finished daily game is made here
with the engine (seeded random play of the day's setup) and put into storage under the
day's game id, so that the page resumes it, sees it is over and records the result.
"""

from __future__ import annotations

import datetime as _dt
import json
import os
import random
from pathlib import Path

import pytest

import catalog  # noqa: F401 - registers the page's games
from app import daily
from app.games import CATALOG
from app.replay import encode_link
from app.session import Session, default_seats

SHOTS = Path(os.environ.get("PTOLEMAEUS_SCREENSHOTS", Path(__file__).resolve().parents[2] / "test-results" / "screenshots"))
DAY = _dt.date(2026, 11, 24)
CLOCK = _dt.datetime(2026, 11, 25, 3, 0, tzinfo=_dt.UTC)
PT = CATALOG["ptolemaeus"].load()
INIT = """
window.ptolemaeusTestEnable = true;
if (!localStorage.getItem("ludus.settings"))
  localStorage.setItem("ludus.settings", JSON.stringify({bot_speed: "instant", lang: "en", confirm: "off"}));
"""

pytestmark = pytest.mark.browser_context_args(timezone_id="America/Los_Angeles")


def finished_daily(seed: int = 2) -> Session:
    session = Session.start(PT, daily.daily_setup(PT, DAY), default_seats(PT, ["human"]))
    rng = random.Random(seed)
    while not session.over:
        session.apply(rng.choice(PT.legal_actions(session.state)))
    return session


def open_page(page, site, ready, query: str) -> None:
    page.clock.set_fixed_time(CLOCK)
    page.add_init_script(INIT)
    page.goto(site.url + "index.html" + query)
    ready(page)


def close_end_dialog(page) -> None:
    """The game's end dialog (modal, in play; not in a replay): "View the board" closes it."""
    page.wait_for_selector(".pt-end")
    page.click('.pt-end [data-act="close_end"]')
    page.wait_for_selector(".pt-end", state="detached")


def storage(page) -> dict:
    return page.evaluate("() => Object.fromEntries(Object.entries(localStorage))")


def daily_results(page, site, ready, query: str = "") -> None:
    """Today's daily game (open on ``page``) stored as the finished one of 2026-11-24, whose link then
    records its result and, opened again (with ``query``), shows the day's results page."""
    game_id = storage(page)["ludus.current"]
    page.evaluate("""([key, text]) => localStorage.setItem(key, text)""",
                  [f"ludus.game.{game_id}", json.dumps(dict(finished_daily().data, id=game_id))])
    page.goto(site.url + "index.html?daily=2026-11-24")
    ready(page)
    page.goto(site.url + "index.html?daily=2026-11-24" + query)   # the result recorded: the results page
    ready(page)
    page.wait_for_function("document.body.dataset.screen === 'daily'")


def test_the_daily_game_starts_resumes_records_and_shows_its_results(guarded_page, site, ready, axe):
    """?daily: the local date's solitaire (R18) game at 21:00 UTC; once over, its result is stored,
    the results screen shows it in the chart, and asking again shows the result, not a new game."""
    page = guarded_page
    open_page(page, site, ready, "?daily")
    assert page.evaluate("document.body.dataset.screen") == "game"
    items = storage(page)
    game_id = items["ludus.current"]
    session = json.loads(items[f"ludus.game.{game_id}"])
    assert session["setup"] == {"players": 1, "seed": daily.daily_seed("ptolemaeus", DAY),
                                "start": "2026-11-24T21:00Z"}
    entry = json.loads(items["ludus.daily.ptolemaeus.2026-11-24"])
    assert entry["game_id"] == game_id and entry["result"] is None
    assert page.evaluate("location.search") == ""

    # The game, finished (made here), under the day's game id: the page resumes it and records it.
    done = finished_daily()
    data = dict(done.data, id=game_id)
    page.evaluate("""([key, text]) => localStorage.setItem(key, text)""",
                  [f"ludus.game.{game_id}", json.dumps(data)])
    page.goto(site.url + "index.html?daily")
    ready(page)
    entry = json.loads(storage(page)["ludus.daily.ptolemaeus.2026-11-24"])
    result = daily.result_of(done)
    assert entry["result"] == result.to_json()
    notice = page.locator('.shell-notice[data-kind="info"]')
    assert "Today's challenge is played" in notice.inner_text()

    # The replay of the finished game, from the header, then back to the game.
    close_end_dialog(page)
    page.click("#shell-replay-btn")
    page.wait_for_function("document.body.dataset.screen === 'replay'")
    assert page.evaluate("Number(document.body.dataset.replayIndex)") == len(done.actions)
    assert page.locator(".pt-end").count() == 0       # no end dialog over the replay's controls
    page.click("#replay-close")
    page.wait_for_function("document.body.dataset.screen === 'game'")
    page.wait_for_selector('.pt [data-act="open_end"]')   # the dialog closed before stays closed (N6)
    assert page.locator(".pt-end").count() == 0

    notice.get_by_role("button", name="Results").click()
    page.wait_for_function("document.body.dataset.screen === 'daily'")
    assert notice.count() == 0            # "See your results" is not said on the results (play-test 2, N3)
    status = page.inner_text("#daily-status")
    assert "2026-11-24" in status and f"{result.points} points" in status
    assert "1 day played" in page.inner_text("#daily-stats")
    bars = page.locator("#daily-chart svg g.daily-bar")
    assert bars.count() == 1 and bars.first.get_attribute("data-day") == "2026-11-24"
    assert bars.first.get_attribute("data-points") == str(result.points)
    assert page.locator("#daily-play").count() == 0          # today is done
    page.click("#daily-share")
    page.wait_for_function("document.querySelector('#shell-daily').dataset.shared")
    shared = page.evaluate("document.querySelector('#shell-daily').dataset.shared")
    assert shared == daily.share_text("Ptolemaeus", daily.DailyEntry(
        "ptolemaeus", DAY, daily.daily_seed("ptolemaeus", DAY), game_id, result),
        site.url + "index.html?game=ptolemaeus&daily=2026-11-24")
    assert axe(page) == []
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "daily-results.png"), full_page=True)

    # Asked again: the result, never a second attempt; a tampered day is refused and kept aside.
    tampered = dict(entry, day="2026-11-23")
    page.evaluate("""([key, text]) => localStorage.setItem(key, text)""",
                  ["ludus.daily.ptolemaeus.2026-11-23", json.dumps(tampered)])
    page.goto(site.url + "index.html?daily=2026-11-24")
    ready(page)
    assert page.evaluate("document.body.dataset.screen") == "daily"
    assert page.evaluate("localStorage.getItem('ludus.current')") == game_id
    assert page.locator('.shell-notice[data-kind="storage"]').count() == 1
    assert "ludus.daily.ptolemaeus.2026-11-23" not in storage(page)
    assert page.locator("#daily-chart svg g.daily-bar").count() == 1


def test_a_bad_saves_error_is_seen_then_goes_once_the_player_opens_the_daily_game(guarded_page, site, ready):
    """Play-test 2, N3: the error about a save set aside stayed through a whole daily game and its
    results page.  It is seen on the new-game screen the page opens with, and goes once the player
    opens something else (here Today's sky); the save stays listed among the damaged ones."""
    page = guarded_page
    page.goto(site.url + "README.md")
    page.evaluate("""() => { localStorage.setItem("ludus.current", "broken1");
                             localStorage.setItem("ludus.game.broken1", '{"format": "boardgame-sess'); }""")
    open_page(page, site, ready, "")
    error = page.locator('.shell-notice[data-kind="error"]')
    assert page.evaluate("document.body.dataset.screen") == "newgame"
    assert "Your saved game could not be loaded" in error.inner_text()
    page.click("#shell-daily-btn")
    page.wait_for_function("document.body.dataset.screen === 'game'")
    assert error.count() == 0
    page.click("#shell-new")
    page.wait_for_function("document.body.dataset.screen === 'newgame'")
    assert page.locator("li.ng-bad-save").count() == 1 and error.count() == 0


def test_a_daily_link_for_a_later_day_is_explained(guarded_page, site, ready):
    page = guarded_page
    open_page(page, site, ready, "?daily=2026-11-25")    # tomorrow in Los Angeles
    assert page.evaluate("document.body.dataset.screen") == "newgame"
    assert "has not begun yet" in page.inner_text('.shell-notice[data-kind="error"]')


def test_a_replay_link_pasted_into_an_open_tab_opens_the_replay(guarded_page, site, ready):
    """Play-test 2: with the page open, a replay link pasted into the address bar changes only the
    fragment (no reload): the page opens the replay then, and leaving it resumes the game played."""
    page = guarded_page
    open_page(page, site, ready, "?seats=human,bot&seed=4")
    page.wait_for_function("document.body.dataset.screen === 'game'")
    game_id = page.evaluate("localStorage.getItem('ludus.current')")
    link = encode_link(finished_daily(3))
    page.evaluate("link => { location.hash = link; }", link[1:])
    page.wait_for_function("document.body.dataset.screen === 'replay'")
    assert page.evaluate("document.body.dataset.replayIndex") is not None
    assert page.inner_text("#replay-close") == "Back to your game"      # play-test 2, U2
    page.click("#replay-close")
    page.wait_for_function("document.body.dataset.screen === 'game'")
    assert page.evaluate("localStorage.getItem('ludus.current')") == game_id
    assert "#replay=" not in page.url
    page.reload()
    ready(page)
    assert page.evaluate("document.body.dataset.screen") == "game"
    assert page.evaluate("localStorage.getItem('ludus.current')") == game_id


def test_a_replay_link_opened_while_a_game_is_being_played_leads_back_to_it(guarded_page, site, ready):
    """Play-test 2, U2: a replay link opened while another game was in progress offered only "New
    game"; that game was reached only through the saved-games list.  It offers "Back to your game"
    (a finished game, or none, still leads to a new game)."""
    page = guarded_page
    open_page(page, site, ready, "?game=pompeii&seats=human,bot&seed=4")
    page.wait_for_function("document.body.dataset.screen === 'game'")
    game_id = page.evaluate("localStorage.getItem('ludus.current')")
    page.goto(site.url + "README.md")
    page.goto(site.url + "index.html" + encode_link(finished_daily(3)))     # a page loaded anew
    ready(page)
    assert page.evaluate("document.body.dataset.screen") == "replay"
    assert page.inner_text("#replay-close") == "Back to your game"
    page.click("#replay-close")
    page.wait_for_function("document.body.dataset.screen === 'game'")
    assert page.evaluate("localStorage.getItem('ludus.current')") == game_id
    saved = page.evaluate("id => JSON.parse(localStorage.getItem('ludus.game.' + id)).actions.length", game_id)
    page.wait_for_function(f"document.body.dataset.moves === '{saved}'")
    assert page.locator("#game .pp").count() == 1                   # that game, Pompeii's board
    page.evaluate("id => localStorage.removeItem('ludus.game.' + id)", game_id)     # no game in progress
    page.goto(site.url + "README.md")
    page.goto(site.url + "index.html" + encode_link(finished_daily(3)))
    ready(page)
    assert page.inner_text("#replay-close") == "New game"


def test_a_daily_link_for_a_game_without_a_daily_challenge_is_refused(guarded_page, site, ready):
    """Play-test U3: ``?game=pompeii&daily`` quietly opened Ptolemaeus' day."""
    page = guarded_page
    open_page(page, site, ready, "?game=pompeii&daily")
    assert page.evaluate("document.body.dataset.screen") == "newgame"
    assert "The Downfall of Pompeii has no daily challenge" in page.inner_text('.shell-notice[data-kind="error"]')
    assert page.evaluate("localStorage.getItem('ludus.current')") is None


def test_the_replay_link_opens_the_replay_with_controls_by_mouse_and_keyboard(guarded_page, site, ready, axe):
    page = guarded_page
    done = finished_daily(3)
    link = encode_link(done)
    open_page(page, site, ready, link)
    assert page.evaluate("document.body.dataset.screen") == "replay"
    n = len(done.actions)
    index = "Number(document.body.dataset.replayIndex)"
    assert page.evaluate(index) == n
    assert page.locator(".pt-end").count() == 0       # the end dialog does not cover the controls
    # Whoever opens a link played none of its seats: a spectator, the sharer's "You" by number (U1).
    assert page.input_value("#replay-viewer") == ""
    assert page.locator("#replay-viewer option").all_inner_texts()[1] == "Player 1"
    page.click("#replay-start")
    assert page.evaluate(index) == 0 and page.is_disabled("#replay-back")
    page.click("#replay-forward")
    page.click("#replay-forward")
    assert page.evaluate(index) == 2
    page.click("#replay-back")
    assert page.evaluate(index) == 1
    assert page.inner_text("#replay-position") == f"Move 1 of {n}"

    page.focus("#shell-replay-title")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert page.evaluate(index) == 3
    page.keyboard.press("End")
    assert page.evaluate(index) == n and page.is_disabled("#replay-forward")
    assert page.locator(".pt-end").count() == 0
    page.focus("#shell-replay-title")
    page.keyboard.press("Home")
    assert page.evaluate(index) == 0

    rounds = Replay_rounds(done)
    page.select_option("#replay-round", str(rounds[2][0]))
    assert page.evaluate(index) == rounds[2][1]

    page.select_option("#replay-speed", "fast")
    page.click("#replay-play")
    page.wait_for_function(f"{index} >= {rounds[2][1] + 2}")
    page.focus("#shell-replay-title")
    page.keyboard.press("Space")                        # pause
    stopped = page.evaluate(index)
    page.wait_for_timeout(700)
    assert page.evaluate(index) == stopped

    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "replay.png"))
    page.click("#replay-share")
    page.wait_for_function("document.querySelector('#shell-replay').dataset.link")
    assert page.evaluate("document.querySelector('#shell-replay').dataset.link").endswith(link)
    assert axe(page) == []
    page.click("#replay-close")
    page.wait_for_function("document.body.dataset.screen === 'newgame'")


def Replay_rounds(session: Session) -> list[tuple[int, int]]:
    from app.replay import Replay
    return Replay(session).rounds()


@pytest.mark.parametrize("fragment, words", [
    ("#replay=1.AAAA", "damaged"),
    ("#replay=7.eJwrSS0u0c3My8nPS1WwUkiqTEnPz0nNS1ewVSjJzwUA", "format 7"),
])
def test_a_corrupt_or_other_version_replay_link_is_explained(guarded_page, site, ready, fragment, words):
    page = guarded_page
    open_page(page, site, ready, fragment)
    assert page.evaluate("document.body.dataset.screen") == "newgame"
    text = page.inner_text('.shell-notice[data-kind="error"]')
    assert "This replay link cannot be opened" in text and words in text


CLIPBOARD = """Object.defineProperty(navigator, "clipboard", {configurable: true, value: {writeText: (text) =>
  { window.__copied = text; return %s; }}});"""


def test_the_day_s_results_and_its_replay_link_to_the_rules_of_its_game(guarded_page, site, ready):
    """The rules of the game are one click away on a day's results and in the day's replay, as in its
    game: the header's link (the shell's; the games draw none), to the page of the day's game, in the
    page's language; none on the new-game screen, where every game has its own."""
    page = guarded_page
    open_page(page, site, ready, "?daily")
    rules = page.locator(".shell-header #shell-rules")
    assert rules.get_attribute("href") == "rules.html" and rules.is_visible()
    daily_results(page, site, ready, "&lang=es")
    assert rules.is_visible() and rules.get_attribute("href") == "rules.es.html"
    assert rules.inner_text() == "Reglas" and "Ptolemaeus" in rules.get_attribute("title")
    page.click(".daily-replay")
    page.wait_for_function("document.body.dataset.screen === 'replay'")
    page.wait_for_selector("#shell-replay .pt")
    assert rules.is_visible() and rules.get_attribute("href") == "rules.es.html"
    assert page.locator("#shell-replay a[href*='rules']").count() == 0
    page.click("#replay-close")
    page.wait_for_function("document.body.dataset.screen === 'daily'")
    assert rules.is_visible() and rules.get_attribute("href") == "rules.es.html"
    page.click("#shell-new")
    page.wait_for_function("document.body.dataset.screen === 'newgame'")
    assert rules.is_hidden()


@pytest.mark.parametrize("works", [True, False])
def test_share_result_says_it_is_copied_and_never_widens_the_page(guarded_page, site, ready, works):
    """Play-test 4 (#3), the daily share as the replay link: copied, the notice says so without
    the text (its link is long); the clipboard failed, the text wrapped to the page to copy by hand."""
    page = guarded_page
    page.add_init_script(CLIPBOARD % ("Promise.resolve()" if works else "Promise.reject(new Error('denied'))"))
    open_page(page, site, ready, "?daily")
    daily_results(page, site, ready)
    page.set_viewport_size({"width": 390, "height": 844})
    page.click("#daily-share")
    page.wait_for_function("document.querySelector('#shell-daily').dataset.shared")
    shared = page.evaluate("document.querySelector('#shell-daily').dataset.shared")
    assert page.evaluate("window.__copied") == shared
    said = page.inner_text('.shell-notice[data-kind="info"] .shell-notice-text')
    if works:
        assert said == "Your result is copied."
    else:
        assert "copy it by hand" in said and "index.html?game=ptolemaeus&daily=2026-11-24" in said
    assert page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 0
