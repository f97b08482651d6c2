"""While a move waits for Confirm ("confirm my moves" on), both games in Chromium (play-test D5).

The shell holds a move that would reveal something hidden and keeps an applied turn-ending move
waiting for Confirm / Take back (``app.host.Controller.awaiting``); meanwhile the game offers
nothing else (no card, deck, square or constellation is highlighted, clickable or in the tab order)
and its prompt says that the player's own move waits, not that another player is deciding; a held
move is named in the log's words by the live region and the Confirm bar (not again in the prompt,
which takes two lines at most on a 390 px phone). Positions are put on the page by the shell's Import, as in
``test_play.py`` and ``test_pompeii_play.py``, with "confirm my moves" on.
"""

from __future__ import annotations

import pytest

import gamepage
import test_play
import test_pompeii_play
from ptolemaeus import actions as A
from pompeii import board as B
from pompeii_ui.interact import click_path as pompeii_clicks

CONFIRM_ON = f"""
localStorage.setItem("{gamepage.PREFIX}settings", JSON.stringify({{bot_speed: "instant", confirm: "on"}}));
"""
WAITS = "waits for your confirmation"
GENERAL_HELD = ("This move is played only when you confirm it: it reveals something hidden, so once confirmed it "
                "cannot be taken back.")


@pytest.fixture(scope="module")
def ptol(browser, browser_context_args, site, site_under_subpath):
    with gamepage.open_game(test_play.Game, browser, browser_context_args, site, site_under_subpath,
                            test_play.LINK, "window.ptolemaeusTestEnable = true;" + CONFIRM_ON) as g:
        yield g


@pytest.fixture(scope="module")
def pomp(browser, browser_context_args, site, site_under_subpath):
    with gamepage.open_game(test_pompeii_play.Game, browser, browser_context_args, site, site_under_subpath,
                            test_pompeii_play.LINK, "window.pompeiiTestEnable = true;" + CONFIRM_ON) as g:
        yield g


@pytest.fixture(autouse=True)
def no_page_errors(request):
    for name in ("ptol", "pomp"):
        if name in request.fixturenames:
            g = request.getfixturevalue(name)
            before = len(g.guard.problems())
            yield
            problems = g.guard.problems()[before:]
            assert not problems, "the page misbehaved:\n  " + "\n  ".join(problems)
            return
    yield


# The lines a prompt's text takes (its height over its line height).
LINES = """(sel) => { const e = document.querySelector(sel);
    return Math.round(e.getBoundingClientRect().height / parseFloat(getComputedStyle(e).lineHeight) * 10) / 10; }"""


def lines_on_a_phone(page, sel: str) -> float:
    """The lines the prompt ``sel`` takes at 390x844 (play-test s26: 5-8 lines that repeated the bar);
    the window's size as it was after."""
    was = page.viewport_size
    page.set_viewport_size({"width": 390, "height": 844})
    try:
        page.wait_for_timeout(200)
        return page.evaluate(LINES, sel)
    finally:
        page.set_viewport_size(was)


def ends_turn(kind: str, reveals: bool, revealed: str = "last_revealed"):
    """Seat 0 may make a ``kind`` move that ends its turn and does (not) reveal something hidden
    (``revealed``: the engine's flag of that)."""
    def want(s):
        return any(_ends_turn(s, a, reveals, revealed) for a in s.legal_actions() if a.kind == kind)
    return want


def _ends_turn(s, a, reveals: bool, revealed: str) -> bool:
    c = s.clone()
    c.apply(a)
    return c.current_player != 0 and bool(getattr(c, revealed)) == reveals


# Everything offered: clickable or highlighted (a bonus card's button only opens its description).
OFFERED = """(root) => [...document.querySelectorAll(root + ' [data-act], ' + root + ' .can')]
    .filter(e => e.dataset.act !== 'bonus' || e.classList.contains('can'))
    .map(e => e.dataset.act || e.getAttribute('class'))"""
TAB_STOPS = """(root) => [...document.querySelectorAll(root + ' [data-act]')]
    .filter(e => !e.disabled && e.tabIndex >= 0 && e.dataset.act !== 'bonus').map(e => e.dataset.act)"""


