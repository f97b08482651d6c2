"""The replay screen of a finished game in Chromium, for every game (the shell's replay): its
controls can be clicked — the game's end dialog (modal in play) does not cover them — when the
replay is opened from a link in a fresh browser and from the finished game on screen (D2); once a
replay link was read and left, the address no longer holds it, so a reload resumes the game being
played (D3; under GitHub Pages' sub-path too).

A finished game is made here with the engine (seeded random play, a human and a bot); the page
gets it as a replay link (``app.replay.encode_link``) and through the shell's Import.
"""

from __future__ import annotations

import random
import re

import pytest

import catalog  # noqa: F401 - registers the page's games
from app.games import CATALOG
from app.replay import encode_link, link_tail
from app.session import Session, default_seats
from conftest import wait_until_ready

INIT = """
window.ptolemaeusTestEnable = true;
window.pompeiiTestEnable = true;
if (!localStorage.getItem("ludus.settings"))
  localStorage.setItem("ludus.settings", JSON.stringify({bot_speed: "instant", lang: "en", confirm: "off"}));
"""
SETUPS = {"ptolemaeus": {"players": 2, "seed": 5, "start": "1969-07-20T20:17Z"},
          "pompeii": {"players": 2, "seed": 5}}
ROOTS = {"ptolemaeus": ".pt", "pompeii": ".pp"}
INDEX = "Number(document.body.dataset.replayIndex)"
CLICK_MS = 3000     # a click the dialog would intercept fails fast
CONTROLS = ("#replay-start", "#replay-back", "#replay-play", "#replay-forward", "#replay-end", "#replay-slider",
            "#replay-round", "#replay-speed", "#replay-viewer", "#replay-share", "#replay-close")

# Is each control the element under its own centre (nothing drawn over it)?
HIT = """(selectors) => selectors.filter(s => document.querySelector(s)).map(s => {
  const el = document.querySelector(s);
  el.scrollIntoView({block: "center"});
  const r = el.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return [s, hit === el || el.contains(hit), hit ? hit.tagName + "." + hit.className : null];
})"""


def finished(key: str, seed: int = 5) -> Session:
    spec = CATALOG[key].load()
    session = Session.start(spec, SETUPS[key], default_seats(spec, ["human", "bot"]))
    rng = random.Random(seed)
    while not session.over:
        session.apply(rng.choice(spec.legal_actions(session.state)))
    return session


HOOKS = {"ptolemaeus": "ptolemaeusTest", "pompeii": "pompeiiTest"}
CURRENT = """() => { const id = localStorage.getItem("ludus.current");
                     return [id, JSON.parse(localStorage.getItem("ludus.game." + id)).actions.length]; }"""


def open_page(page, site, ready, where: str = "") -> None:
    page.add_init_script(INIT)
    page.goto(site.url + "index.html" + where)
    ready(page)


def settled(page, key: str) -> None:
    """The board's animation (a step forward animates the move) has ended."""
    page.wait_for_selector(f"#shell-replay-view {ROOTS[key]}:not(.anim)")


