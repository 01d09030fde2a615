"""History, ratings and leaderboard over HTTP, after matches finished by timeouts."""

from __future__ import annotations

import asyncio

from tests.integration.server import Guest, RunningServer, running_server, server_settings


async def finish_scopa(server: RunningServer, host: Guest, guest: Guest) -> str:
    created = (
        await host.http.post("/api/games", json={"game_type": "scopa", "options": {"target_score": 1}})
    ).json()
    await guest.http.post("/api/games/join", json={"code": created["join_code"]})
    for _ in range(2000):
        view = (await host.http.get(f"/api/games/{created['id']}")).json()
        if view["status"] == "finished":
            return str(created["id"])
        await asyncio.sleep(0.02)
    raise AssertionError("the match did not finish")


async def test_history_ratings_and_leaderboard_show_recorded_matches() -> None:
    settings = server_settings(
        turn_timeout_seconds=0.002, hand_ack_timeout_seconds=0.002, deadline_heartbeat_ms=20
    )
    async with running_server(settings) as server:
        anna, bruno, carla = [await Guest.login(server, n) for n in ("Anna", "Bruno", "Carla")]
        first = await finish_scopa(server, anna, bruno)
        second = await finish_scopa(server, anna, carla)
        await asyncio.sleep(0.1)

        page = (await anna.http.get("/api/me/matches", params={"limit": 1})).json()
        assert [m["id"] for m in page["matches"]] == [second] and page["next_cursor"]
        rest = (
            await anna.http.get("/api/me/matches", params={"limit": 1, "cursor": page["next_cursor"]})
        ).json()
        assert [m["id"] for m in rest["matches"]] == [first] and rest["next_cursor"] is None
        players = page["matches"][0]["players"]
        assert {p["name"] for p in players} == {"Anna", "Carla"}
        assert sum(p["elo_delta"] for p in players) == 0
        assert page["matches"][0]["result"]["winner"] in {"A", "B"}

        ratings = (await anna.http.get("/api/me/ratings")).json()["ratings"]
        assert [(r["game_type"], r["matches"]) for r in ratings] == [("scopa", 2)]

        board = (await carla.http.get("/api/leaderboard", params={"game_type": "scopa", "limit": 2})).json()
        assert board["total"] == 3 and board["pages"] == 2
        ranked = [e["rating"] for e in board["entries"]]
        assert ranked == sorted(ranked, reverse=True)
        focused = (
            await carla.http.get("/api/leaderboard", params={"game_type": "scopa", "limit": 2, "focus": "me"})
        ).json()
        assert focused["page"] == focused["me"]["page"]
        assert any(e["user_id"] == carla.user_id for e in focused["entries"])

        for params in ({"limit": 0}, {"limit": "many"}, {"cursor": "!!!"}, {"game_type": "poker"}):
            bad = await anna.http.get("/api/me/matches", params=params)
            assert bad.status_code == 400 and bad.json()["code"] == "invalid_action", params
        for params in ({"page": 0}, {"focus": "you"}, {"game_type": "poker"}):
            bad = await anna.http.get("/api/leaderboard", params=params)
            assert bad.status_code == 400, params
        assert (await anna.http.get("/api/leaderboard")).status_code == 200
        for guest in (anna, bruno, carla):
            await guest.close()
