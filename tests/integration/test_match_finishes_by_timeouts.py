"""With every player disconnected, deadlines alone finish the match."""

from __future__ import annotations

import asyncio

from tests.integration.server import Guest, Socket, running_server, server_settings


async def test_a_match_with_every_player_away_finishes_by_turn_and_hand_end_timeouts() -> None:
    settings = server_settings(
        turn_timeout_seconds=0.005, hand_ack_timeout_seconds=0.01, deadline_heartbeat_ms=50
    )
    async with running_server(settings) as server:
        guests = [await Guest.login(server, name) for name in ("Elio", "Fede", "Gino", "Ida")]
        created = await guests[0].http.post(
            "/api/games", json={"game_type": "scopone_scientifico", "options": {"target_score": 6}}
        )
        game_id, code = created.json()["id"], created.json()["join_code"]
        for guest in guests[1:]:
            assert (await guest.http.post("/api/games/join", json={"code": code})).status_code == 200

        loop = asyncio.get_running_loop()
        end = loop.time() + 120
        hands_seen: set[int] = set()
        while True:
            game = (await guests[0].http.get(f"/api/games/{game_id}")).json()
            hands_seen.add(game["hand_number"])
            if game["status"] == "finished":
                break
            assert loop.time() < end, "the match did not finish by timeouts"
            await asyncio.sleep(0.05)

        assert game["phase"] == "finished"
        assert game["winner"] in {"A", "B"}
        scores = game["scores"]
        assert max(scores.values()) >= 6 and scores["A"] != scores["B"]
        assert len(hands_seen) >= 1

        late_watcher = await Socket.open(server, game_id)
        assert (await late_watcher.receive())["type"] == "state"
        over = await late_watcher.receive()
        assert over["type"] == "game_over" and over["scores"] == scores and over["winner"] == game["winner"]
        assert [hand["hand_number"] for hand in over["hands"]] == list(range(1, len(over["hands"]) + 1))
        assert over["rated"] is True
        await late_watcher.close()
        for guest in guests:
            await guest.close()
