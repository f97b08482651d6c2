"""The game state, the turn, and the rules modules it is made of.

The rules read like the rulebook, one module a section (rulings R1..R19 are
``shared/rules/ptolemaeus-rulings.md``):

- setup and the turn (draw / observe / configuration, R2, R10): this module;
- ``cards``: decks and the face-up display (R2, R3, R13);
- ``placing``: observing, placing tokens, studying planets (R4-R9);
- ``bonus``: the bonus cards and their upgrades, opponents' answers (R10-R13);
- ``round_end``: the End of Round Phase (R14, R15, R19);
- ``scoring``: scores and the end of the game (R16, R18);
- ``views``: what a player may see, and determinization (R17).

The state follows the OpenSpiel contract: ``current_player`` decides now,
``legal_actions()`` lists the choices, ``apply()`` plays one, ``clone()`` is a
cheap copy. Every decision, including an opponent's answer to Maleficus and
the Eclipsis discards, is an :class:`~ptolemaeus.actions.Action`. Pending
decisions live on a small stack of tasks, so a bonus card's effects can
interrupt a placement and resume it, as at the table.
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from gamekit import safejson
from gamekit.memo import BoundedMemo

from . import actions as A
from .actions import Action, well_formed
from .bonus import BonusRules
from .cards import CardRules
from .common import _ECLIPSIS, _N_BONUS, _OTHER_SEAT_TASKS, _bits
from .data import (
    ASTEROIDS_PER_TRADE,
    BONUS_COUNTS,
    BONUS_INDEX,
    BONUS_TYPES,
    CARD_KINDS,
    CARD_NAMES,
    CONSTELLATIONS,
    COPIES_PER_CARD,
    DISPLAY_SIZE,
    ECLIPSIS_DISCARD,
    EVENT_CARDS,
    HAND_SIZE_AT_SETUP,
    MAX_PLAYERS,
    MIN_PLAYERS,
    N_CONST,
    OBJECTIVES,
    PLANET_INDEX,
    PLANETS,
    SOLITAIRE_REMOVED,
    TOKENS_PER_PLAYER,
    TURNS_PER_ROUND,
    WILD,
)
from .dates import historic_sky
from .errors import IllegalAction, InvalidState, SetupError
from .fields import SLOTS
from .payment import can_pay, can_pay_one, payment_options
from .placing import PlacingRules
from .rng import Rng
from .round_end import RoundEndRules
from .scoring import ScoringRules
from .views import ViewRules

# Memo of State._observations: (hand, own tokens, reserve, studied planets,
# planets' places, Comet) -> the observations. Bounded: cleared when full.
_OBSERVATIONS: BoundedMemo[tuple, tuple[Action, ...]] = BoundedMemo(20000)
# Memo of the placements of an observation under way (State._placements): (targets
# left, hand, own tokens, reserve, studied planets, planets' places, Comet) -> the
# PLACE actions. Bounded like _OBSERVATIONS.
_PLACEMENTS: BoundedMemo[tuple, tuple[Action, ...]] = BoundedMemo(5000)   # about 5 MB when full

# The draws (A. of a turn), made once: actions are immutable.
_DRAW_DECK = Action(A.DRAW_DECK)
# The observations, one Action per target tuple (at most 46 of them): shared by the entries of
# _OBSERVATIONS, which would otherwise each hold their own copies (about 1.6 KB an entry instead
# of 0.5; a full memo ~32 MB instead of ~11 in the page, measured 2026-11-27).
_OBSERVES: dict[tuple[int, ...], Action] = {}
_TAKES = tuple(Action(A.TAKE, cards=(card,)) for card in range(CARD_KINDS))

FORMAT = "ptolemaeus-state"
VERSION = 1
# The largest seed a save holds (a seed must survive the JSON round trip: gamekit.safejson).
MAX_SEED = 2 ** 64


class State(CardRules, PlacingRules, BonusRules, RoundEndRules, ScoringRules, ViewRules):
    """A game of Ptolemaeus in progress. Create one with :func:`new_game`."""

    __slots__ = ()          # the fields: fields.StateFields

    # ------------------------------------------------------------------ setup

    @classmethod
    def setup(cls, players: int, seed: int, planets: dict[str, str], start: str = "") -> State:
        """Lay out a new game (rulebook "Setup", R3, R14, R18).

        ``planets`` maps every planet name to its constellation (normally from
        :func:`ptolemaeus.sky.planets_at`)."""
        if type(players) is not int or not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise SetupError(f"players must be {MIN_PLAYERS}..{MAX_PLAYERS}, not {A.shown(players)}",
                             code="bad_players", minimum=MIN_PLAYERS, maximum=MAX_PLAYERS)
        if type(seed) is not int or not -MAX_SEED < seed < MAX_SEED:
            raise SetupError(f"seed must be a whole number of at most 64 bits, not {A.shown(seed)}",
                             code="bad_seed")
        if (not isinstance(planets, dict) or set(planets) != set(PLANETS)
                or any(not isinstance(v, str) or v not in CONSTELLATIONS for v in planets.values())):
            raise SetupError("planets must map each of the 7 planets to a constellation name", code="bad_planets")
        if not isinstance(start, str):
            raise SetupError("start must be text", code="bad_start")
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
        out: list[Action] = [_DRAW_DECK] if self._cards_left() else []
        out += [_TAKES[card] for card in sorted(set(self.display))]
        # The observations depend on nothing but this key; searches meet the
        # same one again and again (every root candidate, every opponent turn).
        key = (*self.hands[p], *self.tokens[p], self.reserve[p], self.studied[p], *self.at_mask, self.comet_at)
        obs = _OBSERVATIONS.get(key)
        if obs is None:
            obs = _OBSERVATIONS.put(key, tuple(self._observations(p)))
        out.extend(obs)
        return out

    def _observations(self, p: int) -> list[Action]:
        """B and C: every observation ``p`` can pay for and place (R4, R5)."""
        out: list[Action] = []
        hand = self.hands[p]
        affordable: dict[int, bool] = {}          # R4, per token, asked once per constellation
        for targets in self._observable():
            for c in targets:
                if c not in affordable:
                    affordable[c] = can_pay_one(hand, c)
                if not affordable[c]:
                    break
            else:
                if self._observation_possible(p, targets):
                    action = _OBSERVES.get(targets)
                    if action is None:
                        action = _OBSERVES[targets] = Action(A.OBSERVE, targets)
                    out.append(action)
        return out

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
            # The placements depend on nothing but this key; a bot's search meets the
            # same one again on every determinization (greedy judging an observation).
            key = (task[1], *self.hands[p], *self.tokens[p], self.reserve[p], self.studied[p],
                   *self.at_mask, self.comet_at)
            acts = _PLACEMENTS.get(key)
            if acts is None:
                acts = _PLACEMENTS.put(key, tuple(self._placements(p, task[1])))
            return list(acts)
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

    def _placements(self, p: int, targets: tuple[int, ...]) -> list[Action]:
        """The PLACE actions of an observation under way: which token next, how paid, from where."""
        hand = self.hands[p]
        out: list[Action] = []
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

    # --------------------------------------------------------------- applying

    def apply(self, action: Action) -> None:
        """Play ``action`` for :attr:`current_player`. Anything that is not one of
        :meth:`legal_actions` (a look-alike with a float, a bool, a nested tuple
        included) raises :class:`IllegalAction` and changes nothing; so does an
        unexpected error while applying it (the state is restored, then it is raised)."""
        legal = self.legal_actions() if self._legal is None else self._legal
        try:
            found = legal.index(action)
        except (ValueError, TypeError):   # not there (or an object that cannot even be compared)
            found = -1
        # One of legal_actions() itself needs no closer look; an equal look-alike does
        # (3.0 == 3 and True == 1, so membership alone would let it through).
        if found < 0 or (legal[found] is not action and not well_formed(action)):
            if not well_formed(action):
                raise IllegalAction(f"not an action of this game: {A.shown(action)}", code="not_an_action")
            if self.over:
                raise IllegalAction("the game is over", code="game_over")
            raise IllegalAction(self._why_illegal(action), code="illegal_action", seat=self.current_player)
        if not self.record:           # a bot's simulation: no safety copy, speed matters
            self.last_events = []
            self.last_revealed = False
            self._do(action)
            self._advance()
            return
        before = self.clone()
        before._legal = self._legal
        events = self.last_events
        self.last_events = []
        self.last_revealed = False
        try:
            self._do(action)
            self._advance()
        except BaseException:
            for name in SLOTS:
                setattr(self, name, getattr(before, name))
            self.last_events = events
            raise

    def _why_illegal(self, action: Action) -> str:
        try:
            text = str(action)
        except (IndexError, TypeError, ValueError):
            text = A.shown(action)
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
                        while self.tokens[o][c] > 0:
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
            if self.actions_left > 0 and (self.display or self._cards_left()):
                # A draw is there to take, so ending the turn is not the only choice: the
                # legal actions are computed when asked (legal_actions), not here (a bot's
                # simulation often never asks: it judges the state and drops it).
                return
            legal = self._compute_legal()
            if len(legal) == 1 and legal[0].kind == A.END_TURN:
                self._do(legal[0])
                continue
            self._legal = tuple(legal)
            return

    # ------------------------------------------------------------------ copies

    def clone(self) -> State:
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
    def from_json(cls, text: str | bytes) -> State:
        """Rebuild a state from :meth:`to_json`. Anything corrupt, from
        another version or impossible under the rules raises
        :class:`InvalidState` with a message saying what is wrong."""
        from .validate import state_from_dict
        try:
            data = safejson.loads(text)
        except safejson.JSONLimitError as exc:
            raise InvalidState(f"not a saved game ({exc})", code=exc.code) from None
        return state_from_dict(cls, data)

    # ---------------------------------------------------------------- printing

    def __repr__(self) -> str:
        status = "over" if self.over else f"seat {self.current_player} to {self.decision()}"
        return f"<Ptolemaeus {self.n}p round {self.round} turn {self.turn}: {status}>"


def new_game(players: int = 2, seed: int = 0, start: str | datetime | Any = "1969-07-20T20:17Z",
             planets: dict[str, str] | None = None) -> State:
    """Start a game: ``players`` 1..4 (1 = solitaire, R18), a ``seed`` for
    every shuffle, and the start date (ISO string, date or datetime; a date
    alone means 12:00 UTC) that places the planets as in the real sky.
    ``planets`` overrides the sky (for scenarios and tests).  A historic date's sky is
    looked up (``dates.HISTORIC_SKIES``), any other computed (``sky``, astronomy-engine)."""
    known = historic_sky(start) if planets is None else None
    if known is not None:
        start_text, signs = known
        planets = dict(zip(PLANETS, signs, strict=True))
    elif planets is None:
        from .sky import parse_start, planets_at
        when = parse_start(start)
        planets = planets_at(when)
        start_text = when.isoformat()
    else:
        start_text = str(start) if start is not None else ""
    return State.setup(players, seed, planets, start_text)
