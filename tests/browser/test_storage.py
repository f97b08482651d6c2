"""Hostile storage and atomic saves in Chromium (issue 16).

* A storage seeded with the worst cases (deeply nested JSON as the current save, as
  another save and as the settings, a 5,000-digit number, a player named "Player "
  and thousands of digits, a bool where an int belongs, junk keys) still reaches
  ``data-ready``, with every good save listed and playable.
* The storage of the release before the ``ludus.`` prefix (tests/fixtures) opens on
  the real page with nothing lost.
* ``localStorage.setItem`` throwing on the n-th call of a game, then the tab closed:
  the next visit finds the old or the new save, never neither.
"""

from __future__ import annotations

import datetime as dt
import json
import random
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests"))

from shellgame import TallySpec  # noqa: E402

from app import site as site_config  # noqa: E402
from app.session import Session, default_seats  # noqa: E402

SHELLGAME = ROOT / "tests" / "shellgame.py"
START = ROOT / "py" / "app" / "start.py"   # the page's start after main.py unpacks the shell
FIXTURE = ROOT / "tests" / "fixtures" / "storage-ptolemaeus-release.json"
PREFIX = "ludus."
SPEC = TallySpec()
T0 = dt.datetime(2026, 11, 24, 22, 0, tzinfo=dt.UTC)


def serve_main(page, body: str) -> None:
    page.context.route(re.compile(r".*/py/app/main\.py$"), lambda route: route.fulfill(
        status=200, content_type="text/x-python", body=body))


def ludus_tally(page):
    body = SHELLGAME.read_text()          # Tally's page: the shell's own prefix (app.site.STORAGE_PREFIX)
    assert "App().run()" in body and site_config.STORAGE_PREFIX == PREFIX
    serve_main(page, body)
    return page


def seed_storage(page, site, items: dict[str, str]) -> None:
    page.goto(site.url + "README.md")
    page.evaluate("items => { localStorage.clear(); for (const [k, v] of Object.entries(items)) "
                  "localStorage.setItem(k, v); }", items)


def tally_save(seed: int, moves: int, **change) -> Session:
    s = Session.start(SPEC, {"players": 2, "seed": seed}, default_seats(SPEC, ["human", "easy"]), now=T0,
                      rng=random.Random(seed))
    rng = random.Random(seed)
    for _ in range(moves):
        s.apply(rng.choice(SPEC.legal_actions(s.state)), now=T0)
    return s


def test_the_page_starts_over_the_worst_storage_with_every_good_save_listed(guarded_page, site, ready):
    page = ludus_tally(guarded_page)
    good = [tally_save(31, 0), tally_save(32, 6)]
    named = json.loads(tally_save(33, 2).to_json())
    named["seats"][0]["name"] = "Player " + "7" * 5000
    huge = tally_save(34, 1).to_json().replace('"seed":34', '"seed":' + "9" * 5000)
    with_bool = json.loads(tally_save(35, 0).to_json())
    with_bool["actions"] = [{"kind": "draw"}, {"kind": "play", "card": True}]
    items = {
        f"{PREFIX}game.{s.id}": s.to_json() for s in good
    } | {
        f"{PREFIX}current": "deep",
        f"{PREFIX}game.deep": "[" * 100_000,
        f"{PREFIX}game.deeper": '{"a":' * 50_000,
        f"{PREFIX}game.huge": huge,
        f"{PREFIX}game.{named['id']}": json.dumps(named),
        f"{PREFIX}game.bool": json.dumps(with_bool),
        f"{PREFIX}game.": "NaN",
        f"{PREFIX}settings": "[" * 5_000,
        f"{PREFIX}bad.x": "\ud83d",
        f"{PREFIX}" + "z" * 300: "{}",
        "ptolemaeus.game.old": "[" * 100_000,
        "other-site.game.1": "[" * 100_000,
    }
    seed_storage(page, site, items)
    page.goto(site.url + "index.html")
    ready(page)                                           # was: RecursionError, the page never ready
    assert page.evaluate("document.body.dataset.screen") == "newgame"
    errors = page.locator('.shell-notice[data-kind="error"]').all_inner_texts()
    assert errors and "nested too deeply" in " ".join(errors)
    assert "settings could not be read" in page.locator('.shell-notice[data-kind="storage"]').inner_text()
    for s in good:                                        # every good save listed, and it plays
        assert page.locator(f'li.ng-saved-game[data-id="{s.id}"]').count() == 1
    assert page.locator(f'li.ng-saved-game[data-id="{named["id"]}"]').count() == 1
    bad_texts = page.evaluate(f"""() => Object.keys(localStorage).filter(k => k.startsWith("{PREFIX}bad."))
                                   .map(k => localStorage.getItem(k))""")
    for key in ("game.deep", "game.deeper", "game.", "settings"):
        assert items[PREFIX + key] in bad_texts, key         # kept aside byte for byte
    assert page.evaluate("localStorage.getItem('other-site.game.1').length") == 100_000
    page.locator(f'li.ng-saved-game[data-id="{good[1].id}"] .ng-resume').click()
    page.wait_for_function("document.body.dataset.screen === 'game'")
    assert int(page.evaluate("document.body.dataset.moves")) >= 6    # (the bot may have answered)


