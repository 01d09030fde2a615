"""One whole hand of each game, played by clicks only: the table's promises hold from deal to summary.

Anna plays through the page; the other seats are scripted players, and a spectator's socket keeps the
events of the hand. Along the way: the partner sits opposite, the hand is sorted, a finished trick
stays then goes, the page fits the phone; at the end the move log names every action of the hand,
and switching to Italian changes every label.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

import pytest
from playwright.async_api import Browser, ViewportSize, expect

from tests.browser.pages import Player, create_table, open_guest, play_a_card
from tests.browser.screens import SEATS
from tests.browser.scripted import guests, join, playing
from tests.browser.test_languages import assert_all_italian
from tests.integration.server import RunningServer, Socket

PHONES: dict[str, ViewportSize] = {"390": {"width": 390, "height": 844}, "360": {"width": 360, "height": 740}}
SIZE = {game: "390" if index % 2 else "360" for index, game in enumerate(SEATS)}
NAMES = ["Bruno", "Carla", "Dario", "Elena"]
# The kinds of event the move log words one entry each.
LOGGED = {"play", "trick", "bid", "pass", "auction_won", "call", "partner_revealed", "timeout"}
SUITS = "DCSB"

FITS = """() => {
  const table = document.querySelector('[data-testid=table]');
  return document.documentElement.scrollWidth <= document.documentElement.clientWidth
    && table.scrollWidth <= table.clientWidth;
}"""


async def assert_sorted_and_fits(anna: Player) -> None:
    hand = await anna.hand()
    assert hand == sorted(hand, key=lambda code: (SUITS.index(code[2]), int(code[:2]))), hand
    assert await anna.page.evaluate(FITS), "the page or the table is wider than the phone"


async def act_by_clicks(anna: Player) -> None:
    """Anna's move, by clicks: pass in the auction, call the first card offered, or play a card."""
    if await anna.by("bid-pass").count():
        await anna.by("bid-pass").click()
    elif await anna.by("bid-rank").count():  # the last one left must bid
        await anna.by("bid-rank").first.click()
    elif await anna.by("call-card").count():
        await anna.by("call-card").first.click()
    else:
        await assert_sorted_and_fits(anna)
        await play_a_card(anna)


async def play_the_hand(anna: Player, tricks: bool) -> bool:
    """Anna plays until the hand's summary; True if she saw a finished trick stay on the table."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 90
    saw_a_trick_stay = False
    while not await anna.by("hand-end").count() and not await anna.by("game-over").count():
        assert loop.time() < deadline, "the hand did not end in time"
        if tricks and await anna.by("trick-winner").count():
            saw_a_trick_stay = True
            await expect(anna.by("trick-winner")).to_have_count(0, timeout=4000)  # then it goes
        if await anna.your_turn():
            version = await anna.version()
            await act_by_clicks(anna)
            await anna.wait_for_version_after(version)
        else:
            await asyncio.sleep(0.05)
    return saw_a_trick_stay


async def keep_reading(watcher: Socket) -> None:
    """Read the spectator's frames as they come: a socket left unread stops answering pings."""
    while True:
        await watcher.receive(timeout=3600)


async def hand_events(watcher: Socket, version: int) -> list[dict[str, Any]]:
    """The logged kinds of event, as the spectator received them up to ``version``."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 10
    while not any(f["type"] == "state" and f["game"]["version"] >= version for f in watcher.frames):
        assert loop.time() < deadline, "the spectator never saw the end of the hand"
        await asyncio.sleep(0.05)
    states = [frame for frame in watcher.frames if frame["type"] == "state"]
    with_events = [frame["game"]["version"] for frame in states if frame["events"]]
    twice = sorted({version for version in with_events if with_events.count(version) > 1})
    assert not twice, f"the spectator got the events of versions {twice} more than once"
    events = [event for frame in states for event in frame["events"]]
    return [event for event in events if event["kind"] in LOGGED]


@pytest.mark.parametrize("game_type", list(SEATS))
async def test_a_whole_hand_by_clicks_keeps_every_promise_of_the_table(
    browser: Browser, server: RunningServer, game_type: str
) -> None:
    count = SEATS[game_type]
    anna = await open_guest(browser, server, "Anna", PHONES[SIZE[game_type]])
    code = await create_table(anna, game_type)
    others = await guests(server, NAMES[: count - 1])
    game_id = ""
    for guest in others:
        game_id = (await join(guest, code))["id"]
    (watching,) = await guests(server, ["Zeno"])
    watcher = await Socket.open(server, game_id, watching.cookie)
    reading = asyncio.create_task(keep_reading(watcher))

    async with playing(server, game_id, others):
        await expect(anna.by("seat")).to_have_count(count)
        if count == 4:  # the partner, two seats on in playing order, sits opposite
            partner = anna.by("seat").and_(anna.page.locator('[data-seat="2"]'))
            await expect(partner).to_have_attribute("data-position", "top")
        tricks = "briscola" in game_type
        saw_a_trick_stay = await play_the_hand(anna, tricks)
        assert saw_a_trick_stay or not tricks, "no finished trick stayed on the table"

        # The log names every action of the hand, one entry each, as the spectator's events say.
        await asyncio.sleep(0.3)
        logged = [await entry.get_attribute("data-kind") for entry in await anna.by("move-log-entry").all()]
        happened = await hand_events(watcher, await anna.version())
        assert happened
        for kind in LOGGED:
            said = sum(1 for event in happened if event["kind"] == kind)
            assert logged.count(kind) == said, f"{kind}: {logged.count(kind)} entries for {said} events"
        assert await anna.page.evaluate(FITS)
        await anna.screenshot(f"whole-hand-{game_type}-{SIZE[game_type]}.png")

        await anna.by("language-it").click()  # every label changes
        await assert_all_italian(anna, f"{game_type} at the end of the hand")
    reading.cancel()
    # A cancel that lands as a frame arrives (the presence frames of the players' sockets closing) can
    # be lost in wait_for (Python 3.11): closing the socket ends the read for sure.
    await watcher.close()
    with contextlib.suppress(asyncio.CancelledError, Exception):
        await reading
    await watching.close()
    assert not anna.errors, anna.errors
