"""When the server no longer has a table (it expired, or Redis lost the live games), the page says so."""

from __future__ import annotations

import pytest
from playwright.async_api import Browser, ViewportSize, expect

from adapters.memory.game_store import MemoryGameStore
from application.ports import Notification
from tests.browser.pages import DESKTOP, PHONE, create_table, open_guest
from tests.integration.server import RunningServer


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
async def test_a_table_the_server_lost_is_shown_as_gone_with_a_way_back(
    browser: Browser, server: RunningServer, viewport: ViewportSize
) -> None:
    anna = await open_guest(browser, server, "Anna", viewport)
    await create_table(anna, "briscola")
    # The socket is open (a socket still connecting would only learn of the loss after a few retries).
    await expect(anna.by("connection")).to_be_hidden()
    game_id = anna.page.url.rsplit("/", 1)[-1]
    games = server.games
    assert await games.store.get(game_id) is not None

    assert isinstance(games.store, MemoryGameStore)  # the browser tests' server keeps games in memory
    games.store._forget(game_id)  # as if Redis had restarted without its data
    games.live.forget(game_id)
    hub = await server.container.hub.async_()
    await hub.on_notification(Notification(None))  # the resync after reconnecting

    await expect(anna.page.get_by_role("heading", name="This table is gone")).to_be_visible()
    await expect(anna.by("table-error")).to_have_text("The game no longer exists on the server.")
    await anna.screenshot(f"table-gone-{'phone' if viewport == PHONE else 'desktop'}.png")
    await anna.page.get_by_role("link", name="Back to the lobby").click()
    await expect(anna.by("lobby")).to_be_visible()
    assert not anna.errors, anna.errors
