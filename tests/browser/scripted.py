"""Seats played from Python over the WebSocket, so a browser test needs only one or two pages."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

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
