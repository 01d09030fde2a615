"""The lobby over a real WebSocket: open tables as they change, quick match, play the computer."""

from __future__ import annotations

import asyncio

from tests.integration.lobby import LobbySocket
from tests.integration.players import play_until_game_over
from tests.integration.server import Guest, Socket, running_server, server_settings


async def test_a_public_table_appears_on_every_lobby_socket_and_goes_once_full() -> None:
    async with running_server() as server:
        anna, bruno = await Guest.login(server, "Anna"), await Guest.login(server, "Bruno")
        watcher = await LobbySocket.open(server.ws_url)  # nobody logged in may look
        assert (await watcher.until("open_tables"))["tables"] == []
        created = await anna.http.post("/api/games", json={"game_type": "briscola", "public": True})
        table = created.json()
        listed = await watcher.until("open_tables")
        assert [t["id"] for t in listed["tables"]] == [table["id"]]
        assert listed["tables"][0]["players"][0]["name"] == "Anna" and "join_code" not in listed["tables"][0]
        rest = (await anna.http.get("/api/games/open")).json()
        assert [t["id"] for t in rest] == [table["id"]]
        seated = await bruno.http.post(f"/api/games/{table['id']}/join", json={})
        assert seated.status_code == 200 and seated.json()["phase"] == "playing"
        assert (await watcher.until("open_tables"))["tables"] == []
        await watcher.close()
        await anna.close()
        await bruno.close()


async def test_two_players_who_press_play_now_are_seated_together_and_play() -> None:
    settings = server_settings(ws_rate_per_second=1000.0, ws_rate_burst=1000)
    async with running_server(settings) as server:
        guests = [await Guest.login(server, name) for name in ("Anna", "Bruno")]
        lobbies = [await LobbySocket.open(server.ws_url, guest.cookie) for guest in guests]
        for lobby in lobbies:
            await lobby.until("open_tables")
        await lobbies[0].send({"action": "seek", "game_type": "briscola", "computers_after": None})
        seeking = await lobbies[0].until("seeking")
        assert seeking["game_type"] == "briscola" and seeking["rating"] == 1500
        await lobbies[1].send({"action": "seek", "game_type": "briscola"})
        matched = [await lobby.until("matched") for lobby in lobbies]
        assert matched[0]["game_id"] == matched[1]["game_id"]
        game_id = matched[0]["game_id"]
        sockets = [await Socket.open(server, game_id, guest.cookie) for guest in guests]
        endings = await asyncio.wait_for(
            asyncio.gather(*(play_until_game_over(socket) for socket in sockets)), timeout=60
        )
        assert endings[0]["winner"] == endings[1]["winner"] and endings[0]["rated"] is True
        for socket in sockets:
            await socket.close()
        for lobby in lobbies:
            await lobby.close()
        for guest in guests:
            await guest.close()


async def test_play_now_seats_together_only_players_who_chose_the_same_match_length() -> None:
    async with running_server() as server:
        guests = [await Guest.login(server, name) for name in ("Anna", "Bruno", "Carla")]
        anna, bruno, carla = [await LobbySocket.open(server.ws_url, guest.cookie) for guest in guests]
        await anna.send({"action": "seek", "game_type": "scopa", "options": {"target_score": 21}})
        assert (await anna.until("seeking"))["options"] == {"target_score": 21}
        await bruno.send({"action": "seek", "game_type": "scopa", "options": {"target_score": 16}})
        assert (await bruno.until("seeking"))["options"] == {"target_score": 16}
        await carla.send({"action": "seek", "game_type": "scopa", "options": {"target_score": 21}})
        matched = [await lobby.until("matched") for lobby in (anna, carla)]
        assert matched[0]["game_id"] == matched[1]["game_id"]
        game = (await guests[0].http.get(f"/api/games/{matched[0]['game_id']}")).json()
        assert game["options"]["target_score"] == 21
        assert not [f for f in bruno.frames if f["type"] == "matched"], "Bruno chose 16 points"
        await bruno.send({"action": "seek", "game_type": "scopa", "options": {"napola": True}})
        assert (await bruno.until("error"))["code"] == "invalid_options"
        await bruno.send({"action": "seek", "game_type": "scopa", "options": [21]})
        assert (await bruno.until("error"))["code"] == "invalid_action"
        for lobby in (anna, bruno, carla):
            await lobby.close()
        for guest in guests:
            await guest.close()


async def test_a_seeker_whose_socket_closes_leaves_the_pool() -> None:
    async with running_server() as server:
        anna, bruno = await Guest.login(server, "Anna"), await Guest.login(server, "Bruno")
        first = await LobbySocket.open(server.ws_url, anna.cookie)
        await first.send({"action": "seek", "game_type": "scopa"})
        await first.until("seeking")
        await first.close()
        await asyncio.sleep(0.2)
        second = await LobbySocket.open(server.ws_url, bruno.cookie)
        await second.send({"action": "seek", "game_type": "scopa"})
        await second.until("seeking")
        await asyncio.sleep(1.5)  # a matchmaker round or more
        assert not [f for f in second.frames if f["type"] == "matched"], "Anna had gone"
        await second.send({"action": "cancel"})
        await second.until("seek_cancelled")
        await second.close()
        await anna.close()
        await bruno.close()


async def test_a_lobby_socket_refuses_what_it_cannot_do_and_stays_open() -> None:
    async with running_server() as server:
        anonymous = await LobbySocket.open(server.ws_url)
        await anonymous.until("open_tables")
        await anonymous.send({"action": "seek", "game_type": "briscola"})
        assert (await anonymous.until("error"))["code"] == "unauthorized"
        await anonymous.send({"action": "dance"})
        assert (await anonymous.until("error"))["code"] == "invalid_action"
        await anonymous.conn.send("not json")
        assert (await anonymous.until("error"))["code"] == "invalid_action"
        await anonymous.send({"action": "tables"})
        await anonymous.until("open_tables")
        guest = await Guest.login(server, "Anna")
        lobby = await LobbySocket.open(server.ws_url, guest.cookie)
        await lobby.send({"action": "seek", "game_type": "poker"})
        assert (await lobby.until("error"))["code"] == "invalid_action"
        await lobby.send({"action": "seek", "game_type": "briscola", "computers_after": "soon"})
        assert (await lobby.until("error"))["code"] == "invalid_action"
        await anonymous.close()
        await lobby.close()
        await guest.close()


async def test_playing_the_computer_starts_a_match_the_person_can_finish() -> None:
    settings = server_settings(bot_move_delay_seconds=0.01, ws_rate_per_second=1000.0, ws_rate_burst=1000)
    async with running_server(settings) as server:
        anna = await Guest.login(server, "Anna")
        created = await anna.http.post(
            "/api/games/computer", json={"game_type": "briscola", "level": "easy", "turn_time": 60}
        )
        assert created.status_code == 201, created.text
        game = created.json()
        assert game["phase"] == "playing" and game["rated"] is False and game["turn_time"] == 60
        socket = await Socket.open(server, game["id"], anna.cookie)
        ending = await asyncio.wait_for(play_until_game_over(socket), timeout=60)
        assert ending["rated"] is False and ending["hands"], "every deal's summary comes with the end"
        history = (await anna.http.get("/api/me/matches")).json()["matches"]
        assert history[0]["rated"] is False and all(p["elo_delta"] == 0 for p in history[0]["players"])
        assert (await anna.http.get("/api/me/ratings")).json()["ratings"] == []
        await socket.close()
        await anna.close()