def test_ptolemaeus_a_held_draw_offers_nothing_else_and_is_named(ptol):
    """D5 (a): after the second draw is held, no face-up card, deck or constellation looks or is
    clickable or focusable; the panel says the draw waits for the player's confirmation. Confirmed, it
    is not said a second time."""
    page = ptol.page
    seed, actions = test_play.find_position(ends_turn(A.DRAW_DECK, True))
    ptol.load(seed, actions, name="held-draw")
    n = ptol.moves()
    assert page.locator('.pt [data-act="deck"]').count() == 1
    page.locator('.pt [data-act="deck"]').click()
    page.wait_for_function("document.body.dataset.confirm === 'held'")
    assert ptol.moves() == n
    assert page.evaluate(OFFERED, ".pt") == []
    assert page.evaluate(TAB_STOPS, ".pt-cards, .pt-board, .pt-hand") == []
    prompt = page.locator(".pt-prompt .prompt")
    assert prompt.get_attribute("data-waiting") == "held"
    text = prompt.inner_text()
    # Play-test s26: the prompt says the move waits, not what it is (the bar names it; 5-8 lines on a phone).
    assert WAITS in text and "You draw a card from the deck" not in text and "deciding" not in text
    assert lines_on_a_phone(page, ".pt-prompt .prompt") <= 2.2
    assert page.locator(".pt-prompt .note").count() == 0
    # Play-test 7 #4: the live region names the move, then says it waits (the waiting line came first).
    said = page.evaluate(LIVE, ".pt")
    assert "You draw a card from the deck" in said[-2] and WAITS in said[-1], said
    # Play-test 8 F3: on a phone the prompt is scrolled away: the bar names the move too.
    assert page.locator("#shell-confirm-move").inner_text().startswith("You draw a card from the deck")
    assert page.locator("#shell-confirm-why").inner_text() == GENERAL_HELD      # a card drawn: it fits
    page.locator("#shell-confirm-back").click()                         # Take back: offered again
    page.wait_for_function("!document.body.dataset.confirm")
    said = page.evaluate(LIVE, ".pt")
    assert said[-2] == TAKEN_BACK and WAITS not in said[-1], said       # then whose turn it is
    assert page.locator('.pt [data-act="deck"]').count() == 1
    assert page.locator(".pt-prompt .prompt").get_attribute("data-waiting") is None
    # Held again and confirmed: "Move confirmed", then what follows, not "You draw a card…" once more.
    page.locator('.pt [data-act="deck"]').click()
    page.wait_for_function("document.body.dataset.confirm === 'held'")
    page.evaluate(HEAR, ".pt")
    page.locator("#shell-confirm-ok").click()
    ptol.wait_human()
    heard = page.evaluate("window.__heard")
    assert heard[0] == CONFIRMED and not any("You draw a card from the deck" in h for h in heard), heard
    assert ptol.moves() > n


def test_ptolemaeus_an_applied_move_waits_for_the_player_not_the_bot(ptol):
    """D5 (b): an applied turn-ending move (ending the turn reveals nothing here) waits for the
    player's Confirm; the panel says so, not "Hypatia is deciding", and offers nothing."""
    page = ptol.page
    seed, actions = test_play.find_position(ends_turn(A.END_TURN, False))
    ptol.load(seed, actions, name="applied-end")
    n = ptol.moves()
    page.locator('.pt-prompt [data-act="end"]').click()
    page.wait_for_function("document.body.dataset.confirm === 'applied'")
    assert ptol.moves() == n + 1
    prompt = page.locator(".pt-prompt .prompt")
    assert prompt.get_attribute("data-waiting") == "applied"
    text = page.locator(".pt-prompt").inner_text()
    assert WAITS in text and "deciding" not in text and "Waiting for" not in text
    assert page.locator(".pt-who").inner_text() == "Your move waits for your confirmation"   # not "Hypatia's turn"
    assert page.evaluate(OFFERED, ".pt") == []
    page.locator("#shell-confirm-ok").click()                           # Confirm: the bot answers
    page.wait_for_function(f"Number(document.body.dataset.moves) > {n + 1}", timeout=60_000)
    ptol.wait_human()
    assert page.locator(".pt-prompt .prompt").get_attribute("data-waiting") is None


