"""What the click-path tests of every game share (test_play.py for Ptolemaeus, test_pompeii_play.py
for Pompeii): a position found with the engine, the real page put there through the shell's Import,
the game's test hook read, one page per module watched by a guard.

Not a test module (no ``test_`` prefix) and, like every module here, importable by its bare name
(no ``__init__.py`` under tests/browser/: see conftest's note); each game's module binds these to
its engine, its spec and its hook (``window.ptolemaeusTest``, ``window.pompeiiTest``).
"""

from __future__ import annotations

import contextlib
import json
import random
from collections.abc import Callable, Iterator
from typing import Any

from app.session import Session, default_seats
from conftest import PageGuard, wait_until_ready

PREFIX = "ludus."


def init_script(hook_flag: str) -> str:
    """Before the page starts: the game's test hook on, bots instant, "confirm my moves" off."""
    return f"""
window.{hook_flag} = true;
if (!localStorage.getItem("{PREFIX}settings"))
  localStorage.setItem("{PREFIX}settings", JSON.stringify({{bot_speed: "instant", confirm: "off"}}));
"""


def human_to_play(hook: str) -> str:
    """A page function: the game is over, or the viewer decides now (no animation on screen)."""
    return f"""() => {{ const t = window.{hook}; if (!t) return false;
    const i = JSON.parse(t.info());
    return i.is_over || (i.current_player === i.viewer && !i.animating && i.legal.length > 0); }}"""


def find_position(new_game: Callable[[int, int], Any], want: Callable[[Any], bool], players: int = 2,
                  seeds=range(1, 500), max_steps: int = 400) -> tuple[int, list]:
    """(seed, actions) of the first seeded random game (``new_game(players, seed)``) in which seat 0
    decides and ``want(state)`` holds."""
    for seed in seeds:
        s = new_game(players, seed)
        s.record = False
        rng = random.Random(seed)
        actions: list = []
        while not s.is_over and len(actions) < max_steps:
            if s.current_player == 0 and want(s):
                return seed, actions
            a = rng.choice(s.legal_actions())
            s.apply(a)
            actions.append(a)
    raise AssertionError("no position found")


class GamePage:
    """The page of one game: its hook, its saved session, a position put there by the shell's Import."""

    spec: Any = None            # the game's GameSpec (replay, action_to_json)
    hook = ""                   # the name of its test hook on window

    def __init__(self, page, guard):
        self.page = page
        self.guard = guard

    def setup(self, players: int, seed: int) -> dict:
        """The setup of the games ``find_position`` plays (the engine's ``new_game`` defaults)."""
        raise NotImplementedError

    def info(self) -> dict:
        return json.loads(self.page.evaluate(f"window.{self.hook}.info()"))

    def wait_human(self) -> dict:
        self.page.wait_for_function(human_to_play(self.hook), timeout=60_000)
        return self.info()

    def session(self) -> dict:
        return self.page.evaluate(f"""() => {{
            const id = localStorage.getItem("{PREFIX}current");
            return JSON.parse(localStorage.getItem("{PREFIX}game." + id)); }}""")

    def moves(self) -> int:
        return int(self.page.evaluate("document.body.dataset.moves || '0'"))

    def state(self):
        """The engine's state of the page's game, rebuilt from its saved session."""
        data = self.session()
        return self.spec.replay(data["setup"], data["actions"])

    def load(self, seed: int, actions: list, seats=("human", "bot"), name: str = "position") -> dict:
        """Put the page in a position: import a saved game (the shell's Import); waits for the human."""
        session = Session.start(self.spec, self.setup(len(seats), seed), default_seats(self.spec, list(seats)))
        session.data["actions"] = [self.spec.action_to_json(a) for a in actions]
        self.page.set_input_files("#shell-import-file", files=[{
            "name": f"{name}.json", "mimeType": "application/json", "buffer": session.to_json().encode()}])
        # That game is on screen (its id is the current one; bots may have moved on already).
        self.page.wait_for_function(f"""localStorage.getItem("{PREFIX}current") === "{session.id}"
            && Number(document.body.dataset.moves) >= {len(actions)}""")
        return self.wait_human()

    def reload(self) -> dict:
        """Reload the page (the saved game resumes, as a returning player finds it); waits for the human."""
        self.page.reload()
        wait_until_ready(self.page)
        self.page.evaluate(f"window.{self.hook}.speed(0)")
        return self.wait_human()

    def played(self, n: int) -> dict:
        """The action the game recorded as move ``n`` (waits for it)."""
        self.page.wait_for_function(f"Number(document.body.dataset.moves || 0) > {n}")
        return self.session()["actions"][n]


@contextlib.contextmanager
def open_game(kind: type[GamePage], browser, browser_context_args, site, site_under_subpath, link: str, init: str,
              viewport=(1280, 800)) -> Iterator[Any]:
    """The game ``link`` in a browser context of its own, watched by a guard, animations off."""
    context = browser.new_context(**browser_context_args, viewport={"width": viewport[0], "height": viewport[1]})
    try:
        page = context.new_page()
        guard = PageGuard({site.origin, site_under_subpath.origin})
        guard.watch(page)
        page.add_init_script(init)
        page.goto(site.url + "index.html" + link)
        wait_until_ready(page)
        page.evaluate(f"window.{kind.hook}.speed(0)")
        yield kind(page, guard)
    finally:
        context.close()


def no_new_problems(request) -> Iterator[None]:
    """The body of each module's autouse fixture: a test using ``game`` fails if the page logged an
    error, failed a request, asked another origin or showed a .py-error meanwhile."""
    if "game" not in request.fixturenames:
        yield
        return
    g = request.getfixturevalue("game")
    before = len(g.guard.problems())
    yield
    problems = g.guard.problems()[before:]
    assert not problems, "the page misbehaved:\n  " + "\n  ".join(problems)
