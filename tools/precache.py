#!/usr/bin/env python3
"""The service worker's precache: which files the page needs, and a version that changes with any of them.

    python tools/precache.py [--root DIR]     write DIR/sw-manifest.js (default: the repo)
    python tools/precache.py --list           print the precached files, one a line

``sw.js`` (the service worker, committed) imports ``sw-manifest.js`` (generated,
not in git), which sets::

    self.PRECACHE = {"version": "<16 hex>", "files": {"index.html": "sha256-<base64>", ...}}

``files`` maps every file the page needs, relative to the site root, to its
Subresource Integrity hash: the worker fetches each with that integrity, so a
cache can only ever hold the exact bytes of its version.  ``version`` hashes
every file's hash plus ``sw.js`` itself, and names the worker's cache: change
any byte of any of them and the browser sees a new ``sw-manifest.js``, installs
a new worker into a new cache, and the page offers "Update available".

Precached (see ``site_files``): index.html, rules.html and every other rules*.html page (each
game's rules pages, if present),
pyscript.toml, every source of its [files] table, everything under static/
(CSS, JS, icons, the vendored runtime, the Python archives and texts of
static/py/ that tools/vendor.py builds, every game's and every language's; not
source maps, hidden files or the set-up's bookkeeping), manifest.webmanifest, and any other file that
index.html or rules.html names with a ``./`` or ``../`` URL.

Written by ``tools/vendor.py`` at set-up, refreshed by ``tools/serve.py``
whenever the worker asks for it (so an edited file is never served stale by a
cache-first worker during development), and by ``tools/build_site.py`` for the
built site.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import html.parser
import json
import sys
import threading
import tomllib
from pathlib import Path, PurePosixPath

ROOT = Path(__file__).resolve().parent.parent

MANIFEST_JS = "sw-manifest.js"
SERVICE_WORKER = "sw.js"
PAGES = ("index.html", "rules.html")  # rules.html is optional
RULES_PAGES = "rules*.html"           # every game's rules pages at the root (rules.pompeii.es.html…)
CONFIG = "pyscript.toml"
WEB_MANIFEST = "manifest.webmanifest"
STATIC = "static"
# Under static/: set-up bookkeeping and files the page never asks for.
STATIC_SKIP_NAMES = {".stamp", "VERSIONS.json"}
STATIC_SKIP_SUFFIXES = (".map",)
# HTML attributes whose values may name files (data-* attributes too: loader.js's lists).
URL_ATTRIBUTES = {"src", "href", "config", "poster"}


class PrecacheError(Exception):
    pass


# ------------------------------------------------------------------ which files


class _References(html.parser.HTMLParser):
    """Every whitespace-separated token starting with ./ or ../ in a URL-ish attribute (not a
    template naming {lang})."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.urls: list[str] = []

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if value and (name in URL_ATTRIBUTES or name.startswith("data-")):
                # ({lang}: a template of files that are under static/, precached as all of it)
                self.urls += [t for t in value.split() if t.startswith(("./", "../")) and "{" not in t]


def page_references(page: Path) -> list[str]:
    """The ./ and ../ URLs that an HTML page names (query and fragment removed)."""
    parser = _References()
    parser.feed(page.read_text(encoding="utf-8"))
    return [url.split("#", 1)[0].split("?", 1)[0] for url in parser.urls]


def _inside(root: Path, base_dir: str, url: str, what: str) -> str:
    """``url`` (relative to ``base_dir`` under ``root``) as a path relative to root; it must exist."""
    path = PurePosixPath(base_dir) / url
    parts: list[str] = []
    for part in path.parts:
        if part in ("", "."):
            continue
        if part == "..":
            if not parts:
                raise PrecacheError(f"{what} names {url!r}, which is outside the site")
            parts.pop()
        else:
            parts.append(part)
    rel = "/".join(parts)
    if not rel or not (root / rel).is_file():
        raise PrecacheError(f"{what} names {url!r}, but {rel or '.'} is not a file (run `make setup`?)")
    return rel


def config_sources(root: Path) -> list[str]:
    """The sources of pyscript.toml's [files] table (relative to the root)."""
    config = root / CONFIG
    data = tomllib.loads(config.read_text(encoding="utf-8"))
    base = PurePosixPath(CONFIG).parent.as_posix()
    return [_inside(root, base, src, CONFIG) for src in data.get("files", {})]


