"""Every screen of the web UI, reached as a person would, for checks that look at the page itself
(tests/browser/test_accessibility.py, test_screen_sizes.py): the login, the lobby (with a looked-up
table's preview), a waiting room, a table of each game type in play (the other seats scripted), and
the stats page with a finished match in its history.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager

from playwright.async_api import Browser, ViewportSize, expect

from tests.browser.pages import Player, create_table, join_table, look_up, open_guest, wait_for_turn
from tests.browser.scripted import guests, join, playing
from tests.browser.serving import browser_settings
from tests.integration.server import RunningServer, running_server

SEATS = {
    "scopa": 2,
    "scopa_a_quattro": 4,
    "scopone_scientifico": 4,
    "briscola": 2,
    "briscola_a_quattro": 4,
    "briscola_chiamata": 5,
}
GAME_TYPES = list(SEATS)
NAMES = ["Bruno", "Carla", "Dario", "Elena"]
# The names players really type are often longer than "Anna": the seats and the sides' lines must hold them.
LONG_NAMES = ["Massimiliano", "Mariagrazia", "Gianfranco", "Annunziata"]

Check = Callable[[Player, str], Awaitable[None]]


async def table_screens(
    browser: Browser,
    server: RunningServer,
    game_type: str,
    check: Check,
    viewport: ViewportSize | None = None,
    locale: str | None = None,
) -> Player:
    """Sit Anna at a table of ``game_type`` with scripted players in the other seats, and call
    ``check(anna, screen)`` on each screen of the game in play, on her turn: "table"; for briscola
    chiamata "auction" (her bid), "call" (she names the card) and "table" (the tricks)."""
    others = await guests(server, LONG_NAMES[: SEATS[game_type] - 1])
    if game_type == "briscola_chiamata":
        # The table's creator deals; seat 1 speaks first: Anna bids, the scripted seats pass.
        dealer, *rest = others
        created = await dealer.http.post("/api/games", json={"game_type": game_type})
        assert created.status_code == 201, created.text
        game = created.json()
        anna = await open_guest(browser, server, "Anna", viewport, locale)
        await join_table(anna, game["join_code"])
        for guest in rest:
            await join(guest, game["join_code"])
        async with playing(server, game["id"], others):
            await wait_for_turn(anna)
            await expect(anna.by("bid-pass")).to_be_visible()
            await check(anna, "auction")
            await anna.by("bid-rank").first.click()
            await expect(anna.by("call-controls")).to_be_visible(timeout=10_000)
            await check(anna, "call")
            await anna.by("call-card").first.click()
            await expect(anna.by("called")).to_be_visible()
            await wait_for_turn(anna)
            await expect(anna.by("hand")).to_be_visible()
            await check(anna, "table")
        return anna

    anna = await open_guest(browser, server, "Anna", viewport, locale)
    code = await create_table(anna, game_type)
    game_id = ""
    for guest in others:
        game_id = (await join(guest, code))["id"]
    async with playing(server, game_id, others):
        await wait_for_turn(anna)
        await expect(anna.by("hand")).to_be_visible()
        await check(anna, "table")
    return anna


async def waiting_room(player: Player, game_type: str = "scopone_scientifico") -> str:
    """Anna opens a table from the lobby: the waiting room, its seats open. Returns the join code."""
    code = await create_table(player, game_type)
    await expect(player.by("waiting")).to_be_visible()
    return code


async def lobby_with_a_preview(server: RunningServer, player: Player) -> str:
    """The lobby with another player's table looked up by its code (the preview and its buttons).
    Returns the code."""
    (bruno,) = await guests(server, ["Bruno"])
    created = await bruno.http.post("/api/games", json={"game_type": "briscola_a_quattro"})
    assert created.status_code == 201, created.text
    await bruno.close()
    code: str = created.json()["join_code"]
    await look_up(player, code)
    return code


@asynccontextmanager
async def relaxed_server() -> AsyncIterator[RunningServer]:
    """A server whose flood guard lets scripted players answer every frame at once."""
    async with running_server(browser_settings(ws_rate_per_second=10_000.0, ws_rate_burst=10_000)) as server:
        yield server


async def stats_page(player: Player) -> None:
    await player.by("nav-stats").click()
    await expect(player.by("stats")).to_be_visible()
    await expect(player.by("match-history")).to_be_visible()
    await player.by("leaderboard-type").select_option("scopa")  # the game of the finished match
    await expect(player.by("leaderboard-row")).to_have_count(2)
    await expect(player.by("rating-row").first).to_be_visible()


async def switch_language(player: Player, language: str) -> None:
    """Press the header's language button; every screen is drawn anew in that language."""
    await player.by(f"language-{language}").click()
    await expect(player.page.locator("html")).to_have_attribute("lang", language)
