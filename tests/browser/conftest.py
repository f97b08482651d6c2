"""Playwright harness for the page (pytest-playwright, Debian's Chromium).

Fixtures (all tests under tests/browser/ are marked ``browser``):

``site``               session: the repo root served on http://127.0.0.1:<port>/
``site_under_subpath`` session: the repo served at http://127.0.0.1:<port>/ptolemaeus/
                       (as GitHub Pages serves a project site)
``base_url``           ``site.url``, so ``page.goto("index.html")`` works
``page_guard``         a PageGuard: fails the test if any watched page logs a
                       console.error, throws (pageerror), has a failed/4xx/5xx
                       request, asks for any other origin (such requests are
                       aborted and counted), or shows a ``.py-error`` at the end.
                       Watch more pages with ``page_guard.watch(page)``.
``guarded_page``       pytest-playwright's ``page``, already watched.
``ready``              ``ready(page)`` waits for ``<body data-ready="1">`` (failing
                       fast on a boot error) and returns the ms from navigation
                       start to ready, measured inside the page.
``axe``                ``axe(page)`` runs axe-core (node_modules, injected inline) on
                       the page and returns its violations as
                       ``[{"id", "impact", "help", "nodes": [selector, ...]}]``.
``report``             ``report("text")`` adds a line to the "browser report"
                       section printed at the end of the pytest run.

    def test_something(guarded_page, site, ready):
        guarded_page.goto(site.url + "index.html")
        ready(guarded_page)

pytest-playwright's own fixtures (``page``, ``context``, ``new_context``,
``browser``) work as usual, except that service workers are blocked: the page
registers ./sw.js once ready, and a worker serving a later load from its
cache would bypass ``page.route`` mocks.  Tests of the worker itself opt in with
``pytestmark = pytest.mark.browser_context_args(service_workers="allow")``
(tests/browser/test_offline.py).  There is no ``__init__.py`` here: test module
names under tests/browser/ must not repeat one elsewhere under tests/.
"""

from __future__ import annotations

import contextlib
import importlib.util
import threading
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("ptolemaeus_site_serve", ROOT / "tools" / "serve.py")
serve = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(serve)
_spec = importlib.util.spec_from_file_location("ludus_chromium", ROOT / "tools" / "chromium.py")
chromium = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(chromium)  # the launch arguments every script shares
SUBPATH = "/ptolemaeus/"
READY_TIMEOUT_MS = 60_000

# Records, inside the page, when <body data-ready="1"> appears (ms since navigation start).
READY_PROBE = """
(() => {
  const note = () => {
    if (window.__readyAt === undefined && document.body && document.body.dataset.ready === "1")
      window.__readyAt = performance.now();
  };
  new MutationObserver(note).observe(document, {
    subtree: true, childList: true, attributes: true, attributeFilter: ["data-ready"],
  });
})();
"""


@pytest.hookimpl(tryfirst=True)  # before -m "not browser" deselects
def pytest_collection_modifyitems(config, items):
    here = Path(__file__).parent
    for item in items:
        if here in Path(item.fspath).parents:
            item.add_marker(pytest.mark.browser)
    # Browser tests run last: pytest-playwright's sync API leaves its event loop
    # registered as running on the main thread for the rest of the session, and
    # any later test calling asyncio.run() would fail (as CI's single run showed).
    items.sort(key=lambda item: here in Path(item.fspath).parents)


# ------------------------------------------------------------------ browser


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    """Debian's Chromium when installed (Playwright can't download its own here)."""
    return chromium.launch_kwargs(**browser_type_launch_args)


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    """No service workers unless a test asks (see the module docstring)."""
    return {**browser_context_args, "service_workers": "block"}


# ------------------------------------------------------------------ servers


@dataclass
class Site:
    """A running static server: ``url`` ends with ``/`` and is the repo root."""

    url: str
    origin: str


