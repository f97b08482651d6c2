#!/usr/bin/env python3
"""Render the app icons' PNGs from their SVGs with Chromium (Playwright), for the web app manifest.

    python tools/render_icons.py            rewrite static/icons/*.png from the SVGs
    python tools/render_icons.py --check    exit 1 if a committed PNG differs from a fresh render

The SVGs (static/icons/icon.svg, maskable.svg) are the artwork; the PNGs are
committed renders of them (browsers want PNG icons of given sizes to install a
web app; iOS wants apple-touch-icon.png).  After editing an SVG, run this and
commit the PNGs; tests/browser/test_pwa.py checks they match.  Uses
/usr/bin/chromium when present, like the browser tests.
"""

from __future__ import annotations

import argparse
import base64
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ICONS = ROOT / "static" / "icons"
sys.path.insert(0, str(Path(__file__).resolve().parent))
from chromium import launch_kwargs  # noqa: E402

# png name -> (svg name, size in px)
RENDERS = {
    "icon-192.png": ("icon.svg", 192),
    "icon-512.png": ("icon.svg", 512),
    "maskable-192.png": ("maskable.svg", 192),
    "maskable-512.png": ("maskable.svg", 512),
    "apple-touch-icon.png": ("maskable.svg", 180),  # opaque, iOS rounds the corners itself
}

PAGE = """<!doctype html><html><head><style>
html,body{margin:0;background:transparent} img{display:block}
</style></head><body><img id="icon" width="%(size)d" height="%(size)d" src="data:image/svg+xml;base64,%(svg)s"></body></html>"""

# Pixel difference between two images (data URLs), per channel, computed in the page.
COMPARE_JS = """async ([a, b]) => {
  const load = (src) => new Promise((ok, bad) => { const i = new Image(); i.onload = () => ok(i); i.onerror = bad; i.src = src; });
  const [x, y] = await Promise.all([load(a), load(b)]);
  if (x.naturalWidth !== y.naturalWidth || x.naturalHeight !== y.naturalHeight)
    return {sameSize: false, size: [x.naturalWidth, x.naturalHeight, y.naturalWidth, y.naturalHeight]};
  const pixels = (img) => { const c = document.createElement("canvas"); c.width = img.naturalWidth; c.height = img.naturalHeight;
    const g = c.getContext("2d"); g.drawImage(img, 0, 0); return g.getImageData(0, 0, c.width, c.height).data; };
  const p = pixels(x), q = pixels(y);
  let sum = 0, max = 0;
  for (let i = 0; i < p.length; i++) { const d = Math.abs(p[i] - q[i]); sum += d; if (d > max) max = d; }
  return {sameSize: true, mean: sum / p.length, max};
}"""


def render(page, svg: Path, size: int) -> bytes:
    data = base64.b64encode(svg.read_bytes()).decode("ascii")
    page.set_viewport_size({"width": size, "height": size})
    page.set_content(PAGE % {"size": size, "svg": data})
    page.wait_for_function("document.getElementById('icon').complete")
    return page.locator("#icon").screenshot(omit_background=True)


def data_url(png: bytes) -> str:
    return "data:image/png;base64," + base64.b64encode(png).decode("ascii")


def difference(page, a: bytes, b: bytes) -> dict:
    return page.evaluate(COMPARE_JS, [data_url(a), data_url(b)])


def launch(playwright):
    return playwright.chromium.launch(**launch_kwargs())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="compare, write nothing")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    stale = []
    with sync_playwright() as playwright:
        browser = launch(playwright)
        page = browser.new_page(device_scale_factor=1)
        for name, (svg, size) in RENDERS.items():
            png = render(page, ICONS / svg, size)
            out = ICONS / name
            if args.check:
                if not out.is_file():
                    stale.append(f"{name} is missing")
                    continue
                diff = difference(page, png, out.read_bytes())
                if not diff["sameSize"] or diff["mean"] > 1.0:
                    stale.append(f"{name} differs from a render of {svg}: {diff}")
            elif not out.is_file() or out.read_bytes() != png:
                out.write_bytes(png)
                print(f"render_icons: wrote static/icons/{name} ({size}x{size}, {len(png)} bytes)")
        browser.close()
    for line in stale:
        print(f"render_icons --check: {line}", file=sys.stderr)
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
