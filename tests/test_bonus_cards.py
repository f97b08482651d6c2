"""BONUS CARDS: every card, its "if you have studied X" upgrade, and R6,
R10-R13 (when they can be played, Signa, opponents' choices, Nova Constellatio)."""

from __future__ import annotations

import pytest

import ptolemaeus as pt
from ptolemaeus import actions as A
from scenario import (
    DRAW,
    END,
    SKIP,
    SPREAD,
    TRADE,
    bonus,
    bonus_names,
    build,
    card,
    ci,
    discard,
    hand_names,
    move,
    observe,
    of_kind,
    play,
    retrieve,
    signa,
    steal,
    studied_names,
    swap,
    take,
    token_total,
    tokens_of,
)


def played(s, name):
    return s.bonus_played[bonus(name)]


# ================================================================ Nova Luna

def test_nova_luna_swaps_one_opponent_token():
    """NOVA LUNA: an opponent's token goes back to their reserve, one of yours
    (from your reserve) takes its place."""
    s = build(2, hands={0: []}, bonus_hands={0: ["Nova Luna"]}, tokens={1: {"Gemini": 1, "Libra": 1}})
    s.apply(play("Nova Luna"))
    assert set(s.legal_actions()) == {swap("Gemini", 1), swap("Libra", 1)}
    s.apply(swap("Libra", 1))
    assert tokens_of(s, 1) == {"Gemini": 1} and s.reserve[1] == 9
    assert tokens_of(s, 0) == {"Libra": 1} and s.reserve[0] == 9
    assert played(s, "Nova Luna") == 1 and bonus_names(s, 0) == []
    # one swap only, and the turn's action is still to come
    assert s.current_player == 0 and DRAW in s.legal_actions()


def test_nova_luna_upgraded_two_swaps_from_two_opponents():
    """NOVA LUNA with Luna studied: two swaps, one token from each of two players."""
    s = build(3, hands={0: []}, bonus_hands={0: ["Nova Luna"]}, studied={0: ["Luna"]},
              tokens={1: {"Gemini": 1}, 2: {"Libra": 1}})
    s.apply(play("Nova Luna"))
    assert set(s.legal_actions()) == {swap("Gemini", 1), swap("Libra", 2)}
    s.apply(swap("Gemini", 1))           # the second swap (the only one left) follows by itself
    assert tokens_of(s, 0) == {"Gemini": 1, "Libra": 1}
    assert tokens_of(s, 1) == {} and tokens_of(s, 2) == {}
    assert s.reserve == [7, 10, 10]


def test_nova_luna_upgraded_two_swaps_from_one_opponent():
    s = build(3, hands={0: []}, bonus_hands={0: ["Nova Luna"]}, studied={0: ["Luna"]},
              tokens={1: {"Gemini": 1, "Virgo": 1}, 2: {"Libra": 1}})
    s.apply(play("Nova Luna"))
    s.apply(swap("Gemini", 1))
    assert set(s.legal_actions()) == {swap("Virgo", 1), swap("Libra", 2)}
    s.apply(swap("Virgo", 1))
    assert tokens_of(s, 0) == {"Gemini": 1, "Virgo": 1}
    assert tokens_of(s, 1) == {} and tokens_of(s, 2) == {"Libra": 1}


def test_nova_luna_not_upgraded_swaps_once():
    s = build(2, hands={0: []}, bonus_hands={0: ["Nova Luna"]}, studied={0: ["Sol"]},
              tokens={1: {"Gemini": 1, "Libra": 1}})
    s.apply(play("Nova Luna"))
    s.apply(swap("Gemini", 1))
    assert tokens_of(s, 1) == {"Libra": 1}
    assert not of_kind(s, A.SWAP)


def test_R6_nova_luna_swapped_in_third_token_studies():
    """R6: the swapped-in token is a placement: a third token studies at once."""
    s = build(2, hands={0: []}, bonus_hands={0: ["Nova Luna"]}, tokens={0: {"Gemini": 2}, 1: {"Gemini": 1}})
    s.apply(play("Nova Luna"))
    assert studied_names(s, 0) == {"Venus"}
    assert tokens_of(s, 0) == {} and tokens_of(s, 1) == {}
    assert s.reserve == [9, 10]


