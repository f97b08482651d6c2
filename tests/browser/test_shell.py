"""The shell in Chromium: links, autosave and resume, bad saves, export/import, hot-seat, undo,
a full storage, and bots that never block the page.

Most tests play Tally (tests/shellgame.py), served in place of py/app/main.py,
so they exercise the real shell (py/app) around a game whose hidden hands are
easy to look for: ``[data-hand-of="<seat>"]`` is the one hand on screen and
``[data-action=...]`` the buttons of the legal actions."""

from __future__ import annotations

import json
import os
import re
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SHELLGAME = ROOT / "tests" / "shellgame.py"
PREFIX = "ludus."

# Bots move at once unless a test says otherwise (the default is "watchable").
INSTANT = f"""
if (!localStorage.getItem("{PREFIX}settings"))
  localStorage.setItem("{PREFIX}settings", JSON.stringify({{bot_speed: "instant", confirm: "off"}}));
"""

# Long tasks (> 50 ms) from the moment the page starts, kept in window.__longtasks.
LONGTASKS = """
window.__longtasks = [];
new PerformanceObserver(list => {
  for (const e of list.getEntries()) window.__longtasks.push({start: e.startTime, duration: e.duration});
}).observe({type: "longtask", buffered: true});
window.__busyMarks = [];
new MutationObserver(() => {
  const busy = document.body && document.body.dataset.busy === "1";
  const last = window.__busyMarks[window.__busyMarks.length - 1];
  if (!last || last.busy !== busy) window.__busyMarks.push({busy, at: performance.now()});
}).observe(document, {subtree: true, attributes: true, attributeFilter: ["data-busy"]});
"""


def tally(page, settings: str = INSTANT):
    """Serve Tally as the page's main.py (for this page, reloads included)."""
    page.route(re.compile(r".*/py/app/main\.py$"), lambda route: route.fulfill(
        status=200, content_type="text/x-python", body=SHELLGAME.read_text()))
    if settings:
        page.add_init_script(settings)
    return page


def open_page(page, site, ready, query: str = "") -> None:
    page.goto(site.url + "index.html" + query)
    ready(page)


def stored(page) -> dict | None:
    """The session the page saved as its current game."""
    return page.evaluate(f"""() => {{
        const id = localStorage.getItem("{PREFIX}current");
        const text = id && localStorage.getItem("{PREFIX}game." + id);
        return text ? JSON.parse(text) : null; }}""")


def wait_turn(page) -> None:
    """Until a human decides (buttons), the game is over, or the device is being passed."""
    page.wait_for_function("""() => document.querySelector("[data-action]") || document.querySelector(".tally-over")
                              || document.body.dataset.screen === "pass" """)


def act(page, action: str) -> None:
    page.locator(f'[data-action="{action}"]').click()
    wait_turn(page)


def board(page) -> str:
    """What the board shows (not the events of the last step, which a reload does not replay)."""
    return page.evaluate("""() => [...document.querySelectorAll(".tally-board > :not(.tally-events)")]
                                  .map(e => e.innerText).join("\\n")""")


def put_in_storage(page, site, items: dict[str, str]) -> None:
    """Write localStorage of the site's origin before the game page loads."""
    page.goto(site.url + "README.md")
    page.evaluate("items => { for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }", items)


# ------------------------------------------------------------------ links, resume


def test_a_link_starts_the_game_and_a_reload_resumes_it_exactly(guarded_page, site, ready):
    page = tally(guarded_page)
    open_page(page, site, ready, "?date=1610-01-07&seats=human,easy&seed=42")
    assert page.evaluate("location.search") == ""          # a reload resumes, not restarts
    assert page.evaluate("document.body.dataset.screen") == "game"
    session = stored(page)
    assert session["setup"] == {"players": 2, "seed": 42, "start": "1610-01-07"}
    assert [s["kind"] for s in session["seats"]] == ["human", "bot"]

    wait_turn(page)
    for _ in range(6):  # a few human decisions through the page (the bot answers in between)
        if page.locator(".tally-over").count():
            break
        buttons = page.locator("[data-action]")
        codes = [buttons.nth(i).get_attribute("data-action") for i in range(buttons.count())]
        act(page, next((c for c in codes if c.startswith("play")), codes[0]))
    before, moves = board(page), stored(page)["actions"]
    assert len(moves) >= 6
    assert page.evaluate("document.body.dataset.moves") == str(len(moves))

    page.reload()
    ready(page)
    wait_turn(page)
    assert stored(page)["actions"] == moves                  # 0 actions lost
    assert board(page) == before
    assert "Welcome back" in page.locator('.shell-notice[data-kind="info"]').inner_text()


def test_a_malformed_link_explains_and_keeps_the_game_in_progress(guarded_page, site, ready):
    page = tally(guarded_page)
    open_page(page, site, ready, "?seats=human,easy&seed=7")
    wait_turn(page)
    act(page, page.locator("[data-action]").first.get_attribute("data-action"))
    first = stored(page)

    page.goto(site.url + "index.html?seats=human,wizard&seed=x")
    ready(page)
    notice = page.locator('.shell-notice[data-kind="error"]')
    assert "This link cannot start a game" in notice.inner_text()
    assert "unknown seat “wizard”" in notice.inner_text()
    assert page.evaluate("document.body.dataset.screen") == "newgame"
    assert page.evaluate("location.search") == ""
    # The game in progress is still there, offered to resume.
    saved = page.locator(f'li.ng-saved-game[data-id="{first["id"]}"]')
    assert saved.count() == 1 and "unfinished" in saved.inner_text()
    saved.locator(".ng-resume").click()
    wait_turn(page)
    assert stored(page)["actions"] == first["actions"]

    # A valid link while a game is unfinished: that game is kept under its own key.
    page.goto(site.url + "index.html?date=2001-01-01&seats=human&seed=3")
    ready(page)
    assert stored(page)["setup"]["start"] == "2001-01-01"
    assert "is kept" in page.locator('.shell-notice[data-kind="info"]').inner_text()
    kept = json.loads(page.evaluate(f"localStorage.getItem('{PREFIX}game.{first['id']}')"))
    assert kept["actions"] == first["actions"]
    # Play-test 2, N3: once that game is deleted from the list, the notice that it is kept goes.
    page.click("#shell-new")
    notice = page.locator('.shell-notice[data-kind="info"]')
    assert "is kept" in notice.inner_text()
    saved = page.locator(f'li.ng-saved-game[data-id="{first["id"]}"]')
    saved.locator(".ng-delete").click()
    saved.locator(".ng-confirm").click()
    saved.wait_for(state="detached")
    assert notice.count() == 0


def test_a_link_with_a_date_the_game_refuses(guarded_page, site, ready):
    page = tally(guarded_page)
    open_page(page, site, ready, "?date=the-ides-of-march&seats=human")
    assert "not a date" in page.locator('.shell-notice[data-kind="error"]').inner_text()
    assert page.evaluate("document.body.dataset.screen") == "newgame"


