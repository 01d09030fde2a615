"""Dropping the server's pub/sub connection loses notifications; the hub resyncs
every open connection after the reconnect, so no client stays stale."""

from __future__ import annotations

import asyncio

from redis.asyncio import Redis

from adapters.redis import connect
from tests.contract.redis_factories import redis_url
from tests.integration.players import first_legal_move
from tests.integration.server import Guest, Socket, running_server, server_settings


async def kill_pubsub_connections(client: Redis, name: str, patience: float = 10.0) -> int:
    """Kill the server's subscribing connections; after a kill the hub reconnects on its own, which
    takes longer on a loaded machine, so wait (at most ``patience`` seconds) for one to be back."""
    loop = asyncio.get_running_loop()
    end = loop.time() + patience
    while True:
        killed = 0
        for entry in await client.client_list():
            if entry.get("name") == name and "P" in entry.get("flags", ""):
                await client.client_kill_filter(_id=entry["id"])
                killed += 1
        if killed or loop.time() > end:
            return killed
        await asyncio.sleep(0.05)


async def test_every_client_catches_up_after_the_pubsub_connection_is_killed(redis_prefix: str) -> None:
    settings = server_settings(redis_url=redis_url(), redis_key_prefix=redis_prefix)
    admin = connect(redis_url(), client_name=f"{redis_prefix}-admin")
    async with running_server(settings) as server:
        guests = [await Guest.login(server, name) for name in ("Ugo", "Vera")]
        created = (await guests[0].http.post("/api/games", json={"game_type": "scopa"})).json()
        sockets = [await Socket.open(server, created["id"], g.cookie) for g in guests]
        await guests[1].http.post("/api/games/join", json={"code": created["join_code"]})
        for s in sockets:
            await s.until(lambda f: f["type"] == "state" and f["game"]["seats_open"] == 0)

        for _ in range(6):
            assert await kill_pubsub_connections(admin, redis_prefix) >= 1
            snapshot = [(await g.http.get(f"/api/games/{created['id']}")).json() for g in guests]
            mover = next(i for i, view in enumerate(snapshot) if view.get("your_turn"))
            await sockets[mover].send(first_legal_move(snapshot[mover]))
            await asyncio.sleep(0.05)

        current = (await guests[0].http.get(f"/api/games/{created['id']}")).json()["version"]
        for s in sockets:
            if not any(f["type"] == "state" and f["game"]["version"] >= current for f in s.frames):
                await s.until(lambda f: f["type"] == "state" and f["game"]["version"] >= current, timeout=10)
        for s in sockets:
            await s.close()
        for g in guests:
            await g.close()
    await admin.aclose()
