"""Playing Ptolemaeus in Chromium: the real page (shell + game UI), every kind
of decision made with clicks (or keys) on the board and the panels.

One page serves the whole module (Pyodide starts once). It opens the link
``?date=1969-07-20T20:17Z&seats=human,bot&seed=1`` first; later tests put
the page in a known position by *importing a saved game* through the shell
(``#shell-import-file``): a session whose actions are a legal prefix found
here with the engine (seeded random play until seat 0, the human, faces the
decision a test wants). The decision itself is then made by clicking.

The game UI's test hook (``window.ptolemaeusTest``, enabled only because
this module sets ``window.ptolemaeusTestEnable`` before the page starts; see
``py/ptolemaeus_ui/view.py``) is used to read what the viewer may know
(``info()``), to set the animation speed, and to let a bot play the human
seat for the full game at the end (``autoplay``). Bots move instantly.
"""

from __future__ import annotations

import os
import json
import random
from pathlib import Path

import pytest

import gamepage
import ptolemaeus as pt
from ptolemaeus import actions as A
from ptolemaeus.data import BONUS_TYPES
from ptolemaeus_ui.spec import PtolemaeusSpec

ROOT = Path(__file__).resolve().parents[2]
SHOTS = Path(os.environ.get("PTOLEMAEUS_SCREENSHOTS", ROOT / "test-results" / "screenshots"))
DATE = "1969-07-20T20:17Z"
LINK = f"?date={DATE}&seats=human,bot&seed=1"
PREFIX = gamepage.PREFIX
SPEC = PtolemaeusSpec()
INIT = gamepage.init_script("ptolemaeusTestEnable")
HUMAN_TO_PLAY = gamepage.human_to_play("ptolemaeusTest")


# ------------------------------------------------------------------ positions


def find_position(want, players: int = 2, seeds=range(1, 500), max_steps: int = 400):
    """(seed, actions) of the first seeded random game in which seat 0 is to
    decide and ``want(state)`` holds."""
    return gamepage.find_position(lambda n, seed: pt.new_game(n, seed, DATE), want, players, seeds, max_steps)


def replay(seed: int, actions: list, players: int = 2) -> pt.State:
    s = pt.new_game(players, seed, DATE)
    for a in actions:
        s.apply(a if isinstance(a, pt.Action) else pt.Action.from_json(a))
    return s


def pending(kind: str, options: int = 2):
    return lambda s: bool(s.stack) and s.stack[-1][0] == kind and len(s.legal_actions()) >= options


def can(kind: str):
    return lambda s: any(a.kind == kind for a in s.legal_actions())


def playable(card: str, options: int = 2):
    """Seat 0 may play ``card`` and must then choose among >= ``options``."""
    def want(s):
        for a in s.legal_actions():
            if a.kind == A.PLAY and BONUS_TYPES[a.bonus] == card:
                c = s.clone()
                c.record = False
                c.apply(a)
                return c.current_player == 0 and bool(c.stack) and len(c.legal_actions()) >= options
        return False
    return want


def config_with_payment_choice(s):
    """An observable configuration whose every placement offers 2+ payments."""
    if s.stack:
        return False
    for a in s.legal_actions():
        if a.kind == A.OBSERVE and len(set(a.where)) >= 2:
            c = s.clone()
            c.record = False
            c.apply(a)
            if c.current_player == 0 and c.stack and c.stack[-1][0] == "observe":
                pays: dict = {}
                for p in c.legal_actions():
                    pays.setdefault(p.where, set()).add(p.cards)
                if pays and all(len(v) >= 2 for v in pays.values()):
                    return True
    return False


# ------------------------------------------------------------------ the page


class Game(gamepage.GamePage):
    spec = SPEC
    hook = "ptolemaeusTest"

    def setup(self, players: int, seed: int) -> dict:
        return {"players": players, "seed": seed, "start": DATE}

    def click(self, selector: str) -> None:
        self.page.locator(selector).first.click()

    def const(self, name: str) -> None:
        self.click(f'[data-constellation="{name}"]')

    def act(self, act: str, arg: str | None = None) -> None:
        sel = f'.pt [data-act="{act}"]' + (f'[data-arg="{arg}"]' if arg is not None else "")
        self.click(sel)


def open_game(browser, browser_context_args, site, site_under_subpath):
    """The game link in a browser context of its own, watched by a guard, bots instant."""
    return gamepage.open_game(Game, browser, browser_context_args, site, site_under_subpath, LINK, INIT)


@pytest.fixture(scope="module")
def game(browser, browser_context_args, site, site_under_subpath):
    with open_game(browser, browser_context_args, site, site_under_subpath) as g:
        yield g


@pytest.fixture(autouse=True)
def no_page_errors(request):
    """Each test fails if the page logged an error, failed a request or showed a .py-error meanwhile."""
    yield from gamepage.no_new_problems(request)


# ------------------------------------------------------------------ tests


