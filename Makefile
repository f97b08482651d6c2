# Ludus: set-up, play, test.  Every target is safe to run again: set-up
# steps are redone only when their inputs change (stamp files).
SHELL := /bin/bash
.DEFAULT_GOAL := help

PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
PORT   ?= 8000
CHROMIUM := /usr/bin/chromium

.PHONY: help setup play lint test test-engine test-browser bench vendor-check chromium site clean fuzz

help:
	@echo "make play         set up, then serve the game on http://localhost:$(PORT)/"
	@echo "make test         set up, lint, then run every test (engine + browser)"
	@echo "make lint         ruff (the whole repo) and mypy (the packages listed in pyproject.toml)"
	@echo "make test-engine  tests without a browser"
	@echo "make test-browser only the browser tests (tests/browser)"
	@echo "make bench        python -m ptolemaeus.bench and python -m pompeii.bench"
	@echo "make fuzz         the storage property tests with 34,000 examples each (>= 100,000 in all)"
	@echo "make setup        .venv + python deps, npm ci, vendor the runtime into static/vendor/"
	@echo "make site         build the static site to deploy into _site/ (docs/deploy.md)"

setup: static/vendor/.stamp

$(VENV)/.stamp: pyproject.toml
	$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11) and "Python 3.11+ is needed (PYTHON=$(PYTHON))")'
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -e '.[dev]'
	touch $@

node_modules/.stamp: package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

static/vendor/.stamp: $(VENV)/.stamp node_modules/.stamp tools/vendor.py tools/precache.py
	$(PY) tools/vendor.py
	touch $@

play: setup
	@$(PY) tools/vendor.py --check >/dev/null || echo "warning: python tools/vendor.py --check fails (see: $(PY) tools/vendor.py --check)"
	$(PY) tools/serve.py --port $(PORT)

# Debian's Chromium for the browser tests (Playwright can't download its own here).
chromium:
	@if [ ! -x $(CHROMIUM) ]; then \
	  sudo=; [ "$$(id -u)" = 0 ] || sudo=sudo; \
	  echo "installing Debian's chromium (apt-get)"; \
	  $$sudo apt-get update -q && DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y -q chromium; \
	fi

# ruff checks the whole repo; mypy the packages listed under [tool.mypy] files.
lint: setup
	$(PY) -m ruff check .
	$(PY) -m mypy

test: lint chromium
	$(PY) -m pytest

test-browser: setup chromium
	$(PY) -m pytest tests/browser

# Exit status 5 is pytest's "no tests collected".
test-engine: setup
	$(PY) -m pytest -m "not browser" || { rc=$$?; [ $$rc = 5 ] && echo "(no engine tests yet)" || exit $$rc; }

bench: setup
	@if $(PY) -c 'import importlib.util, sys; sys.exit(importlib.util.find_spec("ptolemaeus.bench") is None)'; then \
	  $(PY) -m ptolemaeus.bench; \
	else echo "ptolemaeus.bench does not exist yet"; fi
	$(PY) -m pompeii.bench

# Hypothesis over the storage boundary, long (make test runs the same tests briefly); docs/storage.md.
FUZZ_EXAMPLES ?= 34000
fuzz: setup
	STORAGE_FUZZ_EXAMPLES=$(FUZZ_EXAMPLES) nice $(PY) -m pytest tests/test_app_storage_fuzz.py -q -s -p no:cacheprovider

# The folder GitHub Pages serves (.github/workflows/pages.yml, docs/deploy.md).
site: setup
	$(PY) tools/build_site.py --out _site

vendor-check: setup
	$(PY) tools/vendor.py --check

clean:
	rm -rf $(VENV) node_modules static/vendor .pytest_cache test-results py/*.egg-info _site sw-manifest.js
