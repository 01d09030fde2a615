"""The lobby remembers what the player chose last — the computer's game, level and turn time, the game
sought with Play now, the game of a new table — so a returning player finds the table they play, in
this browser, after going back to the lobby and after a reload; a choice the server no longer offers
falls back to its first game."""

from __future__ import annotations

from playwright.async_api import Browser, expect

from tests.browser.pages import Player, open_guest
from tests.integration.server import RunningServer


async def back_to_the_lobby(player: Player, reload: bool) -> None:
    if reload:
        await player.page.goto("/")
    else:
        await player.by("nav-lobby").click()
    await expect(player.by("lobby")).to_be_visible()


async def test_the_computer_panel_opens_on_the_last_game_level_and_turn_time(
    browser: Browser, server: RunningServer
) -> None:
    anna = await open_guest(browser, server, "Anna", locale="en-GB")
    panel = anna.by("play-computer-panel")
    await panel.get_by_test_id("computer-game").select_option("briscola_chiamata")
    await panel.get_by_test_id("computer-level-normal").check()
    await panel.get_by_test_id("computer-turn-time").select_option("60")
    await panel.get_by_test_id("play-computer").click()
    await expect(anna.table).to_be_visible()
    for reload in (False, True):
        await back_to_the_lobby(anna, reload)
        await expect(panel.get_by_test_id("computer-game")).to_have_value("briscola_chiamata")
        await expect(panel.get_by_test_id("computer-level-normal")).to_be_checked()
        await expect(panel.get_by_test_id("computer-turn-time")).to_have_value("60")
    assert anna.errors == []


async def test_play_now_and_a_new_table_open_on_the_game_used_last(
    browser: Browser, server: RunningServer
) -> None:
    anna = await open_guest(browser, server, "Anna", locale="it-IT")
    quick = anna.by("quick-match")
    await quick.get_by_test_id("quick-game").select_option("scopa")
    await quick.get_by_test_id("play-now").click()
    await quick.get_by_test_id("cancel-seek").click()
    await anna.by("game-type").select_option("briscola_a_quattro")
    await anna.by("create-game").click()
    await expect(anna.table).to_be_visible()
    await back_to_the_lobby(anna, reload=True)
    await expect(quick.get_by_test_id("quick-game")).to_have_value("scopa")
    await expect(anna.by("game-type")).to_have_value("briscola_a_quattro")
    assert anna.errors == []


async def test_a_remembered_game_the_server_no_longer_offers_falls_back_to_its_first(
    browser: Browser, server: RunningServer
) -> None:
    anna = await open_guest(browser, server, "Anna", locale="en-GB")
    await anna.page.evaluate("localStorage.setItem('tavolo.lobby.computer-game', 'a_game_gone_away')")
    await back_to_the_lobby(anna, reload=True)
    first = (await (await anna.page.request.get("/api/game-types")).json())[0]["id"]
    await expect(anna.by("play-computer-panel").get_by_test_id("computer-game")).to_have_value(first)
    assert anna.errors == []