def test_the_link_starts_the_game_under_the_real_sky(game):
    page = game.page
    assert page.evaluate("document.body.dataset.screen") == "game"
    engine = pt.new_game(2, 1, DATE)
    planets = {e.get_attribute("data-planet"): e.get_attribute("data-at")
               for e in page.locator("[data-planet]").all()}
    assert planets == engine.planets == {
        "Sol": "Cancer", "Luna": "Libra", "Mercurius": "Cancer", "Venus": "Gemini", "Mars": "Sagittarius",
        "Iupiter": "Libra", "Saturnus": "Taurus"}
    assert page.locator("[data-comet]").get_attribute("data-at") == "Aries"
    assert page.locator("[data-comet-start]").get_attribute("data-at") == "Aries"
    assert page.locator("[data-constellation]").count() == 12
    assert game.session()["setup"] == {"players": 2, "seed": 1, "start": DATE}
    # The bot (seat 1 holds the Astrolabe with this seed) plays; then it is our turn.
    info = game.wait_human()
    assert info["viewer"] == 0
    # What is on screen is what seat 0 may see (R17): the face-up cards and our own hand.
    state = game.state()
    view = state.view(0)
    cards = sorted(page.locator("[data-card]").evaluate_all("els => els.map(e => e.dataset.card)"))
    assert cards == sorted(view["display"] + view["seats"][0]["hand"])
    assert page.locator(".pt-hand").count() == 1


OVERLAYS_LET_CLICKS_THROUGH = """() => {
    const over = [...document.querySelectorAll(
        '.pt-board .markers, .pt-board .markers *, .pt-board .chords, .pt-board .chords *, '
        + '.pt-board .comet-progress-arc, .pt-board .comet-progress-arc *, .pt-board .tokens *')];
    const taking = over.filter(e => getComputedStyle(e).pointerEvents !== 'none').map(e => e.getAttribute('class'));
    const under = [...document.querySelectorAll('.pt-board [data-asteroid], .pt-board [data-comet-start]')].map(m => {
        const b = m.getBoundingClientRect();
        const e = document.elementFromPoint(b.x + b.width / 2, b.y + b.height / 2);
        return e && e.closest('.const') ? e.closest('.const').dataset.constellation : (e ? e.tagName : null);
    });
    return {taking, under};
}"""


def test_the_markers_drawn_over_the_constellations_let_clicks_through(game):
    """Play-test D1, Ptolemaeus' side: the Comet's start marker, the Asteroids, the chords of a
    configuration and the Comet's arc are drawn above the constellations; a click on them reaches
    the constellation below (the one the marker sits in)."""
    game.wait_human()
    got = game.page.evaluate(OVERLAYS_LET_CLICKS_THROUGH)
    assert got["taking"] == []
    view = game.state().view(0)
    assert got["under"] == view["asteroids_on_board"] + [view["comet_start"]]


def test_the_comets_arc_is_named_and_its_legend_is_shown(game):
    """Play-test 7 #17: the grey arc round the centre disc (the Comet's progress) had no label and looked
    like a glitch: it has an accessible name and a title; "Comet n/12" in the centre has a piece of the
    same arc under it (its legend), inside the centre disc, with a title too."""
    seed, actions = find_position(lambda s: s.comet_steps >= 2 and not s.stack)
    game.load(seed, actions, name="comet-arc")
    page = game.page
    state = game.state()
    steps = min(state.comet_steps, 12)
    name = (f"The Comet's path so far: {steps} of the 12 steps of its revolution, from "
            f"{state.view(0)['comet_start']}")
    arc = page.get_by_role("img", name=name, exact=True)
    assert arc.count() == 1
    assert arc.locator("title").text_content() == name
    legend = page.get_by_role("img", name=f"The Comet has moved {steps} of the 12 steps of its revolution")
    assert legend.count() == 1 and legend.locator("title").count() == 1
    assert legend.locator("text").text_content() == f"Comet {steps}/12"
    swatch, text, disc = (page.locator(sel).bounding_box() for sel in (
        ".pt-board .comet-swatch", ".pt-board .comet-progress", ".pt-board .center-disc"))
    assert swatch["height"] > 2 and swatch["width"] > 20                         # drawn, a piece of arc
    assert text["y"] + text["height"] <= swatch["y"] + 2                        # under the words
    assert disc["x"] < swatch["x"] and swatch["x"] + swatch["width"] < disc["x"] + disc["width"]
    assert swatch["y"] + swatch["height"] < disc["y"] + disc["height"]
    stroke = page.evaluate("""() => [...document.querySelectorAll('.pt-board .comet-arc')]
        .map(e => getComputedStyle(e).stroke)""")
    assert len(stroke) == 2 and stroke[0] == stroke[1]                          # the same look as the arc


def test_draw_a_face_up_card_then_from_the_deck(game):
    info = game.wait_human()
    assert info["pending"] is None
    n = game.moves()
    face_up = next(a["cards"][0] for a in info["legal"] if a["kind"] == "take" and a["cards"] != ["Sextans"])
    game.act("take", face_up)
    assert game.played(n) == {"kind": "take", "cards": [face_up]}
    info = game.info()
    assert info["pending"] == {"kind": "draw2"} and info["current_player"] == 0
    assert "Draw a second card" in game.page.locator(".pt-prompt .prompt").inner_text()
    # The heading's last move follows "Your turn" with no "·" before it (play-test 4: a stray separator).
    last = game.page.locator(".pt-status .pt-last")
    assert last.inner_text().startswith("You take") and last.get_attribute("title") == last.inner_text()
    assert last.evaluate("e => getComputedStyle(e, '::before').content") in ("none", "normal")
    game.act("deck")
    assert game.played(n + 1) == {"kind": "draw_deck"}
    log = game.page.locator(".pt-log").inner_text()
    assert f"You take {face_up} from the face-up cards." in log and "You draw a card from the deck." in log