def assert_controls_clickable(page, key: str, n: int) -> None:
    """No modal dialog in the replay; every control is under its own centre and answers a plain
    click (Playwright's click waits until nothing else would receive it)."""
    assert page.evaluate("document.body.dataset.screen") == "replay"
    assert page.locator('#shell-replay-view [aria-modal="true"]').count() == 0
    hits = page.evaluate(HIT, list(CONTROLS))
    assert len(hits) >= 9 and all(ok for _s, ok, _hit in hits), hits

    page.click("#replay-start", timeout=CLICK_MS)
    assert page.evaluate(INDEX) == 0
    page.click("#replay-forward", timeout=CLICK_MS)
    settled(page, key)
    page.click("#replay-forward", timeout=CLICK_MS)
    assert page.evaluate(INDEX) == 2
    page.click("#replay-back", timeout=CLICK_MS)
    assert page.evaluate(INDEX) == 1
    page.click("#replay-end", timeout=CLICK_MS)
    assert page.evaluate(INDEX) == n
    page.click("#replay-back", timeout=CLICK_MS)
    assert page.evaluate(INDEX) == n - 1
    page.click("#replay-forward", timeout=CLICK_MS)       # stepped onto the last move: it animates, then…
    assert page.evaluate(INDEX) == n
    settled(page, key)
    assert page.locator('#shell-replay-view [aria-modal="true"]').count() == 0    # …no dialog
    assert all(ok for _s, ok, _hit in page.evaluate(HIT, list(CONTROLS)))
    page.click("#replay-slider", timeout=CLICK_MS)        # its middle
    assert 0 < page.evaluate(INDEX) < n
    for select in ("#replay-round", "#replay-speed", "#replay-viewer"):
        if page.locator(select).count():
            page.click(select, timeout=CLICK_MS)
            page.keyboard.press("Escape")
    page.select_option("#replay-speed", "fast")
    page.click("#replay-play", timeout=CLICK_MS)
    assert page.get_attribute("#replay-play", "aria-pressed") == "true"
    page.click("#replay-play", timeout=CLICK_MS)
    assert page.get_attribute("#replay-play", "aria-pressed") == "false"
    page.click("#replay-share", timeout=CLICK_MS)
    page.wait_for_function("document.querySelector('#shell-replay').dataset.link")
    # The link names its game in the query too: the page fetches that game's code first.
    assert f"?game={key}#replay=1." in page.evaluate("document.querySelector('#shell-replay').dataset.link")
    # The result is still there to be seen, on request: the game's own end screen.
    page.click("#replay-end", timeout=CLICK_MS)
    settled(page, key)
    page.click('#shell-replay-view [data-act="open_end"]', timeout=CLICK_MS)
    page.click('#shell-replay-view [aria-modal="true"] [data-act="close_end"]', timeout=CLICK_MS)
    page.click("#replay-start", timeout=CLICK_MS)
    assert page.evaluate(INDEX) == 0


# The acts a replay's board may offer: the view's own (its end screen, an animation skipped), none of a move.
OFFERED = """() => [...document.querySelectorAll('#shell-replay-view [data-act]')].map(e => e.dataset.act)
    .filter(a => !['open_end', 'close_end', 'skip_anim', 'newgame', 'end_action'].includes(a))"""


@pytest.mark.parametrize("key", list(SETUPS))
def test_the_replay_controls_of_a_finished_game_can_be_clicked_from_a_link_and_from_the_game(
        guarded_page, site, ready, key):
    """D2: from a replay link in a fresh browser, then from the finished game on screen (its end
    dialog closed with "Look at the board", then the header's Replay); back to the game, that dialog
    stays closed (N6)."""
    page = guarded_page
    done = finished(key)
    n = len(done.actions)
    open_page(page, site, ready, encode_link(done))
    assert page.evaluate(INDEX) == n
    # No game's stylesheet preloaded for a replay link (the default game's was, for a Pompeii replay too:
    # unused, Chromium warned; the guard fails on that warning when it comes within the test).
    assert page.locator('link[rel="preload"]').count() == 0
    assert_controls_clickable(page, key, n)

    page.click("#replay-close", timeout=CLICK_MS)          # "New game"
    page.wait_for_function("document.body.dataset.screen === 'newgame'")
    page.set_input_files("#shell-import-file", files=[{
        "name": "finished.json", "mimeType": "application/json", "buffer": done.to_json().encode()}])
    page.wait_for_function("document.body.dataset.screen === 'game'")
    dialog = f'#game {ROOTS[key]} [aria-modal="true"]'
    page.click(f'{dialog} [data-act="close_end"]')          # in play the end dialog opens, as before
    page.wait_for_selector(dialog, state="detached")
    page.click("#shell-replay-btn")
    page.wait_for_function("document.body.dataset.screen === 'replay'")
    assert page.evaluate(INDEX) == n
    assert_controls_clickable(page, key, n)
    # Play-test 3: at the start, seen by the player, nothing of theirs is offered (a card could be
    # chosen, and the move was refused); the prompt says it is a replay.
    assert page.evaluate(INDEX) == 0
    assert page.evaluate(OFFERED) == []
    assert page.locator('#shell-replay-view [data-waiting="replay"]').count() == 1
    page.click("#replay-close", timeout=CLICK_MS)          # back to the game
    page.wait_for_function("document.body.dataset.screen === 'game'")
    # Play-test 2 (N6): the end dialog the player had closed stays closed; its reopen button offers it.
    page.wait_for_selector(f'#game {ROOTS[key]} [data-act="open_end"]')
    assert page.locator(dialog).count() == 0
    page.click(f'#game {ROOTS[key]} [data-act="open_end"]')
    page.wait_for_selector(dialog)


