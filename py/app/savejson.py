"""The JSON step of reading a save or a stored entry: bounded, and every failure coded (pure).

``gamekit.safejson`` parses within bounds (size, nesting depth, number
length); this names what went wrong for the player: empty, cut off, damaged
at a character, too large, too deep, a number too long.  ``app.session`` (a
save or an imported file) and ``app.storage`` (every entry of the browser's
storage) read JSON only through :func:`parse`.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

from app.i18n import t
from gamekit import safejson

__all__ = ["JSONProblem", "parse"]


class JSONProblem(ValueError):
    """Text that is not usable JSON: ``code`` (a key of ``app/lang``) and ``params``; ``str()`` is its text."""

    def __init__(self, code: str, **params: Any) -> None:
        super().__init__(t(code, **params))
        self.code = code
        self.params = params


def parse(text: Any, max_chars: int = safejson.MAX_BYTES) -> Any:
    """The JSON value of ``text``, or :class:`JSONProblem` saying what is wrong with it."""
    if not isinstance(text, str) or not text.strip():
        raise JSONProblem("save.empty")
    try:
        return safejson.loads(text, max_bytes=max_chars)
    except safejson.JSONLimitError as e:
        if e.code == "too_large":
            raise JSONProblem("save.too_large", count=len(text)) from None
        if e.code == "too_deep":
            raise JSONProblem("save.too_deep", max=safejson.MAX_DEPTH) from None
        if e.code == "number_too_long":
            raise JSONProblem("save.number_too_long", max=safejson.MAX_INT_DIGITS) from None
        pos = _error_position(text)
        if pos is None or pos >= len(text.rstrip()) - 1:
            raise JSONProblem("save.cut_off", count=len(text)) from None
        raise JSONProblem("save.damaged", pos=pos) from None


# A JSON string (skipped) or a number or constant that may not be finite (NaN, Infinity, 1e999).
_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|-?(?:NaN|Infinity|\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)')


def _error_position(text: str) -> int | None:
    """Where plain ``json`` stops reading ``text`` (whose depth is known to be small), if it does;
    else where a number that is not finite stands (plain ``json`` reads ``NaN`` and ``1e999``)."""
    try:
        json.loads(text)
    except json.JSONDecodeError as e:
        return e.pos if "Unterminated" not in e.msg else None
    except Exception:  # noqa: BLE001 - a long number: no position to give
        return 0
    for m in _TOKEN.finditer(text):
        if not m.group().startswith('"') and not math.isfinite(float(m.group())):
            return m.start()
    return 0