def test_R6_nova_luna_cannot_make_an_illegal_third_token():
    s = build(2, hands={0: []}, bonus_hands={0: ["Nova Luna"]}, studied={0: ["Venus"]},
              tokens={0: {"Gemini": 2, "Pisces": 2}, 1: {"Gemini": 1, "Pisces": 1, "Libra": 1}})
    s.apply(play("Nova Luna"))        # only Libra is possible: applied at once
    assert tokens_of(s, 0) == {"Gemini": 2, "Pisces": 2, "Libra": 1}
    assert tokens_of(s, 1) == {"Gemini": 1, "Pisces": 1}


def test_nova_luna_not_playable_without_a_possible_swap():
    s = build(2, hands={0: []}, bonus_hands={0: ["Nova Luna"]})
    assert play("Nova Luna") not in s.legal_actions()
    s = build(2, hands={0: []}, bonus_hands={0: ["Nova Luna"]}, studied={0: ["Venus"]},
              tokens={0: {"Gemini": 2}, 1: {"Gemini": 1}})
    assert play("Nova Luna") not in s.legal_actions()


def test_R7_nova_luna_with_empty_reserve_uses_a_board_token():
    on_board = {"Taurus": 2, "Libra": 2, "Scorpius": 2, "Aquarius": 2, "Aries": 2}
    s = build(2, hands={0: []}, bonus_hands={0: ["Nova Luna"]}, tokens={0: on_board, 1: {"Gemini": 1}})
    s.apply(play("Nova Luna"))
    assert {a.source for a in of_kind(s, A.SWAP)} == {ci(n) for n in on_board}
    s.apply(swap("Gemini", 1, source="Taurus"))
    assert tokens_of(s, 0) == dict(on_board, Taurus=1, Gemini=1)
    assert token_total(s, 0) == 10 and token_total(s, 1) == 10


# ==================================================== Mercurius Retrogradus

def test_mercurius_moves_one_token_even_to_an_empty_constellation():
    """MERCURIUS RETROGRADUS: move one token, even where no planet or Comet is."""
    s = build(2, hands={0: []}, bonus_hands={0: ["Mercurius Retrogradus"]}, tokens={0: {"Gemini": 1}})
    s.apply(play("Mercurius Retrogradus"))
    assert set(s.legal_actions()) == {move("Gemini", c) for c in pt.CONSTELLATIONS if c != "Gemini"}
    s.apply(move("Gemini", "Libra"))                       # Libra is empty
    assert tokens_of(s, 0) == {"Libra": 1}
    assert not of_kind(s, A.MOVE) and s.current_player == 0 and DRAW in s.legal_actions()


def test_mercurius_upgraded_moves_two():
    s = build(2, hands={0: []}, bonus_hands={0: ["Mercurius Retrogradus"]}, studied={0: ["Mercurius"]},
              tokens={0: {"Gemini": 1, "Leo": 1}})
    s.apply(play("Mercurius Retrogradus"))
    s.apply(move("Gemini", "Libra"))
    assert of_kind(s, A.MOVE)
    s.apply(move("Leo", "Libra"))
    assert tokens_of(s, 0) == {"Libra": 2}
    assert not of_kind(s, A.MOVE)


def test_mercurius_upgraded_second_move_may_be_skipped():
    s = build(2, hands={0: []}, bonus_hands={0: ["Mercurius Retrogradus"]}, studied={0: ["Mercurius"]},
              tokens={0: {"Gemini": 1}})
    s.apply(play("Mercurius Retrogradus"))
    s.apply(move("Gemini", "Libra"))
    assert SKIP in s.legal_actions()
    s.apply(SKIP)
    assert tokens_of(s, 0) == {"Libra": 1}