# Each game's archives (static/py/): a replay link fetches its own game's, and no other game's (a Pompeii
# replay fetched the default game's, astronomy too, before it was shown: its key was only in the fragment).
ARCHIVES = {"ptolemaeus": ("ptolemaeus.zip", "ptolemaeus_ui.zip", "astronomy.zip"),
            "pompeii": ("pompeii.zip", "pompeii_ui.zip")}
# When each archive was requested, and when start.py had fetched what it asked for (performance marks).
TIMES = """() => ({archives: Object.fromEntries(performance.getEntriesByType('resource')
                    .filter(e => e.name.includes('/static/py/') && e.name.endsWith('.zip'))
                    .map(e => [e.name.split('/').pop(), e.startTime])),
                   fetched: performance.getEntriesByName('py:fetched')[0].startTime})"""


@pytest.mark.parametrize("key", list(SETUPS))
@pytest.mark.parametrize("query, returning", [(True, False), (False, False), (False, True)],
                         ids=["with-game", "old-link", "old-link-returning"])
def test_a_replay_link_fetches_its_games_code_first_and_no_other_games(guarded_page, page_guard, site, ready,
                                                                         key, query, returning):
    """A fresh browser opens a replay link, as the shell makes it (``?game=<key>#replay=…``) and as
    older links were (the fragment alone; also where a game was played before, whose code start.py
    fetched nothing for): the replayed game's archives are requested with the page's start (before
    start.py's ``py:fetched``, not by an import's synchronous request once the shell reads the link),
    the other game's not at all before the replay is on screen; the replay works."""
    page = guarded_page
    page.add_init_script("performance.setResourceTimingBufferSize(1000);"
                         + ("localStorage.setItem('ludus.current', 'gone');" if returning else ""))
    done = finished(key)
    open_page(page, site, ready, link_tail(done) if query else encode_link(done))
    requested = {url.rsplit("/", 1)[-1] for url in page_guard.requests}    # Playwright's log, so far
    other = next(k for k in ARCHIVES if k != key)
    assert not requested & set(ARCHIVES[other]), sorted(requested)
    times = page.evaluate(TIMES)
    for name in ARCHIVES[key][:2]:
        assert times["archives"][name] < times["fetched"], (name, times)
    assert page.evaluate("document.body.dataset.screen") == "replay"
    assert page.evaluate(INDEX) == len(done.actions)
    assert page.locator(f"#shell-replay-view {ROOTS[key]}").count() == 1
    page.click("#replay-start", timeout=CLICK_MS)
    assert page.evaluate(INDEX) == 0
    page.click("#replay-forward", timeout=CLICK_MS)
    assert page.evaluate(INDEX) == 1


