"""The replay flow (browser, issue 14): which game the replay screen shows, and where its close
button leads — the game on screen, a replay link (``#replay=…``), a stored finished game.

Apart from ``app.shell`` so that a page's start does not compile it (issue 13: every KB compiled
before the first screen costs ~0.5-1 ms in Pyodide): ``App.replay_flow`` imports it on first use,
and it imports the replay screen (``app.replayui``) and ``app.replay`` only when they are shown.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from pyscript import window

from app.errors import said_later

if TYPE_CHECKING:
    from app.games import GameInfo
    from app.replayui import ReplayScreen
    from app.shell import App

__all__ = ["ReplayFlow"]


class ReplayFlow:
    """The replay screen's comings and goings, for the App that holds it."""

    def __init__(self, app: App):
        self.app = app
        self.screen: ReplayScreen | None = None    # made when first shown
        self.link_read = False    # a #replay= link was opened or refused: leaving drops it

    def _show(self, game: str) -> ReplayScreen:
        """The replay screen on show for a game of ``game`` (its key: the header links to its rules), the
        game on screen left first, as for any other screen."""
        from app.replayui import ReplayScreen

        self.app.leave_game()
        self.app.show_screen("replay", game=game)
        if self.screen is None:
            self.screen = ReplayScreen(self.app, self.app.nodes["replay"])
        return self.screen

    def open_current(self) -> None:
        """The game on screen, replayed up to the present move (through its player's eyes)."""
        app = self.app
        session = app.session
        if session is None:
            return
        self._show(session.spec.key).open(session, lambda: app.resume(session.id))
        app.focus("shell-replay-title")

    def open_link(self, fragment: str) -> None:
        """A replay link (``#replay=1.…``): the finished game it carries, else why not."""
        from app.replay import ReplayLinkError, decode_link

        app = self.app
        self.link_read = True
        try:
            session = decode_link(fragment, app.games)
        except ReplayLinkError as e:
            app.notify(said_later("start.bad_replay", error=e), "error", lasts=app.while_on("newgame"))
            app.show_newgame()
            return
        app.use_stylesheet(app.games.get(session.spec.key))
        back_key, back = self.way_back()   # "Back to your game" (play-test 2, U2: only "New game" was offered)
        # A game on screen (a link pasted into this tab) stops, as for its own replay.
        self._show(session.spec.key).open(session, back, from_link=True, back=back_key)
        app.focus("shell-replay-title")

    def open_saved(self, info: GameInfo | None, game_id: str) -> None:
        """A saved finished game, replayed from the new-game screen's list, which its close button
        leads back to (play-test 4 #15: the replay was reachable only from the header)."""
        self.open_stored(info, game_id, self.app.show_newgame, "replay.close.list", "newgame")

    def open_stored(self, info: GameInfo | None, game_id: str, back: Callable[[], None], back_key: str,
                    place: str) -> None:
        """A stored game's replay, its close button (``back_key``) calling ``back``; a save that cannot
        be read is said on ``place``, the screen ``back`` shows."""
        app = self.app

        def run() -> None:
            loaded = app.store.load(game_id)
            if loaded.session is None:
                app.notify(loaded.problem, "error", lasts=app.while_on(place))
                back()
                return
            app.use_stylesheet(info)
            self._show(loaded.session.spec.key).open(loaded.session, back, back=back_key)
            app.focus("shell-replay-title")
        app.when_code_ready(info, run)

    def way_back(self) -> tuple[str, Callable[[], None]]:
        """Where a replay link and the results page lead back to, and the text key of its words: the game
        being played ("Back to your game"), else the new-game screen ("New game")."""
        app = self.app
        back = self._game_in_progress()
        if back is None:
            return "replay.close.link", app.show_newgame
        game_id, key = back
        return "replay.close.yours", lambda: app.when_code_ready(app.games.get(key), lambda: app.resume(game_id))

    def _game_in_progress(self) -> tuple[str, str] | None:
        """(id, game key) of the game being played (on screen, or else the current save) if it is not over."""
        app = self.app
        if app.session is not None:
            return None if app.session.over else (app.session.id, app.session.spec.key)
        game_id = app.store.current_id()
        key = app.store.unfinished_game(game_id) if game_id is not None else None
        return (game_id, key) if game_id is not None and key is not None else None

    def left(self) -> None:
        """Another screen shows: the replay's view stops, and a replay link read leaves the address."""
        if self.screen is not None:
            self.screen.close_view()
        if self.link_read:
            self._forget_link()

    def _forget_link(self) -> None:
        """The replay link was read (opened, or refused with its message) and its replay left: the
        address loses it (and its query), keeping the path, so that a reload resumes the game being
        played.  While the replay is on screen a reload shows it again."""
        from app.replay import address_without_link

        self.link_read = False
        address = address_without_link(str(window.location.pathname), str(window.location.hash or ""))
        if address is not None:
            window.history.replaceState(None, "", address)