def test_R6_mercurius_third_token_studies():
    s = build(2, hands={0: []}, bonus_hands={0: ["Mercurius Retrogradus"]},
              tokens={0: {"Gemini": 1, "Sagittarius": 2}})
    s.apply(play("Mercurius Retrogradus"))
    s.apply(move("Gemini", "Sagittarius"))
    assert studied_names(s, 0) == {"Mars"}
    assert tokens_of(s, 0) == {} and s.reserve[0] == 9


def test_R6_mercurius_no_illegal_third_token():
    s = build(2, hands={0: []}, bonus_hands={0: ["Mercurius Retrogradus"]}, studied={0: ["Mars"]},
              tokens={0: {"Gemini": 1, "Sagittarius": 2, "Pisces": 2, "Libra": 2}})
    s.apply(play("Mercurius Retrogradus"))
    targets = {a.where for a in of_kind(s, A.MOVE) if a.where[0] == ci("Gemini")}
    assert (ci("Gemini"), ci("Sagittarius")) not in targets      # Mars studied
    assert (ci("Gemini"), ci("Pisces")) not in targets           # the Comet
    assert (ci("Gemini"), ci("Libra")) not in targets            # nothing to study
    assert (ci("Gemini"), ci("Aries")) in targets


def test_mercurius_needs_a_token_on_the_board():
    s = build(2, hands={0: []}, bonus_hands={0: ["Mercurius Retrogradus"]})
    assert play("Mercurius Retrogradus") not in s.legal_actions()


# ========================================================= Venus Retrograda

def test_venus_retrograda_draws_one_card_face_up_wildcard_allowed():
    """VENUS RETROGRADA: one card from the deck or the face-up ones; R2: wildcards freely."""
    s = build(2, hands={0: []}, bonus_hands={0: ["Venus Retrograda"]},
              display=["Sextans", "Taurus", "Gemini", "Cancer", "Leo", "Virgo"], deck_top=["Libra"])
    s.apply(play("Venus Retrograda"))
    assert take("Sextans") in s.legal_actions() and DRAW in s.legal_actions()
    s.apply(take("Sextans"))
    assert hand_names(s, 0) == ["Sextans"]
    assert card("Libra") in s.display
    # one card only; the turn's action is still to come
    assert s.stack == [] and s.actions_left == 1 and s.current_player == 0


def test_venus_retrograda_upgraded_two_wildcards():
    s = build(2, hands={0: []}, bonus_hands={0: ["Venus Retrograda"]}, studied={0: ["Venus"]},
              display=["Sextans", "Sextans", "Gemini", "Cancer", "Leo", "Virgo"], deck_top=["Libra", "Aries"])
    s.apply(play("Venus Retrograda"))
    s.apply(take("Sextans"))
    s.apply(take("Sextans"))
    assert hand_names(s, 0) == ["Sextans", "Sextans"]
    assert s.actions_left == 1 and s.stack == []


def test_venus_retrograda_upgraded_one_each_from_deck_and_display():
    s = build(2, hands={0: []}, bonus_hands={0: ["Venus Retrograda"]}, studied={0: ["Venus"]},
              deck_top=["Libra", "Aquarius"])
    s.apply(play("Venus Retrograda"))
    s.apply(DRAW)
    s.apply(take("Gemini"))
    assert hand_names(s, 0) == ["Gemini", "Libra"]


def test_venus_retrograda_not_upgraded_draws_once():
    s = build(2, hands={0: []}, bonus_hands={0: ["Venus Retrograda"]}, deck_top=["Libra", "Aquarius"])
    s.apply(play("Venus Retrograda"))
    s.apply(DRAW)
    assert hand_names(s, 0) == ["Libra"] and s.stack == []


# ======================================================= Sol in Medio Caeli

def test_sol_in_medio_caeli_one_more_action_before():
    """SOL IN MEDIO CAELI / R10: one additional action, taken right after the current one."""
    s = build(2, hands={0: []}, bonus_hands={0: ["Sol in Medio Caeli"]})
    s.apply(play("Sol in Medio Caeli"))
    s.apply(DRAW); s.apply(DRAW)
    assert s.current_player == 0 and DRAW in s.legal_actions()
    s.apply(DRAW); s.apply(DRAW)
    assert s.current_player == 1
    assert sum(s.hands[0]) == 4


