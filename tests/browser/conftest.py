"""Browser fixtures: headless Chromium through Playwright, and a tavolo server in the test's loop.

Debian's ``chromium`` package is used (``/usr/bin/chromium``, or ``TAVOLO_CHROMIUM``); Playwright's own
browser downloads are never needed. Without Chromium the tests are skipped (failed under
``TAVOLO_REQUIRE_SERVICES=1``).

Starting Playwright and Chromium costs a few seconds of CPU, so each test worker starts them once: the
browser tests all run in one event loop per worker, and each test gets that browser with no page
open; every browser context (every player) a test opened is closed after it.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio
from playwright.async_api import Browser, Playwright, async_playwright
from playwright.async_api import Error as PlaywrightError

from tests.browser.serving import browser_settings
from tests.conftest import service_unavailable
from tests.integration.server import RunningServer, running_server

HERE = Path(__file__).resolve().parent

# The features Playwright turns off itself (playwright 1.65.2's chromiumSwitches.ts). Chromium keeps only
# the last --disable-features it is given, so ours repeats Playwright's list (test_chromium_flags.py
# checks it against the installed driver).
PLAYWRIGHT_DISABLED_FEATURES = (
    "AvoidUnnecessaryBeforeUnloadCheckSync",
    "DestroyProfileOnBrowserClose",
    "HttpsUpgrades",
    "HttpsFirstBalancedModeAutoEnable",
    "LensOverlay",
    "MediaRouter",
    "PaintHolding",
    "ThirdPartyStoragePartitioning",
    "AvoidCorsURLLoaderRestartOnRedirect",
    "TcpPortRandomizationWin",
    "OptimizationHints",
    "NetworkTimeServiceQuerying",
    "AimEnabled",
    "PreconnectToSearch",
    "msForceBrowserSignIn",
    "msEdgeUpdateLaunchServicesPreferredVersion",
)
# Headless Chromium 156 still builds each window's address-bar popup, a page of its own (a renderer
# process): about 0.4 s of CPU for every browser context a test opens, a fifth of the browser tests'.
NO_ADDRESS_BAR_POPUP = ("WebUIOmniboxPopup", "WebUIOmniboxAimPopup")

CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-features=" + ",".join(PLAYWRIGHT_DISABLED_FEATURES + NO_ADDRESS_BAR_POPUP),
]


def chromium_path() -> str | None:
    configured = os.environ.get("TAVOLO_CHROMIUM")
    if configured:
        return configured if os.access(configured, os.X_OK) else None
    for candidate in ("/usr/bin/chromium", "chromium", "chromium-browser"):
        found = shutil.which(candidate)
        if found:
            return found
    return None


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The browser tests run in their worker's one event loop, where its browser lives."""
    in_one_loop = pytest.mark.asyncio(loop_scope="session")
    for item in items:
        if pytest_asyncio.is_async_test(item) and item.path.is_relative_to(HERE):
            item.add_marker(in_one_loop, append=False)


async def launch(playwright: Playwright) -> Browser:
    path = chromium_path()
    if path is None:
        service_unavailable("Chromium", "no chromium executable (apt-get install chromium)")
        raise AssertionError("unreachable")
    try:
        return await playwright.chromium.launch(executable_path=path, args=CHROMIUM_ARGS, headless=True)
    except PlaywrightError as error:
        service_unavailable("Chromium", f"{path} does not start: {error.message.splitlines()[0]}")
        raise


@pytest_asyncio.fixture(scope="session", loop_scope="session")
async def playwright() -> AsyncIterator[Playwright]:
    async with async_playwright() as started:
        yield started


@pytest_asyncio.fixture(scope="session", loop_scope="session")
async def chromium(playwright: Playwright) -> AsyncIterator[list[Browser]]:
    """The worker's browser, in a list so that one that crashed is replaced (see ``browser``)."""
    running = [await launch(playwright)]
    try:
        yield running
    finally:
        await running[0].close()


@pytest_asyncio.fixture(loop_scope="session")
async def browser(playwright: Playwright, chromium: list[Browser]) -> AsyncIterator[Browser]:
    """The worker's browser with no page open; the contexts the test opened are closed after it."""
    if not chromium[0].is_connected():
        chromium[0] = await launch(playwright)
    launched = chromium[0]
    try:
        yield launched
    finally:
        for context in launched.contexts:
            await context.close()


@pytest_asyncio.fixture(loop_scope="session")
async def server() -> AsyncIterator[RunningServer]:
    async with running_server(browser_settings()) as running:
        yield running
