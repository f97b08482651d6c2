"""The harness itself: the page guard sees what it must fail on."""

from __future__ import annotations

from pathlib import Path

import pytest

PROBE = """<!doctype html><title>probe</title>
<script>console.error("probe console error")</script>
<img src="https://example.invalid/probe.png" alt="">
<div class="py-error">Traceback: probe</div>
<script>setTimeout(() => { throw new Error("probe thrown") })</script>
"""


def test_guard_catches_errors_and_external_requests(page, page_guard, site):
    guard = type(page_guard)(page_guard.local_origins)  # not the test's own guard
    guard.watch(page)
    page.route(site.url + "__probe.html", lambda route: route.fulfill(body=PROBE, content_type="text/html"))
    page.goto(site.url + "__probe.html")
    page.wait_for_function("document.readyState === 'complete'")
    page.wait_for_timeout(200)
    problems = "\n".join(guard.problems())
    assert "probe console error" in problems
    assert "probe thrown" in problems
    assert "https://example.invalid/probe.png" in guard.external_requests
    assert "Traceback: probe" in problems


def test_guard_is_quiet_on_a_clean_page(guarded_page, page_guard, site):
    guarded_page.goto(site.url + "README.md")
    assert page_guard.problems() == []



def _stalled(page, site, name: str):
    """``name`` under the site never answers (until the test ends)."""
    held = []
    page.route(site.url + name, lambda route: held.append(route))
    return held


def test_guard_counts_a_local_request_that_fails_or_is_cancelled(page, page_guard, site):
    guard = type(page_guard)(page_guard.local_origins)
    guard.watch(page)
    _stalled(page, site, "__slow.txt")
    page.goto(site.url + "README.md")
    page.evaluate("""() => { const c = new AbortController();
        fetch('__slow.txt', {signal: c.signal}).catch(() => {}); setTimeout(() => c.abort(), 100);
        fetch('__missing.txt').catch(() => {}); }""")
    page.wait_for_timeout(500)
    problems = "\n".join(guard.problems())
    assert "__slow.txt" in problems and "ERR_ABORTED" in problems     # cancelled by the page itself
    assert "__missing.txt: HTTP 404" in problems


def test_guard_forgives_a_request_cut_short_by_the_next_navigation(page, page_guard, site):
    """A lazy fetch still in flight when the test opens another page is aborted by the browser:
    how navigation works, not a fault of the page."""
    guard = type(page_guard)(page_guard.local_origins)
    guard.watch(page)
    _stalled(page, site, "__slow.txt")
    page.goto(site.url + "README.md")
    page.evaluate("() => { fetch('__slow.txt').catch(() => {}); }")
    page.wait_for_timeout(100)
    page.goto(site.url + "README.md?again")
    page.wait_for_function("document.readyState === 'complete'")
    page.wait_for_timeout(200)
    assert [url for _, url, failure, _ in guard._failures if "ERR_ABORTED" in failure] == [site.url + "__slow.txt"]
    assert guard.problems() == []


def _renderer_disabled_features() -> list[set[str]]:
    """The --disable-features of every Playwright-launched Chromium renderer alive now."""
    found = []
    for cmdline in Path("/proc").glob("[0-9]*/cmdline"):
        try:
            # Chromium rewrites its process title: one string, arguments split by spaces.
            args = cmdline.read_bytes().replace(b"\0", b" ").split()
        except OSError:  # the process ended meanwhile
            continue
        if b"--type=renderer" not in args or not any(b"playwright" in a for a in args):
            continue
        disabled: set[str] = set()
        for arg in args:
            if arg.startswith(b"--disable-features="):
                disabled |= set(arg.decode().split("=", 1)[1].split(","))
        found.append(disabled)
    return found


@pytest.mark.skipif(not Path("/proc/self/cmdline").exists(), reason="needs Linux's /proc")
def test_renderers_run_without_gwp_asan(page, site):
    """GWP-ASan's sampled stack walk crashes renderers on Pyodide's JSPI stacks (tools/chromium.py's ARGS)."""
    page.goto(site.url + "README.md")
    renderers = _renderer_disabled_features()
    assert renderers, "no renderer process found under /proc"
    assert all({"GwpAsanMalloc", "GwpAsanPartitionAlloc"} <= disabled for disabled in renderers)
