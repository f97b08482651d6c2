"""How every script of this repo launches Debian's Chromium: the tests, the benchmarks, the tools.

One list, so that a switch the test browser needs (docs/testing.md) is never missing from a
script that drives the same page:

    from chromium import launch_kwargs        # tools/ on sys.path
    browser = playwright.chromium.launch(**launch_kwargs())

Playwright cannot download its own browser here; when Debian's is not installed, ``launch_kwargs``
returns ``{}`` and Playwright's own browser (if any) is used.
"""

from __future__ import annotations

import os
from typing import Any

CHROMIUM = "/usr/bin/chromium"

ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    # Debian's Chromium samples malloc with GWP-ASan in some renderers; a sampled
    # allocation records its stack by walking frame pointers, and when it happens
    # while Pyodide runs on a JSPI (stack-switching) stack the walk runs past that
    # stack's end: SIGSEGV, "Target crashed".  Three renderer crash dumps in make
    # test runs (2026-11-27/28, three different tests) all fault at the same
    # instruction in that scan and all had the crash key gwp-asan-malloc set; see
    # docs/testing.md.  A Chromium bug, not the page's: switched off.
    # (Chromium merges this list with Playwright's own --disable-features.)
    "--disable-features=GwpAsanMalloc,GwpAsanPartitionAlloc",
]


def launch_kwargs(**extra: Any) -> dict[str, Any]:
    """Keyword arguments for ``playwright.chromium.launch``: Debian's Chromium and :data:`ARGS`."""
    if not os.path.exists(CHROMIUM):
        return dict(extra)
    return {**extra, "executable_path": CHROMIUM, "args": list(ARGS)}
