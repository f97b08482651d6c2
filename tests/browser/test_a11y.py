"""Accessibility in Chromium: axe-core on every screen, the whole game by keyboard
alone, what screen readers are told, reduced motion, a phone and 200% zoom.

Two pages, one Pyodide start each:

* ``kb`` (module): the game link ``?date=1969-07-20T20:17Z&seats=human,bot&seed=1``
  at 1280x800, with the game UI's test hook (``window.ptolemaeusTestEnable``,
  see ``py/ptolemaeus_ui/view.py``) to read what the viewer may know; later
  tests put it in a position by importing a saved game (as ``test_play.py``
  does). Every decision in these tests is taken with keys only: Tab,
  Shift+Tab, Enter, Space, the arrow keys and Escape.
* ``zoom`` (module): ``index.html`` at 640x400 CSS px with a device scale
  factor of 2 (a 1280x800 screen at 200% zoom), from the new-game screen to a
  hot-seat game's pass screen and board, by keyboard.

axe-core reports serious and critical violations as failures; moderate and
minor ones are printed in the "browser report" section at the end of the
run. Screenshots go to ``test-results/screenshots/a11y-*.png``.
"""

from __future__ import annotations

import json
import random

import pytest

import ptolemaeus as pt
from conftest import PageGuard, header_controls_in_reach, no_sideways_scroll, wait_until_ready
from ptolemaeus import actions as A
from ptolemaeus.data import BONUS_TYPES
from ptolemaeus_ui.interact import Controller
import gamepage
from gamepage import human_to_play
from test_play import (DATE, INIT, LINK, SHOTS, Game, can, config_with_payment_choice, find_position, pending,
                       open_game, playable, replay)

ACTIVE = """() => { const e = document.activeElement;
    if (!e || e === document.body || e === document.documentElement) return null;
    return {tag: e.tagName.toLowerCase(), act: e.getAttribute('data-act'), arg: e.getAttribute('data-arg'),
            role: e.getAttribute('role'), cls: e.getAttribute('class') || '', id: e.id,
            text: (e.textContent || '').trim().slice(0, 80), checked: e.getAttribute('aria-checked'),
            inGame: !!e.closest('.pt'), board: !!e.closest('.pt-board')}; }"""
PLAYABLE = human_to_play("ptolemaeusTest")             # the game is over or the viewer decides now
# Running CSS animations and transitions (Web Animations API sees both).
RUNNING = "() => document.getAnimations().filter(a => a.playState === 'running').map(a => a.animationName || a.transitionProperty || a.constructor.name)"


# ------------------------------------------------------------------ helpers


def active(page) -> dict:
    """What has the focus now; fails if the focus was lost to <body>."""
    info = page.evaluate(ACTIVE)
    assert info is not None, "the focus is lost (on <body>)"
    return info


def press(page, key: str) -> dict:
    page.keyboard.press(key)
    return active(page)


def tab_to(page, want, shift: bool = False, limit: int = 80) -> dict:
    """Tab (or Shift+Tab) until ``want(active)`` holds; the focus is never lost on the way."""
    for _ in range(limit):
        info = press(page, "Shift+Tab" if shift else "Tab")
        if want(info):
            return info
    raise AssertionError(f"never reached by {'Shift+' if shift else ''}Tab")


def arrow_to(page, name: str, limit: int = 30) -> dict:
    """On the board: the arrow keys until constellation ``name`` has the focus."""
    info = active(page)
    for _ in range(limit):
        if info["board"] and info["arg"] == name:
            return info
        info = press(page, "ArrowRight")
        assert info["board"], "the arrow keys left the board"
    raise AssertionError(f"{name} is not reachable with the arrow keys")


def is_board(info) -> bool:
    return info["board"] and info["act"] in ("const", "planet")


def axe_check(page, axe, report, screen: str) -> None:
    """0 serious/critical violations; the rest is reported."""
    found = axe(page)
    bad = [v for v in found if v["impact"] in ("serious", "critical")]
    rest = [f"{v['impact']} {v['id']} ({len(v['nodes'])})" for v in found if v not in bad]
    report(f"axe, {screen}: {len(bad)} serious/critical; moderate/minor: {', '.join(rest) or 'none'}")
    assert not bad, json.dumps(bad, indent=1)