def _static_files(root: Path) -> list[str]:
    static = root / STATIC
    found = []
    for path in sorted(static.rglob("*")) if static.is_dir() else ():
        rel = path.relative_to(root)
        if not path.is_file():
            continue
        if any(part.startswith(".") or part == "__pycache__" for part in rel.parts):
            continue
        if path.name in STATIC_SKIP_NAMES or path.name.endswith(STATIC_SKIP_SUFFIXES):
            continue
        found.append(rel.as_posix())
    return found


def site_files(root: Path = ROOT) -> list[str]:
    """Every file the page needs, as sorted paths relative to ``root`` (the precache)."""
    root = Path(root)
    if not (root / "index.html").is_file():
        raise PrecacheError(f"{root}/index.html is missing")
    files: set[str] = set()
    pages = list(PAGES) + sorted(p.name for p in root.glob(RULES_PAGES) if p.name not in PAGES)
    for page in pages:
        if (root / page).is_file():
            files.add(page)
            files.update(_inside(root, ".", url, page) for url in page_references(root / page))
    if (root / CONFIG).is_file():
        files.add(CONFIG)
        files.update(config_sources(root))
    if (root / WEB_MANIFEST).is_file():
        files.add(WEB_MANIFEST)
    files.update(_static_files(root))
    files -= {SERVICE_WORKER, MANIFEST_JS}  # the worker's own scripts are not precached
    return sorted(files)


# ------------------------------------------------------------------ hashes

_digests: dict[tuple[str, int, int], bytes] = {}  # (path, size, mtime_ns) -> sha256
_lock = threading.Lock()


def _sha256(path: Path) -> bytes:
    stat = path.stat()
    key = (str(path.resolve()), stat.st_size, stat.st_mtime_ns)
    digest = _digests.get(key)
    if digest is None:
        digest = hashlib.sha256(path.read_bytes()).digest()
        _digests[key] = digest
    return digest


def manifest(root: Path = ROOT) -> dict:
    """``{"version", "files": {path: integrity}}`` for the site at ``root``."""
    root = Path(root)
    files = {}
    version = hashlib.sha256()
    for rel in site_files(root):
        digest = _sha256(root / rel)
        files[rel] = "sha256-" + base64.b64encode(digest).decode("ascii")
        version.update(f"{rel}\0{digest.hex()}\n".encode())
    worker = root / SERVICE_WORKER
    if worker.is_file():  # new worker code means a new cache too
        version.update(f"{SERVICE_WORKER}\0{_sha256(worker).hex()}\n".encode())
    return {"version": version.hexdigest()[:16], "files": files}


def render(data: dict) -> str:
    body = json.dumps(data, indent=1, sort_keys=False)
    return (
        "// Generated by tools/precache.py (at set-up, by tools/serve.py and by tools/build_site.py):\n"
        "// do not edit, do not commit.  sw.js precaches these files into the cache named by version.\n"
        f"self.PRECACHE = {body};\n"
    )


def write(root: Path = ROOT) -> tuple[Path, dict, bool]:
    """Write ``root/sw-manifest.js`` if its content changed: (path, manifest, changed)."""
    root = Path(root)
    with _lock:
        data = manifest(root)
        text = render(data)
        out = root / MANIFEST_JS
        changed = not out.is_file() or out.read_text(encoding="utf-8") != text
        if changed:
            tmp = out.with_name(out.name + ".tmp")
            tmp.write_text(text, encoding="utf-8")
            tmp.replace(out)  # atomic: a server never sends half a file
        return out, data, changed


def read(root: Path = ROOT) -> dict:
    """The manifest that ``root/sw-manifest.js`` holds."""
    text = (Path(root) / MANIFEST_JS).read_text(encoding="utf-8")
    start = text.index("self.PRECACHE = ") + len("self.PRECACHE = ")
    return json.loads(text[start:text.rindex(";")])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--root", type=Path, default=ROOT, help="the site's root folder (default: the repo)")
    parser.add_argument("--list", action="store_true", help="print the precached files, change nothing")
    args = parser.parse_args(argv)
    try:
        if args.list:
            print("\n".join(site_files(args.root)))
            return 0
        out, data, changed = write(args.root)
    except PrecacheError as e:
        print(f"precache: {e}", file=sys.stderr)
        return 1
    state = "written" if changed else "up to date"
    print(f"precache: {out.name} {state} (version {data['version']}, {len(data['files'])} files)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