def test_a_refused_link_sets_the_form_to_its_game(guarded_page, site, ready):
    """Play-test 5: a refused link to Pompeii showed the default game's form, and the Pompeii stylesheet
    app.start had preloaded for it went unused (Chromium warned; the guard fails on that warning)."""
    page = guarded_page                         # the real games (app.start preloads the link's sheet)
    open_page(page, site, ready, "?game=pompeii&players=9")
    assert "2 to 4 players" in page.locator('.shell-notice[data-kind="error"]').inner_text()
    assert page.evaluate("document.body.dataset.screen") == "newgame"
    assert page.locator("#ng-game").input_value() == "pompeii"
    page.wait_for_timeout(3500)     # the warning comes a few seconds after the load event


def test_a_game_links_stylesheet_is_linked_at_once_and_once(guarded_page, site, ready):
    """A game link's stylesheet is linked by app.start before the shell's imports, not preloaded: a
    preload not used within ~3 s of the load event made Chromium warn whenever the imports took longer
    (a busy machine: test_a11y's page failed on it, 2026-12-02); the shell then links it no second time,
    and it styles only its own game's root."""
    page = guarded_page
    open_page(page, site, ready, "?game=pompeii&seats=human,greedy")
    assert page.locator('link[rel="preload"]').count() == 0
    assert page.locator('link[rel="stylesheet"][data-game="pompeii"]').count() == 1
    assert page.locator('link[rel="stylesheet"][data-game]').count() == 1
    assert page.evaluate("document.querySelector('link[data-game=pompeii]').sheet !== null")


def t_in(lang: str, key: str, **params) -> str:
    import sys
    sys.path.insert(0, str(ROOT / "py"))
    from app.i18n import APP
    return APP.t_in(lang, key, **params)


def test_a_bad_link_is_explained_in_the_pages_language(guarded_page, site, ready):
    """The error carries a code and params (LinkError) and is translated when shown."""
    page = tally(guarded_page)
    open_page(page, site, ready, "?seats=human,wizard&lang=de")
    text = page.locator('.shell-notice[data-kind="error"]').inner_text()
    assert "Mit diesem Link lässt sich kein Spiel starten" in text and "unbekannter Platz „wizard“" in text
    # Switched to Spanish in the settings: the message follows (translated when shown).
    page.click("#shell-settings summary")
    page.select_option("#shell-lang", "es")
    page.wait_for_function("document.documentElement.lang === 'es'")   # (the games' texts are fetched first)
    text = page.locator('.shell-notice[data-kind="error"]').inner_text()
    assert "Mit diesem Link" not in text and "wizard" in text
    assert t_in("es", "start.bad_link", error="")[:20] in text


def test_the_games_stylesheet_comes_from_its_description(guarded_page, site, ready):
    page = tally(guarded_page)
    open_page(page, site, ready)
    assert page.locator('link[rel="stylesheet"][data-game="tally"][href="./tests/tally.css"]').count() == 1
    # No other game's stylesheet applies (loader.js may have preloaded the default game's for a first
    # visit, index.html data-games: a preload styles nothing).
    assert page.locator('link[rel="stylesheet"][href*="ptolemaeus.css"]').count() == 0
    # loader.js fetches the first game's stylesheet into the cache, with no <link rel=preload>: Chromium
    # warned "preloaded but not used" whenever Python took more than ~3 s after the load event.
    assert page.locator('link[rel="preload"]').count() == 0
    assert page.title() == "Ludus" and page.locator("h1").inner_text() == "Ludus"


def catalog_and_tally(page):
    """Serve a main.py that registers the page's catalog AND Tally (second), as a page with two games.
    As the real main.py does, it puts boot.archives' import hook in place first: the catalog's games
    are not in shell.zip, each is fetched when it is first imported."""
    body = SHELLGAME.read_text().replace('    register(TALLY)\n', (
        '    from boot import archives\n'
        '    archives.install()\n'
        '    archives.use_languages("en")\n'
        '    import catalog  # noqa: F401\n'
        '    register(TALLY)\n'))
    assert "import catalog" in body and "archives.install()" in body
    page.route(re.compile(r".*/py/app/main\.py$"), lambda route: route.fulfill(
        status=200, content_type="text/x-python", body=body))
    page.add_init_script(INSTANT)
    return page


def test_resuming_a_game_imports_only_that_games_code(guarded_page, site, ready):
    """Issue 10: a saved Tally game resumes in a page whose catalog also holds Ptolemaeus (its
    default game) without importing any Ptolemaeus code or astronomy; the new-game form then
    offers Ptolemaeus (the first game), imported only now, and any game can be chosen in it."""
    page = catalog_and_tally(guarded_page)
    open_page(page, site, ready, "?game=tally&seats=human,easy&seed=9")
    wait_turn(page)
    page.reload()
    ready(page)
    wait_turn(page)
    assert page.evaluate("document.body.dataset.screen") == "game" and stored(page)["game"] == "tally"
    modules = set(page.evaluate("window.ludusModules()").split(","))
    assert "app" in modules and "catalog" in modules
    assert not modules & {"ptolemaeus", "ptolemaeus_ui", "astronomy", "pompeii", "pompeii_ui"}, modules
    # The new-game screen shows the form of the first game: Ptolemaeus is imported then (its archives
    # fetched by the import hook), and its stylesheet linked.
    page.click("#shell-new")
    page.select_option("#ng-game", "ptolemaeus")
    page.wait_for_selector('link[data-game="ptolemaeus"]', state="attached")
    assert "ptolemaeus_ui" in page.evaluate("window.ludusModules()").split(",")
    assert page.locator("#ng-field-start").count() == 1
    assert page.locator('.shell-notice[data-kind="error"]').count() == 0
    ptolemaeus_blurb = page.locator("#ng-blurb").inner_text()
    # Another game chosen in the form: the form is that game's; and back.
    page.select_option("#ng-game", "tally")
    page.wait_for_function("""() => document.querySelector("#ng-blurb").innerText.startsWith("Draw and play cards")""")
    page.select_option("#ng-game", "ptolemaeus")
    page.wait_for_function("blurb => document.querySelector('#ng-blurb').innerText === blurb", arg=ptolemaeus_blurb)
    assert "Observe the sky" in ptolemaeus_blurb
    # Its Rules link in the lobby's colour, not the browser's blue or visited purple (play-test 4).
    colours = page.evaluate("""() => [document.querySelector('#ng-blurb a'), document.querySelector('.lobby-buttons a')]
        .map((e) => e && getComputedStyle(e).color)""")
    assert colours[0] is not None and colours[0] == colours[1], colours


