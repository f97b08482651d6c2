"""One tab plays a game at a time (issue 16), in Chromium: two pages of one browser context.

The second tab that opens the game watches it read-only (``<body data-tab="watching">``,
``#game`` inert, a "Play here" notice); "Play here" takes the game over and the first
tab turns read-only and follows the latest state; no move made in either is lost.
Tally (tests/shellgame.py) is served as the page's game, under the ``ludus.`` prefix."""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SHELLGAME = ROOT / "tests" / "shellgame.py"
sys.path.insert(0, str(ROOT / "py"))
from app import site as site_config  # noqa: E402
PREFIX = "ludus."
INSTANT = f"""
if (!localStorage.getItem("{PREFIX}settings"))
  localStorage.setItem("{PREFIX}settings", JSON.stringify({{bot_speed: "instant", confirm: "off"}}));
"""


def ludus_tally(page):
    """Serve Tally as the page's main.py, its store under ``ludus.`` (for this page, reloads included)."""
    body = SHELLGAME.read_text()          # Tally's page: the shell's own prefix (app.site.STORAGE_PREFIX)
    assert "App().run()" in body and site_config.STORAGE_PREFIX == PREFIX
    page.context.route(re.compile(r".*/py/app/main\.py$"), lambda route: route.fulfill(
        status=200, content_type="text/x-python", body=body))
    page.add_init_script(INSTANT)
    return page


def stored(page) -> dict | None:
    return page.evaluate(f"""() => {{
        const id = localStorage.getItem("{PREFIX}current");
        const text = id && localStorage.getItem("{PREFIX}game." + id);
        return text ? JSON.parse(text) : null; }}""")


def tab_state(page, state: str) -> None:
    page.wait_for_function(f"document.body.dataset.tab === '{state}'")


def play(page) -> None:
    """One human decision (the first button), then wait until the save has it."""
    before = int(page.evaluate("document.body.dataset.moves || '0'"))
    page.locator("[data-action]").first.click()
    page.wait_for_function(f"Number(document.body.dataset.moves) > {before}")


def test_a_second_tab_watches_plays_here_takes_over_and_no_move_is_lost(guarded_page, page_guard, site, ready):
    a = ludus_tally(guarded_page)
    a.goto(site.url + "index.html?seats=human&seed=21")
    ready(a)
    tab_state(a, "playing")
    for _ in range(2):
        play(a)
    assert len(stored(a)["actions"]) == 2

    b = page_guard.watch(ludus_tally(a.context.new_page()))
    b.goto(site.url + "index.html")                      # resumes the game on screen: the same game
    ready(b)
    tab_state(b, "watching")
    assert b.evaluate("document.getElementById('game').inert") is True
    notice = b.locator('.shell-notice[data-kind="tabs"]')
    assert "another tab" in notice.inner_text()
    assert b.evaluate("document.body.dataset.moves") == "2"
    b.locator('.shell-notice[data-kind="tabs"] button', has_text="Play here").click()
    tab_state(b, "playing")
    tab_state(a, "watching")                              # the first tab turned read-only
    assert a.evaluate("document.getElementById('game').inert") is True
    play(b)
    play(b)
    a.wait_for_function("document.body.dataset.moves === '4'")   # and follows the latest state
    assert len(stored(b)["actions"]) == 4

    a.locator('.shell-notice[data-kind="tabs"] button', has_text="Play here").click()
    tab_state(a, "playing")
    tab_state(b, "watching")
    play(a)
    session = stored(a)
    assert len(session["actions"]) == 5                  # every move of both tabs, in order
    b.wait_for_function("document.body.dataset.moves === '5'")


def a_second_tab_watching(a, page_guard, site, ready, seed: int, moves: int, init: str | None = None):
    """Tab ``a`` plays a new Tally game (``moves`` moves); a second tab of the same browser opened on
    the page (with the ``init`` script) watches it. The game as stored, and the second tab."""
    a.goto(site.url + f"index.html?seats=human&seed={seed}")
    ready(a)
    tab_state(a, "playing")
    for _ in range(moves):
        play(a)
    game = stored(a)
    b = page_guard.watch(ludus_tally(a.context.new_page()))
    if init:
        b.add_init_script(init)
    b.goto(site.url + "index.html")
    ready(b)
    tab_state(b, "watching")
    return game, b


