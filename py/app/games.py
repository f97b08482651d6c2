"""The games the page can play: their descriptions, registered lazily, and the full spec each loads.

Pure Python (no browser imports): the shell's logic is tested under CPython.
See ``docs/app-architecture.md`` for the contract in words.

Two levels, so that the page knows every game without importing any:

* :class:`GameInfo`, a frozen dataclass: key, titles, stylesheet, rules pages,
  player range, bot levels, link aliases and the dotted path (``module:Class``)
  of the game's full spec.  A catalog module outside ``py/app`` registers one
  per game (:func:`register`); a description missing a part fails there, with
  a message naming it.
* :class:`GameSpec`, the full spec: the game's rules (a :class:`gamekit.game.Rules`)
  plus what the page draws (``mount``, labels).  :meth:`GameInfo.load` imports
  it the first time the game is set up or played, and checks that it agrees
  with its description.  Optional parts have defaults here: no probing.
"""

from __future__ import annotations

import importlib
import re
from abc import ABC, abstractmethod
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, runtime_checkable

from gamekit.game import BotSearch, GameError, Rules, SetupField

if TYPE_CHECKING:
    from app.i18n import Domain

__all__ = ["BotSearch", "Catalog", "CATALOG", "DEFAULT_COLOURS", "GameInfo", "GameInfoError", "GameSpec",
           "GameView", "Host", "picture_markup_ok", "register", "resolve_spec", "spec_of"]


class GameInfoError(TypeError):
    """A game description (or the spec it names) that is not complete or does not agree."""


@runtime_checkable
class GameView(Protocol):
    """What ``GameSpec.mount`` returns: the game's drawing of the state."""

    def show(self, state: Any, viewer: int | None, events: list[dict[str, Any]]) -> None:
        """Redraw for the seat whose eyes are on the screen (None: nobody's
        hidden information).  Never put another seat's hidden information into the DOM."""

    def set_busy(self, text: str | None) -> None:
        """Show (or, with None, hide) e.g. "Mars (bot) is thinking…"."""

    def destroy(self) -> None:
        """Remove everything the view put into its container."""

    # Optional (the shell asks with getattr): ``take_focus()``, the focus to the view's decision, when
    # the shell's control that had it went away (the header's Undo, disabled once nothing is left to
    # undo) so that it does not fall to <body> (boardui.view.BoardView has it); ``language_changed()``,
    # before the host's redraw in the new language (the view forgets what its live region said);
    # ``recall(viewer, start, steps)``, after the first ``show`` for a seat once a game is opened (a
    # reload): the state when that seat last decided and each later (state, events), replayed from the
    # save, for the view to recap what happened since as it did before (boardui.view.BoardView has it);
    # ``held_words()``, the move held for Confirm in the game's words, for the Confirm bar to name it.


@runtime_checkable
class Host(Protocol):
    """What the shell hands to a view (``app.host.Controller`` implements it)."""

    seats: list[dict[str, Any]]   # [{"kind": "human"|"bot", "level": str|None, "name": str, "colour": str}, ...]
    settings: dict[str, Any]      # {"bot_speed": "instant"|"watchable"|"slow", "lang": "en"|"es"|"it"|"de"}
    # True in a replay (app.replay.ReplayHost): the shell's replay controls are on the screen,
    # so the view opens no modal dialog by itself (the end of the game shown non-modally, if at all).
    replaying: bool

    def submit(self, action: Any) -> None:
        """A human's decision; must be legal and by a human seat (else ValueError)."""

    def can_undo(self) -> bool: ...
    def undo(self) -> None: ...
    def new_game(self) -> None: ...
    def log(self) -> list[dict[str, Any]]: ...


# Token colours offered when a game names none (``GameSpec.seat_colours``), named in the shell's texts.
DEFAULT_COLOURS: tuple[tuple[str, str], ...] = (
    ("#d64541", "red"), ("#3a7bd5", "blue"), ("#e8c547", "yellow"),
    ("#3fae6a", "green"), ("#9b59b6", "purple"), ("#f2f2f2", "white"),
)


