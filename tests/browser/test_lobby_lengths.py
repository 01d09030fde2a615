"""The lobby offers how long a match lasts — the deals a side must win in briscola, the target score in
scopa — against the computer, in Play now and for a new table, and remembers it per game with the new
table's public or private and rated or casual: a player who chose best of three finds best of three when
they come back. At 360x640 and 1280x720, in Italian and in English, the panels' controls fit the screen
and never cover one another."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.async_api import Browser, Locator, ViewportSize, expect

from tests.browser.pages import Player, open_guest
from tests.browser.table_life import game_id_of
from tests.integration.server import RunningServer

SMALL_PHONE: ViewportSize = {"width": 360, "height": 640}
DESKTOP: ViewportSize = {"width": 1280, "height": 720}
SETUPS = [
    pytest.param(SMALL_PHONE, "it-IT", id="phone-it"),
    pytest.param(DESKTOP, "en-GB", id="desktop-en"),
]
BEST_OF_THREE = {"it": "Al meglio di tre", "en": "Best of three"}

# Every control of a panel (and its labels) with its box, after scrolling each into view: the ones
# outside the screen (by more than the half pixel a scroll rounds to), and the pairs that overlap (an
# element and one inside it are not a pair).
CONTROLS = """(panel) => {
  const found = [...panel.querySelectorAll("select, input, button, label, legend")]
    .filter((el) => el.checkVisibility() && el.getClientRects().length > 0);
  const outside = [];
  const describe = (el) => `<${el.tagName.toLowerCase()}> ${el.dataset.testid || el.id || ""} "${
    (el.innerText || el.value || "").trim().replace(/\\s+/g, " ").slice(0, 40)}"`;
  for (const el of found) {
    el.scrollIntoView({ block: "nearest", inline: "nearest" });
    const box = el.getBoundingClientRect();
    if (box.left < -0.5 || box.top < -0.5 || box.right > innerWidth + 0.5 || box.bottom > innerHeight + 0.5) {
      outside.push(`${describe(el)} is outside the screen`);
    }
  }
  window.scrollTo(0, 0);
  const boxes = found.map((el) => [el, el.getBoundingClientRect()]);
  const overlaps = [];
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const [a, p] = boxes[i];
      const [b, q] = boxes[j];
      if (a.contains(b) || b.contains(a)) continue;
      const x = Math.min(p.right, q.right) - Math.max(p.left, q.left);
      const y = Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top);
      if (x > 1 && y > 1) overlaps.push(`${describe(a)} overlaps ${describe(b)}`);
    }
  }
  return [...outside, ...overlaps];
}"""


async def layout_problems(panel: Locator) -> list[str]:
    await expect(panel.locator("select").first).to_be_visible()
    problems: list[str] = await panel.evaluate(CONTROLS)
    return problems


async def back_to_the_lobby(player: Player, reload: bool) -> None:
    if reload:
        await player.page.goto("/")
    else:
        await player.by("nav-lobby").click()
    await expect(player.by("lobby")).to_be_visible()


async def table_of(player: Player) -> dict[str, Any]:
    """The table the page shows, as the API gives it to this player."""
    answer = await player.page.request.get(f"/api/games/{game_id_of(player)}")
    assert answer.ok, await answer.text()
    table: dict[str, Any] = await answer.json()
    return table


async def type_a_number(field: Locator, value: int) -> None:
    """Click the box, select what it holds and type the number, as a person does."""
    await field.click()
    await field.press("ControlOrMeta+a")
    await field.press_sequentially(str(value))


@pytest.mark.parametrize(("viewport", "locale"), SETUPS)
async def test_best_of_three_briscola_against_the_computer_is_played_and_remembered(
    browser: Browser, server: RunningServer, viewport: ViewportSize, locale: str
) -> None:
    anna = await open_guest(browser, server, "Anna", viewport, locale)
    panel = anna.by("play-computer-panel")
    await panel.get_by_test_id("computer-game").select_option("briscola")
    length = panel.get_by_test_id("computer-length")
    await expect(length).to_have_value("1")  # the server's default: one deal
    await length.select_option(label=BEST_OF_THREE[locale[:2]])
    await expect(length).to_have_value("2")
    assert await layout_problems(panel) == []
    await anna.screenshot(f"lobby-best-of-three-{viewport['width']}-{locale}.png")
    await panel.get_by_test_id("play-computer").click()
    await expect(anna.table).to_be_visible()
    assert (await table_of(anna))["options"]["deals_to_win"] == 2

    for reload in (False, True):
        await back_to_the_lobby(anna, reload)
        await expect(panel.get_by_test_id("computer-game")).to_have_value("briscola")
        await expect(panel.get_by_test_id("computer-length")).to_have_value("2")
    # Another game has its own length: briscola a quattro opens on its default, one deal.
    await panel.get_by_test_id("computer-game").select_option("briscola_a_quattro")
    await expect(panel.get_by_test_id("computer-length")).to_have_value("1")
    await panel.get_by_test_id("computer-game").select_option("briscola")
    await expect(panel.get_by_test_id("computer-length")).to_have_value("2")
    assert anna.errors == []


@pytest.mark.parametrize(("viewport", "locale"), SETUPS)
async def test_a_target_score_for_scopa_is_played_and_remembered_for_scopa_only(
    browser: Browser, server: RunningServer, viewport: ViewportSize, locale: str
) -> None:
    anna = await open_guest(browser, server, "Anna", viewport, locale)
    panel = anna.by("play-computer-panel")
    await panel.get_by_test_id("computer-game").select_option("scopa")
    target = panel.get_by_test_id("computer-length")
    await expect(target).to_have_value("11")
    await type_a_number(target, 21)
    await target.press("Enter")  # the form's submit, from the keyboard
    await expect(anna.table).to_be_visible()
    assert (await table_of(anna))["options"]["target_score"] == 21

    await back_to_the_lobby(anna, reload=True)
    await expect(panel.get_by_test_id("computer-game")).to_have_value("scopa")
    await expect(target).to_have_value("21")
    await panel.get_by_test_id("computer-game").select_option("scopone_scientifico")
    await expect(target).to_have_value("21")  # scopone's own default, not scopa's choice
    await anna.page.evaluate("localStorage.setItem('tavolo.lobby.length.scopa.target_score', '5000')")
    await back_to_the_lobby(anna, reload=True)
    await panel.get_by_test_id("computer-game").select_option("scopa")
    await expect(target).to_have_value("11")  # a remembered score the game refuses is not offered
    assert anna.errors == []


@pytest.mark.parametrize(("viewport", "locale"), SETUPS)
async def test_a_new_table_remembers_public_casual_and_its_length(
    browser: Browser, server: RunningServer, viewport: ViewportSize, locale: str
) -> None:
    anna = await open_guest(browser, server, "Anna", viewport, locale)
    panel = anna.by("new-table")
    await expect(anna.by("table-private")).to_be_checked()  # the first time: the server's defaults
    await expect(anna.by("table-rated")).to_be_checked()
    await anna.by("game-type").select_option("briscola_a_quattro")
    await expect(anna.by("option-deals_to_win")).to_have_value("1")
    await anna.by("option-deals_to_win").select_option("3")
    await anna.by("table-public").click()
    await anna.by("table-casual").click()
    assert await layout_problems(panel) == []
    await anna.by("create-game").click()
    await expect(anna.by("waiting")).to_be_visible()
    table = await table_of(anna)
    assert table["options"]["deals_to_win"] == 3
    assert table["public"] is True and table["rated"] is False

    await back_to_the_lobby(anna, reload=True)
    await expect(anna.by("game-type")).to_have_value("briscola_a_quattro")
    await expect(anna.by("option-deals_to_win")).to_have_value("3")
    await expect(anna.by("table-public")).to_be_checked()
    await expect(anna.by("table-casual")).to_be_checked()
    # The play-the-computer panel offers the same remembered length for the same game.
    computer = anna.by("play-computer-panel")
    await computer.get_by_test_id("computer-game").select_option("briscola_a_quattro")
    await expect(computer.get_by_test_id("computer-length")).to_have_value("3")
    assert anna.errors == []


@pytest.mark.parametrize(("viewport", "locale"), SETUPS)
async def test_two_players_who_seek_best_of_three_briscola_play_it_together(
    browser: Browser, server: RunningServer, viewport: ViewportSize, locale: str
) -> None:
    anna = await open_guest(browser, server, "Anna", viewport, locale)
    bruno = await open_guest(browser, server, "Bruno", viewport, locale)
    for player in (anna, bruno):
        quick = player.by("quick-match")
        await quick.get_by_test_id("quick-game").select_option("briscola")
        await quick.get_by_test_id("quick-length").select_option("2")
        if player is anna:
            assert await layout_problems(quick) == []
        await quick.get_by_test_id("play-now").click()
        if player is anna:
            await expect(quick.get_by_test_id("seek-detail")).to_contain_text(BEST_OF_THREE[locale[:2]])
            await expect(quick.get_by_test_id("quick-length")).to_be_disabled()
    for player in (anna, bruno):
        await expect(player.table).to_be_visible()
    assert game_id_of(anna) == game_id_of(bruno)
    assert (await table_of(anna))["options"]["deals_to_win"] == 2

    await back_to_the_lobby(anna, reload=True)
    quick = anna.by("quick-match")
    await expect(quick.get_by_test_id("quick-game")).to_have_value("briscola")
    await expect(quick.get_by_test_id("quick-length")).to_have_value("2")
    assert anna.errors == [] and bruno.errors == []


async def test_the_lobby_panels_fit_a_small_phone_with_every_length_field(
    browser: Browser, server: RunningServer
) -> None:
    anna = await open_guest(browser, server, "Anna", SMALL_PHONE, "it-IT")
    for game_type in ("briscola", "briscola_chiamata", "scopa"):
        await anna.by("play-computer-panel").get_by_test_id("computer-game").select_option(game_type)
        await anna.by("quick-match").get_by_test_id("quick-game").select_option(game_type)
        await anna.by("game-type").select_option(game_type)
        for testid in ("play-computer-panel", "quick-match", "new-table"):
            assert await layout_problems(anna.by(testid)) == [], f"{game_type}: {testid}"
        await anna.screenshot(f"lobby-lengths-{game_type}-phone-it.png", full_page=True)
    await anna.by("play-computer-panel").get_by_test_id("computer-game").select_option("briscola_chiamata")
    deals = anna.by("play-computer-panel").get_by_test_id("computer-length").locator("option")
    await expect(deals).to_have_text(["1 smazzata", "5 smazzate", "10 smazzate"])
    width = await anna.page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, f"the lobby is {width} px wide"
    assert anna.errors == []


async def test_briscola_chiamata_of_five_deals_against_the_computer(
    browser: Browser, server: RunningServer
) -> None:
    anna = await open_guest(browser, server, "Anna", DESKTOP, "en-GB")
    panel = anna.by("play-computer-panel")
    await panel.get_by_test_id("computer-game").select_option("briscola_chiamata")
    await panel.get_by_test_id("computer-length").select_option(label="5 deals")
    await panel.get_by_test_id("play-computer").click()
    await expect(anna.table).to_be_visible()
    assert (await table_of(anna))["options"]["deals_to_play"] == 5
    await back_to_the_lobby(anna, reload=False)
    await expect(panel.get_by_test_id("computer-length")).to_have_value("5")
    assert anna.errors == []
