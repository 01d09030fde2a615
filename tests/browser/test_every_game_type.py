"""Every game type opens in the browser and takes a legal move through the UI (other seats from Python)."""

from __future__ import annotations

import pytest
from playwright.async_api import Browser, expect

from tests.browser.pages import create_table, open_guest, play_a_card, wait_for_turn
from tests.browser.scripted import guests, join, playing
from tests.integration.server import RunningServer

SEATS = {"scopa": 2, "scopa_a_quattro": 4, "scopone_scientifico": 4, "briscola": 2, "briscola_a_quattro": 4}
NAMES = ["Bruno", "Carla", "Dario"]


@pytest.mark.parametrize("game_type", list(SEATS))
async def test_a_seat_plays_a_card_through_the_ui(
    browser: Browser, server: RunningServer, game_type: str
) -> None:
    anna = await open_guest(browser, server, "Anna")
    code = await create_table(anna, game_type)
    others = await guests(server, NAMES[: SEATS[game_type] - 1])
    game_id = ""
    for guest in others:
        game_id = (await join(guest, code))["id"]

    async with playing(server, game_id, others):
        await wait_for_turn(anna)
        await expect(anna.by("seats").locator("[data-testid=seat]")).to_have_count(SEATS[game_type])
        await expect(anna.by("turn-indicator")).to_contain_text("your turn")
        if game_type == "briscola":
            await expect(anna.by("trump")).to_be_visible()
            await expect(anna.by("trick-card")).to_have_count(1)  # the opponent led
            await anna.screenshot("briscola-table.png")
        version = await anna.version()
        card = await play_a_card(anna)
        assert await anna.wait_for_version_after(version)
        await expect(anna.by("hand").locator(f'[data-card="{card}"]')).to_have_count(0)
        await expect(anna.by("error")).to_be_hidden()
    assert not anna.errors, anna.errors