def fully_visible_x(page, selector: str) -> None:
    """Every element matching ``selector`` lies inside the viewport horizontally."""
    boxes = page.evaluate(f"""() => [...document.querySelectorAll({json.dumps(selector)})]
        .filter(e => e.getClientRects().length).map(e => {{ const r = e.getBoundingClientRect();
            return [r.left, r.right, e.outerHTML.slice(0, 80)]; }})""")
    assert boxes, f"nothing matches {selector}"
    inner = page.evaluate("innerWidth")
    for left, right, html in boxes:
        assert left >= -0.5 and right <= inner + 0.5, f"{html} is cut off ({left:.0f}..{right:.0f} of {inner})"


def reachable_x(page, selector: str) -> None:
    """Every element matching ``selector``, scrolled into view inside its row (the page not scrolled
    sideways), lies inside the viewport horizontally."""
    items = page.locator(selector)
    assert items.count(), f"nothing matches {selector}"
    inner = page.evaluate("innerWidth")
    for n in range(items.count()):
        left, right = items.nth(n).evaluate("""e => { e.scrollIntoView({block: 'nearest', inline: 'nearest'});
            const r = e.getBoundingClientRect(); return [r.left, r.right]; }""")
        assert left >= -0.5 and right <= inner + 0.5, f"{selector} #{n} is out of reach ({left:.0f}..{right:.0f})"
    assert page.evaluate("scrollX") == 0


def announced(page) -> str:
    return page.locator(".pt-announce").inner_text()


# Which key takes the focus one step nearer the element of a click (act, arg) — Tab or
# Shift+Tab by document order, the arrow keys on the board and in a radio group — or "here".
NEXT_KEY = """([act, arg]) => {
  const match = e => !e.disabled && (act === 'do' ? (e.dataset.arg || '').split(':')[1] === arg.split(':')[1]
                                                  : (e.dataset.arg || '') === arg);
  const want = [...document.querySelectorAll(`.pt [data-act="${act}"]`)].filter(match);
  if (!want.length) return null;
  const t = want[0], a = document.activeElement;
  if (want.includes(a)) return 'here';
  const inside = sel => a && a.closest && a.closest(sel);
  const step = items => items.indexOf(t) > items.indexOf(a) ? 'ArrowRight' : 'ArrowLeft';
  if (t.closest('.pt-board') && inside('.pt-board'))
    return step([...document.querySelectorAll('.pt-board [data-act]')]);
  const group = t.getAttribute('role') === 'radio' && t.closest('[role="radiogroup"]');
  if (group && inside('[role="radiogroup"]') === group) return step([...group.querySelectorAll('[role="radio"]')]);
  if (!a || a === document.body) return 'Tab';
  return (a.compareDocumentPosition(t) & Node.DOCUMENT_POSITION_FOLLOWING) ? 'Tab' : 'Shift+Tab';
}"""


def keyboard_click(page, act: str, arg: str, limit: int = 80) -> list[str]:
    """Reach the element of the click (act, arg) with keys only, then press Enter."""
    keys = []
    for _ in range(limit):
        key = page.evaluate(NEXT_KEY, [act, arg])
        assert key is not None, f"nothing to press for {act} {arg}"
        if key == "here":
            press(page, "Enter")
            return keys
        press(page, key)
        keys.append(key)
    raise AssertionError(f"{act} {arg} not reached with {limit} keys: {keys[-12:]}")


def keyboard_move(g: Game, action: pt.Action, seats: int = 2) -> None:
    """Make a legal move of the human (seat 0) with the keyboard: the clicks the game UI
    expects for it (``Controller.click_path``), each reached with Tab/Shift+Tab/arrows."""
    state = g.state()
    ctl = Controller()
    ctl.update(state.view(0), state.legal_actions(), 0, ["You", "Hypatia", "Aristarchus"][:seats])
    n = g.moves()
    for act, arg in ctl.click_path(action):
        keyboard_click(g.page, act, arg)
    assert g.played(n) == action.to_json()
    g.wait_human()


def finished_game(seed: int) -> list:
    s = pt.new_game(2, seed, DATE)
    s.record = False
    rng = random.Random(seed)
    actions = []
    while not s.is_over:
        a = rng.choice(s.legal_actions())
        s.apply(a)
        actions.append(a)
    return actions


# ------------------------------------------------------------------ pages


