"""A returning player's interpreter restored from a memory snapshot, in Chromium (issue 18).

static/memsnap.mjs is PyScript's interpreter: a first visit boots Pyodide as always and, once the
page is idle, a worker (static/memsnap-worker.mjs) stores a snapshot of an interpreter with the
page's modules imported in IndexedDB; a later visit restores it (<html data-boot="snapshot">).
Every other case (no snapshot, another version or code, a corrupt one, a restore that throws, no
IndexedDB, switched off) boots normally (<html data-boot="normal">, data-memsnap says why) and,
unless switched off or unsupported, builds a new one; never an error the player sees.

One browser context holds the snapshot for the module (service workers blocked, as everywhere
but the offline tests); the ``snapshot`` fixture makes sure a good one is there before each test
(building it if a test before left none), so no test depends on another's leftovers.

The start-up figures of the snapshot path are printed by tests/browser/test_startup.py.
"""

from __future__ import annotations

import json

import pytest


SETTINGS = "ludus.settings"
INIT = f"""
window.ptolemaeusTestEnable = true;
if (!localStorage.getItem("{SETTINGS}"))
  localStorage.setItem("{SETTINGS}", JSON.stringify({{bot_speed: "instant", confirm: "off"}}));
"""
LINK = "index.html?seats=human,bot&seed=1"
BUILD_TIMEOUT_MS = 240_000

# The snapshot's record in IndexedDB (static/memsnap.mjs: database "ludus-memsnap", store
# "snapshots", key the site's folder): read its metadata, or change it as a test needs.
RECORD_JS = """async ([key, change]) => {
  const db = await new Promise((resolve, reject) => {
    const open = indexedDB.open("ludus-memsnap", 1);
    open.onupgradeneeded = () => open.result.createObjectStore("snapshots");
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
  const done = (tx) => new Promise((resolve, reject) => { tx.oncomplete = resolve; tx.onerror = tx.onabort = () => reject(tx.error); });
  let tx = db.transaction("snapshots", "readonly");
  const got = tx.objectStore("snapshots").get(key);
  await done(tx);
  let record = got.result;
  if (change && record) {
    if (change === "delete") record = null;
    else if (change === "garbage") new Uint8Array(record.bytes).fill(0xab);
    else if (change === "magic") new Uint32Array(record.bytes, 0, 1)[0] ^= 0xffffffff;
    else if (change === "version") record.version = "0.0.0";
    else if (change === "code") record.code = "0".repeat(64);
    else if (change === "truncated") record.bytes = record.bytes.slice(0, record.bytes.byteLength >> 1);
    else if (change === "types") { record.heap = String(record.heap); record.modules = [1, null]; }
    else throw new Error("unknown change " + change);
    tx = db.transaction("snapshots", "readwrite");
    if (record) tx.objectStore("snapshots").put(record, key); else tx.objectStore("snapshots").delete(key);
    await done(tx);
  }
  db.close();
  return record ? {made: record.made, version: record.version, code: record.code, format: record.format,
                   size: record.bytes.byteLength, heap: record.heap, modules: record.modules} : null;
}"""


def record(page, site, change: str | None = None) -> dict | None:
    return page.evaluate(RECORD_JS, [site.url, change])


def boot(page) -> dict:
    """Which path the page took, why, and its timings (window.ludusMemsnap)."""
    return page.evaluate("""() => ({boot: document.documentElement.dataset.boot,
                                   memsnap: document.documentElement.dataset.memsnap,
                                   state: JSON.parse(JSON.stringify(window.ludusMemsnap || {}))})""")


def wait_built(page) -> dict:
    """Waits until this (normally booted) page stored its snapshot; returns the worker's report."""
    page.wait_for_function("document.documentElement.dataset.memsnap === 'built'"
                           " || (window.ludusMemsnap && window.ludusMemsnap.build && !window.ludusMemsnap.build.ok)",
                           timeout=BUILD_TIMEOUT_MS)
    built = page.evaluate("window.ludusMemsnap.build")
    assert built["ok"], built
    return built


GOOD: dict = {}   # the metadata of the last snapshot a test saw built in this module's context


@pytest.fixture(scope="module")
def snap_context(browser, browser_context_args):
    context = browser.new_context(**browser_context_args, viewport={"width": 1280, "height": 800})
    context.add_init_script(INIT)
    yield context
    context.close()