def test_switching_game_keeps_the_seats_levels_or_the_nearest_and_describes_each(guarded_page, site, ready):
    """Play-test 8 (F4): Pompeii's levels had no line under the seat, and switching the form's game
    set every seat back to one human and a default bot (a beginner became "normal" without a word).
    The seats and their levels now carry over, a level the new game lacks becoming the nearest one
    it has (Tally has no random or greedy), and every Pompeii level is described."""
    page = catalog_and_tally(guarded_page)
    open_page(page, site, ready)
    level = lambda i: page.locator(f'li.ng-seat[data-seat="{i}"] .ng-level')
    help_line = lambda i: page.locator(f"#ng-level-help-{i}").inner_text()
    page.select_option("#ng-count", "3")
    page.wait_for_selector('li.ng-seat[data-seat="2"]')
    level(1).select_option("easy")
    level(2).select_option("hard")
    page.select_option("#ng-game", "pompeii")
    page.wait_for_function("() => document.querySelector('#ng-blurb').innerText.startsWith('Settle the city')")
    assert page.locator("li.ng-seat").count() == 3
    assert [level(1).input_value(), level(2).input_value()] == ["easy", "hard"]
    assert "lava tiles" in help_line(1)                                 # Pompeii's own line, not Ptolemaeus'
    values = level(1).locator("option").evaluate_all("os => os.map(o => o.value)")
    assert values == ["random", "easy", "greedy", "normal", "hard"]
    helps = []
    for value in values:
        level(1).select_option(value)
        helps.append(help_line(1))
    assert all(helps) and len(set(helps)) == len(helps), helps
    level(1).select_option("random")
    level(2).select_option("greedy")
    page.select_option("#ng-game", "tally")
    page.wait_for_function("() => document.querySelector('#ng-blurb').innerText.startsWith('Draw and play cards')")
    assert [level(1).input_value(), level(2).input_value()] == ["easy", "normal"]   # the nearest Tally has
    for i in (1, 2):
        assert level(i).locator("option:checked").count() == 1           # one of the game's own options
    page.click("#ng-start")
    page.wait_for_function("document.body.dataset.screen === 'game'")
    assert [(s["kind"], s["level"]) for s in stored(page)["seats"]] == [("human", None), ("bot", "easy"),
                                                                         ("bot", "normal")]


# ------------------------------------------------------------------ the new-game screen

OPTIONS_GAME = """
class Options(TallySpec):
    key = "options"
    FIELDS = [SetupField("start", "datetime", default="1969-07-20T20:17Z"),
              SetupField("deck", "choice", default="short", choices=("short", "long")),
              SetupField("target", "int", default=15, minimum=5, maximum=40),
              SetupField("motto", "text", default="")]

    def setup_fields(self):
        return list(self.FIELDS)

    def field_label(self, setup_field):
        return {"start": "Start date", "deck": "Deck", "target": "Target", "motto": "Motto"}[setup_field.key]

    def choice_label(self, setup_field, value):
        return {"short": "Short deck", "long": "Long deck"}.get(value, str(value))


register(GameInfo(key="options", titles={"en": "Options"}, spec="shellgame:Options", min_players=1,
                  max_players=4, bot_levels=("easy", "normal", "hard"), default_bot_level="normal"))
"""


def two_test_games(page):
    """Serve Tally and "Options" (Tally with a setup field of every kind) as the page's games."""
    body = SHELLGAME.read_text().replace("    App().run()", "    from gamekit.game import SetupField\n"
                                         + textwrap.indent(OPTIONS_GAME, "    ") + "\n    App().run()")
    page.route(re.compile(r".*/py/app/main\.py$"), lambda route: route.fulfill(
        status=200, content_type="text/x-python", body=body))
    page.add_init_script(INSTANT)
    return page


# The shell's flows a first screen does not need (issue 13: every KB compiled at start costs ~0.5-1 ms).
LATER_FLOWS = {"app.dailyflow", "app.dailyui", "app.daily", "app.replayflow", "app.replayui", "app.replay",
               "app.savefiles"}


def test_the_first_screen_imports_no_daily_replay_or_file_flow(guarded_page, site, ready):
    """The new-game screen, a game link and the game resumed compile none of the shell's daily
    challenge, replay or file modules: each is imported when its flow is first used (Export here)."""
    page = guarded_page
    modules = lambda: set(page.evaluate("window.ludusModules(true)").split(","))
    open_page(page, site, ready)
    assert page.evaluate("document.body.dataset.screen") == "newgame"
    assert "app.shell" in modules() and "app.newgame" in modules()
    assert not modules() & LATER_FLOWS, sorted(modules() & LATER_FLOWS)
    open_page(page, site, ready, "?game=ptolemaeus&seats=human,easy&seed=5")     # a game with a daily challenge
    assert page.evaluate("document.body.dataset.screen") in ("game", "pass") and "app.host" in modules()
    assert not modules() & LATER_FLOWS, sorted(modules() & LATER_FLOWS)
    page.reload()
    ready(page)
    assert page.evaluate("document.body.dataset.screen") == "game"
    assert not modules() & LATER_FLOWS, sorted(modules() & LATER_FLOWS)
    with page.expect_download():
        page.click("#shell-export")
    assert modules() & LATER_FLOWS == {"app.savefiles"}


def test_a_game_whose_code_cannot_load_never_breaks_the_page(page, site, ready):
    """A catalog entry whose module is missing: choosing it says so; its save is kept aside, explained.
    (Not a guarded page: the traceback printed for the broken game goes to the console, as it should.)"""
    broken = ('register(GameInfo(key="broken", titles={"en": "Broken"}, spec="no_such_module:Game", min_players=1,'
              ' max_players=2, bot_levels=("easy",), default_bot_level="easy"))\n')
    body = SHELLGAME.read_text().replace("    App().run()", "    " + broken + "    App().run()")
    page_errors: list[str] = []
    page.on("pageerror", lambda exc: page_errors.append(str(exc)))
    page.route(re.compile(r".*/py/app/main\.py$"), lambda route: route.fulfill(
        status=200, content_type="text/x-python", body=body))
    page.add_init_script(INSTANT)
    save = {"format": "boardgame-session", "version": 1, "game": "broken", "game_version": 1, "id": "b-1",
            "setup": {"players": 1, "seed": 1}, "seats": [{"kind": "human", "level": None, "name": "You",
                                                           "colour": "#d64541"}],
            "actions": [], "created": "", "updated": "", "over": False}
    put_in_storage(page, site, {f"{PREFIX}current": "b-1", f"{PREFIX}game.b-1": json.dumps(save)})
    open_page(page, site, ready)
    assert page.evaluate("document.body.dataset.screen") == "newgame"
    text = page.locator('.shell-notice[data-kind="error"]').inner_text()
    assert "cannot load the game “broken”" in text and "no_such_module" in text
    assert page.locator("li.ng-bad-save").count() == 1                  # kept aside, byte for byte
    page.select_option("#ng-game", "broken")
    assert "Broken cannot be loaded" in page.locator('.shell-notice[data-kind="error"]').inner_text()
    assert page.locator("#ng-game").input_value() == "tally" and page.locator("#ng-field-start").count() == 1
    assert not page_errors and page.locator(".py-error").count() == 0


