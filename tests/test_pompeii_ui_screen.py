"""The Pompeii screen under CPython (issue 12): the page contract's attributes, no hidden
information in the markup, whole games played through the screen's clicks, the frames of
others' moves, the move log and the end screen in four languages."""

from __future__ import annotations

import random
import re

import pytest

from app import i18n
from boardui.tree import to_markup
from pompeii import board as B
from pompeii import new_game
from pompeii.hidden import view
from pompeii_ui.board import Model, render
from pompeii_ui.interact import click_path
from pompeii_ui.screen import Screen, frames_of, others, snapshot
from pompeii_ui.strings import t
from pompeii_ui.words import captions, describe, describe_log, end_summary, starts

SEATS = [{"kind": "human", "name": "You", "colour": "#3a7bd5"}, {"kind": "bot", "name": "Plinius", "colour": "#d64541"},
         {"kind": "bot", "name": "Tacitus", "colour": "#e8c547"}, {"kind": "bot", "name": "Rectina", "colour": "#333"}]


pytestmark = pytest.mark.usefixtures("english")


def attrs(markup: str, name: str) -> list[str]:
    return re.findall(rf'{name}="([^"]*)"', markup)


def play(seed: int, players: int = 2, screen: Screen | None = None, until=lambda s: False):
    """A seeded game: seat 0's decisions through ``screen.click`` (click_path), the others random."""
    s = new_game(players, seed, variant="dual-vent" if seed % 2 else "standard")
    s.record = False
    rng = random.Random(seed)
    screen = screen or Screen()
    events: list[dict] = []
    log: list[dict] = []
    while not s.is_over and not until(s):
        screen.receive(snapshot(s, 0), events, SEATS[:players])
        while screen.frames.busy:
            screen.scene(log)
            assert screen.click("sq", "0,0").action is None      # nothing is chosen while a frame shows
            screen.frames.advance()
        screen.scene(log)
        legal = s.legal_actions()
        action = rng.choice(legal)
        if s.current_player == 0:
            got = None
            for act, arg in click_path(action, legal):
                got = screen.click(act, arg).action
            assert got == action
        events = s.apply(action)
        log += events
    screen.receive(snapshot(s, 0), events, SEATS[:players])
    while screen.frames.busy:
        screen.frames.advance()
    return s, screen, log


def test_the_city_carries_the_page_contract_p8_p17():
    s = new_game(2, 1)
    html = to_markup(render(Model(view=view(s, 0), viewer=0, seats=SEATS[:2])))
    squares = attrs(html, "data-square")
    assert len(squares) == 70 == len(B.CITY)
    for arg in squares:
        r, c = map(int, arg.split(","))
        q = B.sq(r, c)
        assert B.KIND[q] != "outside"
    assert sorted(attrs(html, "data-building")) == sorted(B.PART[q] for q in B.CITY if B.PART[q])
    assert sorted(attrs(html, "data-gate")) == sorted(B.GATE_OF.values())
    assert sorted(attrs(html, "data-vent")) == sorted(B.SYMBOLS)
    assert attrs(html, "data-phase") == ["1"]


def test_citizens_and_lava_are_on_their_squares_p51_p56():
    s, _screen, _log = play(3, until=lambda s: s.phase == "p2" and s.step == "move")
    html = to_markup(render(Model(view=view(s, 0), viewer=0, seats=SEATS[:2])))
    owners_at = list(zip(attrs(html, "data-owner"), re.findall(r'data-citizen="[^"]*" data-owner="\d" data-at="([^"]*)"', html)))
    assert len(owners_at) == sum(s.in_city(p) for p in range(2))
    for owner, at in owners_at:
        r, c = map(int, at.split(","))
        assert s.count(B.sq(r, c), int(owner)) > 0
    lava = re.findall(r'data-lava="([a-z]+)" data-at="([^"]*)"', html)
    assert len(lava) == sum(1 for q in range(77) if s.lava[q] >= 0)
    for symbol, at in lava:
        r, c = map(int, at.split(","))
        assert B.SYMBOLS[s.lava[B.sq(r, c)]] == symbol
    assert attrs(html, "data-phase") == ["2"]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_other_hand_in_the_markup_p69(players):
    s = new_game(players, 5)
    for viewer in range(players):
        html = to_markup(render(Model(view=view(s, viewer), viewer=viewer, seats=SEATS[:players])))
        assert sorted(int(c) for c in attrs(html, "data-card")) == sorted(s.hands[viewer])
    curtain = to_markup(render(Model(view=view(s, None), viewer=None, seats=SEATS[:players])))
    assert attrs(curtain, "data-card") == []


@pytest.mark.parametrize("seed, players", [(1, 2), (4, 4), (7, 3)])
def test_whole_games_through_the_screen(seed, players):
    """Every decision of seat 0 by its clicks; others' moves become frames; the end screen opens."""
    s, screen, log = play(seed, players)
    assert s.is_over and screen.end_shown
    html = to_markup(screen.scene(log))
    assert 'class="pp-end"' in html
    assert "rules.pompeii" not in html            # the rules link is the shell's (its header), not the game's
    places = s.places()
    assert re.search(r'data-winners="([^"]*)"', html).group(1) == ",".join(str(p) for p in range(players)
                                                                           if places[p] == 1)
    assert screen.frames.seen > 0
    assert screen.live.lines
    assert "end_action" not in html
    screen.end_actions = [("results", "Results")]                # D6: the shell's (a daily game's)
    html = to_markup(screen.scene(log))
    assert html.index('data-act="newgame"') < html.index('data-end-action="results">Results<') \
        < html.index('data-act="close_end"')
    out = screen.click("end_action", "results")
    assert (out.host, out.arg) == ("end_action", "results")


def test_frames_walk_the_path_and_burn():
    """An opponent's move is one frame per square of its path (the walker), lava falls, citizens burn."""
    s, _sc, _log = play(3, until=lambda s: s.phase == "p2" and s.current_player == 1 and s.step == "move"
                        and any(a.kind == "move" for a in s.legal_actions()))
    before = view(s, 0)
    move = next(a for a in s.legal_actions() if a.kind == "move")
    events = s.apply(move)
    frames = frames_of(before, events, 0, SEATS[:2])
    path = events[0]["path"]
    assert [f.walker["at"] for f in frames] == path
    # one's own moves are not animated
    assert frames_of(before, events, 1, SEATS[:2]) == []


def test_lava_frames_mark_the_fall():
    s, _sc, _log = play(5, until=lambda s: s.step == "lava" and s.current_player == 1)
    before = view(s, 0)
    events = s.apply(s.legal_actions()[0])
    frames = frames_of(before, events, 0, SEATS[:2])
    placed = next(e for e in events if e["type"] == "lava_placed")
    assert frames[0].falling == f"{placed['square'][0]},{placed['square'][1]}"


def _burning_lava(s) -> bool:
    """A bot places lava where its tile will burn citizens (P50)."""
    return s.step == "lava" and s.current_player == 1 and any(
        sum(s.cit[a.square * s.n:(a.square + 1) * s.n]) for a in s.legal_actions())


