"""Play-test 9, Ptolemaeus on phones (390x844, 844x390 and 667x375, device scale 3), in Chromium: with four
planets in one constellation their labels lay on top of each other; the board's small texts (the event
card's, "No event card", the turn's numbers) were 4-5 px at 390 px wide; at 667x375 the hand's cards were
below the window's foot. Now every label is apart from the others and from the other planets' discs, at
least ~11 px; every text of the board at least ~10 px; every card of the hand in view, or in a row that
scrolls sideways inside the view, each at least 44 px."""

from __future__ import annotations

import contextlib

import pytest

from conftest import PageGuard, axe_violations, no_sideways_scroll, wait_until_ready
from test_first_evening import INSTANT, SHOTS
from test_a11y import finished_game

SIZES = {
    "portrait": {"width": 390, "height": 844},
    "landscape": {"width": 844, "height": 390},
    "small-landscape": {"width": 667, "height": 375},
}
# 30 June 1965: Sol, Luna, Mercurius and Venus in Cancer (the board's right, where the labels under
# the discs stack up); 1 April 1965: four in Aries (the top, where they stand side by side).
CROWDS = {"cancer": "1965-06-30T12:00Z", "aries": "1965-04-01T12:00Z"}


def link(start: str) -> str:
    return f"index.html?game=ptolemaeus&seats=human,bot&seed=5&start={start}"


@contextlib.contextmanager
def phone(browser, site, site_under_subpath, size: str):
    """A touch phone's page at ``size``, device scale 3, bots instant, watched by a guard."""
    context = browser.new_context(service_workers="block", viewport=SIZES[size], has_touch=True, is_mobile=True,
                                  device_scale_factor=3)
    guard = PageGuard({site.origin, site_under_subpath.origin})
    try:
        page = guard.watch(context.new_page())
        page.add_init_script(INSTANT)
        yield page
        guard.check()
    finally:
        context.close()


# Each planet's label: its text, its font size on screen (CSS size times its user space's scale) and
# its box; each planet's disc box; the board's box.
PLANETS = """() => ({
    labels: [...document.querySelectorAll('.pt-board .planet')].map(g => {
        const e = g.querySelector('.planet-abbr'), m = e.getScreenCTM(), r = e.getBoundingClientRect();
        return {planet: g.dataset.planet, at: g.dataset.at, text: e.textContent,
                px: parseFloat(getComputedStyle(e).fontSize) * Math.hypot(m.a, m.b),
                box: [r.left, r.top, r.right, r.bottom]}; }),
    discs: [...document.querySelectorAll('.pt-board .planet')].map(g => {
        const r = g.querySelector('.disc').getBoundingClientRect();
        return {planet: g.dataset.planet, box: [r.left, r.top, r.right, r.bottom]}; }),
    board: (r => [r.left, r.top, r.right, r.bottom])(document.querySelector('.pt-board').getBoundingClientRect()),
})"""


def meet(a: list[float], b: list[float]) -> bool:
    return a[0] < b[2] - 0.5 and b[0] < a[2] - 0.5 and a[1] < b[3] - 0.5 and b[1] < a[3] - 0.5


@pytest.mark.parametrize("size", ["portrait", "landscape"])
@pytest.mark.parametrize("crowd", ["cancer", "aries"])
def test_crowded_planets_labels_are_apart_and_legible_on_a_phone(browser, site, site_under_subpath, size, crowd,
                                                                  report):
    with phone(browser, site, site_under_subpath, size) as page:
        page.goto(site.url + link(CROWDS[crowd]))
        wait_until_ready(page)
        page.locator(".pt-board .planet").first.wait_for()
        page.wait_for_timeout(300)
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.locator(".pt-board").screenshot(path=str(SHOTS / f"ptolemaeus-crowd-{crowd}-{size}.png"))
        found = page.evaluate(PLANETS)
        labels, discs, board = found["labels"], found["discs"], found["board"]
        at = [label["at"] for label in labels]
        assert len(labels) == 7 and max(at.count(a) for a in at) == 4, at          # four in one constellation
        small = [(label["text"], round(label["px"], 1)) for label in labels if label["px"] < 10.5]
        assert not small, small
        for n, label in enumerate(labels):
            box = label["box"]
            assert board[0] - 0.5 <= box[0] and box[2] <= board[2] + 0.5 and board[1] - 0.5 <= box[1] \
                and box[3] <= board[3] + 0.5, (label, board)
            for other in labels[n + 1:]:
                assert not meet(box, other["box"]), (label, other)
            for disc in discs:
                assert disc["planet"] == label["planet"] or not meet(box, disc["box"]), (label, disc)
        report(f"ptolemaeus at {size}, four planets in {crowd}: labels "
               f"{min(label['px'] for label in labels):.1f} px at least, none meet")


