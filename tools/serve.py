#!/usr/bin/env python3
"""Serve the repo as a static site with Python's http.server (used by `make play` and the browser tests).

    python tools/serve.py [--port 8000] [--bind 127.0.0.1] [--prefix /ptolemaeus/]

Differences from `python -m http.server`: every response says
`Cache-Control: no-cache` (the browser revalidates, so an edited .py file or a
re-vendored runtime is never served stale from its cache), and with --prefix
the site appears under a sub-path, as on GitHub Pages (anything outside it is 404).
"""

from __future__ import annotations

import argparse
import functools
import http.server
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    prefix = "/"
    quiet = False

    def end_headers(self):
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def translate_path(self, path):
        if not path.startswith(self.prefix):
            return str(ROOT / "__outside_the_site__")
        return super().translate_path("/" + path[len(self.prefix):])

    def log_message(self, format, *args):
        if not self.quiet:
            super().log_message(format, *args)


def make_server(host: str = "127.0.0.1", port: int = 0, prefix: str = "/", quiet: bool = False,
                root: Path = ROOT) -> http.server.ThreadingHTTPServer:
    """A threading server for `root` at http://host:port<prefix> (port 0: any free port)."""
    if not (prefix.startswith("/") and prefix.endswith("/")):
        raise ValueError(f"prefix must start and end with '/': {prefix!r}")
    handler = type("Handler", (SiteHandler,), {"prefix": prefix, "quiet": quiet})
    server = http.server.ThreadingHTTPServer((host, port), functools.partial(handler, directory=str(root)))
    server.daemon_threads = True
    return server


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Serve the Ptolemaeus site locally.")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--bind", default="127.0.0.1")
    parser.add_argument("--prefix", default="/")
    args = parser.parse_args(argv)
    server = make_server(args.bind, args.port, args.prefix)
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
