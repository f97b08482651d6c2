"""Offline play and updates: the service worker (sw.js, static/offline.js, tools/precache.py).

Service workers are blocked in the other browser tests (conftest); this module
allows them.  The page guard's routing of every request (to abort other
origins) goes on: with Chromium, Playwright routes the worker's own fetches
too, and the requests the worker answers from its cache still show as the
page's requests (with 0 failures allowed, as everywhere).
"""

from __future__ import annotations

import contextlib
import importlib.util
import json
import re
import threading
from pathlib import Path

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeout

ROOT = Path(__file__).resolve().parents[2]


def _tool(name: str):
    spec = importlib.util.spec_from_file_location(f"ptolemaeus_{name}", ROOT / "tools" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


precache = _tool("precache")
build_site = _tool("build_site")
serve = _tool("serve")

pytestmark = pytest.mark.browser_context_args(service_workers="allow")

CONTROL_TIMEOUT_MS = 90_000
# A game link (docs/app-architecture.md): Apollo XI's day, the player against a bot.
GAME_LINK = "?date=1969-07-20&seats=human,bot&seed=3"
MOVES_JS = "Number(document.body.dataset.moves || 0)"

VERSION_JS = "document.documentElement.dataset.offlineVersion"

CACHE_JS = """async (version) => {
  const names = await caches.keys();
  const mine = names.filter((name) => name.endsWith(" " + version));
  const urls = mine.length ? (await (await caches.open(mine[0])).keys()).map((r) => r.url) : [];
  return {names, urls};
}"""

# The engine in the page's interpreter (the same one main.py ran in): a new game
# and its first decision, written back into the DOM.
ENGINE_TURN_JS = """() => {
  const script = document.createElement("script");
  script.type = "py";
  script.textContent = [
    "import ptolemaeus as pt",
    "from pyscript import document",
    "s = pt.new_game(players=2, seed=7, start='1969-07-20T20:17Z')",
    "first = s.legal_actions()[0]",
    "s.apply(first)",
    "document.body.dataset.offlineEngine = str(first) + ' | ' + str(s.decision())",
  ].join("\\n");
  document.body.appendChild(script);
}"""


def wait_controlled(page, ready) -> str:
    """Wait until the service worker controls ``page`` (reloading once if needed); its version."""
    try:
        page.wait_for_function(f"navigator.serviceWorker.controller !== null && {VERSION_JS} !== undefined",
                               timeout=CONTROL_TIMEOUT_MS)
    except PlaywrightTimeout:
        page.reload()
        ready(page)
        page.wait_for_function(f"navigator.serviceWorker.controller !== null && {VERSION_JS} !== undefined",
                               timeout=CONTROL_TIMEOUT_MS)
    return page.evaluate(VERSION_JS)


def cached_urls(page, version: str) -> list[str]:
    state = page.evaluate(CACHE_JS, version)
    return sorted(state["urls"])


def play_a_turn(page) -> str:
    """Play offline: a turn through the game UI (draw two cards from the deck, then the
    bot's turn, until the deck is ours again), and the engine itself in the page's Python."""
    played = []
    deck = page.locator('button[data-act="deck"]')
    deck.first.wait_for(state="visible", timeout=60_000)  # the game of GAME_LINK, our turn
    start = page.evaluate(MOVES_JS)
    bar = "document.querySelector('#shell-confirm:not([hidden])')"
    for n in (1, 2):
        deck.first.click()
        # "Confirm my moves" (on by default) holds a turn-ending draw until it is confirmed.
        page.wait_for_function(f"{MOVES_JS} >= {start + n} || {bar} !== null", timeout=30_000)
        if page.evaluate(f"{bar} !== null"):
            page.locator("#shell-confirm-ok").click()
        page.wait_for_function(f"{MOVES_JS} >= {start + n}", timeout=30_000)
    page.wait_for_function(
        f"""{MOVES_JS} > {start + 2} && !document.body.dataset.busy
            && document.querySelector('button[data-act="deck"]') !== null""", timeout=120_000)
    played.append(f"ui: moves {start} -> {page.evaluate(MOVES_JS)}")
    page.evaluate(ENGINE_TURN_JS)
    page.wait_for_function("document.body.dataset.offlineEngine !== undefined", timeout=30_000)
    engine = page.evaluate("document.body.dataset.offlineEngine")
    assert engine == "draw from the deck | draw a second card", engine
    played.append("engine")
    return ", ".join(played)


def assert_offline(context, url: str) -> None:
    """The network is really cut: a page that is not precached can't be loaded."""
    probe = context.new_page()  # not watched by the guard: this failure is the point
    with pytest.raises(PlaywrightError):
        probe.goto(url, timeout=15_000)
    probe.close()


# ------------------------------------------------------------------ offline


def _visit_then_play_offline(new_context, page_guard, site, ready, report, label):
    context = new_context()
    page = page_guard.watch(context.new_page())
    page.goto(site.url)
    ready(page)
    version = wait_controlled(page, ready)

    # Everything in the precache is in this version's cache, and nothing else.
    files = precache.read(ROOT)["files"]  # served by tools/serve.py, regenerated on request
    assert precache.read(ROOT)["version"] == version
    assert cached_urls(page, version) == sorted(site.url + path for path in files)
    registration = page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.scope)")
    assert registration == site.url, "the worker's scope is the page's folder"

    context.set_offline(True)
    assert page.evaluate("navigator.onLine") is False
    assert_offline(context, site.url + "README.md")

    page_guard.requests.clear()
    page.goto(site.url + GAME_LINK)  # a navigation with a query: still index.html from the cache
    ready(page)
    assert page.evaluate(VERSION_JS) == version
    played = play_a_turn(page)

    # Everything the page asked for while offline was answered (0 failed requests, the guard
    # checks), all of it under the site, the runtime and pyscript.toml's files included.
    asked = set(page_guard.requests)
    for path in ("index.html", "pyscript.toml", "static/loader.js", "static/vendor/pyodide/pyodide.asm.wasm",
                 "py/app/main.py", "static/py/shell.zip", "static/py/ptolemaeus.zip",
                 "static/py/ptolemaeus_ui/lang/en.json"):
        assert any(url.startswith(site.url + path) or (path == "index.html" and url.startswith(site.url + "?"))
                   for url in asked), f"{path} was not asked for offline"
    assert all(url.startswith(site.url) or url.startswith(("data:", "blob:")) for url in asked)
    if "rules.html" in files:  # the rules page, offline too
        response = page.goto(site.url + "rules.html")
        assert response.ok and "rules.html" in page.url
    report(f"offline ({label}): version {version}, {len(files)} files precached, played a turn ({played})")