# Every text of the board: its class, its text, its font size on screen and its box.
TEXTS = """() => [...document.querySelectorAll('.pt-board text')].filter(e => e.getClientRects().length).map(e => {
    const m = e.getScreenCTM(), r = e.getBoundingClientRect();
    return {cls: e.getAttribute('class'), text: e.textContent, note: e.hasAttribute('data-note'),
            px: parseFloat(getComputedStyle(e).fontSize) * Math.hypot(m.a, m.b),
            box: [r.left, r.top, r.right, r.bottom]}; })"""
CENTRE = {"center-round", "turn-num", "event-title", "event-planet", "event-count", "comet-progress"}


def check_texts(page, what: str, note: bool) -> list[dict]:
    """Every text of the board at least ~10 px (the planets' labels ~11), inside the board; the centre's
    texts apart from each other, and the event card's inside the card."""
    texts = page.evaluate(TEXTS)
    small = [(x["cls"], x["text"], round(x["px"], 1)) for x in texts
             if x["px"] < (10.8 if "planet-abbr" in x["cls"] else 9.8)]
    assert not small, (what, small)
    board = page.evaluate("(r => [r.left, r.top, r.right, r.bottom])(document.querySelector('.pt-board')"
                          ".getBoundingClientRect())")
    out = [x for x in texts if not (board[0] - 0.5 <= x["box"][0] and x["box"][2] <= board[2] + 0.5
                                    and board[1] - 0.5 <= x["box"][1] and x["box"][3] <= board[3] + 0.5)]
    assert not out, (what, out)
    centre = [x for x in texts if x["cls"] in CENTRE]
    assert any(x["cls"] == "event-planet" and x["note"] == note for x in centre), (what, centre)
    crowded = [(a["text"], b["text"]) for n, a in enumerate(centre) for b in centre[n + 1:] if meet(a["box"], b["box"])]
    assert not crowded, (what, crowded)
    card = page.evaluate("(r => [r.left, r.top, r.right, r.bottom])(document.querySelector('.pt-board .event-card')"
                         ".getBoundingClientRect())")
    for x in centre:
        if x["cls"] in {"event-title", "event-planet"}:
            assert card[0] <= x["box"][0] and x["box"][2] <= card[2] and card[1] <= x["box"][1] \
                and x["box"][3] <= card[3], (what, x, card)
    return texts


def test_every_text_of_the_board_is_at_least_10_px_on_a_390_px_phone(browser, site, site_under_subpath, report):
    """The first position (the event card's three planets, the turn's numbers) and, once the game is over
    and its board viewed, "None face up" (or "No event card left", on two lines) and the tokens' marks."""
    from test_play import INIT, Game

    with phone(browser, site, site_under_subpath, "portrait") as page:
        page.add_init_script(INIT)
        page.goto(site.url + "index.html?date=1969-07-20T20:17Z&seats=human,bot&seed=1")
        wait_until_ready(page)
        page.evaluate("window.ptolemaeusTest.speed(0)")
        page.locator(".pt-board .event-planet").first.wait_for()
        first = check_texts(page, "the first position", False)
        page.locator(".pt-board").screenshot(path=str(SHOTS / "ptolemaeus-phone-texts.png"))

        game = Game(page, None)
        game.load(3, finished_game(3), name="over")
        page.locator('.pt-end [data-act="close_end"]').click()
        page.locator(".pt-board [data-note]").wait_for()
        page.locator(".shell-notice button").first.click()              # "Imported …" closed
        page.wait_for_timeout(300)
        page.locator(".pt-board").screenshot(path=str(SHOTS / "ptolemaeus-phone-no-event.png"))
        last = check_texts(page, "the end's board", True)
        note = [x["text"] for x in last if x["note"]]
        assert note in (["No event card left"], ["None face up"]), note
        assert any(x["cls"] == "token-initial" for x in last), last
        no_sideways_scroll(page, "Ptolemaeus at 390x844")
        report(f"ptolemaeus at 390x844: smallest board text {min(x['px'] for x in first + last):.1f} px")


