"""Finished matches to replay, and reading the replay page: the player's page watches the match live
(so its table remembers the shuffle's commitment) while scripted sockets play every seat at machine
speed; then the record and the replay come from the API to compare with what the page shows."""

from __future__ import annotations

import asyncio
from typing import Any

from playwright.async_api import expect

from tests.browser.pages import Player
from tests.browser.scripted import cookie_of, guests, join, play_to_the_end
from tests.integration.server import RunningServer

NAMES = ["Bruno", "Carla", "Dario", "Elena"]
SEATS = {"scopa": 2, "briscola": 2, "briscola_a_quattro": 4, "scopa_a_quattro": 4, "briscola_chiamata": 5}


async def get_json(player: Player, path: str) -> Any:
    response = await player.page.request.get(path)
    assert response.ok, f"{path}: {response.status} {await response.text()}"
    return await response.json()


async def wait_for_record(player: Player, game_id: str, timeout: float = 15.0) -> dict[str, Any]:
    """The match's record once the server has written it (a moment after the last move)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        response = await player.page.request.get(f"/api/matches/{game_id}/record")
        if response.ok:
            record: dict[str, Any] = await response.json()
            return record
        assert response.status == 404 and loop.time() < deadline, await response.text()
        await asyncio.sleep(0.1)


async def watch_a_whole_match(
    player: Player, server: RunningServer, game_type: str, options: dict[str, Any]
) -> str:
    """A match of ``game_type`` for the page's user and scripted guests, every seat played by a script;
    the page shows the table from the first deal to the end screen. Returns the game's id once its
    record is written."""
    created = await player.page.request.post("/api/games", data={"game_type": game_type, "options": options})
    assert created.status == 201, await created.text()
    game = await created.json()
    others = await guests(server, NAMES[: SEATS[game_type] - 1])
    try:
        for guest in others[:-1]:
            await join(guest, game["join_code"])
        # The page opens the table before the last seat is taken: it sees the match start, and the
        # commitment its first deal shows.
        await player.page.goto(f"/#/game/{game['id']}")
        await expect(player.by("waiting")).to_be_visible()
        await join(others[-1], game["join_code"])
        await expect(player.table).not_to_have_attribute("data-phase", "lobby")
        cookies = [await cookie_of(player), *(guest.cookie for guest in others)]
        await play_to_the_end(server, game["id"], cookies, timeout=90)
    finally:
        for guest in others:
            await guest.close()
    await expect(player.by("game-over")).to_be_visible(timeout=15_000)
    await wait_for_record(player, game["id"])
    return str(game["id"])


async def assert_hands_face_up(player: Player, frame: dict[str, Any]) -> None:
    """Every seat's cards on the page are the frame's hand of that seat."""
    hands = frame["view"]["hands"]
    rows = player.by("replay-hand-row")
    await expect(rows).to_have_count(len(hands))
    for seat, hand in enumerate(hands):
        cards = rows.nth(seat).get_by_test_id("replay-hand-card")
        await expect(cards).to_have_count(len(hand))
        shown = [await card.get_attribute("data-card") for card in await cards.all()]
        assert sorted(c for c in shown if c) == sorted(hand), (seat, shown, hand)


def remembered_commitment(game_id: str) -> str:
    return f"() => localStorage.getItem('tavolo.commitment.{game_id}')"


async def shot(player: Player, name: str, full_page: bool = False) -> None:
    """A picture of the page as it is now, replay-<name>.png among the run's screenshots, to be looked at."""
    await player.screenshot(f"replay-{name}.png", full_page=full_page)
