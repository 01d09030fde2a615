"""Helpers for the browser tests of a table's life (tests/browser/test_table_life.py): tables opened
as the API allows (public, against the computer), matches played to their end by scripted sockets
that act for the page's own user, and each screen looked at in both languages and at both sizes."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from playwright.async_api import Locator, ViewportSize, expect

from tests.browser.accessibility import serious_violations
from tests.browser.pages import DESKTOP, PHONE, Player
from tests.browser.screens import switch_language
from tests.browser.scripted import cookie_of, play_to_the_end
from tests.browser.serving import browser_settings
from tests.integration.server import RunningServer, running_server

SMALL_PHONE: ViewportSize = {"width": 360, "height": 740}
SIZES: dict[str, ViewportSize] = {"desktop": DESKTOP, "phone": PHONE, "small-phone": SMALL_PHONE}
GAME_PATH = re.compile(r"#/game/([\w-]+)")
GAME_OVER_DRAWN_S = 30  # how long a page may take to draw a whole scripted match to its end


@asynccontextmanager
async def quick_server() -> AsyncIterator[RunningServer]:
    """A server whose computer players move at once and whose flood guard lets scripted sockets answer
    every frame straight away, so a whole short match takes a few seconds."""
    settings = browser_settings(
        ws_rate_per_second=10_000.0, ws_rate_burst=10_000, bot_move_delay_seconds=0.05
    )
    async with running_server(settings) as server:
        yield server


def game_id_of(player: Player) -> str:
    found = GAME_PATH.search(player.page.url)
    assert found, player.page.url
    return found.group(1)


async def open_by_api(player: Player, path: str, body: dict[str, Any]) -> dict[str, Any]:
    """Open a table with the page's own session (what the lobby's form would send), and go there."""
    created = await player.page.request.post(path, data=body)
    assert created.status == 201, await created.text()
    game: dict[str, Any] = await created.json()
    await player.page.goto(f"/#/game/{game['id']}")
    await expect(player.table).to_have_attribute("data-version", re.compile(r"^\d+$"), timeout=10_000)
    await player.wait_for_version_after(game["version"] - 1)
    return game


async def play_for(server: RunningServer, game_id: str, players: list[Player]) -> None:
    """Scripted sockets act for the pages' users (first legal move, every hand summary acknowledged) until
    the match is over; the pages only watch it happen."""
    await play_to_the_end(server, game_id, [await cookie_of(player) for player in players])
    # The scripts play at machine speed; each page draws every frame of it, which on a busy machine (three
    # browsers and their servers at once) takes longer than an expectation's usual five seconds.
    for player in players:
        await expect(player.by("game-over")).to_be_visible(timeout=GAME_OVER_DRAWN_S * 1000)


def seat(player: Player, number: int) -> Locator:
    """The seat on the felt whose chair is ``number`` (0-based, as data-seat)."""
    return player.page.locator(f"[data-testid=seat][data-seat='{number}']")


def rating_of(player: Player, number: int) -> Locator:
    """The end screen's line with chair ``number``'s rating before → after."""
    return player.by("rating-change").and_(player.page.locator(f"[data-seat='{number}']"))


def my_seat(player: Player) -> Locator:
    return player.page.locator("[data-testid=seat].me")


async def my_chair(player: Player) -> int:
    await expect(my_seat(player)).to_have_count(1)
    value = await my_seat(player).get_attribute("data-seat")
    assert value is not None
    return int(value)


OVERFLOW = """() => {
  const width = window.innerWidth;
  const wide = document.documentElement.scrollWidth > width;
  const outside = [...document.querySelectorAll('main *')]
    .filter((el) => el.checkVisibility() && el.getClientRects().length)
    .filter((el) => { const r = el.getBoundingClientRect(); return r.right > width + 1 || r.left < -1; })
    .filter((el) => !el.closest('.flying'))
    .slice(0, 5)
    .map((el) => `${el.dataset.testid || el.className || el.tagName} to ${el.getBoundingClientRect().right}`);
  const cut = [...document.querySelectorAll('main button, main select, main .badge, main .seat-name')]
    .filter((el) => el.checkVisibility() && el.scrollWidth > el.clientWidth + 1)
    .map((el) => (el.dataset.testid || el.className) + ': ' + el.innerText);
  return { wide, outside, cut };
}"""


async def layout_problems(player: Player) -> dict[str, Any]:
    found: dict[str, Any] = await player.page.evaluate(OVERFLOW)
    return found


async def look_everywhere(player: Player, screen: str, ready: Locator | None = None) -> list[str]:
    """The screen at a desktop and a phone (and a small phone), in English and in Italian: a picture of
    each (var/screenshots/life-<screen>-<size>-<language>.png) and what does not fit or is not accessible.
    The page is left in English at the desktop size."""
    problems: list[str] = []
    for language in ("en", "it"):
        await switch_language(player, language)
        if ready is not None:
            await expect(ready).to_be_visible()
        for name, size in SIZES.items():
            await player.page.set_viewport_size(size)
            await player.page.wait_for_timeout(120)
            found = await layout_problems(player)
            if found["wide"] or found["outside"] or found["cut"]:
                problems.append(f"[{screen} {name} {language}] {found}")
            if name != "small-phone":
                await player.screenshot(f"life-{screen}-{name}-{language}.png", full_page=True)
        problems.extend(f"[{screen} {language}] {line}" for line in await serious_violations(player.page))
    await switch_language(player, "en")
    await player.page.set_viewport_size(DESKTOP)
    if ready is not None:
        await expect(ready).to_be_visible()
    return problems
