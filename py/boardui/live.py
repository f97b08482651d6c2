"""The live region: what a screen reader reads out as the game goes on (pure).

A game's view says each move in words, whose turn it is, the end of a round;
:class:`LiveRegion` keeps the last few lines, each with a serial number, and
:func:`render` draws them as one polite ``role="log"`` element whose ``<p>``
children are keyed by serial: lines are only ever appended, so the patcher
adds a node per new line and a screen reader reads the new ones only. It must
be the page's only live region for the game (status lines are not live).
"""

from __future__ import annotations

from collections.abc import Iterable

from .tree import El


class LiveRegion:
    """The last ``limit`` lines said, as ``(serial, text)``."""

    def __init__(self, limit: int = 12) -> None:
        if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
            raise ValueError(f"limit must be an int >= 1, not {limit!r}")
        self.limit = limit
        self.lines: list[tuple[int, str]] = []
        self.serial = 0
        # A held move's words, said while it waited for Confirm (``boardui.screen.turn_said``): once it
        # is confirmed, the lines its events say first are those words again, and are left out.
        self.heard = ""

    def say(self, lines: Iterable[str]) -> None:
        texts = [str(text) for text in lines if text]
        if self.heard and texts:
            while texts and texts[0].rstrip(".") and texts[0].rstrip(".") in self.heard:
                del texts[0]
            self.heard = ""
        for text in texts:
            self.serial += 1
            self.lines.append((self.serial, text))
        del self.lines[:-self.limit]

    def clear(self) -> None:
        """Forget the lines said (the page's language changed: they stayed in the old one, play-test 3);
        the serials go on, so a line said next is a new node, read out."""
        self.lines.clear()


def render(lines: Iterable[tuple[int, str]], cls: str = "announce visually-hidden", key: str = "announce") -> El:
    """The region: ``div[role=log][aria-live=polite][aria-relevant=additions]`` with one keyed ``p`` a line."""
    return El("div", {"class": cls, "role": "log", "aria-live": "polite", "aria-relevant": "additions"},
              [El("p", None, [text], key=f"a{n}") for n, text in lines], key=key)