def test_a_lava_tile_that_burns_has_its_burns_in_a_caption_of_their_own():
    """Play-test 8 F2 (left over): on a 390 px phone a lava tile's whole line ("… placed scroll lava on the
    gate Porta Vesuvio (row 1, column 6). 2 citizens burn (Tacitus 1, Rectina 1). Porta Vesuvio is closed
    for good.") took 3-4 lines above the city. Its animation says where it fell, then, still burning, what
    it did; the captions name no row and column (the board shows the square), the move log keeps them."""
    for seed in range(1, 60):
        s, _sc, _log = play(seed, until=_burning_lava)
        if _burning_lava(s):
            break
    before = view(s, 0)
    action = next(a for a in s.legal_actions() if sum(s.cit[a.square * s.n:(a.square + 1) * s.n]))
    events = s.apply(action)
    placed = next(e for e in events if e["type"] == "lava_placed")
    line = describe(placed, SEATS[:2])
    said = captions(placed, SEATS[:2])
    coords = f"(row {placed['square'][0] + 1}, column {placed['square'][1] + 1})"
    assert coords in line and len(said) == 2 and not any(coords in c or "row" in c for c in said), (line, said)
    assert line == f"{said[0]} {coords}. {said[1]}", (line, said)          # the same words, in two
    frames = [f for f in frames_of(before, events, 0, SEATS[:2]) if f.caption in said]
    key = f"{placed['square'][0]},{placed['square'][1]}"
    assert [f.caption for f in frames] == said and frames[0].falling == key and frames[1].falling is None
    assert key in frames[0].burning and key in frames[1].burning


@pytest.mark.parametrize("lang", ["en", "es", "it", "de"])
def test_every_animation_caption_is_short_enough_for_two_lines_on_a_phone(lang):
    """Each caption an animation shows (a step, a lava tile, an Omen's victim, trapped citizens), in four
    seats' random games: at most 100 characters, two lines at 390 px (tests/browser/test_pompeii_layout.py
    measures them there); the longest lines of the log were 141-167."""
    i18n.set_language(lang)
    longest = max(animation_captions(), key=len)
    assert 60 <= len(longest) <= 100, longest


def animation_captions(seeds: range = range(1, 25)) -> set[str]:
    """Every caption an animation shows in four seats' random games of ``seeds``, in the page's language
    (also measured on a phone by tests/browser/test_pompeii_layout.py)."""
    from app.session import default_seats
    from pompeii_ui.spec import PompeiiSpec

    seats = default_seats(PompeiiSpec(), ["human", "bot", "bot", "bot"])
    said: set[str] = set()
    for seed in seeds:
        s = new_game(4, seed)
        s.record = False
        rng = random.Random(seed)
        while not s.is_over:
            for e in s.apply(rng.choice(s.legal_actions())):
                if e.get("type") in ("moved", "saved", "lava_placed", "omen_victim", "trapped"):
                    said.update(captions(e, seats))
    return said


def test_frames_that_do_not_follow_the_view_are_dropped():
    s = new_game(2, 1)
    bogus = [{"type": "moved", "seat": 1, "path": [[4, 1], [4, 0]]}]
    assert frames_of(view(s, 0), bogus, 0, SEATS[:2]) == []


@pytest.fixture(scope="module")
def three_player_log():
    return play(2, 3)[2]


@pytest.mark.parametrize("lang", ["en", "es", "it", "de"])
def test_every_event_of_a_game_is_said_in_every_language(lang, three_player_log):
    log = three_player_log
    i18n.set_language(lang)
    kinds = set()
    for e in log:
        line = describe(e, SEATS[:3])
        if e["type"] not in ("trapped",) or e.get("squares"):
            assert line, e
            assert "{" not in line, line
        kinds.add(e["type"])
    assert {"card_played", "placed", "card_drawn", "tile_drawn", "lava_placed", "moved", "game_over"} <= kinds


def test_end_screen_explains_the_tie_break_p65_pr15_pr25():
    base = {"players": 2, "saved": [5, 5], "dead": [3, 4], "places": [1, 2], "end_reason": "bag_empty"}
    s = end_summary(base, SEATS[:2])
    assert s["winners"] == [0] and "fewer" in s["tiebreak"] and s["headline"].startswith("You win")
    shared = end_summary({**base, "dead": [3, 3], "places": [1, 1]}, SEATS[:2])
    assert shared["winners"] == [0, 1] and "shared" in shared["tiebreak"]
    clear = end_summary({**base, "saved": [6, 5], "places": [1, 2]}, SEATS[:2])
    assert clear["tiebreak"] == ""


def test_escape_drops_a_half_made_choice():
    s = new_game(2, 1)
    screen = Screen()
    screen.receive(snapshot(s, s.current_player), [], SEATS[:2])
    card = s.legal_actions()[0].card
    screen.click("card", str(card))
    assert screen.ctl.sel.card == card
    assert screen.escape() is not None and screen.ctl.sel.card is None
    assert screen.escape() is None


def test_the_log_in_words_is_described_once_and_again_after_an_undo_or_a_language():
    _s, screen, log = play(1, 2)
    words = screen.log_words(log)
    assert words == [x for x in (describe(e, screen.seats) for e in log) if x]
    assert screen.log_words(log) is words                         # nothing new: nothing described
    shorter = log[:10]                                            # an undo
    assert screen.log_words(shorter) == [x for x in (describe(e, screen.seats) for e in shorter) if x]
    i18n.set_language("de")
    german = screen.log_words(shorter)
    assert german[0] == describe(shorter[0], screen.seats) != words[0]


# ------------------------------------------------------------ the recap (issue 12 with issue 17's boardui.recap)


def drive(seed: int, players: int, stop):
    """A seeded game seen by seat 0 (its decisions clicked, so the screen knows when it decided), the
    others random, until ``stop(state, last_actor)`` holds after a receive."""
    s = new_game(players, seed)
    s.record = False
    rng = random.Random(seed)
    screen = Screen()
    events: list[dict] = []
    last = None
    while not s.is_over:
        screen.receive(snapshot(s, 0), events, SEATS[:players])
        while screen.frames.busy:
            screen.frames.advance()
        screen.scene([])
        if stop(s, last):
            return s, screen, rng
        legal = s.legal_actions()
        action = rng.choice(legal)
        last = s.current_player
        if last == 0:
            for act, arg in click_path(action, legal):
                screen.click(act, arg)
        events = s.apply(action)
    raise AssertionError("the game ended first")


def deliver(s, screen, events, players=2):
    screen.receive(snapshot(s, 0), events, SEATS[:players])
    while screen.frames.busy:
        screen.frames.advance()
    return to_markup(screen.scene([]))


