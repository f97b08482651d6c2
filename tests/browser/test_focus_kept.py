"""Keyboard focus that a control took with it when it went away, in Chromium (play-test 2, N2): the
header's Undo, disabled once nothing is left to undo, and a saved game deleted from the new-game
screen's list left the focus on <body>. Now it lands on the board's decision, on the item in the
deleted one's place (or the one before it), or on the screen's heading."""

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


def start_from_lobby(page, key: str) -> None:
    """The lobby's "Play now" for ``key`` (a new game, saved at once), then back to the new-game screen."""
    page.click(f'.lobby-game[data-game="{key}"] .lobby-play')
    page.wait_for_function("document.body.dataset.screen === 'game'")
    page.click("#shell-new")
    page.wait_for_function("document.body.dataset.screen === 'newgame'")


def delete(page, game_id: str, confirm: bool = True) -> None:
    item = page.locator(f'li.ng-saved-game[data-id="{game_id}"]')
    item.locator(".ng-delete").focus()
    page.keyboard.press("Enter")
    # The question comes once the game's lock has been asked for and given back (GameTab.may_change).
    item.locator(".ng-confirm:focus").wait_for()
    page.keyboard.press("Enter" if confirm else "Tab")          # the question's "Delete" has the focus
    if not confirm:
        assert "ng-keep" in focus(page)["cls"]
        page.keyboard.press("Enter")                            # "Keep"
        return
    page.wait_for_selector(f'li.ng-saved-game[data-id="{game_id}"]', state="detached")


def test_the_focus_stays_in_the_saved_games_list_after_a_delete(guarded_page, site, ready):
    """Three saved games (newest first): deleting the middle one focuses the Delete of the one now in
    its place; the last one, the one before it; "Keep", the item's own Delete; the only one left,
    the screen's heading."""
    page = guarded_page
    page.add_init_script(INIT)
    page.goto(site.url + "index.html")
    ready(page)
    for key in ("pompeii", "ptolemaeus", "pompeii"):
        start_from_lobby(page, key)
    third, second, first = page.locator("li.ng-saved-game").evaluate_all("items => items.map(i => i.dataset.id)")
    delete(page, second)
    assert focus(page) == {"id": "", "cls": "ng-delete", "prompt": False, "item": first}
    delete(page, first)
    assert focus(page)["item"] == third and focus(page)["cls"] == "ng-delete"
    delete(page, third, confirm=False)
    assert focus(page)["item"] == third and focus(page)["cls"] == "ng-delete"
    delete(page, third)
    assert focus(page)["id"] == "ng-title"
