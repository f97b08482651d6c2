"""The lobby (issue 17): the first screen says what each game is, in a line with a picture,
and offers "Play now" (you against one bot at the game's default level, one click), "How to
play" (its rules page) and "Continue" (its newest unfinished game); "Custom game" (the form
of ``app.newgame``) follows it on the same screen.

Browser code; the choices themselves are ``app.quickstart`` (pure, CPython-tested).
Hooks for tests: ``#lobby``, per game ``.lobby-game[data-game=<key>]`` with ``.lobby-picture`` (an
inline ``<svg>`` in a span, or an ``img``),
``.lobby-blurb``, ``.lobby-play``, ``.lobby-rules`` and ``.lobby-continue`` (only with an
unfinished game of it; a day's challenge named on it).
"""

from __future__ import annotations

import traceback
from typing import TYPE_CHECKING

from app.dom import Listeners, el
from app.errors import said_later
from app.games import GameInfo
from app.i18n import t
from app.quickstart import play_now, to_continue
from app.session import SaveError, Session

if TYPE_CHECKING:
    from app.shell import App
    from app.storage import SavedGame

__all__ = ["lobby_section"]


def lobby_section(app: App, listeners: Listeners, saved: list[SavedGame], marks: dict[str, str] | None = None
                  ) -> object:
    """The lobby (under the screen's heading): a line on the page, then one card per game; ``marks``:
    the saved games that are a day's challenge, id -> its name and day (``app.daily.saved_marks``)."""
    cards = [_card(app, listeners, info, saved, marks or {})
             for info in app.games.values() if isinstance(info, GameInfo)]
    return el("div", {"id": "lobby", "class": "lobby"},
              el("p", {"class": "lobby-intro"}, t("lobby.intro")),
              el("div", {"class": "lobby-games"}, *cards))


def _card(app: App, listeners: Listeners, info: GameInfo, saved: list[SavedGame], marks: dict[str, str]
          ) -> object:
    title_id = f"lobby-game-{info.key}"
    picture = _picture(info)
    play = el("button", {"type": "button", "class": "lobby-play ng-primary",
                         "aria-describedby": f"{title_id}-hint"}, t("lobby.play"))
    listeners.on(play, "click", lambda _e: app.when_code_ready(info, lambda: _play_now(app, info)))
    buttons = el("p", {"class": "lobby-buttons"}, play)
    resume = to_continue(saved, info.key)
    if resume is not None:
        # A day's challenge says so: a bare "Continue" beside "Play now" did not tell that it resumes
        # the daily game, not an ordinary one (play-test 7 #9).
        mark = marks.get(resume.id)
        cont = el("button", {"type": "button", "class": "lobby-continue"},
                  t("lobby.continue.daily", mark=mark) if mark else t("lobby.continue"))
        listeners.on(cont, "click",
                     lambda _e, gid=resume.id: app.when_code_ready(info, lambda: app.resume(gid)))
        buttons.append(cont)
    rules = info.rules_page()
    # "How to play" on a line of its own: beside "Play now" alone it fitted, under "Play now · Continue" it
    # wrapped, and two cards side by side were laid out differently (play-test 6 #10).
    more = el("p", {"class": "lobby-buttons lobby-more"},
              el("a", {"class": "lobby-rules", "href": rules, "target": "_blank", "rel": "noopener"},
                 t("lobby.rules"))) if rules else None
    return el("article", {"class": "lobby-game", "data-game": info.key, "aria-labelledby": title_id},
              picture,
              el("div", {"class": "lobby-text"},
                 el("h3", {"id": title_id}, info.title()),
                 el("p", {"class": "lobby-blurb"}, info.blurb()),
                 buttons, more,
                 el("p", {"class": "ng-hint", "id": f"{title_id}-hint"}, t("lobby.play.hint"))))


def _picture(info: GameInfo) -> object | None:
    """The game's picture: its SVG drawn in the page (``GameInfo.picture_svg``: no request, so
    nothing left loading when the player moves on at once), else its image file, else none."""
    if info.picture_svg:
        holder = el("span", {"class": "lobby-picture", "aria-hidden": "true"})
        holder.innerHTML = info.picture_svg          # checked by GameInfo (app.games.picture_markup_ok)
        return holder
    if info.picture:
        return el("img", {"class": "lobby-picture", "src": "./" + info.picture, "alt": "", "width": 72,
                          "height": 72})
    return None


def _play_now(app: App, info: GameInfo) -> None:
    """Start a game at once: you against one bot (``app.quickstart.play_now``)."""
    try:
        spec = info.load()
        setup, seats = play_now(spec)
        session = Session.start(spec, setup, seats)
    except SaveError as e:
        app.notify(said_later("newgame.cannot_start", error=e), "error")
        return
    except (ImportError, TypeError, ValueError) as e:   # a broken game must not break the page
        traceback.print_exc()
        app.notify(t("newgame.game_broken", title=info.title(), error=e), "error")
        return
    app.start_session(session)
