"""Browser fixtures: headless Chromium through Playwright, and a tavolo server in the test's loop.

Debian's ``chromium`` package is used (``/usr/bin/chromium``, or ``TAVOLO_CHROMIUM``); Playwright's own
browser downloads are never needed. Without Chromium the tests are skipped (failed under
``TAVOLO_REQUIRE_SERVICES=1``).
"""

from __future__ import annotations

import os
import shutil
from collections.abc import AsyncIterator

import pytest
from playwright.async_api import Browser, async_playwright
from playwright.async_api import Error as PlaywrightError

from tests.conftest import service_unavailable
from tests.integration.server import RunningServer, running_server, server_settings

CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
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


@pytest.fixture
async def browser() -> AsyncIterator[Browser]:
    path = chromium_path()
    if path is None:
        service_unavailable("Chromium", "no chromium executable (apt-get install chromium)")
        return
    async with async_playwright() as playwright:
        try:
            launched = await playwright.chromium.launch(
                executable_path=path, args=CHROMIUM_ARGS, headless=True
            )
        except PlaywrightError as error:
            service_unavailable("Chromium", f"{path} does not start: {error.message.splitlines()[0]}")
            return
        try:
            yield launched
        finally:
            await launched.close()


@pytest.fixture
async def server() -> AsyncIterator[RunningServer]:
    async with running_server(server_settings()) as running:
        yield running