def test_plays_offline_after_one_visit(new_context, page_guard, site, ready, report):
    _visit_then_play_offline(new_context, page_guard, site, ready, report, "site root")


def test_plays_offline_under_a_subpath(new_context, page_guard, site_under_subpath, ready, report):
    _visit_then_play_offline(new_context, page_guard, site_under_subpath, ready, report, site_under_subpath.url)


def test_a_returning_player_boots_offline_from_the_memory_snapshot(new_context, page_guard, site, ready, report):
    """Issue 18: the service worker's offline flow still works on the snapshot path. Once a
    snapshot is stored, loader.js leaves the runtime to Pyodide's own fetch: offline, the
    service worker answers it, the restore succeeds and the game plays."""
    context = new_context()
    page = page_guard.watch(context.new_page())
    page.goto(site.url + GAME_LINK)
    ready(page)
    wait_controlled(page, ready)
    page.wait_for_function("document.documentElement.dataset.memsnap === 'built'"
                           " || (window.ludusMemsnap && window.ludusMemsnap.build && !window.ludusMemsnap.build.ok)",
                           timeout=240_000)
    assert page.evaluate("window.ludusMemsnap.build.ok") is True
    assert page.evaluate("localStorage.getItem('ludus.memsnap.stored')") is not None

    context.set_offline(True)
    assert_offline(context, site.url + "README.md")
    page.goto(site.url + GAME_LINK)
    ready(page)
    path = page.evaluate("[document.documentElement.dataset.boot, document.documentElement.dataset.memsnap]")
    assert path[0] == "snapshot", path
    played = play_a_turn(page)
    report(f"offline from the memory snapshot: played a turn ({played})")


