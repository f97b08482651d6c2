"""boot.archives in the page: a synchronous import of an archive nobody prepared (the import hook)
takes the copy static/loader.js prefetched for the returning player's picture, else asks the site
once; either way the module imports (issue 13: a game's code, astronomy, only when needed)."""

from __future__ import annotations

import json
import re

MAIN = """
import io
import zipfile
with zipfile.ZipFile(io.BytesIO(zipfile.ZipFile("shell.zip").read("solid.zip"))) as shell:
    shell.extractall()
from boot import archives
from pyscript import document
archives.install()
import astronomy  # the hook fetches astronomy.zip (or takes loader.js's copy)
document.body.dataset.sun = str(astronomy.Body.Sun)
document.body.dataset.loaded = ",".join(archives.loaded())
document.body.dataset.ready = "1"
"""

PICTURE = {"format": "ludus-snapshot", "version": 1, "screen": "game", "lang": "en",
           "current_key": "hooktest.current", "game": "g1", "css": [], "curtain": False,
           "prefetch": ["./static/py/astronomy.zip"], "html": "<p class='hooktest'>last board</p>"}


def _open(page, site, ready, page_guard, picture: bool) -> list[str]:
    page.route(re.compile(r".*/py/app/main\.py$"),
               lambda route: route.fulfill(status=200, content_type="text/x-python", body=MAIN))
    if picture:
        page.add_init_script(f"""localStorage.setItem("ludus.snapshot", {json.dumps(json.dumps(PICTURE))});
                                 localStorage.setItem("hooktest.current", "g1");""")
    page.goto(site.url + "index.html")
    ready(page)
    assert page.evaluate("document.body.dataset.sun") == "Body.Sun"
    assert page.evaluate("document.body.dataset.loaded") == "astronomy"
    return [url for url in page_guard.requests if url.endswith("/static/py/astronomy.zip")]


def test_the_import_hook_takes_the_prefetched_copy(guarded_page, page_guard, site, ready):
    asked = _open(guarded_page, site, ready, page_guard, picture=True)
    assert len(asked) == 1                                      # loader.js's download, not a second one
    assert guarded_page.evaluate("Object.keys(window.ludusFiles).length") == 0   # handed over


def test_the_import_hook_fetches_when_nothing_was_prefetched(guarded_page, page_guard, site, ready):
    asked = _open(guarded_page, site, ready, page_guard, picture=False)
    assert len(asked) == 1