def test_a_watching_tab_can_neither_abandon_nor_delete_the_game_the_other_tab_plays(
        guarded_page, page_guard, site, ready):
    """D4: the watching tab offered "Welcome back… Abandon this game", and deleting there removed the
    game the first tab was playing.  Now: no Abandon there, the new-game screen's Delete is refused
    (the game's lock is held by the other tab) before it asks to confirm (play-test 2, N5) and the save stays; a deletion the page could not
    refuse (no Web Locks: done here by hand) is told to the playing tab truly: its next move saves
    the game again."""
    a = ludus_tally(guarded_page)
    game, b = a_second_tab_watching(a, page_guard, site, ready, seed=41, moves=2)
    b.wait_for_selector('.shell-notice[data-kind="tabs"]')
    assert b.locator("#shell-notices button", has_text="Abandon").count() == 0
    b.click("#shell-new")
    item = b.locator(f'li.ng-saved-game[data-id="{game["id"]}"]')
    item.locator(".ng-delete").click()
    error = b.locator('.shell-notice[data-kind="error"]')
    error.wait_for()
    assert "being played in another tab" in error.inner_text() and "cannot be deleted" in error.inner_text()
    assert item.locator(".ng-confirm").count() == 0        # refused before "Delete this game for good?" (N5)
    assert stored(a) == game and b.locator(f'li.ng-saved-game[data-id="{game["id"]}"]').count() == 1
    play(a)                                                  # the first tab plays on
    assert len(stored(a)["actions"]) == 3

    b.evaluate(f"id => localStorage.removeItem('{PREFIX}game.' + id)", game["id"])
    notice = a.locator('.shell-notice[data-kind="tabs"]')
    notice.wait_for()
    assert "deleted in another tab" in notice.inner_text() and "saves it again" in notice.inner_text()
    play(a)
    assert len(stored(a)["actions"]) == 4                   # what it said: saved again, nothing lost


def test_a_refused_delete_is_not_said_any_more_once_this_tab_plays_the_game(guarded_page, page_guard, site, ready):
    """Play-test 2, N3: "…so it cannot be deleted here" stayed on screen after "Play here" had made
    this tab the one that plays the game.  The refusal is about the list it was made on: it goes
    when the player leaves it, and is never said while this tab plays the game."""
    a = ludus_tally(guarded_page)
    game, b = a_second_tab_watching(a, page_guard, site, ready, seed=43, moves=1)
    b.click("#shell-new")
    assert b.locator('.shell-notice[data-kind="tabs"]').count() == 0     # it watches no game here
    item = b.locator(f'li.ng-saved-game[data-id="{game["id"]}"]')
    item.locator(".ng-delete").click()
    error = b.locator('.shell-notice[data-kind="error"]')
    error.wait_for()
    assert "cannot be deleted" in error.inner_text()
    item.locator(".ng-resume").click()
    tab_state(b, "watching")
    b.locator('.shell-notice[data-kind="tabs"] button', has_text="Play here").click()
    tab_state(b, "playing")
    assert error.count() == 0
    play(b)
    assert len(stored(b)["actions"]) == 2


def test_another_game_in_a_second_tab_plays_and_a_closed_tab_frees_its_game(guarded_page, page_guard, site, ready):
    a = ludus_tally(guarded_page)
    a.goto(site.url + "index.html?seats=human&seed=4")
    ready(a)
    tab_state(a, "playing")
    first = stored(a)["id"]
    b = page_guard.watch(ludus_tally(a.context.new_page()))
    b.goto(site.url + "index.html?seats=human&seed=5")   # a link: a game of its own
    ready(b)
    tab_state(b, "playing")
    assert stored(b)["id"] != first
    c = page_guard.watch(ludus_tally(a.context.new_page()))
    a.close()                                             # the first game's tab closes: its lock goes
    c.goto(site.url + "index.html")                      # resumes the current game, b's: c watches it
    ready(c)
    tab_state(c, "watching")
    assert stored(c)["id"] == stored(b)["id"]
    c.click("#shell-new")
    c.locator(f'li.ng-saved-game[data-id="{first}"] .ng-resume').click()
    tab_state(c, "playing")                               # nobody holds the first game any more
    assert stored(c)["id"] == first
    play(c)
    assert len(stored(c)["actions"]) == 1
    c.reload()                                            # a reload gives its own lock back first
    ready(c)
    tab_state(c, "playing")
    assert c.evaluate("document.body.dataset.moves") == "1"


