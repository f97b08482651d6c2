"""Pompeii's texts in four languages (issue 12): the same keys, placeholders and plural forms in
every file; every key the code looks up exists, and every key in the files is used."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

from app.i18n import LANGUAGES, PLURAL_FORMS, SOURCE, placeholders
from pompeii import board as B
from pompeii.game import PompeiiRules
from pompeii_ui import rules_page
from pompeii_ui.spec import PompeiiSpec

ROOT = Path(__file__).resolve().parents[1]
LANG = ROOT / "py/pompeii_ui/lang"
CODE = sorted((ROOT / "py/pompeii_ui").glob("*.py"))
KEYISH = re.compile(r"[a-z][a-z0-9_]*(\.[A-Za-z0-9_\-]*)+")


def catalog(lang: str) -> dict:
    return json.loads((LANG / f"{lang}.json").read_text(encoding="utf-8"))


def code_keys() -> tuple[set[str], set[str]]:
    """(string constants that look like keys, f-string prefixes of lookups) in the package."""
    constants, prefixes = set(), set()
    for path in CODE:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and KEYISH.fullmatch(node.value):
                constants.add(node.value)
            if isinstance(node, ast.JoinedStr) and node.values and isinstance(node.values[0], ast.Constant):
                head = node.values[0].value
                if isinstance(head, str) and head.endswith(".") and KEYISH.fullmatch(head + "x"):
                    prefixes.add(head)
    return constants, prefixes


# Keys built from data: prefix -> members.
FAMILIES = {
    "symbol.": list(B.SYMBOLS), "step.": ["play", "relative", "omen", "lava", "move", ""],
    "phase.": ["1", "2", "over"], "sq.can.": ["place", "relative", "victim", "lava", "mover", "dest", "deselect"],
    "end.col.": ["player", "saved", "dead", "place"], "log.over.": ["bag_empty", "city_empty"],
    "seat_colour.": [name for _c, name in PompeiiSpec.SEAT_COLOURS],
    "bot_level.": list(PompeiiRules.bot_levels) + [f"{lv}.help" for lv in PompeiiRules.bot_levels],
    "setup.variant.": ["standard", "dual-vent", "help"], "error.": ["bad_action", "game_over"],
    "setup.": ["variant"],      # app.games.GameSpec.field_label
}


def test_the_shell_finds_the_setup_labels_and_the_errors():
    spec = PompeiiSpec()
    field = spec.setup_fields()[0]
    assert spec.field_label(field) == "Lava tiles"
    assert spec.choice_label(field, "dual-vent") == "Dual vents (48 tiles)"
    assert spec.bot_level_label("hard") == "hard"
    from gamekit.game import IllegalAction
    assert spec.error_text(IllegalAction("x", code="game_over")) == "The game is over."


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_bot_level_is_named_and_described_for_the_new_game_form(lang):
    """Play-test 8 (F4): the form's line under a seat (``GameSpec.bot_level_help``) was empty for
    every Pompeii level; each level now has a name and a line of its own in every language."""
    from app.i18n import language, set_language

    spec, before = PompeiiSpec(), language()
    try:
        set_language(lang)
        helps = [spec.bot_level_help(lv) for lv in spec.bot_levels]
        names = [spec.bot_level_label(lv) for lv in spec.bot_levels]
    finally:
        set_language(before)
    assert all(helps) and len(set(helps)) == len(helps), helps
    assert len(set(names)) == len(names) and (lang == "en" or names != list(spec.bot_levels)), names


def test_every_language_has_the_same_keys_placeholders_and_plurals():
    english = catalog(SOURCE)
    for lang in LANGUAGES:
        texts = catalog(lang)
        assert set(texts) == set(english), f"{lang}: {set(texts) ^ set(english)}"
        for key, text in texts.items():
            assert placeholders(text) == placeholders(english[key]), f"{lang} {key}"
            if isinstance(english[key], dict):
                assert isinstance(text, dict) and set(text) == set(PLURAL_FORMS[lang]), f"{lang} {key}"
            else:
                assert isinstance(text, str) and text, f"{lang} {key}"
        if lang != SOURCE:
            same = [k for k, v in texts.items() if v == english[k] and isinstance(v, str) and len(v) > 12]
            assert len(same) <= len(texts) // 10, f"{lang}: untranslated? {same}"


def test_every_key_used_exists_and_every_key_is_used():
    keys = set(catalog(SOURCE))
    constants, prefixes = code_keys()
    assert {p for p in prefixes if not p.startswith("rules.")} <= set(FAMILIES), prefixes - set(FAMILIES)
    built = {p + m for p, members in FAMILIES.items() for m in members}
    # the rules pages' texts (pompeii_ui.rules_page)
    built |= {f"rules.{s}.h" for s in rules_page.SECTIONS}
    built |= {f"rules.{s}.{p}" for s, ps in rules_page.PARAGRAPHS.items() for p in ps}
    built |= {f"rules.PR{n}" for n in rules_page.RULINGS}
    missing = sorted(k for k in built if k not in keys)
    assert not missing, missing
    looked_up = {c for c in constants if c.split(".")[0] in {k.split(".")[0] for k in keys}}
    unknown = sorted(c for c in looked_up if c not in keys and not any(c.startswith(p) for p in FAMILIES)
                     and not c.startswith("rules."))
    # file names and CSS classes look like keys too: only flag those whose first part is a text family
    unknown = [c for c in unknown if not c.endswith((".json", ".html", ".css", ".py"))]
    assert not unknown, unknown
    unused = sorted(k for k in keys
                    if k not in constants and k.removesuffix(".you") not in constants and k not in built)
    assert not unused, unused


# A preposition before an article it joins with or declines: Italian "su l'edificio" is "sull'edificio"
# (play-test 2, N7), Spanish "de el" is "del", German "von das Tor" is "vom Tor"; and "You" named where
# a language says "your" ("il cittadino di Tu", "You's citizen").
UNJOINED = {
    "it": re.compile(r"\b(?:a|da|di|in|su|con|per)\s+(?:(?:il|lo|la|i|gli|le)\b|l')|\bdi Tu\b", re.IGNORECASE),
    "es": re.compile(r"\b(?:a|de)\s+el\b|\bde Tú\b", re.IGNORECASE),
    "de": re.compile(r"\b(?:von|zu)\s+(?:dem|das|ein|der Krater)\b|\bnach\s+(?:der|die|das|den|ein)\b"
                     r"|\bauf\s+der\b|\bvon Du\b"),
    "en": re.compile(r"\bYou's\b"),
}


def every_place_line(seats: list[dict]) -> list[str]:
    """Every log line that names a square, for every square of the city, said by and about each seat."""
    from pompeii_ui.words import describe

    squares = [list(B.rc(q)) for q in range(B.WIDTH * B.HEIGHT)]
    gate = B.GATES[0]
    lines = []
    for seat, victim in ((0, 1), (1, 0)):
        for square in squares:
            for e in ({"type": "placed", "square": square}, {"type": "relative_placed", "square": square},
                      {"type": "omen_victim", "victim": victim, "square": square},
                      {"type": "lava_placed", "symbol": "vase", "square": square, "killed": [1, 0]},
                      {"type": "moved", "path": [square, squares[40]]}, {"type": "moved", "path": [squares[40], square]},
                      {"type": "saved", "path": [square, list(B.rc(gate["square"]))], "gate": gate["id"]}):
                lines.append(describe({**e, "seat": seat}, seats))
    return lines


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_log_line_joins_its_preposition_with_the_article_of_the_place(lang):
    """Play-test 2 (N7): the Italian log said "ha piazzato un cittadino su l'edificio 3a"; each language now
    writes a square's whole phrase after each preposition (``pompeii_ui.words.PLACE_KEYS``)."""
    from app import i18n

    seats = [{"kind": "human", "name": "You"}, {"kind": "bot", "name": "Plinius"}]
    try:
        i18n.set_language(lang)
        lines = every_place_line(seats)
        bad = sorted({line for line in lines if UNJOINED[lang].search(line)})
        assert not bad, bad[:5]
        from pompeii_ui.strings import seat_label, tn
        said = tn("log.burned", 1, whose=seat_label("You"))                  # killed [1, 0]: seat 0's
        burned = [line for line in lines if line.endswith(said)]
        assert burned and all(line.endswith(". " + said) and ".. " not in line for line in burned)   # two sentences
        building = next(q for q in range(B.WIDTH * B.HEIGHT) if B.PART[q])
        if lang == "it":
            from pompeii_ui.words import describe
            line = describe({"type": "placed", "seat": 1, "square": list(B.rc(building))}, seats)
            assert line.startswith(f"Plinius ha piazzato un cittadino sull'edificio {B.PART[building]} (")
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_log_says_which_gate_a_lava_tile_closed(lang):
    """A play-test: the log did not say which gate lava closed (P52, PR23), and on square (6,8), building
    11a and gate G7 at once (P17), it named only the building. The gate comes from the event alone."""
    from app import i18n
    from pompeii_ui.strings import seat_label, t, tn
    from pompeii_ui.words import describe

    seats = [{"kind": "human", "name": "You"}, {"kind": "bot", "name": "Plinius"}]
    try:
        i18n.set_language(lang)
        lava = {"type": "lava_placed", "seat": 1, "symbol": "helmet", "square": [6, 8], "killed": [0, 0]}
        closed = t("log.gate_closed", gate="Porta di Nocera")
        assert describe({**lava, "gate": "G7"}, seats).endswith("). " + closed)
        assert "Porta di Nocera" not in describe(lava, seats)                 # no gate in the event: none said
        said = tn("log.burned", 1, whose=seat_label("You"))
        assert describe({**lava, "gate": "G7", "killed": [1, 0]}, seats).endswith("). " + said + " " + closed)
        assert describe({**lava, "gate": "G9"}, seats) == describe(lava, seats)   # an unknown gate: nothing
    finally:
        i18n.set_language("en")
    assert describe({**lava, "gate": "G7"}, seats) == (
        "Plinius placed helmet lava on building 11a (row 7, column 9). Porta di Nocera is closed for good.")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_squares_are_named_counting_rows_and_columns_from_1(lang):
    """A play-test read "row 0, column 7" as a bug: the board draws no coordinates and numbers its gates
    from 1, so every text counts from 1; the engine's (row, col) from 0 (P8) is not shown."""
    from app import i18n
    from pompeii_ui.strings import t
    from pompeii_ui.words import where

    try:
        i18n.set_language(lang)
        for q in B.CITY:
            r, c = B.rc(q)
            for prep in ("", "on", "from", "to"):
                assert f"({t('where.coords', row=r + 1, col=c + 1)})" in where([r, c], prep)
        assert t("where.coords", row=0, col=0) not in where([0, 0])
    finally:
        i18n.set_language("en")
    assert where([0, 7]) == "the scroll vent (row 1, column 8)"               # P15's (0,7)