def test_observe_a_constellation(game):
    seed, actions = find_position(lambda s: not s.stack and any(
        a.kind == A.OBSERVE and len(a.where) == 1 for a in s.legal_actions()))
    info = game.load(seed, actions, name="observe")
    where = next(a["where"][0] for a in info["legal"] if a["kind"] == "observe" and len(a["where"]) == 1)
    n = game.moves()
    # Only the constellations that can be observed are clickable.
    clickable = set(game.page.locator('[data-constellation][data-act="const"]').evaluate_all(
        "els => els.map(e => e.dataset.constellation)"))
    legal = {w for a in info["legal"] if a["kind"] == "observe" for w in a["where"]}
    assert clickable == legal
    game.const(where)
    assert "sel" in game.page.locator(f'[data-constellation="{where}"]').get_attribute("class")
    game.click(f'.pt-prompt button[data-where="{where}"]')
    assert game.played(n) == {"kind": "observe", "where": [where]}
    info = game.info()
    if (info["pending"] or {}).get("kind") == "observe":        # a payment to choose: keep the default
        game.act("confirm")
        place = game.played(n + 1)
        assert place["kind"] == "place" and place["where"] == [where]
    # (with a single way to pay, the engine places the token at once)
    game.page.wait_for_function(f"document.querySelector('.pt-log').innerText.includes('You place a token on {where}.')")


def test_observe_a_configuration_choosing_how_to_pay(game):
    seed, actions = find_position(config_with_payment_choice)
    state = replay(seed, actions)
    obs = next(a for a in state.legal_actions() if a.kind == A.OBSERVE and len(set(a.where)) >= 2
               and config_with_payment_choice(state))
    game.load(seed, actions, name="configuration")
    names = [pt.CONSTELLATIONS[c] for c in obs.where]
    n = game.moves()
    game.const(names[0])
    # The configurations through that constellation are offered; pick ours.
    game.click(f'.pt-prompt button[data-where="{" ".join(names)}"]')
    assert game.played(n) == obs.to_json()
    state.apply(obs)
    for k in range(len(obs.where)):
        info = game.wait_human()
        assert info["pending"]["kind"] == "observe"
        target = info["pending"]["targets"][0]
        game.const(target)
        radios = game.page.locator('.pt-prompt [role="radio"][data-act="pay"]')
        assert radios.count() >= 2
        assert radios.nth(0).get_attribute("aria-checked") == "true"     # the sensible default: cheapest
        options = [a for a in state.legal_actions() if a.where == (pt.data.CONST_INDEX[target],)]
        pays = []
        for a in options:
            if a.cards not in pays:
                pays.append(a.cards)
        radios.nth(1).click()                                            # change it
        assert radios.nth(1).get_attribute("aria-checked") == "true"
        game.act("confirm")
        got = game.played(n + 1 + k)
        assert got["kind"] == "place" and got["where"] == [target]
        assert got["cards"] == [pt.CARD_NAMES[c] for c in pays[1]]
        state.apply(pt.Action.from_json(got))
        if state.current_player != 0 or not state.stack or state.stack[-1][0] != "observe":
            break


def test_choose_the_planet_to_study(game):
    seed, actions = find_position(pending("study"))
    state = replay(seed, actions)
    info = game.load(seed, actions, name="study")
    at = info["pending"]["at"]
    choices = [pt.PLANETS[a.planet] for a in state.legal_actions()]
    clickable = game.page.locator('[data-planet][data-act="planet"]').evaluate_all(
        "els => els.map(e => e.dataset.planet)")
    assert sorted(clickable) == sorted(choices)
    n = game.moves()
    game.click(f'[data-planet="{choices[-1]}"]')
    assert game.played(n) == {"kind": "study", "planet": choices[-1]}
    assert f"You study {choices[-1]} in {at}." in game.page.locator(".pt-log").inner_text()


def test_study_b(game):
    seed, actions = find_position(can(A.STUDY_B))
    state = replay(seed, actions)
    b = next(a for a in state.legal_actions() if a.kind == A.STUDY_B)
    c, x, y = (pt.CONSTELLATIONS[i] for i in b.where)
    planet = pt.PLANETS[b.planet]
    game.load(seed, actions, name="study-b")
    n = game.moves()
    game.act("study_b", f"{c}|{planet}")
    game.const(x)
    game.const(y)
    game.act("confirm")
    assert game.played(n) == b.to_json()
    assert f"You study {planet} in {c} (study B)." in game.page.locator(".pt-log").inner_text()


