"""The games the page can play, and the contract between the shell and a game.

Pure Python (no browser imports): the shell's logic is tested under CPython.
See ``docs/app-architecture.md`` for the contract in words.  A game registers
one :class:`GameSpec`::

    from app.games import register
    register(MyGameSpec())

(``app/main.py`` does this for each game before ``App().run()``.)  The shell
talks to a game only through ``GameSpec`` (rules, JSON, bots, mounting its
view), the ``GameView`` that ``mount`` returns, and the ``Host`` it hands to
that view.
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

__all__ = ["BotSearch", "GameSpec", "GameView", "Host", "GAMES", "register", "get_game", "games",
           "spec_version", "seat_colours", "bot_level_label", "date_field", "DEFAULT_COLOURS"]


@runtime_checkable
class BotSearch(Protocol):
    """A bot's decision, computed in slices so the page stays responsive."""

    def step(self, max_seconds: float) -> bool:
        """Think for at most about ``max_seconds``; True once the decision is made."""

    def result(self) -> Any:
        """The chosen action (only after ``step`` returned True)."""


@runtime_checkable
class GameView(Protocol):
    """What ``GameSpec.mount`` returns: the game's drawing of the state."""

    def show(self, state: Any, viewer: int | None, events: list[dict]) -> None:
        """Redraw for the seat whose eyes are on the screen (None: nobody's
        hidden information).  Never put another seat's hidden information into the DOM."""

    def set_busy(self, text: str | None) -> None:
        """Show (or, with None, hide) e.g. "Mars (bot) is thinking…"."""

    def destroy(self) -> None:
        """Remove everything the view put into its container."""


@runtime_checkable
class Host(Protocol):
    """What the shell hands to a view (``app.host.Controller`` implements it)."""

    seats: list[dict]      # [{"kind": "human"|"bot", "level": str|None, "name": str, "colour": str}, ...]
    settings: dict         # {"bot_speed": "instant"|"watchable", "lang": "en"|"es"|"it"|"de"}

    def submit(self, action: Any) -> None:
        """A human's decision; must be legal and by a human seat (else ValueError)."""

    def can_undo(self) -> bool: ...
    def undo(self) -> None: ...
    def new_game(self) -> None: ...
    def log(self) -> list[dict]: ...


@runtime_checkable
class GameSpec(Protocol):
    key: str                    # "ptolemaeus": in saves and links, never changes
    title: str
    version: int                # save compatibility: bump when old action lists no longer replay
    min_players: int
    max_players: int
    bot_levels: list[str]       # the first is the default; the last is the strongest

    def setup_fields(self) -> list[dict]: ...
    def new_state(self, setup: dict) -> Any: ...
    def state_to_json(self, state: Any) -> str: ...
    def state_from_json(self, text: str) -> Any: ...
    def action_to_json(self, action: Any) -> dict: ...
    def action_from_json(self, data: dict) -> Any: ...
    def current_player(self, state: Any) -> int | None: ...
    def legal_actions(self, state: Any) -> list: ...
    def apply(self, state: Any, action: Any) -> list[dict]: ...
    def reveals_hidden(self, state: Any) -> bool: ...
    def is_over(self, state: Any) -> bool: ...
    def bot_search(self, state: Any, seat: int, level: str, seed: int) -> BotSearch: ...
    def mount(self, container: Any, host: Host) -> GameView: ...


# Token colours offered when a game names none (``GameSpec.seat_colours``).
DEFAULT_COLOURS: list[tuple[str, str]] = [
    ("#d64541", "red"), ("#3a7bd5", "blue"), ("#e8c547", "yellow"),
    ("#3fae6a", "green"), ("#9b59b6", "purple"), ("#f2f2f2", "white"),
]

GAMES: dict[str, GameSpec] = {}


def register(spec: GameSpec) -> GameSpec:
    """Make ``spec`` playable on the page (first registered = default game)."""
    missing = [name for name in ("key", "title", "min_players", "max_players", "bot_levels",
                                 "setup_fields", "new_state", "action_to_json", "action_from_json",
                                 "current_player", "legal_actions", "apply", "reveals_hidden",
                                 "is_over", "bot_search", "mount") if not hasattr(spec, name)]
    if missing:
        raise TypeError(f"{type(spec).__name__} is not a GameSpec: it lacks {', '.join(missing)}")
    if not spec.bot_levels:
        raise TypeError(f"{spec.key}: bot_levels must name at least one level")
    GAMES[spec.key] = spec
    return spec


def get_game(key: str) -> GameSpec | None:
    return GAMES.get(key)


def games() -> list[GameSpec]:
    return list(GAMES.values())


def spec_version(spec: GameSpec) -> int:
    """``spec.version`` (1 for a spec that does not say)."""
    return int(getattr(spec, "version", 1))


def seat_colours(spec: GameSpec) -> list[tuple[str, str]]:
    """(css colour, name) pairs a seat may choose from: ``spec.seat_colours`` (names in the
    current language) or the defaults (named in the shell's texts)."""
    colours = getattr(spec, "seat_colours", None)
    if colours:
        return list(colours)
    from app.i18n import t
    return [(css, t(f"colour.{name}")) for css, name in DEFAULT_COLOURS]


def bot_level_label(spec: GameSpec, level: str) -> str:
    """A bot level as shown: ``spec.bot_level_label(level)`` (in the current language) if the
    game names its levels, else the level itself."""
    label = getattr(spec, "bot_level_label", None)
    return label(level) if callable(label) else level


def date_field(spec: GameSpec) -> dict | None:
    """The setup field of kind "date" (what a link's ``date=`` sets), if any."""
    for field in spec.setup_fields():
        if field.get("kind") == "date":
            return field
    return None
