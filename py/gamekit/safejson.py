"""JSON from places we do not control (saves, storage, files, links), parsed within bounds.

``json.loads`` recurses once per nesting level (``[`` x 100,000 raises
RecursionError), turns a 5,000-digit number into a plain ValueError (Python's
integer-string limit) and accepts ``NaN``, ``Infinity`` and ``1e999`` (infinity
too). :func:`loads` checks the size and the nesting depth *before* parsing,
without recursion, refuses every number that is not finite, and turns every
failure into :class:`JSONLimitError` (a ValueError with a ``code``), so a caller
needs to catch one exception only.

>>> loads('{"a": [1, 2]}')
{'a': [1, 2]}
>>> loads('[' * 100_000)
Traceback (most recent call last):
...
gamekit.safejson.JSONLimitError: JSON nested deeper than 64 levels
>>> loads('{"n": NaN}').get("n")
Traceback (most recent call last):
...
gamekit.safejson.JSONLimitError: not JSON: NaN is not a JSON value
"""

from __future__ import annotations

import json
import math
from typing import Any

__all__ = ["JSONLimitError", "loads", "MAX_BYTES", "MAX_DEPTH", "MAX_INT_DIGITS"]

MAX_BYTES = 4_000_000        # a long game's save is well under 1 MB
MAX_DEPTH = 64               # our formats nest a few levels
MAX_INT_DIGITS = 60          # no count or seed of ours needs more


class JSONLimitError(ValueError):
    """Text that is not JSON, or JSON beyond the bounds we accept."""

    def __init__(self, message: str, code: str) -> None:
        super().__init__(message)
        self.code = code
        self.params: dict[str, Any] = {}


def _depth(text: str) -> int:
    """The deepest nesting of ``[``/``{`` outside strings (no recursion)."""
    depth = deepest = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
        elif ch in "]}":
            depth -= 1
    return deepest


def _parse_int(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_INT_DIGITS:
        raise JSONLimitError(f"a number of {len(digits)} digits", "number_too_long")
    return int(digits)


def _parse_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):     # 1e999: Infinity without its name
        raise JSONLimitError(f"not JSON: {text[:20]} is beyond a finite number", "not_json")
    return value


def _parse_constant(name: str) -> Any:
    raise JSONLimitError(f"not JSON: {name} is not a JSON value", "not_json")


def loads(text: Any, *, max_bytes: int = MAX_BYTES, max_depth: int = MAX_DEPTH) -> Any:
    """``json.loads`` for untrusted text: :class:`JSONLimitError` for anything else."""
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError:
            raise JSONLimitError("not JSON: not UTF-8 text", "not_json") from None
    if not isinstance(text, str):
        raise JSONLimitError(f"not JSON: a {type(text).__name__}, not text", "not_json")
    if len(text) > max_bytes:
        raise JSONLimitError(f"{len(text)} characters of JSON (at most {max_bytes})", "too_large")
    if _depth(text) > max_depth:
        raise JSONLimitError(f"JSON nested deeper than {max_depth} levels", "too_deep")
    try:
        return json.loads(text, parse_int=_parse_int, parse_float=_parse_float, parse_constant=_parse_constant)
    except JSONLimitError:
        raise
    except (ValueError, RecursionError) as e:
        raise JSONLimitError(f"not JSON: {e}", "not_json") from None