def test_any_games_typed_setup_fields_in_the_form_and_in_links(guarded_page, site, ready, axe):
    """Issue 10: the form, the share link and links handle a choice, an int, a datetime and a text
    field of any game; a bad value is refused with a translated message."""
    page = two_test_games(guarded_page)
    open_page(page, site, ready)
    page.select_option("#ng-game", "options")
    assert page.locator("#ng-field-deck option").all_inner_texts() == ["Short deck", "Long deck"]
    assert page.locator("#ng-field-target").get_attribute("type") == "number"
    assert page.locator("#ng-field-start option[value=now]").count() == 0     # allow_now is False
    assert axe(page) == []
    page.fill("#ng-field-target", "99")
    page.click("#ng-start")
    assert "Target: “99” is not a whole number from 5 to 40" in page.locator("#ng-error").inner_text()
    page.click("#shell-settings summary")
    page.select_option("#shell-lang", "it")
    page.wait_for_function("document.documentElement.lang === 'it'")
    page.click("#shell-settings summary")
    page.fill("#ng-field-target", "41")
    page.click("#ng-start")
    assert "non è un numero intero da 5 a 40" in page.locator("#ng-error").inner_text()
    page.fill("#ng-field-target", "20")
    page.select_option("#ng-field-deck", "long")
    page.fill("#ng-field-motto", "carpe diem & co")
    page.click("#ng-advanced summary")                      # the seed is under "Advanced" (issue 17)
    page.fill("#ng-seed", "31")
    page.click("#ng-share")
    link = page.locator("#ng-share-link").input_value()
    assert link.endswith("?game=options&start=1969-07-20T20:17Z&deck=long&target=20&motto=carpe%20diem%20%26%20co"
                         "&seats=human,normal&seed=31"), link
    page.click("#ng-start")
    setup = {"players": 2, "seed": 31, "start": "1969-07-20T20:17Z", "deck": "long", "target": 20,
             "motto": "carpe diem & co"}
    assert stored(page)["setup"] == setup and stored(page)["game"] == "options"
    page.wait_for_load_state("networkidle")   # (leaving while the icon loads would abort its request)
    page.goto(link)
    ready(page)
    assert stored(page)["setup"] == setup
    page.wait_for_load_state("networkidle")
    page.goto(site.url + "index.html?game=options&target=4x&seats=human")
    ready(page)
    assert "Target: «4x» non è un numero intero" in page.locator('.shell-notice[data-kind="error"]').inner_text()



def test_the_new_game_form_starts_a_hot_seat_game_and_shares_its_setup(guarded_page, site, ready, axe):
    page = tally(guarded_page)
    open_page(page, site, ready)
    assert page.evaluate("document.body.dataset.screen") == "newgame"
    assert axe(page) == []
    page.select_option("#ng-count", "3")
    seats = page.locator("li.ng-seat")
    assert seats.count() == 3
    seats.nth(1).locator(".ng-kind").select_option("human")
    seats.nth(2).locator(".ng-level").select_option("hard")
    seats.nth(0).locator(".ng-name").fill("Hypatia")
    page.select_option("#ng-field-start", "__other__")
    page.fill("#ng-field-start-other", "1054-07-04T12:00Z")
    page.click("#ng-advanced summary")
    page.fill("#ng-seed", "777")
    # Two seats of one colour: refused with a message.
    seats.nth(2).locator(".ng-colour").select_option(index=0)
    page.click("#ng-start")
    assert "same colour" in page.locator("#ng-error").inner_text()
    seats.nth(2).locator(".ng-colour").select_option(index=2)

    page.click("#ng-share")
    link = page.locator("#ng-share-link").input_value()
    assert link.endswith("index.html?game=tally&start=1054-07-04T12:00Z&seats=human,human,hard&seed=777")

    page.click("#ng-start")
    page.wait_for_function("document.body.dataset.screen === 'pass'")
    session = stored(page)
    assert session["setup"] == {"players": 3, "seed": 777, "start": "1054-07-04T12:00Z"}
    assert [s["name"] for s in session["seats"]][0] == "Hypatia"
    assert page.locator("#shell-pass").inner_text().startswith("Pass the device to Hypatia")

    # The shared link starts the same game.
    other = tally(page.context.new_page())
    other.goto(link)
    ready(other)
    assert stored(other)["setup"] == session["setup"]

    # Back to the form: it keeps the setup for the next game, not the seed, so the next start is
    # another deal (play-test 6 #1: a second game of the same setup dealt the same cards).
    page.bring_to_front()
    page.click("#shell-new")
    page.wait_for_function("document.body.dataset.screen === 'newgame'")
    assert page.locator("#ng-count").input_value() == "3"
    assert page.locator("li.ng-seat .ng-name").first.input_value() == "Hypatia"
    seed = page.locator("#ng-seed").input_value()
    assert seed.isdigit() and seed != "777"


# The clipboard as a page may find it: working, refusing (a permission), or missing (plain http).
CLIPBOARDS = {
    "works": """Object.defineProperty(navigator, "clipboard", {configurable: true, value: {writeText: (text) =>
                  { window.__copied = text; return Promise.resolve(); }}});""",
    "refuses": """Object.defineProperty(navigator, "clipboard", {configurable: true, value: {writeText: (text) =>
                    Promise.reject(new DOMException("denied", "NotAllowedError"))}});""",
    "missing": """Object.defineProperty(navigator, "clipboard", {configurable: true, value: undefined});""",
}
# Is the whole text of the field selected (for Ctrl+C)?
SELECTED = "(id) => { const f = document.getElementById(id); return f.selectionStart === 0 && f.selectionEnd === f.value.length; }"


@pytest.mark.parametrize("clipboard", list(CLIPBOARDS))
def test_the_setup_links_copy_buttons_copy_or_leave_the_link_selected_and_say_which(
        guarded_page, site, ready, clipboard):
    """The new-game form's Copy and the game's Share > this setup copy through ``app.dom.copy_text``:
    "Copied." when the clipboard took the link, else "Selected: press Ctrl+C…" with the link selected
    in its box (a refused permission, or no clipboard at all over plain http)."""
    page = tally(guarded_page)
    page.add_init_script(CLIPBOARDS[clipboard])
    open_page(page, site, ready)
    said = "Copied." if clipboard == "works" else "Selected: press Ctrl+C (⌘C) to copy."

    page.click("#ng-share")
    link = page.locator("#ng-share-link").input_value()
    page.click("#ng-copy")
    page.wait_for_function("document.getElementById('ng-copied').textContent !== ''")
    assert page.locator("#ng-copied").inner_text() == said
    assert page.evaluate(SELECTED, "ng-share-link")
    assert page.evaluate("window.__copied || null") == (link if clipboard == "works" else None)

    page.click("#ng-start")
    wait_turn(page)
    page.locator("#shell-share summary").click()
    page.locator("#shell-share-setup").click()
    page.wait_for_function("document.getElementById('shell-share-said').textContent !== ''")
    assert page.locator("#shell-share-said").inner_text() == said
    shared = page.locator("#shell-share-link").input_value()
    assert "?game=tally&" in shared and page.evaluate(SELECTED, "shell-share-link")
    assert page.evaluate("window.__copied || null") == (shared if clipboard == "works" else None)


# ------------------------------------------------------------------ bad saves


def _good_session(page, site, ready) -> dict:
    open_page(page, site, ready, "?seats=human,easy&seed=5")
    wait_turn(page)
    for _ in range(3):
        act(page, page.locator("[data-action]").first.get_attribute("data-action"))
    return stored(page)


