"""A low-vision player (play-test 9): Windows-like forced colours.

In forced colours (``forced_colors="active"``, Windows' contrast themes) Chromium repaints HTML with the
user's few system colours and drops ``box-shadow`` and ``background-image``; SVG keeps its own colours. A
state drawn only with those is gone: the chosen way to pay in Ptolemaeus (F1).

Each test has a page of its own (a context with its colour settings), bots instant, the test hook on.
"""

from __future__ import annotations

import re

import gamepage
import test_play as ptol
from ptolemaeus import actions as A
import ptolemaeus as pt

FORCED = {"forced_colors": "active", "color_scheme": "light"}


# ------------------------------------------------------------------ helpers


def shot(game, name: str) -> None:
    """The page's screenshot; and the test fails if the page logged an error, failed a request, asked
    another origin or showed a .py-error (its guard, ``gamepage.open_game``)."""
    ptol.SHOTS.mkdir(parents=True, exist_ok=True)
    game.page.screenshot(path=str(ptol.SHOTS / f"low-vision-{name}.png"))
    problems = game.guard.problems()
    assert not problems, "the page misbehaved:\n  " + "\n  ".join(problems)


# ------------------------------------------------------------------ Ptolemaeus


def test_the_chosen_way_to_pay_shows_in_forced_colours(browser, browser_context_args, site, site_under_subpath):
    """F1: box-shadow and the radial-gradient dot were the only marks of the checked radio; forced colours
    drop both, and the two ways to pay looked the same."""
    seed, actions = ptol.find_position(ptol.config_with_payment_choice)
    state = ptol.replay(seed, actions)
    obs = next(a for a in state.legal_actions() if a.kind == A.OBSERVE and len(set(a.where)) >= 2)
    names = [pt.CONSTELLATIONS[c] for c in obs.where]
    args = {**browser_context_args, **FORCED}
    with gamepage.open_game(ptol.Game, browser, args, site, site_under_subpath, ptol.LINK, ptol.INIT) as game:
        assert game.page.evaluate("matchMedia('(forced-colors: active)').matches")
        game.load(seed, actions, name="configuration")
        game.const(names[0])
        game.click(f'.pt-prompt button[data-where="{" ".join(names)}"]')
        game.const(game.wait_human()["pending"]["targets"][0])
        radios = game.page.locator('.pt-prompt [role="radio"][data-act="pay"]')
        assert radios.count() >= 2
        radios.nth(1).click()
        game.page.mouse.move(0, 0)
        looks = radios.evaluate_all("""rs => rs.map(r => { const cs = getComputedStyle(r), dot = getComputedStyle(r, '::before');
            return {checked: r.getAttribute('aria-checked'), border: parseFloat(cs.borderTopWidth), dot: dot.backgroundColor}; })""")
        checked = [lk for lk in looks if lk["checked"] == "true"]
        others = [lk for lk in looks if lk["checked"] != "true"]
        assert len(checked) == 1 and others, looks
        for other in others:
            assert checked[0]["border"] >= other["border"] + 1, looks          # a thicker frame
            assert checked[0]["dot"] != other["dot"], looks                    # a filled dot
        assert not re.fullmatch(r"rgba\(.*, 0\)", checked[0]["dot"]), looks  # ... not a transparent one
        shot(game, "forced-pay")
