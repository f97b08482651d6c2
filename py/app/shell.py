"""The page shell: page chrome, a registry of games, and the end of the loading screen.

A game view registers itself and is mounted into ``<div id="app">``::

    from app.shell import register_game

    @register_game("ptolemaeus", "Ptolemaeus")
    def mount(container):
        container.append(...)

then ``py/app/main.py`` imports that module before ``App().run()``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from pyscript import document

from app.dom import by_id, el


@dataclass(frozen=True)
class Game:
    key: str
    title: str
    mount: Callable  # mount(container_element) -> None


GAMES: dict[str, Game] = {}


def register_game(key: str, title: str):
    """Decorator: register ``mount(container)`` as the game ``key``."""
    def decorate(mount: Callable) -> Callable:
        GAMES[key] = Game(key, title, mount)
        return mount
    return decorate


class App:
    """Renders the shell into ``#root`` (header, ``<main>`` holding ``<div id="app">``)
    and mounts a registered game into ``#app``."""

    def __init__(self, title: str = "Ptolemaeus", root_id: str = "root"):
        self.title = title
        self.root = by_id(root_id)
        self.container = None

    def render(self) -> None:
        self.container = el("div", {"id": "app"})
        header = el("header", {"class": "shell-header"}, el("h1", {"class": "shell-title"}, self.title))
        self.root.replaceChildren(header, el("main", {"class": "shell-main"}, self.container))

    def start(self, key: str | None = None) -> Game | None:
        """Mount game ``key`` (default: the first registered one, if any)."""
        if key is None and GAMES:
            key = next(iter(GAMES))
        if key is None:
            return None
        game = GAMES[key]
        game.mount(self.container)
        return game

    def finish_loading(self) -> None:
        """Remove the loading screen and tell the world (and the tests) we're ready."""
        loading = by_id("loading")
        if loading is not None:
            loading.remove()
        document.body.dataset.ready = "1"

    def run(self, key: str | None = None) -> None:
        self.render()
        self.start(key)
        self.finish_loading()
