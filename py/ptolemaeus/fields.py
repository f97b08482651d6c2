"""The attributes of a game state, declared once for the rules mixins and mypy.

``State`` is made of mixins (``cards``, ``placing``, ``bonus``, ``round_end``,
``scoring``, ``views``), each reading and writing the state's fields and calling
the others' methods. :class:`StateFields` holds the slots with their types (so
mypy checks every mixin), and, for the type checker only, the methods one mixin
calls on another.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .actions import Action
    from .rng import Rng

SLOTS = (
    "n", "pos", "at_mask", "comet_at", "comet_from", "comet_steps", "round", "turn", "first", "k",
    "actions_left", "acted", "tokens", "reserve", "studied", "asteroid_on", "asteroids",
    "asteroids_spent", "hands", "known", "deck", "display", "discards", "bonus_deck", "bonus_hands",
    "novas", "bonus_played", "objectives", "objective_pool", "event_deck", "event", "events_seen",
    "stack", "over", "winners", "end_reason", "rng", "seed", "start", "record", "last_events",
    "last_revealed", "_legal",
)


class StateFields:
    """Every field of a state, typed (the one ``__slots__`` of ``State``)."""

    __slots__ = SLOTS

    n: int
    pos: list[int]                     # planet -> constellation
    at_mask: list[int]                 # constellation -> bit mask of the planets on it (derived)
    comet_at: int
    comet_from: int
    comet_steps: int
    round: int
    turn: int
    first: int
    k: int
    actions_left: int
    acted: bool
    tokens: list[list[int]]            # seat -> constellation -> tokens
    reserve: list[int]
    studied: list[int]                 # seat -> bit mask of planets
    asteroid_on: list[int]
    asteroids: list[int]
    asteroids_spent: int
    hands: list[list[int]]             # seat -> card kind -> count
    known: list[list[int]]
    deck: list[int]
    display: list[int]
    discards: list[int]
    bonus_deck: list[int]
    bonus_hands: list[list[int]]
    novas: list[int]
    bonus_played: list[int]
    objectives: list[int]
    objective_pool: list[int]
    event_deck: list[int]
    event: int
    events_seen: list[int]
    stack: list[tuple[Any, ...]]       # pending decisions, the top one last
    over: bool
    winners: list[int]
    end_reason: str
    rng: Rng
    seed: int
    start: str
    record: bool
    last_events: list[dict[str, Any]]
    last_revealed: bool
    _legal: tuple[Action, ...] | None

    if TYPE_CHECKING:
        # Methods one mixin calls on another (defined in state.py and the mixins).
        @property
        def player(self) -> int: ...
        @property
        def current_player(self) -> int | None: ...
        @property
        def planets(self) -> dict[str, str]: ...
        @property
        def comet(self) -> str: ...
        @property
        def comet_start(self) -> str: ...
        def _emit(self, kind: str, **data: Any) -> None: ...
        def _opponents(self, p: int) -> list[int]: ...
        def _refresh_at_mask(self) -> None: ...
        def _begin_turn(self) -> None: ...
        def occupied(self, c: int) -> bool: ...
        def legal_actions(self) -> list[Action]: ...
        def decision(self) -> str: ...
        def clone(self) -> Any: ...
        def _cards_left(self) -> bool: ...
        def _refill_display(self) -> None: ...
        def _draw_bonus(self, p: int) -> None: ...
        def _draw_actions(self, any_wild: bool) -> list[Action]: ...
        def _discard(self, p: int, cards: Any) -> None: ...
        def _place_options(self, p: int, c: int, rest: tuple[int, ...] = (),
                           exclude_source: int = -1) -> list[int]: ...
        def _simulate_place(self, toks: list[int], reserve: int, studied: int, c: int,
                            source: int) -> tuple[list[int], int, int] | None: ...
        def _place(self, p: int, c: int, source: int, how: str) -> None: ...
        def _study(self, p: int, c: int, planet: int, how: str) -> None: ...
        def _check_points(self, p: int) -> None: ...
        def _game_over_by_comet(self) -> None: ...
        def _reveal_event(self) -> None: ...
        def _finish_round(self) -> None: ...
        def _end_of_round(self) -> None: ...
        def score(self, p: int) -> int: ...
        def scores(self) -> list[int]: ...
        def score_breakdown(self, seat: int) -> dict[str, int]: ...
        def _breakdown(self, p: int) -> dict[str, int]: ...
