"""tools/build_site.py: the folder GitHub Pages serves holds what the page needs, and nothing external."""

from __future__ import annotations

import importlib.util
import json
import re
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _tool(name: str):
    spec = importlib.util.spec_from_file_location(f"ptolemaeus_{name}", ROOT / "tools" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


build_site = _tool("build_site")
precache = build_site.precache

REMOTE = re.compile(r"https?://", re.IGNORECASE)
SVG_NAMESPACES = ("http://www.w3.org/2000/svg", "http://www.w3.org/1999/xlink")


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("site") / "_site"
    data = build_site.build(out)
    return out, data


def test_the_site_holds_exactly_the_precache_and_the_worker(built):
    out, data = built
    found = sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file())
    assert found == sorted([*data["files"], "sw.js", "sw-manifest.js", ".nojekyll"])
    assert precache.read(out) == data
    # The same files as the repo's page: the same version.
    assert data["version"] == precache.manifest(ROOT)["version"]
    for rel in data["files"]:
        assert (out / rel).read_bytes() == (ROOT / rel).read_bytes(), rel


def test_everything_the_page_names_is_in_the_site(built):
    out, _ = built
    for url in precache.page_references(out / "index.html"):
        assert (out / url).is_file(), url
    config = tomllib.loads((out / "pyscript.toml").read_text())
    assert (out / config["interpreter"]).is_file()
    for src in config["files"]:
        assert (out / src).is_file(), src
    manifest = json.loads((out / "manifest.webmanifest").read_text())
    for icon in manifest["icons"]:
        assert (out / icon["src"]).is_file(), icon["src"]
    assert (out / "static/vendor/pyodide/pyodide.asm.wasm").stat().st_size > 1_000_000


def test_nothing_external_and_nothing_else(built):
    out, _ = built
    files = [p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file()]
    assert not [f for f in files if f.startswith(("tests/", "tools/", "bench/", "docs/", "node_modules/", ".venv/"))]
    assert not [f for f in files if f.endswith((".map", ".md"))]
    # Our own text files name no other site (the vendored runtime has fallback URLs it does
    # not use: the browser tests check that no request leaves the site).
    for rel in files:
        if rel.startswith("static/vendor/") or not rel.endswith((".html", ".toml", ".js", ".css", ".svg",
                                                                  ".webmanifest")):
            continue
        text = (out / rel).read_text()
        for namespace in SVG_NAMESPACES:
            text = text.replace(namespace, "")
        assert not REMOTE.search(text), f"{rel} names a remote URL"


def test_rebuilds_in_place_but_never_over_something_else(tmp_path):
    out = tmp_path / "_site"
    build_site.build(out)
    (out / "stale.txt").write_text("from an older build")
    build_site.build(out)
    assert not (out / "stale.txt").exists()
    foreign = tmp_path / "mine"
    foreign.mkdir()
    (foreign / "keep.txt").write_text("not a build")
    with pytest.raises(build_site.BuildError, match="not built by this script"):
        build_site.build(foreign)
    assert (foreign / "keep.txt").is_file()
    with pytest.raises(build_site.BuildError, match="holds the sources"):
        build_site.build(ROOT)


def test_the_pages_workflow_tests_builds_and_deploys():
    workflow = (ROOT / ".github" / "workflows" / "pages.yml").read_text()
    readme = (ROOT / "README.md").read_text()
    assert "make test" in readme and "run: make test" in workflow  # the README's command
    assert workflow.index("run: make test") < workflow.index("run: make site")
    assert "tools/build_site.py --out _site" in (ROOT / "Makefile").read_text()
    for needle in ('python-version: "3.11"', 'node-version: "20"', "actions/upload-pages-artifact@",
                   "path: _site", "actions/deploy-pages@", "pages: write", "id-token: write"):
        assert needle in workflow, needle
