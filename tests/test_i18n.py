"""The texts in four languages (app.i18n and the language files of each layer).

* every key the code uses exists in English, Spanish, Italian and German, and
  every key of the files is used somewhere (the code, the rules pages' builder,
  the page's scripts);
* the four files of a layer have the same keys, the same placeholders per key
  and, where a text depends on a number, the plural forms of each language;
* the machinery: fallback to English, plural choice, the language choice,
  second person for "You" in every language.
"""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

from app import i18n
from app.i18n import LANGUAGES, PLURAL_FORMS, SOURCE, placeholders

ROOT = Path(__file__).resolve().parents[1]
LAYERS = {
    # layer: (its language folder, the files that look its texts up)
    "app": (ROOT / "py/app/lang", [*sorted((ROOT / "py/app").glob("*.py")), ROOT / "static/loader.js",
                                   ROOT / "static/offline.js"]),
    "ptolemaeus": (ROOT / "py/ptolemaeus_ui/lang", [*sorted((ROOT / "py/ptolemaeus_ui").glob("*.py")),
                                                   ROOT / "tools/build_rules.py"]),
}

LOOKUPS = {"t", "tn", "tp", "t_in", "has", "text"}     # the functions that take a key
JS_KEY = re.compile(r"""["']((?:loader|offline)\.[a-z_.]+)["']""")   # the page's scripts' keys
KEYISH = re.compile(r"[a-z][a-z0-9_]*(\.[A-Za-z0-9_ ]+)+")


def catalog(layer: str, lang: str) -> dict:
    return json.loads((LAYERS[layer][0] / f"{lang}.json").read_text(encoding="utf-8"))


def _python_keys(text: str) -> tuple[set[str], set[str], set[str]]:
    """(keys looked up by a literal, every key-like string constant, f-string prefixes) of a module."""
    tree = ast.parse(text)
    looked_up, constants, prefixes = set(), set(), set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and KEYISH.fullmatch(node.value):
            constants.add(node.value)
        if isinstance(node, ast.Call):
            func = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", None)
            if func not in LOOKUPS:
                continue
            for arg in node.args[:2]:
                options = [arg.body, arg.orelse] if isinstance(arg, ast.IfExp) else [arg]  # t(a if x else b)
                for option in options:
                    if isinstance(option, ast.Constant) and isinstance(option.value, str) \
                            and KEYISH.fullmatch(option.value):
                        looked_up.add(option.value)
                    elif isinstance(option, ast.JoinedStr) and option.values \
                            and isinstance(option.values[0], ast.Constant):
                        prefixes.add(option.values[0].value)
    return looked_up, constants, prefixes


def used_keys(layer: str) -> tuple[set[str], set[str], set[str]]:
    """(keys looked up by a literal, key-like strings named anywhere, f-string prefixes) of a layer."""
    looked_up, named, prefixes = set(), set(), set()
    for path in LAYERS[layer][1]:
        if not path.exists():
            continue
        text = path.read_text(encoding="utf-8")
        if path.suffix == ".py":
            a, b, c = _python_keys(text)
            looked_up |= a
            named |= b
            prefixes |= c
        else:
            looked_up |= set(JS_KEY.findall(text))
        if path.name == "build_rules.py":      # its page template names texts as [[key]] and ((key))
            looked_up |= set(re.findall(r"(?:\[\[|\(\()([A-Za-z0-9_]+\.[A-Za-z0-9_.]+)(?:\]\]|\)\))", text))
            prefixes |= set(re.findall(r"(?:\[\[|\(\()([A-Za-z0-9_]+\.[A-Za-z0-9_.]*)\{", text))
    return looked_up, named | looked_up, prefixes


def test_no_page_code_looks_up_a_rules_page_text():
    """tools/vendor.py serves the language files without the ``rules.*`` texts (the rules pages
    are written at build time): a page module looking one up would get the English fallback's
    absence. Only the rules pages' builders name them."""
    builders = {"build_rules.py", "rules_page.py"}
    for folder in ("app", "ptolemaeus_ui", "pompeii_ui", "boardui", "boot"):
        for path in sorted((ROOT / "py" / folder).glob("*.py")):
            if path.name in builders:
                continue
            looked_up, _named, prefixes = _python_keys(path.read_text(encoding="utf-8"))
            assert not [k for k in looked_up | prefixes if k.startswith("rules.")], path


def test_every_language_has_a_file_per_layer_with_the_same_keys():
    for layer in LAYERS:
        source = catalog(layer, SOURCE)
        for lang in LANGUAGES:
            texts = catalog(layer, lang)
            missing = sorted(source.keys() - texts.keys())
            extra = sorted(texts.keys() - source.keys())
            assert not missing and not extra, f"{layer}/{lang}.json: missing {missing}, not in English {extra}"