def two_draws(s) -> bool:
    """Seat 0 may draw from the deck, then from the deck again, which ends its turn."""
    if not any(a.kind == A.DRAW_DECK for a in s.legal_actions()):
        return False
    c = s.clone()
    c.apply(next(a for a in c.legal_actions() if a.kind == A.DRAW_DECK))
    return c.current_player == 0 and ends_turn(A.DRAW_DECK, True)(c)


# The lines of a game's live region (role=log: what a screen reader reads out), oldest first.
LIVE = "(root) => [...document.querySelectorAll(root + ' [role=log] p')].map(p => p.textContent)"
TAKEN_BACK = "Move taken back"
CONFIRMED = "Move confirmed"
# From now on, every line the game's live region adds (a screen reader reads each once), in order.
HEAR = """(root) => { window.__heard = []; const log = document.querySelector(root + ' [role=log]');
    new MutationObserver(ms => { for (const m of ms) for (const n of m.addedNodes)
        if (n.nodeName === 'P') window.__heard.push(n.textContent); }).observe(log, {childList: true}); }"""


ACTIVE = "() => { const e = document.activeElement; return e.id || e.dataset.act || e.tagName; }"


def test_ptolemaeus_enter_on_the_deck_twice_draws_two_cards_then_confirm_has_the_focus(ptol):
    """Play-test 4 (#18): Enter on the deck drew a card and sent the focus to the prompt, so a second
    Enter did nothing. The deck keeps the focus; after the second draw (held for Confirm), the
    Confirm button has it, not the prompt."""
    page = ptol.page
    seed, actions = test_play.find_position(two_draws)
    ptol.load(seed, actions, name="two-draws")
    n = ptol.moves()
    page.locator('.pt-cards [data-act="deck"]').focus()
    page.keyboard.press("Enter")
    page.wait_for_function(f"Number(document.body.dataset.moves) === {n + 1}")
    page.wait_for_timeout(100)
    assert page.evaluate(ACTIVE) == "deck"
    page.keyboard.press("Enter")
    page.wait_for_function("document.body.dataset.confirm === 'held'")
    page.wait_for_timeout(100)
    assert page.evaluate(ACTIVE) == "shell-confirm-ok"
    page.locator("#shell-confirm-back").click()
    page.wait_for_function("!document.body.dataset.confirm")


def pompeii_held(pomp, phase: str, step: str, name: str, kind):
    """A Pompeii position at ``phase``/``step`` where seat 0 has a move of ``kind`` that ends its turn
    and reveals something (so it waits held), loaded, the move clicked, and the page waiting: the
    state before it, the move and the number of moves played (none added)."""
    def held(s, a):
        return kind(s, a) and _ends_turn(s, a, True, "revealed")
    seed, actions = test_pompeii_play.find_position(
        lambda s: s.phase == phase and s.step == step and any(held(s, a) for a in s.legal_actions()))
    pomp.load(seed, actions, name=name)
    state = pomp.state()
    action = next(a for a in state.legal_actions() if held(state, a))
    n = pomp.moves()
    for act, arg in pompeii_clicks(action, state.legal_actions()):
        pomp.click(act, arg)
    pomp.page.wait_for_function("document.body.dataset.confirm === 'held'")
    assert pomp.moves() == n
    return state, action, n


