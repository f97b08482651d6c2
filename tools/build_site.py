#!/usr/bin/env python3
"""Build the static site to deploy (GitHub Pages): only the files the page needs.

    python tools/build_site.py [--out _site]

First brings static/py/ (the page's Python as zip archives, tools/vendor.py)
up to date with py/.  Then copies into the output folder exactly the service
worker's precache (tools/precache.py: index.html, rules.html if present,
pyscript.toml, static/ with the archives, the vendored runtime and the icons,
manifest.webmanifest, py/app/main.py) plus sw.js, then writes that folder's own
sw-manifest.js and an empty .nojekyll.  The output is a plain static site:
every URL in it is relative, so it works at a domain's root or under a
sub-path such as /<repo>/.  Run `make setup` first (static/vendor/).

Refuses to replace a non-empty folder that it did not build (no .nojekyll).
"""

from __future__ import annotations

import argparse
import importlib.util
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("ptolemaeus_precache", Path(__file__).with_name("precache.py"))
precache = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(precache)
_vspec = importlib.util.spec_from_file_location("ptolemaeus_vendor", Path(__file__).with_name("vendor.py"))
vendor = importlib.util.module_from_spec(_vspec)
_vspec.loader.exec_module(vendor)

MARKER = ".nojekyll"  # GitHub Pages: serve the files as they are (no Jekyll)
RUNTIME = "static/vendor/pyodide/pyodide.asm.wasm"


class BuildError(Exception):
    pass


def site_contents(root: Path = ROOT) -> list[str]:
    """What the built site holds (besides sw-manifest.js and .nojekyll), relative paths."""
    if not (root / RUNTIME).is_file():
        raise BuildError(f"{RUNTIME} is missing: run `make setup` first")
    return sorted({*precache.site_files(root), precache.SERVICE_WORKER})


def build(out: Path, root: Path = ROOT) -> dict:
    """Build the site from ``root`` into ``out``; returns its precache manifest."""
    out = Path(out).resolve()
    root = Path(root).resolve()
    if out == root or root.is_relative_to(out):
        raise BuildError(f"refusing to build into {out}: it holds the sources")
    if root == ROOT:
        try:
            vendor.build_archives(quiet=True)
        except vendor.VendorError as e:
            raise BuildError(str(e)) from e
    files = site_contents(root)
    if out.exists():
        if not out.is_dir() or (any(out.iterdir()) and not (out / MARKER).is_file()):
            raise BuildError(f"{out} exists and was not built by this script (no {MARKER}): not replacing it")
        shutil.rmtree(out)
    for rel in files:
        target = out / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(root / rel, target)
    (out / MARKER).write_text("")
    _, data, _ = precache.write(out)
    if set(data["files"]) != set(files) - {precache.SERVICE_WORKER}:
        raise BuildError("the built site's precache differs from what was copied: "
                         f"{sorted(set(data['files']) ^ (set(files) - {precache.SERVICE_WORKER}))}")
    return data


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "_site", help="output folder (default: _site)")
    args = parser.parse_args(argv)
    try:
        data = build(args.out)
    except (BuildError, precache.PrecacheError) as e:
        print(f"build_site: {e}", file=sys.stderr)
        return 1
    size = sum(f.stat().st_size for f in args.out.rglob("*") if f.is_file())
    print(f"build_site: {args.out} ({len(data['files']) + 3} files, {size / 1048576:.1f} MB, "
          f"version {data['version']})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
