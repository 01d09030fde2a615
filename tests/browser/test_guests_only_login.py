"""A server with guests only says so: the login screen tells that there is no account to log in to,
and the header's link, which only leads back to that screen, is hidden there and elsewhere reads
"Play as a guest" rather than "Log in". With an identity provider the header keeps "Log in"."""

from __future__ import annotations

import json

import pytest
from playwright.async_api import Browser, Route, ViewportSize, expect

from tests.browser.pages import open_page
from tests.integration.server import RunningServer

SMALL_PHONE: ViewportSize = {"width": 360, "height": 640}
LAPTOP: ViewportSize = {"width": 1280, "height": 720}

WORDS = {
    "en-US": {
        "guests_only": "This server has guests only: there is no account to log in to. "
        "Choose a name and play.",
        "link": "Play as a guest",
        "log_in": "Log in",
    },
    "it-IT": {
        "guests_only": "Su questo server si gioca solo come ospiti: non c'è un account con cui accedere. "
        "Scegli un nome e gioca.",
        "link": "Gioca come ospite",
        "log_in": "Accedi",
    },
}


@pytest.mark.parametrize("locale", ["it-IT", "en-US"])
@pytest.mark.parametrize("viewport", [SMALL_PHONE, LAPTOP], ids=["360x640", "1280x720"])
async def test_a_guest_only_server_says_so_and_its_header_link_does_not_reload_the_form(
    browser: Browser, server: RunningServer, viewport: ViewportSize, locale: str
) -> None:
    words = WORDS[locale]
    anna = await open_page(browser, server, "Anna", viewport, locale=locale)

    await expect(anna.by("guests-only")).to_have_text(words["guests_only"])
    await expect(anna.by("guest-form")).to_be_visible()
    await expect(anna.by("login-link")).to_be_hidden()  # it would only draw this form anew

    await anna.by("cards-link").click()  # the card page opens without logging in
    await expect(anna.by("gallery")).to_be_visible()
    link = anna.by("login-link")
    await expect(link).to_be_visible()
    await expect(link).to_have_text(words["link"])

    await link.click()
    await expect(anna.by("guest-form")).to_be_visible()
    await expect(anna.by("guests-only")).to_be_visible()
    await expect(anna.by("login-link")).to_be_hidden()

    await anna.by("guest-name").fill("Anna")
    await anna.by("guest-login").click()
    await expect(anna.by("me-name")).to_have_text("Anna")
    assert not anna.errors, anna.errors
    await anna.page.context.close()


@pytest.mark.parametrize("locale", ["it-IT", "en-US"])
async def test_with_an_identity_provider_the_header_says_log_in_and_no_guest_only_line(
    browser: Browser, server: RunningServer, locale: str
) -> None:
    providers = {
        "providers": [
            {"name": "guest", "kind": "guest", "login_url": "/auth/guest"},
            {"name": "keycloak", "kind": "oidc", "login_url": "/auth/keycloak/login"},
        ],
        "guest": True,
    }

    async def with_a_provider(route: Route) -> None:
        await route.fulfill(status=200, content_type="application/json", body=json.dumps(providers))

    context = await browser.new_context(base_url=server.base_url, viewport=LAPTOP, locale=locale)
    page = await context.new_page()
    await page.route("**/api/auth/providers", with_a_provider)
    await page.goto("/#/cards")
    link = page.get_by_test_id("login-link")
    await expect(link).to_have_text(WORDS[locale]["log_in"])
    await link.click()
    await expect(page.get_by_test_id("login-keycloak")).to_be_visible()
    await expect(page.get_by_test_id("guests-only")).to_have_count(0)
    await expect(link).to_be_hidden()
    await context.close()
