"""Play-test 8 F3, in Chromium on an 844x390 touch phone on its side: the one-column phone layout put the
prompt, the 366 px board and the cards one under the other (each decision scrolled up to read and down
to tap), the header's buttons on two rows, and the board's small texts at 5-6 px. Now the board is
beside the prompt and the panels, as tall as the window under a one-row header, and stays in view
while they scroll; its texts are at least ~8 px on screen and do not run into each other. Pompeii, left
one column by play-test 8, has the same two columns at 844x390 and 667x375."""

from __future__ import annotations

import json

import pytest

from conftest import axe_violations, no_sideways_scroll, wait_until_ready
from test_first_evening import SHOTS, SIZES, ptolemaeus_at, sized_page
from test_pompeii_layout import SIZES as SIZES_PP
from test_pompeii_layout import sized_game
from test_pompeii_play import find_position

LINK = "index.html?game=ptolemaeus&seats=human,bot&seed=5&start=1969-07-20T20:17Z"
WIDTH, HEIGHT = 844, 390

# Each box [left, top, right, bottom] in the window, at the page's scroll.
BOXES = """() => { const box = s => { const e = document.querySelector(s); if (!e) return null;
    const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  return {header: box('.shell-header'), prompt: box('.pt-prompt'), board: box('.pt-board'),
          card: box('.pt-cards [data-act].can'), scrollY: scrollY}; }"""

# Every text of the board: its class, its text, its font size on screen in px (the CSS size times the
# scale of its user space, transforms included) and its box.
LABELS = """() => [...document.querySelectorAll('.pt-board text')].filter(e => e.getClientRects().length).map(e => {
    const m = e.getScreenCTM(), r = e.getBoundingClientRect();
    return {cls: e.getAttribute('class'), text: e.textContent,
            px: parseFloat(getComputedStyle(e).fontSize) * Math.hypot(m.a, m.b),
            box: [r.left, r.top, r.right, r.bottom]}; })"""

# What may be tapped in the game and the header (its menu and the game's rules): [what, width, height]. Not
# the link to the menu, hidden until the keyboard's focus reaches it (`.board-skip`).
TARGETS = """() => [...document.querySelectorAll(
        '.pt :is(button, a:not(.board-skip), [data-act]), .shell-controls > button:not([hidden]), .shell-controls summary, '
        + '#shell-rules:not([hidden])')]
    .filter(e => e.getClientRects().length)
    .map(e => { const r = e.getBoundingClientRect();
        return [e.tagName + ' ' + (e.dataset.act || '') + ' ' + (e.dataset.arg || e.textContent.slice(0, 20)),
                r.width, r.height]; })"""


def inside(box: list[float]) -> bool:
    left, top, right, bottom = box
    return left >= -0.5 and top >= -0.5 and right <= WIDTH + 0.5 and bottom <= HEIGHT + 0.5


def meet(a: list[float], b: list[float]) -> bool:
    return a[0] < b[2] - 0.5 and b[0] < a[2] - 0.5 and a[1] < b[3] - 0.5 and b[1] < a[3] - 0.5


