"""The game screen as pure functions (py/ptolemaeus_ui/board.py): the DOM
contract attributes, symbols besides colours, accessibility attributes, and
that no other seat's hidden information reaches the markup (R17)."""

from __future__ import annotations

import random
import re

import pytest

import ptolemaeus as pt
from ptolemaeus.data import COLOUR_OF, COLOURS, CONSTELLATIONS
from ptolemaeus_ui.board import Model, public_view, render, render_board, scene_of, seat_token_icon
from ptolemaeus_ui.interact import Controller
from boardui.tree import El, to_markup
from scenario import build

SEATS = [{"kind": "human", "level": None, "name": "Ada", "colour": "#f2eee3"},
         {"kind": "bot", "level": "normal", "name": "Hypatia", "colour": "#b07be0"},
         {"kind": "bot", "level": "easy", "name": "Tycho", "colour": "#4fd1c5"},
         {"kind": "bot", "level": "hard", "name": "Kepler", "colour": "#ff8fc0"}]


def screen(state, viewer, seats=SEATS, **kw):
    view = state.view(viewer) if viewer is not None else public_view(state)
    ctl = Controller()
    legal = state.legal_actions() if viewer is not None and state.current_player == viewer else []
    ctl.update(view, legal, viewer, [s["name"] for s in seats])
    return Model(view=view, viewer=viewer, seats=seats[:state.n], ui=ctl.ui(), **kw)


def apollo(players=2, seed=1):
    return pt.new_game(players, seed, "1969-07-20T20:17Z")


def test_board_has_the_contract_attributes():
    s = apollo()
    svg = render_board(screen(s, 0))
    assert svg.tag == "svg"
    consts = svg.find_all(data_constellation=None)
    assert [e.attrs["data-constellation"] for e in consts] == list(CONSTELLATIONS)
    planets = {e.attrs["data-planet"]: e.attrs["data-at"] for e in svg.find_all(data_planet=None)}
    assert planets == s.planets == {
        "Sol": "Cancer", "Luna": "Libra", "Mercurius": "Cancer", "Venus": "Gemini",
        "Mars": "Sagittarius", "Iupiter": "Libra", "Saturnus": "Taurus"}
    comets = svg.find_all(data_comet=None)
    assert len(comets) == 1 and comets[0].attrs["data-at"] == "Aries" == s.comet
    assert svg.find_all(data_comet_start=None)[0].attrs["data-at"] == "Aries"
    markup = to_markup(svg)
    assert markup.startswith('<svg xmlns="http://www.w3.org/2000/svg"')
    assert markup.count("data-constellation=") == 12 and markup.count("data-planet=") == 7


def test_every_constellation_has_its_element_symbol_and_name_not_colour_alone():
    svg = render_board(screen(apollo(), 0))
    for i, e in enumerate(svg.find_all(data_constellation=None)):
        colour = COLOURS[COLOUR_OF[i]]
        signs = [x for x in e.walk() if "element-sign" in x.attrs.get("class", "")]
        assert len(signs) == 1 and f"el-{colour}" in signs[0].attrs["class"]
        assert e.find_all(class_="const-name")[0].text == CONSTELLATIONS[i].upper()
        element = {"red": "fire", "green": "earth", "yellow": "air", "blue": "water"}[colour]
        assert element in e.attrs["aria-label"]
    # the four elements are drawn differently (alchemical triangles)
    paths = {x.attrs["d"] for x in svg.walk() if "element-sign" in x.attrs.get("class", "")}
    assert len(paths) == 4


def test_planets_have_distinct_glyphs_and_labels():
    svg = render_board(screen(apollo(), 0))
    glyphs, abbrs = set(), set()
    for e in svg.find_all(data_planet=None):
        glyphs.add(e.find_all(class_="sign")[0].attrs["d"])
        abbrs.add(next(x for x in e.walk() if "planet-abbr" in x.attrs.get("class", "").split()).text)
        assert e.attrs["data-planet"] in e.attrs["aria-label"]
        assert e.children[0].children[0].tag == "title"
    assert len(glyphs) == 7 and len(abbrs) == 7


