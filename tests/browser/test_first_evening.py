"""Issue 17 ("a first evening with the game") in Chromium at 1366x768 and on a 390x844 touch phone:
the lobby, Play now, Continue, no sideways scroll, every score in the first view, confirm my moves
with Take back (Tally, served in place of main.py), take back across a bot move, stale notices,
Settings closed by Escape or a click outside; axe finds nothing."""

from __future__ import annotations

import contextlib
import json
import re
from pathlib import Path

import pytest

from conftest import PageGuard, axe_violations, header_controls_in_reach, no_sideways_scroll, wait_until_ready

ROOT = Path(__file__).resolve().parents[2]
SHELLGAME = ROOT / "tests" / "shellgame.py"
PREFIX = "ludus."
SIZES = {
    "desktop": {"viewport": {"width": 1366, "height": 768}},
    "phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True,
              "device_scale_factor": 2},
    "tablet": {"viewport": {"width": 768, "height": 1024}, "has_touch": True},
    "landscape": {"viewport": {"width": 844, "height": 390}, "has_touch": True, "is_mobile": True,
                  "device_scale_factor": 2},
    "landscape-large": {"viewport": {"width": 932, "height": 430}, "has_touch": True, "is_mobile": True,
                        "device_scale_factor": 3},
}
INSTANT = f"""
if (!localStorage.getItem("{PREFIX}settings"))
  localStorage.setItem("{PREFIX}settings", JSON.stringify({{bot_speed: "instant"}}));
"""
SHOTS = ROOT / "test-results" / "screenshots"


@contextlib.contextmanager
def sized_page(browser, site, site_under_subpath, size: str, tally: bool = False):
    context = browser.new_context(service_workers="block", **SIZES[size])
    guard = PageGuard({site.origin, site_under_subpath.origin})
    try:
        page = guard.watch(context.new_page())
        page.add_init_script(INSTANT)        # no "confirm" key: its default (on) applies
        if tally:
            page.route(re.compile(r".*/py/app/main\.py$"), lambda route: route.fulfill(
                status=200, content_type="text/x-python", body=SHELLGAME.read_text()))
        yield page
        guard.check()
    finally:
        context.close()


def ptolemaeus_at(page, site, want: str, name: str):
    """The Ptolemaeus page (against a bot, no animation) at the first position of test_play's games
    where ``want`` is pending, loaded as a save named ``name``: the game's driver, the seed and the
    actions that lead there, and what the load reported."""
    from test_play import INIT, Game, find_position, pending

    page.add_init_script(INIT)
    page.goto(site.url + "index.html?date=1969-07-20T20:17Z&seats=human,bot&seed=1")
    wait_until_ready(page)
    page.evaluate("window.ptolemaeusTest.speed(0)")
    game = Game(page, None)
    seed, actions = find_position(pending(want))
    return game, seed, actions, game.load(seed, actions, name=name)


def stored(page) -> dict:
    return page.evaluate(f"""() => JSON.parse(localStorage.getItem("{PREFIX}game." +
                                                localStorage.getItem("{PREFIX}current")))""")


def moves(page) -> int:
    return int(page.evaluate("document.body.dataset.moves || '0'"))


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_the_lobby_plays_now_in_one_click_and_continues(browser, site, site_under_subpath, size, report):
    with sized_page(browser, site, site_under_subpath, size) as page:
        page.goto(site.url + "index.html")
        wait_until_ready(page)
        pictures = []
        page.on("request", lambda r: "/static/icons/" in r.url and pictures.append(r.url))
        card = page.locator('.lobby-game[data-game="ptolemaeus"]')
        for each in (card, page.locator('.lobby-game[data-game="pompeii"]')):        # each game's picture
            assert each.is_visible() and each.locator(".lobby-picture svg").is_visible()   # drawn in the page
            assert each.locator(".lobby-picture").bounding_box()["width"] >= 40
        assert pictures == []                                          # the picture and the tab icon: no request
        assert page.evaluate("""() => new Promise(done => {              // the icon's data: URL is a picture
            const img = new Image(); img.onload = () => done(img.naturalWidth); img.onerror = () => done(-1);
            img.src = document.querySelector('link[rel=icon]').href; })""") > 0
        assert "real date" in card.locator(".lobby-blurb").inner_text()
        assert card.locator(".lobby-rules").get_attribute("href") == "rules.html"
        assert card.locator(".lobby-continue").count() == 0            # nothing to continue yet
        assert not page.locator("#ng-seed").is_visible()                  # the seed is under "Advanced"
        box = card.locator(".lobby-play").bounding_box()
        assert box["y"] + box["height"] <= SIZES[size]["viewport"]["height"]   # Play now in the first view
        assert box["height"] >= 24 and box["width"] >= 24
        no_sideways_scroll(page, f"lobby at {size}")
        assert axe_violations(page) == []
        # Bot levels in order of strength, each described.
        levels = page.locator('li.ng-seat[data-seat="1"] .ng-level option')
        assert [levels.nth(i).get_attribute("value") for i in range(levels.count())] == [
            "random", "easy", "greedy", "normal", "hard"]
        assert "next turn" in page.locator("#ng-level-help-1").inner_text()

        card.locator(".lobby-play").click()
        page.wait_for_function("document.body.dataset.screen === 'game' && document.querySelector('[data-score]')")
        session = stored(page)
        assert [(s["kind"], s["level"]) for s in session["seats"]] == [("human", None), ("bot", "normal")]
        scores = page.evaluate("""() => [...document.querySelectorAll('[data-score]')].map(e => {
            const r = e.getBoundingClientRect(); return [e.dataset.score, r.left, r.top, r.right, r.bottom]; })""")
        assert [s[0] for s in scores] == ["0", "1"]
        if size == "desktop":                                           # every score in the first 1366x768 view
            for seat, left, top, right, bottom in scores:
                assert left >= 0 and top >= 0 and right <= 1366 and bottom <= 768, (seat, top, bottom)
        no_sideways_scroll(page, f"game at {size}")
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"evening-game-{size}.png"))

        page.locator("#shell-new").click()
        page.wait_for_function("document.body.dataset.screen === 'newgame'")
        cont = page.locator('.lobby-game[data-game="ptolemaeus"] .lobby-continue')
        assert cont.is_visible() and cont.inner_text() == "Continue"    # an ordinary game (a day's is named)
        cont.click()
        page.wait_for_function("document.body.dataset.screen === 'game'")
        assert stored(page)["id"] == session["id"]
        report(f"issue 17 lobby at {size}: Play now, scores at {[round(s[4]) for s in scores]} px (bottom)")


