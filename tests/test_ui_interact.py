"""What can be clicked (py/ptolemaeus_ui/interact.py): every legal action can
be made through the rendered screen, and nothing else can.

The controller only ever hands back actions taken from ``legal_actions()``;
``click_path`` gives the clicks a player makes for an action, and each click
must hit an element the screen really shows as clickable at that moment.
"""

from __future__ import annotations

import random

import pytest

import ptolemaeus as pt
from ptolemaeus import actions as A
from ptolemaeus_ui.board import Model, render
from ptolemaeus_ui.interact import Controller
from scenario import DRAW, build, observe, place, play, retrieve, study, take

NAMES = ["Ada", "Hypatia", "Tycho", "Kepler"]
SEATS = [{"kind": "human", "name": n, "colour": c} for n, c in
         zip(NAMES, ["#f2eee3", "#b07be0", "#4fd1c5", "#ff8fc0"])]


def controller(state, viewer=None):
    viewer = state.current_player if viewer is None else viewer
    ctl = Controller()
    ctl.update(state.view(viewer), state.legal_actions() if state.current_player == viewer else [], viewer, NAMES)
    return ctl


def clickables(ctl, state, viewer):
    tree = render(Model(view=state.view(viewer), viewer=viewer, seats=SEATS[:state.n], ui=ctl.ui()))
    return {(e.attrs["data-act"], e.attrs.get("data-arg", "")) for e in tree.walk()
            if "data-act" in e.attrs and "disabled" not in e.attrs}


def make(state, action, viewer=None):
    """Click ``action`` on the rendered screen; every click must be on screen."""
    viewer = state.current_player if viewer is None else viewer
    ctl = controller(state, viewer)
    path = ctl.click_path(action)
    result = None
    for i, (act, arg) in enumerate(path):
        assert (act, arg) in clickables(ctl, state, viewer), f"{act}:{arg} not on screen for {action} ({path})"
        result = ctl.click(act, arg)
        if i < len(path) - 1:
            assert result is None, f"{act}:{arg} acted too early for {action}"
    assert result == action
    return ctl


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (4, 3), (1, 4)])
def test_every_legal_action_is_reachable_through_the_screen(players, seed):
    s = pt.new_game(players, seed, "1610-01-07T16:30Z")
    rng = random.Random(seed)
    seen = set()
    steps = 0
    while not s.is_over and steps < 160:
        legal = s.legal_actions()
        sample = legal if len(legal) <= 5 else rng.sample(legal, 5)
        for a in sample:
            make(s, a)
            seen.add(a.kind)
        s.apply(rng.choice(legal))
        steps += 1
    assert {"draw_deck", "take", "observe", "place"} <= seen


def test_clicks_never_produce_an_illegal_action():
    s = pt.new_game(3, 9, "1969-07-20T20:17Z")
    rng = random.Random(9)
    acts = ["const", "planet", "deck", "take", "hand", "bonus", "play", "pay", "source", "study_b", "confirm",
            "cancel", "do", "end", "trade"]
    from ptolemaeus.data import BONUS_TYPES, CARD_NAMES, CONSTELLATIONS, PLANETS
    args = list(CONSTELLATIONS) + list(PLANETS) + list(CARD_NAMES) + list(BONUS_TYPES) + [
        str(i) for i in range(8)] + ["x", "1:0", "Leo|Mars"]
    for _ in range(150):
        if s.is_over:
            break
        ctl = controller(s)
        legal = s.legal_actions()
        for _ in range(40):
            act, arg = rng.choice(acts), rng.choice(args)
            if act == "do":
                arg = f"{ctl.generation}:{rng.randrange(len(legal) + 2)}"
            got = ctl.click(act, arg)
            assert got is None or got in legal
            ctl.ui()
        s.apply(rng.choice(legal))


def test_observing_offers_the_configurations_through_the_constellation():
    s = build(2, planets={"Sol": "Aries", "Luna": "Libra", "Mercurius": "Leo", "Venus": "Leo",
                          "Mars": "Sagittarius", "Iupiter": "Cancer", "Saturnus": "Capricornus"},
              comet="Taurus", hands={0: ["Leo", "Leo", "Aries", "Sagittarius", "Aquarius", "Sextans"]})
    ctl = controller(s)
    ui = ctl.ui()
    assert "Leo" in ui.consts and "Virgo" not in ui.consts          # nothing to observe in Virgo
    ctl.click("const", "Leo")
    ui = ctl.ui()
    labels = [c.label for g in ui.groups for c in g.choices]
    assert labels[:3] == ["Observe Leo", "Conjunction in Leo", "Trine Aries–Leo–Sagittarius"]
    assert ui.const_class["Leo"] == "sel" and ui.const_class["Aries"] == "partner"
    assert ("Aries", "Leo", "trine") in ui.chords or ("Leo", "Sagittarius", "trine") in ui.chords
    # the Leo-Aquarius opposition is not there: no planet in Aquarius
    assert not any("Aquarius" in x for x in labels)


