"""Tressette in the browser: a whole hand of each game type played by clicks against the computer, at
a small phone in Italian. At every turn the hand and the prompt are on the screen and nothing overlaps;
the leader of the four-player game at a table with signals says busso with its lead; and at the end
of the hand the move log has one line for each card played, each trick, each card drawn in view, each
declaration and each signal, the summary shows the card points, the thirds dropped, the last trick and
the declarations, and the layout shifted less than 0.02 over the hand."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import pytest
from playwright.async_api import Browser, ViewportSize, expect

from tests.browser.pages import Player, open_guest, play_a_card
from tests.browser.serving import browser_settings
from tests.browser.table_life import open_by_api
from tests.browser.test_phone_table import LAYOUT, WATCH_SHIFTS
from tests.integration.server import RunningServer, running_server

PHONE: ViewportSize = {"width": 360, "height": 640}
DESKTOP: ViewportSize = {"width": 1280, "height": 720}
HAND_TIMEOUT = 150.0
MOST_SHIFT = 0.02
OPTIONS: dict[str, dict[str, Any]] = {
    "tressette": {"target_score": 41},
    "tressette_a_quattro": {"target_score": 41, "signals": True},
}
PLAYS = 40
TRICKS = {"tressette": 20, "tressette_a_quattro": 10}
DRAWS = {"tressette": 20, "tressette_a_quattro": 0}
BOT_DELAY_S = 0.05
"""The computer's pace: quick, since the page is drawn before the match starts (``open_the_table``)."""


@asynccontextmanager
async def paced_server() -> AsyncIterator[RunningServer]:
    settings = browser_settings(
        ws_rate_per_second=10_000.0, ws_rate_burst=10_000, bot_move_delay_seconds=BOT_DELAY_S
    )
    async with running_server(settings) as server:
        yield server


async def open_the_table(anna: Player, game_type: str) -> dict[str, Any]:
    """Anna opens a table, and once its page is drawn seats a computer player in every other chair:
    the last one starts the match, so the page (and its log) sees the hand from its first card,
    however quickly the computer leads."""
    game = await open_by_api(anna, "/api/games", {"game_type": game_type, "options": OPTIONS[game_type]})
    for _ in range(game["seats"] - 1):
        added = await anna.page.request.post(f"/api/games/{game['id']}/bots", data={"level": "normal"})
        assert added.status == 201, await added.text()
    return game


async def play_the_hand(player: Player, where: str) -> tuple[list[str], int]:
    """Play by clicks until the hand ends, leading with busso where signals are offered; the layout
    problems seen at each turn, and how many signals were sent."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + HAND_TIMEOUT
    found: list[str] = []
    signals = 0
    turns = 0
    while not (await player.by("hand-end").count() or await player.by("game-over").count()):
        assert loop.time() < deadline, f"[{where}] the hand did not end in time"
        if await player.your_turn():
            version = await player.version()
            turns += 1
            if turns == 3:
                await player.screenshot(f"tressette-{where}-turn-360x640-it.png")
            problems: list[str] = await player.page.evaluate(LAYOUT)
            found.extend(f"[{where}, version {version}] {problem}" for problem in problems)
            if await player.by("signal-busso").count():
                if not signals:
                    await player.screenshot(f"tressette-{where}-signals-360x640-it.png")
                    assert not await player.unnamed_controls()  # a press on a signal survives a redraw
                await player.by("signal-busso").click()
                await expect(player.by("signal-busso")).to_have_attribute("aria-pressed", "true")
                signals += 1
            await play_a_card(player)
            await player.wait_for_version_after(version)
        else:
            await asyncio.sleep(0.05)
    return found, signals


async def logged_kinds(player: Player) -> list[str]:
    entries = await player.by("move-log-entry").all()
    return [kind for kind in [await entry.get_attribute("data-kind") for entry in entries] if kind]


@pytest.mark.parametrize("game_type", list(OPTIONS))
async def test_a_whole_hand_of_tressette_by_clicks_at_a_phone_in_italian(
    browser: Browser, game_type: str
) -> None:
    async with paced_server() as server:
        anna = await open_guest(browser, server, "Anna", PHONE, "it-IT")
        game = await open_the_table(anna, game_type)
        await expect(anna.by("hand")).to_be_visible()
        await anna.page.evaluate(WATCH_SHIFTS)

        found, signals = await play_the_hand(anna, game_type)

        await expect(anna.by("hand-end")).to_be_visible()
        shift: float = await anna.page.evaluate("window.__shift")
        shifts: list[Any] = await anna.page.evaluate("window.__shifts")
        snapshot = await anna.page.request.get(f"/api/games/{game['id']}")
        view: dict[str, Any] = await snapshot.json()
        record = view["last_hand"]

        # The summary: card points, the thirds dropped, the last trick, the declarations, in Italian.
        summary = anna.by("breakdown")
        await expect(summary).to_contain_text("Punti delle carte")
        await expect(summary).to_contain_text("Terzi persi")
        await expect(summary).to_contain_text("Ultima presa")
        await expect(summary).to_contain_text("Accusi")
        for side, points in record["card_points"].items():
            await expect(anna.by(f"card-points-{side}")).to_have_text(str(points))
            await expect(anna.by(f"hand-points-{side}")).to_have_text(str(record["points"][side]))
        assert sum(record["card_points"].values()) + 1 == 11
        await expect(anna.by("ack")).to_be_in_viewport()
        await anna.screenshot(f"tressette-{game_type}-360x640-it.png")

        # The move log: one line for each card, trick, card drawn in view, declaration and signal.
        await asyncio.sleep(0.3)
        kinds = await logged_kinds(anna)
        assert kinds.count("hand_started") == 1
        assert kinds.count("play") == PLAYS
        assert kinds.count("trick") == TRICKS[game_type]
        assert kinds.count("draw_shown") == DRAWS[game_type]
        assert kinds.count("declaration") == len(record["declarations"])
        assert kinds.count("lead_signal") == signals
        # Anna leads (and so may signal) only after taking a trick: a deal may give her none.
        texts = [await entry.inner_text() for entry in await anna.by("move-log-entry").all()]
        assert any(text.startswith("Hai giocato ") for text in texts), texts[:5]
        if DRAWS[game_type]:
            assert any(text.startswith("Hai pescato ") for text in texts), texts[:8]
        if signals:
            assert any(text.startswith("Fai busso a ") for text in texts), texts[:8]

        await anna.page.set_viewport_size(DESKTOP)
        await anna.screenshot(f"tressette-{game_type}-1280x720-it.png")
        assert not found, "\n".join(found)
        assert shift < MOST_SHIFT, f"[{game_type}] layout shift {shift:.4f}: {shifts}"
        assert not anna.errors, anna.errors
