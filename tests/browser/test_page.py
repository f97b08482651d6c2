"""index.html boots in Chromium: loading screen, Python, shell; nothing from outside."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

PYODIDE_FILES = {"pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"}

# Records the loading screen's stages and progress values as they happen.
LOADER_PROBE = """
window.__stages = []; window.__progress = [];
new MutationObserver(() => {
  const b = document.body; if (!b) return;
  const s = b.dataset.bootStage;
  if (s && window.__stages[window.__stages.length - 1] !== s) window.__stages.push(s);
  const p = document.getElementById("loading-progress");
  if (p && p.hasAttribute("value")) window.__progress.push(Number(p.getAttribute("value")));
}).observe(document, {subtree: true, childList: true, attributes: true, characterData: true});
"""


def test_index_boots_and_renders_the_shell(guarded_page, page_guard, site, ready):
    page = guarded_page
    page.add_init_script(LOADER_PROBE)
    # A network of 10 MB/s: the runtime's ~12 MB arrive in many chunks over about a second, as on
    # any real network (from a local server they may all be buffered at once: no bar to see; at
    # 40 MB/s a fast machine once saw only 0 and 100, 2026-11-28).
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", {"offline": False, "latency": 0,
                                                  "downloadThroughput": 10 * 1024 * 1024, "uploadThroughput": -1})
    page.goto(site.url)  # "/" serves index.html
    ready(page)

    assert page.locator("h1").inner_text() == "Ludus" and page.title() == "Ludus"
    # The default game is set up on the new-game screen: the shell linked its stylesheet (from its
    # description), and imported its code, but no other game's.
    assert page.locator('link[rel="stylesheet"][href="./static/ptolemaeus.css"][data-game="ptolemaeus"]').count() == 1
    modules = page.evaluate("window.ludusModules()").split(",")
    assert "ptolemaeus_ui" in modules and "pompeii" not in modules and "shellgame" not in modules
    app = page.locator("div#app")
    assert app.count() == 1
    assert page.locator("#loading").count() == 0, "the loading screen must be gone once ready"

    # The start's objects (modules, tables, the first screen) are frozen out of the garbage collector's
    # full passes by the time the page is ready (app.shell App.run).
    assert int(page.evaluate("document.body.dataset.gcFrozen")) > 10000

    stages = page.evaluate("window.__stages")
    assert [s.rstrip("\u2026") for s in stages][:3] == ["Downloading Python", "Starting Python", "Loading game"]
    progress = page.evaluate("window.__progress")
    assert progress and max(progress) == 100
    assert any(0 < v < 100 for v in progress), f"no intermediate progress: {progress[:20]}"

    # The runtime comes from static/vendor/ only, each file exactly once (the
    # loader hands its downloads to Pyodide instead of fetching them twice).
    runtime = Counter(
        url.rsplit("/", 1)[1] for url in page_guard.requests if "/static/vendor/pyodide/" in url
    )
    assert set(runtime) <= PYODIDE_FILES, f"unexpected runtime files: {set(runtime) - PYODIDE_FILES}"
    assert {"pyodide.asm.wasm", "python_stdlib.zip"} <= set(runtime)
    # Except the two JS modules, which the memory snapshot's builder (a worker, its own module map:
    # static/memsnap.mjs, issue 18) imports once more, from the HTTP cache, after the page's boot
    # (by the time the page is ready, or soon after).
    builder = {"pyodide.mjs": 1, "pyodide.asm.mjs": 1}
    assert all(1 <= n <= 1 + builder.get(name, 0) for name, n in runtime.items()), \
        f"runtime files fetched more than once: {runtime}"
    assert all(url.startswith(site.origin) for url in page_guard.requests)
    # The page's main.py is fetched by loader.js at once and handed to PyScript (data-handoff): once,
    # before the interpreter is up, not after (PyScript would ask for it only then: a round trip);
    # so is pyscript.toml (PyScript asks for it only once its core chunk runs).
    main = page.evaluate("""() => [performance.getEntriesByType("resource").filter((e) => e.name.endsWith("/py/app/main.py"))
                                     .map((e) => e.startTime), performance.getEntriesByName("pyscript:ready")[0].startTime]""")
    assert len(main[0]) == 1 and main[0][0] < main[1], main
    assert len([url for url in page_guard.requests if url.endswith("/py/app/main.py")]) == 1
    assert len([url for url in page_guard.requests if url.endswith("/pyscript.toml")]) == 1


# Records, when <body data-ready="1"> appears, whether the game's stylesheet had loaded.
STYLED_AT_READY = """
new MutationObserver((_, observer) => {
  if (!document.body || document.body.dataset.ready !== "1") return;
  const link = document.querySelector('link[data-game]');
  window.__styledAtReady = link ? link.sheet !== null : "no link";
  observer.disconnect();
}).observe(document, {subtree: true, attributes: true, attributeFilter: ["data-ready"]});
"""


def test_the_page_is_ready_only_once_the_games_stylesheet_has_loaded(guarded_page, site, ready):
    """A slow stylesheet delays "ready": the first screen is never shown unstyled, and a player
    (or a test) leaving at once never aborts a stylesheet still loading."""
    page = guarded_page
    page.add_init_script(STYLED_AT_READY)

    def slow(route):
        page.wait_for_timeout(1500)      # hold the game's stylesheet back for 1.5 s
        route.continue_()

    page.route(re.compile(r".*/static/ptolemaeus\.css$"), slow)
    page.goto(site.url + "index.html?seats=human,bot&seed=2")
    ready(page)
    assert page.evaluate("window.__styledAtReady") is True


def test_index_works_under_a_subpath(guarded_page, page_guard, site_under_subpath, ready):
    page = guarded_page
    page.goto(site_under_subpath.url)
    ready(page)
    assert page.locator("h1").inner_text() == "Ludus"
    # Everything was asked for under the sub-path (no absolute /static/... URLs).
    outside = [u for u in page_guard.requests if not u.startswith(site_under_subpath.url)]
    assert not outside, f"requests outside {site_under_subpath.url}: {outside}"


def test_download_failure_shows_the_error_state(page, site):
    page.route(re.compile(r".*/pyodide\.asm\.wasm$"), lambda route: route.fulfill(status=404, body="gone"))
    page.goto(site.url + "index.html")
    page.wait_for_function("document.body.dataset.bootError !== undefined", timeout=20_000)
    assert "404" in page.locator("#loading-detail").inner_text()
    assert page.locator("#loading-retry").is_visible()
    assert page.evaluate("document.body.dataset.ready") is None


def test_python_error_shows_the_error_state(page, site):
    page.route(
        re.compile(r".*/py/app/main\.py$"),
        lambda route: route.fulfill(status=200, content_type="text/x-python",
                                    body='raise RuntimeError("boom from main.py")\n'),
    )
    page.goto(site.url + "index.html")
    page.wait_for_function("document.body.dataset.bootError !== undefined", timeout=60_000)
    assert "boom from main.py" in page.locator("#loading-detail").inner_text()
    assert page.locator("#loading-retry").is_visible()


def test_index_has_no_axe_violations(guarded_page, site, ready, axe):
    guarded_page.goto(site.url)
    ready(guarded_page)
    assert axe(guarded_page) == []


def test_opened_as_a_file_it_says_to_serve_it(page):
    page.goto((Path(__file__).resolve().parents[2] / "index.html").as_uri())
    page.wait_for_function("document.body.dataset.bootError !== undefined", timeout=10_000)
    assert "make play" in page.locator("#loading-detail").inner_text()
