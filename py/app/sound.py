"""Optional sounds (issue 17): your turn, a move, a point, the end — synthesised with the Web Audio
API (no audio files), off until the player turns them on (the header's ``#shell-sound``, remembered
as ``settings["sound"]``).

The shell calls :meth:`Sounds.play` from what any game shows: a move played (``data-moves`` grew),
the human to decide, a point (a ``.bu-gain`` mark appeared in a ``[data-score]``), the game over.
``<body data-sound>`` is the last sound played (for tests: headless browsers play nothing audible).
"""

from __future__ import annotations

from pyscript import document, window
from pyscript.ffi import is_none

from app.dom import JsObject

__all__ = ["Sounds", "TUNES"]

# kind -> notes (frequency Hz, start s, length s): short, soft sine tones.
TUNES: dict[str, tuple[tuple[float, float, float], ...]] = {
    "turn": ((660.0, 0.0, 0.12), (880.0, 0.12, 0.16)),
    "move": ((440.0, 0.0, 0.07),),
    "point": ((880.0, 0.0, 0.1), (1320.0, 0.1, 0.18)),
    "end": ((523.3, 0.0, 0.18), (659.3, 0.18, 0.18), (784.0, 0.36, 0.36)),
}


class Sounds:
    def __init__(self) -> None:
        self.on = False
        self._ctx: JsObject | None = None    # the page's AudioContext, made at the first sound

    def _context(self) -> JsObject | None:
        if self._ctx is None:
            cls = getattr(window, "AudioContext", None)
            if cls is None or is_none(cls):
                cls = getattr(window, "webkitAudioContext", None)
            if cls is None or is_none(cls):
                return None
            self._ctx = cls.new()
        if str(self._ctx.state) == "suspended":
            self._ctx.resume()
        return self._ctx

    def play(self, kind: str) -> None:
        if not self.on or kind not in TUNES:
            return
        document.body.dataset.sound = kind
        try:
            ctx = self._context()
            if ctx is None:
                return
            now = float(ctx.currentTime)
            for freq, start, length in TUNES[kind]:
                osc = ctx.createOscillator()
                gain = ctx.createGain()
                osc.type = "sine"
                osc.frequency.value = freq
                gain.gain.setValueAtTime(0.0001, now + start)
                gain.gain.exponentialRampToValueAtTime(0.12, now + start + 0.015)
                gain.gain.exponentialRampToValueAtTime(0.0001, now + start + length)
                osc.connect(gain)
                gain.connect(ctx.destination)
                osc.start(now + start)
                osc.stop(now + start + length + 0.02)
        except Exception:  # noqa: BLE001 - a browser without audio: play nothing, never break the page
            return