# Every localStorage.setItem of the page, in order (its key), in window.__writes.
COUNT_WRITES = """
window.__writes = [];
const setItem = Storage.prototype.setItem;
Storage.prototype.setItem = function (key, value) { window.__writes.push(String(key)); return setItem.call(this, key, value); };
"""


def game_writes(page) -> int:
    return page.evaluate(f"""() => {{ const key = "{PREFIX}game." + localStorage.getItem("{PREFIX}current");
                                      return window.__writes.filter(k => k === key).length; }}""")


def test_a_new_game_is_written_once_when_opened_not_again_when_its_tab_may_play(guarded_page, site, ready):
    """Issue 10 (work done twice): a new game is saved when opened; the lock's answer ("playing", a
    moment later) finds it saved and playing already, and writes nothing. Then one write per move."""
    page = ludus_tally(guarded_page)
    page.add_init_script(COUNT_WRITES)
    page.goto(site.url + "index.html?seats=human&seed=21")
    ready(page)
    tab_state(page, "playing")
    page.wait_for_selector("[data-action]")
    assert game_writes(page) == 1
    play(page)
    assert game_writes(page) == 2 and len(stored(page)["actions"]) == 1


def test_importing_the_file_of_a_game_another_tab_plays_watches_it_and_writes_nothing(
        guarded_page, page_guard, site, ready, tmp_path):
    """A file holding exactly a save of this page opens as that save: read-only until this tab may
    play it, so a tab importing the game another tab plays watches it (and never writes it)."""
    a = ludus_tally(guarded_page)
    a.goto(site.url + "index.html?seats=human&seed=31")
    ready(a)
    tab_state(a, "playing")
    play(a)
    game = stored(a)
    with a.expect_download() as download:
        a.click("#shell-export")
    exported = tmp_path / "game.json"
    download.value.save_as(exported)

    b = page_guard.watch(ludus_tally(a.context.new_page()))
    b.add_init_script(COUNT_WRITES)
    b.goto(site.url + "index.html?seats=human&seed=32")     # a game of its own first
    ready(b)
    tab_state(b, "playing")
    b.set_input_files("#shell-import-file", str(exported))
    b.wait_for_function(f"document.body.dataset.moves === '{len(game['actions'])}'")
    tab_state(b, "watching")
    key = f"{PREFIX}game.{game['id']}"
    assert b.evaluate("key => window.__writes.filter(k => k === key).length", key) == 0
    assert b.evaluate("document.getElementById('game').inert") is True
    play(a)                                                  # the first tab plays on
    assert len(stored(a)["actions"]) == 2


def test_a_move_held_when_another_tab_takes_the_game_goes_and_cannot_be_confirmed(
        guarded_page, page_guard, site, ready):
    """Play-test 2, defect 1: a draw held for Confirm in tab A, then "Play here" in tab B: tab A could
    still Confirm it, see the card (which tab B then drew too) and run the bots. The held move goes
    (it was never played), the confirm bar with it, and nothing is saved from tab A."""
    a = ludus_tally(guarded_page)
    a.add_init_script(f"""localStorage.setItem("{PREFIX}settings",
                          JSON.stringify({{bot_speed: "instant", confirm: "on"}}));""")
    a.goto(site.url + "index.html?seats=human,easy&seed=51")
    ready(a)
    tab_state(a, "playing")
    a.locator("[data-action='draw']").click()                 # would reveal a card: held
    a.wait_for_function("document.body.dataset.confirm === 'held'")
    assert a.locator("#shell-confirm-ok").is_visible() and stored(a)["actions"] == []

    b = page_guard.watch(ludus_tally(a.context.new_page()))
    b.goto(site.url + "index.html")
    ready(b)
    tab_state(b, "watching")
    b.locator('.shell-notice[data-kind="tabs"] button', has_text="Play here").click()
    tab_state(b, "playing")
    tab_state(a, "watching")
    a.wait_for_function("!document.body.dataset.confirm")
    assert a.locator("#shell-confirm-ok").is_hidden()
    assert a.evaluate("document.body.dataset.moves") == "0" and stored(b)["actions"] == []