@pytest.fixture(scope="module")
def kb(browser, browser_context_args, site, site_under_subpath):
    with open_game(browser, browser_context_args, site, site_under_subpath) as g:
        yield g
    assert not g.guard.problems(), "the page misbehaved:\n  " + "\n  ".join(g.guard.problems())


@pytest.fixture(scope="module")
def zoom(browser, browser_context_args, site, site_under_subpath):
    context = browser.new_context(**browser_context_args, viewport={"width": 640, "height": 400},
                                  device_scale_factor=2)
    page = context.new_page()
    guard = PageGuard({site.origin, site_under_subpath.origin})
    guard.watch(page)
    page.add_init_script(INIT)
    page.goto(site.url + "index.html")
    wait_until_ready(page)
    yield page
    context.close()
    assert not guard.problems(), "the page misbehaved:\n  " + "\n  ".join(guard.problems())


# ------------------------------------------------------------------ keyboard, screen readers


def test_a_whole_turn_by_keyboard_from_the_link(kb, axe, report):
    page = kb.page
    info = kb.wait_human()
    # The game took the focus: the prompt of our decision (read out; Tab goes on to the choices).
    focus = active(page)
    assert "prompt" in focus["cls"].split() and "Take one action" in focus["text"]
    axe_check(page, axe, report, "the game, our turn")
    said = announced(page)
    assert "Hypatia ends the turn." in said and said.strip().endswith("Your turn")
    where = next(a["where"][0] for a in info["legal"] if a["kind"] == "observe" and len(a["where"]) == 1)
    n = kb.moves()
    # Tab reaches the board: one tab stop; the arrow keys go round the constellations we may choose.
    focus = tab_to(page, is_board)
    assert page.locator('.pt-board [data-act][tabindex="0"]').count() == 1
    arrow_to(page, where)
    focus = press(page, "Enter")                         # select: the ways to observe open in the panel
    assert focus["act"] == "do" and focus["text"].startswith("Observe"), focus
    assert "sel" in page.locator(f'[data-constellation="{where}"]').get_attribute("class").split()
    # Escape drops the half-made choice and gives the focus back to the constellation.
    focus = press(page, "Escape")
    assert focus["board"] and focus["arg"] == where
    assert "sel" not in page.locator(f'[data-constellation="{where}"]').get_attribute("class").split()
    focus = press(page, "Space")
    assert focus["act"] == "do"
    focus = press(page, "Enter")                         # observe it
    assert kb.played(n) == {"kind": "observe", "where": [where]}
    n += 1
    info = kb.wait_human()
    while (info["pending"] or {}).get("kind") == "observe":
        # A payment to choose (or to keep): the prompt has the focus, Tab reaches the choices.
        assert "prompt" in active(page)["cls"].split()
        tab_to(page, lambda f: f["act"] == "confirm")
        press(page, "Enter")
        assert kb.played(n)["kind"] == "place"
        n += 1
        info = kb.wait_human()
    if (info["pending"] or {}).get("kind") == "study":
        tab_to(page, lambda f: f["act"] == "do")
        press(page, "Enter")
        n += 1
        info = kb.wait_human()
    focus = active(page)
    assert focus["inGame"], focus
    if {"kind": "end_turn"} in info["legal"]:
        # Something optional is left (a bonus card, a trade…): end the turn from the panel.
        tab_to(page, lambda f: f["act"] == "end")
        press(page, "Enter")
        assert kb.played(n) == {"kind": "end_turn"}
        info = kb.wait_human()
    assert info["pending"] is None and {"kind": "draw_deck"} in info["legal"]      # our next turn
    # Each move was announced in the move log's words, and whose turn it is.
    said = announced(page)
    assert f"You observe {where}." in said and "You end the turn." in said, said
    assert "Hypatia's turn" in said and said.strip().endswith("Your turn"), said
    assert page.locator(".pt-announce").get_attribute("aria-live") == "polite"
    assert active(page)["inGame"]