@contextlib.contextmanager
def _serving(prefix: str):
    server = serve.make_server("127.0.0.1", 0, prefix, quiet=True)
    thread = threading.Thread(target=server.serve_forever, name=f"site{prefix}", daemon=True)
    thread.start()
    origin = f"http://127.0.0.1:{server.server_address[1]}"
    try:
        yield Site(url=origin + prefix, origin=origin)
    finally:
        server.shutdown()
        server.server_close()
        thread.join(5)


@pytest.fixture(scope="session")
def site():
    with _serving("/") as served:
        yield served


@pytest.fixture(scope="session")
def site_under_subpath():
    with _serving(SUBPATH) as served:
        yield served


@pytest.fixture(scope="session")
def base_url(site):
    return site.url


# ------------------------------------------------------------------ guard


# Chromium's warning for a <link rel=preload> not used within ~3 s of the load event (play-tests 2
# and 3: loader.js preloaded the first game's stylesheet, which the shell links only once Python runs).
UNUSED_PRELOAD = "was preloaded using link preload but not used"


class PageGuard:
    """Collects everything that must not happen on a page; ``check()`` asserts none did."""

    def __init__(self, local_origins: set[str]):
        self.local_origins = local_origins
        self.pages = []
        self.contexts = []
        self.console_errors: list[str] = []
        self.page_errors: list[str] = []
        self.external_requests: list[str] = []
        self.failed_requests: list[str] = []
        self.requests: list[str] = []
        self._navigations: dict = {}          # page -> main-frame navigations so far
        self._navigation_at: dict = {}        # request -> its page's navigations then
        self._failures: list[tuple] = []                # (page, url, failure, navigations then)

    def _is_local(self, url: str) -> bool:
        parts = urlsplit(url)
        if parts.scheme in ("data", "blob", "about"):
            return True
        return f"{parts.scheme}://{parts.netloc}" in self.local_origins

    def _route(self, route):
        url = route.request.url
        if self._is_local(url):
            route.continue_()
        else:
            self.external_requests.append(url)
            route.abort("blockedbyclient")

    def watch(self, page):
        """Watch ``page`` (and route its whole context); returns the page."""
        context = page.context
        if context not in self.contexts:
            self.contexts.append(context)
            context.route("**/*", self._route)
        self.pages.append(page)
        page.add_init_script(READY_PROBE)
        page.on("console", lambda msg: (msg.type == "error" or UNUSED_PRELOAD in msg.text) and self.console_errors.append(
            f"{msg.text} ({msg.location.get('url', '')}:{msg.location.get('lineNumber', '')})"))
        page.on("pageerror", lambda exc: self.page_errors.append(str(exc)))
        page.on("request", lambda req: self._requested(page, req))
        page.on("framenavigated", lambda frame: frame == page.main_frame and self._navigated(page))
        page.on("requestfailed", lambda req: self._is_local(req.url) and self._failed(page, req))
        page.on("response", lambda resp: resp.status >= 400 and self.failed_requests.append(
            f"{resp.url}: HTTP {resp.status}"))
        return page

    def _requested(self, page, request) -> None:
        self.requests.append(request.url)
        self._navigation_at[request] = self._navigations.get(page, 0)

    def _navigated(self, page) -> None:
        self._navigations[page] = self._navigations.get(page, 0) + 1

    def _failed(self, page, request) -> None:
        """A request the page's own next navigation cut short (net::ERR_ABORTED, a lazy fetch in
        flight when the test goes on to another page) is how browsers work, not a fault: decided
        in ``problems()``, once every navigation has been seen."""
        self._failures.append((page, request.url, str(request.failure),
                               self._navigation_at.get(request, 0)))

    def _real_failures(self) -> list[str]:
        return [f"{url}: {failure}" for page, url, failure, at in self._failures
                if not ("ERR_ABORTED" in failure and self._navigations.get(page, 0) > at)]

    def py_errors(self) -> list[str]:
        found = []
        for page in self.pages:
            if not page.is_closed():
                found += page.locator(".py-error").all_inner_texts()
        return found

    def problems(self) -> list[str]:
        out = []
        for label, items in (
            ("console.error", self.console_errors),
            ("pageerror", self.page_errors),
            ("request to another origin (aborted)", self.external_requests),
            ("failed request", self.failed_requests + self._real_failures()),
            (".py-error on the page", self.py_errors()),
        ):
            out += [f"{label}: {item}" for item in items]
        return out

    def check(self) -> None:
        problems = self.problems()
        assert not problems, "the page misbehaved:\n  " + "\n  ".join(problems)