def test_every_key_used_in_the_code_exists():
    for layer in LAYERS:
        literal, _named, prefixes = used_keys(layer)
        keys = catalog(layer, SOURCE).keys()
        missing = sorted(k for k in literal if k not in keys)
        assert not missing, f"{layer}: keys used in the code but not in {layer}/en.json: {missing}"
        empty = sorted(p for p in prefixes if not any(k.startswith(p) for k in keys))
        assert not empty, f"{layer}: no key in en.json starts with {empty}"


def test_every_key_in_the_files_is_used():
    families = _families()
    for layer in LAYERS:
        _literal, named, prefixes = used_keys(layer)
        built = {prefix + m for prefix, members in families[layer].items() if prefix in prefixes for m in members}
        unused = []
        for key in catalog(layer, SOURCE):
            base = key.removesuffix(".you")   # tp(key, name): the second-person variant
            if base in named or key in named or base in built or key in built:
                continue
            unused.append(key)
        assert not unused, f"{layer}: keys in the files that no code uses: {unused}"


# The families of keys the code builds from data (t(f"bonus.{name}")...): each member must exist.
def _families() -> dict[str, dict[str, list[str]]]:
    import importlib.util

    from ptolemaeus.data import BONUS_TYPES, COLOURS, PLANETS
    from ptolemaeus.sky import HISTORIC_DATES, DateError
    from ptolemaeus_ui.spec import PtolemaeusSpec

    spec_ = importlib.util.spec_from_file_location("build_rules", ROOT / "tools/build_rules.py")
    rules = importlib.util.module_from_spec(spec_)
    spec_.loader.exec_module(rules)

    configs = ["constellation", "conjunction", "opposition", "trine", "square"]
    pending = ["draw2", "observe", "study", "signa", "nova_luna", "mercurius", "venus", "iupiter", "mars",
               "saturnus", "eclipsis"]
    columns = ["player", "studied", "table", "asteroids", "objective", "nova", "total"]
    spec = PtolemaeusSpec()
    return {
        "app": {
            "colour.": ["red", "blue", "yellow", "green", "purple", "white"],
            "header.": ["undo", "new", "export", "import", "undo.title", "export.title", "import.title",
                        "replay", "daily", "replay.title", "daily.title"],
            "replay.speed.": ["slow", "normal", "fast"],
            "settings.bot_speed.": ["slow", "watchable", "instant"],
            "seat.": ["you", "player", "bot"],
            "newgame.saved.item.": ["finished", "unfinished"],
            "storage.full.": ["game", "bad", "settings", "entry"],
            "storage.refused.": ["game", "bad", "settings", "entry"],
        },
        "ptolemaeus": {
            "bonus.": list(BONUS_TYPES), "bonus_doc.": list(BONUS_TYPES),
            "planet.": list(PLANETS), "planet_abbr.": list(PLANETS), "planet_gloss.": list(PLANETS),
            "element.": list(COLOURS), "colour.": list(COLOURS),
            "prompt.observe_btn.": configs, "log.observe.": configs,
            "log.study.": ["A", "B"], "log.place.": ["signa", "nova_luna"], "log.discard.": ["saturnus", "eclipsis"],
            "log.sweep.": ["comet", "eclipsis"], "anim.sweep.": ["comet", "eclipsis"],
            "decision.": pending + ["turn", "finish", "over"],
            "date.": [h.key for h in HISTORIC_DATES],
            "date.error.": list(DateError.CODES), "month.": [str(m) for m in range(1, 13)],
            "bot_level.": list(spec.bot_levels) + [f"{lv}.help" for lv in spec.bot_levels],
            "seat_colour.": [name for _css, name in spec.SEAT_COLOURS],
            "end.col.": columns, "end.col_short.": columns,
            # the rules pages (tools/build_rules.py)
            "rules.": [f"{s}.h" for s in rules.SECTIONS],
            "rules.sign.": list(COLOURS),
            "rules.bonus.": [key for _name, key in rules.BONUS],
            "rules.R": [f"{r}{part}" for r in range(1, 20) for part in ("", ".title")],
        },
    }


def test_every_key_family_is_complete():
    families = _families()
    for layer in LAYERS:
        _literal, _named, prefixes = used_keys(layer)
        unknown = sorted(p for p in prefixes if p not in families[layer])
        assert not unknown, f"{layer}: the code builds keys from {unknown}: list the members in _families()"
        keys = catalog(layer, SOURCE).keys()
        for prefix, members in families[layer].items():
            missing = [prefix + m for m in members if prefix + m not in keys]
            assert not missing, f"{layer}: missing {missing}"


