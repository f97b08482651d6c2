"""The search bots' speed in Pyodide (Chromium) against CPython, same bench.

``ptolemaeus.bots.bench`` runs whole ``hard`` searches (the level's
iteration budget, no time cap) on the same positions in both interpreters:
on a throw-away page served by the test (the site's own pyscript.toml, so
the same files) and in a CPython subprocess right after.  It prints ISMCTS
iterations per second in each and their ratio, which is what the page's
time cap assumes (docs/bots.md, "Speed").  Reported, not asserted: the
machine is shared, a timed assertion would only be flaky."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SECONDS = 6.0

PAGE = f"""<!doctype html><html lang="en"><head><meta charset="utf-8"><title>bot bench</title>
<link rel="icon" href="data:,">
<script type="module" src="./static/vendor/pyscript/core.js"></script></head><body>
<script type="py" config="./pyscript.toml" async>
import io
import zipfile
with zipfile.ZipFile(io.BytesIO(zipfile.ZipFile("shell.zip").read("solid.zip"))) as _shell:  # the shell's packages ([files]), as py/app/main.py does
    _shell.extractall()
from boot import archives
archives.install()  # ptolemaeus and astronomy: fetched from static/py/ when imported
import json
import astronomy  # noqa: F401
from ptolemaeus import bots
from pyscript import document
bots.bench(1.0, 2, level="hard")            # warm-up
document.body.dataset.bench = json.dumps(bots.bench({SECONDS}, 2, level="hard"))
</script></body></html>"""


def test_search_speed_in_pyodide_and_cpython(new_context, page_guard, site, report, record_property):
    context = new_context()
    page = context.new_page()
    page.route(re.compile(r".*/__bot_bench\.html$"),
               lambda route: route.fulfill(status=200, content_type="text/html", body=PAGE))
    page_guard.watch(page)       # console errors, a .py-error, other origins fail the test
    page.goto(site.url + "__bot_bench.html")
    page.wait_for_function("document.body.dataset.bench || document.querySelector('.py-error')",
                           timeout=180_000)
    assert not page.locator(".py-error").count(), page.locator(".py-error").first.inner_text()
    pyodide = json.loads(page.evaluate("document.body.dataset.bench"))
    context.close()

    code = ("import json, sys; sys.path.insert(0, 'py'); from ptolemaeus import bots; "
            f"bots.bench(1.0, 2, level='hard'); print(json.dumps(bots.bench({SECONDS}, 2, level='hard')))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         timeout=300, check=True)
    cpython = json.loads(out.stdout)

    for r in (pyodide, cpython):
        assert r["decisions"] > 0 and r["iterations_per_second"] > 0
    ratio = cpython["iterations_per_second"] / pyodide["iterations_per_second"]
    record_property("pyodide_iterations_per_second", round(pyodide["iterations_per_second"]))
    record_property("cpython_iterations_per_second", round(cpython["iterations_per_second"]))
    report(
        "hard search speed (bots.bench, 2 players, whole searches, no time cap): "
        f"Pyodide in Chromium {pyodide['iterations_per_second']:.0f} ISMCTS iterations/s "
        f"({pyodide['sec_per_decision_mean'] * 1000:.0f} ms a decision, max "
        f"{pyodide['sec_per_decision_max'] * 1000:.0f} ms); CPython {cpython['iterations_per_second']:.0f} "
        f"iterations/s ({cpython['sec_per_decision_mean'] * 1000:.0f} ms, max "
        f"{cpython['sec_per_decision_max'] * 1000:.0f} ms); CPython/Pyodide {ratio:.2f}"
    )