def open_page(context, page_guard, site, path: str, ready):
    page = page_guard.watch(context.new_page())
    page.goto(site.url + path)
    ready(page)
    return page


@pytest.fixture
def snapshot(snap_context, page_guard, site, ready):
    """A good snapshot in the context's IndexedDB (built here if the last one seen is not there)."""
    page = page_guard.watch(snap_context.new_page())
    page.goto(site.url + "static/app.css")          # any page of the site: its IndexedDB
    have = record(page, site)
    page.close()
    if not GOOD or have is None or have["made"] != GOOD["made"]:
        page = open_page(snap_context, page_guard, site, LINK, ready)
        assert boot(page)["boot"] == "normal"
        wait_built(page)
        GOOD.update(record(page, site))
        page.close()
    return dict(GOOD)


HUMAN_TO_PLAY = """() => { const t = window.ptolemaeusTest; if (!t || document.body.dataset.busy === '1') return false;
    const i = JSON.parse(t.info());
    return i.is_over || (i.current_player === i.viewer && !i.animating && i.legal.length > 0); }"""


def settled(page) -> None:
    """The bot has moved (if it was to) and the human is to play: the saved game stands still."""
    page.wait_for_function(HUMAN_TO_PLAY, timeout=60_000)


def saved_game(page) -> tuple[str, dict]:
    """The current game's id and save (without its "updated" time, which a resume rewrites)."""
    key, text = page.evaluate("""() => { const id = localStorage.getItem("ludus.current");
                                         return [id, localStorage.getItem("ludus.game." + id)]; }""")
    data = json.loads(text)
    data.pop("updated", None)
    return key, data


def play_a_move(page) -> int:
    """A human move through the game's own UI (its test hook's autoplay for one move)."""
    before = int(page.evaluate("document.body.dataset.moves || '0'"))
    page.evaluate("window.ptolemaeusTest.speed(0); window.ptolemaeusTest.autoplay('greedy')")
    page.wait_for_function(f"Number(document.body.dataset.moves || 0) > {before}", timeout=60_000)
    page.evaluate("window.ptolemaeusTest.autoplay('')")
    return before


def test_a_returning_player_boots_from_the_snapshot_resumes_identically_and_plays(snapshot, snap_context, page_guard,
                                                                                   site, ready):
    """Second visit: restored from the snapshot (modules of the engine and the shell imported
    already), the saved game resumes exactly as after a normal boot, and a move is played."""
    page = open_page(snap_context, page_guard, site, LINK, ready)     # the game on screen, saved
    settled(page)
    storage = page.evaluate("JSON.stringify(Object.entries(localStorage))")   # both boots start from it
    page.evaluate("localStorage.setItem('ludus.memsnap', 'off')")
    page.close()

    normal = open_page(snap_context, page_guard, site, "index.html", ready)
    assert boot(normal)["boot"] == "normal" and boot(normal)["memsnap"] == "off"
    settled(normal)
    saved = saved_game(normal)
    board = normal.evaluate("document.getElementById('game').innerHTML")
    moves = normal.evaluate("document.body.dataset.moves")
    normal.evaluate("""(entries) => { localStorage.clear();
                                     for (const [k, v] of JSON.parse(entries)) localStorage.setItem(k, v); }""", storage)
    normal.close()

    page = open_page(snap_context, page_guard, site, "index.html", ready)
    state = boot(page)
    assert state["boot"] == "snapshot" and state["memsnap"] == "restored", state
    assert state["state"]["modules"] >= 100 and state["state"]["timings"]["restore"] > 0
    # Collected and frozen by the builder: the shell's gc.collect() after the first screen skips them.
    assert state["state"]["frozen"] > 10_000, state["state"]
    # A snapshot was stored, so loader.js left the runtime to Pyodide's own fetch (the HTTP cache, with
    # the wasm's compiled code) and downloaded shell.zip and the picture's archives only; memsnap.mjs
    # hashed its copy of shell.zip instead of asking for it again.
    assert page.evaluate("localStorage.getItem('ludus.memsnap.stored')") == "1"
    downloaded = page.evaluate("Object.keys(window.ludusDownloads)")
    assert site.url + "static/py/shell.zip" in downloaded and not [u for u in downloaded if "/vendor/" in u], downloaded
    assert page.evaluate("""performance.getEntriesByType('resource').filter(
        (e) => e.name.endsWith('/shell.zip') && e.initiatorType === 'xmlhttprequest').length""") == 0
    # The engine, the shell's pure modules and the game's came from the snapshot.
    modules = record(page, site)["modules"]
    assert {"ptolemaeus", "app.session", "app.host", "gamekit.game", "boot.memsnap"} <= set(modules)
    assert not [m for m in modules if m.split(".")[0] in ("pyscript", "js", "pyodide_js")]
    settled(page)
    assert page.evaluate("document.body.dataset.screen") == "game"
    assert saved_game(page) == saved                          # the save is untouched by the restore
    assert page.evaluate("document.body.dataset.moves") == moves
    assert page.evaluate("document.getElementById('game').innerHTML") == board
    before = play_a_move(page)
    after = saved_game(page)[1]
    assert len(after["actions"]) > before and saved_game(page)[0] == saved[0]
    assert record(page, site)["made"] == snapshot["made"]     # no rebuild after a restore
    page_guard.check()
    page.close()