class GameSpec(Rules[Any, Any], ABC):
    """A game as the page plays it: its rules (``gamekit.game.Rules``) plus its drawing and labels.

    Required: everything ``Rules`` requires, and :meth:`mount`.  The rest has
    defaults a game overrides when it has something better (its own colours,
    bot names, translated labels)."""

    bot_names: ClassVar[tuple[str, ...]] = ()   # default names of bot seats, by seat index
    texts: ClassVar[Domain | None] = None      # the game's texts (labels, its errors' codes)
    info: GameInfo | None = None               # set by GameInfo.load

    @abstractmethod
    def mount(self, container: Any, host: Host) -> GameView:
        """Draw the game into ``container``; decisions go to ``host.submit``."""

    # ------------------------------------------------------------ labels (current language)

    @property
    def title(self) -> str:
        """The title in the current language (from the description; a spec used without one,
        as some tests do, is called by its key, capitalized)."""
        return self.info.title() if self.info is not None else self.key.replace("_", " ").title()

    def text(self, parts: tuple[Any, ...], default: str, **params: Any) -> str:
        """The game's text (``texts``) whose key is ``parts`` joined by dots (e.g.
        ``("setup", "start")``: ``setup.start``), or ``default`` if it has none."""
        key = ".".join(str(p) for p in parts)
        if self.texts is not None and self.texts.has(key):
            return self.texts.t(key, **params)
        return default

    def seat_colours(self) -> list[tuple[str, str]]:
        """(css colour, name in the current language) a seat may choose."""
        from app.i18n import t
        return [(css, t(f"colour.{name}")) for css, name in DEFAULT_COLOURS]

    def bot_level_label(self, level: str) -> str:
        return self.text(("bot_level", level), level)

    def bot_level_help(self, level: str) -> str:
        """One line on how the level plays (``bot_level.<level>.help``; "" without one)."""
        return self.text(("bot_level", level, "help"), "")

    def field_label(self, setup_field: SetupField) -> str:
        return self.text(("setup", setup_field.key), setup_field.key)

    def choice_label(self, setup_field: SetupField, value: Any) -> str:
        return self.text(("setup", setup_field.key, value), str(value))

    def field_help(self, setup_field: SetupField) -> str:
        return self.text(("setup", setup_field.key, "help"), "")

    def field_suggestions(self, setup_field: SetupField) -> list[tuple[Any, str]]:
        """(value, label) offered for a "datetime" or "text" field (the player may type another)."""
        return [(v, self.choice_label(setup_field, v)) for v in setup_field.choices]

    def round_of(self, state: Any) -> int | None:
        """The round ``state`` is in, for a replay to jump to (None: the game counts no rounds)."""
        return None

    def daily_setup(self, day: Any, seed: int) -> dict[str, Any] | None:
        """The setup of the daily challenge of ``day`` (a ``datetime.date``) with the shell's
        date-derived ``seed``, or None: the game offers no daily challenge (``app.daily``)."""
        return None

    def held_reveals(self, events: list[dict[str, Any]], seat: int) -> str | None:
        """The Confirm bar's sentence for a move of ``seat`` held until confirmed (``app.host``), in the
        current language: what confirming it reveals, said in the game's terms ("the next player draws
        a tile"), given the events it has on a copy (nothing of them may be shown: they may name
        what it reveals); None: the shell's general words ("it reveals something hidden")."""
        return None

    def error_text(self, error: BaseException) -> str:
        """A refusal of this game (a :class:`GameError`) in the current language: the game's
        text ``error.<code>`` filled with its params, else the error's own (English) text."""
        if isinstance(error, GameError):
            return self.text(("error", error.code), str(error), **error.params)
        return str(error)


