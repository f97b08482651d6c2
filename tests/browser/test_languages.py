"""The page in four languages: a link's lang=, the browser's languages, the
settings (mid-game, nothing lost), remembered across a reload; the rules pages.

The texts come from the language files (py/app/lang, py/ptolemaeus_ui/lang):
the tests read the expected words from there rather than repeat them.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PREFIX = "ludus."
SOLO = "?date=1969-07-20T20:17Z&seats=human&seed=7"


def texts(layer: str, lang: str) -> dict:
    folder = "app" if layer == "app" else "ptolemaeus_ui"
    return json.loads((ROOT / "py" / folder / "lang" / f"{lang}.json").read_text(encoding="utf-8"))


def fill(text: str, **params) -> str:
    return text.format(**params)


def status(page) -> str:
    return page.locator(".pt-status").inner_text()


def expect_language(page, lang: str) -> None:
    """The chrome, the game and <html lang> all in ``lang`` (solitaire, round 1, our turn)."""
    app, game = texts("app", lang), texts("ptolemaeus", lang)
    assert page.evaluate("document.documentElement.lang") == lang
    assert page.locator("#shell-new").inner_text() == app["header.new"]
    assert page.locator("#shell-settings summary").text_content().strip() == app["settings.title"]
    line = status(page)
    assert fill(game["status.round"], round=1, turn=1) in line and game["status.your_turn_plain"] in line
    assert page.locator(".pt-prompt h2").first.text_content().strip() == game["prompt.heading"]
    # The rules of the game, in its language: the header's link (the game draws none of its own).
    rules = page.locator("#shell-rules")
    assert rules.get_attribute("href") == ("rules.html" if lang == "en" else f"rules.{lang}.html")
    assert rules.inner_text() == app["header.rules"] and page.locator(".pt a[href*='rules']").count() == 0


def game_texts_fetched(page_guard) -> set[str]:
    """The languages whose game texts the page fetched (static/py/<package>/lang/<lang>.json)."""
    return {url.rsplit("/", 1)[1].removesuffix(".json") for url in page_guard.requests
            if "/static/py/" in url and "_ui/lang/" in url}


def test_a_link_with_lang_then_a_reload_then_the_settings_mid_game(guarded_page, page_guard, site, ready):
    page = guarded_page
    page.goto(site.url + "index.html" + SOLO + "&lang=es")
    ready(page)
    expect_language(page, "es")
    # Only the page's language (and English, the fallback) was fetched (issue 13).
    assert game_texts_fetched(page_guard) == {"es", "en"}
    # The loading screen's texts (loader.js, offline.js) come from the same files.
    assert page.evaluate("window.ludusTexts.load('es').then(t => t['loader.loading'])") == \
        texts("app", "es")["loader.loading"]
    # A move, so that there is something to lose: draw from the deck, twice.
    page.click('[data-act="deck"]')
    page.click('[data-act="deck"]')
    page.wait_for_function("document.body.dataset.moves === '2'")
    es = texts("ptolemaeus", "es")
    assert es["log.draw.you"] in page.locator(".pt-log").inner_text()

    # Remembered: the link's query is gone, the language stays.
    page.reload()
    ready(page)
    assert "lang=" not in page.url
    assert json.loads(page.evaluate(f"localStorage.getItem('{PREFIX}settings')"))["lang"] == "es"
    assert page.evaluate("document.body.dataset.moves") == "2"
    assert es["log.draw.you"] in page.locator(".pt-log").inner_text()

    # The settings, mid-game: Italian, then German; the game goes on where it was (each
    # language's texts fetched when chosen).
    board = page.locator(".pt-board").inner_html()
    for lang in ("it", "de"):
        page.click("#shell-settings summary")
        page.select_option("#shell-lang", lang)
        page.wait_for_function(f"document.documentElement.lang === '{lang}'")
        game = texts("ptolemaeus", lang)
        assert page.evaluate("document.body.dataset.moves") == "2"
        assert page.evaluate("document.body.dataset.screen") == "game"
        log = page.locator(".pt-log").inner_text()
        assert game["log.draw.you"] in log and es["log.draw.you"] not in log
        assert page.locator(".pt-prompt h2").first.text_content().strip() == game["prompt.heading"]
        assert page.locator(".pt-board [data-planet]").count() == 7
        page.click("#shell-settings summary")   # close
    assert page.locator(".pt-board").inner_html() != board          # relabelled...
    assert game_texts_fetched(page_guard) == {"es", "en", "it", "de"}
    assert shell_texts_fetched(page_guard) == {"es", "it", "de"}     # the shell's English is in shell.zip
    assert page.locator('.pt-board [data-planet="Sol"]').get_attribute("data-at") == "Cancer"  # ...same sky
    de = texts("app", "de")
    assert page.locator("#shell-new").inner_text() == de["header.new"]
    assert json.loads(page.evaluate(f"localStorage.getItem('{PREFIX}settings')"))["lang"] == "de"
    # The game is still playable in German.
    page.reload()
    ready(page)
    assert page.evaluate("document.documentElement.lang") == "de"
    assert texts("ptolemaeus", "de")["log.draw.you"] in page.locator(".pt-log").inner_text()


def finished_pompeii_link() -> str:
    """A replay link (``#replay=…``) of a two-seat Pompeii game played out at random."""
    import random

    import catalog  # noqa: F401 - registers the page's games
    from app.games import CATALOG
    from app.replay import encode_link
    from app.session import Session, default_seats

    spec = CATALOG["pompeii"].load()
    session = Session.start(spec, {"players": 2, "seed": 4}, default_seats(spec, ["human", "bot"]))
    rng = random.Random(4)
    while not session.over:
        session.apply(rng.choice(spec.legal_actions(session.state)))
    return encode_link(session)


def expect_rules_link(page, game: str, lang: str) -> None:
    """The header's Rules link: shown, to ``game``'s rules page in ``lang`` (its catalog entry's), its
    words in ``lang``, opening a new tab as the games' own links did (the game stays as it is)."""
    import catalog  # noqa: F401 - registers the page's games
    from app.games import CATALOG

    info, app = CATALOG[game], texts("app", lang)
    link = page.locator(".shell-header #shell-rules")
    assert link.is_visible()
    assert link.get_attribute("href") == info.rules_pages[lang]
    assert link.inner_text() == app["header.rules"]
    assert link.get_attribute("title") == fill(app["header.rules.title"], title=info.titles[lang])
    assert link.get_attribute("target") == "_blank" and link.get_attribute("rel") == "noopener"
    assert page.locator("#game a[href*='rules'], #shell-replay a[href*='rules']").count() == 0


def test_the_headers_rules_link_follows_the_game_and_the_language(guarded_page, site, ready):
    """Each game drew its own Rules link in its area (Shift+Tab from its prompt met it before the menu).
    One link now, the shell's, in the header: the rules of the game on screen in the page's language,
    through a language switch, another game and its replay; none on the new-game screen, where every
    game has its own."""
    page = guarded_page
    page.goto(site.url + "index.html" + SOLO)
    ready(page)
    expect_rules_link(page, "ptolemaeus", "en")
    page.click("#shell-settings summary")
    page.select_option("#shell-lang", "it")
    page.wait_for_function("document.documentElement.lang === 'it'")
    page.click("#shell-settings summary")   # close
    expect_rules_link(page, "ptolemaeus", "it")

    page.click("#shell-new")
    page.wait_for_function("document.body.dataset.screen === 'newgame'")
    assert page.locator("#shell-rules").is_hidden()
    page.locator('.lobby-game[data-game="pompeii"] .lobby-play').click()
    page.wait_for_function("document.body.dataset.screen === 'game'")
    page.wait_for_selector(".pp")
    expect_rules_link(page, "pompeii", "it")
    page.click("#shell-settings summary")
    page.select_option("#shell-lang", "de")
    page.wait_for_function("document.documentElement.lang === 'de'")
    page.click("#shell-settings summary")
    expect_rules_link(page, "pompeii", "de")

    # A replay (a shared link's): the rules of the game replayed, one click away.
    page.evaluate("link => { location.hash = link; }", finished_pompeii_link()[1:])
    page.wait_for_function("document.body.dataset.screen === 'replay'")
    page.wait_for_selector("#shell-replay .pp")
    expect_rules_link(page, "pompeii", "de")
    # Back to Ptolemaeus, by a link: its page in German.
    page.goto(site.url + "index.html" + SOLO)
    ready(page)
    expect_rules_link(page, "ptolemaeus", "de")


def test_the_screen_readers_lines_said_before_a_language_switch_are_gone_after_it(guarded_page, site, ready):
    """Play-test 3: the live region kept its earlier lines in the language they were said in; the
    move log (every move, in the new language) is where the history is read again."""
    page = guarded_page
    page.goto(site.url + "index.html" + SOLO + "&lang=es")
    ready(page)
    page.click('[data-act="deck"]')
    page.wait_for_function("document.body.dataset.moves === '1'")
    es, de = texts("ptolemaeus", "es"), texts("ptolemaeus", "de")
    live = page.locator(".pt-announce")                # the live region (boardui.live)
    assert es["log.draw.you"] in live.text_content()
    page.click("#shell-settings summary")
    page.select_option("#shell-lang", "de")
    page.wait_for_function("document.documentElement.lang === 'de'")
    assert es["log.draw.you"] not in live.text_content()
    assert de["log.draw.you"] in page.locator(".pt-log").inner_text()


@pytest.mark.parametrize("lang", ["it", "de"])
def test_a_link_shows_the_game_in_that_language(guarded_page, site, ready, lang):
    page = guarded_page
    page.goto(site.url + "index.html" + SOLO + f"&lang={lang}")
    ready(page)
    expect_language(page, lang)


@pytest.mark.browser_context_args(locale="de-DE")
def test_a_link_language_the_page_does_not_have_is_said_once(guarded_page, site, ready):
    """Play-test 5 #9: ``?lang=xx`` was ignored without a word; now a notice names it and says the
    page is in the language it shows (here the browser's), and a reload does not say it again."""
    page = guarded_page
    page.goto(site.url + "index.html?lang=xx")
    ready(page)
    assert page.evaluate("document.documentElement.lang") == "de"
    notice = page.locator('.shell-notice[data-kind="lang"]')
    assert notice.locator(".shell-notice-text").inner_text() == fill(texts("app", "de")["start.bad_lang"], asked="xx")
    assert "lang=" not in page.url
    page.reload()
    ready(page)
    assert page.locator('.shell-notice[data-kind="lang"]').count() == 0


def shell_texts_fetched(page_guard) -> set[str]:
    """The languages whose shell texts were fetched (static/py/app/lang/<lang>.json): shell.zip holds
    only the shell's English and the few texts needed in every language (app.i18n.EVERYWHERE)."""
    return {url.rsplit("/", 1)[1].removesuffix(".json") for url in page_guard.requests
            if "/static/py/app/lang/" in url}


@pytest.mark.browser_context_args(locale="de-DE")
def test_the_browser_language_on_a_first_visit(guarded_page, page_guard, site, ready):
    page = guarded_page
    page.goto(site.url + "index.html")
    ready(page)
    assert shell_texts_fetched(page_guard) == {"de"}        # only the page's language (issue 13)
    names = page.eval_on_selector_all("#shell-lang option", "options => options.map(o => o.textContent)")
    assert names == [texts("app", lang)["language.name"] for lang in ("en", "es", "it", "de")]
    assert page.evaluate("navigator.languages")[0].startswith("de")
    app = texts("app", "de")
    assert page.evaluate("document.documentElement.lang") == "de"
    assert page.locator("#ng-title").inner_text() == app["newgame.title"]
    assert page.locator("#ng-start").inner_text() == app["newgame.start"]
    # Not pinned: the browser's language is followed until one is chosen.
    stored = page.evaluate(f"localStorage.getItem('{PREFIX}settings')")
    assert stored is None or "lang" not in json.loads(stored)


@pytest.mark.parametrize("lang", ["en", "es", "it", "de"])
def test_the_rules_page_in_each_language(page, site, lang):
    name = "rules.html" if lang == "en" else f"rules.{lang}.html"
    page.goto(site.url + name)
    game = texts("ptolemaeus", lang)
    assert page.evaluate("document.documentElement.lang") == lang
    assert page.locator("main.rules h1").text_content().strip() == game["rules.h1"]
    assert page.locator("#R16 strong").text_content().strip() == game["rules.R16.title"]
    assert page.locator(f'.rules-langs a[aria-current="page"][hreflang="{lang}"]').count() == 1
