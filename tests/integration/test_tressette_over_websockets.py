"""Tressette on the platform, over real sockets, with nothing of its own in the platform: two players
matched by quick match play a rated match to its end, whose record replays and verifies (``tavolo
verify`` too) and moves both ratings; a public table of tressette a quattro is among the open tables;
and a player plays the computer at four to the end of a match."""

from __future__ import annotations

import asyncio
import json
import sys
from asyncio.subprocess import PIPE, STDOUT
from pathlib import Path
from typing import Any

from tests.integration.lobby import LobbySocket
from tests.integration.players import play_until_game_over
from tests.integration.server import Guest, Socket, running_server, server_settings

RELAXED = {"ws_rate_per_second": 10_000.0, "ws_rate_burst": 10_000}


async def finished_record(guest: Guest, game_id: str) -> dict[str, Any]:
    for _ in range(100):
        reply = await guest.http.get(f"/api/matches/{game_id}/record")
        if reply.status_code == 200:
            record: dict[str, Any] = reply.json()
            return record
        await asyncio.sleep(0.05)
    raise AssertionError(f"match {game_id} has no record 5 s after it ended")


async def test_a_quick_match_of_tressette_is_rated_recorded_and_verified(tmp_path: Path) -> None:
    async with running_server(server_settings(**RELAXED)) as server:
        guests = [await Guest.login(server, name) for name in ("Anna", "Bruno")]
        lobbies = [await LobbySocket.open(server.ws_url, guest.cookie) for guest in guests]
        for lobby in lobbies:
            await lobby.send({"action": "seek", "game_type": "tressette", "options": {"target_score": 11}})
            assert (await lobby.until("seeking"))["options"] == {"target_score": 11}
        matched = [await lobby.until("matched") for lobby in lobbies]
        game_id = matched[0]["game_id"]
        assert matched[1]["game_id"] == game_id and matched[0]["game_type"] == "tressette"
        sockets = [await Socket.open(server, game_id, guest.cookie) for guest in guests]
        endings = await asyncio.wait_for(asyncio.gather(*(play_until_game_over(s) for s in sockets)), 90)
        assert endings[0]["winner"] == endings[1]["winner"] and endings[0]["rated"] is True
        winner = endings[0]["winner"]
        assert endings[0]["scores"][winner] >= 11

        record = await finished_record(guests[0], game_id)
        assert record["result"]["winner"] == winner
        assert record["result"]["scores"] == endings[0]["scores"]
        replay = (await guests[0].http.get(f"/api/matches/{game_id}/replay")).json()
        assert replay["verification"] == {"ok": True, "steps": len(record["steps"]), "problem": None}
        saved = tmp_path / "record.json"
        saved.write_text(json.dumps(record))
        tavolo = Path(sys.executable).parent / "tavolo"
        verify = await asyncio.create_subprocess_exec(
            str(tavolo), "verify", str(saved), stdout=PIPE, stderr=STDOUT
        )
        said, _ = await verify.communicate()
        assert verify.returncode == 0, said.decode()
        assert "verified: match" in said.decode() and "(tressette)" in said.decode(), said.decode()

        await asyncio.sleep(0.2)
        for guest in guests:
            ratings = (await guest.http.get("/api/me/ratings")).json()["ratings"]
            assert [(r["game_type"], r["matches"]) for r in ratings] == [("tressette", 1)]
            assert ratings[0]["rating"] != 1500
        for socket in sockets:
            await socket.close()
        for lobby in lobbies:
            await lobby.close()
        for guest in guests:
            await guest.close()


async def test_a_public_table_of_tressette_a_quattro_is_among_the_open_tables() -> None:
    async with running_server(server_settings(**RELAXED)) as server:
        anna = await Guest.login(server, "Anna")
        body = {"game_type": "tressette_a_quattro", "options": {"signals": True}, "public": True}
        created = await anna.http.post("/api/games", json=body)
        assert created.status_code == 201, created.text
        listed = (await anna.http.get("/api/games/open", params={"game_type": "tressette_a_quattro"})).json()
        tables = listed["games"] if isinstance(listed, dict) else listed
        opened = next(table for table in tables if table["id"] == created.json()["id"])
        assert opened["options"] == {
            "target_score": 21,
            "declarations": True,
            "cappotto": False,
            "signals": True,
        }
        await anna.close()


async def test_a_player_plays_the_computer_at_tressette_a_quattro_to_the_end() -> None:
    settings = server_settings(**RELAXED, bot_move_delay_seconds=0.0)
    async with running_server(settings) as server:
        anna = await Guest.login(server, "Anna")
        body = {"game_type": "tressette_a_quattro", "level": "normal", "options": {"target_score": 11}}
        created = await anna.http.post("/api/games/computer", json=body)
        assert created.status_code == 201, created.text
        socket = await Socket.open(server, created.json()["id"], anna.cookie)
        ending = await asyncio.wait_for(play_until_game_over(socket, timeout=90), 120)
        assert ending["winner"] in {"A", "B"} and ending["rated"] is False
        await socket.close()
        await anna.close()