# Every control of the new-game screen on show: [what, its height in px].
NG_CONTROLS = """() => [...document.querySelectorAll(
        '#shell-newgame :is(select, input:not([type=checkbox]):not([type=radio]), button, a, summary)')]
    .filter(e => e.getClientRects().length)
    .map(e => [e.tagName + '.' + (e.className || e.id) + ' ' + e.textContent.slice(0, 20),
               e.getBoundingClientRect().height])"""


def test_on_a_touch_tablet_the_new_game_forms_controls_take_a_finger(browser, site, site_under_subpath):
    """Play-test 7 #13: at 768x1024 with touch the form's selects were ~27 px tall and its "Rules" link
    64x29 px: under the usual 44 px. Where the pointer is coarse every control is at least 44 px tall."""
    with sized_page(browser, site, site_under_subpath, "tablet") as page:
        page.goto(site.url + "index.html")
        wait_until_ready(page)
        assert page.evaluate("matchMedia('(pointer: coarse)').matches")
        page.locator("#ng-advanced summary").click()                    # the seed's box and button too
        controls = page.evaluate(NG_CONTROLS)
        kinds = {what.split(".")[0] for what, _h in controls}
        assert {"SELECT", "INPUT", "BUTTON", "A", "SUMMARY"} <= kinds, kinds
        small = [(what, round(h)) for what, h in controls if h < 44]
        assert not small, small
        no_sideways_scroll(page, "the new-game screen on a tablet")


def test_settings_close_on_escape_and_a_click_outside(browser, site, site_under_subpath):
    with sized_page(browser, site, site_under_subpath, "desktop", tally=True) as page:
        page.goto(site.url + "index.html")
        wait_until_ready(page)
        settings = page.locator("#shell-settings")
        page.locator("#shell-settings summary").click()
        assert settings.get_attribute("open") is not None
        page.locator("#ng-title").click()                                # a click outside
        assert settings.get_attribute("open") is None
        page.locator("#shell-settings summary").click()
        page.locator("#ng-count").focus()                                # focus outside, then Escape
        page.keyboard.press("Escape")
        assert settings.get_attribute("open") is None
        # The setting "confirm my moves" is there, on by default, and remembered when turned off.
        page.locator("#shell-settings summary").click()
        box = page.locator("#shell-confirm-setting")
        assert box.is_checked()
        box.uncheck()
        assert json.loads(page.evaluate(f"localStorage.getItem('{PREFIX}settings')"))["confirm"] == "off"


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_confirm_my_moves_take_back_and_undo_across_a_bot_move(browser, site, site_under_subpath, size, axe):
    with sized_page(browser, site, site_under_subpath, size, tally=True) as page:
        page.goto(site.url + "index.html?seats=human,easy&seed=11")
        wait_until_ready(page)
        page.locator("[data-action^='play']").first.click()           # the turn goes on: nothing asked
        assert page.locator("#shell-confirm").is_hidden() and moves(page) == 1
        page.locator("[data-action='end']").click()                    # ends the turn: shown, waits
        bar = page.locator("#shell-confirm")
        page.wait_for_function("document.body.dataset.confirm === 'applied'")
        assert bar.is_visible() and moves(page) == 2
        for button in ("#shell-confirm-ok", "#shell-confirm-back"):      # in view, wherever the board is
            box = page.locator(button).bounding_box()
            assert box["y"] >= 0 and box["y"] + box["height"] <= SIZES[size]["viewport"]["height"]
            assert box["height"] >= 24
        assert axe(page) == []
        page.wait_for_timeout(300)
        assert moves(page) == 2 and len(stored(page)["actions"]) == 2    # the bot waited
        page.locator("#shell-confirm-back").click()                     # Take back
        page.wait_for_function("!document.body.dataset.confirm")
        assert moves(page) == 1 and page.locator("[data-action='end']").is_visible()
        page.locator("[data-action='end']").click()
        page.wait_for_function("document.body.dataset.confirm === 'applied'")
        page.locator("#shell-confirm-ok").click()                       # Confirm: now the bot answers
        page.wait_for_function("Number(document.body.dataset.moves) >= 5 && document.querySelector('[data-action]')")
        movers = stored(page)["actions"]
        assert len(movers) == 5
        # Take back across the bot's turn (it revealed nothing): back to my first step.
        assert page.locator("#shell-undo").is_enabled()
        page.locator("#shell-undo").click()
        page.wait_for_function("Number(document.body.dataset.moves) === 1")
        no_sideways_scroll(page, f"Tally at {size}")
        # The Share menu: this setup (a link, "copied" or "selected") and this game so far (a file).
        page.locator("#shell-share summary").click()
        page.locator("#shell-share-setup").click()
        assert "seats=human,easy&seed=11" in page.locator("#shell-share-link").input_value()
        page.wait_for_function("document.getElementById('shell-share-said').textContent !== ''")
        assert page.locator("#shell-share-said").inner_text() in ("Copied.", "Selected: press Ctrl+C (⌘C) to copy.")
        with page.expect_download() as download:
            page.locator("#shell-share-game").click()
        assert json.loads(Path(download.value.path()).read_text())["actions"] == stored(page)["actions"]
        assert "Import" in page.locator("#shell-share-said").inner_text()
        no_sideways_scroll(page, f"the Share menu at {size}")
        page.keyboard.press("Escape")
        assert page.locator("#shell-share").get_attribute("open") is None