def test_interactive_board_elements_are_keyboard_buttons():
    s = apollo()
    while s.current_player != 0:
        s.apply(s.legal_actions()[0])
    tree = render(screen(s, 0))
    clickable = [e for e in tree.walk() if "data-act" in e.attrs]
    board = [e for e in render_board(screen(s, 0)).walk() if "data-act" in e.attrs]
    assert board, "observable constellations are clickable"
    for e in board:
        assert e.attrs.get("tabindex") in ("0", "-1") and e.attrs.get("role") == "button", e
        assert e.attrs.get("aria-label")
    # One tab stop for the board (a roving tabindex: the arrow keys move between the others).
    assert [e.attrs["tabindex"] for e in board].count("0") == 1
    for e in clickable:
        assert e.tag in ("button", "g", "a"), e      # HTML ones are real buttons
        if e.tag == "button":
            assert e.attrs.get("type") == "button"


def test_tokens_asteroids_turn_track_and_event_card():
    s = build(3, tokens={0: {"Leo": 2}, 1: {"Leo": 1, "Aries": 1}, 2: {"Virgo": 1}},
              asteroids_gone=["Pisces"], asteroids={1: 1}, event="Sol-Luna-Mars", turn=2, first=1)
    svg = render_board(screen(s, 0))
    # one token a seat on a constellation, with how many it stands for (play-test 7 #6)
    toks = [(e.attrs["data-token"], e.attrs["data-at"], e.attrs["data-count"]) for e in svg.find_all(data_token=None)]
    assert sorted(toks) == sorted([("0", "Leo", "2"), ("1", "Leo", "1"), ("1", "Aries", "1"), ("2", "Virgo", "1")])
    # every seat's token has its own shape (not only its colour) and the seat's initial
    shapes = {e.attrs["data-token"]: (lambda g: g.tag + g.attrs.get("d", "")[:8])(e.find_all(class_="shape")[0])
              for e in svg.find_all(data_token=None)}
    assert len(set(shapes.values())) == 3
    initials = {e.attrs["data-token"]: e.find_all(class_="token-initial")[0].text
                for e in svg.find_all(data_token=None)}
    assert initials == {"0": "A", "1": "H", "2": "T"}
    assert sorted(e.attrs["data-asteroid"] for e in svg.find_all(data_asteroid=None)) == sorted(
        c for c in CONSTELLATIONS if c != "Pisces")
    assert svg.find_all(data_turn=None)[0].attrs["data-turn"] == "2"
    assert "Hypatia" in svg.find_all(data_turn=None)[0].attrs["aria-label"]      # the Astrolabe
    assert svg.find_all(data_event=None)[0].attrs["data-event"] == "Sol-Luna-Mars"


def _glyph_boxes(svg: El, at: str, scale: float) -> list[tuple[float, float, float, float]]:
    """The boxes (x0, y0, x1, y1) round each token on ``at`` and its count badge, drawn ``scale`` times
    as large (as the phone's CSS does), from the markup's own numbers."""
    out = []
    for tok in svg.find_all(data_at=at):
        if "data-token" not in tok.attrs:
            continue
        x, y = (float(v) for v in re.findall(r"-?[\d.]+", tok.attrs["transform"]))
        x0 = y0 = 1e9
        x1 = y1 = -1e9
        for e in tok.walk():
            if e.tag == "circle":
                cx, cy, r = float(e.attrs.get("cx", 0)), float(e.attrs.get("cy", 0)), float(e.attrs["r"])
                pts = [(cx - r, cy - r), (cx + r, cy + r)]
            elif e.tag == "rect":
                pts = [(float(e.attrs["x"]), float(e.attrs["y"])),
                       (float(e.attrs["x"]) + float(e.attrs["width"]), float(e.attrs["y"]) + float(e.attrs["height"]))]
            elif e.tag == "path" and "shape" in e.attrs.get("class", ""):
                nums = [float(v) for v in re.findall(r"-?[\d.]+", e.attrs["d"])]
                pts = list(zip(nums[::2], nums[1::2]))
            else:
                continue
            for px, py in pts:
                x0, y0, x1, y1 = min(x0, px), min(y0, py), max(x1, px), max(y1, py)
        out.append((x + scale * x0, y + scale * y0, x + scale * x1, y + scale * y1))
    return out


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_the_tokens_on_one_constellation_never_overlap_and_say_their_count(players):
    """Play-test 7 #6: two of your tokens on Aries lay almost on top of each other (on a phone, where
    the CSS draws a token 1.9 times as large), and you need their count to know if you can study.
    Each seat's tokens there are one token with its count, placed apart from the others' at any
    angle; the constellation's label says the counts in words."""
    consts = ["Aries", "Cancer", "Leo", "Virgo", "Scorpius", "Pisces"]
    tokens = {p: {c: 2 if (p + i) % 2 == 0 else 1 for i, c in enumerate(consts)} for p in range(players)}
    s = build(players, tokens=tokens)
    svg = render_board(screen(s, 0))
    for at in consts:
        here = [e for e in svg.find_all(data_at=at) if "data-token" in e.attrs]
        assert sorted(int(e.attrs["data-token"]) for e in here) == list(range(players))
        for e in here:
            p = int(e.attrs["data-token"])
            count = tokens[p][at]
            assert e.attrs["data-count"] == str(count)
            badge = [x.text for x in e.walk() if x.attrs.get("class") == "token-count"]
            assert badge == ([str(count)] if count > 1 else [])
        for scale in (1.0, 1.9):
            boxes = _glyph_boxes(svg, at, scale)
            for a in range(len(boxes)):
                for b in range(a + 1, len(boxes)):
                    A_, B_ = boxes[a], boxes[b]
                    apart = A_[2] <= B_[0] or B_[2] <= A_[0] or A_[3] <= B_[1] or B_[3] <= A_[1]
                    assert apart, (at, scale, boxes)
        label = next(e for e in svg.find_all(data_constellation=at)).attrs["aria-label"]
        for p in range(players):
            n = tokens[p][at]
            assert f"{SEATS[p]['name']}: {n} token{'s' if n > 1 else ''}" in label, label


