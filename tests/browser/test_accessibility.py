"""axe-core finds no serious or critical accessibility violation on any screen, in English and in Italian.

The screens: the login, the lobby (and a looked-up table's preview), a waiting room, a table of each of
the six game types in play (briscola chiamata's auction and call too), a hand's summary, and the stats
page with a finished match. Each failure lists every element and rule (tests/browser/accessibility.py).
"""

from __future__ import annotations

import pytest
from playwright.async_api import Browser, expect

from tests.browser.accessibility import serious_violations
from tests.browser.pages import Player, create_table, open_guest, open_page, play_until_the_hand_ends
from tests.browser.screens import (
    GAME_TYPES,
    lobby_with_a_preview,
    relaxed_server,
    stats_page,
    table_screens,
    waiting_room,
)
from tests.browser.scripted import finish_a_match, guests, join, playing
from tests.integration.server import RunningServer

LOCALES = {"en": "en-GB", "it": "it-IT"}
LANGUAGES = list(LOCALES)


async def violations_on(player: Player, screen: str) -> list[str]:
    await player.page.wait_for_timeout(150)  # let the last render and its transitions settle
    return [f"[{screen}] {line}" for line in await serious_violations(player.page)]


async def assert_accessible(player: Player, screen: str) -> None:
    found = await violations_on(player, screen)
    assert not found, "\n".join(found)


@pytest.mark.parametrize("language", LANGUAGES)
async def test_the_login_screen(browser: Browser, server: RunningServer, language: str) -> None:
    anna = await open_page(browser, server, "Anna", locale=LOCALES[language])
    await expect(anna.by("guest-login")).to_be_visible()
    await expect(anna.page.locator("html")).to_have_attribute("lang", language)
    await assert_accessible(anna, "login")
    assert not anna.errors, anna.errors


@pytest.mark.parametrize("language", LANGUAGES)
async def test_the_lobby_and_a_tables_preview(browser: Browser, server: RunningServer, language: str) -> None:
    anna = await open_guest(browser, server, "Anna", locale=LOCALES[language])
    await expect(anna.by("create-game")).to_be_visible()
    await expect(anna.by("game-options").locator("input").first).to_be_visible()
    await expect(anna.by("my-games")).not_to_contain_text("…")
    found = await violations_on(anna, "lobby")
    await lobby_with_a_preview(server, anna)
    await expect(anna.by("join-button")).to_be_visible()
    found += await violations_on(anna, "lobby with a preview")
    assert not found, "\n".join(found)
    assert not anna.errors, anna.errors


@pytest.mark.parametrize("language", LANGUAGES)
async def test_a_waiting_room(browser: Browser, server: RunningServer, language: str) -> None:
    anna = await open_guest(browser, server, "Anna", locale=LOCALES[language])
    await waiting_room(anna)
    await assert_accessible(anna, "waiting room")
    assert not anna.errors, anna.errors


# Each game in one language, the two languages taking turns: the markup is the same in both.
@pytest.mark.parametrize(
    ("game_type", "language"),
    [(game_type, LANGUAGES[index % len(LANGUAGES)]) for index, game_type in enumerate(GAME_TYPES)],
)
async def test_a_table_in_play(
    browser: Browser, server: RunningServer, game_type: str, language: str
) -> None:
    found: list[str] = []

    async def check(player: Player, screen: str) -> None:
        found.extend(await violations_on(player, f"{game_type} {screen}"))

    await table_screens(browser, server, game_type, check, locale=LOCALES[language])
    assert not found, "\n".join(found)


@pytest.mark.parametrize("language", LANGUAGES)
async def test_a_hands_summary(browser: Browser, server: RunningServer, language: str) -> None:
    anna = await open_guest(browser, server, "Anna", locale=LOCALES[language])
    code = await create_table(anna, "scopa", {"target_score": 21})
    (bruno,) = await guests(server, ["Bruno"])
    game_id = (await join(bruno, code))["id"]
    async with playing(server, game_id, [bruno]):
        await play_until_the_hand_ends(anna)
        await expect(anna.by("breakdown")).to_be_visible()
        await assert_accessible(anna, "hand end")


@pytest.mark.parametrize("language", LANGUAGES)
async def test_the_stats_page(browser: Browser, language: str) -> None:
    async with relaxed_server() as server:
        anna = await open_guest(browser, server, "Anna", locale=LOCALES[language])
        await finish_a_match(anna, server)
        await stats_page(anna)
        await expect(anna.by("history-row")).to_have_count(1)
        await assert_accessible(anna, "stats")
    assert not anna.errors, anna.errors


async def test_the_check_reports_each_serious_violation_with_its_element(browser: Browser) -> None:
    page = await browser.new_page()
    await page.set_content(
        '<!doctype html><html lang="en"><title>t</title><main><h1>x</h1>'
        '<button id="nameless"></button><p style="color:#bbb;background:#fff">faint</p></main></html>'
    )
    found = await serious_violations(page)
    assert any(line.startswith("button-name (critical) at #nameless") for line in found), found
    assert any(line.startswith("color-contrast (serious)") for line in found), found
    await page.close()