def test_the_release_storage_opens_on_the_real_page_with_nothing_lost(guarded_page, site, ready):
    """tests/fixtures/storage-ptolemaeus-release.json: two Ptolemaeus games, settings (German,
    instant bots) and a save kept aside, under ``ptolemaeus.``; the page now uses ``ludus.``."""
    page = guarded_page
    assert "App()" in START.read_text() and site_config.STORAGE_PREFIX == PREFIX   # the real page, ludus.
    old = json.loads(FIXTURE.read_text(encoding="utf-8"))
    seed_storage(page, site, old)
    page.goto(site.url + "index.html")
    ready(page)
    assert page.evaluate("document.body.dataset.screen") == "game"
    assert page.evaluate("document.body.dataset.moves") == "25"
    assert page.evaluate("document.documentElement.lang") == "de"
    now = page.evaluate("() => Object.fromEntries(Object.keys(localStorage).map(k => [k, localStorage.getItem(k)]))")
    assert not [k for k in now if k.startswith("ptolemaeus.")]
    for key, value in old.items():
        new = PREFIX + key.removeprefix("ptolemaeus.")
        if key.endswith(".settings"):
            assert json.loads(now[new]) == json.loads(value)
        else:
            assert now[new] == value, key


FAIL_AT = """
(() => {
  const failAt = %d; let calls = 0; const setItem = Storage.prototype.setItem;
  window.__failed = false;
  Storage.prototype.setItem = function (key, value) {
    if (this === window.localStorage && /^ludus\\.(game\\.|current$)/.test(key) && ++calls === failAt) {
      window.__failed = true;
      throw new DOMException("Setting the value exceeded the quota.", "QuotaExceededError");
    }
    return setItem.call(this, key, value);
  };
})();
"""


@pytest.mark.parametrize("fail_at", [1, 2, 3, 4])
def test_a_set_item_failing_then_a_closed_tab_leaves_the_old_or_the_new_save(browser, site, ready, fail_at):
    context = browser.new_context(service_workers="block")
    try:
        page = ludus_tally(context.new_page())
        page.add_init_script('localStorage.setItem("ludus.settings", JSON.stringify({bot_speed: "instant", confirm: "off"}));')
        page.add_init_script(FAIL_AT % fail_at)
        page.goto(site.url + "index.html?seats=human&seed=12")   # setItem 1: the game, 2: current
        ready(page)
        moves = 0
        while not page.evaluate("window.__failed") and moves < 6:
            page.locator("[data-action]").first.click()          # each move: one setItem of the game
            moves += 1
            page.wait_for_function(f"document.body.dataset.moves === '{moves}'")
        assert page.evaluate("window.__failed")
        stored = page.evaluate("""() => Object.keys(localStorage).filter(k => k.startsWith("ludus.game."))
                                    .map(k => JSON.parse(localStorage.getItem(k)).actions.length)""")
        # The player was told, unless a later save (the tab taking the new game retries at once)
        # already wrote every move: then there is nothing left to tell.
        assert page.locator('.shell-notice[data-kind="save"]').count() == 1 or stored == [moves]
        page.close()                                             # the tab closes right after

        again = ludus_tally(context.new_page())
        again.goto(site.url + "index.html")
        ready(again)
        saves = again.evaluate("""() => Object.keys(localStorage).filter(k => k.startsWith("ludus.game."))
                                    .map(k => JSON.parse(localStorage.getItem(k)))""")
        assert again.locator('.shell-notice[data-kind="error"]').count() == 0
        if fail_at == 1 and saves == []:                         # the first save of a new game failed:
            return                                               # the old state, no game, nothing broken
        assert len(saves) == 1 and len(saves[0]["actions"]) in (moves - 1, moves)   # old or new
        if again.evaluate("document.body.dataset.screen") == "newgame":          # current not yet set
            again.locator(f'li.ng-saved-game[data-id="{saves[0]["id"]}"] .ng-resume').click()
        again.wait_for_function("document.body.dataset.screen === 'game'")
        assert again.evaluate("document.body.dataset.moves") == str(len(saves[0]["actions"]))
    finally:
        context.close()