def test_a_draw_is_held_until_confirmed_and_welcome_back_goes_once_play_resumes(browser, site, site_under_subpath):
    """The reload here once aborted the tab icon's request (static/icons/icon.svg), which the page guard
    counts as a failed request: the icon and the lobby's picture are now drawn in the page (no request)."""
    with sized_page(browser, site, site_under_subpath, "desktop", tally=True) as page:
        pictures = []
        page.on("request", lambda r: "/static/icons/" in r.url and pictures.append(r.url))
        page.goto(site.url + "index.html?seats=human,easy&seed=11")
        wait_until_ready(page)
        hand = page.locator("[data-hand-of='0']").inner_text()
        page.locator("[data-action='draw']").click()                   # would reveal a card: held
        page.wait_for_function("document.body.dataset.confirm === 'held'")
        assert "cannot be taken back" in page.locator("#shell-confirm-text").inner_text()
        assert moves(page) == 0 and page.locator("[data-hand-of='0']").inner_text() == hand
        page.locator("#shell-confirm-back").click()
        page.wait_for_function("!document.body.dataset.confirm")
        assert moves(page) == 0
        page.locator("#shell-sound").click()                          # sounds on (Web Audio, no files)
        assert page.locator("#shell-sound").get_attribute("aria-pressed") == "true"
        page.locator("[data-action^='play']").first.click()
        page.wait_for_function("document.body.dataset.sound === 'move'")
        page.reload()
        wait_until_ready(page)
        assert page.locator("#shell-sound").get_attribute("aria-pressed") == "true"   # remembered
        notice = page.locator('.shell-notice[data-kind="info"]')
        assert "Welcome back" in notice.inner_text()
        page.locator("#shell-settings summary").click()                 # a notice follows the language
        page.select_option("#shell-lang", "es")                         # (its texts are fetched first)
        page.wait_for_function("document.documentElement.lang === 'es'")
        assert "Hola de nuevo" in notice.inner_text()
        assert notice.get_by_role("button", name="Abandonar esta partida").count() == 1
        page.locator("#shell-settings summary").click()
        page.locator("[data-action^='play']").first.click()            # play goes on: the notice is stale
        page.wait_for_function("Number(document.body.dataset.moves) === 2")
        assert notice.count() == 0
        assert pictures == []                                            # nothing a reload could abort


def test_a_move_held_for_confirm_is_held_again_after_a_reload(browser, site, site_under_subpath):
    """Play-test 6 #8: a reload dropped the move that waited for Confirm without a word; it is kept
    beside the save and held again (nothing revealed, the bot still waits), then confirmed once."""
    with sized_page(browser, site, site_under_subpath, "desktop", tally=True) as page:
        page.goto(site.url + "index.html?seats=human,easy&seed=11")
        wait_until_ready(page)
        hand = page.locator("[data-hand-of='0']").inner_text()
        page.locator("[data-action='draw']").click()                   # would reveal a card: held
        page.wait_for_function("document.body.dataset.confirm === 'held'")
        page.reload()
        wait_until_ready(page)
        page.wait_for_function("document.body.dataset.confirm === 'held'")
        assert "cannot be taken back" in page.locator("#shell-confirm-text").inner_text()
        assert moves(page) == 0 and page.locator("[data-hand-of='0']").inner_text() == hand
        page.locator("#shell-confirm-ok").click()
        page.wait_for_function("Number(document.body.dataset.moves) >= 1 && !document.body.dataset.confirm")
        page.reload()                                                    # confirmed: nothing held again
        wait_until_ready(page)
        assert page.evaluate("document.body.dataset.confirm || ''") == ""


