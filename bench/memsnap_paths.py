"""Where to build the memory snapshot (issue 18): in the page, on its thread, or in a worker?

    PYTHONPATH=py .venv/bin/python bench/memsnap_paths.py [ROUNDS]

Serves the repo on 127.0.0.1, loads the game page once (a normal boot; its worker builds the
snapshot the page uses, static/memsnap-worker.mjs: its figures are printed), then, ROUNDS times,
does the other way's work on the page's own thread, as static/memsnap.mjs would have to before
handing the interpreter to PyScript: Pyodide booted with `_makeSnapshot`, the same archives
unpacked and the same modules imported (py/boot/memsnap.py), `makeMemorySnapshot()`, the bytes
stored in IndexedDB (a scratch database).  Prints each step's time and the longest task the page
saw.  Chromium at /usr/bin/chromium; run under `nice` on a shared machine.
"""

from __future__ import annotations

import json
import sys
import threading
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import serve  # noqa: E402
from chromium import launch_kwargs  # noqa: E402

IN_PAGE = """async ([archives, modules]) => {
  const longTasks = [];
  new PerformanceObserver((l) => l.getEntries().forEach((e) => longTasks.push([e.startTime, e.duration]))).observe({type: "longtask"});
  const at = () => performance.now();
  const t0 = at();
  const { loadPyodide } = await import("/static/vendor/pyodide/pyodide.mjs");
  const py = await loadPyodide({ indexURL: new URL("/static/vendor/pyodide/", location.href).href, _makeSnapshot: true });
  const t1 = at();
  const files = await Promise.all(["/static/py/shell.zip", ...archives].map((u) => fetch(u).then((r) => r.arrayBuffer())));
  for (const f of files) py.unpackArchive(f, "zip", { extractDir: "/home/pyodide" });
  const memsnap = py.pyimport("boot.memsnap");
  const got = memsnap.prepare(py.toPy(modules)).toJs({ dict_converter: Object.fromEntries });
  const t2 = at();
  const bytes = py.makeMemorySnapshot();
  const t3 = at();
  await new Promise((resolve, reject) => {
    const open = indexedDB.open("memsnap-bench", 1);
    open.onupgradeneeded = () => open.result.createObjectStore("s");
    open.onsuccess = () => { const tx = open.result.transaction("s", "readwrite");
      tx.objectStore("s").put({ bytes: bytes.buffer }, "x"); tx.oncomplete = resolve; tx.onerror = reject; };
    open.onerror = reject;
  });
  const t4 = at();
  await new Promise((r) => setTimeout(r, 200));
  return { boot: t1 - t0, imports: t2 - t1, snapshot: t3 - t2, store: t4 - t3, imported: got.imported.length,
           mib: bytes.byteLength / 1048576,
           // the boot is one long task in either way; what this way adds comes after it
           longest_task_after_boot: Math.max(0, ...longTasks.filter(([t]) => t >= t1 - 1).map(([, d]) => d)),
           longest_task_snapshot_and_store: Math.max(0, ...longTasks.filter(([t, d]) => t + d > t2).map(([, d]) => d)) };
}"""


def main(rounds: int = 3) -> None:
    server = serve.make_server("127.0.0.1", 0, "/", quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    with sync_playwright() as p:
        browser = p.chromium.launch(**launch_kwargs())
        context = browser.new_context(service_workers="block")
        page = context.new_page()
        page.goto(url + "index.html?seats=human,bot&seed=1")
        page.wait_for_function("document.documentElement.dataset.memsnap === 'built'"
                               " || (window.ludusMemsnap.build && !window.ludusMemsnap.build.ok)", timeout=300_000)
        built = page.evaluate("window.ludusMemsnap.build")
        modules = page.evaluate("""async () => { const db = await new Promise((res) => {
            const o = indexedDB.open("ludus-memsnap", 1); o.onsuccess = () => res(o.result); });
            return await new Promise((res) => { const r = db.transaction("snapshots").objectStore("snapshots")
              .get(new URL("./", location.href).href); r.onsuccess = () => res(r.result.modules); }); }""")
        archives = page.evaluate("""() => performance.getEntriesByType("resource").map((e) => e.name)
            .filter((n) => /static\\/py\\/(?!shell)[^/]+\\.zip$/.test(n))""")
        page.close()
        print("worker (static/memsnap-worker.mjs), once the page is interactive:", json.dumps(built["ms"]),
              f"{built['bytes'] / 1048576:.1f} MiB, {built['imported']} modules")
        for _ in range(rounds):
            page = context.new_page()
            page.goto(url + "static/app.css")
            print("on the page's thread, before PyScript:", json.dumps(
                {k: round(v, 1) if isinstance(v, float) else v
                 for k, v in page.evaluate(IN_PAGE, [archives, modules]).items()}))
            page.close()
        browser.close()
    server.shutdown()


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3)
