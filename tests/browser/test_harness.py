"""The harness itself: the page guard sees what it must fail on."""

from __future__ import annotations

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

