"""Briscola chiamata in the browser: a bid, a pass, the call and a play, each through the UI."""

from __future__ import annotations

import asyncio

from playwright.async_api import Browser, expect

from tests.browser.pages import join_table, open_guest, play_a_card, wait_for_turn
from tests.browser.scripted import guests, join, playing
from tests.integration.server import RunningServer


async def test_bid_pass_call_and_play_through_the_ui(browser: Browser, server: RunningServer) -> None:
    dealer, fourth, fifth = await guests(server, ["Dario", "Elena", "Franco"])
    created = await dealer.http.post("/api/games", json={"game_type": "briscola_chiamata"})
    assert created.status_code == 201, created.text
    game = created.json()
    bidder = await open_guest(browser, server, "Anna")  # seat 1: first to speak
    passer = await open_guest(browser, server, "Bruno")  # seat 2
    await join_table(bidder, game["join_code"])
    await join_table(passer, game["join_code"])
    for guest in (fourth, fifth):
        await join(guest, game["join_code"])

    async with playing(server, game["id"], [dealer, fourth, fifth]):  # they pass, then play
        await wait_for_turn(bidder)
        await expect(bidder.by("auction")).to_be_visible()
        await expect(bidder.by("bid-pass")).to_be_visible()
        await bidder.by("bid-rank").first.click()  # the asso, the highest promise
        await expect(passer.by("standing-bid")).to_contain_text("Asso by Anna")
        await wait_for_turn(passer)
        await expect(passer.by("bid-rank").first).to_be_visible()
        assert not await passer.unnamed_controls()  # a press on a bid survives a redraw
        await passer.screenshot("chiamata-auction.png")
        await passer.by("bid-pass").click()

        await expect(bidder.by("call-controls")).to_be_visible(timeout=10_000)
        await expect(bidder.by("call-card")).to_have_count(4)
        await bidder.by("call-card").first.click()
        await expect(bidder.by("called")).to_be_visible()
        await expect(passer.by("called")).to_be_visible()

        await wait_for_turn(bidder)
        version = await bidder.version()
        card = await play_a_card(bidder)
        assert await bidder.wait_for_version_after(version)
        await expect(bidder.by("hand").locator(f'[data-card="{card}"]')).to_have_count(0)
        await expect(passer.by("trick").locator(f'[data-card="{card}"]')).to_have_count(1)
    for player in (bidder, passer):
        assert not player.errors, player.errors


async def test_a_points_bid_on_the_two_then_the_deal_summary_at_the_end(
    browser: Browser, server: RunningServer
) -> None:
    dealer, fourth, fifth = await guests(server, ["Dario", "Elena", "Franco"])
    created = await dealer.http.post("/api/games", json={"game_type": "briscola_chiamata"})
    assert created.status_code == 201, created.text
    game = created.json()
    anna = await open_guest(browser, server, "Anna")  # seat 1: first to speak
    bruno = await open_guest(browser, server, "Bruno")  # seat 2
    await join_table(anna, game["join_code"])
    await join_table(bruno, game["join_code"])
    for guest in (fourth, fifth):
        await join(guest, game["join_code"])

    async with playing(server, game["id"], [dealer, fourth, fifth]):  # they pass, then play
        await wait_for_turn(anna)
        await anna.by("bid-rank").last.click()  # the two: bids go on in points
        await wait_for_turn(bruno)
        await expect(bruno.by("bid-rank")).to_have_count(0)
        await bruno.by("points-select").select_option("64")
        await bruno.by("bid-points").click()
        await expect(anna.by("standing-bid")).to_contain_text("Due with 64 points by Bruno")
        await wait_for_turn(anna)
        await anna.by("bid-pass").click()

        await expect(bruno.by("call-controls")).to_be_visible(timeout=10_000)
        await bruno.by("call-card").first.click()
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 90
        while not await anna.by("game-over").count():
            assert loop.time() < deadline, "the deal did not end in time"
            for player in (anna, bruno):
                if await player.your_turn() and await player.by("hand").count():
                    version = await player.version()
                    await play_a_card(player)
                    await player.wait_for_version_after(version)
            await asyncio.sleep(0.05)
        await expect(anna.by("breakdown")).to_contain_text("Bruno bid Due with 64 points")
        await expect(anna.by("breakdown")).to_contain_text("needed 64")
        await anna.screenshot("chiamata-game-over.png")
    for player in (anna, bruno):
        assert not player.errors, player.errors