def score_item(html: str, seat: int) -> str:
    return re.search(rf'<li[^>]*data-score="{seat}"[^>]*>.*?</li>', html).group(0)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_seat_has_its_score_element_with_saved_and_lost_p57_p65(players):
    """Issue 17's contract: one ``data-score="<seat>"`` per seat, saved (the score) and lost citizens."""
    s, screen, _rng = drive(6, players, lambda s, _last: s.phase == "p2" and s.step == "move")
    html = to_markup(screen.scene([]))
    assert attrs(html, "data-score") == [str(p) for p in range(players)]
    for p in range(players):
        label = re.search(r'aria-label="([^"]*)"', score_item(html, p)).group(1)
        assert label.split(";")[0] == f"{SEATS[p]['name']}: {s.saved[p]} saved, {s.dead[p]} lost"


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_bots_whole_turn_is_recapped_and_its_new_pieces_marked_until_the_player_decides(seed):
    """P29-P40 (a phase-1 turn: card, placement, relatives, draw): every line of the bot's turn is in
    the recap under the prompt, the squares it placed on are marked (and said) until seat 0 decides."""
    s, screen, rng = drive(seed, 2, lambda s, last: s.phase == "p1" and s.current_player == 1 and last == 0)
    bot_events: list[dict] = []
    html = ""
    while s.current_player == 1 and not s.is_over:
        events = s.apply(rng.choice(s.legal_actions()))
        bot_events += events
        html = deliver(s, screen, events)
    said = [x for x in (describe(e, SEATS[:2]) for e in bot_events) if x]
    assert said and screen.recap.lines[-len(said):] == said[-20:]
    recap = re.search(r'<p class="pp-recap"[^>]*>(.*?)</p>', html).group(1)
    assert all(line.rstrip(".").replace("'", "&#x27;") in recap for line in said[-20:])
    placed = {f"{e['square'][0]},{e['square'][1]}" for e in bot_events if e["type"] in ("placed", "relative_placed")}
    assert placed and placed <= screen.marks.recent
    for arg in placed:
        cell = re.search(rf'<g class="[^"]*recent[^"]*" data-square="{arg}"[^>]*aria-label="([^"]*)"', html)
        assert cell and "new since your last decision" in cell.group(1)
    # Seat 0 decides: what it saw is done with; its own move's squares are never "new".
    if s.is_over or s.current_player != 0:
        return
    legal = s.legal_actions()
    action = legal[0]
    for act, arg in click_path(action, legal):
        screen.click(act, arg)
    mine = s.apply(action)
    html = deliver(s, screen, mine)
    assert not screen.marks.recent and 'data-recent' not in html
    # Nor is its own move recapped to it (play-test 6): only what the game did after it, if anything.
    assert screen.recap.lines == describe_log(others(mine, 0), SEATS[:2])
    assert not any(line.startswith("You ") for line in screen.recap.lines)


def test_a_citizen_saved_by_the_bot_is_marked_at_its_gate_and_its_score_p57():
    s, screen, rng = drive(3, 2, lambda s, _last: s.phase == "p2" and s.current_player == 1 and s.step == "move"
                           and any(a.kind == "leave" for a in s.legal_actions()))
    before = list(s.saved)
    leave = next(a for a in s.legal_actions() if a.kind == "leave")
    html = deliver(s, screen, s.apply(leave))
    assert s.saved[1] == before[1] + 1
    assert screen.recap.gains.get(1, 0) >= 1
    item = score_item(html, 1)
    assert 'class="bu-gain"' in item and f"+{screen.recap.gains[1]:g}" in item
    assert "more saved since your last decision" in item
    gate = re.search(rf'<g class="exit[^"]*saved[^"]*" data-exit="{leave.gate}" data-saved="(\d+)"', html)
    assert gate and int(gate.group(1)) >= 1
    # The turn comes back to seat 0: the live region sums it up.
    while not s.is_over and s.current_player != 0:
        deliver(s, screen, s.apply(rng.choice(s.legal_actions())))
    if not s.is_over:
        assert any(text.startswith("Saved since your last decision: Plinius +") for _i, text in screen.live.lines)


def test_citizens_lost_to_the_lava_are_marked_on_their_square_and_at_the_score_p49():
    def killing(s, _last):
        if not (s.phase == "p2" and s.current_player == 1 and s.step == "lava"):
            return False
        return any(s.tot[a.square] for a in s.legal_actions() if a.kind == "lava")
    for seed in range(1, 40):
        try:
            s, screen, _rng = drive(seed, 2, killing)
            break
        except AssertionError:
            continue
    action = next(a for a in s.legal_actions() if a.kind == "lava" and s.tot[a.square])
    dead = list(s.dead)
    events = s.apply(action)
    html = deliver(s, screen, events)
    arg = f"{action.square // 11},{action.square % 11}"
    lost = {p: s.dead[p] - dead[p] for p in range(2) if s.dead[p] > dead[p]}
    assert lost and all(screen.marks.lost_at[arg][p] >= k for p, k in lost.items())
    cell = re.search(rf'data-square="{arg}"[^>]*aria-label="([^"]*)"[^>]*data-lost="(\d+)"', html)
    assert cell and "citizens lost here since your last decision" in cell.group(1)
    for p, k in lost.items():
        item = score_item(html, p)
        assert 'class="pp-loss"' in item and "more lost since your last decision" in item
        assert int(re.search(r'class="pp-loss"[^>]*>\+(\d+)<', item).group(1)) >= k


@pytest.mark.parametrize("parts, text", [
    (["Tacitus placed lava", "1 trapped citizen dies (You).", "Nobody is left in the city: the game is over"],
     "Tacitus placed lava · 1 trapped citizen dies (You) · Nobody is left in the city: the game is over"),
    (["Tacitus placed lava", "1 trapped citizen dies (You)."], "Tacitus placed lava · 1 trapped citizen dies (You)"),
    (["1 trapped citizen dies (You).", ""], "1 trapped citizen dies (You)"),
    (["", "  ", "Rectina drew a card", "", "·", " Tacitus drew a card · "], "Rectina drew a card · Tacitus drew a card"),
    (["Lava on 3a. 1 citizen burns (Rectina).", "Rectina drew a card"],
     "Lava on 3a. 1 citizen burns (Rectina) · Rectina drew a card"),
    (["Rectina drew a card"], "Rectina drew a card"),
    ([], ""), (["", "."], ""),
])
def test_the_recap_puts_a_separator_only_between_two_parts(parts, text):
    """Play-test 7 #12 read "… 1 trapped citizen dies (You). ·" at the end of a game: no part is blank,
    none ends with a period before the "·", and the "·" is held to the part after it (a no-break
    space), so no line of the recap ends with it, whatever the parts."""
    from pompeii_ui.board import RECAP_SEPARATOR, recap_text

    got = recap_text(parts)
    assert got.replace("\u00a0", " ") == text
    assert not got.endswith(("·", " ", ".")) and not got.startswith(("·", " "))
    assert ". ·" not in got and "· ·" not in got.replace("\u00a0", " ")
    assert all(sep == RECAP_SEPARATOR for sep in re.findall(r"\s*·\s*", got))


def test_the_recap_under_the_prompt_ends_with_its_last_part():
    """The recap as drawn: "Since your last decision:" and the parts, the last one's words last."""
    s = new_game(2, 5)
    model = Model(view=view(s, 0), viewer=0, seats=SEATS[:2],
                  recap=["Plinius placed lava", "1 trapped citizen dies (You).", ""])
    html = to_markup(render(model))
    recap = re.search(r'<p class="pp-recap"[^>]*>(.*?)</p>', html).group(1)
    assert recap.endswith("Plinius placed lava ·\u00a01 trapped citizen dies (You)"), recap