def test_the_eclipsis_discard_on_a_phone_has_its_cards_and_button_in_view(browser, site, site_under_subpath):
    """Issue 17: asked to discard at an Eclipsis on a 390x844 touch phone, the hand and the Discard
    button are on screen (the hand comes up under the prompt), and stay there once cards are picked."""
    with sized_page(browser, site, site_under_subpath, "phone") as page:
        ptolemaeus_at(page, site, "eclipsis", "eclipsis-phone")
        height = SIZES["phone"]["viewport"]["height"]

        def in_view(selector: str) -> None:
            for box in page.evaluate(f"""() => [...document.querySelectorAll({json.dumps(selector)})].map(e => {{
                    const r = e.getBoundingClientRect(); return [r.top, r.bottom, r.left, r.right]; }})"""):
                top, bottom, left, right = box
                assert top >= 0 and bottom <= height and left >= 0 and right <= 390, (selector, box)

        in_view('.pt-hand [data-act="hand"]')
        in_view('.pt-prompt [data-act="confirm"]')
        page.locator('.pt-hand [data-act="hand"][data-arg="0"]').tap()
        page.locator('.pt-hand [data-act="hand"][data-arg="1"]').tap()
        in_view('.pt-hand [data-act="hand"]')
        in_view('.pt-prompt [data-act="confirm"]')
        assert page.locator('.pt-prompt [data-act="confirm"]').is_enabled()
        no_sideways_scroll(page, "the Eclipsis on a phone")
        sizes = page.evaluate("""() => [...document.querySelectorAll('.pt-board [data-token] .glyph')].map(e => {
            const r = e.getBoundingClientRect(); return Math.min(r.width, r.height); })""")
        assert sizes and min(sizes) >= 14, sizes                          # tokens were 9-10 px on a phone
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / "evening-eclipsis-phone.png"))


def test_ptolemaeus_a_draw_that_ends_the_turn_waits_for_confirm(browser, site, site_under_subpath):
    """Issue 17 in the real game: with "confirm my moves" on (the default), the second card of a draw
    ends the turn and reveals a card, so it is held (nothing drawn, the bot waits) until Confirm."""
    from test_play import HUMAN_TO_PLAY

    with sized_page(browser, site, site_under_subpath, "desktop") as page:
        page.add_init_script("window.ptolemaeusTestEnable = true;")
        page.goto(site.url + "index.html")
        wait_until_ready(page)
        page.locator('.lobby-game[data-game="ptolemaeus"] .lobby-play').click()
        page.wait_for_function(HUMAN_TO_PLAY, timeout=60_000)
        page.evaluate("window.ptolemaeusTest.speed(0)")
        page.locator('.pt [data-act="deck"]').first.click()           # the first card: the turn goes on
        page.wait_for_function(HUMAN_TO_PLAY, timeout=60_000)
        assert page.locator("#shell-confirm").is_hidden()
        n = moves(page)
        hand = page.locator(".pt-hand").inner_text()
        page.locator('.pt [data-act="deck"]').first.click()           # the second: ends the turn, reveals
        page.wait_for_function("document.body.dataset.confirm === 'held'")
        assert moves(page) == n and page.locator(".pt-hand").inner_text() == hand
        page.locator("#shell-confirm-ok").click()
        page.wait_for_function(f"Number(document.body.dataset.moves) > {n + 1}", timeout=60_000)  # the bot answered
        assert stored(page)["actions"][n]["kind"] == "draw_deck"                   # the confirmed draw


