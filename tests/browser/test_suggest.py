"""Suggest, by clicks: a player who chose ``hard`` in "play the computer" plays a move, presses Suggest on
their next turn and sees the suggested card outlined in their hand (and the table cards it would take),
all of it on the screen beside the hand and its tools, nothing over anything; they play it themselves,
and the move log marks that move as suggested. At a rated table of two people there is no Suggest
button. At a desktop in English and on a small phone in Italian, with no serious accessibility
violation while a suggestion shows. The match's replay tells the suggestion as a step of its own and
marks the move that followed it."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.async_api import Browser, Locator, ViewportSize, expect

from tests.browser.accessibility import serious_violations
from tests.browser.finding import play_the_computer
from tests.browser.pages import Player, create_table, join_table, open_guest, play_a_card, wait_for_turn
from tests.browser.replaying import get_json, wait_for_record
from tests.browser.scripted import cookie_of
from tests.browser.serving import browser_settings
from tests.integration.players import play_until_game_over
from tests.integration.server import RunningServer, Socket, running_server

LAPTOP: ViewportSize = {"width": 1280, "height": 720}
SMALL_PHONE: ViewportSize = {"width": 360, "height": 640}
SIZES = {"desktop": (LAPTOP, "en-GB"), "phone": (SMALL_PHONE, "it-IT")}
SUGGEST = {"en": "Suggest", "it": "Suggerisci"}
MARK = {"en": "suggested", "it": "su suggerimento"}
HARD_TURN_S = 20
"""How long the hard computer player may take to move (a search in the thinking process, on a busy
machine) before it is the person's turn again."""

# The suggested card, the Suggest button and every other tool by the hand: each inside the screen, none
# over another, the tools clear of the hand; and the page does not scroll (the table is one screen).
GEOMETRY = """() => {
  const box = (el) => el.getBoundingClientRect();
  const inside = (r) => r.left >= -1 && r.top >= -1
    && r.right <= innerWidth + 1 && r.bottom <= innerHeight + 1;
  const apart = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) <= 1
    || Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) <= 1;
  const name = (el) => el.dataset.testid || el.className;
  const found = [];
  const card = document.querySelector("[data-testid=hand] .card.suggested");
  const hand = document.querySelector("[data-testid=hand]");
  const tools = [...document.querySelectorAll(".hand-tools button")].filter((el) => el.checkVisibility());
  if (!card) found.push("no suggested card in the hand");
  else if (!inside(box(card))) found.push(`the suggested card is off the screen: ${box(card).top}`);
  if (!tools.some((el) => el.dataset.testid === "suggest")) found.push("no Suggest button by the hand");
  for (const [index, tool] of tools.entries()) {
    if (!inside(box(tool))) found.push(`${name(tool)} is off the screen`);
    if (tool.scrollWidth > tool.clientWidth + 1) found.push(`${name(tool)} cuts its words`);
    if (!apart(box(tool), box(hand))) found.push(`${name(tool)} lies over the hand`);
    for (const other of tools.slice(index + 1)) {
      if (!apart(box(tool), box(other))) found.push(`${name(tool)} lies over ${name(other)}`);
    }
  }
  const page = document.scrollingElement;
  const scrolls = page.scrollHeight > innerHeight + 1 || page.scrollWidth > innerWidth + 1;
  if (scrolls) found.push("the page scrolls");
  return found;
}"""


def suggested_in_hand(player: Player) -> Locator:
    return player.by("hand").locator("[data-testid=hand-card].suggested")


async def play_the_suggested_card(player: Player) -> str:
    """Click the outlined hand card; when it can take several ways, the outlined table cards."""
    card = suggested_in_hand(player)
    code = await card.get_attribute("data-card")
    assert code
    await card.click()
    choice = player.by("capture-choice")
    while await choice.count():
        take = player.by("table-cards").locator("button.suggested[aria-pressed=false]").first
        assert await take.count(), "a capture's table cards are outlined too"
        await take.click()
    return code


