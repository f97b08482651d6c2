"""rules.html: static, local, and it shows every ruling R1-R18 (players deserve
to know how an ambiguity was settled)."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "rules.html"
RULINGS = Path("/work/shared/rules/ptolemaeus-rulings.md")


class Links(HTMLParser):
    def __init__(self):
        super().__init__()
        self.urls, self.ids = [], set()

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if name in ("href", "src") and value:
                self.urls.append(value)
            if name == "id":
                self.ids.add(value)


def test_rules_page_is_local_and_relative():
    text = PAGE.read_text()
    assert not re.search(r"https?://", text, re.IGNORECASE)
    parser = Links()
    parser.feed(text)
    for url in parser.urls:
        assert url.startswith(("./", "#")), url
        if url.startswith("./"):
            assert (ROOT / url[2:]).exists(), url
        else:
            assert url[1:] in parser.ids, url
    assert "./static/app.css" in parser.urls and "./static/ptolemaeus.css" in parser.urls
    assert "./index.html" in parser.urls


def test_every_ruling_is_on_the_rules_page():
    parser = Links()
    parser.feed(PAGE.read_text())
    for r in range(1, 19):
        assert f"R{r}" in parser.ids
    if RULINGS.exists():    # the rulings file names the same ids
        ids = set(re.findall(r"^- (R\d+) ", RULINGS.read_text(), re.MULTILINE))
        assert ids == {f"R{r}" for r in range(1, 19)}