def test_new_games_after_a_restore_get_different_seeds(snapshot, snap_context, page_guard, site, ready):
    """The snapshot froze ``random``'s state: memsnap.mjs reseeds it, so two boots from one snapshot
    start two new games (a link without a seed) with different seeds."""
    seeds = []
    for _ in range(2):
        page = open_page(snap_context, page_guard, site, "index.html?seats=human,bot", ready)
        assert boot(page)["boot"] == "snapshot"
        setup = saved_game(page)[1]["setup"]
        seeds.append(setup["seed"])
        page.close()
    assert seeds[0] != seeds[1], seeds
    page_guard.check()


POMPEII = "index.html?game=pompeii&seats=human,bot&seed=1"


def test_a_game_the_snapshot_lacks_gets_a_new_snapshot_that_holds_it(snapshot, snap_context, page_guard, site, ready):
    """Issue 18: a snapshot made with Ptolemaeus on screen, the player goes on to Pompeii: the page
    boots from it (Pompeii's modules from source), then, idle, builds a new one that holds Pompeii's
    modules as well as Ptolemaeus'; the next visit restores it and, lacking nothing, builds none."""
    assert not [m for m in snapshot["modules"] if m.split(".")[0] in ("pompeii", "pompeii_ui")]
    page = open_page(snap_context, page_guard, site, POMPEII, ready)
    assert boot(page)["boot"] == "snapshot"
    assert page.evaluate("document.body.dataset.screen") == "game"
    built = wait_built(page)
    missing = page.evaluate("window.ludusMemsnap.missing")
    assert "pompeii.state" in missing and not [m for m in missing if m.startswith("ptolemaeus")], missing
    rebuilt = record(page, site)
    assert rebuilt["made"] > snapshot["made"] and built["imported"] == len(rebuilt["modules"])
    assert {"pompeii", "pompeii.state", "pompeii_ui.spec"} <= set(rebuilt["modules"])
    assert set(snapshot["modules"]) <= set(rebuilt["modules"])        # Ptolemaeus' are still there
    GOOD.update(rebuilt)
    page_guard.check()
    page.close()

    page = open_page(snap_context, page_guard, site, "index.html", ready)   # the Pompeii game resumes
    assert boot(page)["boot"] == "snapshot"
    assert page.evaluate("document.body.dataset.screen") == "game"
    page.wait_for_function("window.ludusMemsnap.missing !== undefined", timeout=60_000)
    assert page.evaluate("window.ludusMemsnap.missing") == []
    assert page.evaluate("performance.getEntriesByName('memsnap:build-start').length") == 0
    assert record(page, site)["made"] == rebuilt["made"]
    page_guard.check()
    page.close()