def test_sol_in_medio_caeli_after_the_action():
    s = build(2, hands={0: []}, bonus_hands={0: ["Sol in Medio Caeli"]})
    s.apply(DRAW); s.apply(DRAW)
    assert s.current_player == 0 and play("Sol in Medio Caeli") in s.legal_actions()
    s.apply(play("Sol in Medio Caeli"))
    s.apply(DRAW); s.apply(DRAW)
    assert s.current_player == 1 and sum(s.hands[0]) == 4


def test_sol_in_medio_caeli_upgraded_two_more_actions():
    s = build(2, hands={0: []}, bonus_hands={0: ["Sol in Medio Caeli"]}, studied={0: ["Sol"]})
    s.apply(play("Sol in Medio Caeli"))
    for _ in range(3):
        assert s.current_player == 0
        s.apply(DRAW); s.apply(DRAW)
    assert s.current_player == 1 and sum(s.hands[0]) == 6


# ============================================================ Maleficus Mars

def test_maleficus_mars_opponent_chooses_one_token():
    """MALEFICUS MARS / R12: each opponent chooses a token to take back; the engine asks them."""
    s = build(2, hands={0: []}, bonus_hands={0: ["Maleficus Mars"]}, tokens={1: {"Gemini": 1, "Libra": 1}})
    s.apply(play("Maleficus Mars"))
    assert s.current_player == 1 and s.player == 0
    assert set(s.legal_actions()) == {retrieve("Gemini"), retrieve("Libra")}
    s.apply(retrieve("Libra"))
    assert tokens_of(s, 1) == {"Gemini": 1} and s.reserve[1] == 9
    assert s.current_player == 0 and DRAW in s.legal_actions()


def test_maleficus_mars_upgraded_two_tokens_each_in_turn_order():
    s = build(3, hands={0: []}, bonus_hands={0: ["Maleficus Mars"]}, studied={0: ["Mars"]},
              tokens={1: {"Gemini": 2, "Libra": 1}, 2: {"Leo": 1, "Virgo": 1, "Aries": 1}})
    s.apply(play("Maleficus Mars"))
    assert s.current_player == 1
    s.apply(retrieve("Gemini"))
    assert s.current_player == 1
    s.apply(retrieve("Gemini"))
    assert tokens_of(s, 1) == {"Libra": 1}
    assert s.current_player == 2
    s.apply(retrieve("Aries"))
    s.apply(retrieve("Leo"))
    assert tokens_of(s, 2) == {"Virgo": 1}
    assert s.reserve == [9, 9, 9]
    assert s.current_player == 0


def test_maleficus_mars_too_few_tokens_lose_what_they_have():
    """R12: an opponent with too few tokens loses what they have."""
    s = build(3, hands={0: []}, bonus_hands={0: ["Maleficus Mars"]}, studied={0: ["Mars"]},
              tokens={1: {"Gemini": 1}, 2: {"Leo": 1, "Virgo": 1, "Aries": 1}})
    s.apply(play("Maleficus Mars"))
    assert tokens_of(s, 1) == {} and s.reserve[1] == 10
    assert s.current_player == 2


def test_maleficus_mars_opponent_without_tokens_is_skipped():
    s = build(3, hands={0: []}, bonus_hands={0: ["Maleficus Mars"]}, tokens={2: {"Leo": 1, "Virgo": 1}})
    s.apply(play("Maleficus Mars"))
    assert s.current_player == 2


def test_maleficus_mars_not_playable_without_opponent_tokens():
    s = build(2, hands={0: []}, bonus_hands={0: ["Maleficus Mars"]}, tokens={0: {"Leo": 1}})
    assert play("Maleficus Mars") not in s.legal_actions()


