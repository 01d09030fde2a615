"""A flood of moves on one game is refused at once with ``busy`` past what the server takes on at
once: the refused moves change nothing, each says when to try again, and the game and every
socket go on (on Redis, where a commit waits on a real round trip, so moves overlap)."""

from __future__ import annotations

import asyncio
from typing import Any

from tests.contract.redis_factories import redis_url
from tests.integration.players import first_legal_move
from tests.integration.server import Guest, Socket, running_server, server_settings

SOCKETS = 32  # the player on turn, on as many tabs at once


async def answer_to_own_move(socket: Socket, version: int) -> dict[str, Any]:
    """The error frame this socket's move got, or the state frame that accepted a move."""
    return await socket.until(
        lambda f: f["type"] == "error" or (f["type"] == "state" and f["game"]["version"] > version)
    )


async def test_a_flooded_game_refuses_the_surplus_at_once_as_busy_and_plays_on(redis_prefix: str) -> None:
    settings = server_settings(
        redis_url=redis_url(), redis_key_prefix=redis_prefix, ws_rate_per_second=1000.0, ws_rate_burst=1000
    )
    async with running_server(settings) as server:
        guests = [await Guest.login(server, name) for name in ("Ugo", "Vera")]
        created = (await guests[0].http.post("/api/games", json={"game_type": "scopa"})).json()
        await guests[1].http.post("/api/games/join", json={"code": created["join_code"]})
        views = [(await g.http.get(f"/api/games/{created['id']}")).json() for g in guests]
        mover = next(i for i, view in enumerate(views) if view.get("your_turn"))
        view = views[mover]
        tabs = [await Socket.open(server, created["id"], guests[mover].cookie) for _ in range(SOCKETS)]
        for tab in tabs:
            await tab.until(lambda f: f["type"] == "state")

        move = first_legal_move(view)
        await asyncio.gather(*(tab.send(move) for tab in tabs))
        answers = [await answer_to_own_move(tab, view["version"]) for tab in tabs]

        busy = [a for a in answers if a["type"] == "error" and a["code"] == "busy"]
        assert busy, f"no move was refused busy: {[a.get('code', a['type']) for a in answers]}"
        assert all(a["retry_after_ms"] > 0 for a in busy)
        after = (await guests[mover].http.get(f"/api/games/{created['id']}")).json()
        assert after["version"] == view["version"] + 1, "one move was played, the surplus changed nothing"
        assert not after.get("your_turn")

        # Every socket goes on: each sees the game as it stands, and the other player plays on.
        for tab in tabs:
            await tab.send({"action": "state"})
            frame = await tab.until(
                lambda f: f["type"] == "state" and f["game"]["version"] == after["version"]
            )
            assert frame["game"]["version"] == after["version"]
        other = (await guests[1 - mover].http.get(f"/api/games/{created['id']}")).json()
        reply_socket = await Socket.open(server, created["id"], guests[1 - mover].cookie)
        await reply_socket.until(lambda f: f["type"] == "state")
        await reply_socket.send(first_legal_move(other))
        await reply_socket.until(
            lambda f: f["type"] == "state" and f["game"]["version"] == after["version"] + 1
        )
        for socket in [*tabs, reply_socket]:
            await socket.close()
        for guest in guests:
            await guest.close()
