"""A match's end and a table's people over real WebSockets: who is here, ratings, the rematch."""

from __future__ import annotations

import asyncio

from tests.integration.players import play_until_game_over
from tests.integration.server import Guest, Socket, running_server, server_settings

RELAXED = {"ws_rate_per_second": 1000.0, "ws_rate_burst": 1000}


async def test_every_socket_on_the_table_sees_who_has_it_open() -> None:
    async with running_server(server_settings(**RELAXED)) as server:
        anna, bruno = await Guest.login(server, "Anna"), await Guest.login(server, "Bruno")
        table = (await anna.http.post("/api/games", json={"game_type": "briscola"})).json()
        await bruno.http.post("/api/games/join", json={"code": table["join_code"]})
        watcher = await Socket.open(server, table["id"])
        assert (await watcher.until(lambda f: f["type"] == "state"))["game"]["connected"] == []
        first = await Socket.open(server, table["id"], anna.cookie)
        assert (await watcher.until(lambda f: f["type"] == "presence"))["connected"] == [0]
        second = await Socket.open(server, table["id"], bruno.cookie)
        assert (await watcher.until(lambda f: f["type"] == "presence"))["connected"] == [0, 1]
        await second.close()
        assert (await watcher.until(lambda f: f["type"] == "presence"))["connected"] == [0]
        for socket in (first, watcher):
            await socket.close()
        await anna.close()
        await bruno.close()


async def test_a_rated_match_ends_with_ratings_and_a_rematch_takes_everyone_one_seat_on() -> None:
    async with running_server(server_settings(**RELAXED)) as server:
        anna, bruno = await Guest.login(server, "Anna"), await Guest.login(server, "Bruno")
        created = await anna.http.post(
            "/api/games", json={"game_type": "scopa", "options": {"target_score": 1}}
        )
        table = created.json()
        await bruno.http.post("/api/games/join", json={"code": table["join_code"]})
        sockets = [await Socket.open(server, table["id"], guest.cookie) for guest in (anna, bruno)]
        watcher = await Socket.open(server, table["id"])
        endings = await asyncio.wait_for(
            asyncio.gather(*(play_until_game_over(socket) for socket in sockets)), timeout=60
        )
        assert endings[0]["rated"] is True and endings[0]["hands"]
        recorded = await sockets[0].until(
            lambda f: f["type"] == "state" and f["game"].get("ratings"), timeout=10
        )
        ratings = {r["seat"]: (r["before"], r["after"]) for r in recorded["game"]["ratings"]}
        history = (await anna.http.get("/api/me/matches")).json()["matches"][0]
        assert history["rated"] is True
        assert {p["seat"]: (p["rating_before"], p["rating_after"]) for p in history["players"]} == ratings
        board = (await anna.http.get("/api/leaderboard", params={"game_type": "scopa"})).json()
        assert {e["name"]: e["rating"] for e in board["entries"]} == {
            "Anna": ratings[0][1],
            "Bruno": ratings[1][1],
        }

        await sockets[1].send({"action": "rematch"})
        asked = await watcher.until(
            lambda f: f["type"] == "state" and f["game"].get("rematch", {}).get("asked") == [1]
        )
        assert asked["events"] == [{"kind": "rematch", "seat": 1}]
        await sockets[1].send({"action": "rematch"})  # asking again is answered, and changes nothing
        seen = asked["game"]["version"]
        again = await sockets[1].until(lambda f: f["type"] == "state" and f["game"]["version"] >= seen)
        assert again["game"]["version"] == seen
        await sockets[0].send({"action": "rematch"})
        ready = await watcher.until(
            lambda f: f["type"] == "state" and f["game"].get("rematch", {}).get("next_game")
        )
        rematch_id = ready["game"]["rematch"]["next_game"]
        assert ready["events"][-1] == {"kind": "rematch_ready", "game_id": rematch_id}
        view = (await anna.http.get(f"/api/games/{rematch_id}")).json()
        assert view["phase"] == "playing" and view["seat"] == 1 and view["options"] == {**table["options"]}
        await watcher.send({"action": "rematch"})
        refused = await watcher.until(lambda f: f["type"] == "error")
        assert refused["code"] == "forbidden"
        for socket in (*sockets, watcher):
            await socket.close()
        await anna.close()
        await bruno.close()
