"""The game state and the rules of Ptolemaeus.

Sections follow the rulebook: Setup, the turn (draw / observe / configuration),
placing tokens and studying planets, bonus cards, End of Round Phase, End of
Game and scoring, then what players may see (views, determinization) and
saving (JSON). Rulings are cited as R1..R18 (``shared/rules/ptolemaeus-rulings.md``).

The state follows the OpenSpiel contract: ``current_player`` decides now,
``legal_actions()`` lists the choices, ``apply()`` plays one, ``clone()`` is a
cheap copy. Every decision, including an opponent's answer to Maleficus and
the Eclipsis discards, is an :class:`~ptolemaeus.actions.Action`. Pending
decisions live on a small stack of tasks, so a bonus card's effects can
interrupt a placement and resume it, as at the table.
"""

from __future__ import annotations

import json
import random
from datetime import datetime
from typing import Any, Iterable

from . import actions as A
from .actions import Action
from .data import (
    ASTEROIDS_PER_POINT, ASTEROIDS_PER_TRADE, BONUS_COUNTS, BONUS_INDEX, BONUS_TYPES, BONUS_UPGRADE_PLANET,
    CARD_KINDS, CARD_NAMES, COLOUR_OF, CONSTELLATIONS, COPIES_PER_CARD, DISPLAY_SIZE, ECLIPSIS,
    ECLIPSIS_DISCARD, EVENT_CARDS, EVENT_PLANETS, FIVE_OF_A_COLOUR, HAND_SIZE_AT_SETUP, IUPITER_ORIENTALIS,
    MALEFICUS_MARS, MALEFICUS_SATURNUS, MAX_PLAYERS, MERCURIUS_RETROGRADUS, MIN_PLAYERS, N_ASTEROIDS,
    N_CONST, NOVA_CONSTELLATIO, NOVA_LUNA, OBJECTIVE_NAMES, OBJECTIVE_POINTS, OBJECTIVES, PLANET_INDEX,
    PLANETS, SIGNA_COLOUR, SOL_IN_MEDIO_CAELI, SOLITAIRE_REMOVED, STUDY_POINTS, TOKENS_PER_PLAYER,
    TRINES, TURNS_PER_ROUND, VENUS_RETROGRADA, WILD, WINNING_POINTS,
)
from .payment import can_pay, payment_options
from .rng import Rng

FORMAT = "ptolemaeus-state"
VERSION = 1
_ECLIPSIS = EVENT_CARDS.index(ECLIPSIS)
_NOVA_CONSTELLATIO = BONUS_INDEX[NOVA_CONSTELLATIO]
_N_BONUS = len(BONUS_TYPES)
_OBJECTIVE_MASKS = tuple(sum(1 << PLANET_INDEX[p] for p in o) for o in OBJECTIVES)
_UPGRADE_BIT = {BONUS_INDEX[b]: 1 << PLANET_INDEX[p] for b, p in BONUS_UPGRADE_PLANET.items()}
_SIGNA = {BONUS_INDEX[b]: col for b, col in SIGNA_COLOUR.items()}
# Decisions in these tasks are taken by the seat named in the task (task[1]).
_OTHER_SEAT_TASKS = ("mars", "saturnus", "eclipsis")
_TASK_KINDS = ("draw2", "observe", "study", "signa", "nova_luna", "mercurius", "venus", "iupiter",
               "mars", "saturnus", "eclipsis", "round_end")


class IllegalAction(ValueError):
    """Raised by :meth:`State.apply` for an action that is not legal now."""


class InvalidState(ValueError):
    """Raised by :meth:`State.from_json` for a corrupt, old or impossible state."""


def _bits(mask: int) -> list[int]:
    return [i for i in range(7) if mask >> i & 1]


def _popcount(mask: int) -> int:
    return bin(mask).count("1")


def _seed_from(rng: Any) -> int:
    """A 64-bit seed from whatever random source a caller hands us."""
    if isinstance(rng, Rng):
        return rng.next64()
    if isinstance(rng, random.Random):
        return rng.getrandbits(64)
    if isinstance(rng, int) and not isinstance(rng, bool):
        return rng
    raise TypeError("rng must be a random.Random, a ptolemaeus Rng or an int seed")