@pytest.mark.parametrize("lang", ["en", "it", "de", "es"])
def test_who_starts_leads_the_move_log_and_the_recap_before_the_viewers_first_decision_pr17(lang):
    """Play-test 7 #16: the first player is drawn at random (PR17); with the bots first, a newcomer
    saw their moves before its first turn and thought turns were skipped. The move log's first line
    says who started, and so does the recap of the others' moves until the viewer first decides."""
    i18n.set_language(lang)
    s = new_game(3, 11, first=2)
    s.record = False
    rng = random.Random(11)
    screen, log = Screen(), []
    screen.receive(snapshot(s, 0), [], SEATS[:3])
    assert screen.model(log).log == [t("log.starts", name="Tacitus")]
    assert screen.model(log).recap == []                            # nobody played yet: nothing to recap
    while s.current_player != 0:
        events = s.apply(rng.choice(s.legal_actions()))
        log += events
        screen.receive(snapshot(s, 0), events, SEATS[:3])
        while screen.frames.busy:
            screen.frames.advance()
    model = screen.model(log)
    line = t("log.starts", name="Tacitus")
    assert "{" not in line and model.log[0] == line and model.log[1:] == describe_log(log, SEATS[:3])
    assert model.recap[0] == line and model.recap[1:] == screen.recap.lines and len(model.recap) > 2
    assert line in to_markup(screen.scene(log))
    action = s.legal_actions()[0]                                   # the viewer decides: the recap moves on
    for act, arg in click_path(action, s.legal_actions()):
        screen.click(act, arg)
    log += s.apply(action)
    while s.current_player == 1 or s.current_player == 2:
        events = s.apply(rng.choice(s.legal_actions()))
        log += events
        screen.receive(snapshot(s, 0), events, SEATS[:3])
        while screen.frames.busy:
            screen.frames.advance()
    assert line not in screen.model(log).recap and screen.model(log).log[0] == line
    i18n.set_language("en")


class Watched(dict):
    """An event that counts how often the screen reads it."""

    reads = 0

    def get(self, key, default=None):
        self.reads += 1
        return super().get(key, default)


def test_while_a_recap_shows_a_scene_reads_only_the_events_new_since_the_last_one():
    """``Screen.first_recap`` asks at every scene whether the viewer has decided yet (who started
    leads the recap until then, PR17): it scanned the whole log each time. The events already looked
    at are not read again; after the viewer decides, an undo to before it brings the line back."""
    s = new_game(3, 11, first=2)
    s.record = False
    rng = random.Random(11)
    screen, log = Screen(), []
    screen.receive(snapshot(s, 0), [], SEATS[:3])
    while s.current_player != 0:
        events = [Watched(e) for e in s.apply(rng.choice(s.legal_actions()))]
        log += events
        screen.receive(snapshot(s, 0), events, SEATS[:3])
        while screen.frames.busy:
            screen.frames.advance()
    line = t("log.starts", name="Tacitus")
    screen.scene(log)
    for e in log:
        e.reads = 0
    assert screen.model(log).recap[0] == line
    screen.scene(log)
    assert [e.reads for e in log] == [0] * len(log)                 # nothing new: nothing read
    before = list(log)
    action = s.legal_actions()[0]                                   # the viewer decides
    for act, arg in click_path(action, s.legal_actions()):
        screen.click(act, arg)
    log += [Watched(e) for e in s.apply(action)]
    while s.current_player in (1, 2):
        events = [Watched(e) for e in s.apply(rng.choice(s.legal_actions()))]
        log += events
        screen.receive(snapshot(s, 0), events, SEATS[:3])
        while screen.frames.busy:
            screen.frames.advance()
    assert screen.recap_lines and line not in screen.model(log).recap
    assert [e.reads for e in before] == [0] * len(before)          # only the new events were read
    assert screen.decided(before, 0) is False                       # an undo to before the decision
    assert screen.decided(log, 0) is True and screen.decided(log, 1) is True


def test_you_start_is_said_to_you():
    s = new_game(2, 3, first=0)
    assert starts(view(s, 0), i18n.addressed(SEATS[:2], 0)) == "You start (drawn at random)"
    assert starts(view(s, 1), SEATS[:2]) == "You start (drawn at random)"       # the seat called "You"
    assert starts(view(new_game(2, 3, first=1), 0), SEATS[:2]) == "Plinius starts (drawn at random)"
    assert starts({"players": 2, "first": 5}, SEATS[:2]) is None and starts({"players": 2}, SEATS[:2]) is None


def test_a_redraw_recaps_nothing():
    s, screen, _rng = drive(3, 2, lambda s, last: s.phase == "p2" and s.current_player == 0 and last == 1)
    assert screen.recap.lines
    html = deliver(s, screen, [])                                # resume, undo, another language
    assert not screen.recap.lines and not screen.marks.recent and not screen.recap.gains
    assert "pp-recap" not in html and 'class="bu-gain"' not in html


@pytest.mark.parametrize("lang", ["es", "it", "de"])
def test_the_recap_is_said_in_every_language(lang):
    i18n.set_language(lang)
    s, screen, _rng = drive(3, 2, lambda s, _last: s.phase == "p2" and s.current_player == 1 and s.step == "move"
                            and any(a.kind == "leave" for a in s.legal_actions()))
    html = deliver(s, screen, s.apply(next(a for a in s.legal_actions() if a.kind == "leave")))
    assert "{" not in html and "since your" not in html
    assert screen.recap_words() and all("{" not in w for w in screen.recap_words())


from hypothesis import given, settings, strategies as st  # noqa: E402

JUNK = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=5),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
                    max_leaves=12)
EVENT = st.fixed_dictionaries({"type": st.sampled_from(["placed", "relative_placed", "lava_placed", "moved", "saved",
                                                       "omen_victim", "trapped", "other"])},
                              optional={"seat": JUNK, "square": JUNK, "path": JUNK, "killed": JUNK,
                                        "squares": JUNK, "gate": JUNK, "victim": JUNK})


@settings(max_examples=150, deadline=None)
@given(st.lists(EVENT, max_size=6))
def test_marks_skip_events_that_do_not_parse(events):
    """Malformed events (a tampered log) mark nothing wrong and never raise."""
    from pompeii_ui.screen import Marks
    marks = Marks()
    marks.see(events, 0)
    for table in (marks.lost_at, marks.saved_at):
        assert all(isinstance(k, int) and isinstance(n, int) and n > 0 for here in table.values()
                   for k, n in here.items())


@pytest.mark.parametrize("lang", ["en", "es", "it", "de"])
def test_a_move_held_for_confirm_is_named_and_nothing_else_is_offered(lang):
    """Play-test D5 (c): while the viewer's move waits for Confirm (``boardui.screen.awaiting``) the
    screen offers no card or square and its prompt names the held move in the log's words, without
    what it would reveal (the card drawn, an Omen, AD 79)."""
    from boardui.screen import awaiting
    from pompeii_ui.words import held_move

    i18n.set_language(lang)
    s = new_game(2, 5)
    seat = s.current_player
    action = next(a for a in s.legal_actions() if a.kind == "play" and a.square >= 0)
    events = s.clone().apply(action)
    words = held_move(events, SEATS[:2], seat)
    you = i18n.addressed(SEATS[:2], seat)                                     # its player reads it: "You"
    assert words == ". ".join(describe(e, you) for e in events[:2])           # the card and the square, in
    assert "; " not in words and not words.endswith(".")                      # sentences (play-test 4)
    hot_seat = [dict(SEATS[0], name="Player 1"), dict(SEATS[1], kind="human", name="Player 2")]
    assert held_move(events, hot_seat, seat) == words                         # play-test 2, N8
    if lang == "en":
        assert words.startswith("You played card") and "Player" not in words
    assert all(e["type"] in ("card_played", "placed") for e in events[:2])
    screen = Screen()
    screen.receive(awaiting(snapshot(s, seat), "held", words), [], SEATS[:2])
    html = to_markup(screen.scene([]))
    assert "data-act=" not in html and 'data-waiting="held"' in html and words in html
    screen.receive(snapshot(s, seat), [], SEATS[:2])                           # taken back: offered again
    html = to_markup(screen.scene([]))
    assert 'data-act="card"' in html and "data-waiting" not in html


