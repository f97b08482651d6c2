#!/usr/bin/env python3
"""Serve the repo as a static site with Python's http.server (used by `make play` and the browser tests).

    python tools/serve.py [--port 8000] [--bind 127.0.0.1] [--prefix /ptolemaeus/] [--root _site]

Differences from `python -m http.server`: every response says
`Cache-Control: no-cache` (the browser revalidates, so an edited .py file or a
re-vendored runtime is never served stale from its cache), and with --prefix
the site appears under a sub-path, as on GitHub Pages (anything outside it is 404).
When the service worker asks for ``sw-manifest.js``, it is regenerated first
(tools/precache.py), so the cache-first worker sees any edited file as a new
version instead of serving the old one.  Serving the repo itself, the page's
Python archives (``static/py/``, tools/vendor.py) are rebuilt from ``py/`` first
whenever the page asks for one of them, for pyscript.toml or for sw-manifest.js,
so an edited module is never served from a stale archive.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import importlib.util
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("ptolemaeus_precache", Path(__file__).with_name("precache.py"))
precache = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(precache)
_vspec = importlib.util.spec_from_file_location("ptolemaeus_vendor", Path(__file__).with_name("vendor.py"))
vendor = importlib.util.module_from_spec(_vspec)
_vspec.loader.exec_module(vendor)
_archives_lock = threading.Lock()


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    prefix = "/"
    quiet = False
    root = ROOT
    fresh_manifest = True
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".webmanifest": "application/manifest+json",
        ".mjs": "text/javascript",
        ".wasm": "application/wasm",
    }

    def end_headers(self):
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def send_head(self):
        path = self.path.split("?", 1)[0]
        if (self.root == ROOT and path.startswith(self.prefix)
                and (path[len(self.prefix):].startswith(vendor.ARCHIVE_DIR.relative_to(ROOT).as_posix() + "/")
                     or path[len(self.prefix):] in ("pyscript.toml", precache.MANIFEST_JS))):
            with _archives_lock:
                try:
                    vendor.build_archives(quiet=True)
                except (vendor.VendorError, OSError, SyntaxError) as e:  # serve what is there
                    self.log_error("static/py/ not rebuilt: %s", e)
        if (self.fresh_manifest and self.path.split("?", 1)[0] == self.prefix + precache.MANIFEST_JS
                and (self.root / precache.SERVICE_WORKER).is_file()):
            try:
                precache.write(self.root)
            except precache.PrecacheError as e:  # serve the old one: its integrity checks fail the install
                self.log_error("sw-manifest.js not regenerated: %s", e)
        return super().send_head()

    def translate_path(self, path):
        if not path.startswith(self.prefix):
            return str(ROOT / "__outside_the_site__")
        return super().translate_path("/" + path[len(self.prefix):])

    def log_message(self, format, *args):
        if not self.quiet:
            super().log_message(format, *args)


def make_server(host: str = "127.0.0.1", port: int = 0, prefix: str = "/", quiet: bool = False,
                root: Path = ROOT, fresh_manifest: bool = True) -> http.server.ThreadingHTTPServer:
    """A threading server for `root` at http://host:port<prefix> (port 0: any free port).

    ``fresh_manifest=False`` serves sw-manifest.js as it is on disk, as a plain static host does."""
    if not (prefix.startswith("/") and prefix.endswith("/")):
        raise ValueError(f"prefix must start and end with '/': {prefix!r}")
    handler = type("Handler", (SiteHandler,), {"prefix": prefix, "quiet": quiet, "root": Path(root),
                                                "fresh_manifest": fresh_manifest})
    server = http.server.ThreadingHTTPServer((host, port), functools.partial(handler, directory=str(root)))
    server.daemon_threads = True
    return server


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Serve the Ptolemaeus site locally.")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--bind", default="127.0.0.1")
    parser.add_argument("--prefix", default="/")
    parser.add_argument("--root", type=Path, default=ROOT, help="folder to serve (e.g. _site, the built site)")
    args = parser.parse_args(argv)
    server = make_server(args.bind, args.port, args.prefix, root=args.root.resolve())
    host = "localhost" if args.bind in ("127.0.0.1", "localhost") else args.bind
    print(f"Ptolemaeus: http://{host}:{server.server_address[1]}{args.prefix}  (Ctrl-C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


if __name__ == "__main__":
    main()