def test_a_watching_tab_plays_once_the_playing_tab_is_closed_and_the_player_comes_back(
        guarded_page, page_guard, site, ready):
    """Play-test 2: with the playing tab closed, the watching one went on saying another tab plays
    the game. Coming back to it (focus, or the tab shown again) it asks once more, and plays."""
    a = ludus_tally(guarded_page)
    _game, b = a_second_tab_watching(a, page_guard, site, ready, seed=61, moves=1)
    b.evaluate("window.dispatchEvent(new Event('focus'))")       # the other tab still plays: no change
    assert b.evaluate("document.body.dataset.tab") == "watching"
    a.close()
    b.evaluate("window.dispatchEvent(new Event('focus'))")      # at once: the lock may not be free yet
    tab_state(b, "playing")
    assert b.locator('.shell-notice[data-kind="tabs"]').count() == 0
    play(b)
    assert len(stored(b)["actions"]) == 2


def test_a_watching_tab_plays_by_itself_soon_after_the_playing_tab_is_closed(guarded_page, page_guard, site, ready):
    """Play-test 5: 16 s after the playing tab was closed the other one still said "being played in
    another tab". It queues for the game's lock, which the browser gives back when a tab closes: it
    plays within a moment, by itself (no focus, no click), from the latest save; taken over by "Play
    here", the first tab queues in turn and plays again once the second one is closed."""
    a = ludus_tally(guarded_page)
    _game, b = a_second_tab_watching(a, page_guard, site, ready, seed=62, moves=1)
    b.locator('.shell-notice[data-kind="tabs"] button', has_text="Play here").click()
    tab_state(a, "watching")
    play(b)
    b.close()                                              # the tab that took it over closes
    a.wait_for_function("document.body.dataset.tab === 'playing'", timeout=3000)
    assert a.locator('.shell-notice[data-kind="tabs"]').count() == 0
    # Said once (it took the game by itself): this tab plays now.
    assert a.locator('.shell-notice[data-kind="tab-here"]').inner_text().startswith("This tab plays the game now.")
    assert a.evaluate("document.body.dataset.moves") == "2"   # it went on from the latest save
    play(a)
    c = page_guard.watch(ludus_tally(a.context.new_page()))
    c.goto(site.url + "index.html")
    ready(c)
    tab_state(c, "watching")
    a.close()                                              # the playing tab closes
    c.wait_for_function("document.body.dataset.tab === 'playing'", timeout=3000)
    assert c.locator('.shell-notice[data-kind="tabs"]').count() == 0
    assert c.evaluate("document.getElementById('game').inert") is False
    play(c)
    assert len(stored(c)["actions"]) == 4


# This page's visibility, as the test sets it (window.__shown): a tab in the background.
SHOWN = """
Object.defineProperty(document, "visibilityState", {configurable: true,
    get: () => (window.__shown === false ? "hidden" : "visible")});
"""


def show(page, shown: bool) -> None:
    page.evaluate("shown => { window.__shown = shown; document.dispatchEvent(new Event('visibilitychange')); }", shown)


def test_a_reloaded_playing_tab_plays_on_and_a_hidden_watching_tab_waits_until_shown(
        guarded_page, page_guard, site, ready):
    """A reload gives the playing tab's lock back for a moment: a watching tab in the background
    must not take the game then (the reloaded tab would only watch it). A hidden watching tab gives
    a lock granted so back; once the playing tab is closed it plays when it is shown again."""
    a = ludus_tally(guarded_page)
    _game, b = a_second_tab_watching(a, page_guard, site, ready, seed=63, moves=1, init=SHOWN)
    show(b, False)
    a.reload()
    ready(a)
    tab_state(a, "playing")                                  # the reloaded tab plays on
    assert b.evaluate("document.body.dataset.tab") == "watching"
    play(a)
    a.close()
    b.wait_for_timeout(1000)
    assert b.evaluate("document.body.dataset.tab") == "watching"   # hidden: nobody to play it yet
    show(b, True)
    tab_state(b, "playing")
    assert b.evaluate("document.body.dataset.moves") == "2"
    play(b)
    assert len(stored(b)["actions"]) == 3


