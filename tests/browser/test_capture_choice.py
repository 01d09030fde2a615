"""Choosing among several captures by clicking table cards, at phone width; a refused move keeps the table."""

from __future__ import annotations

import json
import re

from playwright.async_api import Browser, WebSocketRoute, expect

from entrypoints.container import build_container
from tests.browser.pages import PHONE, create_table, join_table, open_guest, wait_for_turn
from tests.browser.scripted import guests, join
from tests.browser.seeded import captures_by_card, find_deal, seeded_server, several_captures_one_by_sum
from tests.integration.server import server_settings

OPTIONS = {"target_score": 11}


async def test_several_captures_are_chosen_on_the_table(browser: Browser) -> None:
    deal = find_deal(
        build_container(server_settings()).registry(), "scopa", OPTIONS, several_captures_one_by_sum
    )
    card, captures = next((c, taken) for c, taken in captures_by_card(deal.view).items() if len(taken) > 1)
    wanted = next(c for c in captures if len(c) > 1)

    async with seeded_server(deal.seed) as server:
        anna = await open_guest(browser, server, "Anna", PHONE)
        tampered: list[str] = []

        async def tamper_first_play(ws: WebSocketRoute) -> None:
            """The page's first play reaches the server without its capture: a move the rules refuse."""
            upstream = ws.connect_to_server()

            def forward(message: str | bytes) -> None:
                data = json.loads(message)
                if data.get("action") == "play" and not tampered:
                    tampered.append(data["card"])
                    data.pop("capture", None)
                upstream.send(json.dumps(data))

            ws.on_message(forward)

        await anna.page.route_web_socket(re.compile(r"/ws/games/"), tamper_first_play)
        (other,) = await guests(server, ["Bruno"])
        if deal.turn == 0:  # the creator sits at seat 0
            code = await create_table(anna, "scopa", OPTIONS)
            await join(other, code)
        else:
            created = await other.http.post("/api/games", json={"game_type": "scopa", "options": OPTIONS})
            await join_table(anna, created.json()["join_code"])

        await wait_for_turn(anna)
        assert sorted(await anna.hand()) == sorted(deal.view["hand"])
        hand_card = anna.by("hand").locator(f'[data-card="{card}"]')
        await hand_card.click()
        await expect(anna.by("capture-choice")).to_be_visible()
        await expect(hand_card).to_have_attribute("aria-pressed", "true")
        await expect(anna.by("capture-option")).to_have_count(len(captures))
        assert not await anna.unnamed_controls()  # a press on a choice survives a redraw
        takeable = {code for capture in captures for code in capture}
        await expect(anna.by("table-cards").locator("button")).to_have_count(len(takeable))

        await anna.page.keyboard.press("Escape")  # changing one's mind
        await expect(anna.by("capture-choice")).to_have_count(0)
        await hand_card.click()
        await anna.by("table-cards").locator(f'button[data-card="{wanted[0]}"]').click()
        await expect(anna.by("table-cards").locator(f'[data-card="{wanted[0]}"]')).to_have_attribute(
            "aria-pressed", "true"
        )
        for code in wanted[1:]:
            await anna.by("table-cards").locator(f'button[data-card="{code}"]').click()

        # The server refused the tampered play: its code's text shows and the table is still there.
        await expect(anna.by("error")).to_have_text("The rules do not allow that move.")
        assert tampered == [card]
        await expect(anna.by("hand").locator(f'[data-card="{card}"]')).to_have_count(1)
        await expect(anna.by("table-cards").locator("[data-card]")).to_have_count(len(deal.view["table"]))

        # The same choice again, by keyboard this time, now reaches the server intact.
        await hand_card.focus()
        await anna.page.keyboard.press("Enter")
        for code in wanted:
            await anna.by("table-cards").locator(f'button[data-card="{code}"]').focus()
            await anna.page.keyboard.press("Enter")
        await expect(anna.by("hand").locator(f'[data-card="{card}"]')).to_have_count(0)
        await expect(anna.by("move-log-entry").last).to_contain_text("You played")
        for code in wanted:
            await expect(anna.by("table-cards").locator(f'[data-card="{code}"]')).to_have_count(0)
        my_seat = anna.by("seat").and_(anna.page.locator("[data-position=bottom]"))
        await expect(my_seat.get_by_test_id("pile")).to_have_attribute(
            "aria-label", f"{len(wanted) + 1} cards taken"
        )
        width = await anna.page.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["width"], f"the table overflows a phone screen: {width}px"
        await anna.screenshot("capture-choice-scopa-phone.png", full_page=True)
        await other.close()
    assert not anna.errors, anna.errors