@pytest.fixture
def page_guard(site, site_under_subpath):
    return PageGuard({site.origin, site_under_subpath.origin})


@pytest.fixture
def guarded_page(page, page_guard):
    return page_guard.watch(page)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item):
    """After a passing test body, fail it if its page_guard saw anything."""
    result = yield
    guard = item.funcargs.get("page_guard") if hasattr(item, "funcargs") else None
    if guard is not None:
        guard.check()
    return result


# ------------------------------------------------------------------ helpers


def wait_until_ready(page, timeout_ms: int = READY_TIMEOUT_MS) -> float:
    """Wait for <body data-ready="1">; fail at once on a boot error.  Returns ms since navigation."""
    page.wait_for_function(
        """() => document.body && (document.body.dataset.ready === "1"
              || document.body.dataset.bootError !== undefined
              || document.querySelector(".py-error") !== null)""",
        timeout=timeout_ms,
    )
    state = page.evaluate(
        """() => ({ready: document.body.dataset.ready, bootError: document.body.dataset.bootError,
                   pyError: [...document.querySelectorAll('.py-error')].map(e => e.innerText).join('\\n'),
                   readyAt: window.__readyAt ?? null, now: performance.now()})"""
    )
    if state["ready"] != "1":
        pytest.fail(f"page failed to start: {state['bootError'] or ''}\n{state['pyError']}")
    return state["readyAt"] if state["readyAt"] is not None else state["now"]


@pytest.fixture
def ready():
    return wait_until_ready


def no_sideways_scroll(page, what: str) -> None:
    """The page is no wider than its window (issue 17: nothing scrolls sideways, on a phone either)."""
    width, inner = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    assert width <= inner, f"{what}: the page scrolls sideways ({width} px in {inner})"


def header_controls_in_reach(page) -> None:
    """Every control of the header (its buttons and menus' summaries, the game's rules), once scrolled into
    view, lies inside the window: on a phone they are a strip that scrolls sideways (play-test 5), none out
    of reach."""
    inner = page.evaluate("innerWidth")
    controls = page.locator(".shell-controls > button:not([hidden]), .shell-controls summary, "
                            "#shell-rules:not([hidden])").all()
    assert controls, "no header controls"
    for control in controls:
        control.scroll_into_view_if_needed()
        box = control.bounding_box()
        assert box["x"] >= -1 and box["x"] + box["width"] <= inner + 1, (control.inner_text(), box)


AXE_JS = ROOT / "node_modules" / "axe-core" / "axe.min.js"


def axe_violations(page, context: str = "document", options: dict | None = None) -> list[dict]:
    if page.evaluate("typeof window.axe") == "undefined":
        page.add_script_tag(content=AXE_JS.read_text())  # inline: no request
    return page.evaluate(
        f"""async (options) => (await axe.run({context}, options)).violations.map(v => ({{
              id: v.id, impact: v.impact, help: v.help,
              nodes: v.nodes.map(n => n.target.join(" "))}}))""",
        options or {},
    )


@pytest.fixture
def axe():
    return axe_violations


_REPORT = pytest.StashKey[list]()


@pytest.fixture
def report(request):
    lines = request.config.stash.setdefault(_REPORT, [])
    return lines.append


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    lines = config.stash.get(_REPORT, [])
    if lines:
        terminalreporter.section("browser report")
        for line in lines:
            terminalreporter.write_line(line)