# ======================================================= Iupiter Orientalis

def test_iupiter_orientalis_takes_a_card_from_an_opponent():
    s = build(2, hands={0: [], 1: ["Aries"]}, bonus_hands={0: ["Iupiter Orientalis"]})
    s.apply(play("Iupiter Orientalis"))          # one opponent with cards: no choice
    assert hand_names(s, 0) == ["Aries"] and hand_names(s, 1) == []
    assert s.current_player == 0


def test_R12_iupiter_orientalis_card_is_random():
    """R12: the card is random; the player picks only the opponent."""
    got = set()
    for seed in range(30):
        s = build(3, seed=seed, hands={0: [], 1: ["Aries", "Taurus"], 2: ["Gemini"]},
                  bonus_hands={0: ["Iupiter Orientalis"]})
        s.apply(play("Iupiter Orientalis"))
        assert set(s.legal_actions()) == {steal(1), steal(2)}
        s.apply(steal(1))
        assert len(hand_names(s, 0)) == 1 and len(hand_names(s, 1)) == 1
        got.add(hand_names(s, 0)[0])
    assert got == {"Aries", "Taurus"}


def test_iupiter_orientalis_upgraded_two_from_different_opponents():
    s = build(3, hands={0: [], 1: ["Aries", "Taurus"], 2: ["Gemini"]}, bonus_hands={0: ["Iupiter Orientalis"]},
              studied={0: ["Iupiter"]})
    s.apply(play("Iupiter Orientalis"))
    s.apply(steal(2))                   # then only seat 1 has cards: the second card comes from there
    assert hand_names(s, 2) == []
    assert sum(s.hands[0]) == 2 and sum(s.hands[1]) == 1 and sum(s.hands[2]) == 0


def test_iupiter_orientalis_upgraded_two_from_the_same_opponent():
    s = build(3, hands={0: [], 1: ["Aries", "Taurus"], 2: ["Gemini"]}, bonus_hands={0: ["Iupiter Orientalis"]},
              studied={0: ["Iupiter"]})
    s.apply(play("Iupiter Orientalis"))
    s.apply(steal(1))
    assert set(s.legal_actions()) == {steal(1), steal(2)}
    s.apply(steal(1))
    assert hand_names(s, 0) == ["Aries", "Taurus"] and hand_names(s, 1) == [] and hand_names(s, 2) == ["Gemini"]


def test_iupiter_orientalis_not_upgraded_takes_one():
    s = build(2, hands={0: [], 1: ["Aries", "Taurus"]}, bonus_hands={0: ["Iupiter Orientalis"]})
    s.apply(play("Iupiter Orientalis"))
    assert sum(s.hands[0]) == 1 and sum(s.hands[1]) == 1 and not of_kind(s, A.STEAL)


def test_iupiter_orientalis_not_playable_when_opponents_have_no_cards():
    s = build(2, hands={0: [], 1: []}, bonus_hands={0: ["Iupiter Orientalis"]})
    assert play("Iupiter Orientalis") not in s.legal_actions()


# ======================================================= Maleficus Saturnus

def test_maleficus_saturnus_opponent_chooses_a_card():
    """MALEFICUS SATURNUS / R12: each opponent chooses the card they discard."""
    s = build(2, hands={0: [], 1: ["Aries", "Taurus"]}, bonus_hands={0: ["Maleficus Saturnus"]})
    s.apply(play("Maleficus Saturnus"))
    assert s.current_player == 1
    assert set(s.legal_actions()) == {discard("Aries"), discard("Taurus")}
    s.apply(discard("Taurus"))
    assert hand_names(s, 1) == ["Aries"] and s.discards[card("Taurus")] == 1
    assert s.current_player == 0


