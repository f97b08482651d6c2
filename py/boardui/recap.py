"""What happened since the player last acted (pure): a bot's whole turn, not only its last step,
and the points each seat earned, shown as "+N" at its score until the player acts again (issue 17).

A game's view feeds it::

    recap.see(lines, scores)    # after each new state with events: its lines in words, every seat's
                                # score as the viewer may see it (never a hidden one)
    recap.see(lines, scores, earned)   # ... and where each point was earned (``boardui.marks.Earned``)
    recap.reset(scores)         # a redraw (start, resume, undo): nothing to recap
    recap.acted()               # the player made a decision: what they saw is done with

and draws ``recap.gains`` (seat -> points, > 0 only) at each ``[data-score=<seat>]`` and
``recap.lines`` as the summary; ``recap.words(names)`` says the gains for a screen reader;
``recap.earned`` ((serial, Earned) in the order earned) are the board's "+N" marks
(``boardui.marks.render``), gone once the player acts.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .marks import Earned, check_earned

__all__ = ["Recap"]


def _numbers(scores: Sequence[float]) -> list[float]:
    out = []
    for x in scores:
        if isinstance(x, bool) or not isinstance(x, (int, float)) or x != x:
            raise ValueError(f"a score must be a number, not {x!r}")
        out.append(x)
    return out


class Recap:
    """Lines and points since the player last acted."""

    def __init__(self, limit: int = 20) -> None:
        if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
            raise ValueError(f"limit must be an int >= 1, not {limit!r}")
        self.limit = limit
        self.lines: list[str] = []
        self.base: list[float] | None = None    # the scores when the player last acted
        self.now: list[float] = []
        self._fresh = False                      # the player acted: the next lines start a new recap
        self.earned: list[tuple[int, Earned]] = []   # (serial, what) since the player acted
        self._serial = 0

    def reset(self, scores: Sequence[float]) -> None:
        self.now = _numbers(scores)
        self.base = list(self.now)
        self.lines = []
        self.earned = []
        self._fresh = False

    def see(self, lines: Iterable[str], scores: Sequence[float], earned: Iterable[Earned] = ()) -> None:
        scores = _numbers(scores)
        earned = list(earned)
        for e in earned:
            if not isinstance(e, Earned):
                raise ValueError(f"earned points must be boardui.marks.Earned, not {e!r}")
            check_earned(e)
        if self.base is None or len(self.base) != len(scores):
            self.base = list(scores)
        if self._fresh:
            self.lines = []
            self._fresh = False
        self.lines += [str(x) for x in lines if x]
        del self.lines[:-self.limit]
        self.now = scores
        for e in earned:
            self._serial += 1
            self.earned.append((self._serial, e))
        del self.earned[:-self.limit]

    def acted(self) -> None:
        """The player decided: the points and lines so far are seen; the next ones start anew
        (the lines stay on screen until new ones come, so the last summary can still be read)."""
        self.base = list(self.now)
        self.earned = []
        self._fresh = True

    @property
    def gains(self) -> dict[int, float]:
        if self.base is None:
            return {}
        return {i: after - before for i, (before, after) in enumerate(zip(self.base, self.now)) if after > before}

    def words(self, names: Sequence[str]) -> str:
        """"You +1, Hypatia +2" (empty without gains)."""
        return ", ".join(f"{names[i] if i < len(names) else i + 1} +{_num(n)}" for i, n in sorted(self.gains.items()))


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:g}"