# The cards of a row (``sel``): each one's box, its row's (the element that scrolls sideways) and
# whether that row scrolls and shows its fade (a pseudo-element pinned to its right edge).
CARDS = """(sel) => [...document.querySelectorAll(sel)].map(e => {
    const row = e.closest('.card-row, .hand'), r = e.getBoundingClientRect(), b = row.getBoundingClientRect();
    const fade = getComputedStyle(row, '::after');
    return {card: e.dataset.card || e.className, box: [r.left, r.top, r.right, r.bottom],
            row: [b.left, b.top, b.right, b.bottom], scrolls: row.scrollWidth > row.clientWidth + 1,
            overflow: getComputedStyle(row).overflowX, fade: fade.content !== 'none' && parseFloat(fade.width) > 0}; })"""


def reachable(page, sel: str, width: int, height: int) -> list[dict]:
    """Every card of ``sel`` takes a finger (44 px) and lies in the window's height, in a row inside the
    window; a card past the row's right edge is reached by scrolling the row alone (the page stays),
    which shows a fade at its edge meanwhile."""
    cards = page.evaluate(CARDS, sel)
    assert cards, sel
    for n, card in enumerate(cards):
        left, top, right, bottom = card["box"]
        assert right - left >= 44 and bottom - top >= 44, card
        assert top >= -0.5 and bottom <= height + 0.5, card
        row = card["row"]
        assert row[0] >= -0.5 and row[2] <= width + 0.5, card
        if left < row[0] - 0.5 or right > row[2] + 0.5:
            assert card["scrolls"] and card["overflow"] == "auto" and card["fade"], card
            page.locator(sel).nth(n).evaluate("e => e.scrollIntoView({block: 'nearest', inline: 'nearest'})")
            page.wait_for_timeout(100)
            moved = page.evaluate(CARDS, sel)[n]
            assert moved["row"][0] - 0.5 <= moved["box"][0] and moved["box"][2] <= moved["row"][2] + 0.5, moved
            assert moved["box"][1] >= -0.5 and moved["box"][3] <= height + 0.5, moved
            assert page.evaluate("scrollY") == 0
    return cards


def test_on_a_small_phone_on_its_side_every_card_is_in_reach(browser, site, site_under_subpath, report):
    """667x375: the face-up cards and the deck, then (asked to discard at an Eclipsis) the hand's cards and
    the Discard button, in the first view or in their row that scrolls sideways inside it."""
    from test_play import INIT, Game, find_position, pending

    width, height = SIZES["small-landscape"]["width"], SIZES["small-landscape"]["height"]
    with phone(browser, site, site_under_subpath, "small-landscape") as page:
        page.add_init_script(INIT)
        page.goto(site.url + link("1969-07-20T20:17Z"))
        wait_until_ready(page)
        page.locator(".pt-cards [data-act].can").first.wait_for()
        page.evaluate("window.ptolemaeusTest.speed(0)")
        page.wait_for_timeout(300)
        page.screenshot(path=str(SHOTS / "ptolemaeus-small-landscape.png"))
        face_up = reachable(page, ".pt-cards .card-row > .deck, .pt-cards .display > .card", width, height)
        assert len(face_up) == 7 and any(card["scrolls"] for card in face_up), face_up
        no_sideways_scroll(page, "Ptolemaeus at 667x375")
        assert axe_violations(page) == []

        game = Game(page, None)
        game.load(*find_position(pending("eclipsis")), name="eclipsis-small")
        page.locator('.pt-hand [data-act="hand"]').first.wait_for()
        page.locator(".shell-notice button").first.click()              # "Imported …" closed
        page.evaluate("scrollTo(0, 0)")
        page.wait_for_timeout(300)
        page.screenshot(path=str(SHOTS / "ptolemaeus-small-landscape-eclipsis.png"))
        hand = reachable(page, '.pt-hand [data-act="hand"]', width, height)
        discard = page.locator('.pt-prompt [data-act="confirm"]').bounding_box()
        assert discard["y"] + discard["height"] <= height and discard["height"] >= 24, discard
        page.locator('.pt-hand [data-act="hand"]').first.tap()           # a card picked: still in reach
        page.wait_for_function("document.querySelector('.pt-hand .card.chosen')")
        reachable(page, '.pt-hand [data-act="hand"]', width, height)
        no_sideways_scroll(page, "the Eclipsis at 667x375")
        report(f"ptolemaeus at 667x375: {len(face_up)} face-up cards and deck, {len(hand)} hand cards in reach, "
               f"{min(c['box'][3] - c['box'][1] for c in face_up + hand):.0f} px high")
