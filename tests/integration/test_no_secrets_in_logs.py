"""Nothing secret is logged at INFO or above: no card of any hand, no session cookie — and Sanic's
own loggers still reach the root logger (the app does not configure logging itself)."""

from __future__ import annotations

import asyncio
import logging
import re

import httpx
import pytest

from entrypoints.http.app import create_app
from tests.integration.players import play_until_game_over
from tests.integration.server import Guest, Socket, free_port, running_server, server_settings

CARD_CODE = re.compile(r"(?<![0-9A-Za-z])(0[1-9]|10)[DCSB](?![0-9A-Za-z])")


async def test_a_played_game_logs_no_card_and_no_session_cookie_at_info(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.INFO)
    async with running_server(server_settings(ws_rate_per_second=10_000.0, ws_rate_burst=10_000)) as server:
        guests = [await Guest.login(server, name) for name in ("Anna", "Bruno")]
        created = await guests[0].http.post(
            "/api/games", json={"game_type": "scopa", "options": {"target_score": 1}}
        )
        game_id, code = created.json()["id"], created.json()["join_code"]
        sockets = [await Socket.open(server, game_id, g.cookie) for g in guests]
        assert (await guests[1].http.post("/api/games/join", json={"code": code})).status_code == 200
        await asyncio.wait_for(asyncio.gather(*(play_until_game_over(s) for s in sockets)), 60)
        await sockets[0].send({"action": "play", "card": "01D"})  # refused: the game is over
        await sockets[0].until(lambda frame: frame["type"] == "error")
        for s in sockets:
            await s.close()
        for g in guests:
            await g.close()

    records = [r for r in caplog.records if r.levelno >= logging.INFO]
    assert any("socket opened" in r.getMessage() for r in records), "the capture saw the app's INFO records"
    for record in records:
        text = record.getMessage()
        assert not CARD_CODE.search(text), f"a card code in {record.name}: {text!r}"
        for guest in guests:
            assert guest.cookie not in text, f"a session cookie in {record.name}: {text!r}"


async def test_sanic_access_and_error_loggers_reach_the_root_logger(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO)
    port = free_port()
    app = create_app(server_settings(app_host="127.0.0.1", app_port=port))
    server = await app.create_server(host="127.0.0.1", port=port, return_asyncio_server=True, access_log=True)
    assert server is not None
    await server.startup()
    await server.before_start()
    await server.after_start()
    try:
        async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}") as http:
            assert (await http.get("/api/game-types")).status_code == 200
        logging.getLogger("sanic.error").error("an error record of sanic")
    finally:
        await server.before_stop()
        await server.close()
        await server.after_stop()
    names = {r.name for r in caplog.records}
    assert "sanic.access" in names and "sanic.error" in names