def test_a_watching_tab_offers_nothing_and_says_another_tab_plays():
    """Play-test 2: the watching tab's prompt asked its player to choose a card."""
    from boardui.screen import awaiting

    i18n.set_language("en")
    s = new_game(2, 5)
    screen = Screen()
    screen.receive(awaiting(snapshot(s, s.current_player), "watching"), [], SEATS[:2])
    html = to_markup(screen.scene([]))
    assert "data-act=" not in html and 'data-waiting="watching"' in html
    assert "Another tab plays this game" in html and "Choose a card" not in html


def test_a_replay_offers_nothing_and_a_jump_leaves_no_last_move():
    """Play-test 3: a replay seen by the seat to decide offered its cards, and after a jump back to
    the start the status line still named a move from later in the game."""
    from boardui.screen import awaiting

    i18n.set_language("en")
    s = new_game(2, 5)
    screen = Screen()
    later = s.clone()
    events = later.apply(later.legal_actions()[0])
    screen.receive(snapshot(s, s.current_player), [], SEATS[:2])
    screen.receive(awaiting(snapshot(later, s.current_player), "replay"), events, SEATS[:2])
    assert screen.last_line
    screen.receive(awaiting(snapshot(s, s.current_player), "replay"), [], SEATS[:2])   # back to the start
    html = to_markup(screen.scene([]))
    assert "data-act=" not in html and 'data-waiting="replay"' in html
    assert "A replay: each move is shown as it was played" in html and "Choose a card" not in html
    assert screen.last_line == "" and screen.last_path == []


def test_a_replays_spectator_is_told_how_to_see_a_hand_not_that_the_device_changes_hands():
    """Play-test 3: the replay's spectator read the hot-seat curtain's "The hand is hidden while the
    device changes hands"; the curtain itself still says so."""
    from boardui.screen import awaiting

    i18n.set_language("en")
    s = new_game(2, 5)
    screen = Screen()
    screen.eyes_to_choose = True            # a finished game's replay: "Seen by" offers each seat
    screen.receive(awaiting(snapshot(s, None), "replay"), [], SEATS[:2])
    html = to_markup(screen.scene([]))
    assert "A spectator sees no hand" in html and "device changes hands" not in html
    assert "data-act=" not in html and "A replay: each move is shown" in html
    screen.eyes_to_choose = False
    screen.receive(snapshot(s, None), [], SEATS[:2])                          # hot-seat: the curtain
    assert "device changes hands" in to_markup(screen.scene([]))


def test_a_replay_of_an_unfinished_game_says_hands_stay_hidden_naming_no_seen_by_choice():
    """Play-test 8 F6: a mid-game replay (hot-seat: a spectator's) told the player to choose a seat
    under "Seen by", a choice offered only once the game is over (app.replay.viewers)."""
    from boardui.screen import awaiting

    s = new_game(2, 5)
    for lang in ("en", "it", "de", "es"):
        i18n.set_language(lang)
        screen = Screen()
        screen.receive(awaiting(snapshot(s, None), "replay"), [], SEATS[:2])
        html = to_markup(screen.scene([]))
        note = {"en": "Hands stay hidden until the game is over.", "it": "Le mani restano nascoste",
                "de": "Die Hände bleiben verdeckt", "es": "Las manos permanecen ocultas"}[lang]
        assert note in html
        assert not any(w in html for w in ("Seen by", "Visto da", "Gesehen von", "Visto por"))
    i18n.set_language("en")


def test_the_players_panel_names_each_bots_level_and_keeps_each_figure_with_its_label():
    """Play-test 3: Pompeii showed no sign that a seat is a bot, nor its level (Ptolemaeus does), and on
    a phone the figures wrapped away from their labels."""
    i18n.set_language("en")
    s = new_game(3, 5)
    seats = [SEATS[0], dict(SEATS[1], level="hard"), dict(SEATS[2], level="normal")]
    screen = Screen()
    screen.receive(snapshot(s, 0), [], seats)
    html = to_markup(screen.scene([]))
    panel = html[html.index('class="pp-players"'):]
    assert "bot (hard)" in panel and "bot (normal)" in panel and panel.count("bot (") == 2
    assert '<span class="stat">supply ' in panel
    assert panel.count('class="stat"') == 3 * 5
    assert "·" not in panel                                       # no separator left at a line's edge (play-test 4)


def test_a_watching_tabs_heading_and_live_region_do_not_say_your_turn():
    """Play-test 2 (N4's leftover): the watching tab's heading still said "Your turn", a turn this tab
    cannot take. It says that the turn is played in the other tab; another seat's turn reads as always."""
    from boardui.screen import awaiting
    from pompeii_ui.board import whose_turn

    i18n.set_language("en")
    s = new_game(2, 5)
    seat = s.current_player
    screen = Screen()
    screen.receive(awaiting(snapshot(s, seat), "watching"), [], SEATS[:2])
    heading = re.search(r'class="pp-who"[^>]*>([^<]*)<', to_markup(screen.scene([]))).group(1)
    assert heading == "Your turn, in the tab where this game is played"
    said = [text for _n, text in screen.live.lines]             # the live region says the same
    assert heading in said and "Your turn" not in said
    view = snapshot(s, 1 - seat).view
    assert whose_turn(view, 1 - seat, SEATS[:2], watching=True) == whose_turn(view, 1 - seat, SEATS[:2])


@pytest.mark.parametrize("lang, said", [("en", "Your turn, Player {n}"), ("it", "Tocca a te, Giocatore {n}"),
                                        ("de", "Du bist am Zug, Spieler {n}"), ("es", "Tu turno, Jugador {n}")])
def test_hot_seat_your_turn_names_the_seat_holding_the_device(lang, said):
    """Play-test 8 F9: after the curtain a 4-seat hot-seat said only "Your turn". With two or more humans
    it names the seat (its default name, stored in English, in the page's language); a lone human
    ("You") is not named."""
    from app.session import default_seats
    from pompeii_ui.board import whose_turn
    from pompeii_ui.spec import PompeiiSpec

    s = new_game(4, 5)
    seat = s.current_player
    hot_seat = default_seats(PompeiiSpec(), ["human"] * 4)              # made (and saved) in English
    alone = default_seats(PompeiiSpec(), ["bot"] * 4)
    alone[seat] = default_seats(PompeiiSpec(), ["human"])[0]
    i18n.set_language(lang)
    try:
        assert whose_turn(snapshot(s, seat).view, seat, hot_seat) == said.format(n=seat + 1)
        assert whose_turn(snapshot(s, seat).view, seat, alone) == t("status.your_turn")
    finally:
        i18n.set_language("en")


