"""Two guests play a whole scopa match by clicking cards; a spectator watches and never sees a hand."""

from __future__ import annotations

import asyncio

from playwright.async_api import Browser, expect

from tests.browser.pages import (
    Player,
    act_if_needed,
    create_table,
    join_table,
    look_up,
    open_guest,
    watch_table,
)
from tests.integration.server import RunningServer

MATCH_TIMEOUT = 240.0  # a guard against a hang, not a speed check (a busy CI machine is slow)


async def assert_spectator_sees_no_hand(spectator: Player, players: list[Player]) -> None:
    """At a quiet moment (same version everywhere), no card of any hand is rendered for the spectator."""
    version = await players[0].version()
    for player in players:
        assert await player.version() == version
    await spectator.wait_for_version_after(version - 1)
    assert await spectator.version() == version
    assert await spectator.by("hand").count() == 0
    assert await spectator.by("hand-card").count() == 0
    for player in players:
        for code in await player.hand():
            assert await spectator.page.locator(f'[data-card="{code}"]').count() == 0, code


async def test_two_guests_play_a_scopa_match_to_the_end_while_a_spectator_watches(
    browser: Browser, server: RunningServer
) -> None:
    anna = await open_guest(browser, server, "Anna")
    bruno = await open_guest(browser, server, "Bruno")
    carla = await open_guest(browser, server, "Carla")

    code = await create_table(anna, "scopa", {"target_score": 1})
    await expect(anna.by("waiting")).to_be_visible()
    await look_up(bruno, code)
    await expect(bruno.by("preview-name")).to_have_text("Scopa")
    await expect(bruno.by("preview-seats")).to_contain_text("1 of 2 seats open")
    await bruno.screenshot("lobby.png")
    await join_table(bruno, code)
    await watch_table(carla, code)
    await expect(anna.by("waiting")).to_have_count(0)
    await expect(carla.by("hand")).to_have_count(0)

    players = [anna, bruno]
    moves = 0
    reloaded = False
    loop = asyncio.get_running_loop()
    deadline = loop.time() + MATCH_TIMEOUT
    while not all([await p.by("game-over").count() for p in players]):
        assert loop.time() < deadline, "the match did not finish in time"
        acted = False
        for player in players:
            before = await player.version()
            if not await act_if_needed(player):
                continue
            acted = True
            moves += 1
            for other in [*players, carla]:
                await other.wait_for_version_after(before)
            if moves in {3, 11, 20}:
                await assert_spectator_sees_no_hand(carla, players)
            if moves == 1:  # Bruno led; Anna holds three cards and it is her turn
                await expect(anna.table).to_have_attribute("data-your-turn", "true")
                await anna.screenshot("scopa-table.png")
            if moves == 8:
                reloaded = True
                await bruno.page.reload()
                await expect(bruno.table).to_be_visible()
                await expect(bruno.by("hand")).to_be_visible()
        if not acted:
            await asyncio.sleep(0.05)

    assert reloaded and moves >= 36, moves
    headlines = {(await p.by("game-over-headline").text_content() or "").strip() for p in players}
    assert headlines == {"You win!", "You lose"}
    await expect(carla.by("game-over")).to_be_visible()
    await expect(carla.by("hand")).to_have_count(0)

    await anna.by("nav-stats").click()
    await expect(anna.by("history-row")).to_have_count(1)
    await expect(anna.by("rating-row")).to_have_count(1)
    await anna.by("leaderboard-type").select_option("scopa")
    await expect(anna.by("leaderboard-row")).to_have_count(2)
    await expect(anna.by("leaderboard").locator("tr[aria-current=true]")).to_contain_text("Anna")
    for player in [*players, carla]:
        assert not player.errors, player.errors
