"""A notice's text is made when it is shown (app.errors.said_later): a message about an error
follows the page's language, as errors shown to players are translated at display (issue 10)."""

from __future__ import annotations

import pytest

from app import i18n
from app.errors import error_text, said_later
from app.games import Catalog
from app.i18n import t
from app.links import LinkError, parse_link
from shellgame import TALLY

GAMES = Catalog([TALLY])


def _link_error() -> LinkError:
    with pytest.raises(LinkError) as caught:
        parse_link("?game=nosuchgame", GAMES)
    return caught.value


def test_a_coded_error_is_said_in_the_language_of_the_moment_it_is_shown(english):
    error = _link_error()
    text = said_later("start.bad_link", error=error)
    english_text = text()
    assert english_text == t("start.bad_link", error=error_text(error)) and "nosuchgame" in english_text
    i18n.set_language("de")
    german_text = text()
    assert german_text != english_text and "nosuchgame" in german_text
    assert german_text == t("start.bad_link", error=error_text(error))   # the whole notice in German
    i18n.set_language("en")
    assert text() == english_text


def test_any_other_exception_and_plain_params_are_said_as_they_are(english):
    """A browser's own error (a refused storage, a file that cannot be read) has no code: its text
    is said as it is, exactly as ``t`` would show it; other params pass through untouched."""
    error = OSError("the disk said no")
    assert said_later("import.unreadable", file="x.json", error=error)() == \
        t("import.unreadable", file="x.json", error=error)
    assert "the disk said no" in said_later("settings.failed", error=error)()


def test_nothing_is_made_before_the_notice_is_shown(english):
    """The text is made on each call (never frozen when the error was caught)."""
    calls = []

    class Loud(Exception):
        def __str__(self) -> str:
            calls.append(1)
            return "loud"

    text = said_later("settings.failed", error=Loud())
    assert calls == []
    assert "loud" in text() and "loud" in text() and len(calls) == 2