def _bad(kind: str, session: dict) -> str:
    text = json.dumps(session)
    if kind == "corrupt":
        return text.replace('"actions": [', '"actions": [[', 1)
    if kind == "truncated":
        return text[: len(text) * 2 // 3]
    if kind == "other version":
        return json.dumps({**session, "version": 7})
    if kind == "illegal":
        tampered = json.loads(text)
        tampered["actions"].insert(1, {"kind": "play", "card": 6})
        tampered["actions"].insert(1, {"kind": "play", "card": 6})
        tampered["actions"].insert(1, {"kind": "play", "card": 6})
        return json.dumps(tampered)
    raise AssertionError(kind)


@pytest.mark.parametrize("kind, reason", [
    ("corrupt", "damaged"), ("truncated", "incomplete"), ("other version", "another version"),
    ("illegal", "not a legal move"),
])
def test_a_bad_save_is_explained_kept_aside_and_the_page_stays_usable(guarded_page, site, ready, kind, reason):
    page = tally(guarded_page)
    session = _good_session(page, site, ready)
    bad = _bad(kind, session)
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [f"{PREFIX}game.{session['id']}", bad])
    page.reload()
    ready(page)
    notice = page.locator('.shell-notice[data-kind="error"]').inner_text()
    assert "Your saved game could not be loaded" in notice and reason in notice
    assert page.evaluate("document.body.dataset.screen") == "newgame"
    kept = page.evaluate(f"""() => Object.keys(localStorage).filter(k => k.startsWith("{PREFIX}bad."))
                                   .map(k => localStorage.getItem(k))""")
    assert kept == [bad]                                        # byte for byte, under another key
    assert page.locator("li.ng-bad-save").count() == 1
    with page.expect_download() as download:
        page.locator("li.ng-bad-save .ng-download").click()
    assert Path(download.value.path()).read_text() == bad
    # The page is usable: a new game starts, and the bad save is still there.
    page.click("#ng-start")
    wait_turn(page)
    assert page.evaluate("document.body.dataset.screen") == "game"
    assert page.evaluate(f"""() => Object.keys(localStorage).filter(k => k.startsWith("{PREFIX}bad.")).length""") == 1


# ------------------------------------------------------------------ export, import


def test_export_and_import_round_trip(guarded_page, site, ready, tmp_path):
    page = tally(guarded_page)
    session = _good_session(page, site, ready)
    before = board(page)
    with page.expect_download() as download:
        page.click("#shell-export")
    assert download.value.suggested_filename.startswith("tally-") and download.value.suggested_filename.endswith(".json")
    exported = tmp_path / "game.json"
    download.value.save_as(exported)
    assert json.loads(exported.read_text()) == session

    # Another game on screen, then import the file: the game comes back as it was.
    page.click("#shell-new")
    page.click("#ng-start")
    wait_turn(page)
    assert stored(page)["id"] != session["id"]
    page.set_input_files("#shell-import-file", str(exported))
    page.wait_for_function(f"document.body.dataset.moves === '{len(session['actions'])}'")
    wait_turn(page)
    assert stored(page)["actions"] == session["actions"]
    assert board(page) == before

    # A damaged file: a clear message, nothing changed.
    broken = tmp_path / "broken.json"
    broken.write_text(exported.read_text()[:100])
    page.set_input_files("#shell-import-file", str(broken))
    notice = page.locator('.shell-notice[data-kind="error"]')
    notice.wait_for()
    assert "broken.json could not be imported" in notice.inner_text() and "incomplete" in notice.inner_text()
    assert stored(page)["actions"] == session["actions"]


def test_an_import_the_storage_refuses_to_look_up_is_said_and_changes_nothing(guarded_page, site, ready, tmp_path):
    """Review: Import read ``localStorage.getItem`` itself; a storage that throws there broke the import
    with only a console error. It reads through the store, which says why."""
    page = tally(guarded_page)
    session = _good_session(page, site, ready)
    exported = tmp_path / "game.json"
    exported.write_text(json.dumps(session))
    page.evaluate(f"""() => {{ const get = Storage.prototype.getItem;
        Storage.prototype.getItem = function (key) {{
            if (String(key).startsWith("{PREFIX}game.")) throw new DOMException("access denied", "SecurityError");
            return get.call(this, key); }}; }}""")
    page.set_input_files("#shell-import-file", str(exported))
    notice = page.locator('.shell-notice[data-kind="error"]')
    notice.wait_for()
    text = notice.inner_text()
    assert "game.json could not be imported: the browser's storage could not be read" in text, text
    assert "access denied" in text and "Nothing was changed" in text
    assert page.evaluate("document.body.dataset.moves") == str(len(session["actions"]))


# ------------------------------------------------------------------ hot-seat, undo


def hands_in_dom(page) -> list[str]:
    return page.evaluate("""() => [...document.querySelectorAll("[data-hand-of]")].map(e => e.dataset.handOf)""")


def test_hot_seat_hides_every_hand_while_the_device_is_passed(guarded_page, site, ready, axe):
    page = tally(guarded_page)
    open_page(page, site, ready, "?seats=human,easy,human&seed=3")
    pass_screen = page.locator("#shell-pass")
    assert pass_screen.is_visible() and "Pass the device to Player 1" in pass_screen.inner_text()
    assert hands_in_dom(page) == [] and page.locator("#game").is_hidden()
    assert axe(page) == []
    page.click("#shell-pass-ready")
    assert hands_in_dom(page) == ["0"]
    act(page, "draw")                                    # Player 1's turn ends; the bot plays
    page.wait_for_function("document.body.dataset.screen === 'pass'")
    assert "Pass the device to Player 2" in pass_screen.inner_text()
    assert hands_in_dom(page) == []                      # nobody's hand while passing
    hand_text = page.evaluate("document.body.innerHTML")
    assert "Your hand" not in hand_text
    page.click("#shell-pass-ready")
    assert hands_in_dom(page) == ["2"]
    # A reload in the middle of hot-seat asks who holds the device again.
    page.reload()
    ready(page)
    assert page.evaluate("document.body.dataset.screen") == "pass" and hands_in_dom(page) == []


def test_undo_takes_back_a_step_but_not_past_a_draw(guarded_page, site, ready):
    page = tally(guarded_page)
    open_page(page, site, ready, "?seats=human,easy&seed=11")
    wait_turn(page)
    undo = page.locator("#shell-undo")
    assert undo.is_disabled()
    # Disabled, its tooltip (its accessible description) says why (play-test 7 #3).
    assert undo.get_attribute("title") == t_in("en", "header.undo.nothing")
    first = page.locator('[data-action^="play"]').first.get_attribute("data-action")
    act(page, first)
    assert undo.is_enabled() and len(stored(page)["actions"]) == 1
    assert undo.get_attribute("title") == t_in("en", "header.undo.title")
    undo.click()
    page.wait_for_function("document.body.dataset.moves === '0'")
    assert stored(page)["actions"] == [] and undo.is_disabled()
    act(page, "draw")                                    # a reveal: the bot moves, then us
    assert stored(page)["actions"][0] == {"kind": "draw"}
    assert undo.is_disabled()
    assert undo.get_attribute("title") == t_in("en", "header.undo.revealed")
    page.click("#shell-settings summary")
    page.select_option("#shell-lang", "de")              # said again in the player's language
    page.wait_for_function("document.documentElement.lang === 'de'")
    assert undo.get_attribute("title") == t_in("de", "header.undo.revealed")


