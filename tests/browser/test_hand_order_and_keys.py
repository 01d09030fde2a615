"""Your hand: sorted by suit then rank (or by rank, remembered), and played from the keyboard.

The server pauses after a trick as long as by default: the card played from the keyboard is looked
for in the trick, which a shorter pause would take off the felt before the look when it completes
the trick."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
import pytest_asyncio
from playwright.async_api import Browser, ViewportSize, expect

from tests.browser.pages import DESKTOP, PHONE, Player, create_table, open_guest, wait_for_turn
from tests.browser.scripted import guests, join, playing
from tests.integration.server import RunningServer, running_server, server_settings

SUITS = "DCSB"  # denari, coppe, spade, bastoni


@pytest_asyncio.fixture(loop_scope="session")
async def server() -> AsyncIterator[RunningServer]:
    async with running_server(server_settings()) as running:
        yield running


def by_suit(code: str) -> tuple[int, int]:
    return SUITS.index(code[2]), int(code[:2])


def by_rank(code: str) -> tuple[int, int]:
    return int(code[:2]), SUITS.index(code[2])


async def focused_card(player: Player) -> str | None:
    card = await player.page.evaluate("document.activeElement?.dataset?.card ?? null")
    return None if card is None else str(card)


@pytest.mark.parametrize(
    ("viewport", "locale", "toggle"),
    [
        (DESKTOP, "en-GB", "Sort by rank"),
        (PHONE, "it-IT", "Ordina per valore"),
    ],
)
async def test_the_hand_is_sorted_by_suit_then_rank_and_the_other_order_is_remembered(
    browser: Browser, server: RunningServer, viewport: ViewportSize, locale: str, toggle: str
) -> None:
    anna = await open_guest(browser, server, "Anna", viewport, locale)
    code = await create_table(anna, "scopone_scientifico")
    others = await guests(server, ["Bruno", "Carla", "Dario"])
    for guest in others:
        await join(guest, code)

    await expect(anna.by("hand").locator("[data-card]")).to_have_count(10)
    hand = await anna.hand()
    assert hand == sorted(hand, key=by_suit)

    await expect(anna.by("hand-order")).to_have_text(toggle)
    await anna.by("hand-order").click()
    assert await anna.hand() == sorted(hand, key=by_rank)
    await anna.page.reload()
    await expect(anna.by("hand").locator("[data-card]")).to_have_count(10)
    assert await anna.hand() == sorted(hand, key=by_rank)
    await anna.screenshot(f"hand-by-rank-{locale}.png")
    layout = await anna.page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    assert layout, "ten cards make the page wider than the screen"
    for guest in others:
        await guest.close()
    assert not anna.errors, anna.errors


async def test_arrow_keys_move_along_the_hand_and_enter_plays_the_card(
    browser: Browser, server: RunningServer
) -> None:
    anna = await open_guest(browser, server, "Anna")
    code = await create_table(anna, "briscola")
    (bruno,) = await guests(server, ["Bruno"])
    game_id = (await join(bruno, code))["id"]

    async with playing(server, game_id, [bruno]):
        await wait_for_turn(anna)
        hand = await anna.hand()
        await anna.page.keyboard.press("ArrowRight")  # from anywhere on the page: into the hand
        assert await focused_card(anna) == hand[0]
        await anna.page.keyboard.press("ArrowRight")
        assert await focused_card(anna) == hand[1]
        await anna.page.keyboard.press("End")
        assert await focused_card(anna) == hand[-1]
        await anna.page.keyboard.press("ArrowLeft")
        assert await focused_card(anna) == hand[-2]

        version = await anna.version()
        await anna.page.keyboard.press("Enter")
        assert await anna.wait_for_version_after(version)
        await expect(anna.by("hand").locator(f'[data-card="{hand[-2]}"]')).to_have_count(0)
        await expect(anna.by("trick").locator(f'[data-card="{hand[-2]}"]')).to_have_count(1)
    assert not anna.errors, anna.errors