def _missing_parts(info: GameInfo) -> list[str]:
    problems = []
    if not isinstance(info.key, str) or not info.key or not info.key.replace("_", "").isalnum() \
            or info.key != info.key.lower():
        problems.append(f"key {info.key!r} (lower-case letters, digits and _)")
    if not isinstance(info.titles, Mapping) or not isinstance(info.titles.get("en"), str) or not info.titles["en"]:
        problems.append("titles (at least an English title, titles['en'])")
    if not isinstance(info.spec, str) or info.spec.count(":") != 1 or not all(info.spec.split(":")):
        problems.append(f"spec {info.spec!r} (the full spec as 'package.module:Class')")
    ints = (info.min_players, info.max_players)
    if any(type(n) is not int for n in ints) or not 1 <= info.min_players <= info.max_players:
        problems.append(f"a player range ({info.min_players!r}..{info.max_players!r})")
    if not isinstance(info.bot_levels, tuple) or not info.bot_levels \
            or not all(isinstance(lv, str) and lv for lv in info.bot_levels):
        problems.append("bot_levels (a tuple of level names, weakest first)")
    elif info.default_bot_level not in info.bot_levels:
        problems.append(f"default_bot_level ({info.default_bot_level!r} is not one of {info.bot_levels!r})")
    if type(info.daily) is not bool:
        problems.append(f"daily {info.daily!r} (True or False)")
    for name in ("rules_pages", "blurbs", "link_aliases", "titles", "daily_titles", "daily_goals", "solo_losses"):
        value = getattr(info, name)
        if not isinstance(value, Mapping) or not all(isinstance(k, str) and isinstance(v, str)
                                                     for k, v in value.items()):
            problems.append(f"{name} (a mapping of str to str)")
    if info.stylesheet is not None and (not isinstance(info.stylesheet, str) or "://" in info.stylesheet
                                        or info.stylesheet.startswith("/")):
        problems.append(f"stylesheet {info.stylesheet!r} (a path relative to the page)")
    if info.picture is not None and (not isinstance(info.picture, str) or "://" in info.picture
                                     or info.picture.startswith("/") or not info.picture):
        problems.append(f"picture {info.picture!r} (a path relative to the page)")
    if info.picture_svg is not None and not picture_markup_ok(info.picture_svg):
        problems.append("picture_svg (one <svg> element of at most 8,000 characters: no script, style sheet, event handler, "
                        "link or foreign content)")
    return problems


_SVG_FORBIDDEN = re.compile(r"<\s*(script|foreignobject|iframe|image|use|a|style)\b|\son\w+\s*=|href|url\s*\(|"
                            r"javascript:|@import", re.IGNORECASE)


def picture_markup_ok(markup: object) -> bool:
    """Is ``markup`` a self-contained picture the lobby may put in the page as it is (issue 17: drawn
    in the page, so it costs no request): one ``<svg>`` element, small, with nothing that runs, links
    or loads (the only URL allowed is the SVG namespace)."""
    if not isinstance(markup, str) or not 0 < len(markup) <= 8000:
        return False
    text = markup.strip()
    if not (text.startswith("<svg") and text.endswith("</svg>")) or text.count("<svg") != 1:
        return False
    return _SVG_FORBIDDEN.search(text) is None and "://" not in text.replace('xmlns="http://www.w3.org/2000/svg"', "")


_LOADED: dict[str, GameSpec] = {}