def test_maleficus_saturnus_upgraded_two_cards_each():
    s = build(3, hands={0: [], 1: ["Aries", "Taurus", "Gemini"], 2: ["Leo", "Leo", "Virgo"]},
              bonus_hands={0: ["Maleficus Saturnus"]}, studied={0: ["Saturnus"]})
    s.apply(play("Maleficus Saturnus"))
    assert s.current_player == 1
    assert set(s.legal_actions()) == {discard("Aries", "Taurus"), discard("Aries", "Gemini"),
                                      discard("Taurus", "Gemini")}
    s.apply(discard("Aries", "Gemini"))
    assert s.current_player == 2
    assert set(s.legal_actions()) == {discard("Leo", "Leo"), discard("Leo", "Virgo")}
    s.apply(discard("Leo", "Virgo"))
    assert hand_names(s, 1) == ["Taurus"] and hand_names(s, 2) == ["Leo"]
    assert s.current_player == 0


def test_maleficus_saturnus_too_few_cards_discard_all():
    s = build(3, hands={0: [], 1: ["Aries"], 2: []}, bonus_hands={0: ["Maleficus Saturnus"]},
              studied={0: ["Saturnus"]})
    s.apply(play("Maleficus Saturnus"))
    assert hand_names(s, 1) == [] and s.discards[card("Aries")] == 1
    assert s.current_player == 0


def test_maleficus_saturnus_not_playable_without_opponent_cards():
    s = build(2, hands={0: [], 1: []}, bonus_hands={0: ["Maleficus Saturnus"]})
    assert play("Maleficus Saturnus") not in s.legal_actions()


# ====================================================== Nova Constellatio

def test_R13_nova_constellatio_scores_when_drawn():
    """R13: Nova Constellatio is worth 1 point at once and is not held in hand."""
    s = build(2, hands={0: ["Sagittarius"]}, tokens={0: {"Sagittarius": 2}}, bonus_top=["Nova Constellatio"])
    s.apply(observe("Sagittarius"))
    assert s.novas[0] == 1
    assert bonus_names(s, 0) == []
    assert s.score_breakdown(0)["nova"] == 1 and s.score(0) == 2      # 1 planet + the Nova
    assert s.view(1)["seats"][0]["nova_constellatio"] == 1           # kept face up
    assert s.current_player == 1


# ================================================================= Signa

@pytest.mark.parametrize("name, where", [
    ("Signa Ignis", ("Aries", "Leo", "Sagittarius")),
    ("Signa Terrae", ("Taurus", "Virgo", "Capricornus")),
    ("Signa Aeris", ("Gemini", "Libra", "Aquarius")),
    ("Signa Aquae", ("Cancer", "Scorpius", "Pisces")),
])
def test_R11_signa_any_constellation_of_its_colour(name, where):
    """SIGNA / R11: a token on any constellation of the colour, with or without a planet."""
    s = build(2, planets=dict(SPREAD, Iupiter="Libra"), hands={0: []}, bonus_hands={0: [name]})
    s.apply(play(name))
    assert set(s.legal_actions()) == {signa(w) for w in where}
    empty = [w for w in where if not s.occupied(ci(w))]
    assert empty                                  # each colour has an empty constellation here
    s.apply(signa(empty[0]))
    assert tokens_of(s, 0) == {empty[0]: 1} and s.reserve[0] == 9
    assert s.current_player == 0 and s.actions_left == 1


def test_R6_signa_third_token_studies_and_limits():
    s = build(2, hands={0: []}, bonus_hands={0: ["Signa Ignis", "Signa Aquae", "Signa Aeris"]},
              tokens={0: {"Sagittarius": 2, "Pisces": 2, "Libra": 2}})
    s.apply(play("Signa Aquae"))
    assert signa("Pisces") not in s.legal_actions()         # the Comet's two-token limit
    s.apply(signa("Cancer"))
    s.apply(play("Signa Aeris"))
    assert signa("Libra") not in s.legal_actions()          # no planet: no third token
    s.apply(signa("Gemini"))
    s.apply(play("Signa Ignis"))
    s.apply(signa("Sagittarius"))
    assert studied_names(s, 0) == {"Mars"}