def test_on_a_phone_on_its_side_the_prompt_the_board_and_the_cards_are_on_one_screen(
        browser, site, site_under_subpath, report):
    with sized_page(browser, site, site_under_subpath, "landscape") as page:
        page.goto(site.url + LINK)
        wait_until_ready(page)
        page.locator(".pt-cards [data-act].can").first.wait_for()
        page.wait_for_timeout(300)
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / "ptolemaeus-landscape-844x390.png"))
        page.evaluate("scrollTo(0, 0)")
        boxes = page.evaluate(BOXES)
        # The header one row; the prompt, the whole board and the first card to take in the first view.
        assert boxes["header"][3] - boxes["header"][1] <= 60, boxes
        for what in ("prompt", "board", "card"):
            assert inside(boxes[what]), (what, boxes)
        board = boxes["board"]
        assert board[3] - board[1] >= 300, boxes                       # as tall as the window lets it be
        assert board[2] <= boxes["prompt"][0] and board[2] <= boxes["card"][0], boxes   # beside them
        no_sideways_scroll(page, "Ptolemaeus at 844x390")

        # Every text of the board at least ~8 px, and the centre's and the event card's texts apart.
        labels = page.evaluate(LABELS)
        small = [(t["cls"], t["text"], round(t["px"], 1)) for t in labels if t["px"] < 7.8]
        assert not small, small
        centre = [t for t in labels if t["cls"] in {"center-round", "event-title", "event-planet", "event-count",
                                                   "comet-progress"}]
        nums = [t for t in labels if t["cls"] == "turn-num"]
        assert len(centre) >= 6 and len(nums) == 3, labels
        crowded = [(a["text"], b["text"]) for i, a in enumerate(centre + nums) for b in (centre + nums)[i + 1:]
                   if meet(a["box"], b["box"])]
        assert not crowded, crowded

        targets = page.evaluate(TARGETS)
        tiny = [(what, round(w), round(h)) for what, w, h in targets if w < 24 or h < 24]
        assert targets and not tiny, tiny
        assert any(what.startswith("A ") and what.endswith("Rules") for what, _w, _h in targets), targets
        # The header's one row holds the game's rules too, in the first view without a sideways scroll.
        assert inside(page.evaluate("(r => [r.left, r.top, r.right, r.bottom])"
                                    "(document.querySelector('#shell-rules').getBoundingClientRect())"))
        assert axe_violations(page) == []

        # Scrolled to the page's foot (the players, the move log): the board is still whole in view.
        page.evaluate("scrollTo(0, document.documentElement.scrollHeight)")
        page.wait_for_timeout(100)
        scrolled = page.evaluate(BOXES)
        assert scrolled["scrollY"] > 0 and inside(scrolled["board"]), json.dumps(scrolled)
        report(f"ptolemaeus at 844x390: board {board[3] - board[1]:.0f} px high beside the prompt, first card's "
               f"foot at {boxes['card'][3]:.0f} px; smallest board text {min(t['px'] for t in labels):.1f} px")


def test_on_a_phone_on_its_side_the_planets_to_study_take_a_finger(browser, site, site_under_subpath, report):
    """The compulsory study (R5: the player chooses the planet on the board or in the prompt) at 844x390:
    the prompt, its buttons and the whole board in the first view, every planet to choose at least 24 px."""
    with sized_page(browser, site, site_under_subpath, "landscape") as page:
        ptolemaeus_at(page, site, "study", "study-landscape")
        page.locator('.pt-board [data-act="planet"]').first.wait_for()
        page.evaluate("scrollTo(0, 0)")
        page.wait_for_timeout(300)
        page.screenshot(path=str(SHOTS / "ptolemaeus-landscape-study.png"))
        boxes = page.evaluate(BOXES)
        assert inside(boxes["prompt"]) and inside(boxes["board"]), boxes
        buttons = page.locator('.pt-prompt [data-act="do"]').evaluate_all(
            "es => es.map(e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; })")
        assert buttons and all(inside(b) for b in buttons), (buttons, boxes)
        planets = page.locator('.pt-board [data-act="planet"]').evaluate_all(
            "es => es.map(e => { const r = e.getBoundingClientRect(); return [e.dataset.planet, r.width, r.height]; })")
        assert planets and all(w >= 24 and h >= 24 for _p, w, h in planets), planets
        no_sideways_scroll(page, "the study at 844x390")
        # The planets to study are buttons that show "MER": their names hold it (label in name, WCAG 2.5.3).
        assert axe_violations(page) == []
        report(f"ptolemaeus at 844x390, the study: planets {[(p, round(w), round(h)) for p, w, h in planets]}")


@pytest.mark.parametrize("size", ["landscape", "landscape-large"])
def test_on_a_phone_on_its_side_the_eclipsis_discard_has_the_hand_under_the_prompt(
        browser, site, site_under_subpath, size):
    """Asked to discard at an Eclipsis on a phone on its side (844x390; 932x430, wider than the one
    column's 880 px), the hand comes up under the prompt, before the face-up cards: the prompt, its
    Discard button, the hand's cards and the whole board in the first view."""
    with sized_page(browser, site, site_under_subpath, size) as page:
        ptolemaeus_at(page, site, "eclipsis", f"eclipsis-{size}")
        page.locator('.pt-hand [data-act="hand"]').first.wait_for()
        page.locator(".shell-notice button").first.click()              # "Imported …" closed
        page.evaluate("scrollTo(0, 0)")
        page.wait_for_timeout(300)
        page.screenshot(path=str(SHOTS / f"ptolemaeus-{size}-eclipsis.png"))
        width, height = (SIZES[size]["viewport"][k] for k in ("width", "height"))
        boxes = page.evaluate("""() => [...document.querySelectorAll(
                '.pt-prompt, .pt-prompt [data-act="confirm"], .pt-board, .pt-hand [data-act="hand"]')].map(e => {
            const r = e.getBoundingClientRect(); return [e.className.baseVal ?? e.className, r.left, r.top, r.right, r.bottom]; })""")
        assert len(boxes) >= 4, boxes
        out = [b for b in boxes if not (b[1] >= -0.5 and b[2] >= -0.5 and b[3] <= width + 0.5 and b[4] <= height + 0.5)]
        assert not out, out
        no_sideways_scroll(page, f"the Eclipsis at {width}x{height}")


