"""The player's own default font size (play-test s26): the page fixed ``html, body`` at 16 px, so a
player who set a larger default size in the browser got no larger text (only the rem-sized parts grew,
then Ptolemaeus scrolled sideways). In Chromium at 1280x800 with its default font size at 32 px (as a
player sets it, CDP ``Page.setFontSizes``), each game's prompt, move log and panels are twice the size
they are at 16 px, and nothing scrolls sideways."""

from __future__ import annotations

import contextlib

import pytest

from conftest import PageGuard, no_sideways_scroll, wait_until_ready
from test_first_evening import INSTANT, SHOTS

GAMES = {"ptolemaeus": ("index.html?game=ptolemaeus&seats=human,bot&seed=5&start=1969-07-20T20:17Z",
                        {"prompt": ".pt-prompt .prompt", "log": ".pt .log", "panel": ".pt-panel .panel-title",
                         "header": ".shell-controls button"}),
         "pompeii": ("index.html?game=pompeii&seats=human,bot,bot&seed=5",
                     {"prompt": ".pp-prompt .prompt", "log": ".pp-log ol", "panel": ".pp-side > section",
                      "header": ".shell-controls button"})}

# The computed font size in px of the first element each selector finds (None: none found).
SIZES = """(sels) => Object.fromEntries(Object.entries(sels).map(([k, s]) => {
    const e = document.querySelector(s); return [k, e ? parseFloat(getComputedStyle(e).fontSize) : null]; }))"""


@contextlib.contextmanager
def game_at_font(browser, site, link: str, px: int):
    """The game of ``link`` at 1280x800 with Chromium's default font size at ``px``, ready."""
    context = browser.new_context(service_workers="block", viewport={"width": 1280, "height": 800})
    guard = PageGuard({site.origin})
    try:
        page = guard.watch(context.new_page())
        page.add_init_script(INSTANT)
        cdp = context.new_cdp_session(page)
        cdp.send("Page.enable")
        cdp.send("Page.setFontSizes", {"fontSizes": {"standard": px, "fixed": round(px * 13 / 16)}})
        page.goto(site.url + link)
        wait_until_ready(page)
        yield page
        guard.check()
    finally:
        context.close()


@pytest.mark.parametrize("game", GAMES)
def test_the_players_default_font_size_makes_the_games_texts_grow_and_nothing_scrolls_sideways(browser, site, game):
    link, sels = GAMES[game]
    sizes = {}
    for px in (16, 32):
        with game_at_font(browser, site, link, px) as page:
            page.locator(sels["prompt"]).wait_for()
            page.wait_for_timeout(500)
            assert page.evaluate("parseFloat(getComputedStyle(document.documentElement).fontSize)") == px
            sizes[px] = page.evaluate(SIZES, sels)
            SHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SHOTS / f"{game}-font-{px}px.png"))
            no_sideways_scroll(page, f"{game} with the default font size at {px} px")
    for what, small in sizes[16].items():
        assert small and sizes[32][what] and sizes[32][what] >= 1.9 * small, (game, what, sizes)
