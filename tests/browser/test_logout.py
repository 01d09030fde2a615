"""Logging out is a click in the UI that sends a POST; a GET of ``/auth/logout`` never logs anyone out —
neither an image on another page of the same site nor typing the address."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest
from playwright.async_api import Browser, Route, ViewportSize, expect

from tests.browser.pages import DESKTOP, PHONE, Player, open_guest
from tests.integration.server import RunningServer

VIEWPORTS = [DESKTOP, PHONE]
VIEWPORT_IDS = ["desktop", "phone"]


async def logged_in(player: Player) -> bool:
    """Whether the page's cookie still opens a session (asked outside the page's own scripts)."""
    response = await player.page.request.get("/api/me")
    return response.status == 200


@pytest.mark.parametrize("viewport", VIEWPORTS, ids=VIEWPORT_IDS)
async def test_the_log_out_button_ends_the_session_and_shows_the_login(
    browser: Browser, server: RunningServer, viewport: ViewportSize
) -> None:
    anna = await open_guest(browser, server, "Anna", viewport)
    posts: list[str] = []
    anna.page.on("request", lambda r: posts.append(r.method) if r.url.endswith("/auth/logout") else None)

    await expect(anna.by("logout")).to_be_visible()
    await anna.by("logout").click()
    # A guest loses their games by logging out: the page warns first, and only its button logs out.
    await expect(anna.by("guest-warning")).to_be_visible()
    assert posts == []
    await anna.by("confirm-logout").click()

    await expect(anna.by("login")).to_be_visible()
    await expect(anna.by("guest-form")).to_be_visible()
    # The header's login link only leads to this screen: here it is hidden (test_guests_only_login.py).
    await expect(anna.by("login-link")).to_be_hidden()
    assert posts == ["POST"]
    assert not await logged_in(anna)
    assert not anna.errors, anna.errors
    await anna.page.context.close()


async def test_the_ui_follows_the_redirect_the_logout_answer_names(
    browser: Browser, server: RunningServer
) -> None:
    """An OIDC user's logout answer names the provider's post-logout page: the UI goes there."""
    anna = await open_guest(browser, server, "Anna")
    provider_page = f"{server.base_url}/api/health?from=provider"

    async def as_an_oidc_provider_would_ask(route: Route) -> None:
        real = await route.fetch()  # the real POST: the session ends on the server
        assert real.status == 200 and (await real.json())["status"] == "logged_out"
        await route.fulfill(response=real, json={"status": "logged_out", "redirect": provider_page})

    await anna.page.route("**/auth/logout", as_an_oidc_provider_would_ask)
    await anna.by("logout").click()
    await anna.by("confirm-logout").click()  # Anna is a guest: her logout asks first

    await anna.page.wait_for_url(provider_page)
    assert not await logged_in(anna)
    await anna.page.context.close()


@pytest.mark.parametrize("viewport", VIEWPORTS, ids=VIEWPORT_IDS)
async def test_typing_the_logout_address_asks_first_and_the_confirm_button_logs_out(
    browser: Browser, server: RunningServer, viewport: ViewportSize
) -> None:
    anna = await open_guest(browser, server, "Anna", viewport)

    await anna.page.goto("/auth/logout")

    await expect(anna.by("logout-confirmation")).to_be_visible()
    assert anna.page.url.endswith("/#/logout")
    assert await logged_in(anna), "a GET only shows the confirmation"
    await anna.by("stay-logged-in").click()
    await expect(anna.by("lobby")).to_be_visible()
    assert await logged_in(anna)

    await anna.page.goto("/auth/logout")
    await anna.by("confirm-logout").click()
    await expect(anna.by("login")).to_be_visible()
    assert not await logged_in(anna)
    assert not anna.errors, anna.errors
    await anna.page.context.close()


@contextmanager
def foreign_page(html: str) -> Iterator[str]:
    """A page served by another origin of the same site (same host, another port), from a real
    loopback server: the browser sends the SameSite=Lax session cookie with its subresource
    requests, so only the server's refusal protects the session."""
    body = html.encode()

    class Page(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, format: str, *args: Any) -> None:
            return None

    site = ThreadingHTTPServer(("127.0.0.1", 0), Page)
    thread = threading.Thread(target=site.serve_forever, name="foreign-page", daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{site.server_address[1]}/elsewhere"
    finally:
        site.shutdown()
        site.server_close()


async def test_an_image_of_the_logout_address_on_another_page_of_the_site_leaves_the_user_logged_in(
    browser: Browser, server: RunningServer
) -> None:
    anna = await open_guest(browser, server, "Anna")
    target = f"{server.base_url}/auth/logout"
    answered: list[int] = []
    anna.page.on("response", lambda r: answered.append(r.status) if r.url == target else None)

    with foreign_page(f'<!doctype html><title>elsewhere</title><img id="trap" src="{target}" alt="">') as url:
        await anna.page.goto(url)
        await anna.page.wait_for_function("document.getElementById('trap').complete")
        for _ in range(50):
            if answered:
                break
            await asyncio.sleep(0.05)

    assert len(answered) == 1, "the image's GET reached the server, with the cookie"
    assert await logged_in(anna), f"a GET answered {answered[0]} and ended the session"
    await anna.page.goto("/")
    await expect(anna.by("me-name")).to_have_text("Anna")
    await anna.page.context.close()