def test_a_configuration_choosing_how_to_pay_by_keyboard(kb, axe, report):
    page = kb.page
    seed, actions = find_position(config_with_payment_choice)
    state = replay(seed, actions)
    obs = next(a for a in state.legal_actions() if a.kind == A.OBSERVE and len(set(a.where)) >= 2
               and config_with_payment_choice(state))
    names = [pt.CONSTELLATIONS[c] for c in obs.where]
    kb.load(seed, actions, name="keyboard-configuration")
    page.locator(".pt-prompt .prompt").focus()
    n = kb.moves()
    tab_to(page, is_board)
    arrow_to(page, names[0])
    focus = press(page, "Enter")
    want = " ".join(names)
    while focus.get("act") != "do" or page.evaluate("document.activeElement.dataset.where") != want:
        focus = press(page, "Tab")
        assert focus["act"] in ("do", "study_b", "cancel"), focus
    press(page, "Enter")
    assert kb.played(n) == obs.to_json()
    n += 1
    state.apply(obs)
    screened = False
    while True:
        info = kb.wait_human()
        if state.current_player != 0 or not state.stack or state.stack[-1][0] != "observe":
            break
        target = info["pending"]["targets"][0]
        options = [a for a in state.legal_actions() if a.where == (pt.data.CONST_INDEX[target],)]
        pays = []
        for a in options:
            if a.cards not in pays:
                pays.append(a.cards)
        assert "prompt" in active(page)["cls"].split()
        focus = press(page, "Tab")                     # into the radio group: the checked one
        assert focus["role"] == "radio" and focus["checked"] == "true" and focus["act"] == "pay", focus
        if not screened:
            axe_check(page, axe, report, "the game, choosing how to pay")
            screened = True
        choice = 0
        if len(pays) > 1:
            focus = press(page, "ArrowRight")          # the arrow keys change the payment
            assert focus["role"] == "radio" and focus["arg"] == "1" and focus["checked"] == "true", focus
            choice = 1
        tab_to(page, lambda f: f["act"] == "confirm")
        press(page, "Enter")
        got = kb.played(n)
        n += 1
        assert got["kind"] == "place" and got["where"] == [target]
        assert got["cards"] == [pt.CARD_NAMES[c] for c in pays[choice]]
        state.apply(pt.Action.from_json(got))
    assert "You observe the" in announced(page)
    assert active(page)["inGame"]


def _bonus(card):
    return lambda s: next(a for a in s.legal_actions() if a.kind == A.PLAY and BONUS_TYPES[a.bonus] == card)


def _last(*kinds):
    return lambda s: [a for a in s.legal_actions() if a.kind in kinds][-1]


# (position wanted, players, the moves to make: each picks a legal action of the state)
DECISIONS = {
    "face-up card, then the deck": (lambda s: not s.stack and can(A.TAKE)(s), 2, [_last(A.TAKE), _last(A.DRAW_DECK)]),
    "study: the planet": (pending("study"), 2, [_last(A.STUDY)]),
    "study B": (can(A.STUDY_B), 2, [_last(A.STUDY_B)]),
    "Signa: a token": (playable("Signa Ignis"), 2, [_bonus("Signa Ignis"), _last(A.PLACE)]),
    "Nova Luna: a swap": (playable("Nova Luna"), 2, [_bonus("Nova Luna"), _last(A.SWAP)]),
    "Mercurius: a move": (playable("Mercurius Retrogradus"), 2, [_bonus("Mercurius Retrogradus"), _last(A.MOVE)]),
    "Venus: a draw": (playable("Venus Retrograda"), 2, [_bonus("Venus Retrograda"), _last(A.TAKE, A.DRAW_DECK)]),
    "Iupiter: whom to rob": (playable("Iupiter Orientalis"), 3, [_bonus("Iupiter Orientalis"), _last(A.STEAL)]),
    "Maleficus Mars: a token back": (pending("mars"), 2, [_last(A.RETRIEVE)]),
    "Maleficus Saturnus: discards": (pending("saturnus"), 2, [_last(A.DISCARD)]),
    "asteroid trade, end of turn": (lambda s: can(A.TRADE)(s) and can(A.END_TURN)(s), 2,
                                    [_last(A.TRADE), _last(A.END_TURN)]),
}


@pytest.mark.parametrize("decision", list(DECISIONS))
def test_every_kind_of_decision_by_keyboard(kb, decision):
    want, players, moves = DECISIONS[decision]
    seed, actions = find_position(want, players=players)
    kb.load(seed, actions, seats=("human",) + ("bot",) * (players - 1), name="keys")
    kb.page.locator(".pt-prompt .prompt").focus()
    for pick in moves:
        keyboard_move(kb, pick(kb.state()), players)
        assert active(kb.page)["inGame"]


