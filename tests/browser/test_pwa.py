"""Installable: Chromium finds the web app manifest, its icons and the worker good enough to install."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("ptolemaeus_render_icons", ROOT / "tools" / "render_icons.py")
render_icons = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(render_icons)

pytestmark = pytest.mark.browser_context_args(service_workers="allow")


def test_installable_under_a_subpath(browser_type, browser_type_launch_args, site_under_subpath, ready,
                                     tmp_path, page_guard):
    # A persistent profile: Chromium never offers to install from an incognito-like context.
    context = browser_type.launch_persistent_context(tmp_path / "profile", **browser_type_launch_args)
    try:
        page = page_guard.watch(context.new_page())
        page.goto(site_under_subpath.url)
        ready(page)
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=90_000)
        cdp = context.new_cdp_session(page)
        app = cdp.send("Page.getAppManifest")
        assert app["url"] == site_under_subpath.url + "manifest.webmanifest"
        assert app["errors"] == []
        parsed = app["manifest"]
        assert parsed["startUrl"] == site_under_subpath.url
        assert parsed["scope"] == site_under_subpath.url
        assert parsed["display"] == "kStandalone"
        assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
        # Every icon loads (from the worker's cache, as it controls the page now).
        for icon in parsed["icons"]:
            assert icon["url"].startswith(site_under_subpath.url)
            status = page.evaluate("(url) => fetch(url).then(r => r.status)", icon["url"])
            assert status == 200, icon["url"]
    finally:
        context.close()


@pytest.mark.parametrize("png", sorted(render_icons.RENDERS))
def test_committed_pngs_are_renders_of_the_svgs(page, png):
    svg, size = render_icons.RENDERS[png]
    fresh = render_icons.render(page, render_icons.ICONS / svg, size)
    diff = render_icons.difference(page, fresh, (render_icons.ICONS / png).read_bytes())
    assert diff["sameSize"], diff
    assert diff["mean"] <= 1.0, f"{png} is stale: run `python tools/render_icons.py` ({diff})"
