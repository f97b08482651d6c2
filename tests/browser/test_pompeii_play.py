"""Playing The Downfall of Pompeii in Chromium (issue 12): the real page (shell + pompeii_ui).

One page serves the module (Pyodide starts once). It opens the link
``?game=pompeii&seats=human,bot&seed=1`` first; later tests put the page in
a known position by importing a saved game through the shell
(``#shell-import-file``) whose actions were found here with the engine
(seeded random play until seat 0, the human, faces the decision wanted);
the decision itself is then made by clicks (or keys). The test hook
(``window.pompeiiTest``, enabled by ``window.pompeiiTestEnable``) reads what
the viewer may know, sets the animation speed and lets a bot play the human
seat for the bulk of a full game.
"""

from __future__ import annotations

import contextlib
import json
import random
from collections.abc import Iterator

import pytest

from app.session import Session, default_seats
from conftest import PageGuard, wait_until_ready
from pompeii import new_game
from pompeii.actions import Action
from pompeii_ui.interact import click_path
from pompeii_ui.spec import PompeiiSpec

LINK = "?game=pompeii&seats=human,bot&seed=1"
PREFIX = "ludus."
SPEC = PompeiiSpec()
INIT = f"""
window.pompeiiTestEnable = true;
if (!localStorage.getItem("{PREFIX}settings"))
  localStorage.setItem("{PREFIX}settings", JSON.stringify({{bot_speed: "instant"}}));
"""
HUMAN_TO_PLAY = """() => { const t = window.pompeiiTest; if (!t) return false;
    const i = JSON.parse(t.info());
    return i.is_over || (i.current_player === i.viewer && !i.animating && i.legal.length > 0); }"""


def find_position(want, players: int = 2, seeds=range(1, 300), max_steps: int = 600):
    """(seed, actions) of the first seeded random game in which seat 0 decides and ``want(state)``."""
    for seed in seeds:
        s = new_game(players, seed)
        s.record = False
        rng = random.Random(seed)
        actions: list[Action] = []
        while not s.is_over and len(actions) < max_steps:
            if s.current_player == 0 and want(s):
                return seed, actions
            a = rng.choice(s.legal_actions())
            s.apply(a)
            actions.append(a)
    raise AssertionError("no position found")


class Game:
    def __init__(self, page, guard):
        self.page = page
        self.guard = guard

    def info(self) -> dict:
        return json.loads(self.page.evaluate("window.pompeiiTest.info()"))

    def wait_human(self) -> dict:
        self.page.wait_for_function(HUMAN_TO_PLAY, timeout=60_000)
        return self.info()

    def session(self) -> dict:
        return self.page.evaluate(f"""() => {{
            const id = localStorage.getItem("{PREFIX}current");
            return JSON.parse(localStorage.getItem("{PREFIX}game." + id)); }}""")

    def moves(self) -> int:
        return int(self.page.evaluate("document.body.dataset.moves || '0'"))

    def state(self):
        data = self.session()
        return SPEC.replay(data["setup"], data["actions"])

    def load(self, seed: int, actions: list, seats=("human", "bot"), name: str = "position") -> dict:
        setup = {"players": len(seats), "seed": seed, "variant": "standard"}
        session = Session.start(SPEC, setup, default_seats(SPEC, list(seats)))
        session.data["actions"] = [SPEC.action_to_json(a) for a in actions]
        self.page.set_input_files("#shell-import-file", files=[{
            "name": f"{name}.json", "mimeType": "application/json", "buffer": session.to_json().encode()}])
        self.page.wait_for_function(f"""localStorage.getItem("{PREFIX}current") === "{session.id}"
            && Number(document.body.dataset.moves) >= {len(actions)}""")
        return self.wait_human()

    def click(self, act: str, arg: str) -> None:
        if act == "sq":
            sel = f'.pp-board [data-square="{arg}"][data-act="sq"]'
        else:
            sel = f'.pp [data-act="{act}"]' + (f'[data-arg="{arg}"]' if arg else "")
        self.page.locator(sel).first.click()

    def play_by_clicks(self, action: Action) -> None:
        """Make ``action`` (legal for the human now) by its clicks on the page; check it was recorded."""
        n = self.moves()
        state = self.state()
        for act, arg in click_path(action, state.legal_actions()):
            self.click(act, arg)
        self.page.wait_for_function(f"Number(document.body.dataset.moves || 0) > {n}")
        assert self.session()["actions"][n] == action.to_json()


@contextlib.contextmanager
def open_game(browser, browser_context_args, site, site_under_subpath, viewport=(1366, 768)) -> Iterator[Game]:
    context = browser.new_context(**browser_context_args, viewport={"width": viewport[0], "height": viewport[1]})
    try:
        page = context.new_page()
        guard = PageGuard({site.origin, site_under_subpath.origin})
        guard.watch(page)
        page.add_init_script(INIT)
        page.goto(site.url + "index.html" + LINK)
        wait_until_ready(page)
        page.evaluate("window.pompeiiTest.speed(0)")
        yield Game(page, guard)
    finally:
        context.close()


@pytest.fixture(scope="module")
def game(browser, browser_context_args, site, site_under_subpath):
    with open_game(browser, browser_context_args, site, site_under_subpath) as g:
        yield g


@pytest.fixture(autouse=True)
def no_page_errors(request):
    """Each test fails if the page logged an error, asked another origin or showed a .py-error."""
    if "game" not in request.fixturenames:
        yield
        return
    g = request.getfixturevalue("game")
    before = len(g.guard.problems())
    yield
    problems = g.guard.problems()[before:]
    assert not problems, "the page misbehaved:\n  " + "\n  ".join(problems)


def test_the_link_starts_pompeii_with_the_page_contract(game):
    """``?game=pompeii&seats=human,bot&seed=1``: 70 squares, buildings, gates, vents, phase 1."""
    page = game.page
    info = game.wait_human()
    assert info["phase"] == "p1"
    board = page.locator("svg.pp-board")
    assert board.get_attribute("data-phase") == "1"
    assert page.locator("[data-square]").count() == 70
    assert page.locator("[data-gate]").count() == 7
    assert page.locator("[data-vent]").count() == 6
    assert page.locator('[data-square="3,2"]').get_attribute("data-building") == "6a"
    assert page.locator('[data-square="2,10"]').get_attribute("data-vent") == "vase"
    assert game.session()["setup"]["seed"] == 1
    # Only the viewer's hand is in the DOM (the bot's is a count).
    assert page.locator(".pp-hand [data-card]").count() == 4
