"""Observing, placing Almagest tokens and studying planets (rulebook "Observe", "Studying a planet", R4-R9)."""

from __future__ import annotations

from . import actions as A
from .actions import Action
from .common import _bits
from .data import CONSTELLATIONS, N_CONST, PLANETS, TRINES
from .fields import StateFields
from .payment import can_pay


class PlacingRules(StateFields):
    """Mixin of :class:`~ptolemaeus.state.State`."""

    __slots__ = ()

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
        if reserve >= len(targets) and all(toks[c] + targets.count(c) <= 2 for c in targets):
            return True          # no token is a third one: nothing R5 could forbid
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

