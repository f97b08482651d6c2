#!/usr/bin/env python3
"""Static previews of the game screen, rendered by the pure UI code under CPython.

    python tools/ui_preview.py [--out DIR] [--seed N] [--moves N] [--png]

Plays ``--moves`` greedy moves of a 2-player Apollo XI game, renders the
screen for seat 0 (``ptolemaeus_ui.board.render``) into ``DIR/preview.html``
with the site's CSS, and with ``--png`` screenshots it with Playwright at
1280x800 and 360 px wide. No Pyodide: a fast loop for styling work.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

import ptolemaeus as pt  # noqa: E402
from ptolemaeus.bots import choose_action  # noqa: E402
from boardui.tree import to_markup  # noqa: E402
from ptolemaeus_ui.screen import Screen, snapshot  # noqa: E402

SEATS = [{"kind": "human", "level": None, "name": "You", "colour": "#f2eee3"},
         {"kind": "bot", "level": "greedy", "name": "Hypatia", "colour": "#b07be0"},
         {"kind": "bot", "level": "greedy", "name": "Aristarchus", "colour": "#4fd1c5"},
         {"kind": "bot", "level": "greedy", "name": "Eratosthenes", "colour": "#ff8fc0"}]


def page(body: str) -> str:
    return f"""<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="{ROOT / 'static/app.css'}"><link rel="stylesheet" href="{ROOT / 'static/ptolemaeus.css'}">
</head><body><div id="root"><header class="shell-header"><h1 class="shell-title">Ptolemaeus</h1></header>
<main class="shell-main"><div id="app">{body}</div></main></div></body></html>"""


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=str(ROOT / "test-results" / "preview"))
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--moves", type=int, default=40)
    ap.add_argument("--click", action="append", default=[], help="act:arg clicks after the moves")
    ap.add_argument("--png", action="store_true")
    args = ap.parse_args(argv)
    s = pt.new_game(args.players, args.seed, "1969-07-20T20:17Z")
    rng = random.Random(args.seed)
    log = []
    for _ in range(args.moves):
        if s.is_over:
            break
        if s.current_player == 0 and _ >= args.moves - 1:
            break
        s.apply(choose_action(s, s.current_player, "greedy", rng))
        log += s.last_events
    # Let seat 0 be the one to decide, if possible.
    while not s.is_over and s.current_player != 0:
        s.apply(choose_action(s, s.current_player, "greedy", rng))
        log += s.last_events
    # The page's own flow: snapshot -> screen -> scene (clicks through the screen).
    screen = Screen()
    seats = SEATS[: args.players]
    screen.receive(snapshot(s, 0), [], seats)
    for click in args.click:
        act, _, arg = click.partition(":")
        screen.click(act, arg)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    html = out / "preview.html"
    html.write_text(page(to_markup(screen.scene(log))))
    print(html)
    if args.png:
        from playwright.sync_api import sync_playwright
        with sync_playwright() as p:
            sys.path.insert(0, str(ROOT / "tools"))
            from chromium import launch_kwargs
            browser = p.chromium.launch(**launch_kwargs())
            for name, size in (("wide", (1280, 800)), ("narrow", (360, 740))):
                pg = browser.new_page(viewport={"width": size[0], "height": size[1]})
                pg.goto(html.as_uri())
                pg.screenshot(path=str(out / f"{name}.png"), full_page=name == "narrow")
                print(out / f"{name}.png")
            browser.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
