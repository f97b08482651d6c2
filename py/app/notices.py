"""Notices that go once they stop being true (play-test 2, N3): pure, CPython-tested.

A notice states something: "this game cannot be deleted here", "the game you had on screen is
kept", "today's challenge is played".  Each used to stay until another notice of its kind replaced
it or the player closed it, so some outlived their truth: a refused delete after "Play here" made
the tab the playing one, "kept" after that game was deleted, a bad save's error through a whole
daily game, "See your results" on the results page.  So a notice may carry the condition it states
(``lasts``); the shell checks every condition whenever the page changes (``App.refresh``: a screen,
a move, the tab's right to play, a deletion) and takes a notice away once its condition is false.

Most messages are about what the player was doing where they were: :func:`shown_on` is true until
the page has shown a *place* and then left it.  A message made on the way to a screen (a bad save
found at start, on the way to the new-game screen) waits for that screen, so it is seen there at
least once.  A place is a screen's name, and for a game ``game:<id>`` (its pass screen included).
"""

from __future__ import annotations

from collections.abc import Callable

__all__ = ["Condition", "Lasting", "both", "game_place", "shown_on"]

Condition = Callable[[], bool]


def game_place(game_id: str) -> str:
    """The place of a game on screen: another game is another place, the same screen name or not."""
    return f"game:{game_id}"


def shown_on(place: str, where: Callable[[], str]) -> Condition:
    """True until ``where()`` has been ``place`` and then was something else (false from then on)."""
    arrived = left = False

    def lasts() -> bool:
        nonlocal arrived, left
        here = where() == place
        left = left or (arrived and not here)
        arrived = arrived or here
        return not left
    return lasts


def both(*conditions: Condition) -> Condition:
    """True while every one of ``conditions`` is (each still checked: a place's arrival is noted)."""
    return lambda: all([condition() for condition in conditions])


class Lasting:
    """The conditions of the notices on show, by kind (the shell shows one notice per kind)."""

    def __init__(self) -> None:
        self._conditions: dict[str, Condition] = {}

    def set(self, kind: str, condition: Condition | None) -> None:
        """The notice of ``kind`` now on show lasts while ``condition()`` (None: until replaced or closed)."""
        if condition is None:
            self._conditions.pop(kind, None)
        else:
            self._conditions[kind] = condition

    def stale(self) -> list[str]:
        """The kinds whose notice is no longer true (every condition is checked, in order)."""
        return [kind for kind, condition in list(self._conditions.items()) if not condition()]