def test_a_returning_players_picture_and_game_are_not_fetched_for_a_replay_link(new_context, page_guard, site, ready):
    """A player who left a Ptolemaeus game on screen opens an older Pompeii replay link (no ``?game=``)
    in a new tab: loader.js paints no picture of the Ptolemaeus board (the replay is what comes) and
    prefetches none of its archives; the replay is shown.  (The memory snapshot is off: a restored
    interpreter holds the game's modules, whose archives it fetches by design.)"""
    context = new_context()
    page = page_guard.watch(context.new_page())
    page.add_init_script(INIT + "localStorage.setItem('ludus.memsnap', 'off');")
    page.goto(site.url + "index.html?game=ptolemaeus&seats=human,bot&seed=2")
    ready(page)
    page.wait_for_function("(JSON.parse(localStorage.getItem('ludus.snapshot') || '{}').prefetch || []).length > 0",
                           timeout=15_000)
    page.close()
    page = page_guard.watch(context.new_page())
    page.add_init_script("""new MutationObserver(() => { if (document.getElementById("snapshot")) window.__picture = true; })
                            .observe(document, {subtree: true, childList: true});""")
    before = len(page_guard.requests)
    done = finished("pompeii")
    page.goto(site.url + "index.html" + encode_link(done))
    ready(page)
    requested = {url.rsplit("/", 1)[-1] for url in page_guard.requests[before:]}
    assert "pompeii.zip" in requested and not requested & set(ARCHIVES["ptolemaeus"]), sorted(requested)
    assert page.evaluate("window.__picture || false") is False
    assert page.evaluate("document.body.dataset.screen") == "replay"
    assert page.evaluate(INDEX) == len(done.actions)
    context.close()


def play_now_and_move(page, key: str) -> tuple[str, int]:
    """The lobby's "Play now" for ``key``; a few moves (the human's by a random bot through the
    game's test hook); returns the game's id and its saved moves."""
    page.click(f'.lobby-game[data-game="{key}"] .lobby-play')
    page.wait_for_function(f"document.body.dataset.screen === 'game' && window.{HOOKS[key]}")
    page.evaluate(f"window.{HOOKS[key]}.speed(0)")
    page.evaluate(f"window.{HOOKS[key]}.autoplay('random')")
    page.wait_for_function("Number(document.body.dataset.moves || 0) >= 3")
    page.evaluate(f"window.{HOOKS[key]}.autoplay('')")
    return page.evaluate(CURRENT)


def reload_resumes(page, ready, game: tuple[str, int], path: str) -> None:
    page.reload()
    ready(page)
    assert page.evaluate("document.body.dataset.screen") == "game"
    assert page.evaluate("[location.pathname, location.search, location.hash]") == [path, "", ""]
    game_id, moves = game
    now_id, now_moves = page.evaluate(CURRENT)
    assert now_id == game_id and now_moves >= moves >= 3
    page.wait_for_function(f"() => ({CURRENT})()[1] === Number(document.body.dataset.moves)")   # that game, resumed
    assert page.locator('.shell-notice[data-kind="error"]').count() == 0


def test_a_replay_link_left_goes_from_the_address_and_a_reload_resumes_the_game(
        guarded_page, site_under_subpath, ready):
    """D3, a good link under GitHub Pages' sub-path: a reload while the replay is on screen shows it
    again; once left ("New game"), the address is the page's path alone, and after "Play now" and a
    few moves a reload resumes that game, not the replay."""
    page = guarded_page
    path = "/ptolemaeus/index.html"
    open_page(page, site_under_subpath, ready, encode_link(finished("ptolemaeus")))
    assert page.evaluate("document.body.dataset.screen") == "replay"
    page.reload()
    ready(page)
    assert page.evaluate("document.body.dataset.screen") == "replay"
    page.click("#replay-close", timeout=CLICK_MS)          # "New game"
    page.wait_for_function("document.body.dataset.screen === 'newgame'")
    assert page.evaluate("[location.pathname, location.hash]") == [path, ""]
    reload_resumes(page, ready, play_now_and_move(page, "pompeii"), path)


def test_a_damaged_replay_link_is_explained_once_and_a_reload_resumes_the_game(guarded_page, site, ready):
    """D3, a damaged link: refused with its message; then "Play now", a few moves, and a reload
    resumes the game without the link's error again."""
    page = guarded_page
    open_page(page, site, ready, "#replay=1.!!!!")
    assert page.evaluate("document.body.dataset.screen") == "newgame"
    assert "This replay link cannot be opened" in page.inner_text('.shell-notice[data-kind="error"]')
    reload_resumes(page, ready, play_now_and_move(page, "ptolemaeus"), "/index.html")