@pytest.mark.parametrize("size", list(SIZES))
async def test_a_casual_game_against_the_hard_computer_shows_a_suggested_move_and_marks_it_in_the_log(
    browser: Browser, size: str
) -> None:
    viewport, locale = SIZES[size]
    language = locale[:2]
    async with running_server(browser_settings(bot_move_delay_seconds=0.2)) as server:
        anna = await open_guest(browser, server, "Anna", viewport, locale)
        await play_the_computer(anna, "scopa", level="hard")
        await wait_for_turn(anna, timeout=HARD_TURN_S)
        await expect(anna.by("suggest")).to_have_text(re.compile(SUGGEST[language]))
        version = await anna.version()
        await play_a_card(anna)  # one move of her own first
        assert await anna.wait_for_version_after(version)
        await wait_for_turn(anna, timeout=HARD_TURN_S)
        hand = await anna.hand()
        version = await anna.version()

        await anna.by("suggest").click()

        card = suggested_in_hand(anna)
        await expect(card).to_have_count(1, timeout=15_000)
        await expect(card).to_be_in_viewport(ratio=1)
        await expect(anna.by("suggest")).to_have_attribute("data-showing", "true")
        assert await anna.version() == version + 1, "the suggestion was marked for everyone"
        assert await anna.hand() == hand, "nothing was played"
        assert await anna.your_turn()
        problems: list[str] = await anna.page.evaluate(GEOMETRY)
        assert not problems, problems
        involved = anna.by("board").locator(".card.suggested")
        for index in range(await involved.count()):
            await expect(involved.nth(index)).to_be_in_viewport()
        await anna.screenshot(f"suggest-{size}-{language}.png")
        assert not await serious_violations(anna.page)

        code = await play_the_suggested_card(anna)
        assert await anna.wait_for_version_after(version + 1)
        await expect(suggested_in_hand(anna)).to_have_count(0)
        if size == "phone":
            await anna.by("log-sheet-toggle").click()
        mine = anna.by("move-log-entry").and_(anna.page.locator("[data-suggested=true]"))
        await expect(mine).to_have_count(1)
        await expect(mine).to_contain_text(MARK[language])
        await expect(mine).to_have_attribute("data-seat", "0")
        await expect(mine).to_be_in_viewport()
        assert code not in await anna.hand()
        await anna.screenshot(f"suggest-log-{size}-{language}.png")
        assert not anna.errors, anna.errors


@pytest.mark.parametrize("size", list(SIZES))
async def test_a_rated_table_of_two_people_has_no_suggest_button(browser: Browser, size: str) -> None:
    viewport, locale = SIZES[size]
    async with running_server(browser_settings()) as server:
        anna = await open_guest(browser, server, "Anna", viewport, locale)
        await anna.by("table-rated").check()
        code = await create_table(anna, "scopa")
        bruno = await open_guest(browser, server, "Bruno", viewport, locale)
        await join_table(bruno, code)
        players = (anna, bruno)
        for player in players:
            await expect(player.table).to_have_attribute("data-phase", "playing")
        on_turn = anna if await anna.your_turn() else bruno
        await wait_for_turn(on_turn)
        await expect(on_turn.by("hand")).to_be_visible()
        for player in players:
            await expect(player.by("hand-order")).to_be_visible()  # the hand's tools are drawn
            await expect(player.by("suggest")).to_have_count(0)
        view: dict[str, Any] = await get_json(on_turn, f"/api/games/{await game_id(anna)}")
        assert view["rated"] is True and view["suggestions"] is False
        await on_turn.screenshot(f"suggest-none-rated-{size}-{locale[:2]}.png")
        assert not anna.errors and not bruno.errors, (anna.errors, bruno.errors)


async def game_id(player: Player) -> str:
    found = re.search(r"#/game/([\w-]+)", player.page.url)
    assert found, player.page.url
    return found.group(1)


async def suggested_then_played_to_the_end(
    server: RunningServer, game_id: str, cookie: str
) -> dict[str, Any]:
    """A scripted socket for the seat: on its first turn it asks for a suggestion and plays it, then the
    first legal move each turn to the end of the match. Returns the suggestion frame."""
    socket = await Socket.open(server, game_id, cookie)
    try:
        await socket.until(lambda f: f["type"] == "state" and f["game"].get("your_turn"), timeout=15)
        await socket.send({"action": "suggest"})
        suggestion = await socket.until(lambda f: f["type"] in {"suggestion", "error"}, timeout=15)
        assert suggestion["type"] == "suggestion", suggestion
        await socket.send(suggestion["action"])
        await play_until_game_over(socket, timeout=60)
    finally:
        await socket.close()
    return suggestion


async def test_the_replay_tells_the_suggestion_and_marks_the_move_after_it(browser: Browser) -> None:
    settings = browser_settings(
        bot_move_delay_seconds=0.05, ws_rate_per_second=10_000.0, ws_rate_burst=10_000
    )
    async with running_server(settings) as server:
        anna = await open_guest(browser, server, "Anna", LAPTOP, "en-GB")
        body = {"game_type": "scopa", "level": "easy", "options": {"target_score": 1}}
        created = await anna.page.request.post("/api/games/computer", data=body)
        assert created.status == 201, await created.text()
        game_id = (await created.json())["id"]
        await suggested_then_played_to_the_end(server, game_id, await cookie_of(anna))
        record = await wait_for_record(anna, game_id)
        steps = record["steps"]
        shown = next(index for index, step in enumerate(steps) if step["kind"] == "suggestion")
        assert steps[shown]["seat"] == 0 and steps[shown + 1]["kind"] == "action"
        replay = await get_json(anna, f"/api/matches/{game_id}/replay")
        assert replay["verification"]["ok"], replay["verification"]

        await anna.page.goto(f"/#/replay/{game_id}?step={shown + 1}")
        entries = anna.by("replay-log-entry")
        await expect(entries).to_have_count(len(replay["frames"]))
        await expect(entries.nth(shown)).to_contain_text("Anna is shown the move the computer would play.")
        await expect(entries.nth(shown + 1)).to_contain_text(
            re.compile(r"^\d+.*Anna played .*\(suggested\)$")
        )
        await expect(anna.by("replay-verified")).to_be_visible()
        await anna.screenshot("suggest-replay-desktop-en.png")
        assert not anna.errors, anna.errors