def test_settings_and_import_by_keyboard(kb, axe, report):
    page = kb.page
    page.locator("#shell-settings summary").focus()
    page.keyboard.press("Enter")
    assert page.locator("#shell-settings").get_attribute("open") is not None
    focus = press(page, "Tab")
    assert focus["tag"] == "input" and page.evaluate("document.activeElement.name") == "bot_speed"
    axe_check(page, axe, report, "settings open")
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Enter")
    assert page.locator("#shell-settings").get_attribute("open") is None
    # Import: Enter on the button opens the browser's file chooser (seen here as a click on the
    # file input, which is then cancelled: a real chooser would wait for a person).
    page.evaluate("""() => document.getElementById('shell-import-file').addEventListener('click', e => {
        window.__chooser = true; e.preventDefault(); }, {once: true})""")
    page.locator("#shell-import").focus()
    page.keyboard.press("Enter")
    page.wait_for_function("window.__chooser === true")


SETTINGS_OPENER_FOCUSED = "() => document.activeElement === document.querySelector('#shell-settings summary')"


@pytest.mark.parametrize("inside", ["summary", "bot speed", "language"])
def test_escape_closes_the_settings(kb, inside):
    """Escape closes the settings panel, wherever the focus is in it, and gives the focus
    back to its summary (the button that opened it)."""
    page = kb.page
    panel = page.locator("#shell-settings")
    page.locator("#shell-settings summary").focus()
    page.keyboard.press("Enter")
    assert panel.get_attribute("open") is not None
    try:
        if inside == "bot speed":
            focus = press(page, "Tab")
            assert focus["tag"] == "input" and page.evaluate("document.activeElement.name") == "bot_speed"
        elif inside == "language":
            page.locator("#shell-lang").focus()
        page.keyboard.press("Escape")
        assert panel.get_attribute("open") is None, "Escape left the settings open"
        assert page.evaluate(SETTINGS_OPENER_FOCUSED), active(page)
        assert page.locator("#shell-lang").input_value() == "en"      # nothing was changed on the way
    finally:
        page.evaluate("document.getElementById('shell-settings').open = false")   # the next tests find it closed


def test_the_end_screen_is_a_keyboard_dialog(kb, axe, report):
    page = kb.page
    kb.load(3, finished_game(3), name="finished")
    page.wait_for_selector(".pt-end")
    dialog = page.locator(".pt-end")
    assert dialog.get_attribute("role") == "dialog" and dialog.get_attribute("aria-modal") == "true"
    focus = active(page)
    assert focus["id"] == "pt-end-title", focus               # the dialog took the focus
    axe_check(page, axe, report, "end screen")
    seen = set()
    for _ in range(6):                                        # Tab goes round inside the dialog
        focus = press(page, "Tab")
        assert page.evaluate("!!document.activeElement.closest('.pt-end')"), focus
        seen.add(focus["act"])
    assert {"newgame", "close_end"} <= seen
    focus = press(page, "Shift+Tab")
    assert page.evaluate("!!document.activeElement.closest('.pt-end')")
    focus = press(page, "Escape")                             # closes; the focus goes to the reopening button
    assert page.locator(".pt-end").count() == 0 and focus["act"] == "open_end", focus
    focus = press(page, "Enter")
    assert page.locator(".pt-end").count() == 1 and focus["id"] == "pt-end-title"
    tab_to(page, lambda f: f["act"] == "close_end")
    focus = press(page, "Space")
    assert page.locator(".pt-end").count() == 0 and focus["act"] == "open_end"


# ------------------------------------------------------------------ motion