def test_pompeii_a_held_card_is_named_and_the_hand_is_not_offered(pomp):
    """D5 (c): a card played (a card is then drawn: the move is held) is named in the move log's words
    by the live region and the bar, the prompt says it waits, shown dashed; the hand and the city offer
    nothing until Confirm or Take back."""
    page = pomp.page
    state, action, n = pompeii_held(pomp, "p1", "play", "held-card",
                                    lambda s, a: a.kind == "play" and a.square >= 0)
    assert page.evaluate(OFFERED, ".pp") == []
    assert page.evaluate(TAB_STOPS, ".pp-hand") == []
    prompt = page.locator(".pp-prompt .prompt")
    assert prompt.get_attribute("data-waiting") == "held"
    text = prompt.inner_text()
    assert WAITS in text and "dashed on the board" in text and "Choose a card" not in text
    assert f"You played card {action.card}" not in text                  # the bar names it (play-test s26)
    assert lines_on_a_phone(page, ".pp-prompt .prompt") <= 2.2
    said = page.evaluate(LIVE, ".pp")                                    # the move, then that it waits
    assert said[-2].startswith(f"You played card {action.card}") and WAITS in said[-1], said
    # Play-test 8 F3, F5: the bar names the move and what confirming it reveals, the card then drawn.
    assert page.locator("#shell-confirm-move").inner_text().startswith(f"You played card {action.card}")
    assert page.locator("#shell-confirm-why").inner_text() == (
        "This move is played only when you confirm it: then you draw a card, so once confirmed it cannot be taken back.")
    page.locator("#shell-confirm-back").click()                          # Take back: said, then played again
    page.wait_for_function("!document.body.dataset.confirm")
    said = page.evaluate(LIVE, ".pp")
    assert said[-2] == TAKEN_BACK and WAITS not in said[-1], said
    for act, arg in pompeii_clicks(action, state.legal_actions()):
        pomp.click(act, arg)
    page.wait_for_function("document.body.dataset.confirm === 'held'")
    # The citizen waits on its square, drawn as not yet played (play-test 3: it was not on the board).
    at = "{},{}".format(*B.rc(action.square))
    held = page.locator(f'.pp-board [data-square="{at}"] [data-held="0"]')
    assert held.count() == 1 and "held" in held.get_attribute("class")
    assert page.locator(".pp-board [data-held]").count() == 1
    page.evaluate(HEAR, ".pp")
    page.locator("#shell-confirm-ok").click()                           # Confirm: played, the bot answers
    pomp.wait_human()
    # Its words were said as it waited: Confirm says so, then what follows, not the move again.
    heard = page.evaluate("window.__heard")
    assert heard[0] == CONFIRMED and not any(f"You played card {action.card}" in h for h in heard), heard
    assert page.locator(".pp-board [data-held]").count() == 0
    assert pomp.session()["actions"][n] == action.to_json()
    assert page.locator(".pp-prompt .prompt").get_attribute("data-waiting") is None


def test_pompeii_a_held_phase_2_move_says_the_next_player_draws_a_lava_tile(pomp):
    """Play-test 8 F5: every phase-2 turn ended with "it reveals something hidden" though the player only
    walked citizens; what is revealed is the next player's lava tile. The bar says so, after the move's
    own words (F3)."""
    page = pomp.page
    pompeii_held(pomp, "p2", "move", "held-walk", lambda s, a: a.kind == "move")
    bar = page.locator("#shell-confirm")
    assert page.locator("#shell-confirm-why").inner_text() == (
        "This move is played only when you confirm it: then the next player draws a lava tile, so once confirmed "
        "it cannot be taken back.")
    assert "reveals something hidden" not in bar.inner_text()
    assert page.locator("#shell-confirm-move").inner_text().startswith("You moved")
    page.locator("#shell-confirm-back").click()
    page.wait_for_function("!document.body.dataset.confirm")
    pomp.wait_human()


def ends_game(reveals_nothing_flag: str, kind: str | None = None):
    """Seat 0 may make a (``kind``) move that ends the game and reveals nothing: it waits held (play-test
    7 #1: applied, the game was over before Confirm; a daily challenge's result shown and recorded)."""
    def want(s):
        return any(_ends_game(s, a, reveals_nothing_flag) for a in s.legal_actions() if kind is None or a.kind == kind)
    return want


def _ends_game(s, a, revealed: str) -> bool:
    c = s.clone()
    c.apply(a)
    return c.is_over and not getattr(c, revealed)


