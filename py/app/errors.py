"""Problems the player reads (a bad save, a bad link, a bad setup): a code and params, translated at display.

A :class:`ShellError` is a :class:`gamekit.game.GameError` whose ``code`` is a
key of the shell's texts (``py/app/lang/<lang>.json``) and whose ``params``
fill it.  ``str(error)`` is that text in the page's language when the error
was raised (what older callers show); :func:`error_text` translates it again
when it is displayed, in the language of that moment, and translates the
errors it carries (a game's own refusal through the game's
``GameSpec.error_text``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from app.i18n import APP, language, t
from gamekit.game import GameError

if TYPE_CHECKING:
    from app.games import GameSpec

__all__ = ["ShellError", "error_text", "said_later"]


class ShellError(GameError):
    """A problem for the player: ``code`` is a shell text key, ``params`` its placeholders.

    ``game`` (not a param) is the game whose refusal a param may hold, to translate it."""

    def __init__(self, code: str, *, game: GameSpec | None = None, **params: Any) -> None:
        self.game = game
        super().__init__(_render(language(), code, params, game), code=code, **params)


def _param(value: Any, game: GameSpec | None) -> Any:
    return error_text(value, game) if isinstance(value, BaseException) else value


def _render(lang: str, code: str, params: dict[str, Any], game: GameSpec | None) -> str:
    return APP.t_in(lang, code, **{k: _param(v, game) for k, v in params.items()})


def error_text(error: BaseException, game: GameSpec | None = None) -> str:
    """``error`` as the player reads it now, in the page's language.

    A :class:`ShellError` through the shell's texts; a game's :class:`GameError`
    through ``game.error_text`` (the game's texts for its codes); anything else,
    its own text."""
    if isinstance(error, ShellError):
        return _render(language(), error.code, error.params, error.game or game)
    if game is not None:
        return game.error_text(error)
    return str(error)


def said_later(key: str, **params: Any) -> Callable[[], str]:
    """A notice's text, made each time it is shown: ``t(key, **params)`` in the language of that
    moment, an error among ``params`` said through :func:`error_text` (the shell calls it again
    when the language changes, so a message is never left in the language it was raised in)."""
    return lambda: t(key, **{k: error_text(v) if isinstance(v, BaseException) else v for k, v in params.items()})
