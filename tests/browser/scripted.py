"""Seats played from Python over the WebSocket, so a browser test needs only one or two pages."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from entrypoints.http.context import COOKIE_NAME
from tests.browser.pages import Player
from tests.integration.players import play_until_game_over
from tests.integration.server import Guest, RunningServer, Socket


async def guests(server: RunningServer, names: list[str]) -> list[Guest]:
    return [await Guest.login(server, name) for name in names]


async def join(guest: Guest, code: str) -> dict[str, Any]:
    response = await guest.http.post("/api/games/join", json={"code": code})
    assert response.status_code == 200, response.text
    game: dict[str, Any] = response.json()
    return game


@asynccontextmanager
async def playing(server: RunningServer, game_id: str, seated: list[Guest]) -> AsyncIterator[None]:
    """Each guest plays its first legal move on its turn and acknowledges every hand-end summary."""
    sockets = [await Socket.open(server, game_id, guest.cookie) for guest in seated]
    tasks = [asyncio.create_task(play_until_game_over(socket, timeout=120)) for socket in sockets]
    try:
        yield
    finally:
        for task in tasks:
            task.cancel()
        # A cancel that lands as a frame arrives (a presence frame, say) can be lost in wait_for
        # (Python 3.11): closing the sockets first ends every read for sure.
        for socket in sockets:
            await socket.close()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        for guest in seated:
            await guest.close()


async def cookie_of(player: Player) -> str:
    """The session cookie of the page's user, for a scripted socket that acts as them."""
    cookies = await player.page.context.cookies()
    return next(c["value"] for c in cookies if c.get("name") == COOKIE_NAME)


async def play_to_the_end(
    server: RunningServer, game_id: str, cookies: list[str], timeout: float = 60
) -> None:
    """A scripted socket per session cookie plays its seat (first legal move, every hand summary
    acknowledged) until the match is over."""
    sockets = [await Socket.open(server, game_id, cookie) for cookie in cookies]
    try:
        await asyncio.gather(*(play_until_game_over(socket, timeout=timeout) for socket in sockets))
    finally:
        for socket in sockets:
            with contextlib.suppress(Exception):
                await socket.close()


async def finish_a_match(
    player: Player,
    server: RunningServer,
    game_type: str = "scopa",
    options: dict[str, Any] | None = None,
    rated: bool | None = None,
) -> None:
    """A whole match for the page's user (over its own session) against Bruno, both seats scripted;
    by default a scopa to 1 point at a table of the default kind."""
    chosen = {"target_score": 1} if options is None else options
    body: dict[str, Any] = {"game_type": game_type, "options": chosen}
    if rated is not None:
        body["rated"] = rated
    created = await player.page.request.post("/api/games", data=body)
    assert created.status == 201, await created.text()
    game = await created.json()
    (bruno,) = await guests(server, ["Bruno"])
    try:
        await join(bruno, game["join_code"])
        await play_to_the_end(server, game["id"], [await cookie_of(player), bruno.cookie])
    finally:
        await bruno.close()