def _finished_tally(seed: int) -> str:
    """A Tally game (You against Mars) played to its end with random legal moves, as stored."""
    import random
    import sys

    sys.path.insert(0, str(ROOT / "tests"))
    from shellgame import TALLY

    from app.session import Session, default_seats

    spec = TALLY.load()
    session = Session.start(spec, {"players": 2, "seed": seed}, default_seats(spec, ["human", "easy"]))
    rng = random.Random(seed)
    while not session.over:
        session.apply(rng.choice(spec.legal_actions(session.state)))
    return session.to_json()


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_finished_games_are_listed_with_their_result_until_removed(browser, site, site_under_subpath, size, axe):
    """Issue 17: a finished game stays in the finished-games list with its result (winner, scores, the
    player's place, date) until the player deletes it, its result with it; a tampered result is
    refused like a tampered save (kept aside, told), and the other games still list."""
    games = {json.loads(text)["id"]: text for text in (_finished_tally(3), _finished_tally(4))}
    first, second = list(games)
    seed_storage = "\n".join(f"localStorage.setItem({json.dumps(PREFIX + 'game.' + gid)}, {json.dumps(text)});"
                             for gid, text in games.items())
    with sized_page(browser, site, site_under_subpath, size, tally=True) as page:
        page.add_init_script(f"""if (!sessionStorage.getItem("seeded")) {{ sessionStorage.setItem("seeded", "1");
            {seed_storage}
            localStorage.setItem("{PREFIX}current", {json.dumps(first)});
            localStorage.setItem("{PREFIX}result.{second}", '{{"format": "ludus-result", "scores": [true]}}'); }}""")
        page.goto(site.url + "index.html")
        wait_until_ready(page)                                   # the finished game on screen: its result stored
        page.wait_for_function(f"localStorage.getItem('{PREFIX}result.{first}') !== null")
        stored_result = json.loads(page.evaluate(f"localStorage.getItem('{PREFIX}result.{first}')"))
        session = json.loads(games[first])
        assert stored_result["game_id"] == first and stored_result["finished"] == session["updated"]
        page.locator("#shell-new").click()
        page.wait_for_function("document.body.dataset.screen === 'newgame'")
        item = page.locator(f'.ng-history li.ng-saved-game[data-id="{first}"]')
        assert item.get_attribute("data-result") == "1"
        text = item.locator(".ng-saved-text").inner_text()
        you, bot = stored_result["scores"]
        name = session["seats"][1]["name"]
        assert f"You {you:g}, {name} {bot:g}" in text and session["updated"][:10] in text
        assert {(0,): "You won", (1,): f"{name} won · your place: 2 of 2", (0, 1): "Shared win"}[
            tuple(stored_result["winners"])] in text
        # The tampered result: refused, kept aside byte for byte and told; its game still lists.
        other = page.locator(f'.ng-history li.ng-saved-game[data-id="{second}"]')
        assert other.count() == 1 and other.get_attribute("data-result") is None
        assert page.locator(".ng-bad li.ng-bad-save").count() == 1
        assert page.evaluate(f"localStorage.getItem('{PREFIX}result.{second}')") is None
        told = page.locator('.shell-notice[data-kind="error"]').inner_text()
        assert "could not be read" in told and page.locator(".ng-bad li.ng-bad-save").get_attribute("data-key") in told
        no_sideways_scroll(page, f"the finished games at {size}")
        assert axe(page) == []
        # Kept over a reload, and in another language.
        page.reload()
        wait_until_ready(page)
        page.locator("#shell-new").click() if page.locator("#shell-new").is_visible() else None
        page.wait_for_function("document.body.dataset.screen === 'newgame'")
        page.locator("#shell-settings summary").click()
        page.select_option("#shell-lang", "de")
        page.wait_for_function("document.documentElement.lang === 'de'")
        page.locator("#shell-settings summary").click()
        item = page.locator(f'.ng-history li.ng-saved-game[data-id="{first}"]')
        assert f"Du {you:g}, {name} {bot:g}" in item.locator(".ng-saved-text").inner_text()
        # Deleted by the player: the game and its result go.
        item.locator(".ng-delete").click()
        item.locator(".ng-confirm").click()
        page.wait_for_function(f"!document.querySelector('li.ng-saved-game[data-id=\"{first}\"]')")
        assert page.evaluate(f"[localStorage.getItem('{PREFIX}game.{first}'), "
                             f"localStorage.getItem('{PREFIX}result.{first}')]") == [None, None]


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_a_point_appears_where_it_was_earned_and_at_the_score(browser, site, site_under_subpath, size, axe, report):
    """Issue 17 in Ptolemaeus: the compulsory study (R5, the player chooses the planet) earns its
    points as a "+N" with a highlight on the constellation studied (boardui.marks) and at the seat's
    score, said in the live region and in the constellation's label; in view on a phone too."""
    from test_play import replay

    with sized_page(browser, site, site_under_subpath, size) as page:
        game, seed, actions, info = ptolemaeus_at(page, site, "study", "study-points")
        state = replay(seed, actions)
        at = info["pending"]["at"]
        planet = state.legal_actions()[-1]
        before = state.view(0)["seats"][0]["score"]["total"]
        state.apply(planet)
        gained = state.view(0)["seats"][0]["score"]["total"] - before
        assert gained > 0
        game.click(f'[data-planet="{pt_planet(planet)}"][data-act="planet"]')
        mark = page.locator(f'svg.pt-board .bu-mark[data-spot="const:{at}"][data-seat="0"]')
        mark.wait_for(state="attached", timeout=30_000)
        assert mark.locator("text").text_content() == f"+{mark.get_attribute('data-points')}"
        assert int(mark.get_attribute("data-points")) >= 1
        page.wait_for_timeout(1500)                                      # popped in, then stays
        box = mark.bounding_box()
        board = page.locator("svg.pt-board").bounding_box()
        assert box["width"] >= 16 and board["x"] <= box["x"] and box["x"] + box["width"] <= board["x"] + board["width"]
        opacity = float(page.evaluate("""(spot) => getComputedStyle(document.querySelector(
            `.bu-mark[data-spot="${spot}"] .bu-mark-body`)).opacity""", f"const:{at}"))
        assert opacity > 0.8
        assert page.locator('[data-score="0"] .bu-gain').count() == 1
        label = page.locator(f'svg.pt-board [data-constellation="{at}"]').get_attribute("aria-label")
        assert "points earned here" in label and "for studying" in label
        assert f"in {at} for studying" in page.locator(".pt-announce").inner_text()
        no_sideways_scroll(page, f"a point's mark at {size}")
        assert axe(page) == []
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"evening-point-{size}.png"))
        report(f"issue 17 '+N' at {size}: +{mark.get_attribute('data-points')} on {at}, {round(box['width'])} px wide")


def pt_planet(action) -> str:
    import ptolemaeus as pt

    return pt.PLANETS[action.planet]