# ------------------------------------------------------------------ Pompeii offline (issue 12)

POMPEII_INIT = """
window.pompeiiTestEnable = true;
if (!localStorage.getItem("ludus.settings"))
  localStorage.setItem("ludus.settings", JSON.stringify({bot_speed: "instant", confirm: "off"}));
"""
POMPEII_HUMAN = """() => { const t = window.pompeiiTest; if (!t) return false;
    const i = JSON.parse(t.info());
    return i.current_player === i.viewer && !i.animating && i.legal.length > 0; }"""
SESSION_JS = """() => JSON.parse(localStorage.getItem("ludus.game." + localStorage.getItem("ludus.current")))"""
CITIZENS_JS = """() => [...document.querySelectorAll('[data-citizen]')]
                   .map(e => e.dataset.owner + '@' + e.dataset.at).sort().join(' ')"""


def _pompeii_decide(page) -> None:
    """One decision of the human (seat 0), made by its clicks on the board and the hand
    (``pompeii_ui.interact.click_path``), checked against the saved game; then the bot's answer."""
    from pompeii_ui.interact import click_path
    from pompeii_ui.spec import PompeiiSpec

    spec = PompeiiSpec()
    page.wait_for_function(POMPEII_HUMAN, timeout=60_000)
    data = page.evaluate(SESSION_JS)
    state = spec.replay(data["setup"], data["actions"])
    legal = state.legal_actions()
    action = legal[0]
    n = len(data["actions"])
    for act, arg in click_path(action, legal):
        if act == "sq":
            page.locator(f'.pp-board [data-square="{arg}"][data-act="sq"]').click()
        else:
            page.locator(f'.pp [data-act="{act}"]' + (f'[data-arg="{arg}"]' if arg else "")).first.click()
    page.wait_for_function(f"{MOVES_JS} > {n}", timeout=30_000)
    assert page.evaluate(SESSION_JS)["actions"][n] == spec.action_to_json(action)
    page.wait_for_function(POMPEII_HUMAN, timeout=60_000)


def test_pompeii_plays_offline_from_the_lobby_and_resumes_after_a_reload(new_context, page_guard, site, ready,
                                                                         report):
    """Issue 12: with the worker warm and the network cut, Pompeii starts from the lobby's Play now,
    is played by clicks (the bot answering), and a reload (still offline) resumes the same game."""
    context = new_context()
    page = page_guard.watch(context.new_page())
    page.add_init_script(POMPEII_INIT)
    page.goto(site.url)
    ready(page)
    version = wait_controlled(page, ready)
    files = precache.read(ROOT)["files"]
    for path in ("static/py/pompeii.zip", "static/py/pompeii_ui.zip", "static/py/pompeii_ui/lang/en.json",
                 "static/pompeii.css", "rules.pompeii.html"):
        assert path in files, path

    context.set_offline(True)
    assert_offline(context, site.url + "README.md")
    page_guard.requests.clear()
    page.goto(site.url)                                   # the lobby, from the cache
    ready(page)
    assert page.evaluate(VERSION_JS) == version
    page.locator('.lobby-game[data-game="pompeii"] .lobby-play').click()
    page.wait_for_function("document.body.dataset.screen === 'game' && document.querySelector('svg.pp-board')",
                           timeout=60_000)
    session = page.evaluate(SESSION_JS)
    assert session["game"] == "pompeii" and session["setup"]["players"] == 2
    assert [s["kind"] for s in session["seats"]] == ["human", "bot"]
    for _ in range(3):
        _pompeii_decide(page)
    before = page.evaluate(SESSION_JS)
    citizens = page.evaluate(CITIZENS_JS)
    assert len(before["actions"]) >= 4 and citizens

    page.reload()                                         # still offline: the same game comes back
    ready(page)
    page.wait_for_function(POMPEII_HUMAN, timeout=60_000)
    assert page.evaluate(SESSION_JS) == before
    assert page.evaluate(CITIZENS_JS) == citizens
    _pompeii_decide(page)                                 # and goes on
    asked = set(page_guard.requests)
    for path in ("static/py/pompeii.zip", "static/py/pompeii_ui.zip", "static/py/pompeii_ui/lang/en.json",
                 "static/pompeii.css"):
        assert any(url.startswith(site.url + path) for url in asked), f"{path} was not asked for offline"
    assert all(url.startswith(site.url) or url.startswith(("data:", "blob:")) for url in asked)
    report(f"offline Pompeii: version {version}, {len(page.evaluate(SESSION_JS)['actions'])} actions played "
           "from the lobby, resumed after an offline reload")