RECAP_SHOWN = """() => ({
    recap: document.querySelector('.pt-status .pt-recap')?.getAttribute('title') || null,
    marks: [...document.querySelectorAll('svg.pt-board .bu-mark')].map(m => [m.dataset.spot, m.dataset.seat, m.dataset.points]),
    gains: [...document.querySelectorAll('[data-score] .bu-gain')].map(g => [g.closest('[data-score]').dataset.score, g.textContent]),
    recent: [...document.querySelectorAll('svg.pt-board [data-constellation].recent')].map(c => c.dataset.constellation)})"""


def test_the_recap_of_the_bots_turn_is_back_after_a_reload(game):
    """Play-test: after a reload the recap of the bots' turn was gone. The player's study ends its turn
    ("confirm my moves" off: its move begins the recap), the bot plays its turn; the page reloaded, the
    same recap is back — the same lines, the study's "+N" where it was earned, the gains at the scores."""
    def study_ends_the_turn(s):
        if not pending("study")(s):
            return False
        c = s.clone()
        c.record = False
        c.apply(s.legal_actions()[-1])
        return c.current_player != 0
    seed, actions = find_position(study_ends_the_turn)
    info = game.load(seed, actions, name="recap-reload")
    at, planet = info["pending"]["at"], pt.PLANETS[replay(seed, actions).legal_actions()[-1].planet]
    n = game.moves()
    game.click(f'[data-planet="{planet}"][data-act="planet"]')
    game.played(n)
    game.wait_human()
    assert game.moves() > n + 1                                      # the bot has moved since
    bot = game.session()["seats"][1]["name"]
    shown = game.page.evaluate(RECAP_SHOWN)
    assert shown["recap"] and bot in shown["recap"], shown
    assert [f"const:{at}", "0"] in [m[:2] for m in shown["marks"]] and "0" in [g[0] for g in shown["gains"]], shown
    game.reload()
    assert game.page.evaluate(RECAP_SHOWN) == shown
    assert game.page.locator(f'svg.pt-board .bu-mark[data-spot="const:{at}"][data-seat="0"]').count() == 1


def test_asteroid_trade_then_end_the_turn(game):
    # after the turn's action, with an asteroid trade on offer: trade, then end the turn
    seed, actions = find_position(lambda s: can(A.TRADE)(s) and can(A.END_TURN)(s))
    game.load(seed, actions, name="trade")
    n = game.moves()
    game.act("trade")
    assert game.played(n) == {"kind": "trade"}
    assert "You trade 2 Asteroids for a bonus card." in game.page.locator(".pt-log").inner_text()
    info = game.wait_human()
    assert {"kind": "end_turn"} in info["legal"]
    game.act("end")
    assert game.played(n + 1) == {"kind": "end_turn"}
    assert "You end the turn." in game.page.locator(".pt-log").inner_text()


def _play_card(game, card):
    n = game.moves()
    game.click(f'.bonus-card[data-bonus="{card}"]')
    assert card in game.page.locator(".pt-prompt").inner_text()
    game.act("play", card)
    assert game.played(n) == {"kind": "play", "bonus": card}
    info = game.wait_human()
    return n + 1, info


def test_bonus_signa_places_a_token(game):
    seed, actions = find_position(playable("Signa Ignis"))
    game.load(seed, actions, name="signa")
    n, info = _play_card(game, "Signa Ignis")
    targets = {a["where"][0] for a in info["legal"]}
    assert targets <= {"Aries", "Leo", "Sagittarius"}                      # R11: a red constellation
    clickable = set(game.page.locator('[data-constellation][data-act="const"]').evaluate_all(
        "els => els.map(e => e.dataset.constellation)"))
    assert clickable == targets
    target = sorted(targets)[0]
    game.const(target)
    if game.page.locator('.pt-prompt [data-act="source"]').count():
        game.click('.pt-prompt [data-act="source"]')
    game.act("confirm")
    got = game.played(n)
    assert got["kind"] == "place" and got["where"] == [target]


def test_bonus_nova_luna_swaps_a_token(game):
    seed, actions = find_position(playable("Nova Luna"))
    game.load(seed, actions, name="nova-luna")
    n, info = _play_card(game, "Nova Luna")
    swap = info["legal"][0]
    game.const(swap["where"][0])
    game.click('.pt-prompt button[data-act="do"]')
    got = game.played(n)
    assert got["kind"] == "swap" and got["where"] == swap["where"]


def test_bonus_mercurius_moves_a_token(game):
    seed, actions = find_position(playable("Mercurius Retrogradus"))
    game.load(seed, actions, name="mercurius")
    n, info = _play_card(game, "Mercurius Retrogradus")
    move = next(a for a in info["legal"] if a["kind"] == "move")
    game.const(move["where"][0])
    game.const(move["where"][1])
    game.act("confirm")
    assert game.played(n) == move


def test_bonus_venus_draws_a_card(game):
    seed, actions = find_position(playable("Venus Retrograda"))
    game.load(seed, actions, name="venus")
    n, info = _play_card(game, "Venus Retrograda")
    assert info["pending"]["kind"] == "venus"
    game.act("deck")
    assert game.played(n) == {"kind": "draw_deck"}


