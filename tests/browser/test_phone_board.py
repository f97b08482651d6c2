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