def test_a_bots_turn_recapped_is_one_line_without_a_stray_separator(guarded_page, site, ready):
    """Play-test 3: the status line's recap of the bots' turns wrapped and began with "· ". Play-test 4:
    on a wide screen a long recap pushed the scores to a line of their own and the board down; it is
    now one line beside whose turn it is, cut with "…", its whole text in its title. On a narrow
    screen it is a line of its own under the round and turn."""
    page = guarded_page
    page.add_init_script("""localStorage.setItem("ludus.settings",
        JSON.stringify({bot_speed: "instant", lang: "en", confirm: "off"}));""")
    page.goto(site.url + "index.html?game=ptolemaeus&seats=bot,bot,human&seed=3&start=1969-07-20T20:17Z")
    ready(page)
    recap = page.locator(".pt-status .pt-recap")
    recap.wait_for()
    before = page.evaluate("getComputedStyle(document.querySelector('.pt-status .pt-recap'), '::before').content")
    assert before in ("none", "normal"), before
    text = page.evaluate("document.querySelector('.pt-status .pt-recap').textContent")
    assert recap.get_attribute("title") == text and text.count(". ") >= 1 and ". · " not in text  # play-test 6 #9
    who = page.locator(".pt-status .pt-who").bounding_box()
    box = recap.bounding_box()
    assert abs(box["y"] + box["height"] / 2 - (who["y"] + who["height"] / 2)) < who["height"]   # beside it
    assert box["height"] < 2 * who["height"]                                                     # one line
    top = page.locator(".pt-top").bounding_box()
    score = page.locator(".pt-scoreboard").bounding_box()
    assert score["y"] < box["y"] + box["height"]                         # the scores on the same row
    page.evaluate("""() => { const r = document.querySelector('.pt-status .pt-recap');
        r.textContent = r.textContent.repeat(6); }""")                  # a longer recap still: no higher
    assert page.locator(".pt-top").bounding_box()["height"] == top["height"]
    page.set_viewport_size({"width": 390, "height": 844})
    who = page.locator(".pt-status .pt-who").bounding_box()
    assert recap.bounding_box()["y"] >= who["y"] + who["height"] - 1      # under the round and turn


def test_solitaire_says_its_goal_in_the_top_line_and_whose_turn_stays_whole(guarded_page, site, ready):
    """Play-test 5 at 1280x800: solitaire's goal (R18) was said only by the end screen; it is in the
    top line, with the Comet's clock, on the scores' row. And "Your turn" read "Your t…" beside a long
    recap: the recap (no size of its own) gives way first, whose turn it is is never cut while it has room."""
    page = guarded_page
    page.set_viewport_size({"width": 1280, "height": 800})
    page.add_init_script("""window.ptolemaeusTestEnable = true; localStorage.setItem("ludus.settings",
        JSON.stringify({bot_speed: "instant", lang: "en", confirm: "off"}));""")
    page.goto(site.url + "index.html?game=ptolemaeus&seats=human&seed=3&start=1969-07-20T20:17Z")
    ready(page)
    goal = page.locator(".pt-top .pt-scoreboard .pt-goal")
    assert goal.inner_text().split("\n") == ["To win: 12 points before the Comet comes round", "Comet 0/12"]
    page.evaluate("window.ptolemaeusTest.speed(0); window.ptolemaeusTest.autoplay('greedy')")
    page.wait_for_function("""() => { const i = JSON.parse(window.ptolemaeusTest.info());
        return i.round >= 2 && !i.animating; }""", timeout=120_000)
    page.evaluate("window.ptolemaeusTest.autoplay('')")
    page.wait_for_function("""() => { const i = JSON.parse(window.ptolemaeusTest.info());
        return i.current_player === 0 && !i.animating && i.legal.length > 0; }""", timeout=60_000)
    steps = int(goal.get_attribute("data-goal"))
    assert steps > 0 and goal.inner_text().endswith(f"\nComet {steps}/12")
    recap = page.locator(".pt-status .pt-recap")
    recap.wait_for()
    page.evaluate("""() => { const r = document.querySelector('.pt-status .pt-recap');
        r.textContent = r.textContent.repeat(6); }""")                  # a long recap
    who = page.locator(".pt-status .pt-who")
    assert who.inner_text() == "Your turn"
    shown, needed = page.evaluate("""() => { const w = document.querySelector('.pt-status .pt-who');
        const r = document.createRange(); r.selectNodeContents(w);
        return [w.getBoundingClientRect().width, r.getBoundingClientRect().width]; }""")
    assert shown >= needed - 0.01, (shown, needed)                       # not cut to "Your t…"
    box, mine = who.bounding_box(), goal.bounding_box()
    assert mine["y"] < box["y"] + box["height"] and mine["x"] + mine["width"] <= 1280      # its row, in view
    assert mine["height"] < 3 * box["height"]                                               # two short lines