def test_reduced_motion_nothing_moves(kb):
    page = kb.page
    page.emulate_media(reduced_motion="reduce")
    try:
        # The end of a round still plays step by step: frames drawn at once and held, nothing glides.
        def ends_round(s):
            return not s.stack and s.turn == 3 and s.k == s.n - 1 and s.event >= 0 and len(s.deck) > 2 and any(
                a.kind == A.DRAW_DECK for a in s.legal_actions())
        seed, actions = find_position(ends_round)
        kb.load(seed, actions, name="reduced-motion")
        frames_before = len(kb.info()["frames"])
        page.evaluate("window.ptolemaeusTest.speed(0.5)")
        page.locator('.pt [data-act="deck"]').focus()
        page.keyboard.press("Enter")
        page.wait_for_function("JSON.parse(window.ptolemaeusTest.info()).pending?.kind === 'draw2'")
        page.locator('.pt [data-act="deck"]').focus()
        page.keyboard.press("Enter")
        page.wait_for_selector(".pt.anim")
        samples = 0
        while page.locator(".pt.anim").count():
            assert page.evaluate(RUNNING) == []
            samples += 1
            page.wait_for_timeout(60)
        assert samples >= 2
        assert len(kb.info()["frames"]) - frames_before >= 4          # step by step
        assert "End of round" in announced(page)                     # and said
        assert page.evaluate(RUNNING) == []
        # Choosable constellations do not pulse either.
        seed, actions = find_position(config_with_payment_choice)
        state = replay(seed, actions)
        obs = next(a for a in state.legal_actions() if a.kind == A.OBSERVE and len(set(a.where)) >= 2)
        kb.load(seed, actions + [obs], name="reduced-motion-place")
        assert page.locator(".pt-board .const.target").count() >= 1
        assert page.evaluate(RUNNING) == []
    finally:
        page.evaluate("window.ptolemaeusTest.speed(0)")
        page.emulate_media(reduced_motion="no-preference")
    assert page.evaluate(RUNNING) != []                           # (and they do without the preference)


# ------------------------------------------------------------------ small screens


def test_a_phone_360_px_wide(kb, site):
    page = kb.page
    seed, actions = find_position(config_with_payment_choice)
    state = replay(seed, actions)
    obs = next(a for a in state.legal_actions() if a.kind == A.OBSERVE and len(set(a.where)) >= 2)
    kb.load(seed, actions + [obs], name="phone")
    page.evaluate("""() => document.querySelectorAll('#shell-notices .shell-notice button.shell-notice-close')
                          .forEach(b => b.click())""")
    page.set_viewport_size({"width": 360, "height": 780})
    try:
        no_sideways_scroll(page, "the game at 360 px")
        fully_visible_x(page, ".pt-prompt [data-act], .pt-board, .pt [data-act='deck']")
        header_controls_in_reach(page)
        # Every control can be reached with Tab, and each one is on screen when it has the focus.
        page.locator(".pt-prompt .prompt").focus()
        reached = []
        for _ in range(60):
            page.keyboard.press("Tab")
            focus = page.evaluate(ACTIVE)
            if focus is None or not focus["inGame"]:        # past the end of the page
                break
            box = page.evaluate("""() => { const r = document.activeElement.getBoundingClientRect();
                return [r.left, r.right, r.top, r.bottom]; }""")
            assert box[0] >= -1 and box[1] <= 361 and box[3] > 0 and box[2] < 780, (focus, box)
            reached.append("board" if focus["board"] else focus["act"] or focus["tag"])
        assert {"pay", "confirm", "board"} <= set(reached), reached
        page.evaluate("window.scrollTo(0, 0)")
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / "a11y-play-360.png"), full_page=True)
        page.locator("#shell-settings summary").click()
        no_sideways_scroll(page, "settings at 360 px")
        fully_visible_x(page, ".shell-settings-body")
        page.screenshot(path=str(SHOTS / "a11y-settings-360.png"))
        page.locator("#shell-settings summary").click()
    finally:
        page.set_viewport_size({"width": 1280, "height": 800})
    # The rules page too.
    rules = page.context.new_page()
    kb.guard.watch(rules)
    rules.set_viewport_size({"width": 360, "height": 780})
    rules.goto(site.url + "rules.html")
    no_sideways_scroll(rules, "the rules at 360 px")
    rules.close()


def test_the_rules_page(kb, site, axe, report):
    page = kb.page.context.new_page()
    kb.guard.watch(page)
    page.goto(site.url + "rules.html")
    axe_check(page, axe, report, "rules page")
    page.close()


