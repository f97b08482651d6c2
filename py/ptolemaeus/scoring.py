"""Scores and the end of the game (rulebook "End of game", R16, R18)."""

from __future__ import annotations

from .actions import shown
from .common import _OBJECTIVE_MASKS, _popcount
from .data import ASTEROIDS_PER_POINT, OBJECTIVE_POINTS, STUDY_POINTS, WINNING_POINTS
from .errors import SeatError
from .fields import StateFields


class ScoringRules(StateFields):
    """Mixin of :class:`~ptolemaeus.state.State`."""

    __slots__ = ()

    def score_breakdown(self, seat: int) -> dict[str, int]:
        """Everything ``seat`` would score now (R16): the study table, Nova
        Constellatio (R13), asteroids, the secret objective. :class:`SeatError`
        (``bad_seat``) for anything but a seat of the game (-1 is not the last)."""
        if type(seat) is not int or not 0 <= seat < self.n:
            raise SeatError(f"no seat {shown(seat)} in a {self.n}-player game", code="bad_seat", players=self.n)
        return self._breakdown(seat)

    def _breakdown(self, p: int) -> dict[str, int]:
        studied = self.studied[p]
        table = STUDY_POINTS[_popcount(studied)]
        objective = OBJECTIVE_POINTS[_popcount(studied & _OBJECTIVE_MASKS[self.objectives[p]])]
        asteroids = self.asteroids[p] // ASTEROIDS_PER_POINT
        nova = self.novas[p]
        return {"table": table, "nova": nova, "asteroids": asteroids, "objective": objective,
                "total": table + nova + asteroids + objective}

    def score(self, p: int) -> int:
        return self._breakdown(p)["total"]

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