def test_bonus_iupiter_chooses_whom_to_rob(game):
    seed, actions = find_position(playable("Iupiter Orientalis"), players=3)
    game.load(seed, actions, seats=("human", "bot", "bot"), name="iupiter")
    n, info = _play_card(game, "Iupiter Orientalis")
    assert sorted(a["seat"] for a in info["legal"]) == [1, 2]
    buttons = game.page.locator('.pt-prompt button[data-act="do"]')
    assert buttons.count() == 2 and "Hypatia" in buttons.nth(0).inner_text() + buttons.nth(1).inner_text()
    buttons.nth(1).click()
    got = game.played(n)
    assert got["kind"] == "steal" and got["seat"] in (1, 2)


def test_answer_an_opponents_maleficus_mars(game):
    seed, actions = find_position(pending("mars"))
    info = game.load(seed, actions, name="mars")
    assert "Maleficus Mars" in game.page.locator(".pt-prompt").inner_text()
    where = info["legal"][-1]["where"][0]
    n = game.moves()
    game.const(where)
    game.act("confirm")
    assert game.played(n) == {"kind": "retrieve", "where": [where]}


def test_answer_an_opponents_maleficus_saturnus(game):
    seed, actions = find_position(pending("saturnus"))
    info = game.load(seed, actions, name="saturnus")
    want = info["legal"][-1]["cards"]
    hand = info["hand"]
    n = game.moves()
    used = []
    for name in want:
        i = next(j for j, c in enumerate(hand) if c == name and j not in used)
        used.append(i)
        game.click(f'.pt-hand [data-act="hand"][data-arg="{i}"]')
    game.act("confirm")
    assert game.played(n) == {"kind": "discard", "cards": want}


def test_eclipsis_discards(game):
    seed, actions = find_position(pending("eclipsis"))
    info = game.load(seed, actions, name="eclipsis")
    assert "Eclipsis" in game.page.locator(".pt-prompt").inner_text()
    assert game.page.locator("[data-event]").get_attribute("data-event") == "Eclipsis"
    hand = info["hand"]
    n = game.moves()
    confirm = game.page.locator('.pt-prompt [data-act="confirm"]')
    assert confirm.is_disabled()
    game.click('.pt-hand [data-act="hand"][data-arg="0"]')
    game.click('.pt-hand [data-act="hand"][data-arg="1"]')
    assert game.page.locator('.pt-hand [aria-pressed="true"]').count() == 2
    confirm.click()
    got = game.played(n)
    assert got["kind"] == "discard" and sorted(got["cards"]) == sorted(hand[:2])


def test_keyboard_only(game):
    seed, actions = find_position(lambda s: not s.stack and any(
        a.kind == A.OBSERVE and len(a.where) == 1 for a in s.legal_actions()))
    info = game.load(seed, actions, name="keyboard")
    where = next(a["where"][0] for a in info["legal"] if a["kind"] == "observe" and len(a["where"]) == 1)
    page = game.page
    node = page.locator(f'[data-constellation="{where}"]')
    # (one tab stop for the board, the arrow keys move: tests/browser/test_a11y.py)
    assert node.get_attribute("tabindex") in ("0", "-1") and node.get_attribute("role") == "button"
    node.focus()
    page.keyboard.press("Enter")
    assert "sel" in node.get_attribute("class")
    # the focus goes on to the ways to observe through it, in the panel
    assert page.evaluate("document.activeElement.closest('.pt-prompt') && document.activeElement.dataset.act") == "do"
    n = game.moves()
    page.locator(f'.pt-prompt button[data-where="{where}"]').focus()
    page.keyboard.press("Space")
    assert game.played(n) == {"kind": "observe", "where": [where]}


def test_end_of_round_is_shown_step_by_step(game):
    # A position where our draw ends the round (turn 3, last of the table).
    def ends_round(s):
        return not s.stack and s.turn == 3 and s.k == s.n - 1 and s.event >= 0 and len(s.deck) > 2 and any(
            a.kind == A.DRAW_DECK for a in s.legal_actions())
    seed, actions = find_position(ends_round)
    expected = replay(seed, actions)
    events = []
    for _ in range(2):
        expected.apply(pt.Action("draw_deck"))
        events += expected.last_events
    moved = [e for e in events if e["type"] == "planet_move"]
    comet = next(e for e in events if e["type"] == "comet_move")["path"]
    assert len(moved) == 3
    game.load(seed, actions, name="round-end")
    page = game.page
    # Record every change of a body's constellation on the board.
    page.evaluate("""() => { window.__moves = [];
        new MutationObserver(ms => { for (const m of ms) {
            window.__moves.push((m.target.dataset.planet || 'Comet') + ':' + m.target.dataset.at); } })
          .observe(document.querySelector('.pt-board .bodies'),
                   {subtree: true, attributes: true, attributeFilter: ['data-at']}); }""")
    page.evaluate("window.ptolemaeusTest.speed(0.25)")
    frames_before = len(game.info()["frames"])
    try:
        game.act("deck")
        page.wait_for_function("JSON.parse(window.ptolemaeusTest.info()).pending?.kind === 'draw2'")
        game.act("deck")
        page.wait_for_selector(".pt.anim .pt-caption.show")          # animating, with a caption
        assert page.locator(".pt-prompt.animating [data-act='skip_anim']").count() == 1
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.evaluate("window.scrollTo(0, 0)")
        page.screenshot(path=str(SHOTS / "round-end-1280.png"))
        page.wait_for_function("!JSON.parse(window.ptolemaeusTest.info()).animating", timeout=60_000)
    finally:
        page.evaluate("window.ptolemaeusTest.speed(0)")
    frames = game.info()["frames"][frames_before:]
    assert frames[0] == f"End of round {expected.round - 1}"
    assert [f for f in frames if " moves to " in f and not f.startswith("The Comet")] == [
        f"{e['planet']} moves to {e['to']}" for e in moved]
    assert any(f.startswith("New event:") or f == "Eclipsis!" for f in frames)
    # The DOM went through every step: each planet one constellation on, the Comet one at a time.
    seen = page.evaluate("window.__moves")
    assert [m for m in seen if m.startswith("Comet:")] == [f"Comet:{c}" for c in comet]
    assert [m for m in seen if not m.startswith("Comet:")] == [f"{e['planet']}:{e['to']}" for e in moved]
    planets = {e.get_attribute("data-planet"): e.get_attribute("data-at")
               for e in page.locator("[data-planet]").all()}
    assert planets == expected.planets