def test_the_replay_keys_work_anywhere_on_the_page_and_the_focus_never_falls_to_body(guarded_page, site, ready):
    """Play-test 4 (#1): "›" focused, End: the forward buttons are disabled under the focus, which
    goes to play / pause (not <body>), and Home, ←, →, Space still work; so they do after a click on
    an empty spot of the page (the focus on <body>), while a form field keeps its own keys."""
    page = guarded_page
    done = finished("ptolemaeus")
    n = len(done.actions)
    open_page(page, site, ready, encode_link(done))
    page.click("#replay-start", timeout=CLICK_MS)
    page.focus("#replay-forward")
    page.keyboard.press("End")
    assert page.evaluate(INDEX) == n
    assert page.evaluate("document.activeElement.id") == "replay-play"
    page.keyboard.press("Home")
    assert page.evaluate(INDEX) == 0
    page.keyboard.press("ArrowRight")
    assert page.evaluate(INDEX) == 1
    settled(page, "ptolemaeus")
    page.click(".replay-keys")                                 # plain text: the focus goes to <body>
    assert page.evaluate("document.activeElement === document.body")
    page.keyboard.press("End")
    assert page.evaluate(INDEX) == n
    page.keyboard.press("ArrowLeft")
    assert page.evaluate(INDEX) == n - 1
    page.keyboard.press("Home")
    assert page.evaluate(INDEX) == 0
    page.keyboard.press(" ")
    assert page.get_attribute("#replay-play", "aria-pressed") == "true"
    page.keyboard.press(" ")
    assert page.get_attribute("#replay-play", "aria-pressed") == "false"
    page.keyboard.press("End")
    page.click("#replay-start", timeout=CLICK_MS)             # the focus on a button that is then disabled
    assert page.evaluate("document.activeElement.id") == "replay-play"
    page.focus("#replay-speed")                                # a select keeps its arrows
    page.keyboard.press("ArrowRight")
    assert page.evaluate(INDEX) == 0


CLIPBOARD = """Object.defineProperty(navigator, "clipboard", {configurable: true, value: {writeText: (text) =>
  { window.__copied = text; return %s; }}});"""
WIDE = "document.documentElement.scrollWidth - window.innerWidth"


@pytest.mark.parametrize("works", [True, False])
def test_copy_replay_link_says_so_without_printing_the_link_unless_it_must_be_copied_by_hand(
        guarded_page, site, ready, works):
    """Play-test 4 (#3): the notice printed the whole link, several lines of unbroken text, and the
    page became 2336 px wide. Copied: a short notice; the clipboard failed: the link, wrapped to the
    page and selectable, to copy by hand. The page never gets wider than the window."""
    page = guarded_page
    page.add_init_script(CLIPBOARD % ("Promise.resolve()" if works else "Promise.reject(new Error('denied'))"))
    open_page(page, site, ready, encode_link(finished("pompeii")))
    page.click("#replay-share", timeout=CLICK_MS)
    page.wait_for_function("document.querySelector('#shell-replay').dataset.link")
    link = page.evaluate("document.querySelector('#shell-replay').dataset.link")
    assert page.evaluate("window.__copied") == link and len(link) > 500
    said = page.inner_text('.shell-notice[data-kind="info"] .shell-notice-text')
    if works:
        assert said == "The replay link is copied." and link not in said
    else:
        assert said.endswith(link) and "copy it by hand" in said
        assert page.evaluate("getSelection().selectAllChildren(document.querySelector('.shell-notice-text')) "
                             "|| getSelection().toString()").endswith(link)
    assert page.evaluate(WIDE) <= 0