CONFIRMING = f"""localStorage.setItem("{PREFIX}settings", JSON.stringify({{bot_speed: "instant", confirm: "on"}}));"""
# The brief notice of a move taken back: its text, whether it is fixed in the window and inside it.
UNDONE = """() => { const n = document.querySelector('.shell-notice[data-kind="undone"]');
    if (!n) return null; const r = n.getBoundingClientRect();
    return {text: n.innerText.trim(), fixed: getComputedStyle(n).position === "fixed",
            inView: r.top >= 0 && r.bottom <= window.innerHeight && r.height > 0}; }"""


def test_take_back_and_undo_show_a_brief_notice_wherever_the_page_is_scrolled(guarded_page, site, ready):
    """Play-test 8 F10: on a phone Take back and Undo changed only the board (the live region said it to
    a screen reader alone). A brief notice says so, fixed in the window, and goes by itself."""
    page = tally(guarded_page, CONFIRMING)
    page.set_viewport_size({"width": 390, "height": 500})
    open_page(page, site, ready, "?seats=human,easy&seed=11")
    wait_turn(page)
    first = page.locator('[data-action^="play"]').first.get_attribute("data-action")
    act(page, first)
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    page.click("#shell-undo")
    page.wait_for_function("document.body.dataset.moves === '0'")
    assert page.evaluate(UNDONE) == {"text": "Move undone", "fixed": True, "inView": True}
    page.wait_for_function("!document.querySelector('.shell-notice[data-kind=\"undone\"]')", timeout=10_000)
    act(page, first)
    page.click('[data-action="end"]')                       # ends the turn, reveals nothing: applied
    page.wait_for_function("document.body.dataset.confirm === 'applied'")
    page.click("#shell-confirm-back")
    page.wait_for_function("!document.body.dataset.confirm")
    assert page.evaluate(UNDONE) == {"text": "Move taken back", "fixed": True, "inView": True}
    page.click('[data-action="end"]')                       # the next move: it goes at once
    page.wait_for_function("document.body.dataset.confirm === 'applied'")
    assert page.evaluate(UNDONE) is None


def test_at_game_over_the_disabled_undo_says_the_game_is_over(guarded_page, site, ready):
    """Play-test 8 F10: at game over the disabled Undo's tooltip said "Take back your last step"."""
    page = tally(guarded_page)
    open_page(page, site, ready, "?seats=human,easy&seed=11")
    wait_turn(page)
    while not page.locator(".tally-over").count():
        act(page, page.locator("[data-action]").first.get_attribute("data-action"))
    undo = page.locator("#shell-undo")
    assert undo.is_disabled() and undo.get_attribute("title") == t_in("en", "header.undo.over")


# ------------------------------------------------------------------ a full storage


def test_a_full_storage_is_reported_and_the_game_goes_on(guarded_page, site, ready):
    page = tally(guarded_page)
    session = _good_session(page, site, ready)
    page.evaluate("""() => { window.__setItem = Storage.prototype.setItem;
        Storage.prototype.setItem = function () {
          throw new DOMException("Setting the value exceeded the quota.", "QuotaExceededError"); }; }""")
    act(page, page.locator("[data-action]").first.get_attribute("data-action"))
    notice = page.locator('.shell-notice[data-kind="save"]')
    assert notice.is_visible()
    assert "full" in notice.inner_text() and "export" in notice.inner_text()
    assert stored(page)["actions"] == session["actions"]              # the last good save intact
    moves = int(page.evaluate("document.body.dataset.moves"))
    assert moves > len(session["actions"])                            # the game went on
    with page.expect_download() as download:                          # and can be exported whole
        page.click("#shell-export")
    assert len(json.loads(Path(download.value.path()).read_text())["actions"]) == moves
    page.evaluate("() => { Storage.prototype.setItem = window.__setItem; }")
    if page.locator("[data-action]").count():
        act(page, page.locator("[data-action]").first.get_attribute("data-action"))
        assert notice.count() == 0
        assert len(stored(page)["actions"]) == int(page.evaluate("document.body.dataset.moves"))


def test_settings_persist(guarded_page, site, ready):
    page = tally(guarded_page, settings="")
    open_page(page, site, ready)
    page.click("#shell-settings summary")
    assert page.locator("#shell-speed-watchable").is_checked()
    page.check("#shell-speed-instant")
    page.reload()
    ready(page)
    page.click("#shell-settings summary")
    assert page.locator("#shell-speed-instant").is_checked()
    assert json.loads(page.evaluate(f"localStorage.getItem('{PREFIX}settings')")) == {
        "bot_speed": "instant", "confirm": "on", "sound": "off"}          # the defaults of issue 17 kept
    # Play-test 8 F2: "Slow", offered first (slowest first), is kept too.
    assert page.locator("input[name=bot_speed]").evaluate_all("es => es.map(e => e.value)") == [
        "slow", "watchable", "instant"]
    assert page.locator('label[for="shell-speed-slow"]').inner_text().strip() == "Slow"
    page.check("#shell-speed-slow")
    page.reload()
    ready(page)
    page.click("#shell-settings summary")
    assert page.locator("#shell-speed-slow").is_checked()


# ------------------------------------------------------------------ bots never block the page


def measure_bot_turn(page, site, ready, query: str) -> dict:
    """Open a game whose first seat is a bot; watch it think until a human is to decide."""
    page.add_init_script(LONGTASKS)
    open_page(page, site, ready, query)
    start = page.evaluate("performance.now()")
    # The text read in the same task that sees the bot busy (read after, under load, the bot had
    # sometimes finished: 2026-12-02).
    page.wait_for_function("document.body.dataset.busy === '1' && (window.__busyText = document.querySelector('#game').innerText)",
                           timeout=10_000)
    busy_text = page.evaluate("window.__busyText")
    page.wait_for_function("!document.body.dataset.busy", timeout=60_000)
    marks = page.evaluate("window.__busyMarks")
    return {
        "long": [round(t["duration"]) for t in page.evaluate("window.__longtasks") if t["start"] >= start],
        "busy_ms": marks[-1]["at"] - marks[0]["at"],
        "bot_ms": [int(v) for v in page.evaluate("document.body.dataset.botMs").split(",")],
        "slice_ms": int(page.evaluate("document.body.dataset.botSliceMs")),
        "busy_text": busy_text,
    }


ATTEMPTS = 5  # wall-clock timing: on a busy machine a slice is sometimes descheduled; best of 5


def judge_long_tasks(runs: list[dict], what: str) -> None:
    """Pass if an attempt saw no long task.  If none did while the machine is overloaded (more
    runnable processes than cores: the renderer is descheduled mid-slice, which no slicing can
    prevent; in CPython one search iteration takes at most ~3 ms), the result says so (xfail)
    instead of blaming the page; on a machine with room it fails."""
    if any(not r["long"] for r in runs):
        return
    load, cores = os.getloadavg()[0], os.cpu_count() or 1
    message = f"tasks over 50 ms while {what}, in every attempt: {[r['long'] for r in runs]}"
    if load > cores:
        pytest.xfail(f"inconclusive, the machine is overloaded (load {load:.1f} on {cores} cores): {message}")
    pytest.fail(message)