def test_while_the_viewers_move_waits_for_confirm_the_heading_names_no_next_player():
    """Play-test 4 (#5): with "confirm my moves", a turn-ending move waiting for Confirm had the
    heading name the next player while the prompt said the move waited. The heading (and the live
    region) say it waits; once confirmed (no longer waiting), the next player's turn as always."""
    import random

    from boardui.screen import awaiting

    i18n.set_language("en")
    s = new_game(2, 5)
    seat = 0
    rng = random.Random(1)
    while s.current_player != seat:
        s.apply(rng.choice(s.legal_actions()))
    while s.current_player == seat:                        # seat 0's turn, ended
        s.apply(rng.choice(s.legal_actions()))
    for kind in ("applied", "held"):
        screen = Screen()
        screen.receive(awaiting(snapshot(s, seat), kind), [], SEATS[:2])
        heading = re.search(r'class="pp-who"[^>]*>([^<]*)<', to_markup(screen.scene([]))).group(1)
        assert heading == "Your move waits for your confirmation", kind
        other = SEATS[1 - seat]["name"]
        assert other not in heading and other not in " ".join(text for _n, text in screen.live.lines)
    screen = Screen()
    screen.receive(snapshot(s, seat), [], SEATS[:2])
    assert re.search(r'class="pp-who"[^>]*>([^<]*)<', to_markup(screen.scene([]))).group(1) != \
        "Your move waits for your confirmation"


def test_an_end_screen_the_player_closed_stays_closed_in_the_next_view_of_the_game():
    """Play-test 2 (N6): "Back to the game" from a finished game's replay opened the end dialog again,
    which the player had closed with "Look at the city". A new screen told so (``keep_end_closed``)
    shows the finished game with it closed, its reopen button there."""
    s, screen, log = play(3)
    assert screen.end_shown and not screen.end_closed
    screen.click("close_end")
    assert screen.end_closed
    again = Screen()
    again.keep_end_closed()
    again.receive(snapshot(s, 0), [], SEATS[:2])
    html = to_markup(again.scene(log))
    assert 'class="pp-end"' not in html and 'data-act="open_end"' in html and again.end_closed
    fresh = Screen()
    fresh.receive(snapshot(s, 0), [], SEATS[:2])
    assert fresh.end_shown


def test_the_focus_the_headers_undo_gives_back_goes_to_the_decision():
    """Play-test 2 (N2): the focus the header's Undo had goes to the decision, not to <body>."""
    from pompeii_ui.screen import DECISION

    screen = Screen()
    screen.receive(snapshot(new_game(2, 5), 0), [], SEATS[:2])
    assert screen.refocus().targets == DECISION


def test_a_held_placement_is_drawn_on_its_square_as_not_yet_played():
    """Play-test 3: with "confirm my moves" a card played in phase 1 (a card is then drawn, so the move
    is held, not applied) was named in the prompt but not on the board; the citizen now waits on its
    square, faint and dashed, and the square says so. What the move reveals is never drawn."""
    from boardui.screen import awaiting
    from pompeii_ui.words import held_move, held_pieces, own_events

    i18n.set_language("en")
    s = new_game(2, 5)
    while s.current != 0 or s.step != "play":
        s.apply(s.legal_actions()[0])
    action = next(a for a in s.legal_actions() if a.kind == "play" and a.square >= 0)
    events = s.clone().apply(action)
    own = own_events(events, 0)
    assert [e["type"] for e in own][:2] == ["card_played", "placed"] and all(e["type"] != "card_drawn" for e in own)
    at = "{},{}".format(*B.rc(action.square))
    assert held_pieces(own) == {at: {"seat": 0}}
    screen = Screen()
    screen.receive(snapshot(s, 0), [], SEATS[:2])               # drawn before the move (each square memoized)
    assert "data-held=" not in to_markup(screen.scene([]))
    screen.receive(awaiting(snapshot(s, 0), "held", held_move(events, SEATS[:2], 0), tuple(own)), [], SEATS[:2])
    html = to_markup(screen.scene([]))
    cell = html[html.index(f'data-square="{at}"'):]
    cell = cell[:cell.index("</g>")]
    assert 'data-held="0"' in cell and "waiting for your confirmation" in cell
    assert html.count("data-held=") == 1
    # Applied (or no longer waiting): nothing drawn as held.
    screen.receive(awaiting(snapshot(s, 0), "applied", None, tuple(own)), [], SEATS[:2])
    html = to_markup(screen.scene([]))
    assert "data-held=" not in html, html[html.index("data-held=") - 300:html.index("data-held=") + 50]


def test_held_pieces_are_citizens_and_lava_tiles_from_well_formed_events_only():
    from pompeii_ui.words import held_pieces

    assert held_pieces([{"type": "relative_placed", "seat": 2, "square": [3, 4]},
                        {"type": "lava_placed", "seat": 1, "square": [0, 7], "symbol": "mask"},
                        {"type": "placed", "seat": "x", "square": [1, 1]}, {"type": "placed", "seat": 0},
                        {"type": "card_played", "seat": 0, "card": 3}]) == \
        {"3,4": {"seat": 2}, "0,7": {"lava": "mask"}}


def test_a_game_of_bots_only_says_no_hand_is_shown_not_that_the_device_changes_hands():
    """Play-test 4: an all-bot game said "The hand is hidden while the device changes hands."."""
    i18n.set_language("en")
    s = new_game(2, 5)
    bots = [dict(SEATS[0], kind="bot", level="random"), dict(SEATS[1], level="random")]
    screen = Screen()
    screen.receive(snapshot(s, None), [], bots)
    html = to_markup(screen.scene([]))
    assert "Every seat is played by a bot" in html and "device changes hands" not in html
    screen.receive(snapshot(s, None), [], SEATS[:2])                           # a human seat: the curtain
    assert "device changes hands" in to_markup(screen.scene([]))


def test_while_the_last_moves_are_shown_the_prompt_says_so_not_the_next_decision():
    """Play-test 4: while another seat's lava move was animated the prompt already said "Place the scroll
    lava tile on a highlighted square." (nothing could be highlighted) beside a bare "Skip"."""
    i18n.set_language("en")
    s, _sc, _log = play(5, until=lambda s: s.step == "lava" and s.current_player == 1)
    screen = Screen()
    screen.receive(snapshot(s, 0), [], SEATS[:2])
    events = s.apply(s.legal_actions()[0])
    assert screen.receive(snapshot(s, 0), events, SEATS[:2])                 # an animation starts
    html = to_markup(screen.scene([]))
    prompt = html[html.index('class="pp-prompt"'):html.index("</section>", html.index('class="pp-prompt"'))]
    assert "The last moves are being shown." in prompt and "highlighted square" not in prompt
    assert "Skip the animation" in prompt and 'class="pp-tile"' not in prompt
    while screen.frames.busy:                                                # the frames end: the decision
        screen.frames.advance()
    html = to_markup(screen.scene([]))
    assert "The last moves are being shown." not in html


