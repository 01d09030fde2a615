"""A game from outside the core, in the browser: the rubamazzo example, installed with ``pip install
--target`` beside an unchanged tavolo, is found in the lobby, drawn by its own table module and
played by clicks against the computer to the end of the match — on a desktop in English and on a
small phone in Italian, with the longest name a guest may take, everything in view and nothing
overlapping."""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest
from playwright.async_api import Browser, ViewportSize, expect

from tests.browser.finding import play_the_computer
from tests.browser.pages import Player, open_guest
from tests.e2e.processes import tavolo_serve
from tests.integration.server import RunningServer
from tests.outside_game import install_example, served_from

DESKTOP: ViewportSize = {"width": 1280, "height": 800}
SMALL_PHONE: ViewportSize = {"width": 360, "height": 640}
LONGEST_NAME = "Massimiliano Giovanbattista"
MATCH_TIMEOUT = 150.0

OVERLAPS = """() => {
  const visible = (el) => el.checkVisibility() && el.getClientRects().length > 0;
  const boxes = (selector) => [...document.querySelectorAll(selector)].filter(visible)
    .map((el) => ({ el, box: el.getBoundingClientRect() }));
  const apart = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) <= 1
    || Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) <= 1;
  // Two elements overlap when their boxes do and neither holds the other (a seat holds its pile).
  const overlap = (a, b) => !a.el.contains(b.el) && !b.el.contains(a.el) && !apart(a.box, b.box);
  const name = (el) => `${el.dataset.testid}${el.dataset.seat ? "#" + el.dataset.seat : ""}`
    + ` "${(el.innerText || "").trim().slice(0, 30)}"`;
  const found = [];
  // Seats never cover each other, nor the table's cards, nor the piles.
  const seats = boxes("[data-testid=seat]");
  const table = boxes("[data-testid=table-card], [data-testid=pile]");
  for (let i = 0; i < seats.length; i++) {
    for (const other of [...seats.slice(i + 1), ...table]) {
      if (overlap(seats[i], other)) found.push(`${name(seats[i].el)} covers ${name(other.el)}`);
    }
  }
  // The table's cards lie side by side.
  const cards = boxes("[data-testid=table-card]");
  for (let i = 0; i < cards.length; i++) {
    for (const other of cards.slice(i + 1)) {
      if (overlap(cards[i], other)) found.push(`${name(cards[i].el)} covers ${name(other.el)}`);
    }
  }
  // Every seat's name is whole: not cut, not wider than the screen.
  for (const { el, box } of boxes("[data-testid=seat-name]")) {
    if (el.scrollWidth > el.clientWidth + 1) found.push(`${name(el)} cuts its text`);
    if (box.left < 0 || box.right > window.innerWidth) found.push(`${name(el)} runs off the screen`);
  }
  const page = document.documentElement;
  if (page.scrollWidth > window.innerWidth) found.push("the page is wider than the screen");
  return found;
}"""


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return install_example(tmp_path_factory.mktemp("site"))


@asynccontextmanager
async def serving(folder: Path) -> AsyncIterator[RunningServer]:
    async with tavolo_serve(served_from(folder)) as server:
        yield RunningServer(server.base_url, server.ws_url, app=None)


async def in_view(player: Player, testid: str) -> None:
    """The element is on the screen (scrolled to, as a person would) and inside its width."""
    element = player.by(testid).first
    await element.scroll_into_view_if_needed()
    box = await element.bounding_box()
    assert box is not None, testid
    width = player.page.viewport_size["width"] if player.page.viewport_size else 0
    assert box["x"] >= 0 and box["x"] + box["width"] <= width + 1, f"{testid} is outside the screen: {box}"


async def play_by_clicks_to_the_end(player: Player, checked: list[str]) -> None:
    """Play a card on each turn by clicking it (and a take, when the card can take several ways),
    acknowledge a tied hand's summary, until the match is over; check the layout on each turn."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + MATCH_TIMEOUT
    while not await player.by("game-over").count():
        assert loop.time() < deadline, "the match did not end in time"
        if await player.by("ack").count():
            await player.by("ack").click()
        elif await player.your_turn() and await player.by("hand-card").count():
            version = await player.version()
            checked.extend(await player.page.evaluate(OVERLAPS))
            await in_view(player, "hand")
            card = player.by("hand").locator("[data-testid=hand-card]:not([aria-disabled=true])").first
            await card.click(position={"x": 6, "y": 24})
            choice = player.by("take-choice")
            if await choice.count():
                await choice.get_by_test_id("take-option").first.click()
            await player.wait_for_version_after(version)
        else:
            await asyncio.sleep(0.05)


@pytest.mark.parametrize(
    ("viewport", "locale", "game_type", "computer"),
    [
        (DESKTOP, "en-GB", "rubamazzo_a_quattro", "Computer 2 · normal"),
        (SMALL_PHONE, "it-IT", "rubamazzo", "Computer 2 · normale"),
    ],
    ids=["desktop-english-four-players", "small-phone-italian-two-players"],
)
async def test_rubamazzo_from_outside_the_core_is_played_by_clicks_against_the_computer(
    browser: Browser, installed: Path, viewport: ViewportSize, locale: str, game_type: str, computer: str
) -> None:
    async with serving(installed) as server:
        anna = await open_guest(browser, server, LONGEST_NAME, viewport, locale)
        panel = anna.by("play-computer-panel")
        options = await panel.get_by_test_id("computer-game").locator("option").all_inner_texts()
        assert any("Rubamazzo" in option for option in options), options
        await play_the_computer(anna, game_type, "normal")
        await expect(anna.by("seat-name").filter(has_text=computer)).to_be_visible()
        await expect(anna.by("piles")).to_be_visible()
        await anna.screenshot(f"outside-game-{game_type}-{locale}-start.png")
        problems: list[str] = []
        await play_by_clicks_to_the_end(anna, problems)
        await expect(anna.by("game-over")).to_be_visible()
        await expect(anna.by("game-over")).to_contain_text(re.compile(r"\d"))
        await anna.screenshot(f"outside-game-{game_type}-{locale}-end.png", full_page=True)
        assert not problems, sorted(set(problems))
        assert anna.errors == []