def test_a_thinking_bot_never_blocks_the_page(new_context, page_guard, site, ready, report):
    runs = []
    for _ in range(ATTEMPTS):
        context = new_context()
        page = tally(page_guard.watch(context.new_page()))
        run = measure_bot_turn(page, site, ready, "?seats=hard,human&seed=1")
        context.close()
        runs.append(run)
        assert "Mars (bot) is thinking" in run["busy_text"]
        if not run["long"]:
            break
    report("shell, Tally bot thinking 0.5 s a step in 25 ms slices: " + "; ".join(
        f"busy {r['busy_ms']:.0f} ms, longest slice {r['slice_ms']} ms, long tasks {r['long']}" for r in runs))
    judge_long_tasks(runs, "the bot thought")


def test_ptolemaeus_bots_at_the_hardest_level_never_block_the_page(new_context, page_guard, site, ready, report):
    """The real game: two bots at the strongest level play on; no task over 50 ms meanwhile."""
    runs = []
    for _ in range(ATTEMPTS):
        context = new_context()
        page = page_guard.watch(context.new_page())
        page.add_init_script(INSTANT)
        page.add_init_script(LONGTASKS)
        page.goto(site.url + "index.html")
        ready(page)
        levels = page.evaluate("""() => [...document.querySelectorAll("li.ng-seat:first-child .ng-level option")]
                                        .map(o => o.value)""")
        if not levels:
            context.close()
            pytest.skip("no game with bots is registered in py/catalog.py yet")
        hardest = levels[-1]  # GameSpec.bot_levels: the last is the strongest
        page.goto(site.url + f"index.html?seats={hardest},{hardest}&seed=1")
        ready(page)
        start = page.evaluate("performance.now()")
        page.wait_for_function("document.body.dataset.busy === '1'", timeout=10_000)
        # Until 8 decisions that needed a search, or 25 s.
        page.wait_for_function("""() => (document.body.dataset.botMs || "").split(",")
                                          .filter(v => Number(v) > 5).length >= 8""", timeout=25_000)
        long = [round(t["duration"]) for t in page.evaluate("window.__longtasks") if t["start"] >= start]
        searched = [int(v) for v in page.evaluate("document.body.dataset.botMs").split(",") if int(v) > 5]
        runs.append({"long": long, "bot_ms": searched, "slice_ms": int(page.evaluate("document.body.dataset.botSliceMs"))})
        context.close()
        if not long:
            break
    report(f"shell, Ptolemaeus bots at {hardest!r}: " + "; ".join(
        f"decisions {r['bot_ms']} ms (median {sorted(r['bot_ms'])[len(r['bot_ms']) // 2]}), "
        f"longest slice {r['slice_ms']} ms, long tasks {r['long']}" for r in runs))
    medians = [sorted(r["bot_ms"])[len(r["bot_ms"]) // 2] for r in runs]
    assert min(medians) <= 1000, f"a hard bot move should take at most ~1 s: medians {medians} ms"
    judge_long_tasks(runs, "the bots played")


# ------------------------------------------------------------------ abandon, delete, two tabs


def test_abandon_on_start_and_delete_a_saved_game(guarded_page, site, ready):
    page = tally(guarded_page)
    open_page(page, site, ready, "?seats=human,easy&seed=5")
    wait_turn(page)
    act(page, page.locator("[data-action]").first.get_attribute("data-action"))
    first = stored(page)
    page.click("#shell-new")
    page.click("#ng-start")                                  # a second game; the first stays saved
    wait_turn(page)
    act(page, page.locator("[data-action]").first.get_attribute("data-action"))
    page.reload()
    ready(page)
    notice = page.locator('.shell-notice[data-kind="info"]')
    assert "Welcome back" in notice.inner_text()
    page.click("#shell-new")                 # the offer to abandon the game goes with the game (N5)
    assert page.evaluate("document.body.dataset.screen") == "newgame" and notice.count() == 0
    page.reload()
    ready(page)
    assert "Welcome back" in notice.inner_text()
    notice.get_by_role("button", name="Abandon this game").click()
    notice.get_by_role("button", name="Delete it and start anew").click()
    assert page.evaluate("document.body.dataset.screen") == "newgame"
    saved = page.locator("li.ng-saved-game")
    assert saved.count() == 1 and saved.get_attribute("data-id") == first["id"]
    saved.locator(".ng-delete").click()
    saved.locator(".ng-confirm").wait_for()              # asked once the game's lock says it is not in use
    # The question stands in place of the item's buttons: one "Delete" to press (play-test 5).
    assert saved.get_by_role("button", name="Delete").count() == 1
    assert saved.locator(".ng-resume").is_hidden() and saved.locator(".ng-delete").is_hidden()
    saved.locator(".ng-keep").click()                        # changed my mind
    assert page.locator("li.ng-saved-game").count() == 1
    assert saved.locator(".ng-resume").is_visible() and saved.locator(".ng-confirm").count() == 0
    saved.locator(".ng-delete").click()
    saved.locator(".ng-confirm").click()
    page.wait_for_function("!document.querySelector('li.ng-saved-game')")   # once its lock is granted
    assert page.evaluate(f"""() => Object.keys(localStorage).filter(k => k.startsWith("{PREFIX}game.")).length""") == 0


def test_a_second_tab_playing_the_same_game_is_noticed(guarded_page, page_guard, site, ready):
    page = tally(guarded_page)
    open_page(page, site, ready, "?seats=human,easy&seed=5")
    wait_turn(page)
    other = tally(page_guard.watch(page.context.new_page()))
    open_page(other, site, ready)
    # One tab plays a game at a time (issue 16, tests/browser/test_tabs.py): the second watches...
    other.wait_for_function("document.body.dataset.tab === 'watching'")
    other.locator('.shell-notice[data-kind="tabs"] button', has_text="Play here").click()
    other.wait_for_function("document.body.dataset.tab === 'playing'")   # ...until it takes over
    wait_turn(other)
    act(other, other.locator("[data-action]").first.get_attribute("data-action"))
    notice = page.locator('.shell-notice[data-kind="tabs"]')
    notice.wait_for()
    assert "another tab" in notice.inner_text()
    assert page.evaluate("document.body.dataset.tab") == "watching"


# ------------------------------------------------------------------ the real game in the shell


def test_ptolemaeus_hot_seat_never_shows_the_other_hand_and_a_reload_loses_nothing(guarded_page, site, ready):
    from app.session import Session
    from ptolemaeus_ui.spec import PtolemaeusSpec

    spec = PtolemaeusSpec()
    page = guarded_page
    page.add_init_script(INSTANT)
    open_page(page, site, ready, "?date=1969-07-20T20:17Z&seats=human,human&seed=3")
    if page.evaluate("document.body.dataset.screen") == "newgame":
        pytest.skip("Ptolemaeus is not registered in py/catalog.py")

    def secrets() -> dict:
        """Each seat's objective, from the engine (the replayed save)."""
        session = Session.from_data(stored(page), {spec.key: spec})
        return {seat: session.state.view(seat)["seats"][seat]["objective"] for seat in range(2)}

    def objectives_in_dom() -> list[str]:
        return page.evaluate("""() => [...document.querySelectorAll("[data-objective]")]
                                      .map(e => e.dataset.objective)""")

    def take_device() -> int:
        assert page.evaluate("document.body.dataset.screen") == "pass"
        assert page.locator(".pt-hand").count() == 0 and objectives_in_dom() == []
        name = page.locator("#shell-pass-title").inner_text().removeprefix("Pass the device to ")
        seat = [s["name"] for s in stored(page)["seats"]].index(name)
        page.click("#shell-pass-ready")
        page.locator(".pt-hand").wait_for()
        mine, theirs = secrets()[seat], secrets()[1 - seat]
        assert objectives_in_dom() == [mine] and mine != theirs
        assert f'data-objective="{theirs}"' not in page.content()
        return seat

    first = take_device()
    for i in (1, 2):                                  # draw two cards from the deck: the turn ends
        page.locator('button[data-act="deck"]').click()
        page.wait_for_function(f"document.body.dataset.moves === '{i}'")
    page.wait_for_function("document.body.dataset.screen === 'pass'")
    second = take_device()
    assert second != first
    moves = stored(page)["actions"]
    assert moves == [{"kind": "draw_deck"}, {"kind": "draw_deck"}]

    page.reload()
    ready(page)
    assert stored(page)["actions"] == moves           # 0 actions lost
    assert take_device() in (0, 1)                    # whoever holds the device says who they are


def test_a_game_started_from_the_bottom_of_the_form_opens_at_its_top(guarded_page, site, ready):
    """Play-test 3: "Start the game" at the bottom of the custom-game form opened the game scrolled
    down (scrollY 180–326), its turn line and scores above the window. A new screen starts at its top."""
    page = guarded_page
    page.set_viewport_size({"width": 1280, "height": 600})
    page.goto(site.url + "index.html")
    ready(page)
    page.locator("#ng-start").scroll_into_view_if_needed()
    assert page.evaluate("window.scrollY") > 0
    page.click("#ng-start")
    page.wait_for_function("document.body.dataset.screen === 'game' || document.body.dataset.screen === 'pass'")
    page.wait_for_timeout(200)
    assert page.evaluate("window.scrollY") == 0


# A page function: the new-game screen's content (the union of its parts' boxes; not "Skip to the menu",
# fixed at the window's top while it has the focus) and its columns.
LOBBY_BOXES_JS = """() => {
  const box = e => { const r = e.getBoundingClientRect(); return {left: r.left, right: r.right, top: r.top,
                                                                    bottom: r.bottom}; };
  const parts = [...document.querySelectorAll('section.ng > :not(.shell-skip)')].map(box);
  const kept = document.querySelector('section.ng .ng-kept');
  return {left: Math.min(...parts.map(p => p.left)), right: Math.max(...parts.map(p => p.right)),
          width: document.documentElement.clientWidth, scroll: document.documentElement.scrollWidth,
          lobby: box(document.querySelector('#lobby')), kept: kept && box(kept)};
}"""


def test_the_lobby_is_centred_and_its_saved_games_stand_beside_the_games(guarded_page, site, ready, axe):
    """Play-test 4: at 1280 px the new-game screen hugged the left and left the right half
    empty. Centred at every width; with saved games, on a wide screen they take a column beside the
    games and the form (on a phone, under the games as before)."""
    page = guarded_page
    page.add_init_script(INSTANT)
    sizes = ((1280, 800), (1920, 1080), (390, 844))

    def centred(where: str) -> dict:
        boxes = page.evaluate(LOBBY_BOXES_JS)
        gaps = (boxes["left"], boxes["width"] - boxes["right"])
        assert boxes["scroll"] <= boxes["width"], (where, boxes)
        assert abs(gaps[0] - gaps[1]) <= 2, (where, gaps)
        return boxes

    page.set_viewport_size({"width": 1280, "height": 800})
    open_page(page, site, ready)
    assert page.locator("section.ng .ng-kept").count() == 0         # nothing saved yet
    for width, height in sizes:
        page.set_viewport_size({"width": width, "height": height})
        centred(f"no saved game, {width}")
    page.set_viewport_size({"width": 1280, "height": 800})
    open_page(page, site, ready, "?game=pompeii&seats=human,bot&seed=3")
    page.click("#shell-new")
    page.wait_for_function("document.body.dataset.screen === 'newgame'")
    assert page.locator(".ng-kept li.ng-saved-game").count() == 1
    # Both cards laid out alike, with "Continue" (Pompeii's) or without: "How to play" on a line of its
    # own under "Play now" (play-test 6 #10: it wrapped only in the card with "Continue").
    for key in ("ptolemaeus", "pompeii"):
        card = page.locator(f'.lobby-game[data-game="{key}"]')
        play, rules = card.locator(".lobby-play").bounding_box(), card.locator(".lobby-rules").bounding_box()
        assert rules["y"] >= play["y"] + play["height"], (key, play, rules)
    assert page.locator('.lobby-game[data-game="pompeii"] .lobby-continue').count() == 1
    for width, height in sizes:
        page.set_viewport_size({"width": width, "height": height})
        boxes = centred(f"a saved game, {width}")
        lobby, kept = boxes["lobby"], boxes["kept"]
        if width >= 1280:      # beside the games, the content as wide as the page allows
            assert kept["left"] >= lobby["right"] and kept["top"] < lobby["bottom"], (width, boxes)
            assert boxes["right"] - boxes["left"] >= min(width - 48, 1240), (width, boxes)
        else:
            assert kept["top"] >= lobby["bottom"], (width, boxes)
    page.set_viewport_size({"width": 1280, "height": 800})
    assert axe(page) == []
    # Two saved games in the column: one item's buttons stand apart from the next item's text
    # (play-test 6 #10: they ran together).
    open_page(page, site, ready, "?game=pompeii&seats=human,bot&seed=4")
    page.click("#shell-new")
    page.wait_for_function("document.body.dataset.screen === 'newgame'")
    items = page.locator(".ng-kept li.ng-saved-game")
    assert items.count() == 2
    first, second = items.nth(0).bounding_box(), items.nth(1).bounding_box()
    assert second["y"] - (first["y"] + first["height"]) >= 12, (first, second)


@pytest.mark.parametrize("seed, message", [
    ("²", "the seed must be a whole number, not “²”"),
    ("9" * 5000, "the seed must be a whole number from 0 to 9007199254740991, not “999"),
    ("0" * 5000 + "1", "the seed must be a whole number from 0 to"),
], ids=["superscript", "5000 digits", "5000 zeros"])
def test_a_seed_that_only_looks_like_a_number_is_refused_with_a_message(guarded_page, site, ready, seed, message):
    """``"²".isdigit()`` is true but ``int("²")`` raises, as does ``int()`` of 5,000 digits: the form says
    what is wrong with the seed (it raised, the page said nothing and started nothing)."""
    page = tally(guarded_page)
    open_page(page, site, ready)
    page.click("#ng-advanced summary")
    page.fill("#ng-seed", seed)
    page.click("#ng-start")
    page.wait_for_function("document.getElementById('ng-error').textContent !== ''")
    assert message in page.locator("#ng-error").inner_text()
    assert page.evaluate("document.body.dataset.screen") == "newgame" and stored(page) is None
