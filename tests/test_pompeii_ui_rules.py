"""The Pompeii rules pages (issue 12): one per language, generated from the language files, the
rulings shown, nothing from another origin, and named as the catalog says."""

from __future__ import annotations

import re
from pathlib import Path

import catalog  # noqa: F401 - registers the games
from app.games import CATALOG
from app.i18n import LANGUAGES
from pompeii_ui import rules_page

ROOT = Path(__file__).resolve().parents[1]


def test_the_pages_are_up_to_date():
    assert rules_page.main(["--check"]) == 0, "run PYTHONPATH=py python -m pompeii_ui.rules_page"


def test_the_catalog_names_the_pages_and_they_exist():
    info = CATALOG["pompeii"]
    assert set(info.rules_pages) == set(LANGUAGES)
    for lang in LANGUAGES:
        assert info.rules_pages[lang] == rules_page.page_name(lang)
        assert (ROOT / info.rules_pages[lang]).is_file()


def test_each_page_is_in_its_language_with_the_rulings_and_local_links_only():
    for lang in LANGUAGES:
        text = rules_page.render(lang)
        assert f'<html lang="{lang}">' in text
        for n in rules_page.RULINGS:
            assert f'id="PR{n}"' in text
        urls = re.findall(r'(?:href|src)="([^"]*)"', text)
        assert urls and all(u.startswith(("./", "#")) for u in urls), urls
        assert "{" not in text.split("<body>")[1]          # no placeholder left unfilled
        assert "<script" not in text


def test_the_pages_are_precached_for_offline_use():
    """Issue 12 (offline): the service worker's precache holds the Pompeii rules pages and texts."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("precache", ROOT / "tools" / "precache.py")
    precache = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(precache)
    files = set(precache.site_files(ROOT))
    assert {rules_page.page_name(lang) for lang in LANGUAGES} <= files
    assert {f"static/py/pompeii_ui/lang/{lang}.json" for lang in LANGUAGES} <= files   # where the page fetches them
    assert "static/pompeii.css" in files


def test_the_share_link_starts_the_same_pompeii_game():
    """Issue 12: ``?game=pompeii&variant=dual-vent&seats=human,bot&seed=1`` round trip."""
    from app.links import parse_link, share_query
    spec, setup, seats = parse_link("?game=pompeii&variant=dual-vent&seats=human,hard&seed=1", CATALOG)
    assert spec.key == "pompeii" and setup["variant"] == "dual-vent" and setup["seed"] == 1
    assert [s["kind"] for s in seats] == ["human", "bot"] and seats[1]["level"] == "hard"
    query = share_query(spec, setup, seats)
    assert query == "?game=pompeii&variant=dual-vent&seats=human,hard&seed=1"
    again = parse_link(query, CATALOG)
    assert again[1] == setup