def test_a_saved_game_of_the_other_game_continues_offline(new_context, page_guard, site, ready, report):
    """Offline, the lobby's Continue of a game whose code this page has not loaded yet fetches its
    archives through the page's own fetch first (the service worker answers it; the import hook's
    synchronous request would not be: Chromium passes no synchronous XHR to a service worker)."""
    context = new_context()
    page = page_guard.watch(context.new_page())
    page.add_init_script(POMPEII_INIT)
    page.goto(site.url)
    ready(page)
    wait_controlled(page, ready)
    page.locator('.lobby-game[data-game="pompeii"] .lobby-play').click()
    page.wait_for_function("document.body.dataset.screen === 'game' && document.querySelector('svg.pp-board')",
                           timeout=60_000)
    pompeii = page.evaluate(SESSION_JS)
    assert pompeii["game"] == "pompeii"
    page.locator("#shell-new").click()
    page.locator('.lobby-game[data-game="ptolemaeus"] .lobby-play').click()
    page.wait_for_function("document.body.dataset.screen === 'game' && document.querySelector('svg.pt-board')",
                           timeout=60_000)
    assert page.evaluate(SESSION_JS)["game"] == "ptolemaeus"

    context.set_offline(True)
    assert_offline(context, site.url + "README.md")
    page_guard.requests.clear()
    page.reload()                                         # resumes Ptolemaeus: Pompeii's code is not here
    ready(page)
    page.wait_for_function("document.querySelector('svg.pt-board')", timeout=60_000)
    page.wait_for_timeout(3000)                           # past main.py's later fetches
    assert not any("static/py/pompeii" in url for url in page_guard.requests), " ".join(sorted(page_guard.requests))
    page.locator("#shell-new").click()
    page.locator('.lobby-game[data-game="pompeii"] .lobby-continue').click()
    page.wait_for_function("document.body.dataset.screen === 'game' && document.querySelector('svg.pp-board')",
                           timeout=60_000)
    page.wait_for_function(f"localStorage.getItem('ludus.current') === {pompeii['id']!r}", timeout=30_000)
    assert page.evaluate(SESSION_JS) == pompeii
    assert any(url.startswith(site.url + "static/py/pompeii.zip") for url in page_guard.requests)
    report("offline Continue of the other game: its archives fetched through the service worker")


# ------------------------------------------------------------------ updates


@contextlib.contextmanager
def _serving(root: Path, prefix: str, fresh_manifest: bool = True):
    server = serve.make_server("127.0.0.1", 0, prefix, quiet=True, root=root, fresh_manifest=fresh_manifest)
    thread = threading.Thread(target=server.serve_forever, name=f"built-site{prefix}", daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}{prefix}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(5)


