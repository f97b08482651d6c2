"""Hand-built game positions for the rules tests.

``build(...)`` starts from ``State.setup(...)`` and then sets the fields a
test cares about (planets, Comet, hands, face-up cards, deck top, tokens,
studied planets, bonus cards, asteroids, event cards, whose turn it is),
keeping every invariant of the real game: 65 constellation cards, 25 bonus
cards (17 in solitaire), 10 Almagest tokens per player, 12 asteroids, 13
event cards, seven distinct objectives. Cards given to a hand or the display
are taken from the card pool, never invented. The finished state is checked
by the engine's own save validator, so a scenario that breaks a conservation
law fails loudly instead of testing nonsense.

Names are used everywhere (``"Aries"``, ``"Sextans"`` or ``"Wild"`` for the
wildcard, ``"Mars"``, ``"Nova Luna"``) so tests read like the rulebook.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

import ptolemaeus as pt
from ptolemaeus import actions as A
from ptolemaeus.actions import Action
from ptolemaeus.data import (
    BONUS_COUNTS,
    BONUS_INDEX,
    BONUS_TYPES,
    CARD_INDEX,
    CARD_KINDS,
    CARD_NAMES,
    CONST_INDEX,
    CONSTELLATIONS,
    COPIES_PER_CARD,
    EVENT_CARDS,
    N_ASTEROIDS,
    N_CONST,
    OBJECTIVE_NAMES,
    PLANET_INDEX,
    PLANETS,
    SOLITAIRE_REMOVED,
    TOKENS_PER_PLAYER,
)

# The rulebook's own starting position (20 July 1969): Comet on Aries.
APOLLO = {
    "Sol": "Cancer", "Luna": "Libra", "Mercurius": "Cancer", "Venus": "Gemini",
    "Mars": "Sagittarius", "Iupiter": "Libra", "Saturnus": "Taurus",
}

# A quiet default: planets spread out, nothing in conjunction, Comet on Taurus.
SPREAD = {
    "Sol": "Aries", "Luna": "Virgo", "Mercurius": "Cancer", "Venus": "Gemini",
    "Mars": "Sagittarius", "Iupiter": "Leo", "Saturnus": "Capricornus",
}

WILD_NAMES = ("Sextans", "Wild", "Wildcard")
NONE = object()   # "no event card face up" (all used up)


# ------------------------------------------------------------------ names

def ci(name: str | int) -> int:
    """Constellation index of a name (or an index)."""
    return name if isinstance(name, int) else CONST_INDEX[name]


def card(name: str | int) -> int:
    """Card index: a constellation name, or one of WILD_NAMES for the wildcard."""
    if isinstance(name, int):
        return name
    return 12 if name in WILD_NAMES else CARD_INDEX[name]


def cards(*names: str) -> tuple[int, ...]:
    return tuple(card(n) for n in names)


def planet(name: str | int) -> int:
    return name if isinstance(name, int) else PLANET_INDEX[name]


def bonus(name: str | int) -> int:
    return name if isinstance(name, int) else BONUS_INDEX[name]


def hand_names(s: pt.State, seat: int) -> list[str]:
    """A seat's hand as a sorted list of card names."""
    return sorted(CARD_NAMES[c] for c in range(CARD_KINDS) for _ in range(s.hands[seat][c]))


def bonus_names(s: pt.State, seat: int) -> list[str]:
    return sorted(BONUS_TYPES[b] for b in range(len(BONUS_TYPES)) for _ in range(s.bonus_hands[seat][b]))


def tokens_of(s: pt.State, seat: int) -> dict[str, int]:
    """A seat's tokens on the board by constellation name."""
    return {CONSTELLATIONS[c]: t for c, t in enumerate(s.tokens[seat]) if t}


def studied_names(s: pt.State, seat: int) -> set[str]:
    return {PLANETS[i] for i in range(7) if s.studied[seat] >> i & 1}


def total_cards(s: pt.State) -> int:
    return len(s.deck) + len(s.display) + sum(s.discards) + sum(sum(h) for h in s.hands)


def token_total(s: pt.State, seat: int) -> int:
    return s.reserve[seat] + sum(s.tokens[seat]) + bin(s.studied[seat]).count("1")


# --------------------------------------------------------------- actions

def observe(*where: str) -> Action:
    return Action(A.OBSERVE, tuple(sorted(ci(w) for w in where)))


def place(where: str, *paid: str, source: str | None = None) -> Action:
    """Payment cards are given in any order (the engine's form is sorted)."""
    return Action(A.PLACE, (ci(where),), tuple(sorted(cards(*paid))), source=-1 if source is None else ci(source))


def take(name: str) -> Action:
    return Action(A.TAKE, cards=(card(name),))


DRAW = Action(A.DRAW_DECK)
END = Action(A.END_TURN)
SKIP = Action(A.SKIP)
TRADE = Action(A.TRADE)


def play(name: str) -> Action:
    return Action(A.PLAY, bonus=bonus(name))