def test_payment_defaults_to_the_cheapest_and_can_be_changed():
    s = build(2, planets={"Sol": "Leo", "Luna": "Virgo", "Mercurius": "Cancer", "Venus": "Gemini",
                          "Mars": "Sagittarius", "Iupiter": "Pisces", "Saturnus": "Capricornus"},
              hands={0: ["Leo", "Aries", "Sagittarius", "Sextans"]})
    s.apply(observe("Leo"))
    ctl = controller(s)
    ui = ctl.ui()
    # Leo is the only target: selected at once; payments exact card first, wildcard last.
    pay = next(g for g in ui.groups if g.kind == "radio")
    assert [c.cards for c in pay.choices] == [["Leo"], ["Aries", "Sagittarius"], ["Sextans"]]
    assert [c.pressed for c in pay.choices] == [True, False, False]
    assert ctl.click("confirm") == place("Leo", "Leo")
    ctl.click("pay", "2")
    assert [c.pressed for c in next(g for g in ctl.ui().groups if g.kind == "radio").choices] == [False, False, True]
    assert ctl.click("confirm") == place("Leo", "Sextans")


def test_study_choice_by_clicking_a_planet():
    s = build(2, planets={"Sol": "Leo", "Luna": "Leo", "Mercurius": "Cancer", "Venus": "Gemini",
                          "Mars": "Sagittarius", "Iupiter": "Pisces", "Saturnus": "Capricornus"},
              hands={0: ["Leo"]}, tokens={0: {"Leo": 2}})
    s.apply(observe("Leo"))          # the only payment: placed at once, then the choice
    ctl = controller(s)
    ui = ctl.ui()
    assert set(ui.planets) == {"Sol", "Luna"}
    assert ctl.click("planet", "Mars") is None
    assert ctl.click("planet", "Luna") == study("Luna")


def test_study_b_choosing_the_two_other_tokens():
    s = build(2, tokens={0: {"Leo": 2, "Aries": 1, "Gemini": 1, "Pisces": 2}}, hands={0: ["Virgo"]},
              planets={"Sol": "Leo", "Luna": "Virgo", "Mercurius": "Cancer", "Venus": "Gemini",
                       "Mars": "Sagittarius", "Iupiter": "Pisces", "Saturnus": "Capricornus"})
    s.apply(observe("Virgo"))        # the action (study B comes after it)
    ctl = controller(s)
    group = next(g for g in ctl.ui().groups if g.heading == "Study a planet (B)")
    labels = [c.label for c in group.choices]
    assert labels == ["Study Sol on Leo (B)", "Study Iupiter on Pisces (B)"]
    ctl.click("study_b", "Leo|Sol")
    ui = ctl.ui()
    assert set(ui.consts) == {"Aries", "Gemini", "Pisces", "Virgo"}  # Virgo: the token just placed
    ctl.click("const", "Pisces")
    assert set(ctl.ui().consts) == {"Aries", "Gemini", "Pisces", "Virgo"}  # Pisces holds 2: it may give both
    ctl.click("const", "Aries")
    assert ctl.ui().consts == {}
    got = ctl.click("confirm")
    assert got == pt.Action(A.STUDY_B, (4, 0, 11), planet=0)
    assert got in s.legal_actions()


def test_bonus_cards_open_then_play_and_signa_placement():
    s = build(2, bonus_hands={0: ["Signa Ignis", "Nova Luna"]}, hands={0: []}, tokens={1: {"Gemini": 1}})
    ctl = controller(s)
    ui = ctl.ui()
    assert ui.bonus == {"Signa Ignis", "Nova Luna"}
    ctl.click("bonus", "Signa Ignis")
    group = ctl.ui().groups[0]
    assert group.heading == "Signa Ignis" and "red (fire)" in group.text
    assert ctl.click("play", "Signa Ignis") == play("Signa Ignis")
    s.apply(play("Signa Ignis"))
    ctl = controller(s)
    ui = ctl.ui()
    assert set(ui.consts) == {"Aries", "Leo", "Sagittarius"}       # R11: any red constellation
    ctl.click("const", "Leo")
    assert ctl.click("confirm") == pt.Action(A.PLACE, (4,), source=-1)


def test_maleficus_mars_answer_when_the_viewer_is_the_opponent():
    s = build(2, bonus_hands={0: ["Maleficus Mars"]}, tokens={1: {"Gemini": 1, "Libra": 1}}, hands={0: []})
    s.apply(play("Maleficus Mars"))
    assert s.current_player == 1
    assert controller(s, 0).ui().active is False
    ctl = controller(s, 1)
    ui = ctl.ui()
    assert "Maleficus Mars" in ui.prompt and set(ui.consts) == {"Gemini", "Libra"}
    ctl.click("const", "Libra")
    assert ctl.click("confirm") == retrieve("Libra")


