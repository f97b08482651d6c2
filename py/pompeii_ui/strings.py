"""Every text the Pompeii UI shows, looked up by id in ``lang/<lang>.json`` (en, es, it, de).

The machinery (loading, English fallback, plurals, the current language) is
the shell's :mod:`app.i18n`; placeholders are named (``str.format``).
"""

from __future__ import annotations

from pathlib import Path

from app import i18n

TEXTS = i18n.domain("pompeii", Path(__file__).with_name("lang"))


def t(key: str, **params: object) -> str:
    return TEXTS.t(key, **params)


def has(key: str) -> bool:
    return TEXTS.has(key)


def tn(key: str, count: int, **params: object) -> str:
    return TEXTS.t(key, count=count, **params)


def is_you(name: str) -> bool:
    return i18n.is_you(name)


def seat_label(name: str) -> str:
    return i18n.seat_label(name)


def tp(key: str, name: str, **params: object) -> str:
    """``t(key)`` about the seat called ``name``: the ``.you`` variant when that seat is "You"."""
    if is_you(name) and has(key + ".you"):
        return t(key + ".you", name=seat_label(name), **params)
    return t(key, name=seat_label(name), **params)

