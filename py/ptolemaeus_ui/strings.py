"""Every text the game UI shows, looked up by id in the game's language files.

The texts live in ``py/ptolemaeus_ui/lang/<lang>.json`` (English, the source,
and Spanish, Italian, German in the terms of each rulebook edition); the
machinery (loading, fallback to English, plural forms, the current language)
is the shell's, :mod:`app.i18n`. Placeholders are named (``str.format``).
Game terms (constellations, planets, bonus cards) keep their Latin names in
every language, as on the cards; the gloss is in ``planet_gloss.*`` and the
effects in ``bonus_doc.*``.
"""

from __future__ import annotations

from pathlib import Path

from app import i18n

TEXTS = i18n.domain("ptolemaeus", Path(__file__).with_name("lang"))


def t(key: str, **params: object) -> str:
    """The text ``key`` in the current language with ``params`` filled in
    (``count=n`` picks the plural form of a text that has them)."""
    return TEXTS.t(key, **params)


def has(key: str) -> bool:
    return TEXTS.has(key)


def tn(key: str, count: int, **params: object) -> str:
    """``t(key)`` for ``count`` things (the plural form for ``count``)."""
    return TEXTS.t(key, count=count, **params)


def is_you(name: str) -> bool:
    """The shell calls the only human "You" (in the page's language): sentences about
    them use the second person."""
    return i18n.is_you(name)


def seat_label(name: str) -> str:
    """A seat's name as shown ("You", "Player 2" in the current language; other names as they are)."""
    return i18n.seat_label(name)


def tp(key: str, name: str, **params: object) -> str:
    """``t(key)`` about the seat called ``name``: the ``key + ".you"`` variant
    when that seat is "You"."""
    if is_you(name) and has(key + ".you"):
        return t(key + ".you", name=seat_label(name), **params)
    return t(key, name=seat_label(name), **params)


SENTENCE_ENDS = (".", "!", "?", "…")


def sentences(lines: list[str]) -> str:
    """Lines of the move log on one line: after a full stop a space, as in prose; " · " only after a
    line that is not a sentence (play-test 6 #9: "You observe Libra. · You place a token…" put two
    separators between two sentences)."""
    out = ""
    for line in lines:
        if out:
            out += " " if out.endswith(SENTENCE_ENDS) else " · "
        out += line
    return out


def join(items: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    items = [str(i) for i in items]
    if len(items) <= 1:
        return "".join(items)
    return t("log.list_sep").join(items[:-1]) + t("log.and") + items[-1]

