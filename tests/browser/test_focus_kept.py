"""Keyboard focus that a control took with it when it went away, in Chromium (play-test 2, N2): the
header's Undo, disabled once nothing is left to undo, left the focus on <body>. Now it lands on the
board's decision."""

from __future__ import annotations

INIT = """
if (!localStorage.getItem("ludus.settings"))
  localStorage.setItem("ludus.settings", JSON.stringify({bot_speed: "instant", lang: "en", confirm: "off"}));
"""
# Where the focus is: null when lost (on <body>), else what the tests look for.
FOCUS = """() => { const e = document.activeElement;
    if (!e || e === document.body || e === document.documentElement) return null;
    const item = e.closest('li.ng-saved-game');
    return {id: e.id, cls: e.getAttribute('class') || '', prompt: e.matches('.pt-prompt .prompt'),
            item: item ? item.dataset.id : null}; }"""


def focus(page) -> dict | None:
    return page.evaluate(FOCUS)


def test_the_focus_goes_to_the_decision_when_the_headers_undo_has_nothing_left(guarded_page, site, ready):
    """Solitaire Ptolemaeus: observe, then Undo by keyboard: the game is back at its start, Undo is
    disabled, and the focus is on the turn's prompt (it was on <body>)."""
    page = guarded_page
    page.add_init_script(INIT)
    page.goto(site.url + "index.html?game=ptolemaeus&seats=human&seed=5&start=1969-07-20T20:17Z")
    ready(page)
    page.click('.pt-board [data-act="const"][data-arg="Aries"]')
    page.click('.pt-prompt [data-act="do"]')                               # "Observe Aries" (the only way)
    page.wait_for_function("Number(document.body.dataset.moves) === 1")
    undo = page.locator("#shell-undo")
    assert undo.is_enabled()
    undo.focus()
    page.keyboard.press("Enter")
    page.wait_for_function("Number(document.body.dataset.moves) === 0 && document.getElementById('shell-undo').disabled")
    page.wait_for_timeout(100)                      # a rendering step: the browser's own focus fix-up
    assert (focus(page) or {}).get("prompt"), focus(page)