class State:
    """A game of Ptolemaeus in progress. Create one with :func:`new_game`."""

    __slots__ = (
        "n", "pos", "at_mask", "comet_at", "comet_from", "comet_steps", "round", "turn", "first", "k",
        "actions_left", "acted", "tokens", "reserve", "studied", "asteroid_on", "asteroids",
        "asteroids_spent", "hands", "known", "deck", "display", "discards", "bonus_deck", "bonus_hands",
        "novas", "bonus_played", "objectives", "objective_pool", "event_deck", "event", "events_seen",
        "stack", "over", "winners", "end_reason", "rng", "seed", "start", "record", "last_events",
        "last_revealed", "_legal",
    )

    # ------------------------------------------------------------------ setup

    @classmethod
    def setup(cls, players: int, seed: int, planets: dict[str, str], start: str = "") -> "State":
        """Lay out a new game (rulebook "Setup", R3, R14, R18).

        ``planets`` maps every planet name to its constellation (normally from
        :func:`ptolemaeus.sky.planets_at`)."""
        if isinstance(players, bool) or not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ValueError(f"players must be {MIN_PLAYERS}..{MAX_PLAYERS}, not {players!r}")
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError(f"seed must be an integer, not {seed!r}")
        if set(planets) != set(PLANETS) or any(v not in CONSTELLATIONS for v in planets.values()):
            raise ValueError("planets must map each of the 7 planets to a constellation name")
        s = cls.__new__(cls)
        s.n = players
        s.seed = seed
        s.start = start
        s.rng = Rng(seed)
        s.record = True
        s.last_events = []
        s.last_revealed = False
        s._legal = None
        s.pos = [CONSTELLATIONS.index(planets[p]) for p in PLANETS]
        s._refresh_at_mask()
        # (1) Comet opposite Luna, on past planets clockwise; (2) its start marker.
        c = (s.pos[PLANET_INDEX["Luna"]] + 6) % N_CONST
        while s.at_mask[c]:
            c = (c + 1) % N_CONST
        s.comet_at = s.comet_from = c
        s.comet_steps = 0
        # (3) Asteroids; (4) turn track; (5) tokens and objectives.
        s.asteroid_on = [1] * N_CONST
        s.asteroids = [0] * players
        s.asteroids_spent = 0
        s.round, s.turn, s.k = 1, 1, 0
        s.tokens = [[0] * N_CONST for _ in range(players)]
        s.reserve = [TOKENS_PER_PLAYER] * players
        s.studied = [0] * players
        objectives = list(range(len(OBJECTIVES)))
        s.rng.shuffle(objectives)
        s.objectives = objectives[:players]
        s.objective_pool = sorted(objectives[players:])
        # (6) Constellation cards: hands of 2, then six face up (R3).
        s.deck = [card for card in range(CARD_KINDS) for _ in range(COPIES_PER_CARD)]
        s.rng.shuffle(s.deck)
        s.hands = [[0] * CARD_KINDS for _ in range(players)]
        s.known = [[0] * CARD_KINDS for _ in range(players)]
        for p in range(players):
            for _ in range(HAND_SIZE_AT_SETUP):
                s.hands[p][s.deck.pop()] += 1
        s.discards = [0] * CARD_KINDS
        s.display = []
        s._refill_display()
        # (7) Bonus cards (R18: without the opponent cards in solitaire).
        removed = SOLITAIRE_REMOVED if players == 1 else ()
        s.bonus_deck = [BONUS_INDEX[b] for b in BONUS_TYPES if b not in removed for _ in range(BONUS_COUNTS[b])]
        s.rng.shuffle(s.bonus_deck)
        s.bonus_hands = [[0] * _N_BONUS for _ in range(players)]
        s.novas = [0] * players
        s.bonus_played = [0] * _N_BONUS
        # (8) Event cards; an Eclipsis on top is shuffled back (R14).
        s.event_deck = list(range(len(EVENT_CARDS)))
        s.rng.shuffle(s.event_deck)
        s.events_seen = []
        s.event = s.event_deck.pop()
        if s.event == _ECLIPSIS:
            s.event = s.event_deck.pop()
            s.event_deck.append(_ECLIPSIS)
            s.rng.shuffle(s.event_deck)
        # (9) First player.
        s.first = s.rng.below(players)
        s.stack = []
        s.over = False
        s.winners = []
        s.end_reason = ""
        s._begin_turn()
        s.last_events = []
        return s

    # ------------------------------------------------------------ basic facts

    def _refresh_at_mask(self) -> None:
        mask = [0] * N_CONST
        for i, c in enumerate(self.pos):
            mask[c] |= 1 << i
        self.at_mask = mask

    @property
    def planets(self) -> dict[str, str]:
        """Planet name -> constellation name."""
        return {PLANETS[i]: CONSTELLATIONS[c] for i, c in enumerate(self.pos)}

    @property
    def comet(self) -> str:
        return CONSTELLATIONS[self.comet_at]

    @property
    def comet_start(self) -> str:
        """Where the Comet's start marker lies (R16: its revolution ends there)."""
        return CONSTELLATIONS[self.comet_from]

    @property
    def players(self) -> int:
        return self.n

    @property
    def player(self) -> int:
        """Seat whose turn it is (decisions may still be an opponent's)."""
        return (self.first + self.k) % self.n

    @property
    def current_player(self) -> int | None:
        """Seat that must decide now, ``None`` once the game is over."""
        if self.over:
            return None
        if self.stack and self.stack[-1][0] in _OTHER_SEAT_TASKS:
            return self.stack[-1][1]
        return self.player

    @property
    def is_over(self) -> bool:
        return self.over

    def occupied(self, c: int) -> bool:
        """A planet or the Comet is on ``c`` (what observing needs)."""
        return bool(self.at_mask[c]) or c == self.comet_at

    def _opponents(self, p: int) -> list[int]:
        """Other seats, clockwise from ``p``."""
        return [(p + i) % self.n for i in range(1, self.n)]

    def _emit(self, kind: str, **data: Any) -> None:
        if self.record:
            data["type"] = kind
            self.last_events.append(data)

    # -------------------------------------------------------- cards and decks

    def _draw_card(self) -> int | None:
        """Top card of the constellation deck; an empty deck is remade from
        the discards (R3). ``None`` when both are empty."""
        if not self.deck:
            if not any(self.discards):
                return None
            self.deck = [card for card in range(CARD_KINDS) for _ in range(self.discards[card])]
            self.discards = [0] * CARD_KINDS
            self.rng.shuffle(self.deck)
            self._emit("reshuffle", cards=len(self.deck))
        self.last_revealed = True
        return self.deck.pop()

    def _cards_left(self) -> bool:
        return bool(self.deck) or any(self.discards)

    def _refill_display(self) -> None:
        """Fill the display to six and apply the five-of-a-colour rule (R3)."""
        while len(self.display) < DISPLAY_SIZE:
            card = self._draw_card()
            if card is None:
                return
            self.display.append(card)
        while self._five_of_a_colour() and self._fresh_layout_possible():
            for card in self.display:
                self.discards[card] += 1
            self.display = []
            self._emit("display_reset")
            while len(self.display) < DISPLAY_SIZE:
                card = self._draw_card()
                if card is None:
                    break
                self.display.append(card)

    def _five_of_a_colour(self) -> bool:
        counts = [0, 0, 0, 0]
        for card in self.display:
            if card != WILD:
                counts[COLOUR_OF[card]] += 1
        return max(counts) >= FIVE_OF_A_COLOUR

    def _fresh_layout_possible(self) -> bool:
        """Could the cards available after discarding the display form a
        layout without five of a colour? If not, R3 would never stop, so the
        display stays as it is (an engine clarification of R3)."""
        pool = [self.discards[c] for c in range(CARD_KINDS)]
        for card in self.deck:
            pool[card] += 1
        for card in self.display:
            pool[card] += 1
        size = min(DISPLAY_SIZE, sum(pool))
        by_colour = [0, 0, 0, 0]
        for card in range(WILD):
            by_colour[COLOUR_OF[card]] += pool[card]
        return sum(min(x, FIVE_OF_A_COLOUR - 1) for x in by_colour) + pool[WILD] >= size

    def _take_face_up(self, p: int, card: int) -> None:
        self.display.remove(card)
        self.hands[p][card] += 1
        self.known[p][card] += 1
        self._emit("take", seat=p, card=CARD_NAMES[card])
        self._refill_display()

    def _draw_blind(self, p: int) -> None:
        card = self._draw_card()
        if card is not None:
            self.hands[p][card] += 1
            self._emit("draw", seat=p)

    def _discard(self, p: int, cards: Iterable[int]) -> None:
        hand, known = self.hands[p], self.known[p]
        for card in cards:
            hand[card] -= 1
            if known[card] > hand[card]:
                known[card] = hand[card]
            self.discards[card] += 1

    def _draw_bonus(self, p: int) -> None:
        """Draw a bonus card if any are left; Nova Constellatio scores at once (R13)."""
        if not self.bonus_deck:
            return
        self.last_revealed = True
        b = self.bonus_deck.pop()
        if b == _NOVA_CONSTELLATIO:
            self.novas[p] += 1
            self._emit("nova_constellatio", seat=p)
        else:
            self.bonus_hands[p][b] += 1
            self._emit("bonus_drawn", seat=p)

    # ---------------------------------------------------------------- the turn

    def _begin_turn(self) -> None:
        self.actions_left = 1
        self.acted = False
        # R3: a display left short (deck and discards were empty) is topped up
        # as soon as discarded cards allow, at the latest when a turn begins.
        if len(self.display) < DISPLAY_SIZE and self._cards_left():
            self._refill_display()

    def _end_turn(self) -> None:
        """Play passes clockwise; after the third turn the round ends."""
        self._emit("end_turn", seat=self.player)
        self.k += 1
        if self.k == self.n:
            self.k = 0
            self.turn += 1
            if self.turn > TURNS_PER_ROUND:
                self._end_of_round()      # begins the next round's first turn itself
                return
        self._begin_turn()

    def _main_actions(self, p: int) -> list[Action]:
        """The turn's action: A. draw, B. observe 1 constellation, C. observe 1 configuration."""
        out: list[Action] = []
        if self._cards_left():
            out.append(Action(A.DRAW_DECK))
        for card in sorted(set(self.display)):
            out.append(Action(A.TAKE, cards=(card,)))
        for targets in self._observable():
            if self._observation_possible(p, targets):
                out.append(Action(A.OBSERVE, targets))
        return out

    def _observable(self) -> list[tuple[int, ...]]:
        """Constellations and configurations on the board now."""
        occ = [self.occupied(c) for c in range(N_CONST)]
        out: list[tuple[int, ...]] = [(c,) for c in range(N_CONST) if occ[c]]
        # Conjunction: two or more planets on one constellation (never the Comet).
        out += [(c, c) for c in range(N_CONST) if self.at_mask[c] & (self.at_mask[c] - 1)]
        out += [(a, a + 6) for a in range(6) if occ[a] and occ[a + 6]]                 # opposition
        out += [t for t in TRINES if occ[t[0]] and occ[t[1]] and occ[t[2]]]           # trine
        out += [tuple(sorted((a, (a + 3) % N_CONST))) for a in range(N_CONST)           # square
                if occ[a] and occ[(a + 3) % N_CONST]]
        return out

    def _observation_possible(self, p: int, targets: tuple[int, ...]) -> bool:
        """R5: an observation is legal only if the cards pay for all of its
        tokens and some order of placements breaks no rule."""
        if not can_pay(self.hands[p], targets):
            return False
        return self._placements_possible(p, self.tokens[p], self.reserve[p], self.studied[p], targets)

    # ------------------------------------------------ placing tokens, studying

    def _sources(self, toks: list[int], reserve: int, c: int) -> list[int]:
        """Where a placed token comes from: the reserve (-1), or with an empty
        reserve one's own token from any other constellation (R7)."""
        if reserve > 0:
            return [-1]
        return [x for x in range(N_CONST) if toks[x] > 0 and x != c]

    def _simulate_place(self, toks: list[int], reserve: int, studied: int, c: int,
                        source: int) -> tuple[list[int], int, int] | None:
        """One placement under R5 on copies; ``None`` if it breaks a rule:
        a third token where no unstudied planet is, or a third on the Comet."""
        toks = toks[:]
        if source < 0:
            reserve -= 1
        else:
            toks[source] -= 1
        toks[c] += 1
        if toks[c] >= 3:
            unstudied = self.at_mask[c] & ~studied
            if not unstudied or c == self.comet_at:
                return None
            studied |= unstudied & -unstudied
            toks[c] -= 3
            reserve += 2
        return toks, reserve, studied

    def _placements_possible(self, p: int, toks: list[int], reserve: int, studied: int,
                             targets: tuple[int, ...]) -> bool:
        if not targets:
            return True
        for i, c in enumerate(targets):
            if c in targets[:i]:
                continue
            rest = targets[:i] + targets[i + 1:]
            for source in self._sources(toks, reserve, c):
                sim = self._simulate_place(toks, reserve, studied, c, source)
                if sim is not None and self._placements_possible(p, sim[0], sim[1], sim[2], rest):
                    return True
        return False

    def _place_options(self, p: int, c: int, rest: tuple[int, ...] = (), exclude_source: int = -1) -> list[int]:
        """Sources from which one token can go on ``c`` now, leaving ``rest``
        still placeable."""
        toks, reserve, studied = self.tokens[p], self.reserve[p], self.studied[p]
        out = []
        for source in self._sources(toks, reserve, c):
            if source == exclude_source and source >= 0:
                continue
            sim = self._simulate_place(toks, reserve, studied, c, source)
            if sim is not None and (not rest or self._placements_possible(p, sim[0], sim[1], sim[2], rest)):
                out.append(source)
        return out

    def _place(self, p: int, c: int, source: int, how: str) -> None:
        """Put one of ``p``'s tokens on ``c`` (R5, R6, R7). A third token
        studies a planet at once: the only one, or the player chooses."""
        if source < 0:
            self.reserve[p] -= 1
        else:
            self.tokens[p][source] -= 1
        self.tokens[p][c] += 1
        self._emit("place", seat=p, at=CONSTELLATIONS[c], how=how,
                   source=CONSTELLATIONS[source] if source >= 0 else None)
        if self.tokens[p][c] == 3:
            unstudied = self.at_mask[c] & ~self.studied[p]
            if unstudied & (unstudied - 1):
                self.stack.append(("study", c))
            else:
                self._study_a(p, c, unstudied.bit_length() - 1)

    def _study_a(self, p: int, c: int, planet: int) -> None:
        """Study A: the third token; three tokens off, one to the study area."""
        self.tokens[p][c] -= 3
        self.reserve[p] += 2
        self._study(p, c, planet, "A")

    def _study_b_options(self, p: int) -> list[Action]:
        """R8: exactly 2 tokens with an unstudied planet, 2 more elsewhere."""
        toks = self.tokens[p]
        out = []
        for c in range(N_CONST):
            if toks[c] != 2:
                continue
            unstudied = self.at_mask[c] & ~self.studied[p]
            if not unstudied:
                continue
            pairs = []
            for x in range(N_CONST):
                if x == c or not toks[x]:
                    continue
                if toks[x] >= 2:
                    pairs.append((x, x))
                pairs += [(x, y) for y in range(x + 1, N_CONST) if y != c and toks[y]]
            for planet in _bits(unstudied):
                out += [Action(A.STUDY_B, (c, x, y), planet=planet) for x, y in pairs]
        return out

    def _study(self, p: int, c: int, planet: int, how: str) -> None:
        """Studying: the planet once per game, the Asteroid, a bonus card (R9)."""
        self.studied[p] |= 1 << planet
        took_asteroid = bool(self.asteroid_on[c])
        if took_asteroid:
            self.asteroid_on[c] = 0
            self.asteroids[p] += 1
        self._emit("study", seat=p, planet=PLANETS[planet], at=CONSTELLATIONS[c], how=how,
                   asteroid=took_asteroid)
        self._draw_bonus(p)
        self._check_points(p)

    # ------------------------------------------------------------- bonus cards

    def _upgraded(self, p: int, bonus: int) -> bool:
        """"If you have studied X": the card's stronger version."""
        return bool(self.studied[p] & _UPGRADE_BIT.get(bonus, 0))

    def _bonus_playable(self, p: int, b: int) -> bool:
        """A card is offered only when it can do something."""
        name = BONUS_TYPES[b]
        if name == SOL_IN_MEDIO_CAELI:
            return True
        if name == VENUS_RETROGRADA:
            return self._cards_left() or bool(self.display)
        if name == MALEFICUS_MARS:
            return any(any(self.tokens[o]) for o in self._opponents(p))
        if name in (MALEFICUS_SATURNUS, IUPITER_ORIENTALIS):
            return any(any(self.hands[o]) for o in self._opponents(p))
        if name == NOVA_LUNA:
            return bool(self._swap_actions(p))
        if name == MERCURIUS_RETROGRADUS:
            return bool(self._move_actions(p))
        if b in _SIGNA:
            return bool(self._signa_actions(p, _SIGNA[b]))
        return False

    def _play_bonus(self, p: int, b: int) -> None:
        self.bonus_hands[p][b] -= 1
        self.bonus_played[b] += 1
        times = 2 if self._upgraded(p, b) else 1
        self._emit("play", seat=p, card=BONUS_TYPES[b], upgraded=times == 2)
        name = BONUS_TYPES[b]
        if name == SOL_IN_MEDIO_CAELI:
            self.actions_left += times      # R10: taken right after the current action
        elif name == NOVA_LUNA:
            self.stack.append(("nova_luna", times))
        elif name == MERCURIUS_RETROGRADUS:
            self.stack.append(("mercurius", times, 0))
        elif name == VENUS_RETROGRADA:
            self.stack.append(("venus", times))
        elif name == IUPITER_ORIENTALIS:
            self.stack.append(("iupiter", times))
        elif name in (MALEFICUS_MARS, MALEFICUS_SATURNUS):
            task = "mars" if name == MALEFICUS_MARS else "saturnus"
            for o in reversed(self._opponents(p)):   # R12: each opponent decides, clockwise
                self.stack.append((task, o, times))
        else:
            self.stack.append(("signa", _SIGNA[b]))

    def _swap_actions(self, p: int) -> list[Action]:
        """Nova Luna: an opponent's token goes home, one of ours takes its place."""
        out = []
        for o in self._opponents(p):
            for c in range(N_CONST):
                if self.tokens[o][c]:
                    out += [Action(A.SWAP, (c,), seat=o, source=s) for s in self._place_options(p, c)]
        return out

    def _move_actions(self, p: int) -> list[Action]:
        """Mercurius Retrogradus: one of our tokens to any other constellation."""
        out = []
        toks = self.tokens[p]
        for a in range(N_CONST):
            if not toks[a]:
                continue
            for b in range(N_CONST):
                if b != a and self._simulate_place(toks, self.reserve[p], self.studied[p], b, a) is not None:
                    out.append(Action(A.MOVE, (a, b)))
        return out

    def _signa_actions(self, p: int, colour: int) -> list[Action]:
        """Signa: a token on any constellation of the colour (R11)."""
        return [Action(A.PLACE, (c,), source=s) for c in TRINES[colour] for s in self._place_options(p, c)]

    def _draw_actions(self, any_wild: bool) -> list[Action]:
        out = [Action(A.DRAW_DECK)] if self._cards_left() else []
        out += [Action(A.TAKE, cards=(c,)) for c in sorted(set(self.display)) if any_wild or c != WILD]
        return out

    @staticmethod
    def _discard_choices(hand: list[int], count: int) -> list[Action]:
        """Ways to discard ``count`` cards (1 or 2) from ``hand``."""
        kinds = [c for c in range(CARD_KINDS) if hand[c]]
        if count <= 0:
            return []
        if count == 1:
            return [Action(A.DISCARD, cards=(c,)) for c in kinds]
        return [Action(A.DISCARD, cards=(a, b)) for i, a in enumerate(kinds) for b in kinds[i:]
                if a != b or hand[a] >= 2]

    # ------------------------------------------------------ the legal actions

    def legal_actions(self) -> list[Action]:
        """Every legal action for :attr:`current_player`, in a stable order."""
        if self._legal is None:
            self._legal = tuple(self._compute_legal())
        return list(self._legal)

    def _compute_legal(self) -> list[Action]:
        if self.over:
            return []
        if self.stack:
            return self._task_actions(self.stack[-1])
        return self._turn_actions(self.player)

    def _turn_actions(self, p: int) -> list[Action]:
        main = self._main_actions(p) if self.actions_left > 0 else []
        out = list(main)
        for b in range(_N_BONUS):
            if self.bonus_hands[p][b] and self._bonus_playable(p, b):
                out.append(Action(A.PLAY, bonus=b))
        if self.asteroids[p] >= ASTEROIDS_PER_TRADE and self.bonus_deck:
            out.append(Action(A.TRADE))
        if self.acted:
            out += self._study_b_options(p)
        if not main:
            out.append(Action(A.END_TURN))
        return out

    def _task_actions(self, task: tuple) -> list[Action]:
        kind = task[0]
        p = self.player
        if kind == "draw2":
            return self._draw_actions(any_wild=False)     # R2: no face-up wildcard as second card
        if kind == "observe":
            targets = task[1]
            hand = self.hands[p]
            out = []
            for i, c in enumerate(targets):
                if c in targets[:i]:
                    continue
                rest = targets[:i] + targets[i + 1:]
                sources = self._place_options(p, c, rest)
                if not sources:
                    continue
                for pay in payment_options(hand, c):
                    if rest:
                        for card in pay:
                            hand[card] -= 1
                        ok = can_pay(hand, rest)
                        for card in pay:
                            hand[card] += 1
                        if not ok:
                            continue
                    out += [Action(A.PLACE, (c,), pay, source=s) for s in sources]
            return out
        if kind == "study":
            return [Action(A.STUDY, planet=q) for q in _bits(self.at_mask[task[1]] & ~self.studied[p])]
        if kind == "signa":
            return self._signa_actions(p, task[1])
        if kind == "nova_luna":
            return self._swap_actions(p)
        if kind == "mercurius":
            out = self._move_actions(p)
            return out + [Action(A.SKIP)] if task[2] and out else out
        if kind == "venus":
            return self._draw_actions(any_wild=True)
        if kind == "iupiter":
            return [Action(A.STEAL, seat=o) for o in self._opponents(p) if any(self.hands[o])]
        if kind == "mars":
            o = task[1]
            return [Action(A.RETRIEVE, (c,)) for c in range(N_CONST) if self.tokens[o][c]]
        if kind == "saturnus":
            o = task[1]
            return self._discard_choices(self.hands[o], min(task[2], sum(self.hands[o])))
        if kind == "eclipsis":
            o = task[1]
            return self._discard_choices(self.hands[o], min(ECLIPSIS_DISCARD, sum(self.hands[o])))
        return []

    # --------------------------------------------------------------- applying

    def apply(self, action: Action) -> None:
        """Play ``action`` for :attr:`current_player`. An illegal action raises
        :class:`IllegalAction` and changes nothing."""
        legal = self.legal_actions() if self._legal is None else self._legal
        if not isinstance(action, Action) or action not in legal:
            raise IllegalAction(self._why_illegal(action))
        self.last_events = []
        self.last_revealed = False
        self._do(action)
        self._advance()

    def _why_illegal(self, action: Any) -> str:
        if self.over:
            return "the game is over"
        try:
            text = str(action) if isinstance(action, Action) else repr(action)
        except (IndexError, TypeError):
            text = repr(action)
        return f"not a legal action now: {text!r} (seat {self.current_player} must {self.decision()})"

    def decision(self) -> str:
        """What the current decision is about, in a few words."""
        if self.over:
            return "nothing: the game is over"
        if not self.stack:
            return "take an action" if self.actions_left > 0 else "finish the turn"
        kind = self.stack[-1][0]
        return {
            "draw2": "draw a second card", "observe": "place the observed tokens",
            "study": "choose a planet to study", "signa": "place the Signa token",
            "nova_luna": "swap a token (Nova Luna)", "mercurius": "move a token (Mercurius Retrogradus)",
            "venus": "draw (Venus Retrograda)", "iupiter": "choose whom to take a card from (Iupiter Orientalis)",
            "mars": "retrieve a token (Maleficus Mars)", "saturnus": "discard (Maleficus Saturnus)",
            "eclipsis": "discard (Eclipsis)",
        }.get(kind, kind)

    def _do(self, a: Action) -> None:
        self._legal = None
        kind = a.kind
        p = self.player
        if self.stack:
            self._do_task(self.stack[-1], a)
            return
        # --- the turn's own choices
        if kind in (A.DRAW_DECK, A.TAKE, A.OBSERVE):
            self.actions_left -= 1
            self.acted = True
            if kind == A.OBSERVE:
                self._emit("observe", seat=p, config=A.config_name(a.where),
                           at=[CONSTELLATIONS[c] for c in a.where])
                self.stack.append(("observe", a.where))
            elif kind == A.DRAW_DECK:
                self._draw_blind(p)
                self.stack.append(("draw2",))
            else:
                card = a.cards[0]
                self._take_face_up(p, card)
                if card != WILD:            # R2: a face-up wildcard is the whole draw
                    self.stack.append(("draw2",))
        elif kind == A.PLAY:
            self._play_bonus(p, a.bonus)
        elif kind == A.TRADE:
            self.asteroids[p] -= ASTEROIDS_PER_TRADE
            self.asteroids_spent += ASTEROIDS_PER_TRADE
            self._emit("trade", seat=p)
            self._draw_bonus(p)
            self._check_points(p)
        elif kind == A.STUDY_B:
            c, x, y = a.where
            self.tokens[p][c] -= 2
            self.tokens[p][x] -= 1
            self.tokens[p][y] -= 1
            self.reserve[p] += 3
            self._study(p, c, a.planet, "B")
        else:  # END_TURN
            self._end_turn()

    def _do_task(self, task: tuple, a: Action) -> None:
        kind = task[0]
        p = self.player
        stack = self.stack
        if kind == "draw2" or kind == "venus":
            stack.pop()
            if kind == "venus" and task[1] > 1:
                stack.append(("venus", task[1] - 1))
            if a.kind == A.DRAW_DECK:
                self._draw_blind(p)
            else:
                self._take_face_up(p, a.cards[0])
        elif kind == "observe":
            c = a.where[0]
            targets = list(task[1])
            targets.remove(c)
            stack.pop()
            if targets:
                stack.append(("observe", tuple(targets)))
            self._discard(p, a.cards)
            self._place(p, c, a.source, "observe")
        elif kind == "study":
            stack.pop()
            self._study_a(p, task[1], a.planet)
        elif kind == "signa":
            stack.pop()
            self._place(p, a.where[0], a.source, "signa")
        elif kind == "nova_luna":
            stack.pop()
            if task[1] > 1:
                stack.append(("nova_luna", task[1] - 1))
            c = a.where[0]
            self.tokens[a.seat][c] -= 1
            self.reserve[a.seat] += 1
            self._emit("swap", seat=p, victim=a.seat, at=CONSTELLATIONS[c])
            self._place(p, c, a.source, "nova_luna")
        elif kind == "mercurius":
            stack.pop()
            if a.kind == A.SKIP:
                return
            if task[1] > 1:
                stack.append(("mercurius", task[1] - 1, 1))
            self._place(p, a.where[1], a.where[0], "mercurius")
        elif kind == "iupiter":
            stack.pop()
            if task[1] > 1:
                stack.append(("iupiter", task[1] - 1))
            self._steal(p, a.seat)
        elif kind == "mars":
            stack.pop()
            o = task[1]
            if task[2] > 1:
                stack.append(("mars", o, task[2] - 1))
            self._retrieve(o, a.where[0])
        elif kind in ("saturnus", "eclipsis"):
            stack.pop()
            o = task[1]
            self._discard(o, a.cards)
            self._emit("discard", seat=o, cards=[CARD_NAMES[c] for c in a.cards], why=kind)

    def _steal(self, p: int, o: int) -> None:
        """Iupiter Orientalis: a random card from ``o``'s hand (R12)."""
        hand = self.hands[o]
        pick = self.rng.below(sum(hand))
        self.last_revealed = True
        for card in range(CARD_KINDS):
            pick -= hand[card]
            if pick < 0:
                break
        hand[card] -= 1
        # Nobody else saw which card it was: what was known of o's hand is
        # now only a lower bound, so drop what might have gone.
        known = self.known[o]
        for c in range(CARD_KINDS):
            if known[c]:
                known[c] = min(known[c] - 1, hand[c])
        self.hands[p][card] += 1
        self._emit("steal", seat=p, victim=o)

    def _retrieve(self, o: int, c: int) -> None:
        self.tokens[o][c] -= 1
        self.reserve[o] += 1
        self._emit("retrieve", seat=o, at=CONSTELLATIONS[c])

    def _advance(self) -> None:
        """Resolve what needs no decision: forced choices, effects that can no
        longer do anything, the end of a turn with nothing left to do."""
        while not self.over:
            self._legal = None
            if self.stack:
                task = self.stack[-1]
                kind = task[0]
                if kind == "round_end":
                    self.stack.pop()
                    self._reveal_event()
                    if not self.stack and not self.over:
                        self._finish_round()
                    continue
                if kind == "mars" and sum(self.tokens[task[1]]) <= task[2]:
                    self.stack.pop()          # R12: loses what they have
                    o = task[1]
                    for c in range(N_CONST):
                        while self.tokens[o][c]:
                            self._retrieve(o, c)
                    continue
                legal = self._compute_legal()
                if not legal:
                    self.stack.pop()
                    continue
                if len(legal) == 1:
                    self._do(legal[0])
                    continue
                self._legal = tuple(legal)
                return
            legal = self._compute_legal()
            if len(legal) == 1 and legal[0].kind == A.END_TURN:
                self._do(legal[0])
                continue
            self._legal = tuple(legal)
            return

    # ------------------------------------------------------- End of Round Phase

    def _end_of_round(self) -> None:
        """End of Round Phase (R15): planets, Comet, swept tokens, next event,
        the Astrolabe passes."""
        self._emit("round_end", round=self.round)
        # 1. The three planets of the face-up event card move one step clockwise.
        if self.event >= 0:
            for planet in EVENT_PLANETS[EVENT_CARDS[self.event]]:
                before = self.pos[planet]
                self.pos[planet] = (before + 1) % N_CONST
                self._emit("planet_move", planet=PLANETS[planet], source=CONSTELLATIONS[before],
                           to=CONSTELLATIONS[self.pos[planet]])
            self.events_seen.append(self.event)
            self.event = -1
            self._refresh_at_mask()
        # 1A. The Comet moves one step, and on past every constellation with a planet.
        path = []
        while True:
            self.comet_at = (self.comet_at + 1) % N_CONST
            self.comet_steps += 1
            path.append(CONSTELLATIONS[self.comet_at])
            if not self.at_mask[self.comet_at]:
                break
        self._emit("comet_move", path=path)
        # 1B. Tokens where the Comet lands go back to their reserves.
        self._sweep([self.comet_at], "comet")
        # 2. Reveal the next event card.
        self._reveal_event()
        if not self.stack and not self.over:
            self._finish_round()

    def _sweep(self, constellations: list[int], why: str) -> None:
        for c in constellations:
            back = {}
            for o in range(self.n):
                if self.tokens[o][c]:
                    back[o] = self.tokens[o][c]
                    self.reserve[o] += self.tokens[o][c]
                    self.tokens[o][c] = 0
            if back:
                self._emit("sweep", at=CONSTELLATIONS[c], tokens=back, why=why)

    def _reveal_event(self) -> None:
        """Step 2 with Eclipsis (R14): tokens on constellations without planets
        go home, everyone discards two, the Eclipsis leaves the game."""
        if not self.event_deck:
            self.event = -1
            return
        self.last_revealed = True
        card = self.event_deck.pop()
        self._emit("reveal", card=EVENT_CARDS[card])
        if card != _ECLIPSIS:
            self.event = card
            return
        self.events_seen.append(card)
        self._sweep([c for c in range(N_CONST) if not self.at_mask[c]], "eclipsis")
        if self.comet_steps >= N_CONST:      # the game ends with this step: no discards to ask
            self._reveal_event()
            return
        self.stack.append(("round_end",))
        first = self.first
        for i in reversed(range(self.n)):
            o = (first + i) % self.n
            if any(self.hands[o]):
                self.stack.append(("eclipsis", o))

    def _finish_round(self) -> None:
        """Steps 3-4, then the end of game check (R16: the Comet's revolution)."""
        if self.comet_steps >= N_CONST:
            self._game_over_by_comet()
            return
        self.first = (self.first + 1) % self.n
        self.round += 1
        self.turn = 1
        self.k = 0
        self._emit("new_round", round=self.round, first=self.first)
        self._begin_turn()

    # ------------------------------------------------------------ end of game

    def score_breakdown(self, p: int) -> dict[str, int]:
        """Everything ``p`` would score now (R16): the study table, Nova
        Constellatio (R13), asteroids, the secret objective."""
        studied = self.studied[p]
        table = STUDY_POINTS[_popcount(studied)]
        objective = OBJECTIVE_POINTS[_popcount(studied & _OBJECTIVE_MASKS[self.objectives[p]])]
        asteroids = self.asteroids[p] // ASTEROIDS_PER_POINT
        nova = self.novas[p]
        return {"table": table, "nova": nova, "asteroids": asteroids, "objective": objective,
                "total": table + nova + asteroids + objective}

    def score(self, p: int) -> int:
        return self.score_breakdown(p)["total"]

    def scores(self) -> list[int]:
        """Full current score of every seat (R16), objectives included."""
        return [self.score(p) for p in range(self.n)]

    def _check_points(self, p: int) -> None:
        """R16: reaching 12 points ends the game at once; that player wins."""
        if self.score(p) >= WINNING_POINTS:
            self.over = True
            self.winners = [p]
            self.end_reason = "points"
            self.stack = []
            self._emit("game_over", reason="points", winners=[p])

    def _game_over_by_comet(self) -> None:
        """R16 end B with its tie-breaks; R18: in solitaire the sky wins."""
        self.over = True
        self.stack = []
        self.end_reason = "comet"
        if self.n == 1:
            self.winners = []
        else:
            def rank(p: int) -> tuple[int, int, int]:
                return (self.score(p), _popcount(self.studied[p]), sum(self.tokens[p]))
            best = max(rank(p) for p in range(self.n))
            self.winners = [p for p in range(self.n) if rank(p) == best]
        self._emit("game_over", reason="comet", winners=list(self.winners))

    def returns(self) -> list[float]:
        """OpenSpiel-style outcome per seat: 1 for a (shared) win, 0 otherwise."""
        if not self.over:
            return [0.0] * self.n
        return [1.0 / len(self.winners) if p in self.winners else 0.0 for p in range(self.n)]

    # ------------------------------------------------------------------ copies

    def clone(self) -> "State":
        """A cheap, independent copy (no deepcopy)."""
        s = State.__new__(State)
        s.n = self.n
        s.pos = self.pos[:]
        s.at_mask = self.at_mask[:]
        s.comet_at = self.comet_at
        s.comet_from = self.comet_from
        s.comet_steps = self.comet_steps
        s.round = self.round
        s.turn = self.turn
        s.first = self.first
        s.k = self.k
        s.actions_left = self.actions_left
        s.acted = self.acted
        s.tokens = [t[:] for t in self.tokens]
        s.reserve = self.reserve[:]
        s.studied = self.studied[:]
        s.asteroid_on = self.asteroid_on[:]
        s.asteroids = self.asteroids[:]
        s.asteroids_spent = self.asteroids_spent
        s.hands = [h[:] for h in self.hands]
        s.known = [h[:] for h in self.known]
        s.deck = self.deck[:]
        s.display = self.display[:]
        s.discards = self.discards[:]
        s.bonus_deck = self.bonus_deck[:]
        s.bonus_hands = [h[:] for h in self.bonus_hands]
        s.novas = self.novas[:]
        s.bonus_played = self.bonus_played[:]
        s.objectives = self.objectives[:]
        s.objective_pool = self.objective_pool[:]
        s.event_deck = self.event_deck[:]
        s.event = self.event
        s.events_seen = self.events_seen[:]
        s.stack = self.stack[:]
        s.over = self.over
        s.winners = self.winners[:]
        s.end_reason = self.end_reason
        s.rng = self.rng.clone()
        s.seed = self.seed
        s.start = self.start
        s.record = self.record
        s.last_events = []
        s.last_revealed = False
        s._legal = self._legal
        return s

    # ------------------------------------------------- what a player may see

    def view(self, seat: int) -> dict[str, Any]:
        """Everything ``seat`` may see and nothing more (R17), JSON-able.
        Deck orders, other hands, other objectives stay hidden; counts and
        cards seen face up are public."""
        if not 0 <= seat < self.n:
            raise ValueError(f"no seat {seat} in a {self.n}-player game")
        seats = []
        for p in range(self.n):
            entry: dict[str, Any] = {
                "seat": p,
                "reserve": self.reserve[p],
                "tokens": {CONSTELLATIONS[c]: t for c, t in enumerate(self.tokens[p]) if t},
                "studied": [PLANETS[i] for i in _bits(self.studied[p])],
                "asteroids": self.asteroids[p],
                "nova_constellatio": self.novas[p],
                "hand_count": sum(self.hands[p]),
                "bonus_count": sum(self.bonus_hands[p]),
                "known_cards": _card_list(self.known[p]),
            }
            if p == seat:
                entry["hand"] = _card_list(self.hands[p])
                entry["bonus_hand"] = [BONUS_TYPES[b] for b in range(_N_BONUS) for _ in range(self.bonus_hands[p][b])]
                entry["objective"] = OBJECTIVE_NAMES[self.objectives[p]]
                entry["score"] = self.score_breakdown(p)
            else:
                b = self.score_breakdown(p)
                entry["public_score"] = b["total"] - b["objective"]
            seats.append(entry)
        pending = self.stack[-1] if self.stack else None
        return {
            "viewer": seat,
            "players": self.n,
            "round": self.round,
            "turn": self.turn,
            "first_player": self.first,
            "turn_player": self.player,
            "current_player": self.current_player,
            "decision": self.decision(),
            "pending": _public_task(pending),
            "actions_left": self.actions_left,
            "planets": self.planets,
            "comet": self.comet,
            "comet_start": self.comet_start,
            "comet_steps": self.comet_steps,
            "asteroids_on_board": [CONSTELLATIONS[c] for c in range(N_CONST) if self.asteroid_on[c]],
            "event": EVENT_CARDS[self.event] if self.event >= 0 else None,
            "events_seen": [EVENT_CARDS[e] for e in self.events_seen],
            "event_deck_count": len(self.event_deck),
            "display": [CARD_NAMES[c] for c in self.display],
            "deck_count": len(self.deck),
            "discards": _card_list(self.discards),
            "bonus_deck_count": len(self.bonus_deck),
            "bonus_played": [BONUS_TYPES[b] for b in range(_N_BONUS) for _ in range(self.bonus_played[b])],
            "seats": seats,
            "legal_actions": [a.to_json() for a in self.legal_actions()] if self.current_player == seat else [],
            "is_over": self.over,
            "winners": list(self.winners),
            "end_reason": self.end_reason,
            "scores": self.scores() if self.over else None,
        }

    def determinize(self, seat: int, rng: Any) -> "State":
        """A full state that ``seat`` cannot tell from this one: the same
        ``view(seat)``, with every hidden thing re-dealt (other hands except
        their publicly known cards, other objectives, deck orders) and a fresh
        random generator, so a bot searching it cannot peek at the future."""
        if not 0 <= seat < self.n:
            raise ValueError(f"no seat {seat} in a {self.n}-player game")
        r = Rng(_seed_from(rng))
        s = self.clone()
        s._legal = None
        others = [o for o in range(self.n) if o != seat]
        self._deal_unseen_cards(s, others, r)
        bonus_pool = list(self.bonus_deck)
        for o in others:
            for b in range(_N_BONUS):
                bonus_pool += [b] * self.bonus_hands[o][b]
        bonus_pool.sort()            # canonical: the sample depends on the view and rng only
        r.shuffle(bonus_pool)
        # R13: a Nova Constellatio is never held in hand, so hands are dealt from the others.
        novas = [b for b in bonus_pool if b == _NOVA_CONSTELLATIO]
        bonus_pool = [b for b in bonus_pool if b != _NOVA_CONSTELLATIO]
        for o in others:
            hand = [0] * _N_BONUS
            for _ in range(sum(self.bonus_hands[o])):
                hand[bonus_pool.pop()] += 1
            s.bonus_hands[o] = hand
        bonus_pool += novas
        r.shuffle(bonus_pool)
        s.bonus_deck = bonus_pool
        if not self.over:            # once over, the final scores (in the view) reveal them
            objectives = sorted(self.objective_pool + [self.objectives[o] for o in others])
            r.shuffle(objectives)
            for o in others:
                s.objectives[o] = objectives.pop()
            s.objective_pool = sorted(objectives)
        s.event_deck.sort()
        r.shuffle(s.event_deck)
        s.rng = Rng(r.next64())
        s.seed = r.next64()          # the real seed would replay every hidden shuffle
        return s

    def _deal_unseen_cards(self, s: "State", others: list[int], r: Rng) -> None:
        """Re-deal the cards ``others`` hold unseen, and the deck.

        One public fact constrains a hand: a player in the middle of an
        observation has declared it, so their hand still pays for the tokens
        left to place. Samples breaking it are rejected; should that keep
        failing, the needed cards are dealt first (never looking at the real hand)."""
        pool = list(self.deck)
        for o in others:
            for card in range(CARD_KINDS):
                pool += [card] * (self.hands[o][card] - self.known[o][card])
        pool.sort()                  # canonical: the sample depends on the view and rng only
        task = self.stack[-1] if self.stack else None
        payer = self.player if task is not None and task[0] == "observe" and self.player in others else -1
        for attempt in range(64):
            deck = pool[:]
            r.shuffle(deck)
            hands = {}
            for o in others:
                hand = self.known[o][:]
                if o == payer and attempt == 63:
                    for card in self._cards_to_pay(hand, deck, sum(self.hands[o]), task[1], r):
                        deck.remove(card)
                        hand[card] += 1
                for _ in range(sum(self.hands[o]) - sum(hand)):
                    hand[deck.pop()] += 1
                hands[o] = hand
            if payer < 0 or can_pay(hands[payer], task[1]):
                break
        for o in others:
            s.hands[o] = hands[o]
        s.deck = deck

    @staticmethod
    def _cards_to_pay(hand: list[int], pool: list[int], size: int, targets: tuple[int, ...],
                      r: Rng) -> list[int]:
        """Cards from ``pool`` that, added to ``hand`` (up to ``size`` cards),
        pay for ``targets``: the first fit among shuffled payment choices."""
        available = hand[:]
        for card in pool:
            available[card] += 1

        def search(i: int, paid: list[int]) -> list[int] | None:
            if i == len(targets):
                extra = [0] * CARD_KINDS
                for card in paid:
                    extra[card] += 1
                need = [card for card in range(CARD_KINDS) for _ in range(max(0, extra[card] - hand[card]))]
                return need if sum(hand) + len(need) <= size else None
            options = payment_options(available, targets[i])
            r.shuffle(options)
            for pay in options:
                for card in pay:
                    available[card] -= 1
                found = search(i + 1, paid + list(pay))
                for card in pay:
                    available[card] += 1
                if found is not None:
                    return found
            return None

        return search(0, []) or []

    # ------------------------------------------------------------------ saving

    def to_json(self) -> str:
        """The whole state as JSON text (versioned; exact round trip)."""
        return json.dumps({
            "format": FORMAT, "version": VERSION, "seed": self.seed, "start": self.start,
            "n": self.n, "planets": self.pos, "comet": self.comet_at, "comet_start": self.comet_from,
            "comet_steps": self.comet_steps, "round": self.round, "turn": self.turn, "first": self.first,
            "k": self.k, "actions_left": self.actions_left, "acted": self.acted, "tokens": self.tokens,
            "reserve": self.reserve, "studied": self.studied, "asteroid_on": self.asteroid_on,
            "asteroids": self.asteroids, "asteroids_spent": self.asteroids_spent, "hands": self.hands,
            "known": self.known, "deck": self.deck, "display": self.display, "discards": self.discards,
            "bonus_deck": self.bonus_deck, "bonus_hands": self.bonus_hands, "novas": self.novas,
            "bonus_played": self.bonus_played, "objectives": self.objectives,
            "objective_pool": self.objective_pool, "event_deck": self.event_deck, "event": self.event,
            "events_seen": self.events_seen, "stack": [list(t) for t in self.stack], "over": self.over,
            "winners": self.winners, "end_reason": self.end_reason, "rng": self.rng.state,
        }, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str | bytes) -> "State":
        """Rebuild a state from :meth:`to_json`. Anything corrupt, from
        another version or impossible under the rules raises
        :class:`InvalidState` with a message saying what is wrong."""
        from .validate import state_from_dict
        try:
            data = json.loads(text)
        except (TypeError, ValueError) as exc:
            raise InvalidState(f"not a saved game (unreadable JSON: {exc})") from None
        return state_from_dict(cls, data)

    # ---------------------------------------------------------------- printing

    def __repr__(self) -> str:
        status = "over" if self.over else f"seat {self.current_player} to {self.decision()}"
        return f"<Ptolemaeus {self.n}p round {self.round} turn {self.turn}: {status}>"