def test_new_game_pass_screen_and_board_at_200_percent_zoom(zoom, axe, report):
    page = zoom
    SHOTS.mkdir(parents=True, exist_ok=True)
    assert page.evaluate("document.body.dataset.screen") == "newgame"
    axe_check(page, axe, report, "new-game screen (loading done)")
    no_sideways_scroll(page, "the new-game screen at 200%")
    page.screenshot(path=str(SHOTS / "a11y-newgame-200.png"), full_page=True)
    # By keyboard: the second seat becomes a human, then start.
    assert active(page)["id"] == "ng-title"
    tab_to(page, lambda f: "ng-kind" in f["cls"] and page.evaluate(
        "document.activeElement.closest('li').dataset.seat") == "1")
    page.keyboard.press("ArrowUp")                                 # Bot -> Human
    assert page.locator('li.ng-seat[data-seat="1"] .ng-kind').input_value() == "human"
    tab_to(page, lambda f: f["id"] == "ng-start")
    page.keyboard.press("Enter")
    page.wait_for_function("document.body.dataset.screen === 'pass'")
    assert active(page)["id"] == "shell-pass-ready"
    axe_check(page, axe, report, "pass-the-device screen")
    no_sideways_scroll(page, "the pass screen at 200%")
    page.screenshot(path=str(SHOTS / "a11y-pass-200.png"))
    page.keyboard.press("Enter")
    page.wait_for_function("document.body.dataset.screen === 'game'")
    focus = active(page)
    assert focus["inGame"] and "prompt" in focus["cls"].split(), focus
    no_sideways_scroll(page, "the game at 200%")
    fully_visible_x(page, ".pt-prompt, .pt-board, .pt [data-act='deck'], .pt-cards .card-row")
    # 400 px high, the face-up cards are a row that scrolls sideways (play-test 8): each one, scrolled to,
    # lies inside the window.
    reachable_x(page, ".pt [data-act='take']")
    # The board fits in the window (the whole sky at once).
    height = page.evaluate("document.querySelector('.pt-board').getBoundingClientRect().height")
    assert height <= 400
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(SHOTS / "a11y-play-200.png"))
    page.screenshot(path=str(SHOTS / "a11y-play-200-full.png"), full_page=True)
    # 400 px high, the header is one row (play-test 8 F3), its buttons a strip that scrolls sideways as
    # on a phone: each one, scrolled to, lies inside the window.
    header_controls_in_reach(page)
    # A draw by keyboard: Tab to the deck, Enter twice (the deck keeps the focus: play-test 4).
    n = int(page.evaluate("document.body.dataset.moves"))
    tab_to(page, lambda f: f["act"] == "deck")
    page.keyboard.press("Enter")
    page.wait_for_function(f"document.body.dataset.moves === '{n + 1}'")
    focus = active(page)
    assert focus["inGame"] and focus["act"] == "deck", focus
    page.keyboard.press("Enter")
    page.wait_for_function(f"document.body.dataset.moves === '{n + 2}'")
    # The next human's turn: hot-seat passes the device.
    page.wait_for_function("document.body.dataset.screen === 'pass'")
    assert active(page)["id"] == "shell-pass-ready"


# ------------------------------------------------------------------ the menu by keyboard


def test_the_first_tab_on_the_new_game_screen_offers_the_menu(guarded_page, site, ready):
    """Play-test 7 #10: the shell focuses the new-game screen's heading, after the header, so Tab went
    through the lobby and the whole form (~20 stops) to reach Settings. The first Tab from the heading
    now shows "Skip to the menu" (hidden until focused); Enter takes the focus to the header."""
    page = guarded_page
    page.goto(site.url + "index.html")
    ready(page)
    assert active(page)["id"] == "ng-title"
    skip = page.locator("#ng-skip")
    assert skip.bounding_box()["width"] <= 1                       # hidden while it has no focus
    focus = press(page, "Tab")
    assert focus["id"] == "ng-skip" and focus["text"] == "Skip to the menu"
    box = skip.bounding_box()                                      # shown, at the top of the window
    assert box["width"] > 60 and box["height"] >= 24 and 0 <= box["y"] < 60, box
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.closest('#shell-menu') !== null"), active(page)
    assert active(page)["id"] == "shell-daily-btn"                 # the first control on show
    assert page.evaluate("location.hash") == ""
    assert skip.bounding_box()["width"] <= 1
    for _ in range(4):                                             # Settings in a few more Tabs
        if page.evaluate("document.activeElement.matches('#shell-settings summary')"):
            break
        page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.matches('#shell-settings summary')")