OVERLAP_JS = """([a, b]) => { const r = document.querySelector(a).getBoundingClientRect(),
    s = document.querySelector(b).getBoundingClientRect();
    return Math.max(0, Math.min(r.right, s.right) - Math.max(r.left, s.left))
         * Math.max(0, Math.min(r.bottom, s.bottom) - Math.max(r.top, s.top)); }"""
BOX_JS = "s => { const r = document.querySelector(s).getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; }"


def test_the_end_of_round_caption_leaves_the_board_uncovered(game):
    """The end of round's caption is in the status line above the board, at every size: drawn over
    the board's foot it hid Libra and its tokens (play-test 4); the board stays put."""
    def ends_round(s):
        return not s.stack and s.turn == 3 and s.k == s.n - 1 and s.event >= 0 and len(s.deck) > 2 and any(
            a.kind == A.DRAW_DECK for a in s.legal_actions())
    seed, actions = find_position(ends_round)
    game.load(seed, actions, name="round-end-caption")
    page = game.page
    page.evaluate("""() => document.querySelectorAll('#shell-notices .shell-notice button.shell-notice-close')
                          .forEach(b => b.click())""")        # "Imported …": the board's place without it
    page.wait_for_function("""() => getComputedStyle(document.documentElement).getPropertyValue('--shell-notices-h')
                               === document.getElementById('shell-notices').offsetHeight + 'px'""")
    page.evaluate("window.scrollTo(0, 0)")
    board_before = page.evaluate(BOX_JS, ".pt-board")
    page.evaluate("window.ptolemaeusTest.speed(40)")         # each step held long enough to measure
    try:
        game.act("deck")
        page.wait_for_function("JSON.parse(window.ptolemaeusTest.info()).pending?.kind === 'draw2'")
        game.act("deck")
        page.wait_for_selector(".pt.anim .pt-caption.show")
        assert page.locator(".pt-caption").inner_text() == page.locator(".pt-prompt .caption-text").inner_text()
        assert page.evaluate(BOX_JS, ".pt-board") == board_before
        for width, height in ((1280, 800), (1920, 1080), (390, 844)):
            page.set_viewport_size({"width": width, "height": height})
            caption = page.evaluate(BOX_JS, ".pt-caption")
            assert caption[2] > 0 and caption[3] > 0, (width, caption)
            assert caption[0] >= 0 and caption[0] + caption[2] <= width + 1, (width, caption)
            assert page.evaluate(OVERLAP_JS, [".pt-caption", ".pt-board"]) == 0, (width, caption)
    finally:
        page.set_viewport_size({"width": 1280, "height": 800})
        page.evaluate("window.ptolemaeusTest.speed(0)")
    page.wait_for_function("!JSON.parse(window.ptolemaeusTest.info()).animating", timeout=60_000)
    assert page.locator(".pt-caption").count() == 0


def test_reduced_motion_turns_the_glide_off(game):
    page = game.page
    page.emulate_media(reduced_motion="reduce")
    try:
        duration = page.evaluate("""() => { const root = document.querySelector('.pt'); root.classList.add('anim');
            const d = getComputedStyle(document.querySelector('[data-planet]')).transitionDuration;
            root.classList.remove('anim'); return d; }""")
        assert duration == "0s"
    finally:
        page.emulate_media(reduced_motion="no-preference")
    duration = page.evaluate("""() => { const root = document.querySelector('.pt'); root.classList.add('anim');
        const d = getComputedStyle(document.querySelector('[data-planet]')).transitionDuration;
        root.classList.remove('anim'); return d; }""")
    assert duration != "0s"


def test_screen_is_accessible(game, axe):
    seed, actions = find_position(can(A.STUDY_B))
    game.load(seed, actions, name="a11y")
    serious = [v for v in axe(game.page) if v["impact"] in ("serious", "critical")]
    assert not serious, json.dumps(serious, indent=1)