def test_signa_not_playable_when_nothing_can_be_placed():
    s = build(2, hands={0: []}, bonus_hands={0: ["Signa Ignis"]}, studied={0: ["Sol", "Iupiter", "Mars"]},
              tokens={0: {"Aries": 2, "Leo": 2, "Sagittarius": 2}})
    assert play("Signa Ignis") not in s.legal_actions()


# =================================================================== R10

def test_R10_bonus_cards_before_or_after_the_action():
    s = build(2, hands={0: []}, bonus_hands={0: ["Signa Aeris", "Signa Aquae"]})
    s.apply(play("Signa Aeris"))
    s.apply(signa("Libra"))
    s.apply(DRAW); s.apply(DRAW)
    assert s.current_player == 0                         # a playable card keeps the turn open
    assert set(s.legal_actions()) == {play("Signa Aquae"), END}
    s.apply(play("Signa Aquae"))
    s.apply(signa("Scorpius"))
    assert tokens_of(s, 0) == {"Libra": 1, "Scorpius": 1}
    assert s.current_player == 1                         # nothing left: the turn ended by itself


def test_R10_just_drawn_bonus_card_can_be_played_the_same_turn():
    s = build(2, hands={0: ["Sagittarius"]}, tokens={0: {"Sagittarius": 2}}, bonus_top=["Sol in Medio Caeli"])
    s.apply(observe("Sagittarius"))
    assert play("Sol in Medio Caeli") in s.legal_actions()
    s.apply(play("Sol in Medio Caeli"))
    s.apply(DRAW); s.apply(DRAW)
    assert sum(s.hands[0]) == 2 and s.current_player == 1


def test_R10_asteroid_trade():
    """Asteroid tokens / R10: two asteroids leave the game for one bonus card, any time in one's turn."""
    s = build(2, hands={0: []}, asteroids={0: 2}, bonus_top=["Signa Ignis"])
    assert TRADE in s.legal_actions()                    # before the action
    s.apply(TRADE)
    assert s.asteroids[0] == 0 and s.asteroids_spent == 2
    assert bonus_names(s, 0) == ["Signa Ignis"]
    assert play("Signa Ignis") in s.legal_actions()      # and the card is playable at once
    assert sum(s.asteroid_on) == 10                       # the traded ones do not come back


def test_R10_asteroid_trade_after_the_action_and_needs_two():
    s = build(2, hands={0: []}, asteroids={0: 3})
    s.apply(DRAW); s.apply(DRAW)
    assert s.current_player == 0 and TRADE in s.legal_actions()
    s.apply(TRADE)
    assert s.asteroids[0] == 1
    assert TRADE not in s.legal_actions()
    assert s.asteroids_spent == 2 and sum(s.bonus_hands[0]) + s.novas[0] == 1


def test_R10_only_the_player_whose_turn_it_is():
    s = build(2, hands={0: [], 1: []}, bonus_hands={1: ["Signa Ignis"]}, asteroids={1: 2})
    assert play("Signa Ignis") not in s.legal_actions() and TRADE not in s.legal_actions()
    s.apply(DRAW); s.apply(DRAW)
    assert s.current_player == 1
    assert play("Signa Ignis") in s.legal_actions() and TRADE in s.legal_actions()


def test_bonus_deck_runs_out():
    """BONUS CARDS: an empty bonus deck simply gives no cards (and no trade)."""
    s = build(2, hands={0: ["Sagittarius"]}, tokens={0: {"Sagittarius": 2}}, asteroids={0: 2}, bonus_deck=[])
    assert TRADE not in s.legal_actions()
    s.apply(observe("Sagittarius"))
    assert studied_names(s, 0) == {"Mars"} and sum(s.bonus_hands[0]) == 0


def test_R18_solitaire_has_no_opponent_cards_to_play():
    s = build(1, hands={0: []})
    assert all(s.bonus_deck.count(bonus(n)) == 0
               for n in ("Nova Luna", "Maleficus Mars", "Maleficus Saturnus", "Iupiter Orientalis"))
    with pytest.raises(ValueError):
        build(1, bonus_hands={0: ["Nova Luna"]})