def test_whose_turn_is_not_cut_beside_four_seats_scores(guarded_page, site, ready):
    """Play-test 5 at 1280x800: four seats' scores left the status ~270 px, "Tu jugada espera tu
    confirmaci…" / "Your move w…": the status keeps the room for the round and a long heading, the
    scores wrap instead (set in place as the play-test saw them: hot-seat names, a move waiting)."""
    page = guarded_page
    page.set_viewport_size({"width": 1280, "height": 800})
    page.add_init_script("""localStorage.setItem("ludus.settings", JSON.stringify({bot_speed: "instant", lang: "es"}));""")
    page.goto(site.url + "index.html?seats=human,bot,bot,bot&seed=4")
    ready(page)
    page.evaluate("""() => { document.querySelector('.pt-status .pt-who').textContent = 'Tu jugada espera tu confirmación';
        document.querySelectorAll('.pt-score-name').forEach((e, i) => { e.textContent = 'Jugador ' + (i + 1); }); }""")
    cut = page.evaluate("() => { const e = document.querySelector('.pt-status .pt-who'); return e.scrollWidth - e.clientWidth; }")
    assert cut <= 1
    right, scores = page.evaluate("""() => [document.querySelector('.pt-status').getBoundingClientRect().right,
        document.querySelector('.pt-scores').getBoundingClientRect().left]""")
    assert right <= scores + 1


def test_on_a_phone_the_header_is_one_row_and_every_control_is_reached(browser, site, site_under_subpath):
    """Play-test 5: on a 390x844 phone the header's nine buttons took three rows (~230 px) and put the
    board below the first view. One row now, the buttons in a strip that scrolls sideways; each is
    reached (scrolled into view) and Settings' panel opens inside the window, not clipped by the strip."""
    with sized_page(browser, site, site_under_subpath, "phone") as page:
        page.goto(site.url + "index.html?seats=human,bot&seed=3")
        wait_until_ready(page)
        header = page.locator(".shell-header").bounding_box()
        assert header["height"] <= 70, header
        no_sideways_scroll(page, "the game on a phone")
        header_controls_in_reach(page)
        page.locator("#shell-settings summary").click()
        panel = page.locator(".shell-settings-body").bounding_box()
        assert panel["x"] >= 0 and panel["x"] + panel["width"] <= 390 and panel["height"] > 50, panel
        assert page.evaluate("""() => { const r = document.querySelector('#shell-lang').getBoundingClientRect();
            return document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2).id === 'shell-lang'; }""")
        board = page.locator(".pt-board").bounding_box()
        assert board["y"] < 844 - 200, board                 # the board begins well inside the first view

    # Another screen shows the strip from its start: scrolled to Settings in the (Italian) lobby, it
    # stayed so in the game, its first button (Undo) cut in half (play-test 6 #4).
    strip = "document.querySelector('.shell-controls').scrollLeft"
    with sized_page(browser, site, site_under_subpath, "phone") as page:
        page.goto(site.url + "index.html?lang=it")
        wait_until_ready(page)
        page.locator("#shell-settings summary").click()
        page.locator("#shell-settings summary").click()      # closed again
        assert page.evaluate(strip) > 0
        page.locator(".lobby-game .lobby-play").first.click()
        page.wait_for_function("document.body.dataset.screen === 'game'")
        assert page.evaluate(strip) == 0
        header_controls_in_reach(page)


# The opacity of the header strip's fade at its start and its end (::before, ::after).
STRIP_FADES = """() => { const nav = document.querySelector('.shell-controls');
    return [getComputedStyle(nav, '::before').opacity, getComputedStyle(nav, '::after').opacity].map(Number); }"""


def test_on_a_phone_the_header_strip_shows_that_it_scrolls(browser, site, site_under_subpath):
    """Play-test 7 #8: at 390x844 the strip of header buttons scrolls sideways, cut off ("Setti…") with
    no sign of it. A fade shows at each end that hides more buttons, kept as it scrolls; the buttons
    stay in reach and Settings' panel is not hidden by it."""
    with sized_page(browser, site, site_under_subpath, "phone") as page:
        page.goto(site.url + "index.html")
        wait_until_ready(page)
        assert page.evaluate("(() => { const n = document.querySelector('.shell-controls');"
                             " return n.scrollWidth > n.clientWidth + 20; })()")
        assert page.evaluate(STRIP_FADES) == [0, 1]                      # more at the end only
        last = page.locator("#shell-settings summary")
        last.scroll_into_view_if_needed()
        page.wait_for_function("document.querySelector('.shell-controls').dataset.more === 'start'")
        assert page.evaluate(STRIP_FADES) == [1, 0]
        # The fade lies over the strip's edge, not over the button scrolled into view.
        box = last.bounding_box()
        assert page.evaluate("([x, y]) => document.elementFromPoint(x, y).closest('summary') !== null",
                             [box["x"] + box["width"] - 3, box["y"] + box["height"] / 2])
        last.click()
        panel = page.locator(".shell-settings-body").bounding_box()
        assert panel["height"] > 50
        assert page.evaluate("""() => { const r = document.querySelector('#shell-lang').getBoundingClientRect();
            return document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2).id === 'shell-lang'; }""")
        last.click()
        page.evaluate("(n => { n.scrollLeft = (n.scrollWidth - n.clientWidth) / 2; })"
                      "(document.querySelector('.shell-controls'))")                 # half way: both ends
        page.wait_for_function("document.querySelector('.shell-controls').dataset.more === 'start end'")
        assert page.evaluate(STRIP_FADES) == [1, 1]
        page.locator(".lobby-game .lobby-play").first.click()              # another screen: from the start
        page.wait_for_function("document.body.dataset.screen === 'game'")
        page.wait_for_function("document.querySelector('.shell-controls').dataset.more === 'end'")
        header_controls_in_reach(page)
    with sized_page(browser, site, site_under_subpath, "desktop") as page:  # room for every button: no fade
        page.goto(site.url + "index.html")
        wait_until_ready(page)
        assert page.evaluate("""() => { const nav = document.querySelector('.shell-controls');
            return [nav.dataset.more, getComputedStyle(nav, '::after').content]; }""") == ["", "none"]