END_PARTS = "(root) => document.querySelectorAll(root + '-end, ' + root + ' .reopen').length"


def _end_waits_for_confirm(g, root: str) -> None:
    """The move that ends the game waits unapplied: no end dialog (a modal over the bar) nor its reopen
    button, the game not over; Take back resumes the game; played again and confirmed, the dialog opens
    with the focus on its title."""
    page = g.page
    page.wait_for_function("document.body.dataset.confirm === 'held'")
    page.wait_for_selector(f'{root}-prompt .prompt[data-waiting="held"]')
    assert page.evaluate(END_PARTS, root) == 0 and not g.session().get("over")
    page.locator("#shell-confirm-back").click()                         # Take back: the game goes on
    page.wait_for_function("!document.body.dataset.confirm")
    assert page.evaluate(END_PARTS, root) == 0
    g.wait_human()


def test_ptolemaeus_the_game_ending_move_waits_for_confirm_before_the_end_dialog(ptol):
    """Play-test 5 #1: the end dialog opened over a final move waiting for Confirm; the bar's Confirm
    and Take back could not be clicked."""
    page = ptol.page
    seed, actions = test_play.find_position(ends_game("last_revealed", A.END_TURN))
    ptol.load(seed, actions, name="ending-move")
    n = ptol.moves()
    page.locator('.pt-prompt [data-act="end"]').click()
    _end_waits_for_confirm(ptol, ".pt")
    assert ptol.moves() == n
    page.locator('.pt-prompt [data-act="end"]').click()
    page.wait_for_function("document.body.dataset.confirm === 'held'")
    page.locator("#shell-confirm-ok").click()
    page.wait_for_selector(".pt-end")
    page.wait_for_function("document.activeElement && document.activeElement.id === 'pt-end-title'")
    assert ptol.moves() == n + 1 and page.locator(".pt .reopen").count() == 0


def test_pompeii_the_game_ending_move_waits_for_confirm_before_the_end_dialog(pomp):
    page = pomp.page
    seed, actions = test_pompeii_play.find_position(
        lambda s: s.phase == "p2" and ends_game("revealed")(s))
    pomp.load(seed, actions, name="ending-move")
    state = pomp.state()
    action = next(a for a in state.legal_actions() if _ends_game(state, a, "revealed"))
    n = pomp.moves()
    for act, arg in pompeii_clicks(action, state.legal_actions()):
        pomp.click(act, arg)
    _end_waits_for_confirm(pomp, ".pp")
    assert pomp.moves() == n
    for act, arg in pompeii_clicks(action, state.legal_actions()):
        pomp.click(act, arg)
    page.wait_for_function("document.body.dataset.confirm === 'held'")
    page.locator("#shell-confirm-ok").click()
    page.wait_for_selector(".pp-end")
    page.wait_for_function("document.activeElement && document.activeElement.id === 'pp-end-title'")
    assert pomp.moves() == n + 1


def test_pompeii_an_opening_lava_tile_with_one_square_is_played_without_confirm(pomp):
    """Play-test 6 #12: the first tile of a symbol in the eruption's opening has one legal square, its
    vent (P43, P48), yet asked for a click and then a Confirm (18 clicks for nothing with three humans).
    Nothing could be chosen instead: it is played at once."""
    page = pomp.page
    seed, actions = test_pompeii_play.find_position(
        lambda s: s.phase == "opening" and len(s.legal_actions()) == 1 and s.legal_actions()[0].kind == "lava")
    pomp.load(seed, actions, name="forced-lava")
    state = pomp.state()
    (action,) = state.legal_actions()
    assert B.VENT[action.square] == action.symbol                        # P48: onto its own vent
    n = pomp.moves()
    for act, arg in pompeii_clicks(action, state.legal_actions()):
        pomp.click(act, arg)
    page.wait_for_function(f"Number(document.body.dataset.moves) > {n}")
    assert pomp.session()["actions"][n] == action.to_json()
    assert not page.evaluate("document.body.dataset.confirm || ''")
    assert page.locator("#shell-confirm").is_hidden()
    pomp.wait_human()
