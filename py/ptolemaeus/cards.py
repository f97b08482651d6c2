"""The constellation and bonus decks, the face-up display (rulebook "Draw", R2, R3, R13)."""

from __future__ import annotations

from collections.abc import Iterable

from . import actions as A
from .actions import Action
from .common import _NOVA_CONSTELLATIO
from .data import CARD_KINDS, CARD_NAMES, COLOUR_OF, DISPLAY_SIZE, FIVE_OF_A_COLOUR, WILD
from .fields import StateFields


class CardRules(StateFields):
    """Mixin of :class:`~ptolemaeus.state.State`."""

    __slots__ = ()

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