@dataclass(frozen=True)
class GameInfo:
    """What the page knows of a game before importing it (one line of the catalog).

    ``link_aliases`` maps an old link parameter to a setup field's key (e.g.
    ``{"date": "start"}``: ``?date=…`` links made before the field was renamed)."""

    key: str                                   # in saves and links; never changes
    titles: Mapping[str, str]                  # per language; "en" required (the fallback)
    spec: str                                  # "package.module:Class" of the full GameSpec
    min_players: int
    max_players: int
    bot_levels: tuple[str, ...]                # weakest first
    default_bot_level: str
    stylesheet: str | None = None              # relative to the page, loaded when the game is shown
    rules_pages: Mapping[str, str] = field(default_factory=dict)   # language -> page
    blurbs: Mapping[str, str] = field(default_factory=dict)        # language -> one line
    link_aliases: Mapping[str, str] = field(default_factory=dict)  # old link name -> field key
    picture: str | None = None                 # relative to the page: the lobby's picture of the game
    picture_svg: str | None = None             # the lobby's picture as SVG markup, drawn in the page (no request)
    daily: bool = False                        # offers a daily challenge (GameSpec.daily_setup; app.daily)
    daily_titles: Mapping[str, str] = field(default_factory=dict)  # language -> the game's name for it
    daily_goals: Mapping[str, str] = field(default_factory=dict)   # language -> what its challenge asks
    solo_losses: Mapping[str, str] = field(default_factory=dict)   # language -> a lost solitaire, as its end says

    def __post_init__(self) -> None:
        problems = _missing_parts(self)
        if problems:
            raise GameInfoError(f"game {self.key!r} is not described completely: it needs " + "; ".join(problems))

    def title(self, lang: str | None = None) -> str:
        """The title in ``lang`` (default: the page's language), else English."""
        from app.i18n import language
        return self.titles.get(lang or language()) or self.titles["en"]

    def blurb(self, lang: str | None = None) -> str:
        from app.i18n import language
        return self.blurbs.get(lang or language()) or self.blurbs.get("en", "")

    def daily_title(self, lang: str | None = None) -> str:
        """The game's name for its daily challenge in ``lang`` (else English, else "")."""
        from app.i18n import language
        return self.daily_titles.get(lang or language()) or self.daily_titles.get("en", "")

    def daily_goal(self, lang: str | None = None) -> str:
        """What the daily challenge asks of the player in ``lang`` (else English, else ""): shown
        while it is played and on its results, so that a day's game does not look like any other."""
        from app.i18n import language
        return self.daily_goals.get(lang or language()) or self.daily_goals.get("en", "")

    def solo_loss(self, lang: str | None = None) -> str:
        """The game's words for a solitaire it lost, in ``lang`` (else English, else ""): the saved
        games' list said "Not won" where the game's own end dialog named who won (play-test 5 #11)."""
        from app.i18n import language
        return self.solo_losses.get(lang or language()) or self.solo_losses.get("en", "")

    def rules_page(self, lang: str | None = None) -> str | None:
        from app.i18n import language
        return self.rules_pages.get(lang or language()) or self.rules_pages.get("en")

    def is_loaded(self) -> bool:
        return self.key in _LOADED

    def load(self) -> GameSpec:
        """The game's full spec, imported the first time (GameInfoError if it is not one or
        disagrees with this description)."""
        found = _LOADED.get(self.key)
        if found is not None and found.info is self:
            return found
        module_name, _, class_name = self.spec.partition(":")
        module = importlib.import_module(module_name)
        cls = getattr(module, class_name, None)
        if not isinstance(cls, type) or not issubclass(cls, GameSpec):
            raise GameInfoError(f"game {self.key!r}: {self.spec} is not a app.games.GameSpec "
                                "(a gamekit.game.Rules with mount and labels)")
        abstract = sorted(getattr(cls, "__abstractmethods__", ()))
        if abstract:
            raise GameInfoError(f"game {self.key!r}: {self.spec} lacks {', '.join(abstract)}")
        disagree = [f"{name} ({getattr(cls, name)!r} in the spec, {getattr(self, name)!r} here)"
                    for name in ("key", "min_players", "max_players", "bot_levels", "default_bot_level")
                    if tuple_or_same(getattr(cls, name)) != getattr(self, name)]
        if disagree:
            raise GameInfoError(f"game {self.key!r}: the description and {self.spec} disagree on "
                                + "; ".join(disagree))
        spec = cls()
        spec.info = self
        aliases = {f.key for f in spec.setup_fields()}
        unknown = [f"{old} -> {new}" for old, new in self.link_aliases.items() if new not in aliases]
        if unknown:
            raise GameInfoError(f"game {self.key!r}: link_aliases name no setup field: {', '.join(unknown)}")
        if self.daily and cls.daily_setup is GameSpec.daily_setup:
            raise GameInfoError(f"game {self.key!r}: described with daily=True, but {self.spec} has no daily_setup")
        _LOADED[self.key] = spec
        return spec