@pytest.mark.parametrize("name, mark", [("You", "*"), ("Tu", "*"), ("Player 2", "2"), ("Giocatore 2", "2"),
                                        ("Bot 3", "3"), ("ada", "A")])
def test_a_seats_mark_comes_from_its_stored_name_not_its_translation(name, mark):
    """Play-test 7 #7: "Y" (You) on your tokens became "T", "D", "T" in Italian, German, Spanish, so
    mid-game your tokens looked like someone else's. The mark is the stored name's: a drawn star for
    "You" in any language, the number of a "Player n" / "Bot n", else the typed name's first letter."""
    from app import i18n

    s = build(2, tokens={0: {"Leo": 1}, 1: {"Leo": 1}})
    seats = [dict(SEATS[0], name=name), SEATS[1]]
    marks = {}
    try:
        for lang in ("en", "it", "de", "es"):
            i18n.set_language(lang)
            model = screen(s, 0, seats=seats)
            svg = render_board(model)
            marks[lang] = ([x.attrs["data-mark"] for x in svg.walk() if "data-mark" in x.attrs],
                           seat_token_icon(model, 0).find_all(data_mark=None)[0].attrs["data-mark"])
    finally:
        i18n.set_language("en")
    assert marks["en"] == ([mark, "H"], mark) and all(m == marks["en"] for m in marks.values()), marks
    star = [x for x in render_board(screen(s, 0, seats=seats)).walk() if "token-star" in x.attrs.get("class", "")]
    assert len(star) == (1 if mark == "*" else 0) and (not star or star[0].tag == "path")


def test_seats_whose_names_begin_alike_are_told_apart_by_number_on_their_tokens():
    """Play-test: hot-seat's default names "Player 1" and "Player 2" both put "P" on their tokens
    (and on the seat icons); a letter two seats share gives way to the seats' numbers."""
    s = build(3, tokens={0: {"Leo": 1}, 1: {"Aries": 1}, 2: {"Virgo": 1}})
    seats = [dict(SEATS[0], name="Player 1"), dict(SEATS[1], name="Player 2"), dict(SEATS[2], name="Mars")]
    svg = render_board(screen(s, 0, seats=seats))
    initials = {e.attrs["data-token"]: e.find_all(class_="token-initial")[0].text
                for e in svg.find_all(data_token=None)}
    assert initials == {"0": "1", "1": "2", "2": "M"}
    model = screen(s, 0, seats=seats)
    assert [seat_token_icon(model, p).find_all(class_="token-initial")[0].text for p in range(3)] == ["1", "2", "M"]