@pytest.mark.parametrize("key", list(SETUPS))
def test_a_finished_games_end_dialog_and_the_finished_list_offer_its_replay(guarded_page, site, ready, key):
    """Play-test 4 (#15): the end dialog offered only "New game" and "Look at the board", the list of
    finished games only "Back to it" and "Delete": both offer "Replay" now, whose close button leads
    back where the player came from (the game; the list)."""
    page = guarded_page
    done = finished(key)
    n = len(done.actions)
    open_page(page, site, ready)
    page.set_input_files("#shell-import-file", files=[{
        "name": "finished.json", "mimeType": "application/json", "buffer": done.to_json().encode()}])
    page.wait_for_function("document.body.dataset.screen === 'game'")
    dialog = f'#game {ROOTS[key]} [aria-modal="true"]'
    page.click(f'{dialog} [data-end-action="replay"]', timeout=CLICK_MS)
    page.wait_for_function("document.body.dataset.screen === 'replay'")
    assert page.evaluate(INDEX) == n
    assert page.inner_text("#replay-close") == "Back to the game"
    page.click("#replay-close", timeout=CLICK_MS)
    page.wait_for_function("document.body.dataset.screen === 'game'")
    page.click(f'{dialog} [data-act="close_end"]', timeout=CLICK_MS)    # back where it was left: its end dialog

    page.click("#shell-new")
    page.wait_for_function("document.body.dataset.screen === 'newgame'")
    item = page.locator(".ng-history li.ng-saved-game").first
    assert item.locator(".ng-resume").count() == item.locator(".ng-delete").count() == 1
    assert page.locator(".ng-saved:not(.ng-history) .ng-replay").count() == 0     # an unfinished game has none
    item.locator(".ng-replay").click(timeout=CLICK_MS)
    page.wait_for_function("document.body.dataset.screen === 'replay'")
    assert page.evaluate(INDEX) == n
    assert page.inner_text("#replay-close") == "Back to the list"
    page.click("#replay-close", timeout=CLICK_MS)
    page.wait_for_function("document.body.dataset.screen === 'newgame'")
    assert page.locator(".ng-history .ng-replay").count() == 1


def test_an_imported_game_whose_id_is_not_of_the_pages_form_gets_one_and_its_result_lists(guarded_page, site, ready):
    """A file's id may be any short text (edited by hand, another tool): its finished game's result
    was stored under that id, which the finished-games list never reads and deleting the game never
    removed. Imported, such a game gets an id of the page's own form, as one already saved does."""
    page = guarded_page
    done = finished("pompeii")
    done.data["id"] = "my game 1"
    open_page(page, site, ready)
    page.set_input_files("#shell-import-file", files=[{
        "name": "finished.json", "mimeType": "application/json", "buffer": done.to_json().encode()}])
    page.wait_for_function("document.body.dataset.screen === 'game'")
    game_id = page.evaluate("localStorage.getItem('ludus.current')")
    assert game_id != "my game 1" and re.fullmatch(r"[A-Za-z0-9_-]{1,64}", game_id)
    assert page.evaluate("localStorage.getItem('ludus.game.my game 1')") is None
    page.wait_for_function(f"localStorage.getItem('ludus.result.{game_id}') !== null")
    page.click('#game .pp [aria-modal="true"] [data-act="close_end"]')     # the end dialog, modal
    page.click("#shell-new")
    page.wait_for_function("document.body.dataset.screen === 'newgame'")
    assert page.locator(f'li.ng-saved-game[data-id="{game_id}"]').get_attribute("data-result") == "1"


# The box [left, top, right, bottom] of each of the replay's controls that shows, by its id.
SHOWN = """() => Object.fromEntries([...document.querySelectorAll('.replay-controls :is(button, select, input)')]
    .filter(e => e.getClientRects().length)
    .map(e => { const r = e.getBoundingClientRect(); return [e.id, [r.left, r.top, r.right, r.bottom]]; }))"""
ROW = ("replay-start", "replay-back", "replay-play", "replay-forward", "replay-end", "replay-slider", "replay-more",
       "replay-close")
OPTIONS = ("replay-round", "replay-speed", "replay-viewer", "replay-share")