@pytest.mark.parametrize("why", ["saturnus", "eclipsis"])
def test_discard_by_toggling_hand_cards(why):
    if why == "saturnus":
        s = build(2, bonus_hands={0: ["Maleficus Saturnus"]}, studied={0: ["Saturnus"]},
                  hands={0: [], 1: ["Leo", "Aries", "Aries"]})
        s.apply(play("Maleficus Saturnus"))
    else:
        s = build(2, hands={0: ["Leo", "Aries", "Aries"], 1: ["Virgo", "Pisces"]}, event="Sol-Luna-Mars",
                  event_deck=["Eclipsis", "Venus-Mars-Saturnus"], turn=3, first=1, k=1)
        s.apply(DRAW)
        s.apply(DRAW)
    seat = s.current_player
    assert seat == 1 if why == "saturnus" else seat in (0, 1)
    ctl = controller(s)
    hand = s.view(seat)["seats"][seat]["hand"]
    ui = ctl.ui()
    assert ui.hand_pick and ui.groups[-1].choices[0].disabled
    ctl.click("hand", "0")
    ctl.click("hand", "1")
    ctl.click("hand", "2") if len(hand) > 2 else None      # a third pick replaces the oldest
    chosen = ctl.ui().hand_selected
    assert len(chosen) == 2
    got = ctl.click("confirm")
    assert got is not None and got in s.legal_actions() and got.kind == A.DISCARD


def test_draw_and_the_R2_wildcard_note():
    s = build(2, display=["Aries", "Taurus", "Gemini", "Cancer", "Sextans", "Virgo"], hands={0: []})
    ctl = controller(s)
    ui = ctl.ui()
    assert ui.deck and "Sextans" in ui.display
    assert ctl.click("take", "Taurus") == take("Taurus")
    s.apply(take("Taurus"))
    ctl = controller(s)
    ui = ctl.ui()
    assert "Sextans" not in ui.display and any("R2" in n for n in ui.notes)
    assert ctl.click("take", "Sextans") is None
    assert ctl.click("deck") == DRAW


def test_stale_clicks_are_ignored():
    s = pt.new_game(2, 1, "1969-07-20T20:17Z")
    ctl = controller(s)
    old = f"{ctl.generation}:0"
    s.apply(s.legal_actions()[0])
    ctl.update(s.view(s.current_player), s.legal_actions(), s.current_player, NAMES)
    assert ctl.click("do", old) is None


def test_a_wildcard_is_never_spent_silently():
    """Issue 17 (R5 payments): when a Sextans is the only way to pay, the Observe button says it will
    be paid; when it is one way among others the player chooses, and the Place button names the cost."""
    planets = {"Sol": "Leo", "Luna": "Virgo", "Mercurius": "Cancer", "Venus": "Gemini",
               "Mars": "Sagittarius", "Iupiter": "Pisces", "Saturnus": "Capricornus"}
    s = build(2, planets=planets, hands={0: ["Sextans"]})
    ctl = controller(s)
    ctl.click("const", "Leo")
    observe_leo = next(c for g in ctl.ui().groups for c in g.choices if c.act == "do" and c.where == ["Leo"])
    assert "paying Sextans (the only way)" in observe_leo.note
    s = build(2, planets=planets, hands={0: ["Leo", "Sextans"]})
    ctl = controller(s)
    ctl.click("const", "Leo")
    observe_leo = next(c for g in ctl.ui().groups for c in g.choices if c.act == "do" and c.where == ["Leo"])
    assert "paying" not in observe_leo.note                 # two ways: the player will choose
    s.apply(observe("Leo"))
    ctl = controller(s)
    pay = next(g for g in ctl.ui().groups if g.kind == "radio")
    assert [c.cards for c in pay.choices] == [["Leo"], ["Sextans"]]
    place_btn = next(c for g in ctl.ui().groups for c in g.choices if c.act == "confirm")
    assert place_btn.label == "Place on Leo, paying Leo"
    ctl.click("pay", "1")
    place_btn = next(c for g in ctl.ui().groups for c in g.choices if c.act == "confirm")
    assert place_btn.label == "Place on Leo, paying Sextans"
    assert ctl.click("confirm") == place("Leo", "Sextans")


def test_the_turn_prompt_names_only_the_ways_open_now():
    """Play-test N3: "or observe (click a glowing constellation)" was said when nothing glowed.
    At each turn-level decision of random games the prompt offers drawing and observing only
    when each is legal."""
    from ptolemaeus_ui.strings import t

    seen = set()
    for seed in range(12):
        s = pt.new_game(2, seed, "1969-07-20T20:17Z")
        rng = random.Random(seed)
        while not s.is_over and len(seen) < 3:
            legal = s.legal_actions()
            kinds = {a.kind for a in legal}
            if not s.stack and kinds & {A.DRAW_DECK, A.TAKE, A.OBSERVE}:
                draws, observes = bool(kinds & {A.DRAW_DECK, A.TAKE}), A.OBSERVE in kinds
                key = "prompt.turn" if draws and observes else "prompt.turn_draw" if draws else "prompt.turn_observe"
                assert controller(s).ui().prompt == t(key)
                seen.add(key)
            s.apply(rng.choice(legal))
    assert {"prompt.turn", "prompt.turn_draw"} <= seen
