"""A game from outside the core: the rubamazzo example, installed with ``pip install --target``
and put on ``PYTHONPATH``, is hosted by an unchanged ``tavolo serve`` — listed with its table
module, played to the end over the WebSocket (by two people, and against the computer), recorded
with a record that verifies, rated — and gone again once it is not installed."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.e2e.processes import ServerProcess, tavolo_serve
from tests.integration.players import play_until_game_over
from tests.integration.server import Guest, RunningServer, Socket
from tests.outside_game import install_example, served_from


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return install_example(tmp_path_factory.mktemp("site"))


def on_path(folder: Path) -> dict[str, str]:
    return served_from(folder, BOT_MOVE_DELAY_SECONDS="0.01")


def client_view(server: ServerProcess) -> RunningServer:
    return RunningServer(server.base_url, server.ws_url, app=None)


async def game_types(server: ServerProcess) -> dict[str, dict[str, Any]]:
    async with httpx.AsyncClient(base_url=server.base_url) as http:
        listed = (await http.get("/api/game-types")).json()
    return {entry["id"]: entry for entry in listed}


async def test_the_installed_example_is_listed_with_its_table_module_served(installed: Path) -> None:
    async with tavolo_serve(on_path(installed)) as server:
        types = await game_types(server)
        assert {"rubamazzo", "scopa", "briscola"} <= set(types)
        rubamazzo = types["rubamazzo"]
        assert rubamazzo["family"] == "rubamazzo" and rubamazzo["seats"] == 2
        assert set(rubamazzo["words"]) == {"it", "en"} and rubamazzo["rules"]["it"]
        async with httpx.AsyncClient(base_url=server.base_url) as http:
            module = await http.get(rubamazzo["table_module"])
        assert module.status_code == 200
        assert "javascript" in module.headers["content-type"]


async def test_two_people_play_rubamazzo_to_the_end_and_it_is_recorded_and_rated(installed: Path) -> None:
    async with tavolo_serve(on_path(installed)) as server:
        running = client_view(server)
        anna, bruno = await Guest.login(running, "Anna"), await Guest.login(running, "Bruno")
        try:
            made = await anna.http.post("/api/games", json={"game_type": "rubamazzo"})
            assert made.status_code == 201, made.text
            game_id = made.json()["id"]
            joined = await bruno.http.post("/api/games/join", json={"code": made.json()["join_code"]})
            assert joined.status_code == 200, joined.text
            sockets = [await Socket.open(running, game_id, guest.cookie) for guest in (anna, bruno)]
            overs = await asyncio.gather(*(play_until_game_over(socket, 120) for socket in sockets))
            assert overs[0]["scores"] == overs[1]["scores"]
            for socket in sockets:
                await socket.close()
            record = await recorded(anna, game_id)
            assert record["game_type"] == "rubamazzo"
            replay = (await anna.http.get(f"/api/matches/{game_id}/replay")).json()
            assert replay["verification"]["ok"] is True and len(replay["frames"]) == len(record["steps"])
            board = (await anna.http.get("/api/leaderboard", params={"game_type": "rubamazzo"})).json()
            assert {entry["name"] for entry in board["entries"]} == {"Anna", "Bruno"}
        finally:
            await anna.close()
            await bruno.close()


async def test_one_person_plays_rubamazzo_against_the_computer_to_the_end(installed: Path) -> None:
    async with tavolo_serve(on_path(installed)) as server:
        running = client_view(server)
        anna = await Guest.login(running, "Anna")
        try:
            body = {"game_type": "rubamazzo_a_tre", "level": "normal"}
            made = await anna.http.post("/api/games/computer", json=body)
            assert made.status_code == 201, made.text
            socket = await Socket.open(running, made.json()["id"], anna.cookie)
            over = await play_until_game_over(socket, 120)
            assert over["type"] == "game_over"
            await socket.close()
        finally:
            await anna.close()


async def test_uninstalled_the_server_starts_without_it(tmp_path: Path) -> None:
    async with tavolo_serve(on_path(tmp_path)) as server:
        types = await game_types(server)
        assert "rubamazzo" not in types and "scopa" in types
        async with httpx.AsyncClient(base_url=server.base_url) as http:
            assert (await http.get("/games/rubamazzo/table.js")).status_code == 404


async def recorded(guest: Guest, game_id: str, timeout: float = 15.0) -> dict[str, Any]:
    """The finished match's record, once the result is recorded (the outbox takes a moment)."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while True:
        answer = await guest.http.get(f"/api/matches/{game_id}/record")
        if answer.status_code == 200:
            record: dict[str, Any] = answer.json()
            return record
        assert loop.time() < end, answer.text
        await asyncio.sleep(0.2)
