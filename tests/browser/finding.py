"""Finding a game through the lobby, as a person does it: play the computer, press Play now, take a seat
at an open table, follow an invitation link; and playing on by clicks once seated."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Awaitable, Callable
from typing import TypeVar

from playwright.async_api import Browser, ViewportSize, expect
from playwright.async_api import TimeoutError as PlaywrightTimeoutError

from entrypoints.oidc_settings import OidcProviderSettings
from tests.browser.pages import Player, open_page, play_a_card
from tests.browser.table_life import game_id_of
from tests.integration.server import RunningServer

T = TypeVar("T")

# A whole match by clicks: briscola's 20 tricks against quick computer players, with room to spare.
MATCH_TIMEOUT = 150.0
HAND_TIMEOUT = 120.0
# An identity provider the server names (its issuer is never reached: the tests stop at the link).
ACME = OidcProviderSettings(
    name="Acme",
    issuer="http://127.0.0.1:9/acme",
    client_id="tavolo",
    redirect_uri="http://127.0.0.1:9/auth/Acme/callback",
)


async def play_the_computer(player: Player, game_type: str = "briscola", level: str = "easy") -> str:
    """Start a match against the computer from the lobby's panel; returns the table's id."""
    panel = player.by("play-computer-panel")
    await expect(panel.get_by_test_id("computer-game")).to_have_value(re.compile(r"\w"))
    await panel.get_by_test_id("computer-game").select_option(game_type)
    await panel.get_by_test_id(f"computer-level-{level}").check()
    await panel.get_by_test_id("play-computer").click()
    await expect(player.table).to_be_visible()
    await expect(player.table).to_have_attribute("data-phase", re.compile(r"^(playing|hand_end|auction)"))
    return game_id_of(player)


async def press_play_now(
    player: Player, game_type: str = "briscola", computers_after: int | None = None
) -> None:
    """Choose the game and the computer players' wait in the Play now panel, and press Play now."""
    panel = player.by("quick-match")
    await panel.get_by_test_id("quick-game").select_option(game_type)
    await panel.get_by_test_id("quick-computers-after").select_option(
        "" if computers_after is None else str(computers_after)
    )
    await panel.get_by_test_id("play-now").click()


async def open_public_table(player: Player, game_type: str, casual: bool = False) -> None:
    """Open a public table from the New table form (the page then shows its waiting room)."""
    await player.by("game-type").select_option(game_type)
    await player.by("table-public").check()
    if casual:
        await player.by("table-casual").check()
    await player.by("create-game").click()
    await expect(player.by("waiting")).to_be_visible()


async def play_cards_until(
    player: Player, *shown: str, timeout: float = HAND_TIMEOUT, ack: bool = False
) -> str:
    """Play a card on each of the player's turns (and, with ``ack``, acknowledge each hand's summary)
    until one of the ``shown`` test ids is on the page; returns the one that showed."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        left = deadline - loop.time()
        assert left > 0, f"{player.name}: none of {shown} showed in time"
        try:
            what = await player.next_of(*shown, ack=ack, timeout=left)
        except PlaywrightTimeoutError:
            raise AssertionError(f"{player.name}: none of {shown} showed in time") from None
        if what in shown:
            return what
        version = await player.version()
        if what == "ack":
            await player.by("ack").click()
        else:
            await play_a_card(player)
        await player.wait_for_version_after(version)


async def open_invitation(
    browser: Browser,
    server: RunningServer,
    name: str,
    code: str,
    viewport: ViewportSize | None = None,
    locale: str | None = None,
) -> Player:
    """A friend follows the link #/join/<code>: the login first, then the invitation page."""
    player = await open_page(browser, server, name, viewport, locale)
    await player.page.goto(f"/#/join/{code}")
    await expect(player.by("login")).to_be_visible()
    await player.by("guest-name").fill(name)
    await player.by("guest-login").click()
    await expect(player.by("invitation")).to_be_visible()
    return player


async def eventually(
    read: Callable[[], Awaitable[T]], holds: Callable[[T], bool], timeout: float = 10.0
) -> T:
    """Read again every 50 ms until ``holds(value)``; the last value read (asserted to hold)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        value = await read()
        if holds(value) or loop.time() > deadline:
            assert holds(value), f"still {value!r} after {timeout} s"
            return value
        await asyncio.sleep(0.05)


async def recorded_matches(player: Player) -> int:
    """How many finished matches the player's history holds (they are recorded just after the end)."""
    response = await player.page.request.get("/api/me/matches?limit=50")
    return len((await response.json())["matches"])
