"""The state of a game of The Downfall of Pompeii and every rule that changes it.

A :class:`State` is mutable; :meth:`State.apply` plays one legal action (or
raises :class:`~gamekit.game.IllegalAction` and changes nothing) and returns
the public events of that step. Chance is spent at setup only (the deck and
the bag are put in order from the seed, P21-P27), so a seed plus the list of
actions replays a game exactly.

Decision points (``state.step``), all taken by ``state.current_player``:
``play`` (phase 1: a card and a square, or the early eruption), ``relative``
(P40), ``omen`` (P37), ``lava`` (opening tiles P43 and phase 2 P46-P50) and
``move`` (P53-P61). Drawing cards and tiles is automatic.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from gamekit.game import IllegalAction, SetupError

from . import board as B
from .actions import Action, shown
from .board import AD79, OMEN

__all__ = ["VARIANTS", "State", "new_game"]

VARIANTS = ("standard", "dual-vent")
_NSYM = len(B.SYMBOLS)
_SYM_INDEX = {s: i for i, s in enumerate(B.SYMBOLS)}
# Tiles: 0..5 an ordinary tile of that symbol; 6..8 a dual vent tile (P66).
_DUAL = tuple(tuple(_SYM_INDEX[y] for y in pair) for pair in B.DUAL_TILES)
_BUILDING_SQUARES = tuple(s for s in range(B.SQUARES) if B.CAPACITY[s] > 0)
_NUMBER_SQUARES = {n: tuple(s for p in B.NUMBER_PARTS[n] for s in B.UNIT_SQUARES[p] if B.CAPACITY[s] > 0)
                   for n in B.CARD_COUNTS}
_NEUTRAL_SQUARES = tuple(s for s in _BUILDING_SQUARES if B.NEUTRAL[s])
_GATE_SET = frozenset(B.GATE_SQUARES)
# Prebuilt action values (the move generator is the engine's hot spot).
_MOVE = [[Action("move", s, t) for t in range(B.SQUARES)] for s in range(B.SQUARES)]
_LEAVE: dict[int, Action] = {s: Action("leave", s, gate=g) for s, g in B.GATE_OF.items()}
_GATE_SQUARE: dict[str, int] = {g: s for s, g in B.GATE_OF.items()}
_WALK_NB = tuple(tuple(t for t in B.NEIGHBOURS[s] if B.WALKABLE[t]) for s in range(B.SQUARES))


def tile_symbols(tile: int) -> tuple[int, ...]:
    """The symbol indices a tile may be played as (two for a dual vent tile)."""
    return (tile,) if tile < _NSYM else _DUAL[tile - _NSYM]


def tile_name(tile: int) -> str:
    return B.SYMBOLS[tile] if tile < _NSYM else "/".join(B.SYMBOLS[y] for y in _DUAL[tile - _NSYM])


class State:
    """One game in progress. Build it with :func:`new_game`."""

    def __init__(self) -> None:
        self.n = 2
        self.variant = "standard"
        self.seed = 0
        self.first = 0
        self.phase = "p1"            # p1, opening, p2, over
        self.step = "play"           # play, relative, omen, lava, move, "" (over)
        self.current = 0
        self.hands: list[list[int]] = []
        self.deck: list[int] = []    # the top card is deck[-1]
        self.boxed_cards: list[int] = []
        self.discard: list[int] = []
        self.ad79 = 0                # AD 79 cards drawn so far
        self.omens = 0               # Omen cards drawn so far
        self.cit: list[int] = []     # citizens per square and seat: cit[square * n + seat]
        self.tot: list[int] = []     # citizens per square
        self.supply: list[int] = []
        self.saved: list[int] = []
        self.dead: list[int] = []    # P7: the volcano, a casualty count per player
        self.boxed: list[int] = []   # citizens sent back to the box (P42)
        self.start_citizens = 0
        self.lava: list[int] = []    # symbol index covering each square, -1 none
        self.bag: list[int] = []     # the next tile is bag[-1]
        self.tile = -1               # the tile drawn and not yet placed
        self.aside: list[int] = []   # tiles set aside (P50)
        self.placed: list[int] = []  # tiles on the board per symbol (P48)
        self.opening_left = 0        # opening tiles still to place (P43)
        self.rel_left = 0            # relatives still allowed this turn (P40)
        self.rel_units: list[str] = []   # the trigger part, then each building used (P40.3-4)
        self.rel_colour = ""
        self.rel_number = 0
        self.moves = 0               # moves made in this movement step
        self.moved_to = -1           # square where the first move's citizen stands (-1: left)
        self.again = False           # it may move again (P59, P60)
        self.lone: frozenset[int] = frozenset()   # squares of lone citizens at turn start (P60)
        self.last_one = False        # P59 judged at the start of the movement step
        self.end_reason = ""
        self.log: list[Action] = []
        self.record = True           # keep the action log (bots switch it off)
        self.log_ok = True           # the log holds every action since the deal (saveable)
        self.deal: dict[str, Any] = {}   # the initial deal (saves replay from it)
        # a world: what its observer knows of the deal (read-only: clones share it), observer
        self.deal_for: tuple[Mapping[str, tuple[int, ...]], int] | None = None
        self.drawers: list[int] = []     # the seat that drew each card drawn so far
        self.played: list[list[int]] = []    # each seat's cards played, in order
        self.tiles_drawn: list[int] = []     # every tile drawn so far, in order
        self.revealed = False        # the last apply revealed hidden information
        self._legal: list[Action] | None = None
        self._reach: dict[tuple[int, int], list[Action]] = {}   # move cache for the current lava
        self._events: list[dict[str, Any]] = []

    # ------------------------------------------------------------ setup

    @classmethod
    def setup(cls, players: int, seed: int, variant: str = "standard", first: int | None = None) -> State:
        """P20-P28: the deck built from its piles, the hands, the bag, the first player."""
        if type(players) is not int or players not in B.CITIZENS_PER_PLAYER:
            raise SetupError(f"The Downfall of Pompeii is for 2 to 4 players, not {shown(players)} (P1)",
                             code="bad_players", players=shown(players, 20))
        if type(seed) is not int or not 0 <= seed < 2 ** 63:
            raise SetupError(f"the seed must be an integer 0..2**63-1, not {shown(seed)}", code="bad_seed")
        if variant not in VARIANTS:
            raise SetupError(f"unknown variant {shown(variant)}", code="bad_variant",
                             value=shown(variant, 40))
        if first is not None and (type(first) is not int or not 0 <= first < players):
            raise SetupError(f"first player must be a seat 0..{players - 1}", code="bad_first")
        rng = random.Random(seed)
        pompeii = [c for c, k in B.CARD_COUNTS.items() for _ in range(k)]
        rng.shuffle(pompeii)
        piles = [pompeii[4 * i:4 * i + 4] for i in range(7)]                 # P21
        mixed = pompeii[28:] + [OMEN] * 7                                    # P22
        rng.shuffle(mixed)
        k = B.BOTTOM_STACK[players]                                          # P23
        bottom = mixed[:k] + [AD79]
        rng.shuffle(bottom)
        top_to_bottom = piles[0] + piles[1] + [AD79] + mixed[k:] + bottom    # P24
        hands = [list(piles[2 + p]) for p in range(players)]                 # P25
        boxed = [c for pile in piles[2 + players:] for c in pile]
        bag = [_SYM_INDEX[y] for y, c in B.LAVA_COUNTS.items() for _ in range(c)]
        if variant == "dual-vent":                                           # P66
            bag += [_NSYM + i for i in range(len(_DUAL))]
        rng.shuffle(bag)
        if first is None:
            first = rng.randrange(players)                                   # P28, PR17
        deal = {"hands": hands, "deck": top_to_bottom, "boxed": boxed, "bag": bag}
        return cls.from_deal(players, seed, variant, first, deal)

    @classmethod
    def from_deal(cls, players: int, seed: int, variant: str, first: int, deal: dict[str, Any]) -> State:
        """A new game from an explicit deal (``deck`` top to bottom, ``bag`` in drawing
        order); the deal is kept (``State.deal``) for saves. Not validated here
        (``saves.check_deal`` does that for loaded ones)."""
        s = cls()
        s.n, s.seed, s.variant, s.first = players, seed, variant, first
        s.deal = _own_deal(deal)     # the caller's dict changed later must not change this game's saves
        s.deck = list(deal["deck"])[::-1]
        s.hands = [list(h) for h in deal["hands"]]
        s.boxed_cards = list(deal["boxed"])
        s.bag = list(deal["bag"])[::-1]
        s.played = [[] for _ in range(players)]
        s.start_citizens = B.CITIZENS_PER_PLAYER[players]                    # P3, P27
        s.supply = [s.start_citizens] * players
        s.saved, s.dead, s.boxed = [0] * players, [0] * players, [0] * players
        s.cit = [0] * (B.SQUARES * players)
        s.tot = [0] * B.SQUARES
        s.lava = [-1] * B.SQUARES
        s.placed = [0] * _NSYM
        s.current = first
        return s

    # ------------------------------------------------------------ basics

    @property
    def players(self) -> int:
        return self.n

    @property
    def current_player(self) -> int | None:
        return None if self.phase == "over" else self.current

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    def count(self, square: int, seat: int) -> int:
        return self.cit[square * self.n + seat]

    def in_city(self, seat: int) -> int:
        n = self.n
        return sum(self.cit[seat::n])

    def city_empty(self) -> bool:
        return not any(self.tot)

    def _emit(self, kind: str, **data: Any) -> None:
        data["type"] = kind
        self._events.append(data)

    def _put(self, square: int, seat: int, k: int = 1) -> None:
        self.cit[square * self.n + seat] += k
        self.tot[square] += k

    def _kill_square(self, square: int) -> list[int]:
        """P51/P52: every citizen on ``square`` goes to its owner's volcano."""
        n = self.n
        killed = self.cit[square * n:square * n + n]
        for p, k in enumerate(killed):
            if k:
                self.dead[p] += k
                self.cit[square * n + p] = 0
        self.tot[square] = 0
        return killed

    # ------------------------------------------------------------ legal actions

    def legal_actions(self) -> list[Action]:
        if self._legal is None:
            self._legal = self._compute_legal()
        return list(self._legal)

    def _compute_legal(self) -> list[Action]:
        step = self.step
        if step == "play":
            return self._play_actions()
        if step == "relative":
            return [Action("relative", s) for s in self._relative_squares()] + [Action("stop")]
        if step == "omen":
            return self._omen_actions()
        if step == "lava":
            return [Action("lava", s, symbol=B.SYMBOLS[y]) for y, s in self._lava_options(self.tile)]
        if step == "move":
            return self._move_actions() + [Action("end")]
        return []

    # ------------------------------------------------------------ phase 1

    def free(self, square: int) -> int:
        """P31: free spaces of a square in phase 1."""
        return B.CAPACITY[square] - self.tot[square]

    def number_full(self, number: int) -> bool:
        """P33/P34: every space of every part of ``number`` is taken (the card is wild)."""
        tot, cap = self.tot, B.CAPACITY
        return all(tot[s] >= cap[s] for s in _NUMBER_SQUARES[number])

    def _play_actions(self) -> list[Action]:
        p = self.current
        out: list[Action] = []
        tot, cap = self.tot, B.CAPACITY
        wild_squares: list[int] | None = None
        hand = self.hands[p]
        all_wild = True
        for card in sorted(set(hand)):
            squares = [s for s in _NUMBER_SQUARES[card] if tot[s] < cap[s]]
            if not squares:
                if wild_squares is None:
                    wild_squares = [s for s in _BUILDING_SQUARES if tot[s] < cap[s]]
                squares = wild_squares
            else:
                all_wild = False
            if self.supply[p] and squares:                                  # P32, PR4
                out.extend(Action("play", s, card=card) for s in squares)
            else:
                out.append(Action("play", -1, card=card))
        if all_wild and hand:                                               # P41, PR7
            out.append(Action("erupt"))
        return out

    def _do_play(self, a: Action) -> None:
        """P29-P34 (P30: the square chosen is the part chosen): play a card, place its
        citizen; relatives (P40) or the draw follow."""
        p, card, square = self.current, a.card, a.square
        self.hands[p].remove(card)
        self.discard.append(card)
        self.played[p].append(card)
        self._emit("card_played", seat=p, card=card)
        if square < 0:
            self._draw()
            return
        wild = self.number_full(card)
        unit = B.UNIT[square]
        assert unit is not None
        before = sum(self.tot[s] for s in B.UNIT_SQUARES[unit])             # P40.1, PR24: the whole part
        self._put(square, p)
        self.supply[p] -= 1
        self._emit("placed", seat=p, square=list(B.rc(square)), wild=wild)
        if self.ad79 and not wild and before:                               # P35, P40.1, P34
            self.rel_left = before
            self.rel_units = [unit]
            self.rel_colour = B.UNIT_COLOUR[unit] or ""
            self.rel_number = card
            if self._relatives_possible():
                self.step = "relative"
                self._emit("relatives", seat=p, allowed=before)
                return
        self._draw()

    def _relatives_possible(self) -> bool:
        return self.rel_left > 0 and self.supply[self.current] > 0 and bool(self._relative_squares())

    def _relative_squares(self) -> list[int]:
        """P40.3-P40.4, PR6: free squares of the other part of the number, parts of the
        same colour, neutral buildings; never a building already used this turn."""
        used = self.rel_units
        tot, cap = self.tot, B.CAPACITY
        colour, number = self.rel_colour, self.rel_number
        out = []
        for s in _BUILDING_SQUARES:
            if tot[s] >= cap[s]:
                continue
            u = B.UNIT[s]
            if u in used:
                continue
            if B.NEUTRAL[s] or B.NUMBER[s] == number or B.COLOUR[s] == colour:
                out.append(s)
        return out

    def _do_relative(self, a: Action) -> None:
        p = self.current
        unit = B.UNIT[a.square]
        assert unit is not None
        self._put(a.square, p)
        self.supply[p] -= 1
        self.rel_left -= 1
        self.rel_units.append(unit)
        self._emit("relative_placed", seat=p, square=list(B.rc(a.square)))
        if not self._relatives_possible():                                  # P40.6
            self._draw()

    def _draw(self) -> None:
        """P29 (3), P36-P39, PR3: draw until a Pompeii card (or an Omen to resolve, or the end);
        AD 79 and Omen cards act when drawn and never enter a hand."""
        p = self.current
        self.step = "play"
        self.rel_left = 0
        self.rel_units = []
        while True:
            if not self.deck:            # cannot happen (P24): the 2nd AD 79 comes first
                self._erupt(p, "deck")
                return
            card = self.deck.pop()
            self.drawers.append(p)
            self.revealed = True
            if card == AD79:
                self.ad79 += 1
                self.discard.append(card)
                self._emit("ad79", seat=p, count=self.ad79)
                if self.ad79 >= 2:                                          # P38, PR22
                    self._erupt(p, "ad79")
                    return
                continue                                                    # P36, PR21
            if card == OMEN:                                                # P37, PR5
                self.omens += 1
                self.discard.append(card)
                self._emit("omen", seat=p)
                if self._omen_actions():
                    self.step = "omen"
                    return
                self._emit("omen_without_victim", seat=p)
                continue
            self.hands[p].append(card)
            self._emit("card_drawn", seat=p, hand=len(self.hands[p]))
            self.current = (p + 1) % self.n
            return

    def _omen_actions(self) -> list[Action]:
        n, p, cit = self.n, self.current, self.cit
        out: list[Action] = []
        for s in B.CITY:
            if self.tot[s]:
                base = s * n
                out.extend(Action("omen", s, seat=q) for q in range(n) if q != p and cit[base + q])
        return out

    def _do_omen(self, a: Action) -> None:
        self._put(a.square, a.seat, -1)
        self.dead[a.seat] += 1
        self._emit("omen_victim", seat=self.current, victim=a.seat, square=list(B.rc(a.square)))
        self._draw()

    def _do_erupt(self) -> None:
        """P41, PR7: the hand is shown and phase 1 ends as if the 2nd AD 79 were drawn."""
        p = self.current
        self.revealed = True
        self._emit("eruption_declared", seat=p, hand=sorted(self.hands[p]))
        self._erupt(p, "declared")

    def _erupt(self, drawer: int, how: str) -> None:
        """P42-P43: hands to the discard pile, supplies to the box, the opening lava."""
        for p in range(self.n):
            self.discard.extend(self.hands[p])
            self.hands[p] = []
            self.boxed[p] += self.supply[p]
            self.supply[p] = 0
        self.phase = "opening"
        self.opening_left = 6
        self._emit("eruption", seat=drawer, how=how)
        if self.city_empty():                                               # P63
            self._finish("city_empty")
            return
        self._begin_lava_turn((drawer + 1) % self.n)

    # ------------------------------------------------------------ lava

    def _begin_lava_turn(self, p: int) -> None:
        """P43 / P46 (1): draw a tile; P50, PR9: set it aside when it has no legal square."""
        self.current = p
        self.step = "lava"
        self.moves = 0
        self.moved_to = -1
        self.again = False
        if self.phase == "p2":
            n, cit, tot = self.n, self.cit, self.tot
            self.lone = frozenset(s for s in B.CITY if tot[s] == 1 and cit[s * n + p])   # P60, PR13
        if not self.bag:                 # cannot happen: P62 ends the game first
            self._finish("bag_empty")
            return
        t = self.bag.pop()
        self.tiles_drawn.append(t)
        self.revealed = True
        self.tile = t
        self._emit("tile_drawn", seat=p, tile=tile_name(t), left=len(self.bag))
        self._legal = legal = self._compute_legal()
        if not legal:
            self.aside.append(t)
            self.tile = -1
            self._legal = None
            self._emit("tile_set_aside", seat=p, tile=tile_name(t))
            self._after_lava(p)

    def lava_squares(self, symbol: int) -> list[int]:
        """P48-P49, PR8, PR23: where a tile of ``symbol`` may go now."""
        lava = self.lava
        vent = B.VENT_OF[B.SYMBOLS[symbol]]
        if not self.placed[symbol]:
            return [vent] if lava[vent] < 0 else []
        out = set()
        nb, vents = B.NEIGHBOURS, B.VENT
        for s in [q for q, y in enumerate(lava) if y == symbol]:
            for t in nb[s]:
                if lava[t] < 0 and not vents[t]:
                    out.add(t)
        return sorted(out)

    def _lava_options(self, tile: int) -> list[tuple[int, int]]:
        if tile < 0:
            return []
        return [(y, s) for y in tile_symbols(tile) for s in self.lava_squares(y)]

    def _do_lava(self, a: Action) -> None:
        p, s = self.current, a.square
        y = _SYM_INDEX[a.symbol]
        self.lava[s] = y
        self._reach = {}
        self.placed[y] += 1
        self.tile = -1
        killed = self._kill_square(s)                                       # P51 (P44: in the opening too)
        closed = {"gate": B.GATE_OF[s]} if s in _GATE_SET else {}           # P52, PR23: closed for good
        self._emit("lava_placed", seat=p, square=list(B.rc(s)), symbol=a.symbol, killed=killed, **closed)
        # P52, PR10. Lava on a square with at most one open walkable neighbour (not a
        # gate) cannot cut anybody else off: skip the search then.
        lava = self.lava
        open_nb = sum(1 for t in _WALK_NB[s] if lava[t] < 0)
        trapped = self._kill_trapped() if open_nb >= 2 or s in _GATE_SET else []
        if trapped:
            self._emit("trapped", squares=[[*B.rc(t), *k] for t, k in trapped])
        if self.city_empty():                                               # P63, PR14
            self._finish("city_empty")
            return
        self._after_lava(p)

    def reachable_from_gates(self, wanted: int = -1) -> bytearray:
        """P52: squares with a way out (a path through non-lava, non-vent squares to an open
        gate). With ``wanted`` (the number of occupied squares) the search stops once every
        occupied square is reached, since only those matter."""
        lava, tot = self.lava, self.tot
        seen = bytearray(B.SQUARES)
        stack = [g for g in B.GATE_SQUARES if lava[g] < 0]
        for g in stack:
            seen[g] = 1
            if tot[g]:
                wanted -= 1
        nb = _WALK_NB
        while stack and wanted:
            s = stack.pop()
            for t in nb[s]:
                if not seen[t] and lava[t] < 0:
                    seen[t] = 1
                    stack.append(t)
                    if tot[t]:
                        wanted -= 1
        return seen

    def _kill_trapped(self) -> list[tuple[int, list[int]]]:
        tot = self.tot
        occupied = [q for q in B.CITY if tot[q]]
        if not occupied:
            return []
        seen = self.reachable_from_gates(len(occupied))
        return [(q, self._kill_square(q)) for q in occupied if not seen[q]]

    def _after_lava(self, p: int) -> None:
        if self.phase == "opening":                                         # P43, P45
            self.opening_left -= 1
            if self.opening_left == 0:
                self.phase = "p2"
                self._emit("phase", phase="p2")
            self._begin_lava_turn((p + 1) % self.n)
            return
        self.step = "move"                                                  # P46 (2), P61
        self.last_one = self.in_city(p) == 1                                # P59, PR13
        self._legal = None
        if len(self.legal_actions()) == 1:  # only "end": nothing can move
            self._end_turn(p)

    # ------------------------------------------------------------ movement

    def _movable(self, p: int) -> list[tuple[int, int]]:
        """(square, allowance) of each square from which one of ``p``'s citizens may move
        now: P53 (two different citizens), P59 and P60 (the same one twice), P54."""
        tot = self.tot
        own = self.cit[p::self.n]
        out = [(q, tot[q]) for q, k in enumerate(own) if k]
        if self.moves == 1 and not self.again and self.moved_to >= 0 and own[self.moved_to] == 1:
            out = [x for x in out if x[0] != self.moved_to]
        return out

    def destinations(self, start: int, allowance: int) -> dict[int, int]:
        """P55, P58, PR11: squares at shortest distance 1..allowance (start at 0) through
        walkable squares that are not lava. P56: only squares matter now, not spaces."""
        lava, walk, nb = self.lava, B.WALKABLE, B.NEIGHBOURS
        dist = {start: 0}
        frontier = [start]
        for d in range(1, allowance + 1):
            nxt = []
            for s in frontier:
                for t in nb[s]:
                    if t not in dist and walk[t] and lava[t] < 0:
                        dist[t] = d
                        nxt.append(t)
            if not nxt:
                break
            frontier = nxt
        return dist

    def _move_actions(self) -> list[Action]:
        if self.moves >= 2:
            return []
        out: list[Action] = []
        cache = self._reach
        for key in self._movable(self.current):
            acts = cache.get(key)
            if acts is None:
                acts = cache[key] = self._reach_actions(*key)
            out.extend(acts)
        return out

    def _reach_actions(self, s: int, allowance: int) -> list[Action]:
        """P58: the moves (and ways out, P57) of a citizen on ``s`` with ``allowance`` points,
        as lava stands (cached until the next lava tile)."""
        out: list[Action] = []
        lava, walk, nb = self.lava, B.WALKABLE, B.NEIGHBOURS
        row = _MOVE[s]
        if allowance == 1:                      # the common case: one step
            for t in nb[s]:
                if walk[t] and lava[t] < 0:
                    out.append(row[t])
            if s in _GATE_SET and lava[s] < 0:                              # P57
                out.append(_LEAVE[s])
            return out
        for t, d in self.destinations(s, allowance).items():
            if d:
                out.append(row[t])
            if d < allowance and t in _GATE_SET and lava[t] < 0:            # P57
                out.append(_LEAVE[s] if t == s else Action("leave", s, gate=B.GATE_OF[t]))
        return out

    def path(self, start: int, goal: int) -> list[int]:
        """A shortest walkable path from ``start`` to ``goal`` (both included), for animation."""
        lava, walk, nb = self.lava, B.WALKABLE, B.NEIGHBOURS
        prev = {start: start}
        frontier = [start]
        while frontier and goal not in prev:
            nxt = []
            for s in frontier:
                for t in nb[s]:
                    if t not in prev and walk[t] and lava[t] < 0:
                        prev[t] = s
                        nxt.append(t)
            frontier = nxt
        out = [goal]
        while out[-1] != start:
            out.append(prev[out[-1]])
        return out[::-1]

    def _do_move(self, a: Action) -> None:
        p, s = self.current, a.square
        self._put(s, p, -1)
        if a.kind == "move":
            self._put(a.to, p)
            self.moved_to = a.to
            route = self.path(s, a.to) if self.record else [s, a.to]
            self._emit("moved", seat=p, path=[list(B.rc(t)) for t in route])
        else:
            self.saved[p] += 1
            self.moved_to = -1
            g = _GATE_SQUARE[a.gate]
            route = self.path(s, g) if self.record else [s, g]
            self._emit("saved", seat=p, gate=a.gate, path=[list(B.rc(t)) for t in route])
        self.moves += 1
        if self.moves == 1:
            self.again = self.last_one or s in self.lone                   # P59, P60
        if self.city_empty():                                               # P63, PR14
            self._finish("city_empty")
            return
        self._legal = None
        if self.moves >= 2 or len(self.legal_actions()) == 1:
            self._end_turn(p)

    def _end_turn(self, p: int) -> None:
        """P62, P67: the turn of the last tile (45th, or 48th with the variant) ends the game;
        else the next player's lava step."""
        self.step = ""
        self._legal = None
        if not self.bag:
            self._finish("bag_empty")
            return
        self._begin_lava_turn((p + 1) % self.n)

    # ------------------------------------------------------------ the end

    def _finish(self, reason: str) -> None:
        """P64: citizens still in the city go to the volcano; P65, PR15, PR25: places."""
        n = self.n
        for s in B.CITY:
            if self.tot[s]:
                for p in range(n):
                    k = self.cit[s * n + p]
                    if k:
                        self.dead[p] += k
                        self.cit[s * n + p] = 0
                self.tot[s] = 0
        self.phase = "over"
        self.step = ""
        self.tile = -1
        self.end_reason = reason
        self._emit("game_over", reason=reason, saved=list(self.saved), dead=list(self.dead),
                   places=self.places())

    def places(self) -> list[int]:
        """PR25: 1 + the number of players strictly ahead (most saved, then fewest casualties)."""
        keys = [(self.saved[p], -self.dead[p]) for p in range(self.n)]
        return [1 + sum(1 for k in keys if k > keys[p]) for p in range(self.n)]

    def scores(self) -> list[float]:
        """P57: a saved citizen scores 1."""
        return [float(x) for x in self.saved]

    def returns(self) -> list[float]:
        """P65, PR15: 1 to the winner, shared evenly on a tie; 0 before the end."""
        if self.phase != "over":
            return [0.0] * self.n
        places = self.places()
        winners = places.count(1)
        return [1.0 / winners if x == 1 else 0.0 for x in places]

    # ------------------------------------------------------------ apply

    def apply(self, action: Any) -> list[dict[str, Any]]:
        """Play one legal action; its public events. IllegalAction (state unchanged) else."""
        if self._legal is None:
            self._legal = self._compute_legal()
        legal = self._legal
        if not isinstance(action, Action) or action not in legal or not _exact(action, legal):
            raise self._illegal(action)
        events: list[dict[str, Any]] = []
        self._events = events
        self.revealed = False
        kind = action.kind
        if kind == "play":
            self._do_play(action)
        elif kind in ("move", "leave"):
            self._do_move(action)
        elif kind == "lava":
            self._do_lava(action)
        elif kind == "relative":
            self._do_relative(action)
        elif kind == "stop":
            self._draw()
        elif kind == "omen":
            self._do_omen(action)
        elif kind == "end":
            self._end_turn(self.current)
        elif kind == "erupt":
            self._do_erupt()
        if self.record:
            self.log.append(action)
        else:
            self.log_ok = False
        if self._legal is legal:
            self._legal = None
        return events

    def _illegal(self, action: Any) -> IllegalAction:
        if self.phase == "over":
            return IllegalAction("the game is over", code="game_over")
        if not isinstance(action, Action):
            return IllegalAction(f"not an action of this game: {shown(action, 200)}", code="bad_action")
        text = shown(tuple(action), 200)
        if all(action.kind != a.kind for a in self.legal_actions()):
            return IllegalAction(f"{text} is not possible now: the game waits for a {self.step} decision",
                                 code="wrong_step", kind=shown(action.kind, 20), step=self.step)
        return IllegalAction(f"{text} is not legal here", code="not_legal", action=text)

    # ------------------------------------------------------------ copies

    def clone(self) -> State:
        c = State.__new__(State)
        d = self.__dict__.copy()
        d["hands"] = [h[:] for h in self.hands]
        d["played"] = [h[:] for h in self.played]
        for k in ("deck", "boxed_cards", "discard", "cit", "tot", "supply", "saved", "dead", "boxed",
                  "lava", "bag", "aside", "placed", "rel_units", "log", "drawers", "tiles_drawn"):
            d[k] = d[k][:]
        d["_events"] = []
        # The deal is only read, but a clone's must be its own: whatever changes it in place
        # would change the original's saves (deal_for, which a world's deal is worked out
        # from, cannot be changed: it is shared).
        d["deal"] = _own_deal(self.deal)
        c.__dict__ = d
        return c

    def __repr__(self) -> str:
        return (f"<Pompeii {self.n}p {self.phase}/{self.step} seat {self.current} saved {self.saved} "
                f"dead {self.dead}>")


def new_game(players: int = 2, seed: int = 0, variant: str = "standard", first: int | None = None) -> State:
    """A new game (P20-P28)."""
    return State.setup(players, seed, variant, first)


def _own_deal(deal: dict[str, Any]) -> dict[str, Any]:
    """A copy of a deal (``State.deal``) sharing no list with it; ``{}`` stays ``{}``."""
    return {k: [list(h) for h in v] if k == "hands" else list(v) for k, v in deal.items()}


def _exact(action: Action, legal: list[Action]) -> bool:
    """``action`` is one of ``legal`` field by field with the same types: ``card=0.0`` or
    ``seat=True`` equal a legal action but are not one (and would not save as one). An action
    taken from ``legal_actions()`` itself passes at once."""
    for a in legal:
        if a is action:
            return True
    return any(a == action and all(type(x) is type(y) for x, y in zip(a, action, strict=True)) for a in legal)