def test_no_other_seats_hidden_information_in_the_markup():
    """R17: the screen for seat 0 shows seat 1's counts, never its cards,
    bonus cards or objective; a public screen shows nobody's."""
    s = build(2, hands={0: ["Libra", "Aries"], 1: ["Sextans", "Sextans", "Pisces"]},
              display=["Aries", "Taurus", "Gemini", "Cancer", "Leo", "Virgo"],
              bonus_hands={0: ["Signa Ignis"], 1: ["Maleficus Mars", "Iupiter Orientalis"]},
              objectives={0: "Sol-Luna-Venus", 1: "Mars-Iupiter-Sol"})
    secrets_of_1 = ["Sextans", "Maleficus Mars", "Iupiter Orientalis", "Mars-Iupiter-Sol"]
    mine = to_markup(render(screen(s, 0)))
    for secret in secrets_of_1:
        assert secret not in mine, secret
    assert "Signa Ignis" in mine and 'data-objective="Sol-Luna-Venus"' in mine
    assert 'data-card="Libra"' in mine and 'data-card="Pisces"' not in mine
    theirs = to_markup(render(screen(s, 1)))
    for secret in ("Signa Ignis", "Sol-Luna-Venus"):
        assert secret not in theirs
    assert 'data-objective="Mars-Iupiter-Sol"' in theirs
    nobody = to_markup(render(screen(s, None)))
    for secret in secrets_of_1 + ["Signa Ignis", "Sol-Luna-Venus", 'data-card="Libra"']:
        assert secret not in nobody, secret


@pytest.mark.parametrize("seed", [3, 11])
def test_hidden_information_never_leaks_during_a_whole_game(seed):
    """Render every position of a random 3-player game for every seat: each
    screen names only cards the seat holds, has seen face up, or that are public."""
    s = apollo(3, seed)
    rng = random.Random(seed)
    log = []
    while not s.is_over:
        for viewer in range(3):
            view = s.view(viewer)
            markup = to_markup(render(screen(s, viewer, log=log)))
            for o in range(3):
                if o == viewer:
                    continue
                objective = s.view(o)["seats"][o]["objective"]
                assert f'data-objective="{objective}"' not in markup
            # the hand shown is exactly the viewer's
            shown = re.findall(r'data-card="([^"]+)"', markup)
            assert sorted(shown) == sorted(view["display"] + view["seats"][viewer]["hand"])
        s.apply(rng.choice(s.legal_actions()))
        log += s.last_events


def test_full_screen_panels():
    s = build(2, hands={0: ["Libra"]}, tokens={1: {"Leo": 1}}, studied={1: ["Mars"]}, novas={0: 1})
    tree = render(screen(s, 0))
    markup = to_markup(tree)
    assert 'class="pt-board"' in markup and "Astronomers" in markup and "Move log" in markup
    players = tree.find_all(data_seat=None)
    assert [p.attrs["data-seat"] for p in players] == ["0", "1"]
    # own score in full, the other's without its secret objective
    assert ">1 pt<" in markup and "1+? pts" in markup
    assert 'data-studied="Mars"' in markup
    assert "rules.html" not in markup          # the rules link is the shell's (its header), not the game's


def test_end_screen_breakdown_and_winners():
    s = apollo(2, 5)
    rng = random.Random(5)
    while not s.is_over:
        s.apply(rng.choice(s.legal_actions()))
    tree = render(screen(s, 0))
    end = tree.find_all(role="dialog")
    assert len(end) == 1
    rows = end[0].find_all(data_seat=None)
    assert len(rows) == 2
    scores = s.scores()
    for row in rows:
        seat = int(row.attrs["data-seat"])
        total = row.find_all(data_col="total")[0].text_content()
        assert int(total) == scores[seat]
        b = s.score_breakdown(seat)
        assert int(row.find_all(data_col="objective")[0].text_content()) == b["objective"]
        assert int(row.find_all(data_col="table")[0].text_content()) == b["table"]
        assert ("winner" in row.attrs.get("class", "")) == (seat in s.winners)
    headline = end[0].find_all(class_="end-winner")[0].text_content()
    assert any(SEATS[w]["name"] in headline for w in s.winners)


def test_solitaire_end_screen_says_the_sky_wins():
    s = pt.new_game(1, 2, "1969-07-20T20:17Z")
    rng = random.Random(2)
    while not s.is_over:
        legal = s.legal_actions()
        draws = [a for a in legal if a.kind in ("draw_deck", "take", "end_turn")]
        s.apply(rng.choice(draws or legal))     # a solitaire player who never observes loses
    assert s.winners == []
    markup = to_markup(render(screen(s, 0, seats=SEATS[:1])))
    assert "The sky wins" in markup