def test_the_move_log_reads_newest_first_as_ptolemaeus_each_line_with_its_number():
    """Play-test 4: Pompeii's log was oldest first (a new move below the box's fold), Ptolemaeus' newest first."""
    i18n.set_language("en")
    from pompeii_ui.words import describe_log

    steps = iter(range(12))                                         # twelve decisions
    s, _sc, log = play(2, until=lambda s: next(steps, None) is None)
    screen = Screen()
    screen.receive(snapshot(s, 0), [], SEATS[:2])
    html = to_markup(screen.scene(log))
    box = html[html.index('class="pp-log"'):]
    box = box[:box.index("</ol>")]
    values = [int(v) for v in re.findall(r'<li value="(\d+)"', box)]
    said = describe_log(log, SEATS[:2])
    said = ["Plinius starts (drawn at random)" if s.first else "You start (drawn at random)", *said]   # PR17
    assert "reversed" in box[:box.index("<li")] and values == list(range(len(said), 0, -1))
    assert box.index(said[-1]) < box.index(said[1]) < box.index(said[0])


def test_the_live_region_forgets_the_last_seats_lines_when_the_device_changes_hands():
    """Play-test 5: after the hot-seat hand-over the visually hidden live region (``.pp-announce``)
    still held the last seat's lines ("Your move waits for your confirmation", its own card) for the
    next player's screen reader. The curtain and the next seat's view start it empty."""
    seats = [dict(SEATS[0]), dict(SEATS[0], name="Ada")]
    s = new_game(2, 7)
    seat = s.current_player
    screen = Screen()
    screen.receive(snapshot(s, seat), [], seats)
    events = s.apply(s.legal_actions()[0])
    screen.receive(snapshot(s, seat), events, seats)
    assert len(screen.live.lines) >= 2
    serial = screen.live.serial
    for viewer in (None, 1 - seat):                      # the curtain, then the next seat's eyes
        screen.receive(snapshot(s, viewer), [], seats)
        markup = to_markup(screen.scene([]))
        for n, text in screen.live.lines:
            assert n > serial and text in markup                     # none of the last eyes' lines
        serial = screen.live.serial
    kept = list(screen.live.lines)
    events = s.apply(s.legal_actions()[0])
    screen.receive(snapshot(s, 1 - seat), events, seats)             # the same eyes: nothing forgotten
    assert screen.live.lines[:len(kept)] == kept and len(screen.live.lines) > len(kept)


HOT = [{"kind": "human", "name": f"Player {p + 1}", "colour": c}
       for p, c in enumerate(("#3a7bd5", "#d64541", "#e8c547", "#333"))]


def hot_seat(seed: int, players: int, stop):
    """A seeded hot-seat game on one screen, shown as ``app.host`` shows it: the curtain (nobody's
    eyes, no events) whenever the device goes to another seat, then that seat's eyes with every event
    since it last looked; each seat's decisions clicked, until ``stop(state, last_action, last_actor)``
    holds once the seat on turn sees the state."""
    s = new_game(players, seed)
    s.record = False
    rng = random.Random(seed)
    screen = Screen()
    log: list[dict] = []
    seen = dict.fromkeys(range(players), 0)
    viewer, last, actor = None, None, None
    while not s.is_over:
        seat = s.current_player
        if seat != viewer:
            screen.receive(snapshot(s, None), [], HOT[:players])
            viewer = seat
        screen.receive(snapshot(s, seat), log[seen[seat]:], HOT[:players])
        seen[seat] = len(log)
        while screen.frames.busy:
            screen.frames.advance()
        html = to_markup(screen.scene(log))
        if stop(s, last, actor):
            return s, screen, html
        legal = s.legal_actions()
        last, actor = rng.choice(legal), seat
        for act, arg in click_path(last, legal):
            screen.click(act, arg)
        log += s.apply(last)
    raise AssertionError("the game ended before the moment wanted")


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_hot_seat_recap_tells_a_seat_what_the_others_did_addressed_to_it(seed):
    """Play-test 6: on Player 1's second turn "Since your last decision:" read "Player 1 played card 1 ·
    Player 1 placed a citizen… · Player 1 drew a card · Player 2 …": its own turn, in the third person.
    It recaps the others' turns, and Player 1 is "you" in them."""
    turns = {"n": 0}

    def second_turn(s, last, actor):
        if s.phase != "p1" or s.current_player != 0 or actor == 0:
            return False
        turns["n"] += 1
        return turns["n"] == 2
    s, screen, html = hot_seat(seed, 3, second_turn)
    lines = screen.recap.lines
    assert any(line.startswith("Player 2 played card") for line in lines)
    assert any(line.startswith("Player 3 played card") for line in lines)
    assert not any("Player 1" in line or line.startswith("You ") for line in lines), lines
    recap = re.search(r'<p class="pp-recap"[^>]*>(.*?)</p>', html).group(1)
    assert "Player 2 played card" in recap and "Player 1" not in recap


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_a_phase_2_move_is_not_recapped_to_the_seat_that_just_made_it(seed):
    """Play-test 6: after Player 2's first move of a phase-2 turn the prompt read "Since your last
    decision: Player 2 saved a citizen…", the decision just made. Nothing is recapped until the others
    move; the heading's last move speaks to the seat ("You …")."""
    def after_first_move(s, last, actor):
        return (s.phase == "p2" and s.step == "move" and actor == s.current_player and last is not None
                and last.kind in ("move", "leave"))
    s, screen, html = hot_seat(seed, 3, after_first_move)
    assert screen.recap.lines == [] and "pp-recap" not in html
    assert screen.last_line.startswith("You ")


def test_after_the_eruption_nobodys_hand_panel_says_no_cards_not_that_the_device_changes_hands():
    """Play-test 6: the hot-seat end screen's hand panel said "The hand is hidden while the device changes
    hands.": no device changes hands after the end, and since the eruption nobody holds a card (P42)."""
    i18n.set_language("en")
    s, _screen, _log = play(4, 3, until=lambda s: s.phase == "p2")
    for state in (s, play(4, 3)[0]):                        # phase 2 behind the curtain, then the end
        assert state.phase in ("p2", "over")
        screen = Screen()
        screen.receive(snapshot(state, None), [], HOT[:3])
        html = to_markup(screen.scene([]))
        hand = html[html.index('class="pp-hand"'):]
        assert "device changes hands" not in hand and "No cards: they were discarded when Vesuvius erupted." in hand
    s = new_game(3, 4)                                       # phase 1: the curtain still hides the hand
    screen = Screen()
    screen.receive(snapshot(s, None), [], HOT[:3])
    assert "device changes hands" in to_markup(screen.scene([]))


def test_nobodys_eyes_are_told_no_recap_since_their_last_decision():
    """Play-test 6: the hot-seat end screen (nobody's eyes: ``app.host`` shows it to no seat) read
    "Since your last decision:" with up to 20 of the game's last events: nobody decided there."""
    i18n.set_language("en")
    s, _screen, log = play(4, 3)
    assert s.phase == "over" and log
    screen = Screen()
    screen.receive(snapshot(s, None), [], HOT[:3])
    screen.receive(snapshot(s, None), log[-12:], HOT[:3])
    while screen.frames.busy:
        screen.frames.advance()
    assert screen.recap.lines                                # the events were noted...
    assert screen.recap_lines == [] and "pp-recap" not in to_markup(screen.scene(log))   # ...said to nobody