def test_on_a_phone_on_its_side_the_replay_controls_are_one_row_of_finger_targets(
        browser, site, site_under_subpath, axe, report):
    """At 844x390 the replay's heading, its two rows of controls and the keys' hint took ~170 px of the
    390 px window above the board. One row now, every control 44 px; the heading and the hint are still
    there for assistive technology, and the round, the speed, the eyes and the link's copy open from
    "Options" in a panel with their labels (closed again by Escape or a tap elsewhere)."""
    from test_first_evening import SHOTS, sized_page

    with sized_page(browser, site, site_under_subpath, "landscape") as page:
        open_page(page, site, ready=wait_until_ready, where=encode_link(finished("ptolemaeus")))
        page.wait_for_function("document.body.dataset.screen === 'replay'")
        settled(page, "ptolemaeus")
        header = page.locator(".shell-header").bounding_box()
        row = page.locator(".replay-controls").bounding_box()
        view = page.locator("#shell-replay-view").bounding_box()
        assert row["height"] <= 50, row                                  # one row of 44 px controls
        above = view["y"] - (header["y"] + header["height"])
        assert above <= 70, (header, row, view)                         # was ~170 px
        shown = page.evaluate(SHOWN)
        assert set(ROW) <= set(shown) and not set(OPTIONS) & set(shown), shown
        for what, (left, top, right, bottom) in shown.items():
            assert left >= 0 and right <= 844 and bottom <= 390, (what, shown[what])
            if what != "replay-slider":
                assert right - left >= 44 and bottom - top >= 44, (what, shown[what])
        # For assistive technology: the heading (it has the focus), the hint, every control's name.
        assert page.get_by_role("heading", name="Replay: Ptolemaeus").count() == 1
        assert page.evaluate("document.activeElement.id") == "shell-replay-title"
        assert page.locator(".replay-keys").text_content().startswith("Keys:")
        # The game's rules in the header's row, beside its menu (fewer buttons here: the strip leaves room,
        # which once set the link half way between the title and the menu).
        rules, strip = page.locator("#shell-rules").bounding_box(), page.locator(".shell-controls").bounding_box()
        assert 0 <= strip["x"] - (rules["x"] + rules["width"]) <= 20, (rules, strip)
        page.screenshot(path=str(SHOTS / "replay-landscape-844x390.png"))

        page.click("#replay-more")
        assert page.get_attribute("#replay-more", "aria-expanded") == "true"
        shown = page.evaluate(SHOWN)
        assert set(OPTIONS) <= set(shown), shown
        for what in OPTIONS:
            left, top, right, bottom = shown[what]
            assert left >= 0 and right <= 844 and bottom <= 390, (what, shown[what])
            assert bottom - top >= 44, (what, shown[what])
        for label in ("Round", "Speed", "Seen by"):
            assert page.get_by_label(label, exact=True).is_visible()
        page.select_option("#replay-speed", "fast")
        assert axe(page) == []
        page.screenshot(path=str(SHOTS / "replay-landscape-options.png"))
        page.keyboard.press("Escape")                                  # closed, "Options" has the focus
        assert page.get_attribute("#replay-more", "aria-expanded") == "false"
        assert page.evaluate("document.activeElement.id") == "replay-more"
        assert page.locator("#replay-speed").is_hidden()
        page.click("#replay-more")
        page.mouse.click(150, 300)                                     # a tap on the board closes it
        assert page.get_attribute("#replay-more", "aria-expanded") == "false"
        page.click("#replay-back")                                     # the row still steps
        assert page.evaluate(INDEX) == len(finished("ptolemaeus").actions) - 1
        report(f"replay at 844x390: controls {row['height']:.0f} px in one row, the board {above:.0f} px "
               f"under the header")


def test_elsewhere_the_replay_options_are_in_the_row_and_options_is_not_shown(guarded_page, site, ready):
    """The panel is a phone on its side's: on a wide screen and a portrait phone every option is shown,
    labelled, and "Options" is no control at all."""
    page = guarded_page
    open_page(page, site, ready, encode_link(finished("pompeii")))
    for size in ({"width": 1280, "height": 800}, {"width": 390, "height": 844}):
        page.set_viewport_size(size)
        shown = page.evaluate(SHOWN)
        assert set(OPTIONS) - {"replay-round"} <= set(shown) and "replay-more" not in shown, (size, shown)
        assert page.get_by_role("button", name="Options").count() == 0
        assert page.locator("#shell-replay-title").is_visible() and page.locator(".replay-keys").is_visible()