def test_a_whole_game_to_the_end_screen(game, axe):
    game.load(1, [], seats=("human", "greedy"), name="whole-game")
    page = game.page
    page.evaluate("window.ptolemaeusTest.autoplay('greedy')")
    page.wait_for_selector(".pt-end", timeout=120_000)
    page.evaluate("window.ptolemaeusTest.autoplay('')")
    state = game.state()
    assert state.is_over
    end = page.locator(".pt-end")
    assert end.get_attribute("role") == "dialog"
    rows = end.locator("tbody tr")
    assert rows.count() == 2
    scores = state.scores()
    for seat in (0, 1):
        row = end.locator(f'tr[data-seat="{seat}"]')
        assert int(row.locator('[data-col="total"]').inner_text()) == scores[seat]
        b = state.score_breakdown(seat)
        assert int(row.locator('[data-col="objective"]').inner_text()) == b["objective"]
        assert int(row.locator('[data-col="nova"]').inner_text()) == b["nova"]
    winners = end.locator(".end-winner").get_attribute("data-winners")
    assert winners == ",".join(map(str, state.winners))
    serious = [v for v in axe(page) if v["impact"] in ("serious", "critical")]
    assert not serious, json.dumps(serious, indent=1)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(SHOTS / "end-1280.png"))
    page.set_viewport_size({"width": 360, "height": 780})
    page.screenshot(path=str(SHOTS / "end-360.png"))
    page.set_viewport_size({"width": 1280, "height": 800})
    # Look at the board, then come back to the scores.
    page.locator('.pt-end [data-act="close_end"]').click()
    assert page.locator(".pt-end").count() == 0
    page.locator('[data-act="open_end"]').click()
    assert page.locator(".pt-end").count() == 1


CELL_LINES = """() => [...document.querySelectorAll('.pt-end .end-table th, .pt-end .end-table td')].map(cell => {
    const rects = [], walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (!n.textContent.trim() || n.parentElement.closest('svg, .visually-hidden')) continue;
      const range = document.createRange(); range.selectNodeContents(n);
      for (const r of range.getClientRects()) if (r.width > 0) rects.push(r);
    }
    rects.sort((a, b) => a.top - b.top);
    let lines = rects.length ? 1 : 0;
    for (let i = 1; i < rects.length; i++) if (rects[i].top - rects[i - 1].top > rects[i].height / 2) lines++;
    return [cell.innerText.trim(), lines]; })"""


def test_the_end_tables_cells_keep_to_one_line_on_a_phone(game):
    """Play-test 7 #5: at 390x844 the end table's Asteroids cell "0 (2 tokens: 1 point per 3)" took two
    lines and squeezed the other columns: the cell shows the points, the rest is its title, what a
    screen reader says, and a note under the table."""
    for seed in range(1, 40):       # a game that ends with Asteroid tokens that score nothing
        s = pt.new_game(2, seed, DATE)
        rng = random.Random(seed)
        actions = []
        while not s.is_over:
            actions.append(rng.choice(s.legal_actions()))
            s.apply(actions[-1])
        if any(n % 3 == 2 for n in s.asteroids):
            break
    game.load(seed, actions, name="end-phone")
    page = game.page
    page.set_viewport_size({"width": 390, "height": 844})
    try:
        page.wait_for_selector(".pt-end")
        lines = page.evaluate(CELL_LINES)
        assert lines and all(n <= 1 for _, n in lines), [x for x in lines if x[1] > 1]
        seat = next(p for p in range(2) if s.asteroids[p] % 3 == 2)
        cell = page.locator(f'.pt-end tr[data-seat="{seat}"] td[data-col="asteroids"]')
        points = s.score_breakdown(seat)["asteroids"]
        assert cell.locator('[aria-hidden="true"]').inner_text().strip() == str(points)
        assert cell.get_attribute("title") == f"{points} ({s.asteroids[seat]} tokens: 1 point per 3)"
        assert "1 point per 3" in page.locator(".pt-end .end-asteroids").inner_text()
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
    finally:
        page.set_viewport_size({"width": 1280, "height": 800})


def test_solitaire_to_the_end(game):
    """One seat (R18): no opponent cards in the bonus deck; the game ends with you or the sky winning."""
    game.load(4, [], seats=("human",), name="solitaire")
    page = game.page
    assert page.locator(".pt-players li.player").count() == 1
    page.evaluate("window.ptolemaeusTest.autoplay('greedy')")
    page.wait_for_selector(".pt-end", timeout=120_000)
    page.evaluate("window.ptolemaeusTest.autoplay('')")
    state = game.state()
    headline = page.locator(".pt-end .end-winner").inner_text()
    assert headline == ("You win: 12 points before the Comet came round!" if state.winners else
                        "The sky wins: the Comet came round before you reached 12 points.")
    log = page.locator(".pt-log").inner_text()
    for card in ("Nova Luna", "Maleficus Mars", "Maleficus Saturnus", "Iupiter Orientalis"):
        assert card not in log


TOKENS_ON = """at => { const boxes = [...document.querySelectorAll(`.pt-board [data-token][data-at="${at}"] .glyph`)]
    .map(g => { const r = g.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; });
  const badges = [...document.querySelectorAll(`.pt-board [data-token][data-at="${at}"]`)]
    .map(t => [t.dataset.token, t.dataset.count, t.querySelector('.token-count')?.textContent || '']);
  return {boxes, badges}; }"""

