"""Texts in four languages: catalogs, lookup with fallback, plurals, the language choice (pure).

Every text a player reads lives in a JSON file per language per layer, the
layer's ``lang/`` folder: ``py/app/lang/<lang>.json`` for the shell,
``py/<game>_ui/lang/<lang>.json`` for a game (``pyscript.toml`` [files] copies
them into the page, next to the modules).  A file maps flat dotted keys to
texts::

    {"undo": "Undo",
     "saved.moves": {"one": "{count} move", "other": "{count} moves"}}

* **Placeholders** are named, in ``str.format`` syntax: ``{name}``, ``{count}``.
* **Plurals**: a text that depends on a number is an object of CLDR plural
  categories; ``t(key, count=n)`` picks the form for ``n`` in the current
  language (:func:`plural_category`; English, Spanish, Italian and German
  have ``one`` and ``other``).  ``count`` is also a placeholder.
* **Fallback**: a key missing in the current language is taken from English
  (the source); a key missing there too shows as the key itself (the tests
  prove none is missing).

A layer gets its :class:`Domain` once, then looks texts up through it::

    TEXTS = domain("mygame", Path(__file__).with_name("lang"))
    TEXTS.t("status.round", round=2, turn=1)     # "Round 2 · Turn 1 of 3"

One language is current for the whole page (:func:`set_language`); a text is
looked up when it is drawn, so redrawing after a switch shows the new
language.  The shell chooses it (:func:`choose_language`): a link's
``lang=``, else the stored setting, else the browser's languages
(``navigator.languages``), else English.
"""

from __future__ import annotations

import functools
import json
import re
import string
from pathlib import Path
from typing import Any
from collections.abc import Callable, Iterable

__all__ = ["LANGUAGES", "SOURCE", "EVERYWHERE", "EVERYWHERE_FILE", "Domain", "domain", "domains", "set_language", "language", "normalize",
           "choose_language", "unavailable", "plural_category", "PLURAL_FORMS", "t", "is_you", "seat_label", "addressed",
           "placeholders", "language_name"]

LANGUAGES: tuple[str, ...] = ("en", "es", "it", "de")   # the page's languages, in menu order
SOURCE = "en"                                          # the source texts, and the fallback
# The shell's texts needed in every language at once, whichever is on show: the language menu names
# each language in itself, and a name the shell gave a seat in any language is recognized.  The page
# ships the shell's English file and these texts of the other languages (EVERYWHERE_FILE, written by
# tools/vendor.py); the current language's whole file is fetched at start (issue 13).
EVERYWHERE: tuple[str, ...] = ("language.name", "seat.you", "seat.player", "seat.bot")
EVERYWHERE_FILE = "everywhere.json"                    # {lang: {key: text}}, beside the language files

# CLDR plural categories each language's texts must give (cardinal numbers, integers).
PLURAL_FORMS: dict[str, tuple[str, ...]] = {"en": ("one", "other"), "es": ("one", "other"),
                                            "it": ("one", "other"), "de": ("one", "other")}


def _one_other(n: float) -> str:
    return "one" if n == 1 else "other"


_PLURAL_RULES: dict[str, Callable[[float], str]] = {"en": _one_other, "es": _one_other, "it": _one_other,
                                                    "de": _one_other}

_current = SOURCE


def plural_category(lang: str, n: Any) -> str:
    """The CLDR plural category of the whole number ``n`` in ``lang`` ("one", "other"...)."""
    try:
        value = float(n)
    except (TypeError, ValueError):
        return "other"
    return _PLURAL_RULES.get(lang, _one_other)(value)


def normalize(tag: Any) -> str | None:
    """The page language for a language tag ("es-MX" -> "es", "de_AT" -> "de"), or None."""
    if not isinstance(tag, str):
        return None
    primary = re.split(r"[-_]", tag.strip().lower(), maxsplit=1)[0]
    return primary if primary in LANGUAGES else None


def choose_language(link: Any = None, stored: Any = None, browser: Iterable[Any] = ()) -> str:
    """The language to show: a link's ``lang=``, else the stored setting, else the first of
    the browser's languages the page has, else English."""
    for tag in (link, stored, *(browser or ())):
        lang = normalize(tag)
        if lang:
            return lang
    return SOURCE


def unavailable(tag: Any, longest: int = 20) -> str | None:
    """The language a link's ``lang=`` asks for when the page does not have it (shortened to
    ``longest`` characters for a notice), else None: ``?lang=xx`` was ignored without a word
    (play-test 5 #9); an empty ``lang=`` asks for nothing."""
    if not isinstance(tag, str) or not tag.strip() or normalize(tag):
        return None
    tag = tag.strip()
    return tag if len(tag) <= longest else tag[:longest - 1] + "\u2026"


def set_language(lang: Any) -> str:
    """Make ``lang`` current (an unknown one means English); returns the language set."""
    global _current
    _current = normalize(lang) or SOURCE
    return _current


def language() -> str:
    return _current