def test_scene_of_eclipsis_shows_the_eclipsis_while_players_discard():
    s = build(2, hands={0: ["Leo", "Aries", "Virgo"], 1: ["Leo", "Pisces", "Virgo"]},
              event="Sol-Luna-Mars", event_deck=["Eclipsis", "Venus-Mars-Saturnus"], turn=3, k=1)
    s.apply(pt.Action("draw_deck"))
    s.apply(pt.Action("draw_deck"))
    assert s.view(0)["pending"]["kind"] == "eclipsis"
    assert scene_of(s.view(0))["event"] == "Eclipsis"


def test_tree_serializer_escapes():
    assert to_markup(El("p", {"title": 'a "b" <c>'}, ["x < y & z"])) == \
        '<p title="a &quot;b&quot; &lt;c&gt;">x &lt; y &amp; z</p>'


@pytest.mark.parametrize("players", [1, 2, 4])
def test_every_seats_score_carries_data_score_its_index(players):
    """Issue 17: ``data-score="<seat index>"`` on each seat's score, a stable contract for outside tests
    (during the game, the other seats' public score; at the end, everyone's)."""
    s = apollo(players)
    tree = render(screen(s, 0))
    assert [e.attrs["data-score"] for e in tree.find_all(data_score=None)] == [str(i) for i in range(players)]


def test_the_end_tables_asteroid_cell_says_points_and_tokens():
    """Issue 17: "0 (2)" was unexplained; the cell says the points and how many tokens earned them."""
    s = apollo(2, 5)
    rng = random.Random(5)
    while not s.is_over:
        s.apply(rng.choice(s.legal_actions()))
    tree = render(screen(s, 0))
    cells = [c.attrs["title"] for c in tree.find_all(data_col="asteroids") if c.tag == "td"]
    assert len(cells) == 2 and all(re.fullmatch(r"\d+ \((1 token|\d+ tokens)(: 1 point per 3)?\)", c)
                                   for c in cells), cells


@pytest.mark.parametrize("lang", ["en", "es", "it", "de"])
def test_the_asteroid_cell_says_why_tokens_left_over_score_nothing(lang):
    """A play-test read "0 (1 token)" as a bug: 1 point per 3 tokens at the end (rulebook, "Asteroid
    tokens"; R16), so a cell with 1, 2, 4 … tokens says the rate; 0, 3, 6 … need no word."""
    from app import i18n
    from ptolemaeus_ui.words import asteroids_cell

    try:
        i18n.set_language(lang)
        assert asteroids_cell(0, 1).startswith("0 (1 ") and asteroids_cell(0, 1).endswith(" 3)")
        assert asteroids_cell(1, 4).startswith("1 (4 ") and asteroids_cell(1, 4).endswith(" 3)")
        assert asteroids_cell(2, 6).startswith("2 (6 ") and "3" not in asteroids_cell(2, 6)
    finally:
        i18n.set_language("en")
    assert asteroids_cell(0, 1) == "0 (1 token: 1 point per 3)"
    assert asteroids_cell(0, 2) == "0 (2 tokens: 1 point per 3)"
    assert asteroids_cell(1, 3) == "1 (3 tokens)"


def test_the_end_table_shows_the_asteroid_rate_where_tokens_score_nothing():
    """The end screen's cell comes from ``asteroids_cell``: a seat ending with 1 asteroid reads why it scores 0."""
    s = apollo(2, 1)
    rng = random.Random(1)
    while not s.is_over:
        s.apply(rng.choice(s.legal_actions()))
    assert s.asteroids == [0, 1]                                   # this seed's game: seat 1 kept one
    tree = render(screen(s, 0))
    row = next(r for r in tree.find_all(data_seat="1") if r.tag == "tr")
    cell = row.find_all(data_col="asteroids")[0]
    # Play-test 7 #5: on a phone the sentence took two lines in the cell; the cell shows the points, the
    # sentence is its title and what a screen reader says, and the rate is under the table.
    assert cell.attrs["title"] == "0 (1 token: 1 point per 3)"
    shown, said = cell.children
    assert shown.attrs["aria-hidden"] == "true" and shown.text_content() == "0"
    assert said.attrs["class"] == "visually-hidden" and said.text_content() == "0 (1 token: 1 point per 3)"
    assert [e.text_content() for e in tree.find_all(class_="note end-asteroids")] == [
        "Asteroid tokens: Hypatia 1 (1 point per 3; tokens left over score nothing)."]


