"""The End of Round Phase, in the rulebook's order (R14, R15, R19)."""

from __future__ import annotations

from .common import _ECLIPSIS
from .data import CONSTELLATIONS, EVENT_CARDS, EVENT_PLANETS, N_CONST, PLANETS
from .fields import StateFields


class RoundEndRules(StateFields):
    """Mixin of :class:`~ptolemaeus.state.State`."""

    __slots__ = ()

    def _end_of_round(self) -> None:
        """End of Round Phase (R15): planets, Comet, swept tokens, next event,
        the Astrolabe passes. R19: once the Comet reaches or passes its start
        marker, the game ends right after 1A-1B (no event card, no Eclipsis)."""
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
        # R19: the Comet's last movement ends the game before step 2.
        if self.comet_steps >= N_CONST:
            self._game_over_by_comet()
            return
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
        self.stack.append(("round_end",))
        first = self.first
        for i in reversed(range(self.n)):
            o = (first + i) % self.n
            if any(self.hands[o]):
                self.stack.append(("eclipsis", o))

    def _finish_round(self) -> None:
        """Steps 3-4 (the game's end by the Comet came before step 2: R19)."""
        self.first = (self.first + 1) % self.n
        self.round += 1
        self.turn = 1
        self.k = 0
        self._emit("new_round", round=self.round, first=self.first)
        self._begin_turn()