def test_on_a_phone_a_tapped_constellation_stays_under_the_finger(browser, site, site_under_subpath):
    """Play-test 6 #5: at 390x844 a tap on a glowing constellation opened its choice in the prompt
    above the board, which grew and pushed the wheel ~150 px down: the constellation went from under
    the finger. The page scrolls by what grew above it: the tapped constellation stays where it was
    (within a few px), and the choice it opened is in view above it."""
    with sized_page(browser, site, site_under_subpath, "phone") as page:
        page.add_init_script("window.ptolemaeusTestEnable = true;")
        page.goto(site.url + "index.html?date=1969-07-20T20:17Z&seats=human,bot&seed=1")
        wait_until_ready(page)
        page.evaluate("window.ptolemaeusTest.speed(0)")
        glowing = page.locator('.pt-board [data-act="const"]')
        glowing.first.wait_for()
        names = [glowing.nth(i).get_attribute("data-arg") for i in range(glowing.count())]
        moved = []
        for name in names:
            target = page.locator(f'.pt-board [data-constellation="{name}"]')
            target.scroll_into_view_if_needed()
            prompt = page.locator(".pt-prompt").bounding_box()["height"]
            before = target.bounding_box()["y"]
            target.tap()
            grown = page.locator(".pt-prompt").bounding_box()["height"] - prompt
            after = target.bounding_box()["y"]
            if grown > 40:                                   # a choice opened above the board
                moved.append((name, grown, after - before))
                choice = page.locator('.pt-prompt .choice[data-act]').first.bounding_box()
                assert 0 <= choice["y"] and choice["y"] + choice["height"] <= after + 1, (name, choice, after)
            assert abs(after - before) <= 3, (name, before, after, grown)
            cancel = page.locator('.pt-prompt [data-act="cancel"]')
            if cancel.count():
                cancel.tap()
        assert moved, names                                  # the case the play-test met was met here


# Every control of the shell's header and Confirm bar on show (not those of a closed menu): [what, width, height].
SHELL_CONTROLS = """() => [...document.querySelectorAll(
        '.shell-header :is(button, summary, a, select), .shell-confirm button')]
    .filter(e => e.checkVisibility())
    .map(e => { const r = e.getBoundingClientRect();
        return [e.tagName + '#' + (e.id || e.textContent.slice(0, 20)), r.width, r.height]; })"""


@pytest.mark.parametrize("size", ["phone", "landscape", "desktop"])
def test_the_shells_header_and_confirm_bar_take_a_finger(browser, site, site_under_subpath, size):
    """Play-test s26: on a touch phone the header's buttons and menus were ~34 px tall and the Confirm bar's
    Confirm / Take back 40 px. Where the pointer is coarse each is at least 44x44 px (the Settings panel's
    choices 44 px tall), the header one row on a phone on its side; a mouse keeps the compact header."""
    with sized_page(browser, site, site_under_subpath, size, tally=True) as page:
        page.goto(site.url + "index.html?seats=human,easy&seed=11")
        wait_until_ready(page)
        page.locator("[data-action='draw']").click()                   # held: the Confirm bar is up
        page.wait_for_function("document.body.dataset.confirm === 'held'")
        controls = page.evaluate(SHELL_CONTROLS)
        kinds = {what.split("#")[0] for what, _w, _h in controls}
        assert {"BUTTON", "SUMMARY"} <= kinds and any("shell-confirm-ok" in c[0] for c in controls), controls
        header = page.locator(".shell-header").bounding_box()
        if size == "desktop":
            assert not page.evaluate("matchMedia('(pointer: coarse)').matches")
            assert all(h < 40 for what, _w, h in controls if "shell-confirm" not in what), controls
            return
        small = [(what, round(w), round(h)) for what, w, h in controls if w < 44 or h < 44]
        assert not small, (size, small)
        # The header one row: as tall as one control and its margins, the title beside the strip.
        assert header["height"] <= 72, header
        title = page.locator(".shell-title").bounding_box()
        strip = page.locator(".shell-controls").bounding_box()
        assert title["x"] + title["width"] <= strip["x"] + 1 and strip["y"] + strip["height"] <= header["y"] + header["height"] + 0.5
        page.locator("#shell-settings summary").click()
        labels = page.evaluate("""() => [...document.querySelectorAll('.shell-settings-body label:has(input), .shell-settings-body select')]
            .map(e => e.getBoundingClientRect().height)""")
        assert labels and min(labels) >= 44, labels
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"shell-touch-{size}.png"))
        no_sideways_scroll(page, f"the shell's controls at {size}")
