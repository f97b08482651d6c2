"""The bonus cards, their "if you have studied X" upgrades, and the opponents' answers (R10-R13)."""

from __future__ import annotations

from . import actions as A
from .actions import Action
from .common import _SIGNA, _UPGRADE_BIT
from .data import (
    BONUS_TYPES,
    CARD_KINDS,
    CONSTELLATIONS,
    IUPITER_ORIENTALIS,
    MALEFICUS_MARS,
    MALEFICUS_SATURNUS,
    MERCURIUS_RETROGRADUS,
    N_CONST,
    NOVA_LUNA,
    SOL_IN_MEDIO_CAELI,
    TRINES,
    VENUS_RETROGRADA,
)
from .fields import StateFields


class BonusRules(StateFields):
    """Mixin of :class:`~ptolemaeus.state.State`."""

    __slots__ = ()

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

