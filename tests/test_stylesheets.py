"""Each game's stylesheet touches only its own screen and rules pages.

A game's stylesheet is linked when the game is first set up and stays in the page (``app.shell
use_stylesheet``): its rules then meet the other game's screen and the shell's. Play-test 6 saw
Ptolemaeus' ``.card.chosen`` raise Pompeii's chosen hand card and give it a check mark. So every
selector of a game's sheet starts at the game's root element (``.pt``, ``.pp``: the class of the
element its view renders), with ``:where(.root)`` (no added specificity, so the sheet's cascade is
as it was) before a class that other sheets use too, or with a class of the game's own prefix
(``.pt-…``, drawn only inside that root), or with the rules pages' ``.rules``/``.rules-…`` (those
pages link one game's sheet and no other). The browser side: tests/browser/test_pompeii_layout.py
``test_ptolemaeus_stylesheet_leaves_pompeiis_chosen_card_alone``.

No CSS parser is installed (tinycss2 is not in .venv), so :func:`selectors` reads the sheets with a
small scanner that is enough for these hand-written files: comments removed, then each ``{`` opens a
block whose prelude is either an at-rule (``@media``/``@supports`` hold rules, ``@keyframes`` holds
frames, not selectors) or a selector list, split at commas outside parentheses.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
# The class of the element each game's view renders at its top (py/*_ui/board.py ``render``).
ROOTS = {"static/ptolemaeus.css": "pt", "static/pompeii.css": "pp"}


def selectors(css: str) -> list[str]:
    """Every selector of every style rule in ``css``, at the top level or inside ``@media`` and the
    like; ``@keyframes`` frames (``from``, ``50%``) are not selectors and are left out."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    found: list[str] = []
    stack: list[str] = []          # what each open block holds: "rules", "frames" or "declarations"
    start = 0
    for i, ch in enumerate(css):
        if ch == "{":
            prelude = css[start:i].strip()
            if stack and stack[-1] != "rules":
                stack.append("declarations")         # a frame of @keyframes, or nesting (none here)
            elif prelude.startswith("@"):
                stack.append("frames" if "keyframes" in prelude.split()[0] else "rules")
            else:
                depth, part = 0, ""
                for c in prelude:
                    depth += (c == "(") - (c == ")")
                    if c == "," and depth == 0:
                        found.append(part.strip())
                        part = ""
                    else:
                        part += c
                found.append(part.strip())
                stack.append("declarations")
            start = i + 1
        elif ch == "}":
            stack.pop()
            start = i + 1
        elif ch == ";" and (not stack or stack[-1] == "rules"):
            start = i + 1                              # an at-rule statement (@import, @charset)
    assert not stack, "unbalanced braces"
    return found


def allowed(selector: str, root: str) -> bool:
    """Starts at the game's root, in one of the forms the module docstring lists."""
    return re.match(rf"(:where\(\.{root}\)\s|\.{root}(?![\w-])|\.{root}-|\.rules(?![\w])|\.rules-)", selector) is not None


def test_the_scanner_reads_lists_media_and_keyframes():
    css = """/* a, b { } */ .a, .b:not(.c, .d) > e { x: 1; }
             @media (max-width: 10px) { .f { y: 2; } }
             @keyframes k { from { z: 0; } 50% { z: 1; } }"""
    assert selectors(css) == [".a", ".b:not(.c, .d) > e", ".f"]


def test_the_rule_tells_a_scoped_selector_from_a_leaking_one():
    assert allowed(".pt", "pt") and allowed(".pt.anim .pt-board .planet", "pt") and allowed(".pt *", "pt")
    assert allowed(":where(.pt) .card.chosen::after", "pt") and allowed(".pt-board .const", "pt")
    assert allowed(".rules h2", "pt") and allowed(".rules-back", "pt")
    assert not allowed(".card.chosen", "pt") and not allowed(".ptx", "pt") and not allowed(".player .pt-x", "pt")
    assert not allowed(":where(.pt).card", "pt") and not allowed(".pp-hand", "pt")


def test_every_registered_stylesheet_is_checked():
    import catalog  # noqa: F401  (fills the catalog)
    from app.games import CATALOG

    sheets = {CATALOG[key].stylesheet for key in CATALOG} - {None}
    assert sheets == set(ROOTS)


@pytest.mark.parametrize("sheet", sorted(ROOTS))
def test_every_selector_of_a_games_stylesheet_starts_at_its_root(sheet):
    found = selectors((ROOT / sheet).read_text(encoding="utf-8"))
    assert len(found) > 50                              # the sheet was read, not skipped
    leaking = [s for s in found if not allowed(s, ROOTS[sheet])]
    assert not leaking, f"{sheet}: selectors outside .{ROOTS[sheet]} (they style the other game's page): {leaking}"
