"""``PompeiiSpec``: The Downfall of Pompeii as a game of the page (``app.games.GameSpec``).

The rules half is the engine's :class:`pompeii.game.PompeiiRules`; this adds
the descriptive half (seat colours, bot names, labels in the current language)
and ``mount``, which imports the browser view lazily. Bots run as the
engine's ``SlicedSearch`` (slices, the page stays responsive) with the page's
time factor.
"""

from __future__ import annotations

from typing import Any

from app.games import GameSpec
from pompeii.game import PompeiiRules

from .strings import TEXTS, t
from .words import OWN_EVENTS

PAGE_TIME_FACTOR = 2.0   # the page runs Python about twice as slowly as CPython


class PompeiiSpec(PompeiiRules, GameSpec):
    """The ``GameSpec`` of Pompeii (see ``docs/pompeii-ui.md``)."""

    bot_time_factor = PAGE_TIME_FACTOR
    texts = TEXTS
    # P3: blue, yellow, red, black citizens (the box's colours); each seat also has a shape.
    SEAT_COLOURS = [("#3a7bd5", "blue"), ("#e8c547", "yellow"), ("#d64541", "red"), ("#2b2b2b", "black"),
                    ("#3fae6a", "green"), ("#f2f2f2", "white")]
    bot_names = ("Plinius", "Tacitus", "Rectina", "Pomponianus")

    def seat_colours(self) -> list[tuple[str, str]]:
        return [(css, t(f"seat_colour.{name}")) for css, name in self.SEAT_COLOURS]

    def held_reveals(self, events: list[dict[str, Any]], seat: int) -> str | None:
        """The Confirm bar's sentence for a held move (``app.games.GameSpec.held_reveals``): in phase 2
        the player only walked citizens; what cannot be taken back is the next player's lava tile, drawn
        once it is confirmed (play-test 8 F5: "it reveals something hidden" read as their own move's doing);
        in phase 1 the card they then draw."""
        kinds = [e.get("type") for e in events]
        if "game_over" in kinds:
            return t("confirm.reveals.end")
        for e in events:
            kind = e.get("type")
            if (kind in OWN_EVENTS and e.get("seat") == seat) or kind == "phase":   # phase 2 begins: said later
                continue
            if kind == "tile_drawn":
                return t("confirm.reveals.tile")
            if kind in ("card_drawn", "ad79", "omen", "omen_without_victim"):
                return t("confirm.reveals.card")
            return None
        return None

    def mount(self, container: Any, host: Any) -> Any:
        from .view import PompeiiView   # browser only
        return PompeiiView(container, host, self)
