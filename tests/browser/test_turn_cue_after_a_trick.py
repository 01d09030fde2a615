""" "Your turn" when it is: in a trick game, the cue (the tab's title, the seat's ring, the prompt, the
playable cards) never shows while the finished trick is still on the felt; it comes once the trick has
gone, with the card to answer on the felt, and the server has allowed for that pause, so the countdown
the cue starts with is still a whole turn.

Anna plays briscola in the browser; Bruno plays from Python over his own socket, the moment his turn
comes, so when he wins a trick his lead reaches Anna while that trick still lingers on her felt.
Their server pauses after a trick as long as a server does by default (the other browser tests' servers
pause less: tests/browser/serving.py).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from typing import Any

import pytest
import pytest_asyncio
from playwright.async_api import Browser, ViewportSize

from tests.browser.pages import PHONE, Player, create_table, open_guest, play_a_card
from tests.browser.scripted import guests, join
from tests.integration.players import first_legal_move
from tests.integration.server import RunningServer, Socket, running_server, server_settings

DESKTOP: ViewportSize = {"width": 1280, "height": 720}
TURN_SECONDS = 30  # the server's default turn timeout
ANNA_PLAYS = 5


@pytest_asyncio.fixture(loop_scope="session")
async def server() -> AsyncIterator[RunningServer]:
    """A server that pauses after a trick as long as it does by default."""
    async with running_server(server_settings()) as running:
        yield running


# Every frame, notes whether the cue shows while a finished trick is still on the felt, and the
# countdown each cue starts with.
WATCH_THE_CUE = """() => {
  window.__cue = { clashes: [], starts: [], showing: false };
  const look = () => {
    const table = document.querySelector("[data-testid=table]");
    const me = document.querySelector("[data-testid=seat].me");
    const cue = {
      title: document.title.startsWith("●"),
      prompt: Boolean(document.querySelector("[data-testid=prompt]")),
      ring: Boolean(me && me.classList.contains("turn")),
      attribute: Boolean(table && table.dataset.yourTurn === "true"),
    };
    const showing = Object.values(cue).some(Boolean);
    const lingering = Boolean(document.querySelector("[data-testid=trick].done"));
    if (showing && lingering) window.__cue.clashes.push(cue);
    if (showing && !window.__cue.showing) {
      const countdown = document.querySelector("[data-testid=my-countdown]");
      window.__cue.starts.push(countdown ? countdown.textContent : null);
    }
    window.__cue.showing = showing;
    requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
}"""


async def bruno_plays(socket: Socket) -> None:
    """Bruno's side of the match: his first legal move the moment each turn of his comes."""
    while True:
        frame = await socket.until(
            lambda f: (
                f["type"] == "state" and (f["game"].get("your_turn") or f["game"]["phase"] != "playing")
            ),
            timeout=60,
        )
        if frame["game"]["phase"] != "playing":
            return
        await socket.send(first_legal_move(frame["game"]))


async def anna_plays(anna: Player, times: int) -> None:
    for _ in range(times):
        await anna.page.wait_for_function("() => window.__cue.showing", timeout=20_000)
        version = await anna.version()
        await play_a_card(anna)
        assert await anna.wait_for_version_after(version)
        await anna.page.wait_for_function("() => !window.__cue.showing", timeout=20_000)


@pytest.mark.parametrize(
    ("viewport", "locale"), [(PHONE, "it-IT"), (DESKTOP, "en-GB")], ids=["phone-italian", "desktop-english"]
)
async def test_the_turn_cue_waits_for_the_finished_trick_to_leave_and_costs_the_player_no_time(
    browser: Browser, server: RunningServer, viewport: ViewportSize, locale: str
) -> None:
    anna = await open_guest(browser, server, "Anna", viewport, locale)
    await anna.page.evaluate(WATCH_THE_CUE)
    code = await create_table(anna, "briscola")
    (guest,) = await guests(server, ["Bruno"])
    game_id = (await join(guest, code))["id"]
    socket = await Socket.open(server, game_id, guest.cookie)
    bruno = asyncio.create_task(bruno_plays(socket))
    try:
        await anna_plays(anna, ANNA_PLAYS)
        watched: dict[str, Any] = await anna.page.evaluate("window.__cue")
    finally:
        bruno.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await bruno
        await socket.close()
        await guest.close()

    assert watched["clashes"] == [], "the turn cue showed while the finished trick was still on the felt"
    starts = watched["starts"]
    assert len(starts) >= ANNA_PLAYS
    seconds = [int(text.rstrip("s")) for text in starts if text]
    assert len(seconds) == len(starts), f"every cue starts with the turn's countdown: {starts}"
    assert min(seconds) >= TURN_SECONDS, (
        f"each turn starts whole when its cue shows (the pause is the server's, not the player's): {starts}"
    )
    assert not anna.errors, anna.errors