def test_in_a_game_the_first_tab_from_the_prompt_offers_the_menu_before_the_board(guarded_page, site, ready):
    """Play-test 7 #10, in a game: the prompt has the focus, after the header, so Tab went through the
    board and the side panels to reach the header's controls; and a resumed game had lost the focus to
    <body> (its view was inert while the tab asked for the game), from where Tab went on the same way.
    The prompt's own choices come first, then "Skip to the menu" (hidden until focused), then the
    board; Enter on it takes the focus to the header. Resumed, the game has the focus on its prompt."""
    page = guarded_page
    page.add_init_script(INIT)
    page.goto(site.url + "index.html" + LINK)
    ready(page)
    page.wait_for_function(PLAYABLE)
    assert "prompt" in active(page)["cls"].split()
    skip = page.locator(".pt .board-skip")
    assert skip.count() == 1 and skip.bounding_box()["width"] <= 1            # hidden while it has no focus
    focus = press(page, "Tab")                                 # no choice in the prompt at a turn's start
    assert focus["tag"] == "a" and focus["text"] == "Skip to the menu", focus
    box = skip.bounding_box()                                  # shown, at the top of the window
    assert box["width"] > 60 and box["height"] >= 24 and 0 <= box["y"] < 60, box
    assert is_board(press(page, "Tab"))                        # then the board, its one tab stop
    press(page, "Shift+Tab")
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.closest('#shell-menu') !== null"), active(page)
    assert page.evaluate("location.hash") == ""
    # A returning player: the game resumed has the focus on its prompt, the first Tab offers the menu.
    page.reload()
    ready(page)
    page.wait_for_function("document.body.dataset.tab === 'playing'")
    page.wait_for_function(PLAYABLE)
    page.wait_for_timeout(100)                                 # a rendering step: the browser's own focus fix-up
    assert "prompt" in active(page)["cls"].split()
    assert press(page, "Tab")["text"] == "Skip to the menu"


# Where the focus is: in the game's area, in the shell's header, and a link's address.
WHERE = """() => { const e = document.activeElement;
    return {inGame: !!e.closest('#game'), inHeader: !!e.closest('.shell-header'), tag: e.tagName.toLowerCase(),
            id: e.id, href: e.getAttribute('href') || '', summary: e.matches('#shell-settings summary'),
            text: (e.textContent || '').trim().slice(0, 40)}; }"""
GAMES = {"ptolemaeus": (INIT, LINK, "ptolemaeusTest", "rules.html"),
         "pompeii": (gamepage.init_script("pompeiiTestEnable"), "?game=pompeii&seats=human,bot&seed=5",
                     "pompeiiTest", "rules.pompeii.html")}


@pytest.mark.parametrize("game", list(GAMES))
def test_shift_tab_from_the_prompt_reaches_the_menu_past_no_rules_link_of_the_games(guarded_page, site, ready, game):
    """Each game drew its own Rules link in its area, before its prompt: Shift+Tab from the prompt's
    choices met it before the shell's Settings and menu. The rules are the shell's now (one link for every
    game, in the header): Shift+Tab from the prompt goes back through the game's own controls only, then
    Settings, the menu and, before them, the rules of the game on screen."""
    init, link, hook, rules = GAMES[game]
    page = guarded_page
    page.add_init_script(init)
    page.goto(site.url + "index.html" + link)
    ready(page)
    page.wait_for_function(human_to_play(hook))
    page.wait_for_timeout(100)                                 # a rendering step: the browser's own focus fix-up
    assert page.evaluate(WHERE)["inGame"], page.evaluate(WHERE)     # the game's prompt has the focus
    assert page.locator("#game a[href*='rules']").count() == 0
    stops = []
    for _ in range(30):
        page.keyboard.press("Shift+Tab")
        info = page.evaluate(WHERE)
        stops.append(info)
        if not info["inGame"]:
            break
    assert not any(s["tag"] == "a" and "rules" in s["href"] for s in stops), stops
    assert stops[-1]["inHeader"] and stops[-1]["summary"], stops     # Settings: the menu's last control
    for _ in range(15):                                        # on through the menu to the rules' link
        page.keyboard.press("Shift+Tab")
        info = page.evaluate(WHERE)
        assert info["inHeader"], info
        if info["id"] == "shell-rules":
            break
    assert info["id"] == "shell-rules" and info["href"] == rules, info