def study(planet_name: str) -> Action:
    return Action(A.STUDY, planet=planet(planet_name))


def study_b(at: str, other1: str, other2: str, planet_name: str) -> Action:
    o1, o2 = sorted((ci(other1), ci(other2)))
    return Action(A.STUDY_B, (ci(at), o1, o2), planet=planet(planet_name))


def swap(at: str, seat: int, source: str | None = None) -> Action:
    return Action(A.SWAP, (ci(at),), seat=seat, source=-1 if source is None else ci(source))


def move(a: str, b: str) -> Action:
    return Action(A.MOVE, (ci(a), ci(b)))


def steal(seat: int) -> Action:
    return Action(A.STEAL, seat=seat)


def retrieve(at: str) -> Action:
    return Action(A.RETRIEVE, (ci(at),))


def discard(*names: str) -> Action:
    return Action(A.DISCARD, cards=tuple(sorted(cards(*names))))


def signa(at: str, source: str | None = None) -> Action:
    return Action(A.PLACE, (ci(at),), source=-1 if source is None else ci(source))


def kinds(s: pt.State) -> set[str]:
    return {a.kind for a in s.legal_actions()}


def of_kind(s: pt.State, kind: str) -> list[Action]:
    return [a for a in s.legal_actions() if a.kind == kind]


def end_turn(s: pt.State) -> None:
    """End the current turn (the player must have nothing they are forced to do)."""
    s.apply(END)


# ----------------------------------------------------------------- build

def _counts(names: Iterable[str]) -> list[int]:
    out = [0] * CARD_KINDS
    for n in names:
        out[card(n)] += 1
    return out