def _change_the_site(root: Path) -> str:
    """Version B: a marked index.html and app.css, then the regenerated manifest (as a deploy does)."""
    index = root / "index.html"
    index.write_text(index.read_text().replace("<head>", '<head>\n  <meta name="site-build" content="B">', 1))
    css = root / "static" / "app.css"
    css.write_text(css.read_text() + "\n/* site-build B */\n")
    _, data, changed = precache.write(root)
    assert changed
    return data["version"]


BUILD_JS = "document.querySelector('meta[name=site-build]')?.content ?? 'A'"
CSS_BUILD_JS = "fetch('./static/app.css').then(r => r.text()).then(t => t.includes('site-build B') ? 'B' : 'A')"


def test_update_waits_for_the_player_then_replaces_the_cache(new_context, page_guard, ready, tmp_path, report):
    site_dir = tmp_path / "site"
    version_a = build_site.build(site_dir)["version"]
    with _serving(site_dir, "/ptolemaeus/") as url:
        page_guard.local_origins.add(re.match(r"https?://[^/]+", url).group(0))
        context = new_context()
        page = page_guard.watch(context.new_page())
        page.goto(url)
        ready(page)
        assert wait_controlled(page, ready) == version_a
        assert page.locator("#update-notice").count() == 0

        version_b = _change_the_site(site_dir)
        assert version_b != version_a
        page.reload()  # the browser checks sw.js + sw-manifest.js: B installs and waits
        ready(page)
        notice = page.locator("#update-notice")
        notice.wait_for(state="visible", timeout=CONTROL_TIMEOUT_MS)
        assert "Update available" in notice.inner_text()
        # Until the player accepts, version A whole: its page, its files, its cache.
        assert page.evaluate(BUILD_JS) == "A"
        assert page.evaluate(CSS_BUILD_JS) == "A"
        assert page.evaluate(VERSION_JS) == version_a
        page.reload()
        ready(page)
        assert page.evaluate(BUILD_JS) == "A", "a reload alone must not switch versions"
        notice.wait_for(state="visible", timeout=30_000)  # the waiting update is offered again
        # A language chosen now: the notice follows it (play-test 4: it stayed in English).
        german = json.loads((ROOT / "py/app/lang/de.json").read_text(encoding="utf-8"))
        page.click("#shell-settings summary")
        page.select_option("#shell-lang", "de")
        page.wait_for_function(f"document.querySelector('#update-reload').textContent === {json.dumps(german['offline.reload'])}")
        assert german["offline.update"] in notice.inner_text()
        page.click("#shell-settings summary")

        # A cache of the site from before it was called Ludus: the new worker deletes it too.
        page.evaluate("scope => caches.open('ptolemaeus ' + scope + ' 0123456789abcdef')", url)
        with page.expect_navigation(timeout=CONTROL_TIMEOUT_MS):
            page.locator("#update-reload").click()  # skipWaiting, then reload on controllerchange
        ready(page)
        page.wait_for_function(f"{VERSION_JS} === '{version_b}'", timeout=CONTROL_TIMEOUT_MS)
        assert page.evaluate(BUILD_JS) == "B"
        assert page.evaluate(CSS_BUILD_JS) == "B"
        assert page.locator("#update-notice").count() == 0
        caches = page.evaluate(CACHE_JS, version_b)
        assert [name.rsplit(" ", 1)[1] for name in caches["names"]] == [version_b], caches["names"]
        assert all(name.startswith("ludus ") for name in caches["names"]), caches["names"]
        assert len(caches["urls"]) == len(precache.read(site_dir)["files"])

        # And version B plays offline.
        context.set_offline(True)
        page.goto(url + GAME_LINK)
        ready(page)
        assert page.evaluate(BUILD_JS) == "B"
        played = play_a_turn(page)
    report(f"update: {version_a} -> {version_b} after the click, old cache deleted; offline on B ({played})")


