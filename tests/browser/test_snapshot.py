"""The returning player's picture in Chromium (issue 13): the last board painted by loader.js long
before Python is ready, inert and hidden from assistive technology, never another seat's hidden
information (hot-seat: the curtain), replaced in place by the live board with no frame without one.

The time to picture with a warm service worker is printed by tests/browser/test_startup.py."""

from __future__ import annotations


import json

KEY = "ludus.snapshot"

# Watches, from the first script on, the picture and the live page: when #snapshot appeared
# (ms since navigation), where its board was, and any mutation after which neither the picture
# nor the ready live page was in the document (a frame without a board).
WATCH = """
(() => {
  window.__snap = {gaps: 0, seenAt: null, rect: null, labels: null};
  new MutationObserver(() => {
    const picture = document.getElementById("snapshot");
    const ready = document.body && document.body.dataset.ready === "1";
    if (picture && window.__snap.seenAt === null) {
      window.__snap.seenAt = performance.now();
      const svg = picture.querySelector("svg.pt-board");   // the board (icons in the status line move with its words)
      if (svg) { const r = svg.getBoundingClientRect(); window.__snap.rect = [r.x, r.y, r.width, r.height]; }
      const notices = picture.querySelector("#shell-notices");
      if (notices) window.__snap.notices = notices.getBoundingClientRect().bottom;
      window.__snap.welcome = picture.querySelectorAll('#shell-notices .shell-notice[data-kind="info"]').length;
      window.__snap.labels = {hidden: picture.getAttribute("aria-hidden"), inert: picture.hasAttribute("inert"),
                              status: (document.getElementById("loading") || {}).textContent || ""};
    }
    if (window.__snap.seenAt !== null && !picture && !ready) window.__snap.gaps += 1;
  }).observe(document, {subtree: true, childList: true, attributes: true});
})();
"""


def _wait_for_snapshot(page, screen: str) -> dict:
    """The picture the page stored, once it shows ``screen`` (the page saves it after a change)."""
    page.wait_for_function(f"""() => {{
        const text = localStorage.getItem("{KEY}");
        return text && JSON.parse(text).screen === "{screen}"; }}""", timeout=15_000)
    return json.loads(page.evaluate(f"localStorage.getItem('{KEY}')"))


def _board_rect(page) -> list[float]:
    return page.evaluate("""() => { const r = document.querySelector("#game svg.pt-board").getBoundingClientRect();
                                   return [r.x, r.y, r.width, r.height]; }""")


def test_a_returning_player_sees_the_last_board_at_once_then_the_live_one(new_context, page_guard, site, ready):
    context = new_context(viewport={"width": 1280, "height": 900})
    page = page_guard.watch(context.new_page())
    page.goto(site.url + "index.html?seats=human,bot&seed=1")
    ready(page)
    page.wait_for_function("document.body.dataset.busy !== '1'", timeout=30_000)
    stored = _wait_for_snapshot(page, "game")
    live_html = page.evaluate("document.getElementById('root').innerHTML")
    assert stored["curtain"] is False and stored["game"] == page.evaluate(
        "localStorage.getItem('ludus.current')")
    assert "data-constellation" in stored["html"] and "./static/py/ptolemaeus.zip" in stored["prefetch"]
    # astronomy, fetched ahead 2 s after the first screen (main.py), is not imported by a game at a
    # historic date: the returning player's page does not prefetch it (issue 13).
    page.wait_for_function("performance.getEntriesByName('py:archive:astronomy:unpacked').length > 0",
                           timeout=30_000)
    page.evaluate("window.dispatchEvent(new Event('pagehide'))")   # the picture is saved again, now
    again = json.loads(page.evaluate(f"localStorage.getItem('{KEY}')"))
    assert "./static/py/ptolemaeus.zip" in again["prefetch"]
    assert "./static/py/astronomy.zip" not in again["prefetch"], again["prefetch"]
    # Nothing beyond what the page showed: the DOM never holds a bot's hand (the shell's contract).
    assert len(stored["html"]) <= len(live_html) * 1.05 + 2000
    live_rect = _board_rect(page)

    page.add_init_script(WATCH)
    page.reload()
    page.wait_for_function("window.__snap && window.__snap.seenAt !== null", timeout=20_000)
    before_ready = page.evaluate("""() => ({ready: document.body.dataset.ready || null,
                                            flag: document.body.dataset.snapshot,
                                            planets: document.querySelectorAll('#snapshot [data-planet]').length})""")
    assert before_ready == {"ready": None, "flag": "painted", "planets": 7}
    ready(page)
    snap = page.evaluate("window.__snap")
    assert snap["labels"]["hidden"] == "true" and snap["labels"]["inert"] is True
    assert "not yet playable" in snap["labels"]["status"]
    assert page.evaluate("document.getElementById('snapshot')") is None
    assert page.evaluate("document.body.dataset.snapshot") == "replaced"
    assert snap["gaps"] == 0, "a moment with neither the picture nor the live board"
    # In place: the live board exactly where the picture's was, same size.  The picture is laid
    # out as the resumed page: the "Welcome back" notice it opens with, no recap of the bot's turn
    # (data-transient), which the picture taken after the bot's move had on screen (issue 13).
    x, y, width, height = _board_rect(page)
    notices = page.evaluate("document.getElementById('shell-notices').getBoundingClientRect().bottom")
    assert [x, width, height] == [snap["rect"][0], snap["rect"][2], snap["rect"][3]], (snap["rect"], live_rect)
    assert abs(y - snap["rect"][1]) <= 1, (snap, y)
    assert abs(notices - snap["notices"]) <= 1 and snap["welcome"] == 1, (snap, notices)
    assert "data-transient" not in stored["html"]   # (the page shows the recap only once the bot's turn is drawn)
    context.close()