def build(
    players: int = 2,
    *,
    seed: int = 1,
    planets: dict[str, str] | None = None,
    comet: str | None = None,
    comet_start: str | None = None,
    comet_steps: int | None = None,
    hands: dict[int, list[str]] | list[list[str]] | None = None,
    display: list[str] | None = None,
    deck_top: list[str] | None = None,
    deck: list[str] | None = None,
    discards: list[str] | None = None,
    tokens: dict[int, dict[str, int]] | None = None,
    studied: dict[int, Iterable[str]] | None = None,
    bonus_hands: dict[int, list[str]] | None = None,
    bonus_top: list[str] | None = None,
    bonus_deck: list[str] | None = None,
    novas: dict[int, int] | None = None,
    asteroids: dict[int, int] | None = None,
    asteroids_gone: list[str] | None = None,
    asteroids_spent: int = 0,
    objectives: dict[int, str] | None = None,
    event: object = None,
    event_deck: list[str] | None = None,
    first: int = 0,
    k: int = 0,
    turn: int = 1,
    round: int = 1,
    acted: bool = False,
    actions_left: int = 1,
) -> pt.State:
    """A state built from ``State.setup`` with the given fields set.

    Cards: ``hands`` (per seat; unnamed seats get empty hands), ``display``
    (default: a quiet mixed layout), ``discards`` (default none),
    ``deck_top`` (drawn first, in order) or the whole ``deck`` (in draw
    order; the remaining cards then go to the discards). Everything else is
    shuffled (by ``seed``) under ``deck_top``.

    Bonus cards: ``bonus_hands`` per seat, ``novas`` per seat, ``bonus_top``
    (drawn first, in order) or the whole ``bonus_deck`` (draw order; the
    rest count as played).

    ``event``: an event card name; ``NONE`` for "no card left"; ``None``
    keeps the one from setup. ``event_deck``: reveal order (default: the
    unused cards, Eclipsis last).
    """
    planets = dict(planets or SPREAD)
    s = pt.State.setup(players, seed, planets)
    rnd = random.Random(seed)

    # ---- planets and the Comet
    if comet is not None:
        s.comet_at = ci(comet)
    s.comet_from = ci(comet_start) if comet_start is not None else s.comet_at
    s.comet_steps = comet_steps if comet_steps is not None else (s.comet_at - s.comet_from) % N_CONST

    # ---- constellation cards
    pool = [COPIES_PER_CARD] * CARD_KINDS

    def takeout(names: Iterable[str], what: str) -> list[int]:
        got = []
        for n in names:
            c = card(n)
            if pool[c] <= 0:
                raise ValueError(f"scenario: no {n} card left for {what}")
            pool[c] -= 1
            got.append(c)
        return got

    if isinstance(hands, list):
        hands = dict(enumerate(hands))
    hands = hands or {}
    s.hands = [[0] * CARD_KINDS for _ in range(players)]
    for seat in range(players):
        for c in takeout(hands.get(seat, []), f"seat {seat}'s hand"):
            s.hands[seat][c] += 1
    s.known = [[0] * CARD_KINDS for _ in range(players)]
    if display is None:
        display = [n for n in ("Aries", "Taurus", "Gemini", "Cancer", "Leo", "Virgo")]
        display = [n for n in display if pool[card(n)] > 0]
    s.display = takeout(display, "the display")
    s.discards = [0] * CARD_KINDS
    for c in takeout(discards or [], "the discards"):
        s.discards[c] += 1
    if deck is not None:
        s.deck = list(reversed(takeout(deck, "the deck")))
        for c in range(CARD_KINDS):
            s.discards[c] += pool[c]
            pool[c] = 0
    else:
        top = takeout(deck_top or [], "the deck top")
        rest = [c for c in range(CARD_KINDS) for _ in range(pool[c])]
        rnd.shuffle(rest)
        s.deck = rest + list(reversed(top))

    # ---- bonus cards
    removed = SOLITAIRE_REMOVED if players == 1 else ()
    bpool = {b: (0 if b in removed else BONUS_COUNTS[b]) for b in BONUS_TYPES}

    def btake(name: str, what: str) -> int:
        if bpool.get(name, 0) <= 0:
            raise ValueError(f"scenario: no {name} bonus card left for {what}")
        bpool[name] -= 1
        return BONUS_INDEX[name]

    s.bonus_hands = [[0] * len(BONUS_TYPES) for _ in range(players)]
    for seat, names in (bonus_hands or {}).items():
        for n in names:
            s.bonus_hands[seat][btake(n, f"seat {seat}")] += 1
    s.novas = [0] * players
    for seat, count in (novas or {}).items():
        for _ in range(count):
            btake("Nova Constellatio", f"seat {seat}'s Novas")
        s.novas[seat] = count
    s.bonus_played = [0] * len(BONUS_TYPES)
    if bonus_deck is not None:
        s.bonus_deck = list(reversed([btake(n, "the bonus deck") for n in bonus_deck]))
        for n, left in bpool.items():
            s.bonus_played[BONUS_INDEX[n]] += left
    else:
        top = [btake(n, "the bonus deck top") for n in (bonus_top or [])]
        rest = [BONUS_INDEX[n] for n in BONUS_TYPES for _ in range(bpool[n])]
        rnd.shuffle(rest)
        s.bonus_deck = rest + list(reversed(top))

    # ---- tokens and studies
    s.tokens = [[0] * N_CONST for _ in range(players)]
    s.studied = [0] * players
    for seat, where in (tokens or {}).items():
        for name, t in where.items():
            s.tokens[seat][ci(name)] = t
    for seat, names in (studied or {}).items():
        for n in names:
            s.studied[seat] |= 1 << planet(n)
    s.reserve = []
    for seat in range(players):
        r = TOKENS_PER_PLAYER - sum(s.tokens[seat]) - bin(s.studied[seat]).count("1")
        if r < 0:
            raise ValueError(f"scenario: seat {seat} would need more than {TOKENS_PER_PLAYER} tokens")
        s.reserve.append(r)

    # ---- asteroids
    s.asteroids = [0] * players
    for seat, n in (asteroids or {}).items():
        s.asteroids[seat] = n
    s.asteroids_spent = asteroids_spent
    s.asteroid_on = [1] * N_CONST
    gone = [ci(g) for g in (asteroids_gone or [])]
    need = sum(s.asteroids) + asteroids_spent - len(gone)
    for c in reversed(range(N_CONST)):
        if need <= 0:
            break
        if c not in gone:
            gone.append(c)
            need -= 1
    for c in gone:
        s.asteroid_on[c] = 0
    if sum(s.asteroid_on) + sum(s.asteroids) + s.asteroids_spent != N_ASTEROIDS:
        raise ValueError("scenario: asteroids do not add up to 12")

    # ---- objectives
    if objectives:
        chosen = {seat: OBJECTIVE_NAMES.index(name) for seat, name in objectives.items()}
        used = set(chosen.values())
        free = [o for o in range(len(OBJECTIVE_NAMES)) if o not in used]
        s.objectives = [chosen[seat] if seat in chosen else free.pop(0) for seat in range(players)]
        s.objective_pool = sorted(set(range(len(OBJECTIVE_NAMES))) - set(s.objectives))

    # ---- event cards
    if event is not None or event_deck is not None:
        ev = s.event if event is None else (-1 if event is NONE else EVENT_CARDS.index(event))
        if event_deck is None:
            rest = [e for e in range(len(EVENT_CARDS)) if e != ev and e != 0] + [0]
            s.event_deck = list(reversed(rest))
        else:
            s.event_deck = list(reversed([EVENT_CARDS.index(e) for e in event_deck]))
        s.event = ev
        s.events_seen = sorted(set(range(len(EVENT_CARDS))) - set(s.event_deck) - {ev})

    # ---- the turn
    s.first, s.k, s.turn, s.round = first, k, turn, round
    s.acted, s.actions_left = acted, actions_left
    s.stack = []
    s.over, s.winners, s.end_reason = False, [], ""
    s.last_events = []
    s._legal = None
    pt.State.from_json(s.to_json())      # the engine's own invariant checks
    return s