# A page function: the area (px²) where the first element of each selector overlap.
OVERLAP_JS = """([a, b]) => { const r = document.querySelector(a).getBoundingClientRect(),
    s = document.querySelector(b).getBoundingClientRect();
    return Math.max(0, Math.min(r.right, s.right) - Math.max(r.left, s.left))
         * Math.max(0, Math.min(r.bottom, s.bottom) - Math.max(r.top, s.top)); }"""
BOARDS = {GAME_LINK: ".pt-board", "?game=pompeii&seats=human,bot&seed=3": ".pp-board"}


def test_the_update_notice_takes_its_place_above_the_board(new_context, page_guard, ready, tmp_path):
    """The update notice is one of the shell's notices, above the screen, in the page's flow: fixed
    at the window's foot it hid the bottom of either game's board (play-test 4)."""
    site_dir = tmp_path / "site"
    build_site.build(site_dir)
    with _serving(site_dir, "/") as url:
        page_guard.local_origins.add(re.match(r"https?://[^/]+", url).group(0))
        context = new_context(viewport={"width": 1280, "height": 800})
        page = page_guard.watch(context.new_page())
        page.goto(url + GAME_LINK)
        ready(page)
        wait_controlled(page, ready)
        _change_the_site(site_dir)
        notice = page.locator("#update-notice")
        for link, board in BOARDS.items():
            page.goto(url + link)            # the browser checks for an update: B installs and waits
            ready(page)
            notice.wait_for(state="visible", timeout=CONTROL_TIMEOUT_MS)
            assert page.evaluate("document.querySelector('#update-notice').parentNode.id") == "shell-notices"
            for width, height in ((1280, 800), (1920, 1080), (390, 844)):
                page.set_viewport_size({"width": width, "height": height})
                box = notice.bounding_box()
                assert box["width"] > 0 and box["x"] >= 0 and box["x"] + box["width"] <= width + 1, (link, width, box)
                assert page.evaluate(OVERLAP_JS, ["#update-notice", board]) == 0, (link, width, box)
            page.set_viewport_size({"width": 1280, "height": 800})


def test_a_file_that_does_not_match_its_hash_fails_the_install(new_context, page_guard, ready, tmp_path):
    """A half-deployed site (a manifest newer than a file) never becomes a cache: the old version stays."""
    site_dir = tmp_path / "site"
    version_a = build_site.build(site_dir)["version"]
    with _serving(site_dir, "/", fresh_manifest=False) as url:
        page_guard.local_origins.add(re.match(r"https?://[^/]+", url).group(0))
        context = new_context()
        page = page_guard.watch(context.new_page())
        page.goto(url)
        ready(page)
        assert wait_controlled(page, ready) == version_a

        # The manifest of a changed app.css, while the server still has the old app.css.
        css = site_dir / "static" / "app.css"
        old_css = css.read_text()
        css.write_text(old_css + "\n/* half deployed */\n")
        precache.write(site_dir)
        css.write_text(old_css)
        outcome = page.evaluate(INSTALL_OUTCOME_JS)
        assert outcome == "redundant", outcome
        page.reload()
        ready(page)
        assert page.evaluate(VERSION_JS) == version_a
        assert page.locator("#update-notice").count() == 0
        names = page.evaluate(CACHE_JS, version_a)["names"]
        assert [name.rsplit(" ", 1)[1] for name in names] == [version_a], names


# Asks the browser to check for an update; the state the new worker ends in.
INSTALL_OUTCOME_JS = """async () => {
  const registration = await navigator.serviceWorker.getRegistration();
  const found = new Promise((done) =>
    registration.addEventListener("updatefound", () => done(registration.installing), {once: true}));
  await registration.update();
  const worker = await Promise.race([found, new Promise((done) => setTimeout(() => done(null), 30000))]);
  if (!worker) return "no new worker";
  while (!["installed", "activated", "redundant"].includes(worker.state))
    await new Promise((done) => worker.addEventListener("statechange", done, {once: true}));
  return worker.state;
}"""