def test_on_a_phone_on_its_side_the_confirm_bar_leaves_the_board_and_the_prompt_in_view(
        browser, site, site_under_subpath, report):
    """Play-test 8 F3: at 844x390 the confirm bar (two rows, ~90 px) hid the board's foot and the prompt
    that names the held move was off-screen. Now the bar is one row, the board shrinks to end above it,
    and the prompt stays in the first view."""
    with sized_page(browser, site, site_under_subpath, "landscape") as page:
        page.goto(site.url + LINK)
        wait_until_ready(page)
        deck = page.locator('.pt-cards [data-act="deck"]')
        deck.tap()
        page.wait_for_function("document.body.dataset.moves !== undefined")
        deck.tap()                                                      # the second card: the turn ends, held
        bar = page.locator("#shell-confirm")
        bar.wait_for()
        page.wait_for_timeout(300)
        page.evaluate("scrollTo(0, 0)")
        page.screenshot(path=str(SHOTS / "ptolemaeus-landscape-confirm.png"))
        boxes = page.evaluate(BOXES)
        bar_box = bar.bounding_box()
        assert bar_box["height"] <= 70, bar_box
        assert boxes["board"][3] <= bar_box["y"] + 0.5 and inside(boxes["board"]), (boxes, bar_box)
        assert boxes["prompt"][1] >= 0 and boxes["prompt"][3] <= bar_box["y"] + 0.5, (boxes, bar_box)
        buttons = [b.bounding_box() for b in bar.locator("button").all()]
        assert len(buttons) == 2 and all(b["height"] >= 24 and b["width"] >= 24 and inside(
            [b["x"], b["y"], b["x"] + b["width"], b["y"] + b["height"]]) for b in buttons), buttons
        no_sideways_scroll(page, "the confirm bar at 844x390")
        assert axe_violations(page) == []
        report(f"ptolemaeus at 844x390, a held move: bar {bar_box['height']:.0f} px, board "
               f"{boxes['board'][3] - boxes['board'][1]:.0f} px above it")


# ---------------------------------------------------------------- The Downfall of Pompeii on its side

# Pompeii's boxes [left, top, right, bottom] at the page's scroll: the city, the status line with the
# scores, the prompt, the hand, the panels beside the city, and what may be tapped outside the city.
PP_BOXES = """() => { const box = e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
    const all = s => [...document.querySelectorAll(s)].filter(e => e.getClientRects().length).map(box);
    const one = s => all(s)[0] || null;
    return {board: one('svg.pp-board'), top: one('.pp-top'), prompt: one('.pp-prompt'), said: one('.pp-prompt .prompt'), hand: one('.pp-hand'),
            panels: all('.pp-side > section'), scores: all('.pp-score'), buttons: all('.pp-prompt [data-act]'),
            cards: all('.pp-hand [data-act]'), squares: all('.pp-board [data-square]'),
            taps: [...document.querySelectorAll('.pp [data-act]')]
                .filter(e => e.getClientRects().length && !e.closest('svg'))
                .map(e => [(e.dataset.act || e.className) + ' ' + (e.dataset.arg || ''), ...box(e)])}; }"""
# Each score chip: its parts' tops (one line: all within a few px) and its box.
PP_CHIPS = """() => [...document.querySelectorAll('.pp-score')].map(li => ({
    tops: [...li.children].filter(e => e.getClientRects().length).map(e => Math.round(e.getBoundingClientRect().top)),
    box: (r => [r.left, r.top, r.right, r.bottom])(li.getBoundingClientRect())}))"""


def _pp_citizen_chosen(game) -> None:
    action = next(a for a in game.state().legal_actions() if a.kind == "move")
    game.page.locator(f'.pp-board [data-square="{action.square // 11},{action.square % 11}"][data-act="sq"]').tap()


def _pp_card_chosen(game) -> None:
    card = next(a.card for a in game.state().legal_actions() if a.kind == "play")
    game.page.locator(f'.pp-hand [data-act="card"][data-arg="{card}"]').tap()