def test_placeholders_and_plural_forms_match_across_languages():
    problems = []
    for layer in LAYERS:
        source = catalog(layer, SOURCE)
        for lang in LANGUAGES:
            texts = catalog(layer, lang)
            for key, english in source.items():
                text = texts.get(key)
                if text is None:
                    continue
                if placeholders(text) != placeholders(english):
                    problems.append(f"{layer}/{lang} {key}: {sorted(placeholders(text))} "
                                    f"vs English {sorted(placeholders(english))}")
                if isinstance(english, dict):
                    if not isinstance(text, dict) or set(text) != set(PLURAL_FORMS[lang]):
                        problems.append(f"{layer}/{lang} {key}: plural forms {PLURAL_FORMS[lang]} expected")
                elif not isinstance(text, str):
                    problems.append(f"{layer}/{lang} {key}: a text expected")
                if isinstance(text, str) and not text.strip() and english.strip():
                    problems.append(f"{layer}/{lang} {key}: empty")
    assert not problems, "\n".join(problems)


def test_translations_are_translated():
    """Most texts differ from English (Latin names, numbers and "Nova" may not)."""
    for layer in LAYERS:
        source = catalog(layer, SOURCE)
        for lang in LANGUAGES:
            if lang == SOURCE:
                continue
            texts = catalog(layer, lang)
            same = [k for k, v in source.items() if texts.get(k) == v and isinstance(v, str) and re.search(
                r"[a-z]{4,}", v) and not k.startswith(("planet.", "bonus.", "planet_abbr.", "event."))]
            assert len(same) <= len(source) // 10, f"{layer}/{lang}: untranslated? {same}"


def test_rules_fragments_keep_their_markup_and_links():
    source = catalog("ptolemaeus", SOURCE)
    tags = re.compile(r"</?([a-z]+)[^>]*>")
    links = re.compile(r'href="([^"]+)"')
    for lang in LANGUAGES:
        texts = catalog("ptolemaeus", lang)
        for key, english in source.items():
            if not key.startswith("rules.") or not isinstance(english, str):
                continue
            assert sorted(links.findall(texts[key])) == sorted(links.findall(english)), f"{lang} {key}"
            assert sorted(tags.findall(texts[key])) == sorted(tags.findall(english)), f"{lang} {key}"


# ------------------------------------------------------------------ machinery


@pytest.fixture
def lang():
    yield i18n.set_language
    i18n.set_language(SOURCE)


def test_lookup_fallback_and_plurals(tmp_path, lang):
    (tmp_path / "en.json").write_text(json.dumps({"a": "A {x}", "n": {"one": "1 card", "other": "{count} cards"},
                                                  "only_en": "English"}))
    (tmp_path / "de.json").write_text(json.dumps({"a": "A auf Deutsch {x}",
                                                  "n": {"one": "1 Karte", "other": "{count} Karten"}}))
    d = i18n.Domain("test", tmp_path)
    assert d.t("a", x=1) == "A 1" and d.t("n", count=1) == "1 card" and d.t("n", count=0) == "0 cards"
    lang("de")
    assert d.t("a", x=2) == "A auf Deutsch 2" and d.t("n", count=1) == "1 Karte" and d.t("n", count=5) == "5 Karten"
    assert d.t("only_en") == "English"           # missing in German: English
    assert d.t("nowhere") == "nowhere"           # missing everywhere: the key (never an exception)
    assert d.t("a") == "A auf Deutsch {x}"       # a missing value leaves its placeholder
    lang("es")                                   # no file at all: English
    assert d.t("n", count=2) == "2 cards"


def test_choose_language():
    choose = i18n.choose_language
    assert choose(None, None, ["de-AT", "en"]) == "de"
    assert choose(None, None, ["fr-FR", "it-IT"]) == "it"       # the first the page has
    assert choose(None, None, ["fr", "pt"]) == "en" and choose() == "en"
    assert choose(None, "es", ["de"]) == "es"                    # the stored choice beats the browser
    assert choose("it", "es", ["de"]) == "it"                    # a link beats both
    assert choose("xx", "es", ["de"]) == "es"                    # an unknown lang= is ignored
    assert i18n.normalize("es_MX") == "es" and i18n.normalize("EN-gb") == "en" and i18n.normalize(3) is None


def test_plural_categories():
    for code in LANGUAGES:
        assert [i18n.plural_category(code, n) for n in (0, 1, 2, 11)] == ["other", "one", "other", "other"]