@pytest.mark.parametrize(("change", "why"), [
    ("delete", "none"),            # missing
    ("version", "stale"),          # another Pyodide
    ("code", "stale"),             # another version of our Python code
    ("garbage", "corrupt"),        # its bytes overwritten: the header does not add up
    ("truncated", "corrupt"),
    ("types", "corrupt"),          # fields of the wrong type
    ("magic", "failed"),           # passes the checks, the restore itself throws
])
def test_a_bad_snapshot_boots_normally_and_is_rebuilt(snapshot, snap_context, page_guard, site, ready, change, why):
    page = page_guard.watch(snap_context.new_page())
    page.goto(site.url + "static/app.css")
    record(page, site, change)
    page.close()
    page = open_page(snap_context, page_guard, site, LINK, ready)
    state = boot(page)
    assert state["boot"] == "normal" and state["memsnap"] == why, state
    # No snapshot to restore: loader.js downloads the runtime again next time, until a new one is stored.
    assert page.evaluate("localStorage.getItem('ludus.memsnap.stored')") is None
    assert page.evaluate("document.body.dataset.bootError") is None
    assert page.evaluate("document.body.dataset.screen") == "game"
    wait_built(page)
    rebuilt = record(page, site)
    assert rebuilt["made"] > snapshot["made"] and rebuilt["code"] == snapshot["code"]
    GOOD.update(rebuilt)
    page_guard.check()
    page.close()
    page = open_page(snap_context, page_guard, site, "index.html", ready)   # and the next visit restores it
    assert boot(page)["boot"] == "snapshot"
    page_guard.check()
    page.close()


@pytest.mark.parametrize("how", ["url", "setting"])
def test_switched_off_it_boots_normally_and_builds_nothing(snapshot, snap_context, page_guard, site, ready, how):
    """``?memsnap=0`` or localStorage["ludus.memsnap"] = "off": Pyodide's own boot, no worker."""
    page = page_guard.watch(snap_context.new_page())
    page.goto(site.url + "static/app.css")
    if how == "setting":
        page.evaluate("localStorage.setItem('ludus.memsnap', 'off')")
    page.close()
    page = open_page(snap_context, page_guard, site, "index.html?memsnap=0" if how == "url" else "index.html", ready)
    try:
        state = boot(page)
        assert state["boot"] == "normal" and state["memsnap"] == "off", state
        page.wait_for_timeout(3000)                  # past the builder's delay: none started
        assert page.evaluate("performance.getEntriesByName('memsnap:build-start').length") == 0
        assert record(page, site)["made"] == snapshot["made"]
        page_guard.check()
    finally:
        page.evaluate("localStorage.removeItem('ludus.memsnap')")
        page.close()


def test_a_browser_without_subtle_crypto_boots_normally(site, page_guard, browser, browser_context_args, ready):
    """No SubtleCrypto (a page served over plain http from another host is no secure context): the
    snapshot's key cannot be computed, so none is used nor built; the page boots as always.
    (Without IndexedDB or Worker PyScript itself cannot start.)"""
    context = browser.new_context(**browser_context_args)
    context.add_init_script("Object.defineProperty(crypto, 'subtle', {value: undefined});")
    try:
        page = open_page(context, page_guard, site, LINK, ready)
        state = boot(page)
        assert state["boot"] == "normal" and state["memsnap"] == "unsupported", state
        assert page.evaluate("document.body.dataset.screen") == "game"
        page.wait_for_timeout(3000)                  # past the builder's delay: none started
        assert page.evaluate("performance.getEntriesByName('memsnap:build-start').length") == 0
        assert record(page, site) is None
    finally:
        context.close()


WORKERS_SEEN = """
(() => {
  const Real = window.Worker;
  window.__workers = [];
  window.Worker = function (url, options) {
    window.__workers.push({url: String(url), at: performance.now(),
                           ready: !!(document.body && document.body.dataset.ready === "1")});
    return new Real(url, options);
  };
  window.Worker.prototype = Real.prototype;
})();
"""


def test_the_builder_starts_its_worker_only_once_the_page_is_ready(site, page_guard, browser, browser_context_args,
                                                                  ready):
    """Issue 13: a first visit's page starts the snapshot's builder (a worker that loads Pyodide's
    1.2 MB JavaScript) once it is ready and idle, not with the boot: started with the boot, it took
    a core from PyScript's start and main.py (docs/startup.md, 2026-11-27).  It still builds."""
    context = browser.new_context(**browser_context_args)
    context.add_init_script(WORKERS_SEEN)
    try:
        page = open_page(context, page_guard, site, LINK, ready)
        assert boot(page)["boot"] == "normal"
        wait_built(page)
        workers = [w for w in page.evaluate("window.__workers") if "memsnap-worker" in w["url"]]
        assert len(workers) == 1 and workers[0]["ready"], workers
        page_guard.check()
    finally:
        context.close()
