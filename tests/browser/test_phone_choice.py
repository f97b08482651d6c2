"""A choice opened from the board comes into view (play-test 4, #4), in Chromium: on a 390x844 touch
phone scrolled down to the board, tapping a glowing constellation opened its choice ("Observe …",
Cancel) in the "What now?" panel above the board, off-screen, and nothing visible happened. Now the
panel scrolls into view; at 1366x768, where it is beside the board, the page does not move."""

from __future__ import annotations

import pytest

from conftest import wait_until_ready
from test_first_evening import sized_page

LINK = "index.html?game=ptolemaeus&seats=human&seed=5&start=1969-07-20T20:17Z"
CHOICE = '.pt-prompt [data-act="do"]'
IN_VIEW = """(sel) => { const r = document.querySelector(sel).getBoundingClientRect();
    return r.top >= 0 && r.bottom <= window.innerHeight; }"""


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_a_tapped_constellation_brings_its_choice_into_view(browser, site, site_under_subpath, size):
    with sized_page(browser, site, site_under_subpath, size) as page:
        page.goto(site.url + LINK)
        wait_until_ready(page)
        const = page.locator('.pt-board [data-act="const"]').first
        const.wait_for()
        # Scrolled down: the constellation at the top of the window, the panel above it (on a phone).
        const.evaluate("e => e.scrollIntoView({block: 'start'})")
        page.wait_for_timeout(100)
        before = page.evaluate("window.scrollY")
        if size == "phone":
            assert before > 0 and not page.evaluate(IN_VIEW, ".pt-prompt")
            const.tap()
        else:
            const.click()
        page.locator(CHOICE).wait_for()
        page.wait_for_timeout(200)
        assert page.evaluate("document.activeElement.closest('.pt-prompt') !== null")   # the choice has the focus
        assert page.evaluate(IN_VIEW, CHOICE), "the choice opened is off-screen"
        if size == "desktop":
            assert page.evaluate("window.scrollY") == before          # it was in view: no jump