# (players, what the position needs, a step on screen): phase 1 (a card, then its square), phase 2 (a
# citizen chosen: where it goes, or a gate), four seats' scores beside a decision.
PP_SCREENS = {
    "play": (2, lambda s: sum(a.kind == "play" for a in s.legal_actions()) >= 2, None),
    "play-square": (2, lambda s: sum(a.kind == "play" for a in s.legal_actions()) >= 2, _pp_card_chosen),
    "move": (2, lambda s: any(a.kind == "move" for a in s.legal_actions()), _pp_citizen_chosen),
    "move-4": (4, lambda s: any(a.kind == "move" for a in s.legal_actions()), _pp_citizen_chosen),
}


@pytest.fixture(scope="module", params=["landscape", "landscape-small"])
def pompeii_side(request, browser, site, site_under_subpath):
    """A Pompeii page on a phone on its side (844x390, 667x375), one per size (Pyodide starts once)."""
    with sized_game(browser, site, site_under_subpath, request.param) as game:
        game.wait_human()
        yield request.param, game


def _pp_settle(page) -> None:
    """The shell's notices ("Imported …") closed, as a player does; the page at its top."""
    page.evaluate("document.querySelectorAll('.shell-notice-close').forEach(b => b.click())")
    page.wait_for_timeout(250)
    page.evaluate("scrollTo(0, 0)")


@pytest.mark.parametrize("screen", [*PP_SCREENS, "end"])
def test_pompeii_on_a_phone_on_its_side_has_the_city_and_the_decision_side_by_side(pompeii_side, screen, report):
    """Left by play-test 8 (F3 mended Ptolemaeus only): at 844x390 and 667x375 Pompeii was one column, the city under the prompt and the hand,
    each move scrolled between them. The city is whole in the first view, on the left; the status, the
    scores, the prompt with its buttons (and in phase 1 the hand's cards) beside it on the right, in the
    first view too; nothing overlaps, nothing scrolls sideways; every target outside the city at least
    44 px, the city's squares as large as the window's height allows (>= 32 px), a gate's small marker
    with its button in the prompt (WCAG 2.5.8). At the end the result's dialog is whole in the window."""
    size, game = pompeii_side
    page = game.page
    width, height = (SIZES_PP[size]["viewport"][k] for k in ("width", "height"))

    def inside(box) -> bool:
        return box[0] >= -0.5 and box[1] >= -0.5 and box[2] <= width + 0.5 and box[3] <= height + 0.5

    if screen == "end":
        game.load(5, [], seats=("human", "random", "random", "random"), name=f"side-end-{size}")
        page.evaluate("window.pompeiiTest.autoplay('random')")
        page.wait_for_selector(".pp-end", timeout=240_000)
        page.evaluate("window.pompeiiTest.autoplay('')")
        _pp_settle(page)
        page.screenshot(path=str(SHOTS / f"pompeii-{size}-end.png"))
        shown = page.evaluate("""() => [...document.querySelectorAll(
                '.pp-end .end-card, .pp-end [data-act], .pp-end .end-winner, .pp-end tr[data-seat]')].map(e => {
            const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom, e.dataset.act || e.tagName]; })""")
        assert len(shown) >= 8 and all(inside(b) for b in shown), shown
        assert all(b[2] - b[0] >= 44 and b[3] - b[1] >= 44 for b in shown if b[4] not in ("DIV", "P", "TR")), shown
        assert axe_violations(page) == []
        page.locator('.pp-end [data-act="close_end"]').tap()
        page.locator(".pp-end").wait_for(state="detached")
        page.evaluate("scrollTo(0, 0)")
    else:
        players, want, step = PP_SCREENS[screen]
        seed, actions = find_position(want, players=players)
        game.load(seed, actions, seats=("human",) + ("bot",) * (players - 1), name=f"side-{screen}-{size}")
        if step is not None:
            step(game)
        _pp_settle(page)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"pompeii-{size}-{screen}.png"))
    got = page.evaluate(PP_BOXES)
    board = got["board"]
    # The whole city in the first view, as high as the window lets it be, its squares >= 32 px.
    assert inside(board), (size, screen, got)
    assert min(min(b[2] - b[0], b[3] - b[1]) for b in got["squares"]) >= 32, got["squares"][:3]
    # The status, the prompt and its buttons beside it, in the first view (the cards too while one is to
    # be chosen); the panels beside it, none over it.
    # At the end the prompt holds the game's last turns, whole (the column scrolls): its heading in view.
    first = [got["top"], got["said"] if screen == "end" else got["prompt"], *got["buttons"]] + (
        got["cards"] if screen == "play" else [])
    for box in first:
        assert inside(box) and box[0] >= board[2], (size, screen, box, board)
    for box in [got["top"], got["prompt"], got["hand"], *got["panels"], *got["scores"]]:
        assert box[0] >= board[2] and not meet(box, board), (size, screen, box, board)
    assert not meet(got["top"], got["prompt"]), got
    # Each seat's score on one line, inside the window.
    for chip in page.evaluate(PP_CHIPS):
        assert max(chip["tops"]) - min(chip["tops"]) <= 4 and inside([chip["box"][0], 0, chip["box"][2], 0]), chip
    small = [t for t in got["taps"] if t[3] - t[1] < 44 or t[4] - t[2] < 44]
    assert not small, (size, screen, small)
    buttons = {(b["act"], b["arg"]) for b in page.evaluate("""() => [...document.querySelectorAll('.pp-prompt [data-act]')]
        .map(e => ({act: e.dataset.act, arg: e.dataset.arg || ''}))""")}
    for b in page.evaluate("""() => [...document.querySelectorAll('.pp-board [data-act]')].map(e => {
            const r = e.getBoundingClientRect(); return {act: e.dataset.act, arg: e.dataset.arg || '', w: r.width, h: r.height}; })"""):
        assert min(b["w"], b["h"]) >= 24 or (b["act"] == "leave" and (b["act"], b["arg"]) in buttons), b
    no_sideways_scroll(page, f"Pompeii {screen} at {width}x{height}")
    assert axe_violations(page) == []
    cell = min(b[2] - b[0] for b in got["squares"])
    report(f"pompeii at {width}x{height} ({screen}): city {board[2] - board[0]:.0f}x{board[3] - board[1]:.0f} px, "
           f"squares {cell:.0f} px, prompt from x={got['prompt'][0]:.0f} to y={got['prompt'][3]:.0f}")


