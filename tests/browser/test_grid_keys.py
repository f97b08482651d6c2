"""boardui's grid keyboard in Chromium: an 11 x 7 grid with empty positions (the size of
Pompeii's board), drawn by tests/boardui_gridpage.py with boardui (served in place of
py/app/main.py). The focus follows exactly what boardui.nav.Grid computes under CPython, the
grid is one tab stop that remembers its cell, Enter/Space/click act on a cell."""

from __future__ import annotations

import random
import re
from pathlib import Path

from boardui.nav import Grid

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "tests" / "boardui_gridpage.py"
ROWS, COLS = 7, 11
HOLES = {(0, 3), (2, 5), (2, 6), (4, 4), (5, 0), (6, 10)}
MODEL = Grid([(f"{r}-{c}", r, c) for r in range(ROWS) for c in range(COLS) if (r, c) not in HOLES])


def open_grid(page, site, ready):
    page.route(re.compile(r".*/py/app/main\.py$"), lambda route: route.fulfill(
        status=200, content_type="text/x-python", body=PAGE.read_text()))
    page.goto(site.url + "index.html")
    ready(page)


def focused(page) -> str | None:
    return page.evaluate("document.activeElement && document.activeElement.dataset.cell || null")


def stops(page) -> list[str]:
    return page.evaluate("""[...document.querySelectorAll('[data-cell][tabindex="0"]')]
                            .map(e => e.dataset.cell)""")


def test_the_arrow_keys_move_as_the_pure_grid_says(guarded_page, site, ready):
    page = guarded_page
    open_grid(page, site, ready)
    page.focus("#before")
    page.keyboard.press("Tab")                         # the grid is one tab stop: its first cell
    assert focused(page) == "0-0" and stops(page) == ["0-0"]
    steps = [("ArrowRight", "0-1"), ("ArrowRight", "0-2"), ("ArrowRight", "0-4"),   # over the hole at 0-3
             ("ArrowDown", "1-4"), ("ArrowDown", "2-4"), ("ArrowDown", "3-4"), ("ArrowDown", "5-4"),
             ("End", "5-10"), ("Home", "5-1"), ("ArrowLeft", "4-10"), ("ArrowRight", "5-1"),
             ("Control+End", "6-9"), ("Control+Home", "0-0"), ("ArrowUp", "0-0"), ("ArrowLeft", "0-0"),
             ("PageDown", "6-0"), ("PageUp", "0-0")]
    here = "0-0"
    for key, want in steps:
        page.keyboard.press(key)
        assert MODEL.move(here, key.split("+")[-1], ctrl=key.startswith("Control")) == want
        here = want
        assert focused(page) == want, key
        assert stops(page) == [want]                   # the roving tabindex follows

    rng = random.Random(7)
    keys = ["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Home", "End", "PageUp", "PageDown"]
    for _ in range(60):
        key = rng.choice(keys)
        page.keyboard.press(key)
        here = MODEL.move(here, key)
        assert focused(page) == here, key


def test_the_grid_is_one_tab_stop_that_remembers_its_cell_and_enter_space_click_act(guarded_page, site, ready):
    page = guarded_page
    open_grid(page, site, ready)
    page.focus("#before")
    page.keyboard.press("Tab")
    for key in ("ArrowDown", "ArrowDown", "ArrowRight"):
        page.keyboard.press(key)
    assert focused(page) == "2-1"
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "after"      # one tab stop: out of the grid
    page.keyboard.press("Shift+Tab")
    assert focused(page) == "2-1"                                       # back where it was
    page.keyboard.press("Enter")
    page.wait_for_function("document.body.dataset.acted === '2-1'")
    page.keyboard.press("ArrowRight")
    page.keyboard.press(" ")
    page.wait_for_function("document.body.dataset.acted === '2-1,2-2'")
    assert page.evaluate("window.scrollY") == 0                         # Space did not scroll the page
    assert focused(page) == "2-2" and stops(page) == ["2-2"]           # the redraw kept the focus
    assert page.locator('[data-cell="2-1"]').get_attribute("aria-selected") == "true"
    page.locator('[data-cell="6-3"]').click()
    page.wait_for_function("document.body.dataset.acted === '2-1,2-2,6-3'")
    assert stops(page) == ["6-3"]                                      # a click moves the tab stop too
    page.keyboard.press("ArrowUp")
    assert focused(page) == "5-3"
    page.keyboard.press("Control+ArrowUp")                             # not the grid's: nothing moves
    assert focused(page) == "5-3"