def test_a_face_up_card_that_changes_is_a_new_node_so_it_animates():
    """Issue 17: the display's cards are keyed by card (and copy): the patcher keeps the unchanged ones
    and inserts a new node (which plays the slide-in) for the card that refilled the display."""
    from ptolemaeus import actions as A

    s = apollo()
    def keys(state):
        tree = render(screen(state, 0))
        display = next(e for e in tree.walk() if e.attrs.get("class") == "display")
        return [c.key for c in display.children]
    before = keys(s)
    take = next(a for a in s.legal_actions() if a.kind == A.TAKE)
    s.apply(take)
    after = keys(s)
    assert len(before) == len(after) and len(set(after) - set(before)) == 1   # one new card, one new node
    assert len(set(before) & set(after)) == len(before) - 1                   # the others keep theirs


@pytest.mark.parametrize("lang, goal", [
    ("en", "To win: 12 points before the Comet comes round Comet 2/12"),
    ("it", "Per vincere: 12 punti prima che la Cometa completi il giro Cometa 2/12"),
    ("de", "Zum Sieg: 12 Punkte, bevor der Komet seinen Umlauf vollendet Komet 2/12"),
    ("es", "Para ganar: 12 puntos antes de que el Cometa complete su vuelta Cometa 2/12"),
])
def test_solitaire_shows_its_goal_and_the_comets_clock_beside_the_score(lang, goal):
    """Play-test 5: R18's goal was said only by the end screen, and the centre's small "Comet 0/12"
    did not say what it counted to. In solitaire the top line says both; with opponents it is not there."""
    from app import i18n

    s = build(1, comet="Taurus", comet_start="Pisces")
    try:
        i18n.set_language(lang)
        tree = render(screen(s, 0, seats=SEATS[:1]))
    finally:
        i18n.set_language("en")
    top = next(e for e in tree.walk() if e.attrs.get("class") == "pt-top")
    found = top.find_all(data_goal=None)
    assert [(e.attrs["data-goal"], e.text_content()) for e in found] == [("2", goal)]
    assert not render(screen(build(2), 0)).find_all(data_goal=None)


def test_the_hand_panels_score_line_says_points_and_the_asteroid_tokens_behind_them():
    """Play-test 5: "Study 5 · Asteroids 0" read as counts beside the players panel's "Asteroids 2"
    (tokens). The line says it is points, its asteroid part as the end table's cell (``asteroids_cell``)."""
    s = build(2, studied={0: ["Sol", "Luna", "Mars", "Venus"]}, asteroids={0: 2})
    tree = render(screen(s, 0))
    line = tree.find_all(class_="breakdown")[0].text_content()
    assert line == "Points: study 5 · asteroids 0 (2 tokens: 1 point per 3) · objective " \
        f"{s.score_breakdown(0)['objective']} · Nova 0"


def test_the_event_slot_and_the_event_decks_count_agree():
    """Play-test 5: "No event card left" sat above "6 left" after the last round (R19: no card is
    revealed, the deck still holds some). The slot says whether the deck is empty or no card is face
    up; the count says it is the event deck's."""
    from scenario import NONE

    def centre(state):
        svg = render_board(screen(state, 0))
        slot = svg.find_all(data_event=None)[0]
        count = next(e for e in svg.walk() if e.attrs.get("class") == "event-count")
        return slot.find_all(class_="event-planet")[0].text_content(), count.text_content(), slot.attrs["aria-label"]

    empty = centre(build(1, event=NONE, event_deck=[]))
    assert empty[:2] == ("No event card left", "0 left in the deck")
    gone = centre(build(1, event=NONE, event_deck=["Sol-Luna-Mars", "Eclipsis"]))
    assert gone[:2] == ("None face up", "2 left in the deck")
    assert gone[2] == "Astronomical event card: None face up; 2 left in the deck"
    up = centre(build(1, event="Sol-Luna-Venus", event_deck=["Sol-Luna-Mars"]))
    assert up[1] == "1 left in the deck"


