"""The contract every game's engine offers, in one typed base class.

A game's engine package provides one subclass of :class:`Rules` (e.g.
``ptolemaeus.game.PtolemaeusRules``, ``pompeii.game.PompeiiRules``). The shell
(``py/app``), the bots' machinery (``gamekit``) and the conformance suite
(``tests/conformance``) talk to a game only through it, so a second game
touches only its own packages and one registration line.

Conventions (after python-chess, OpenSpiel and boardgame.io):

* a *setup* is a JSON-able dict ``{"players": int, "seed": int, **fields}``;
  the seed lives in the state, so setup + actions replay a game exactly;
* actions are immutable, hashable values that compare with ``==``; their JSON
  form is a dict (``action_to_json`` / ``action_from_json``);
* every refusal is a :class:`GameError` (a ``ValueError``) with a ``code`` and
  ``params`` that a UI translates; ``str()`` is a plain English sentence;
* ``apply`` of an illegal action raises :class:`IllegalAction` and changes
  nothing; ``state_from_json`` of anything but a playable state raises
  :class:`InvalidState` (never another exception);
* ``view(state, None)`` is the spectator's view: no hidden information;
* bots see only ``determinize(state, observer, rng)``: every hidden thing
  re-dealt among what the observer cannot rule out.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, Protocol, TypeVar, runtime_checkable

__all__ = ["BotSearch", "GameError", "IllegalAction", "InvalidState", "Rules", "SetupError", "SetupField", "Step", "shown"]

S = TypeVar("S")
A = TypeVar("A")


def shown(value: Any, limit: int = 60) -> str:
    """``repr(value)`` cut to ``limit`` characters for an error message, never raising: bad
    input may be an int too long to print (``repr`` raises a plain ValueError past
    ``sys.get_int_max_str_digits()``), a nested list too deep, or anything else.

    >>> shown(10 ** 5000)
    '<int too large to show>'
    >>> shown("x" * 100, 8)
    "'xxxxxx…"
    """
    try:
        text = repr(value)
    except (ValueError, RecursionError, TypeError):
        text = f"<{type(value).__name__} too large to show>"
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _same(a: Any, b: Any) -> bool:
    """Equal with the same types all the way down: ``True == 1`` and ``3.0 == 3``, but an action
    holding one is not the action holding the other."""
    if type(a) is not type(b):
        return False
    if isinstance(a, tuple | list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    return bool(a == b)


class GameError(ValueError):
    """A refusal a player may see: ``code`` (stable, for translations) and ``params``.

    >>> e = GameError("seat 5 does not exist", code="bad_seat", seat=5)
    >>> (str(e), e.code, e.params)
    ('seat 5 does not exist', 'bad_seat', {'seat': 5})
    """

    default_code: ClassVar[str] = "error"

    def __init__(self, message: str = "", *, code: str | None = None, **params: Any) -> None:
        super().__init__(message)
        self.code: str = code or self.default_code
        self.params: dict[str, Any] = params


class IllegalAction(GameError):
    """An action that is not legal now (or not an action of this game at all)."""

    default_code = "illegal_action"


class InvalidState(GameError):
    """A saved state that is not a playable state of this game."""

    default_code = "invalid_state"


class SetupError(GameError):
    """A setup the game cannot start from (player count, seed, a field's value)."""

    default_code = "bad_setup"


@dataclass(frozen=True)
class SetupField:
    """One option of a game's setup, drawn by the new-game form and carried by links.

    ``kind`` is ``"choice"`` (one of ``choices``), ``"int"`` (``minimum``..``maximum``),
    ``"datetime"`` (an ISO date or date-time; ``now`` allowed when ``allow_now``) or
    ``"text"``. Its label is the UI's text ``setup.<key>``; ``choices`` are values whose
    labels are ``setup.<key>.<value>`` (the UI translates both).
    """

    key: str
    kind: str
    default: Any
    choices: tuple[Any, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    allow_now: bool = False
    advanced: bool = False          # shown under "advanced" in the form
    meta: dict[str, Any] = field(default_factory=dict, compare=False)

    def __post_init__(self) -> None:
        if self.kind not in ("choice", "int", "datetime", "text"):
            raise TypeError(f"setup field {self.key!r}: unknown kind {self.kind!r}")
        if self.kind == "choice" and self.default not in self.choices:
            raise TypeError(f"setup field {self.key!r}: default {self.default!r} is not one of its choices")


class JsonAction(Protocol):
    """An action class that writes and reads its own JSON (``Rules.action_type``)."""

    def to_json(self) -> dict[str, Any]: ...

    @classmethod
    def from_json(cls, data: Any) -> Any: ...


@runtime_checkable
class BotSearch(Protocol):
    """A bot's decision computed in slices, so a page stays responsive."""

    def step(self, max_seconds: float) -> bool:
        """Think for at most about ``max_seconds``; True once the decision is made."""

    def result(self) -> Any:
        """The chosen legal action; raises (never guesses) if there is none."""


@dataclass(frozen=True)
class Step(Generic[S]):
    """One action replayed (:meth:`Rules.replay_steps`): who took it, the state after it, its public
    events, and whether it revealed hidden information."""

    seat: int | None
    state: S
    events: list[dict[str, Any]]
    revealed: bool


class Rules(ABC, Generic[S, A]):
    """A game's rules as the shell, the bots and the conformance suite see them.

    Subclasses set the class attributes below; one that forgets one fails when
    the class is defined, with a message naming what is missing.
    """

    key: ClassVar[str]                       # "ptolemaeus": in saves and links, never changes
    version: ClassVar[int] = 1               # bump when old action lists no longer replay
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    bot_levels: ClassVar[tuple[str, ...]]    # weakest first, strongest last
    default_bot_level: ClassVar[str]
    #: The game's action class when its actions carry their own JSON (``to_json()`` and a
    #: ``from_json`` classmethod, as both games' do): then ``action_to_json`` and
    #: ``action_from_json`` need no override. A game without one must override both.
    action_type: ClassVar[type[JsonAction] | None] = None

    _REQUIRED: ClassVar[tuple[str, ...]] = ("key", "min_players", "max_players", "bot_levels",
                                            "default_bot_level")

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if getattr(cls, "__abstract_base__", False) or ABC in cls.__bases__:
            return
        missing = [name for name in cls._REQUIRED if not hasattr(cls, name)]
        if missing:
            raise TypeError(f"{cls.__name__} is not a complete game: it lacks {', '.join(missing)}")
        if not cls.bot_levels or cls.default_bot_level not in cls.bot_levels:
            raise TypeError(f"{cls.__name__}: default_bot_level {cls.default_bot_level!r} "
                            f"is not one of bot_levels {cls.bot_levels!r}")
        if not 1 <= cls.min_players <= cls.max_players:
            raise TypeError(f"{cls.__name__}: bad player range {cls.min_players}..{cls.max_players}")
        own_json = [name for name in ("action_to_json", "action_from_json")
                    if getattr(cls, name) is getattr(Rules, name)]
        if cls.action_type is None and own_json:
            raise TypeError(f"{cls.__name__}: set action_type or override {' and '.join(own_json)}")

    # ------------------------------------------------------------ setup

    def setup_fields(self) -> list[SetupField]:
        """The game's own setup options (beyond players and seed)."""
        return []

    @abstractmethod
    def new_state(self, setup: dict[str, Any]) -> S:
        """A new game; :class:`SetupError` for a setup it cannot start from."""

    def random_setup(self, rng: random.Random, players: int) -> dict[str, Any]:
        """A setup for random testing (the conformance suite): defaults and a random seed."""
        setup: dict[str, Any] = {"players": players, "seed": rng.randrange(2 ** 31)}
        for f in self.setup_fields():
            setup[f.key] = rng.choice(f.choices) if f.kind == "choice" else f.default
        return setup

    def replay(self, setup: dict[str, Any], actions: list[dict[str, Any]]) -> S:
        """The state after ``actions`` (JSON) from ``setup``; each must be legal in turn."""
        state = self.new_state(setup)
        for data in actions:
            self.apply(state, self.action_from_json(data))
        return state

    def replay_steps(self, setup: dict[str, Any], actions: list[dict[str, Any]], start: int
                     ) -> tuple[S, list[Step[S]]]:
        """The state before action ``start`` and each step from there on, replayed from ``setup``:
        what happened since a seat last decided, regenerated from a save (setup + actions) rather
        than kept as the screen showed it (a page reloaded shows its recap again). Each step's state
        is its own copy; its events are the public events ``apply`` gave."""
        if not 0 <= start <= len(actions):
            raise ValueError(f"no action {start} among {len(actions)}")
        state = self.new_state(setup)
        before: S | None = None
        steps: list[Step[S]] = []
        for i, data in enumerate(actions):
            if i == start:
                before = self.clone(state)
            seat = self.current_player(state)
            events = list(self.apply(state, self.action_from_json(data)) or ())
            if i >= start:
                steps.append(Step(seat, self.clone(state), events, bool(self.reveals_hidden(state))))
        return (state if before is None else before), steps

    # ------------------------------------------------------------ JSON

    @abstractmethod
    def state_to_json(self, state: S) -> str: ...

    @abstractmethod
    def state_from_json(self, text: str) -> S:
        """The state saved by ``state_to_json``; :class:`InvalidState` for anything else."""

    def action_to_json(self, action: A) -> dict[str, Any]:
        """The JSON of one of this game's actions; :class:`IllegalAction` for anything else, a
        value of the action type included whose JSON would not read back as exactly it (a card
        index out of range, a float or a bool for an int: the way out as strict as the way in)."""
        if self.action_type is None or not isinstance(action, self.action_type):
            raise IllegalAction(f"not an action of this game: {shown(action, 200)}", code="bad_action")
        try:
            data = action.to_json()
            ok = _same(self.action_type.from_json(data), action)
        except (ValueError, TypeError, KeyError, IndexError, AttributeError, RecursionError):
            ok = False
        if not ok:
            raise IllegalAction(f"not an action of this game: {shown(action, 200)}", code="bad_action")
        return data

    def action_from_json(self, data: Any) -> A:
        """An action from its JSON; :class:`IllegalAction` for anything that is not one."""
        if self.action_type is None:
            raise IllegalAction(f"not an action of this game: {shown(data, 200)}", code="bad_action")
        action: A = self.action_type.from_json(data)
        return action

    # ------------------------------------------------------------ play

    @abstractmethod
    def current_player(self, state: S) -> int | None:
        """The seat to decide now; None once the game is over."""

    @abstractmethod
    def legal_actions(self, state: S) -> list[A]: ...

    @abstractmethod
    def apply(self, state: S, action: A) -> list[dict[str, Any]]:
        """Play ``action``; the public events of that step (JSON-able dicts with a "type").
        :class:`IllegalAction` (state unchanged) for anything not in ``legal_actions``."""

    @abstractmethod
    def reveals_hidden(self, state: S) -> bool:
        """After ``apply``: was hidden information revealed (the undo barrier)?"""

    @abstractmethod
    def is_over(self, state: S) -> bool: ...

    @abstractmethod
    def scores(self, state: S) -> list[float]:
        """Each seat's score as the game counts it (points, saved citizens, ...)."""

    @abstractmethod
    def returns(self, state: S) -> list[float]:
        """Each seat's result in [0, 1] at the end (a shared win splits 1)."""

    @abstractmethod
    def clone(self, state: S) -> S: ...

    @abstractmethod
    def view(self, state: S, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see (JSON-able); ``None``: a spectator, no hidden information."""

    @abstractmethod
    def determinize(self, state: S, observer: int, rng: random.Random) -> S:
        """A state the observer cannot tell from ``state``: every hidden thing re-dealt
        among the possible worlds (invariants hold; a game not over has no winner yet)."""

    def check_invariants(self, state: S) -> None:
        """Raise AssertionError if ``state`` breaks one of the game's invariants."""

    # ------------------------------------------------------------ bots

    @abstractmethod
    def bot_search(self, state: S, seat: int, level: str, seed: int) -> BotSearch:
        """A sliced decision for ``seat`` built ONLY from ``determinize(state, seat, ...)``."""