MARKS = """() => [...document.querySelectorAll('.pt-board [data-token]')]
    .map(t => t.dataset.token + '@' + t.dataset.at + ':' + t.querySelector('[data-mark]').dataset.mark)"""


def test_token_marks_stay_the_same_in_every_language(game):
    """Play-test 7 #7: the "Y" of "You" on your tokens became "T"/"D"/"T" in it/de/es, so mid-game your
    tokens looked like someone else's: the marks stay the same whatever the language ("You": a star)."""
    game.load(*find_position(lambda s: sum(s.tokens[0]) >= 1 and sum(s.tokens[1]) >= 1), name="marks")
    page = game.page
    marks = page.evaluate(MARKS)
    assert any(m.startswith("0@") and m.endswith(":*") for m in marks), marks   # "You": the drawn star
    assert page.locator(".pt-board [data-token='0'] .token-star").count() >= 1
    try:
        for lang in ("it", "de", "es"):
            page.click("#shell-settings summary")
            page.select_option("#shell-lang", lang)
            page.wait_for_function(f"document.documentElement.lang === '{lang}'")
            page.click("#shell-settings summary")
            assert page.evaluate(MARKS) == marks, lang
    finally:
        page.click("#shell-settings summary")
        page.select_option("#shell-lang", "en")
        page.wait_for_function("document.documentElement.lang === 'en'")
        page.click("#shell-settings summary")


def test_tokens_on_one_constellation_are_countable(game):
    """Play-test 7 #6: your two tokens on Aries lay almost on top of each other on a phone, and the
    count decides whether you can study: each seat's tokens there are one token with its count, apart
    from the others' (390x844 and 1280x800), and the constellation's label says it."""
    def both_there(s):
        return any(s.tokens[0][c] == 2 and s.tokens[1][c] >= 1 for c in range(12))
    seed, actions = find_position(both_there)
    game.load(seed, actions, name="tokens")
    page = game.page
    state = game.state()
    at = next(pt.data.CONSTELLATIONS[c] for c in range(12) if state.tokens[0][c] == 2 and state.tokens[1][c])
    try:
        for width, height in ((390, 844), (1280, 800)):
            page.set_viewport_size({"width": width, "height": height})
            for c, name in enumerate(pt.data.CONSTELLATIONS):
                got = page.evaluate(TOKENS_ON, name)
                want = sorted([str(p), str(state.tokens[p][c]), str(state.tokens[p][c]) if state.tokens[p][c] > 1
                               else ""] for p in range(2) if state.tokens[p][c])
                assert sorted(got["badges"]) == want, (name, got)
                for i, a in enumerate(got["boxes"]):
                    for b in got["boxes"][i + 1:]:
                        assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (width, name, got)
                if width == 390:
                    assert all(min(b[2] - b[0], b[3] - b[1]) >= 14 for b in got["boxes"]), got
        label = page.locator(f'.pt-board [data-constellation="{at}"]').get_attribute("aria-label")
        assert "You: 2 tokens" in label, label
    finally:
        page.set_viewport_size({"width": 1280, "height": 800})


def test_screenshots(game):
    """Mid-game screenshots at 1280x800 and 360 px wide (test-results/screenshots/)."""
    seed, actions = find_position(lambda s: s.round >= 3 and not s.stack and any(
        a.kind == A.OBSERVE and len(a.where) == 2 for a in s.legal_actions()) and any(s.bonus_hands[0]))
    info = game.load(seed, actions, name="screenshot")
    page = game.page
    obs = next(a for a in info["legal"] if a["kind"] == "observe" and len(a["where"]) == 2)
    game.const(obs["where"][0])
    page.evaluate("""() => document.querySelectorAll('#shell-notices .shell-notice[data-kind="info"] button')
                          .forEach(b => b.click())""")        # "Imported …": not part of the picture
    page.evaluate("window.scrollTo(0, 0)")
    page.wait_for_timeout(700)        # let the event card fade in
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "play-1280.png"))
    page.set_viewport_size({"width": 360, "height": 780})
    try:
        page.evaluate("window.scrollTo(0, 0)")
        page.screenshot(path=str(SHOTS / "play-360.png"), full_page=True)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 360, f"the page is {width} px wide at 360"
    finally:
        page.set_viewport_size({"width": 1280, "height": 800})


def test_rules_page(game, site, axe):
    page = game.page.context.new_page()
    game.guard.watch(page)
    page.goto(site.url + "rules.html")
    text = page.locator("body").inner_text()
    for r in range(1, 19):
        assert f"R{r}" in text
    assert page.locator('link[rel="stylesheet"][href="./static/ptolemaeus.css"]').count() == 1
    assert page.locator('a[href^="./index.html"]').count() >= 1   # back to the game (?lang=en)
    serious = [v for v in axe(page) if v["impact"] in ("serious", "critical")]
    assert not serious, json.dumps(serious, indent=1)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "rules-1280.png"))
    page.close()
    # ... and the header links to it (the shell's link: the game draws none of its own)
    assert game.page.locator('#shell-rules[href="rules.html"]').count() == 1
    assert game.page.locator('.pt a[href*="rules"]').count() == 0