class _Keep(dict):
    """Format values: a placeholder without a value stays as it is (never break the page)."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def placeholders(text: Any) -> set[str]:
    """The placeholder names of a text (of every form of a plural text)."""
    forms = text.values() if isinstance(text, dict) else [text]
    names: set[str] = set()
    for form in forms:
        if isinstance(form, str):
            names |= {name for _lit, name, _spec, _conv in string.Formatter().parse(form) if name}
    return names


class Domain:
    """The texts of one layer (the shell's, a game's), in every language, loaded when first used."""

    def __init__(self, name: str, folder: Path | str):
        self.name = name
        self.folder = Path(folder)
        self._catalogs: dict[str, dict[str, Any]] = {}

    def path(self, lang: str) -> Path:
        return self.folder / f"{lang}.json"

    def catalog(self, lang: str) -> dict[str, Any]:
        """Every text of ``lang``: its file's, else (not fetched yet, or not at all) the texts of
        :data:`EVERYWHERE_FILE` for ``lang``, else {}.  A file written later is read once
        ``_catalogs`` forgets ``lang`` (boot.archives does when it writes one)."""
        found = self._catalogs.get(lang)
        if found is None:
            try:
                found = json.loads(self.path(lang).read_text(encoding="utf-8"))
            except FileNotFoundError:
                found = dict(self._everywhere().get(lang, {}))
            self._catalogs[lang] = found
        return found

    def _everywhere(self) -> dict[str, dict[str, Any]]:
        try:
            table = json.loads((self.folder / EVERYWHERE_FILE).read_text(encoding="utf-8"))
        except FileNotFoundError:
            return {}
        return table if isinstance(table, dict) else {}

    def has(self, key: str) -> bool:
        return key in self.catalog(SOURCE)

    def raw(self, key: str, lang: str | None = None) -> Any:
        """The text (or plural forms) of ``key`` in ``lang``, else English, else None."""
        value = self.catalog(lang or _current).get(key)
        return value if value is not None else self.catalog(SOURCE).get(key)

    def t(self, key: str, /, **params: Any) -> str:
        """The text ``key`` in the current language, placeholders filled.
        With ``count=n`` a plural text takes the form for ``n``."""
        return self.t_in(_current, key, **params)

    def t_in(self, lang: str, key: str, /, **params: Any) -> str:
        """The text ``key`` in ``lang`` (English where ``lang`` lacks it)."""
        value = self.raw(key, lang)
        if value is None:
            return key
        if isinstance(value, dict):
            form = plural_category(lang, params.get("count", 0))
            value = value.get(form, value.get("other", key))
        return value.format_map(_Keep(params)) if params else value

    def everywhere(self, key: str) -> list[Any]:
        """``key``'s text in every language that has it (for recognizing default names)."""
        return [self.catalog(lang)[key] for lang in LANGUAGES if key in self.catalog(lang)]


_DOMAINS: dict[str, Domain] = {}


def domain(name: str, folder: Path | str | None = None) -> Domain:
    """The texts of layer ``name`` (registered with its ``lang/`` folder the first time)."""
    found = _DOMAINS.get(name)
    if found is None:
        if folder is None:
            raise KeyError(f"no texts registered for {name!r}")
        found = _DOMAINS[name] = Domain(name, folder)
    return found


def domains() -> dict[str, Domain]:
    return dict(_DOMAINS)


# ------------------------------------------------------------------ the shell's own texts

APP = domain("app", Path(__file__).with_name("lang"))


def t(key: str, /, **params: Any) -> str:
    """The shell's text ``key`` (``py/app/lang/<lang>.json``)."""
    return APP.t(key, **params)


def language_name(lang: str) -> str:
    """The language's name in itself ("Deutsch")."""
    return APP.t_in(lang, "language.name")


def is_you(name: Any) -> bool:
    """Is this the seat the shell calls "You" (in any of the page's languages)? Texts about
    that seat use the second person."""
    return isinstance(name, str) and _is_you(name)


@functools.lru_cache(maxsize=256)     # the texts do not change while the page runs; names repeat
def _is_you(name: str) -> bool:
    folded = name.strip().casefold()
    return any(folded == word.casefold() for word in APP.everywhere("seat.you"))


@functools.cache
def _default_patterns(key: str) -> list[re.Pattern]:
    """``key``'s default name ("Player {n}") in every language, as patterns capturing n."""
    # At most 4 digits: a seat number, never a name of thousands of digits that int() refuses (issue 16).
    return [re.compile(re.escape(template).replace(re.escape("{n}"), r"([0-9]{1,4})"), re.IGNORECASE)
            for template in APP.everywhere(key)]


def default_name(name: Any) -> tuple[str, int | None] | None:
    """("you", None), ("player", n) or ("bot", n) if ``name`` is a name the shell gave a seat
    in any language, else None."""
    return _default_name(name) if isinstance(name, str) else None


@functools.lru_cache(maxsize=256)
def _default_name(name: str) -> tuple[str, int | None] | None:
    if _is_you(name):
        return ("you", None)
    for kind in ("player", "bot"):
        for pattern in _default_patterns(f"seat.{kind}"):
            match = pattern.fullmatch(name.strip())
            if match:
                return (kind, int(match.group(1)))
    return None


def addressed(seats: list[dict[str, Any]], seat: Any) -> list[dict[str, Any]]:
    """``seats`` with ``seat`` called "You": the words about a move its player is looking at (a move
    waiting for their Confirm) address them in the second person, in hot-seat too ("Player 2 played"
    read oddly to Player 2)."""
    return [dict(s, name=t("seat.you")) if i == seat else s for i, s in enumerate(seats)]


def seat_label(name: Any) -> str:
    """A seat's name as shown: a name the shell gave ("You", "Player 2") in the current language."""
    found = default_name(name)
    if found is None:
        return str(name)
    kind, n = found
    return t(f"seat.{kind}", n=n) if n is not None else t("seat.you")
