"""A computer player on turn says it is thinking, in the page's language, on its own seat: the seat
fits the screen beside the others and nothing is drawn over it."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.async_api import Browser, ViewportSize, expect

from tests.browser.pages import open_guest, play_a_card
from tests.browser.serving import browser_settings
from tests.browser.table_life import open_by_api
from tests.integration.server import running_server

LAPTOP: ViewportSize = {"width": 1280, "height": 720}
PHONE: ViewportSize = {"width": 360, "height": 640}
THINKING = {"en": "thinking…", "it": "sta pensando…"}
LOCALES = {"en": "en-GB", "it": "it-IT"}
SLOW_COMPUTER = 2.5
"""Seconds the computer players wait before moving: long enough to look at the seat while they do."""

FLAG_BOX = """(flag) => {
  const r = flag.getBoundingClientRect();
  const names = [...document.querySelectorAll('[data-testid=seat-name]')];
  const others = names.map((el) => el.getBoundingClientRect());
  const clash = others.some(
    (o) => r.left < o.right && o.left < r.right && r.top < o.bottom && o.top < r.bottom);
  return { left: r.left, right: r.right, width: window.innerWidth, clash };
}"""


@pytest.mark.parametrize(("size", "language"), [("desktop", "en"), ("phone", "it")])
async def test_a_computer_player_on_turn_shows_that_it_is_thinking(
    browser: Browser, size: str, language: str
) -> None:
    settings = browser_settings(bot_move_delay_seconds=SLOW_COMPUTER)
    async with running_server(settings) as server:
        viewport = LAPTOP if size == "desktop" else PHONE
        anna = await open_guest(browser, server, "Anna", viewport, LOCALES[language])
        await open_by_api(anna, "/api/games/computer", {"game_type": "briscola", "level": "hard"})
        computer = anna.page.locator("[data-testid=seat]:not(.me)")
        if await anna.your_turn():  # Anna leads: after her card the computer is on turn
            await play_a_card(anna)

        flag = computer.get_by_test_id("turn-indicator")
        await expect(flag).to_contain_text(THINKING[language], timeout=SLOW_COMPUTER * 1000)
        await expect(flag).to_be_in_viewport()
        box: dict[str, Any] = await flag.evaluate(FLAG_BOX)
        assert box["left"] >= 0 and box["right"] <= box["width"] + 1, box
        assert not box["clash"], "the thinking flag is drawn over a seat's name"
        await anna.screenshot(f"thinking-seat-{size}-{language}.png")
        mine = anna.page.locator("[data-testid=seat].me").get_by_test_id("turn-indicator")
        await expect(mine).to_have_count(0)
        assert not anna.errors, anna.errors