def test_you_and_default_names_in_every_language(lang):
    for code, you, player in (("en", "You", "Player 2"), ("es", "Tú", "Jugador 2"), ("it", "Tu", "Giocatore 2"),
                              ("de", "Du", "Spieler 2")):
        lang(code)
        assert i18n.t("seat.you") == you and i18n.t("seat.player", n=2) == player
        assert i18n.is_you(you) and i18n.is_you(you.upper())
        lang("en")
        assert i18n.seat_label(you) == "You" and i18n.seat_label(player) == "Player 2"
    assert not i18n.is_you("Hypatia") and i18n.seat_label("Hypatia") == "Hypatia"


def test_game_texts_follow_the_language(lang):
    from ptolemaeus_ui.strings import t, tp
    from ptolemaeus_ui.words import describe

    seats = [{"name": "You"}, {"name": "Hypatia"}]
    lang("de")
    assert tp("log.end_turn", "You") != t("log.end_turn", name="Du")  # second person
    line = describe({"type": "steal", "seat": 1, "victim": 0}, seats)[0][1]
    assert "Hypatia" in line and "deiner Hand" in line
    lang("es")
    assert describe({"type": "end_turn", "seat": 0}, seats)[0][1] == t("log.end_turn.you")


def test_the_loading_screen_knows_the_languages_and_the_settings_key():
    """loader.js chooses the language as app.i18n does: same languages, same settings key."""
    page = (ROOT / "index.html").read_text(encoding="utf-8")
    languages = re.search(r'data-languages="([^"]*)"', page).group(1).split()
    assert tuple(languages) == LANGUAGES and languages[0] == SOURCE
    from app.storage import SaveStore
    key = re.search(r'data-settings="([^"]*)"', page).group(1)
    from app import site
    assert key == SaveStore(None, {}, site.STORAGE_PREFIX).settings_key == site.STORAGE_PREFIX + "settings"
    texts = re.search(r'data-texts="([^"]*)"', page).group(1)
    assert all((ROOT / texts.replace("{lang}", lang)).is_file() for lang in LANGUAGES)


def test_the_loading_screen_knows_the_saved_games_key_and_each_games_first_files():
    """loader.js requests a first visit's game (issue 13) unless the shell resumes a saved game:
    the same key for the current game as the shell's; and data-games (tools/vendor.py) names each
    registered game, the default game first, with the archives boot.archives fetches for it."""
    page = (ROOT / "index.html").read_text(encoding="utf-8")
    from app import site
    from app.games import CATALOG
    import catalog  # noqa: F401
    assert re.search(r'data-current="([^"]*)"', page).group(1) == site.STORAGE_PREFIX + "current"
    words = re.search(r'data-games="([^"]*)"', page).group(1).split()
    keys = [word[:-1] for word in words if word.endswith(":")]
    assert keys == list(CATALOG) and keys[0] == CATALOG.default().key
    files = [word for word in words if not word.endswith(":")]
    for key in keys:
        package = CATALOG[key].spec.split(".")[0]
        assert f"./static/py/{package}.zip" in files and f"./static/py/{package}/lang/{{lang}}.json" in files
        assert "./" + CATALOG[key].stylesheet in files
    assert all((ROOT / f.replace("{lang}", lang)).is_file() for f in files for lang in LANGUAGES)


@pytest.mark.parametrize("lang", ["it", "de", "es"])
def test_a_game_title_after_a_preposition_is_quoted_so_that_its_article_reads_right(lang):
    """Play-test 2: Italian read "versione di La caduta di Pompei" (not "della Caduta"); a title
    that begins with an article stands in quotes after "of" (as German and Spanish do too)."""
    import catalog  # noqa: F401 - registers the page's games
    from app.games import CATALOG

    title = CATALOG["pompeii"].title(lang)
    quoted = {"it": f"«{title}»", "de": f"„{title}“", "es": f"«{title}»"}[lang]
    try:
        i18n.set_language(lang)
        for key in ("save.game_version", "save.game_version_missing", "replay.link.game_version"):
            text = i18n.t(key, title=title, found=1, version=2)
            assert quoted in text, (key, text)
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("layer", ["ptolemaeus", "pompeii"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_prompt_tells_the_player_to_click(layer, lang):
    """Play-test 3: on a phone the prompt said "click"; a player taps, or presses Enter on the
    keyboard: a prompt says what to choose (the rules page may say "click (or tap)")."""
    click = re.compile(r"\b(click|klick|clicca|clic|haz clic)", re.IGNORECASE)
    texts = json.loads((ROOT / f"py/{layer}_ui/lang/{lang}.json").read_text(encoding="utf-8"))
    found = {key: text for key, text in texts.items()
             if key.startswith("prompt.") and click.search(json.dumps(text, ensure_ascii=False))}
    assert not found, found
