"""The view's half of the hot-seat curtain (pure).

The shell hides the game while the device passes between two humans
(``viewer`` is then ``None``) and shows the pass screen; the view's part:

* draw, for ``viewer=None``, a view with nobody's secrets (the game's own
  public view: the DOM must not hold any seat's hidden information);
* when the device changes hands, drop what the last seat had half chosen
  (a selection, an open card, where its board focus was): :meth:`Curtain.handover`;
* when the curtain lifts, the focus (left on the hidden pass button) goes to
  the decision: a :class:`boardui.focus.FocusPlan`'s ``if_lost`` does it.
"""

from __future__ import annotations

_UNSET = object()


class Curtain:
    """Remembers whose eyes are on the screen."""

    def __init__(self) -> None:
        self._viewer: object = _UNSET

    def handover(self, viewer: int | None) -> bool:
        """True when ``viewer`` is not the one who looked last (the first look included):
        the caller drops the UI-local state of the last one."""
        changed = self._viewer is _UNSET or self._viewer != viewer
        self._viewer = viewer
        return changed
