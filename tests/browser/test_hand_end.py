"""A scopa hand played to its end in the browser: the scoring summary, the acknowledgement, the next hand."""

from __future__ import annotations

from playwright.async_api import Browser, expect

from tests.browser.pages import create_table, open_guest, play_until_the_hand_ends
from tests.browser.scripted import guests, join, playing
from tests.integration.server import RunningServer


async def test_the_hand_end_summary_shows_the_breakdown_and_waits_for_the_ack(
    browser: Browser, server: RunningServer
) -> None:
    anna = await open_guest(browser, server, "Anna")
    code = await create_table(anna, "scopa", {"target_score": 21})
    (bruno,) = await guests(server, ["Bruno"])
    game_id = (await join(bruno, code))["id"]

    async with playing(server, game_id, [bruno]):
        await play_until_the_hand_ends(anna)

        summary = anna.by("hand-end")
        await expect(summary.get_by_test_id("breakdown")).to_be_visible()
        await expect(summary.get_by_role("rowheader", name="Primiera")).to_be_visible()
        await expect(summary.get_by_test_id("ack-status")).to_contain_text("1 of 2 ready")  # Bruno acked
        await expect(anna.by("board")).to_have_count(0)  # the summary has the screen to itself
        await anna.screenshot("hand-end.png")
        await anna.by("ack").click()
        await expect(anna.by("hand-end")).to_have_count(0)
        await expect(anna.table).to_have_attribute("data-phase", "playing")
        await expect(anna.by("hand").locator("[data-card]")).to_have_count(3)
    assert not anna.errors, anna.errors


async def test_the_briscola_deal_summary_names_the_deal_and_its_card_points(
    browser: Browser, server: RunningServer
) -> None:
    anna = await open_guest(browser, server, "Anna")
    code = await create_table(anna, "briscola", {"target_score": 1000})
    (bruno,) = await guests(server, ["Bruno"])
    game_id = (await join(bruno, code))["id"]

    async with playing(server, game_id, [bruno]):
        await play_until_the_hand_ends(anna)

        summary = anna.by("hand-end")
        await expect(summary.get_by_test_id("breakdown")).to_contain_text("Deal 1")
        await expect(summary.get_by_role("rowheader", name="Card points")).to_be_visible()
        points = [int(await summary.get_by_test_id(f"match-score-{side}").inner_text()) for side in "AB"]
        assert sum(points) in (0, 120)  # a patta (60 all) scores nothing
        await anna.screenshot("briscola-hand-end.png")
        await anna.by("ack").click()
        await expect(anna.by("hand-end")).to_have_count(0)
        await expect(anna.table).to_have_attribute("data-phase", "playing")
        await expect(anna.by("trump")).to_be_visible()
    assert not anna.errors, anna.errors