@pytest.mark.parametrize("lang", ["en", "es", "it", "de"])
def test_a_held_placement_shows_its_citizen_ringed_and_its_card_played(lang):
    """Play-test 8 F8: while a phase-1 placement waits for Confirm its citizen was a faint piece, barely
    seen, and the card played still showed in the hand as if unplayed. The citizen is in a ring of its
    own; that card (one of two alike, if so) is marked played, and says so."""
    from boardui.screen import awaiting
    from pompeii_ui.words import held_move, own_events

    i18n.set_language(lang)
    s = new_game(2, 5)
    seat = s.current_player
    action = next(a for a in s.legal_actions() if a.kind == "play" and a.square >= 0)
    events = s.clone().apply(action)
    screen = Screen()
    own = tuple(own_events(events, seat))
    screen.receive(awaiting(snapshot(s, seat), "held", held_move(events, SEATS[:2], seat), own), [], SEATS[:2])
    html = to_markup(screen.scene([]))
    at = f"{action.square // 11},{action.square % 11}"
    assert html.count('class="held-ring"') == 1 and f'data-held="{seat}" data-at="{at}"' in html
    played = re.findall(r'<span class="card played" data-card="(\d+)" aria-label="([^"]*)"', html)
    assert [int(c) for c, _label in played] == [action.card], played
    assert html.count('data-played="1"') == 1
    said = {"en": "played, it leaves your hand once you confirm", "it": "giocata", "de": "ausgespielt",
            "es": "jugada"}[lang]
    assert said in played[0][1]
    screen.receive(snapshot(s, seat), [], SEATS[:2])                           # taken back: in the hand again
    html = to_markup(screen.scene([]))
    assert "held-ring" not in html and "data-played" not in html
    i18n.set_language("en")


def _eruption(want, seed_range=range(1, 60)):
    """A seeded random 2-player game at the first state where seat 0 decides and ``want(state)``."""
    for seed in seed_range:
        s, rng = new_game(2, seed), random.Random(seed)
        s.record = False
        while not s.is_over:
            if s.current_player == 0 and want(s):
                return s
            s.apply(rng.choice(s.legal_actions()))
    raise AssertionError("no position found")


@pytest.mark.parametrize("lang", ["en", "it", "de", "es"])
def test_the_eruptions_prompts_say_why_the_first_tile_goes_on_its_vent_and_how_far_a_citizen_walks(lang):
    """Play-test 8 F10: the first lava prompt lit only the vent without saying why (P48: the first tile of
    a symbol goes on its own vent), and the move prompt never said how far a citizen may walk (P54: as
    many squares as there are citizens on its square, itself included)."""
    i18n.set_language(lang)
    first = {"en": "The first tile of a symbol goes on that symbol's own vent", "it": "La prima tessera di un simbolo",
             "de": "Das erste Plättchen eines Symbols", "es": "La primera ficha de un símbolo"}[lang]
    s = _eruption(lambda s: s.step == "lava" and 0 <= s.tile < len(B.SYMBOLS)
                  and {a.square for a in s.legal_actions()} == {B.VENT_OF[B.SYMBOLS[s.tile]]})
    screen = Screen()
    screen.receive(snapshot(s, 0), [], SEATS[:2])
    html = to_markup(screen.scene([]))
    assert f'<p class="pp-why">{first}' in html
    later = _eruption(lambda s: s.step == "lava" and len({a.square for a in s.legal_actions()}) > 1)
    screen.receive(snapshot(later, 0), [], SEATS[:2])
    assert "pp-why" not in to_markup(screen.scene([]))

    walk = {"en": "as many squares as there are citizens", "it": "tante caselle quanti cittadini",
            "de": "so viele Felder gehen, wie Bürger", "es": "tantas casillas como ciudadanos"}[lang]
    s = _eruption(lambda s: s.step == "move" and any(a.kind == "move" and s.tot[a.square] > 1
                                                     for a in s.legal_actions()))
    screen = Screen()
    screen.receive(snapshot(s, 0), [], SEATS[:2])
    assert walk in to_markup(screen.scene([]))
    square = next(a.square for a in s.legal_actions() if a.kind == "move" and s.tot[a.square] > 1)
    screen.click("sq", f"{square // 11},{square % 11}")
    html = to_markup(screen.scene([]))
    k = int(s.tot[square])
    reach = {"en": f"It may walk up to {k} squares: {k} citizens", "it": f"fino a {k} caselle",
             "de": f"bis zu {k} Felder", "es": f"hasta {k} casillas"}[lang]
    assert reach in html                                    # P54: s.tot, the citizens on its square
    i18n.set_language("en")


def _held_reasons(players: int = 3, seed: int = 5) -> dict[str, set[str]]:
    """Pompeii's Confirm-bar sentence (``PompeiiSpec.held_reveals``) for every turn-ending move that
    the shell would hold (it reveals something, or ends the game) in one random game, by phase."""
    from pompeii_ui.spec import PompeiiSpec

    spec, rng = PompeiiSpec(), random.Random(seed)
    s = new_game(players, seed)
    out: dict[str, set[str]] = {}
    while not s.is_over:
        seat, phase = s.current_player, s.phase
        for a in s.legal_actions():
            c = s.clone()
            events = c.apply(a)
            if (c.is_over or c.current_player != seat) and (c.revealed or c.is_over):
                out.setdefault("end" if c.is_over else phase, set()).add(str(spec.held_reveals(events, seat)))
        s.apply(rng.choice(s.legal_actions()))
    return out


def test_a_held_move_says_what_confirming_it_reveals():
    """Play-test 8 F5: in phase 2 the player only walks citizens; what cannot be taken back is the next
    player's lava tile, not something their move revealed.  Phase 1: the card they then draw."""
    reasons = _held_reasons()
    assert reasons["p1"] == {"This move is played only when you confirm it: then you draw a card, so once "
                             "confirmed it cannot be taken back."}, reasons
    assert reasons["p2"] == reasons["opening"] == {"This move is played only when you confirm it: then the next player draws a lava "
                             "tile, so once confirmed it cannot be taken back."}, reasons
    assert reasons["end"] == {"This move ends the game: it is played only when you confirm it, and once "
                              "confirmed it cannot be taken back."}, reasons


def test_an_animations_caption_is_marked_to_wrap_and_the_heading_is_not():
    """Play-test 8 F2: a bot step's caption was cut with "…" in the status line. While a frame shows, the
    heading's place holds its caption marked ``pp-caption`` (the stylesheet lets it wrap); whose turn it
    is, once the frames are over, is not."""
    marked: list[str] = []
    s = new_game(2, 3)
    s.record = False
    rng = random.Random(3)
    screen, events = Screen(), []
    while not s.is_over and len(marked) < 3:
        screen.receive(snapshot(s, 0), events, SEATS[:2])
        while screen.frames.busy:
            who = re.search(r'<strong class="([^"]*)"[^>]*>([^<]*)<', to_markup(screen.scene([])))
            assert who.group(1) == "pp-who pp-caption" and who.group(2) == screen.frames.current.caption
            marked.append(who.group(2))
            screen.frames.advance()
        who = re.search(r'<strong class="([^"]*)"', to_markup(screen.scene([])))
        assert who.group(1) == "pp-who"
        events = s.apply(rng.choice(s.legal_actions()))
    assert len(marked) >= 3
