"""What a bot in a PyScript worker would cost, against the shell's slices on the main thread.

GitHub Pages sends no COOP/COEP headers, so the page has no SharedArrayBuffer:
a worker can only be called asynchronously (fine for a bot), and it boots a
second Pyodide.  This measures, on a throw-away page served by the test (the
site's own pyscript.toml, so the same files), with a cold cache:

* the main thread's boot (navigation -> Python ready),
* the worker's boot after that (second Pyodide + the engine imported) and the
  bytes the worker fetched,
* one hard-level decision (a fixed iteration budget, so the same work both
  ways) in the worker vs on the main thread in 25 ms slices with
  ``await asyncio.sleep(0)`` between them, and the long tasks of each.

Reported, not asserted (figures in docs/app-architecture.md)."""

from __future__ import annotations

import re

COMMON = """
import io
import zipfile
with zipfile.ZipFile(io.BytesIO(zipfile.ZipFile("shell.zip").read("solid.zip"))) as _shell:  # the shell's packages ([files]), as py/app/main.py does
    _shell.extractall()
from boot import archives
archives.install()  # ptolemaeus and astronomy: fetched from static/py/ when imported
import random, time
import astronomy  # noqa: F401
import ptolemaeus as pt
from ptolemaeus.bots import Thinker

def position():
    s = pt.new_game(players=2, seed=1, start="1969-07-20T20:17Z")
    return s

def think_all(seed):
    s = position()
    t = Thinker(s, s.current_player, "hard", random.Random(seed), budget={"seconds": None})
    t0 = time.perf_counter()
    while not t.done:
        t.step(400)
    return [str(t.action()), round(1000 * (time.perf_counter() - t0))]
"""

WORKER = COMMON + """
def think(seed):
    return think_all(seed)
__export__ = ["think"]
"""

PAGE = f"""<!doctype html><html lang="en"><head><meta charset="utf-8"><title>worker bench</title>
<link rel="icon" href="data:,">
<script type="module" src="./static/vendor/pyscript/core.js"></script></head><body>
<script type="py" config="./pyscript.toml" async>
{COMMON}
import asyncio, js
from pyscript import create_named_worker, document
body = document.body
body.dataset.mainReady = str(js.performance.now())

async def sliced(seed):
    s = position()
    t = Thinker(s, s.current_player, "hard", random.Random(seed), budget={{"seconds": None}})
    t0 = time.perf_counter()
    longest = 0.0
    while not t.done:
        a = time.perf_counter()
        while not t.done and time.perf_counter() - a < 0.025:
            t.step(1)
        longest = max(longest, time.perf_counter() - a)
        await asyncio.sleep(0)
    return [str(t.action()), round(1000 * (time.perf_counter() - t0)), round(1000 * longest)]

await sliced(7)  # warm-up
main = await sliced(7)
body.dataset.mainThink = f"{{main[1]}},{{main[2]}},{{main[0]}}"
body.dataset.mainDone = str(js.performance.now())
w0 = js.performance.now()
bot = await create_named_worker(src="./__worker_bot.py", name="bot", config="./pyscript.toml")
body.dataset.workerStart = str(w0)
body.dataset.workerReady = str(js.performance.now())
await bot.think(7)  # warm-up
t0 = js.performance.now()
res = await bot.think(7)
body.dataset.workerThink = f"{{res[1]}},{{round(js.performance.now() - t0)}},{{res[0]}}"
body.dataset.ready = "1"
</script></body></html>"""

LONGTASKS = """
window.__longtasks = [];
new PerformanceObserver(list => { for (const e of list.getEntries())
  window.__longtasks.push([Math.round(e.startTime), Math.round(e.duration)]); })
  .observe({type: "longtask", buffered: true});
"""


def test_worker_versus_slices(new_context, site, report, record_property):
    context = new_context()
    page = context.new_page()
    sizes: list[tuple[str, int, int]] = []  # url, bytes, HTTP status
    page.route(re.compile(r".*/__worker_bench\.html$"),
               lambda route: route.fulfill(status=200, content_type="text/html", body=PAGE))
    context.route(re.compile(r".*/__worker_bot\.py$"),
                  lambda route: route.fulfill(status=200, content_type="text/x-python", body=WORKER))

    def finished(request):
        try:
            size = request.sizes()["responseBodySize"]
            status = request.response().status
        except Exception:  # noqa: BLE001
            size, status = 0, 0
        sizes.append((request.url, size, status))

    context.on("requestfinished", finished)
    page.add_init_script(LONGTASKS)
    page.goto(site.url + "__worker_bench.html")
    page.wait_for_function("document.body.dataset.ready === '1'", timeout=180_000)
    data = page.evaluate("({...document.body.dataset})")
    longtasks = page.evaluate("window.__longtasks")
    context.close()

    main_ready = float(data["mainReady"])
    main_done = float(data["mainDone"])
    worker_boot = float(data["workerReady"]) - float(data["workerStart"])
    m_think, m_slice, m_action = data["mainThink"].split(",", 2)
    w_think, w_wall, w_action = data["workerThink"].split(",", 2)
    assert m_action == w_action  # the same decision both ways
    slices_long = [d for s, d in longtasks if main_ready + 50 < s < main_done]
    boot_long = [d for s, d in longtasks if s >= main_done]
    fetched = {name: [(n, st) for u, n, st in sizes if u.endswith(name)]
               for name in ("pyodide.asm.wasm", "python_stdlib.zip")}
    record_property("worker_boot_ms", round(worker_boot))
    report(
        f"worker vs slices: main thread Python ready {main_ready:.0f} ms after navigation; a worker started "
        f"afterwards takes {worker_boot:.0f} ms to boot (second Pyodide + engine; long tasks on the page "
        f"meanwhile {boot_long}); "
        + "; ".join(f"{name} fetched {len(ns)}x ({', '.join(f'{n / 1e6:.1f} MB HTTP {st}' for n, st in ns)})"
                    for name, ns in fetched.items())
        + f". One hard decision (400 iterations, warm): main thread in 25 ms slices {m_think} ms "
        f"(longest slice {m_slice} ms, long tasks {slices_long}); in the worker {w_think} ms of work, "
        f"{w_wall} ms as seen from the page."
    )