def test_hot_seat_leaves_the_curtain_not_a_hand(new_context, page_guard, site, ready):
    context = new_context()
    page = page_guard.watch(context.new_page())
    page.goto(site.url + "index.html?seats=human,human&seed=4")
    ready(page)
    assert page.evaluate("document.body.dataset.screen") == "pass"
    page.click("#shell-pass-ready")
    page.wait_for_function("document.body.dataset.screen === 'game'")
    assert page.locator("#game .pt-hand [data-card]").count() > 0  # a hand is on screen now...
    stored = _wait_for_snapshot(page, "game")
    assert stored["curtain"] is True                                # ...but the picture is the curtain
    picture = page.evaluate(f"""() => {{
        const box = document.createElement("div");
        box.innerHTML = JSON.parse(localStorage.getItem("{KEY}")).html;
        return {{game: box.querySelector("#game").children.length, svg: box.querySelectorAll("svg").length,
                hand: box.querySelectorAll("[data-card], .pt-hand").length}};
    }}""")
    assert picture == {"game": 0, "svg": 0, "hand": 0}
    context.close()


def test_no_picture_for_a_game_link_or_another_current_game(new_context, page_guard, site, ready):
    context = new_context()
    page = page_guard.watch(context.new_page())
    page.goto(site.url + "index.html?seats=human,bot&seed=2")
    ready(page)
    _wait_for_snapshot(page, "game")
    page.add_init_script(WATCH)
    page.goto(site.url + "index.html?seats=human,bot&seed=3")   # a link starts another game: no old picture
    ready(page)
    assert page.evaluate("window.__snap.seenAt") is None
    _wait_for_snapshot(page, "game")
    page.evaluate("localStorage.setItem('ludus.current', 'someone-else')")
    page.goto(site.url + "index.html")                            # not the game the picture shows
    ready(page)
    assert page.evaluate("window.__snap.seenAt") is None
    page.goto(site.url + "index.html")
    ready(page)
    assert page.evaluate("document.body.dataset.screen") == "newgame"
    page.wait_for_function(f"localStorage.getItem('{KEY}') === null", timeout=10_000)  # no game: no picture
    context.close()


def test_the_picture_loads_only_the_game_on_screens_stylesheet(new_context, page_guard, site, ready):
    """A tab that showed Ptolemaeus and then plays Pompeii: its picture links the page's own
    stylesheets and pompeii.css, not ptolemaeus.css (a returning player's page would fetch it for
    nothing; Chromium warns of a preloaded stylesheet not used)."""
    context = new_context(viewport={"width": 1280, "height": 900})
    page = page_guard.watch(context.new_page())
    page.goto(site.url + "index.html")
    ready(page)
    page.locator('.lobby-game[data-game="ptolemaeus"] .lobby-play').click()
    page.wait_for_function("document.querySelector('#game svg.pt-board') !== null", timeout=30_000)
    assert _wait_for_snapshot(page, "game")["css"].count("./static/ptolemaeus.css") == 1
    page.locator("#shell-new").click()
    page.locator('.lobby-game[data-game="pompeii"] .lobby-play').click()
    page.wait_for_function("document.querySelector('#game svg.pp-board') !== null", timeout=30_000)
    page.wait_for_function("document.body.dataset.busy !== '1'", timeout=30_000)
    page.evaluate("window.dispatchEvent(new Event('pagehide'))")   # the picture is saved again, now
    css = json.loads(page.evaluate(f"localStorage.getItem('{KEY}')"))["css"]
    assert "./static/pompeii.css" in css and "./static/ptolemaeus.css" not in css, css
    assert "./static/app.css" in css and len(css) == len(set(css)), css
    context.close()