def _card_list(counts: list[int]) -> list[str]:
    return [CARD_NAMES[c] for c in range(len(counts)) for _ in range(counts[c])]


def _public_task(task: tuple | None) -> dict[str, Any] | None:
    """The pending decision as everyone sees it."""
    if task is None:
        return None
    kind = task[0]
    out: dict[str, Any] = {"kind": kind}
    if kind == "observe":
        out["targets"] = [CONSTELLATIONS[c] for c in task[1]]
    elif kind == "study":
        out["at"] = CONSTELLATIONS[task[1]]
    elif kind == "signa":
        out["colour"] = task[1]
    elif kind in ("mars", "saturnus", "eclipsis"):
        out["seat"] = task[1]
        out["count"] = task[2] if kind != "eclipsis" else ECLIPSIS_DISCARD
    elif kind in ("nova_luna", "venus", "iupiter", "mercurius"):
        out["remaining"] = task[1]
    return out


def new_game(players: int = 2, seed: int = 0, start: str | datetime | Any = "1969-07-20T20:17Z",
             planets: dict[str, str] | None = None) -> State:
    """Start a game: ``players`` 1..4 (1 = solitaire, R18), a ``seed`` for
    every shuffle, and the start date (ISO string, date or datetime; a date
    alone means 12:00 UTC) that places the planets as in the real sky.
    ``planets`` overrides the sky (for scenarios and tests)."""
    if planets is None:
        from .sky import parse_start, planets_at
        when = parse_start(start)
        planets = planets_at(when)
        start_text = when.isoformat()
    else:
        start_text = str(start) if start is not None else ""
    return State.setup(players, seed, planets, start_text)
