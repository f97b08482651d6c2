"""Start-up time of the game page against the bare PyScript runtime (reported, not asserted)."""

from __future__ import annotations

PAGES = (("bare", "bench/bare.html"), ("index", "index.html"))


def test_startup_bare_vs_index(new_context, page_guard, site, ready, record_property, report):
    times = {}
    for name, path in PAGES:
        context = new_context()  # fresh context: empty cache
        page = page_guard.watch(context.new_page())
        page.goto(site.url + path)
        times[name] = ready(page)
        page_guard.check()  # 0 errors, 0 external requests, no .py-error

    ratio = times["index"] / times["bare"]
    for name, ms in times.items():
        record_property(f"{name}_ready_ms", round(ms))
    record_property("index_over_bare", round(ratio, 2))
    report(
        f"start-up (navigation -> data-ready, cold cache): bare {times['bare']:.0f} ms, "
        f"index {times['index']:.0f} ms, ratio {ratio:.2f}"
    )