@pytest.mark.parametrize("lang", ["en", "es", "it", "de"])
def test_the_status_recap_joins_sentences_with_one_separator(lang):
    """Play-test 6 #9: the status line's recap read "You observe Libra. · You place a token on
    Libra. · You end the turn.": a full stop and a " · " between two sentences. Every line of a
    whole game's log, in each language, follows the one before it after a single space when that
    one ends a sentence, after " · " only when it does not."""
    from app import i18n
    from ptolemaeus_ui.strings import SENTENCE_ENDS
    from ptolemaeus_ui.words import describe_log

    s = apollo()
    rng = random.Random(2)
    events: list[dict] = []
    while not s.is_over:
        s.apply(rng.choice(s.legal_actions()))
        events += s.last_events
    seats = [dict(SEATS[0], name="You"), SEATS[1]]
    try:
        i18n.set_language(lang)
        lines = [text for _kind, text in describe_log(events, seats)]
        assert len(lines) > 30 and sum(line.endswith(SENTENCE_ENDS) for line in lines) > 30
        for at in range(0, len(lines) - 6, 3):
            shown = lines[at:at + 6]
            tree = render(screen(s, 0, seats, recap=shown))
            [recap] = [e for e in tree.walk() if "pt-recap" in e.attrs.get("class", "").split()]
            text = recap.text_content()
            assert recap.attrs["title"] == text
            assert ". · " not in text and "! · " not in text, text
            expected = shown[0]
            for before, line in zip(shown, shown[1:]):
                expected += (" " if before.endswith(SENTENCE_ENDS) else " · ") + line
            assert text == expected
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("steps", [0, 3])
def test_the_comets_arc_is_named_and_has_a_legend(steps):
    """Play-test 7 #17: the grey arc round the centre disc (the Comet's revolution so far, 3/12 = a
    quarter) had no label and looked like a glitch. It is named, with a title, and the centre's
    "Comet 3/12" has a piece of the same arc under it as its legend, with the same title."""
    planets = dict.fromkeys(("Sol", "Luna", "Mercurius", "Venus", "Mars", "Iupiter", "Saturnus"), "Leo")
    s = build(2, planets=planets, comet_start="Capricornus" if steps else "Aries", comet="Aries", comet_steps=steps)
    svg = render_board(screen(s, 0))
    arc = svg.find_all(class_="comet-progress-arc")[0]
    legend = svg.find_all(class_="comet-legend")[0]
    assert legend.attrs["role"] == "img" and legend.children[0].tag == "title"
    assert legend.attrs["aria-label"] == legend.children[0].text == (
        f"The Comet has moved {steps} of the 12 steps of its revolution")
    assert legend.find_all(class_="comet-progress")[0].text == f"Comet {steps}/12"
    assert [e.attrs["class"] for e in legend.walk() if e.tag == "path"] == ["comet-arc comet-swatch"]
    assert arc.attrs["pointer-events"] == "none"          # clicks still reach the constellations
    if steps:
        label = "The Comet's path so far: 3 of the 12 steps of its revolution, from Capricornus"
        assert arc.attrs["role"] == "img" and arc.attrs["aria-label"] == label and "aria-hidden" not in arc.attrs
        assert arc.children[0].tag == "title" and arc.children[0].text == label
        assert [e.attrs["class"] for e in arc.children[1:]] == ["comet-arc"]
    else:
        assert arc.attrs["aria-hidden"] == "true" and not arc.children


@pytest.mark.parametrize("lang", ["en", "it", "de", "es"])
def test_the_note_of_no_event_card_is_on_lines_that_fit_the_card(lang):
    """Play-test 9: "No event card left" was one line, wider than the event card once large enough to
    read on a phone (static/ptolemaeus.css). Now it is on lines of at most 13 characters (a 13-letter
    word alone on its line), centred in the card, which is 170 units wide."""
    from app import i18n
    from ptolemaeus_ui.board import wrap
    from ptolemaeus_ui.strings import t
    try:
        i18n.set_language(lang)
        for count, key in ((0, "center.no_event"), (5, "center.event_gone")):
            view = apollo().view(0)
            view["event"], view["event_deck_count"] = None, count
            svg = render_board(Model(view=view, viewer=0, seats=SEATS[:2]))
            note = svg.find_all(data_note=None)
            assert len(note) == 1 and note[0].attrs["class"] == "event-planet"
            assert note[0].text_content() == t(key)
            lines = [span.text.strip() for span in note[0].children]
            assert lines == wrap(t(key))
            assert all(len(line) <= 13 for line in lines), lines
            assert all(span.tag == "tspan" and span.attrs["x"] == note[0].attrs["x"] for span in note[0].children)
    finally:
        i18n.set_language("en")
