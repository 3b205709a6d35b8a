import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.core.cache import cache

# Sync Playwright runs an event loop in this thread; Django's database calls from the test
# itself are still plain synchronous calls.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = shutil.which("chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="session")
def browser():
    if CHROMIUM is None:
        if os.environ.get("CI"):  # in CI a browser test that cannot run must not pass quietly
            pytest.fail("Chromium is not installed: .ci/run installs the Debian package as root")
        pytest.skip("Chromium is not installed (CI installs the Debian package)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


# axe-core, pinned in package.json beside this file: `npm ci --prefix tests/browser`.
AXE = Path(__file__).parent / "node_modules" / "axe-core" / "axe.min.js"


@pytest.fixture(scope="session")
def axe_source() -> str:
    if not AXE.exists():
        pytest.fail(f"{AXE} is missing: run `npm ci --prefix tests/browser` (make test does)")
    return AXE.read_text()


@pytest.fixture
def axe(axe_source: str):
    """Run axe-core on a page: every violation, as (rule, impact, the first few targets).
    Evaluated through Playwright, which the page's content security policy does not block."""

    def run(page) -> list[tuple[str, str, list]]:
        if not page.evaluate("() => typeof window.axe === 'object'"):
            page.evaluate(axe_source)
        # axe scrolls to the elements whose contrast it measures; the page is left where the
        # child had it, so what a test measures next is what the child sees.
        found = page.evaluate(
            """() => {
                const [x, y] = [scrollX, scrollY];
                return axe.run(document).then(r => { scrollTo(x, y); return r.violations; });
            }"""
        )
        return [(v["id"], v["impact"], [n["target"] for n in v["nodes"][:3]]) for v in found]

    return run


@pytest.fixture
def requests_made() -> list[str]:
    return []


@pytest.fixture
def console_errors() -> list[str]:
    return []


def open_tab(browser, live_server, requests_made, console_errors, viewport: dict):
    """A fresh browser context and tab (its own cookies) on the test server, with every
    request it makes and every error it logs (a script error, a content security policy
    violation) recorded, and in ``tab.failed`` what went wrong with each request that failed
    or was answered with an error (the browser's error, or the status)."""
    context = browser.new_context(
        base_url=live_server.url, reduced_motion="reduce", viewport=viewport
    )
    tab = context.new_page()
    tab.set_default_timeout(10_000)
    tab.on("request", lambda request: requests_made.append(request.url))
    tab.on("console", lambda m: console_errors.append(m.text) if m.type == "error" else None)
    tab.on("pageerror", lambda error: console_errors.append(str(error)))
    tab.failed = {}
    tab.on("requestfailed", lambda request: tab.failed.setdefault(request.url, request.failure))
    tab.on(
        "response",
        lambda r: tab.failed.setdefault(r.url, f"HTTP {r.status}") if r.status >= 400 else None,
    )
    return context, tab


# The three screens a child, a parent and a class see the site on.
SCREENS = {"phone": (390, 844), "laptop": (1280, 800), "projector": (1920, 1080)}


@pytest.fixture(params=list(SCREENS))
def tab(request, browser, live_server, transactional_db, requests_made, console_errors):
    """A tab of each screen's size in turn, its name in ``tab.size``. A module tries fewer
    with ``pytest.mark.parametrize("tab", [...], indirect=True)``."""
    width, height = SCREENS[request.param]
    context, tab = open_tab(
        browser, live_server, requests_made, console_errors, {"width": width, "height": height}
    )
    tab.size = request.param
    yield tab
    context.close()


@pytest.fixture
def page(browser, live_server, transactional_db, requests_made, console_errors) -> Iterator:
    """A phone-sized tab."""
    context, tab = open_tab(
        browser, live_server, requests_made, console_errors, {"width": 390, "height": 844}
    )
    yield tab
    context.close()


@pytest.fixture
def quick_passwords(settings) -> None:
    """Log-ins in the browser tests without the cost of real password hashing, and
    allauth's rate limits counted afresh for each test."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    cache.clear()