def test_the_log_says_whose_citizens_burn_or_die_trapped():
    """Play-test 3: "1 citizen burns." and "3 trapped citizens die." did not say whose."""
    from app import i18n
    from pompeii_ui.words import describe

    seats = [{"kind": "human", "name": "You"}, {"kind": "bot", "name": "Plinius"}, {"kind": "bot", "name": "Tacitus"}]
    i18n.set_language("en")
    lava = {"type": "lava_placed", "seat": 1, "symbol": "vase", "square": [2, 9]}
    assert describe({**lava, "killed": [0, 1, 0]}, seats).endswith(". 1 citizen burns (Plinius).")
    assert describe({**lava, "killed": [2, 0, 1]}, seats).endswith(". 3 citizens burn (You 2, Tacitus 1).")
    assert not describe({**lava, "killed": [0, 0, 0]}, seats).endswith(".")
    trapped = {"type": "trapped", "squares": [[1, 2, 1, 0, 1], [3, 4, 0, 0, 1]]}
    assert describe(trapped, seats) == "3 trapped citizens die (You 1, Tacitus 2)."
    i18n.set_language("it")
    assert describe(trapped, seats) == "Muoiono 3 cittadini intrappolati (Tu 1, Tacitus 2)."
    i18n.set_language("en")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_second_ad79_and_the_eruption_say_vesuvius_erupts_once(lang):
    """Play-test 4: "The second AD 79: Vesuvius erupts · Vesuvius erupts: phase 2 begins" said it twice;
    the card's line now says only that it is drawn (the eruption's own line says what follows, P38)."""
    from app import i18n
    from pompeii_ui.words import describe_log

    seats = [{"kind": "human", "name": "You"}, {"kind": "bot", "name": "Plinius"}]
    try:
        i18n.set_language(lang)
        lines = describe_log([{"type": "ad79", "seat": 1, "count": 2}, {"type": "eruption", "seat": 1, "how": "ad79"}],
                             seats)
        eruption = lines[1].split(":")[0]            # "Vesuvius erupts", "Der Vesuv bricht aus"...
        assert len(lines) == 2 and eruption not in lines[0], lines
    finally:
        i18n.set_language("en")
