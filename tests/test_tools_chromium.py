"""tools/chromium.py: every script that drives Chromium launches it with the same switches as
the test browser (the GWP-ASan switch of docs/testing.md was once missing from two of them)."""

from __future__ import annotations

import ast
import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("ludus_chromium_t", ROOT / "tools" / "chromium.py")
chromium = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(chromium)


def _launch_calls(path: Path) -> list[ast.Call]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [node for node in ast.walk(tree)
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "launch"
            and isinstance(node.func.value, ast.Attribute) and node.func.value.attr == "chromium"]


def test_every_chromium_launch_uses_the_shared_arguments():
    scripts = [p for folder in ("tools", "bench", "tests") for p in (ROOT / folder).rglob("*.py")]
    calls = {p: _launch_calls(p) for p in scripts}
    launching = {p for p, found in calls.items() if found}
    assert {ROOT / "tools" / "render_icons.py", ROOT / "tools" / "ui_preview.py",
            ROOT / "bench" / "memsnap_paths.py"} <= launching
    for path in launching:
        for call in calls[path]:
            assert not call.args and [kw.arg for kw in call.keywords] == [None], \
                f"{path.relative_to(ROOT)}:{call.lineno} launches Chromium with its own arguments"
            spread = call.keywords[0].value
            assert isinstance(spread, ast.Call) and getattr(spread.func, "id", None) == "launch_kwargs", \
                f"{path.relative_to(ROOT)}:{call.lineno}: use tools/chromium.py's launch_kwargs()"


def test_the_shared_arguments_switch_gwp_asan_off(monkeypatch):
    monkeypatch.setattr(chromium.os.path, "exists", lambda p: p == chromium.CHROMIUM)
    kwargs = chromium.launch_kwargs(slow_mo=5)
    assert kwargs["executable_path"] == "/usr/bin/chromium" and kwargs["slow_mo"] == 5
    assert "--disable-features=GwpAsanMalloc,GwpAsanPartitionAlloc" in kwargs["args"]
    assert kwargs["args"] is not chromium.ARGS          # a caller's edit cannot change the next launch


def test_without_debians_chromium_playwright_chooses(monkeypatch):
    monkeypatch.setattr(chromium.os.path, "exists", lambda p: False)
    assert chromium.launch_kwargs(headless=True) == {"headless": True}
