"""tools/precache.py: what the service worker precaches, and its version."""

from __future__ import annotations

import base64
import hashlib
import importlib.util
import json
import shutil
import subprocess
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("ptolemaeus_precache", ROOT / "tools" / "precache.py")
precache = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(precache)

NODE = shutil.which("node")


def make_site(root: Path) -> Path:
    """A small site shaped like the real one."""
    files = {
        "index.html": """<!doctype html><html><head>
<link rel="icon" href="data:,"><link rel="stylesheet" href="./static/app.css?v=1">
<link rel="manifest" href="./manifest.webmanifest">
<script defer src="./static/loader.js" data-prefetch="./static/vendor/big.wasm ./static/vendor/lib.zip"
        data-mode="fast"></script>
<a href="#top">top</a><a href="./notes/extra.txt#x">notes</a>
</head><body><script type="py" src="./py/app/main.py" config="./pyscript.toml"></script></body></html>""",
        "pyscript.toml": '[files]\n"./py/app/main.py" = "./app/main.py"\n"./py/game/rules.py" = "./game/rules.py"\n',
        "manifest.webmanifest": "{}",
        "sw.js": "// worker",
        "py/app/main.py": "print('main')\n",
        "py/game/rules.py": "RULES = 1\n",
        "py/game/unlisted.py": "# not in [files]: not precached\n",
        "static/app.css": "body{}\n",
        "static/loader.js": "// loader\n",
        "static/vendor/big.wasm": "wasm",
        "static/vendor/lib.zip": "zip",
        "static/vendor/lib.js.map": "map: skipped",
        "static/vendor/VERSIONS.json": "{}",
        "static/vendor/.stamp": "",
        "static/.hidden/x.js": "skipped",
        "static/icons/icon.svg": "<svg/>",
        "notes/extra.txt": "named by index.html",
        "README.md": "not part of the page",
    }
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return root


def test_site_files_of_a_small_site(tmp_path):
    site = make_site(tmp_path)
    assert precache.site_files(site) == [
        "index.html", "manifest.webmanifest", "notes/extra.txt", "py/app/main.py", "py/game/rules.py",
        "pyscript.toml", "static/app.css", "static/icons/icon.svg", "static/loader.js",
        "static/vendor/big.wasm", "static/vendor/lib.zip",
    ]
    (site / "rules.html").write_text('<img src="./static/icons/board.png">')
    with pytest.raises(precache.PrecacheError, match="board.png"):
        precache.site_files(site)
    (site / "static/icons/board.png").write_text("png")
    assert {"rules.html", "static/icons/board.png"} <= set(precache.site_files(site))


def test_a_missing_or_outside_file_is_an_error(tmp_path):
    site = make_site(tmp_path)
    (site / "py/game/rules.py").unlink()
    with pytest.raises(precache.PrecacheError, match="pyscript.toml names './py/game/rules.py'"):
        precache.site_files(site)
    site = make_site(tmp_path)
    (site / "index.html").write_text('<script src="../../etc/passwd"></script>')
    with pytest.raises(precache.PrecacheError, match="outside the site"):
        precache.site_files(site)


def test_integrity_is_the_sri_sha256_of_each_file(tmp_path):
    site = make_site(tmp_path)
    data = precache.manifest(site)
    assert set(data["files"]) == set(precache.site_files(site))
    for rel, integrity in data["files"].items():
        digest = hashlib.sha256((site / rel).read_bytes()).digest()
        assert integrity == "sha256-" + base64.b64encode(digest).decode()
    assert len(data["version"]) == 16 and int(data["version"], 16) >= 0


@pytest.mark.parametrize("rel", ["index.html", "pyscript.toml", "py/game/rules.py", "static/vendor/big.wasm",
                                 "manifest.webmanifest", "sw.js"])
def test_any_changed_byte_makes_a_new_version(tmp_path, rel):
    site = make_site(tmp_path)
    before = precache.manifest(site)["version"]
    assert precache.manifest(site)["version"] == before  # deterministic
    path = site / rel
    path.write_bytes(path.read_bytes() + b" ")
    assert precache.manifest(site)["version"] != before


def test_files_the_page_does_not_need_do_not_change_the_version(tmp_path):
    site = make_site(tmp_path)
    before = precache.manifest(site)["version"]
    for rel in ("README.md", "py/game/unlisted.py", "static/vendor/VERSIONS.json", "static/vendor/lib.js.map"):
        (site / rel).write_text("changed")
    assert precache.manifest(site)["version"] == before