def test_a_watching_tabs_board_says_another_tab_plays_in_both_games(guarded_page, page_guard, site, ready):
    """Play-test 2: the watching tab's board said "Your turn" with "Take one action" and highlighted
    cards. Its prompt now says that another tab plays the game, and its heading that the turn is
    played there (Ptolemaeus and Pompeii boards)."""
    a = guarded_page
    for query, prompt, who in (("?seats=human,bot&seed=3", ".pt .prompt", ".pt-who"),
                               ("?game=pompeii&seats=human,bot&seed=3", ".pp .prompt", ".pp-who")):
        a.goto(site.url + "index.html" + query)
        ready(a)
        tab_state(a, "playing")
        assert "another tab" not in a.locator(prompt).first.inner_text()
        b = page_guard.watch(a.context.new_page())
        b.goto(site.url + "index.html")
        ready(b)
        tab_state(b, "watching")
        b.wait_for_function(f"document.querySelector('{prompt}').dataset.waiting === 'watching'")
        assert "Another tab plays this game" in b.locator(prompt).first.inner_text()
        # …and its heading no longer says "Your turn" (N4's leftover): the turn is the other tab's.
        assert b.locator(who).inner_text() == "Your turn, in the tab where this game is played"
        b.locator('.shell-notice[data-kind="tabs"] button', has_text="Play here").click()
        tab_state(b, "playing")
        b.wait_for_function(f"document.querySelector('{prompt}').dataset.waiting !== 'watching'")
        b.close()


HANDS = "[data-hand-of], .pt-hand, .pp-hand [data-card]"      # any seat's hand (Tally, Ptolemaeus, Pompeii)


def hand_cards(page) -> int:
    return page.locator(HANDS).count()


def test_a_watching_tab_of_a_hot_seat_game_shows_no_hand_in_both_games(guarded_page, page_guard, site, ready):
    """Play-test 5: the playing tab had its hand-over curtain up, and the watching tab showed the
    current seat's hand (its own pass screen, "I am Player 3: show my game", showed any seat's).
    A watching tab of a game with several human seats shows what a spectator sees: no hand, no pass
    screen, whether the playing tab's curtain is up or a seat looks there; "Play here" starts with
    the curtain, and the tab that lost the game shows no hand any more."""
    a = guarded_page
    for query in ("?seats=human,human&seed=3", "?game=pompeii&seats=human,human&seed=3"):
        a.goto(site.url + "index.html" + query)
        ready(a)
        tab_state(a, "playing")
        a.wait_for_function("document.body.dataset.screen === 'pass'")       # the curtain is up
        b = page_guard.watch(a.context.new_page())
        b.goto(site.url + "index.html")
        ready(b)
        tab_state(b, "watching")
        assert b.evaluate("document.body.dataset.screen") == "game" and b.locator("#shell-pass").is_hidden()
        assert hand_cards(b) == 0
        a.click("#shell-pass-ready")                                          # a seat looks in the playing tab
        a.wait_for_function("document.body.dataset.screen === 'game'")
        assert hand_cards(a) > 0
        b.wait_for_timeout(300)
        assert hand_cards(b) == 0 and b.evaluate("document.body.dataset.screen") == "game"
        b.locator('.shell-notice[data-kind="tabs"] button', has_text="Play here").click()
        tab_state(b, "playing")
        tab_state(a, "watching")
        b.wait_for_function("document.body.dataset.screen === 'pass'")       # the curtain first
        assert hand_cards(b) == 0
        a.wait_for_function(f"document.querySelectorAll('{HANDS}').length === 0")
        assert a.evaluate("document.body.dataset.screen") == "game"
        b.click("#shell-pass-ready")
        b.wait_for_function(f"document.querySelectorAll('{HANDS}').length > 0")
        b.close()                                          # the first tab plays again: the curtain first
        tab_state(a, "playing")
        a.wait_for_function("document.body.dataset.screen === 'pass'")
        assert hand_cards(a) == 0
