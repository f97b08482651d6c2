"""The rules pages (rules.html in English, rules.<lang>.html): generated from the
game's language files by tools/build_rules.py, static, local, offline, and each
shows every ruling R1-R19 (players deserve to know how an ambiguity was settled)."""

from __future__ import annotations

import importlib.util
import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from app.i18n import LANGUAGES

ROOT = Path(__file__).resolve().parents[1]
RULINGS = Path("/work/shared/rules/ptolemaeus-rulings.md")


def _load(name: str):
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


build_rules = _load("build_rules")
PAGES = {lang: ROOT / build_rules.page_name(lang) for lang in LANGUAGES}


class Links(HTMLParser):
    def __init__(self):
        super().__init__()
        self.urls, self.ids, self.langs, self.html_lang = [], set(), {}, None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "html":
            self.html_lang = attrs.get("lang")
        for name in ("href", "src"):
            if attrs.get(name):
                self.urls.append(attrs[name])
        if attrs.get("id"):
            self.ids.add(attrs["id"])
        if tag == "a" and attrs.get("hreflang"):
            self.langs[attrs["hreflang"]] = attrs["href"]


def parse(lang: str) -> Links:
    parser = Links()
    parser.feed(PAGES[lang].read_text(encoding="utf-8"))
    return parser


def test_the_pages_are_up_to_date():
    stale = [name for name, text in build_rules.pages().items()
             if not (ROOT / name).is_file() or (ROOT / name).read_text(encoding="utf-8") != text]
    assert not stale, f"{stale} differ from the language files: run python tools/build_rules.py"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_rules_page_is_local_and_relative(lang):
    text = PAGES[lang].read_text(encoding="utf-8")
    assert not re.search(r"https?://", text, re.IGNORECASE)
    assert "[[" not in text and "((" not in text and "{lang}" not in text and "{current:" not in text
    parser = parse(lang)
    assert parser.html_lang == lang
    for url in parser.urls:
        assert url.startswith(("./", "#")), url
        if url.startswith("./"):
            assert (ROOT / url[2:].split("?")[0]).exists(), url
        else:
            assert url[1:] in parser.ids, url
    assert "./static/app.css" in parser.urls and "./static/ptolemaeus.css" in parser.urls
    assert f"./index.html?lang={lang}" in parser.urls      # back to the game, in this language
    # every language's page, each link in its own language
    assert parser.langs == {code: f"./{build_rules.page_name(code)}" for code in LANGUAGES}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_ruling_is_on_the_rules_page(lang):
    parser = parse(lang)
    for r in range(1, 20):
        assert f"R{r}" in parser.ids
    if RULINGS.exists():    # the rulings file names the same ids
        ids = set(re.findall(r"^- (R\d+) ", RULINGS.read_text(), re.MULTILINE))
        assert ids == {f"R{r}" for r in range(1, 20)}


# The points the engine settles beyond the rulebook and R1-R19 (payment.py: only non-dominated
# payments; cards.py: R3 stops when no fresh layout avoids five of a colour; state.py: a short
# display is topped up at the latest when a turn begins; state.py/bonus.py: second steps mandatory,
# Mercurius' may be skipped). The Eclipsis at the game's end is no longer a point of ours: R19.
SETTLED = ["pay", "five", "short", "second"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_what_the_engine_settles_beyond_the_rulings_is_on_the_rules_page(lang):
    text = PAGES[lang].read_text(encoding="utf-8")
    parser = parse(lang)
    assert "settled" in parser.ids and "#settled" in parser.urls     # the section, linked from the intro
    texts = json.loads((ROOT / "py/ptolemaeus_ui/lang" / f"{lang}.json").read_text(encoding="utf-8"))
    english = json.loads((ROOT / "py/ptolemaeus_ui/lang/en.json").read_text(encoding="utf-8"))
    for point in SETTLED:
        key = f"rules.settled.{point}"
        item = re.search(rf'<li id="settled-{point}">(.*?)</li>', text)
        assert item, f"{point} missing from {PAGES[lang].name}"
        assert item.group(1) == texts[key]                 # in this page's own language
        if lang != "en":
            assert texts[key] != english[key], f"{key} not translated into {lang}"
    assert text.index('id="rulings"') < text.index('id="settled"') < text.index('id="page"')


def test_the_pages_and_the_texts_are_precached():
    precache = _load("precache")
    files = set(precache.site_files(ROOT))
    assert {p.name for p in PAGES.values()} <= files
    # The page fetches every layer's texts from static/py/ (tools/vendor.py copies them there).
    texts = {"static/py/" + p.relative_to(ROOT / "py").as_posix() for p in (ROOT / "py").rglob("lang/*.json")}
    assert texts and texts <= files
