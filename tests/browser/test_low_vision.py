"""A low-vision player (play-test 9): Windows-like forced colours, and marks that must stand out from the board.

In forced colours (``forced_colors="active"``, Windows' contrast themes) Chromium repaints HTML with the
user's few system colours and drops ``box-shadow`` and ``background-image``; SVG keeps its own colours. A
state drawn only with those is gone: the chosen way to pay in Ptolemaeus (F1), Pompeii's chosen hand card
(F4), a seat's colour and the main button on the new-game screen (F5). Pompeii's legal squares were pale dashes of ~1.1-1.9 : 1 against the light squares (F2): measured
here on the screenshot's pixels against the square's own fill.

Each test has a page of its own (a context with its colour settings), bots instant, the test hook on.
"""

from __future__ import annotations

import base64
import re

import gamepage
from conftest import PageGuard, header_controls_in_reach, no_sideways_scroll, wait_until_ready
import test_play as ptol
import test_pompeii_play as pomp
from ptolemaeus import actions as A
import ptolemaeus as pt

FORCED = {"forced_colors": "active", "color_scheme": "light"}


# ------------------------------------------------------------------ helpers


def luminance(rgb) -> float:
    """WCAG relative luminance of an sRGB colour (0-255 channels)."""
    def lin(c: float) -> float:
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (lin(c) for c in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


# The pixels (RGBA, row by row) of rectangles of a PNG, decoded by the page itself (no image library here).
PIXELS = """async ([png, boxes]) => {
  const bytes = Uint8Array.from(atob(png), c => c.charCodeAt(0));
  const bmp = await createImageBitmap(new Blob([bytes], {type: "image/png"}));
  const canvas = new OffscreenCanvas(bmp.width, bmp.height);
  const ctx = canvas.getContext("2d");
  ctx.drawImage(bmp, 0, 0);
  return boxes.map(([x, y, w, h]) => Array.from(ctx.getImageData(x, y, w, h).data));
}"""

# Each highlighted square without a citizen: its ground's box on screen (CSS px), its size in SVG units and its fill.
HIGHLIGHTED = """() => [...document.querySelectorAll('.pp-board .sq.can')].filter(g => !g.querySelector('.citizen'))
  .map(g => { const ground = g.querySelector('.ground'), r = ground.getBoundingClientRect();
    return {square: g.dataset.square, cls: g.getAttribute('class'), x: r.x, y: r.y, w: r.width, h: r.height,
            units: Number(ground.getAttribute('width')), fill: getComputedStyle(ground).fill}; })"""


def shot(game, name: str) -> None:
    """The page's screenshot; and the test fails if the page logged an error, failed a request, asked
    another origin or showed a .py-error (its guard, ``gamepage.open_game``)."""
    ptol.SHOTS.mkdir(parents=True, exist_ok=True)
    game.page.screenshot(path=str(ptol.SHOTS / f"low-vision-{name}.png"))
    problems = game.guard.problems()
    assert not problems, "the page misbehaved:\n  " + "\n  ".join(problems)


def strongest_edge(page, squares: list[dict]) -> dict[str, float]:
    """For each square: the highest contrast of a pixel of its left and right margins (where the "choose
    here" frame is drawn: 1.5-4.5 units in from the ground's edge, its dark rim a little wider), at mid
    height (clear of the labels and the gate's arch), against the square's own fill."""
    boxes, fills = [], []
    for q in squares:
        s = q["w"] / q["units"]                          # CSS px per SVG unit
        x0, x1 = round(q["x"] + s + 1), round(q["x"] + 7 * s)
        y0, y1 = round(q["y"] + 0.35 * q["h"]), round(q["y"] + 0.6 * q["h"])
        right = round(q["x"] + q["w"] - 7 * s)
        boxes += [[x0, y0, x1 - x0, y1 - y0], [right, y0, x1 - x0, y1 - y0]]
        fills.append(tuple(int(v) for v in q["fill"][q["fill"].index("(") + 1:-1].split(",")[:3]))
    shot = base64.b64encode(page.screenshot()).decode()
    data = page.evaluate(PIXELS, [shot, boxes])
    best = {}
    for i, q in enumerate(squares):
        px = data[2 * i] + data[2 * i + 1]
        best[q["square"] + " " + q["cls"]] = max(contrast(px[k:k + 3], fills[i]) for k in range(0, len(px), 4))
    return best


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


def test_the_decision_panel_is_framed_in_forced_colours(browser, browser_context_args, site, site_under_subpath):
    """The panel where the viewer decides now has a gold frame (border colour and box-shadow); forced, it
    was the 1px line of every other panel: a Highlight outline instead."""
    args = {**browser_context_args, **FORCED}
    with gamepage.open_game(ptol.Game, browser, args, site, site_under_subpath, ptol.LINK, ptol.INIT) as game:
        game.wait_human()
        frames = game.page.locator(".pt-panel").evaluate_all("""ps => ps.map(p => { const s = getComputedStyle(p);
            return {active: p.classList.contains('active'), outline: s.outlineStyle, width: parseFloat(s.outlineWidth)}; })""")
        active = [f for f in frames if f["active"]]
        assert len(active) == 1 and active[0]["outline"] == "solid" and active[0]["width"] >= 2, frames
        assert all(f["outline"] == "none" for f in frames if not f["active"]), frames
        shot(game, "forced-prompt")


# ------------------------------------------------------------------ Pompeii


def test_legal_squares_have_a_frame_that_stands_out_from_every_square(browser, browser_context_args, site,
                                                                      site_under_subpath):
    """F2: a citizen chosen in phase 2, the squares it may walk to (streets, beige neutral buildings, grey
    ones...) each have pixels of their frame at 3 : 1 or more against the square (WCAG 1.4.11)."""
    seed, actions = pomp.find_position(lambda s: s.phase == "p2" and s.step == "move" and len(s.legal_actions()) > 4)
    with gamepage.open_game(pomp.Game, browser, browser_context_args, site, site_under_subpath, pomp.LINK,
                            pomp.INIT, (1280, 800)) as game:
        game.load(seed, actions, name="walk")
        game.page.locator(".pp-board .sq.can.mover").first.click()
        game.page.wait_for_selector(".pp-board .sq.can.dest")
        game.page.mouse.move(0, 0)
        squares = game.page.evaluate(HIGHLIGHTED)
        dests = [q for q in squares if "dest" in q["cls"].split()]
        assert dests, squares
        edges = strongest_edge(game.page, dests)
        faint = {sq: round(c, 2) for sq, c in edges.items() if c < 3}
        assert not faint, f"legal squares whose frame is under 3:1 against them: {faint}"
        shot(game, "pompeii-walk")


def test_the_chosen_card_shows_in_forced_colours(browser, browser_context_args, site, site_under_subpath):
    """F4: the chosen hand card's gold ring is a box-shadow, gone in forced colours, leaving only solid
    against dashed borders of the same width: in the system's Highlight colours instead."""
    args = {**browser_context_args, **FORCED}
    with gamepage.open_game(pomp.Game, browser, args, site, site_under_subpath, pomp.LINK, pomp.INIT,
                            (1280, 800)) as game:
        game.wait_human()
        game.page.locator('.pp-hand [data-act="card"]').first.click()
        game.page.mouse.move(0, 0)
        looks = game.page.locator(".pp-hand [data-card]").evaluate_all("""cs => cs.map(c => { const s = getComputedStyle(c);
            return {chosen: c.getAttribute('aria-pressed') === 'true', bg: s.backgroundColor, color: s.color,
                    border: parseFloat(s.borderTopWidth), adjust: s.forcedColorAdjust}; })""")
        chosen = [lk for lk in looks if lk["chosen"]]
        others = [lk for lk in looks if not lk["chosen"]]
        assert len(chosen) == 1 and others, looks
        for other in others:
            assert chosen[0]["bg"] != other["bg"] and chosen[0]["color"] != other["color"], looks
            assert chosen[0]["border"] >= other["border"], looks
        # Painted as given: a forced card's text gets a Canvas backplate, on which HighlightText vanished.
        assert chosen[0]["adjust"] == "none", looks
        rgb = [tuple(int(v) for v in re.findall(r"\d+", chosen[0][k])[:3]) for k in ("bg", "color")]
        assert contrast(*rgb) >= 4.5, looks
        shot(game, "forced-card")


# ------------------------------------------------------------------ the shell


def test_the_new_game_screen_keeps_seat_colours_and_its_main_button_in_forced_colours(browser, browser_context_args,
                                                                                       site, site_under_subpath):
    """F5: each seat's swatch (its colour, an inline background) was painted as an empty ring; "Play now"
    and "Start the game" looked like every other button."""
    context = browser.new_context(**browser_context_args, **FORCED, viewport={"width": 1280, "height": 800})
    try:
        page = context.new_page()
        guard = PageGuard({site.origin, site_under_subpath.origin})
        guard.watch(page)
        page.goto(site.url + "index.html")
        wait_until_ready(page)
        swatches = page.locator(".ng-swatch").evaluate_all("""ss => ss.map(s => ({
            inline: s.style.backgroundColor, painted: getComputedStyle(s).backgroundColor}))""")
        assert len(swatches) >= 2, swatches
        for s in swatches:
            assert s["painted"] == s["inline"], swatches                     # the seat's own colour
        assert len({s["painted"] for s in swatches}) == len(swatches), swatches
        widths = page.locator(".ng button:visible").evaluate_all("""bs => bs.map(b => ({
            primary: b.classList.contains('ng-primary'), border: parseFloat(getComputedStyle(b).borderTopWidth)}))""")
        primary = [w["border"] for w in widths if w["primary"]]
        other = [w["border"] for w in widths if not w["primary"]]
        assert primary and other and min(primary) > max(other), widths
        ptol.SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ptol.SHOTS / "low-vision-forced-new-game.png"))
        assert not guard.problems(), guard.problems()
    finally:
        context.close()


# ------------------------------------------------------------------ reflow


def test_both_games_reflow_at_320_css_px(browser, browser_context_args, site, site_under_subpath):
    """F3: a 1280 x 1024 window at 400% is 320 x 256 CSS px (WCAG 1.4.10): a phone-on-its-side layout (two
    columns) put a 130 px board beside a column the cards ran out of, Ptolemaeus 512 px wide, Pompeii 484.
    Both games now fall back to their one column there: nothing scrolls sideways, the header's controls in
    reach."""
    for name, module in (("ptolemaeus", ptol), ("pompeii", pomp)):
        with gamepage.open_game(module.Game, browser, browser_context_args, site, site_under_subpath, module.LINK,
                                module.INIT, (320, 256)) as game:
            no_sideways_scroll(game.page, f"{name} at 320 x 256")
            header_controls_in_reach(game.page)
            shot(game, f"reflow-320-{name}")