def code_to_fetch(info: Any) -> str | None:
    """The archive a game's spec needs that is not loaded yet (None: nothing to fetch: under
    CPython, a game without archives, or one already here)."""
    if not isinstance(info, GameInfo):
        return None
    archives = importlib.import_module("boot.archives")     # the page's loader (not type-checked here)
    archive = archives.archive_of(info.spec.partition(":")[0])
    return archive if archive is not None and archive not in archives.loaded() else None


async def fetch_code(info: Any) -> None:
    """Fetch a game's archives (and their texts) asynchronously, before its spec is imported.

    A request of the page's own ``fetch`` is answered by the service worker offline; the
    synchronous request an unprepared import makes (``boot.archives``' import hook) is not:
    Chromium and WebKit do not pass synchronous XHR to service workers (crbug.com/602051,
    whatwg/xhr#397). So the lobby and the form call this first (issue 12: a game offline)."""
    archive = code_to_fetch(info)
    if archive is not None:
        await importlib.import_module("boot.archives").ensure(archive)


def tuple_or_same(value: Any) -> Any:
    return tuple(value) if isinstance(value, list) else value


class Catalog(Mapping[str, GameInfo]):
    """Game key -> :class:`GameInfo`, in registration order (the first is the default game)."""

    def __init__(self, infos: list[GameInfo] | tuple[GameInfo, ...] = ()) -> None:
        self._infos: dict[str, GameInfo] = {}
        for info in infos:
            self.add(info)

    def add(self, info: GameInfo) -> GameInfo:
        if not isinstance(info, GameInfo):
            raise GameInfoError(f"register() takes an app.games.GameInfo, not {type(info).__name__}")
        if info.key in self._infos and self._infos[info.key] != info:
            raise GameInfoError(f"two games registered as {info.key!r}")
        self._infos[info.key] = info
        return info

    def __getitem__(self, key: str) -> GameInfo:
        return self._infos[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._infos)

    def __len__(self) -> int:
        return len(self._infos)

    def default(self) -> GameInfo | None:
        return next(iter(self._infos.values()), None)

    def spec(self, key: str) -> GameSpec:
        """The full spec of game ``key`` (imported now if it was not)."""
        return self._infos[key].load()


# The page's games; a catalog module outside py/app fills it (one register() per game).
CATALOG = Catalog()


def register(info: GameInfo) -> GameInfo:
    """Make a game playable on the page (the first registered is the default game)."""
    return CATALOG.add(info)


# A mapping the shell's pure modules accept: a Catalog, or (tests, older callers) a dict of specs.
Games = Mapping[str, GameInfo | GameSpec]


def resolve_spec(entry: GameInfo | GameSpec | None) -> GameSpec | None:
    """The full spec of a catalog entry (loading it), or the spec itself."""
    if isinstance(entry, GameInfo):
        return entry.load()
    return entry if isinstance(entry, GameSpec) else None


def spec_of(games: Games, key: Any) -> GameSpec | None:
    """The full spec of game ``key`` in ``games`` (None for an unknown key or a non-string)."""
    if not isinstance(key, str):
        return None
    return resolve_spec(games.get(key))


def solo_loss_of(entry: GameInfo | GameSpec | None) -> str:
    """A game's words for a lost solitaire in the current language ("" if it has none, or is unknown)."""
    if isinstance(entry, GameSpec):
        entry = entry.info
    return entry.solo_loss() if isinstance(entry, GameInfo) else ""


def title_of(entry: GameInfo | GameSpec | None, fallback: str = "?") -> str:
    """A game's title in the current language, without loading it."""
    if isinstance(entry, GameInfo):
        return entry.title()
    if isinstance(entry, GameSpec):
        return entry.title
    return fallback