def test_write_is_idempotent_and_read_back(tmp_path):
    site = make_site(tmp_path)
    out, data, changed = precache.write(site)
    assert out == site / "sw-manifest.js" and changed
    assert precache.write(site)[2] is False
    assert precache.read(site) == data
    assert "sw-manifest.js" not in precache.site_files(site)
    assert not (site / "sw-manifest.js.tmp").exists()


@pytest.mark.skipif(NODE is None, reason="node is not installed")
def test_the_manifest_is_javascript_that_sets_self_precache(tmp_path):
    site = make_site(tmp_path)
    _, data, _ = precache.write(site)
    script = f"globalThis.self = {{}}; {(site / 'sw-manifest.js').read_text()}; console.log(JSON.stringify(self.PRECACHE))"
    out = subprocess.run([NODE, "-e", script], capture_output=True, text=True, check=True).stdout
    assert json.loads(out) == data


@pytest.mark.skipif(NODE is None, reason="node is not installed")
@pytest.mark.parametrize("script", ["sw.js", "static/offline.js"])
def test_worker_scripts_parse(script):
    subprocess.run([NODE, "--check", str(ROOT / script)], check=True)


# ------------------------------------------------------------------ the real site


def test_the_real_precache_covers_the_page():
    files = set(precache.site_files(ROOT))
    config = tomllib.loads((ROOT / "pyscript.toml").read_text())
    assert {"index.html", "pyscript.toml", "manifest.webmanifest", "static/loader.js", "static/offline.js",
            "static/app.css", "static/icons/icon.svg", "static/icons/maskable.svg"} <= files
    assert {src.removeprefix("./") for src in config["files"]} <= files
    assert {url.removeprefix("./") for url in precache.page_references(ROOT / "index.html")} <= files
    manifest = json.loads((ROOT / "manifest.webmanifest").read_text())
    assert {icon["src"].removeprefix("./") for icon in manifest["icons"]} <= files
    for name in ("pyodide.asm.wasm", "python_stdlib.zip", "pyodide.mjs", "pyodide.asm.mjs", "pyodide-lock.json"):
        assert f"static/vendor/pyodide/{name}" in files
    assert "static/vendor/pyscript/core.js" in files
    assert not files & {"sw.js", "sw-manifest.js", "README.md", "static/vendor/VERSIONS.json",
                        "static/vendor/.stamp"}
    assert not [f for f in files if f.startswith(("tests/", "tools/", "bench/", "docs/", "node_modules/"))]
    assert not [f for f in files if f.endswith(".map")]


def test_the_page_links_its_offline_and_install_pieces():
    html = (ROOT / "index.html").read_text()
    for needle in ('<link rel="manifest" href="./manifest.webmanifest">', '<meta name="theme-color"',
                   'rel="apple-touch-icon" href="./static/icons/apple-touch-icon.png"',
                   '<script defer src="./static/offline.js"></script>'):
        assert needle in html
    assert 'register(WORKER_URL, { updateViaCache: "none" })' in (ROOT / "static/offline.js").read_text()
    assert 'WORKER_URL = "./sw.js"' in (ROOT / "static/offline.js").read_text()
    assert 'importScripts("./sw-manifest.js")' in (ROOT / "sw.js").read_text()


def test_web_manifest_is_relative_and_complete():
    manifest = json.loads((ROOT / "manifest.webmanifest").read_text())
    assert manifest["start_url"] == "./" and manifest["scope"] == "./"
    assert manifest["display"] == "standalone"
    for key in ("name", "short_name", "theme_color", "background_color"):
        assert manifest[key]
    purposes = {(icon["purpose"], icon["sizes"], icon["type"]) for icon in manifest["icons"]}
    assert {("any", "192x192", "image/png"), ("any", "512x512", "image/png"),
            ("maskable", "512x512", "image/png"), ("any", "any", "image/svg+xml"),
            ("maskable", "any", "image/svg+xml")} <= purposes
    for icon in manifest["icons"]:
        assert icon["src"].startswith("./") and (ROOT / icon["src"]).is_file()
        if icon["type"] == "image/png":  # the PNG header's size is the declared one
            head = (ROOT / icon["src"]).read_bytes()[:24]
            assert head[:8] == b"\x89PNG\r\n\x1a\n"
            width, height = int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big")
            assert icon["sizes"] == f"{width}x{height}"