@pytest.mark.parametrize("size", ["landscape", "landscape-small"])
def test_pompeii_on_a_phone_on_its_side_a_held_move_leaves_the_city_above_the_confirm_bar(
        browser, site, site_under_subpath, size, report):
    """A phase-1 placement held for Confirm (the newcomer's default) at 844x390 and 667x375: the city
    shrinks to end above the one-row Confirm bar, whole; the prompt's first line beside it above the bar;
    the bar's buttons in the window; the long "waits for your confirmation" heading wraps within its column
    (it ran under the game's Rules link, now the shell header's, and widened the page, the bar with it, at
    667 px)."""
    from test_pompeii_layout import TOUCH_INIT, hold_a_placement

    width, height = (SIZES_PP[size]["viewport"][k] for k in ("width", "height"))
    with sized_game(browser, site, site_under_subpath, size, TOUCH_INIT) as game:
        page = game.page
        hold_a_placement(game)
        bar = page.locator("#shell-confirm")
        bar.wait_for()
        page.wait_for_timeout(300)
        page.evaluate("scrollTo(0, 0)")
        page.screenshot(path=str(SHOTS / f"pompeii-{size}-held.png"))
        got = page.evaluate(PP_BOXES)
        line = page.evaluate("""() => { const e = document.querySelector('.pp-prompt .prompt'), r = e.getBoundingClientRect();
            return [r.left, r.top, r.right, r.top + parseFloat(getComputedStyle(e).lineHeight)]; }""")
        who = page.locator(".pp-status .pp-who").bounding_box()
        bar_box = bar.bounding_box()
        board = got["board"]
        assert board[0] >= 0 and board[1] >= 0 and board[3] <= bar_box["y"] + 0.5, (board, bar_box)
        assert line[0] >= board[2] and line[1] >= 0 and line[3] <= bar_box["y"], (line, bar_box)
        assert who["x"] + who["width"] <= width + 0.5, who
        assert bar_box["x"] >= 0 and bar_box["x"] + bar_box["width"] <= width + 0.5 and bar_box["y"] + bar_box["height"] <= height + 0.5
        buttons = [b.bounding_box() for b in bar.locator("button").all()]
        assert len(buttons) == 2 and all(b["x"] + b["width"] <= width + 0.5 and b["height"] >= 24 for b in buttons), buttons
        no_sideways_scroll(page, f"a held move at {width}x{height}")
        report(f"pompeii at {width}x{height}, a held move: bar {bar_box['height']:.0f} px, city "
               f"{board[3] - board[1]:.0f} px high above it")
