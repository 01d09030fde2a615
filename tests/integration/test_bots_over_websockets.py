"""One person and three bots play scopone over a real WebSocket to the end."""

from __future__ import annotations

import asyncio
import itertools

from tests.integration.players import play_until_game_over
from tests.integration.server import Guest, Socket, running_server, server_settings

TURN_TIMEOUT = 30.0


async def test_three_bots_and_a_person_finish_a_scopone_match_with_the_bots_moving_promptly() -> None:
    settings = server_settings(turn_timeout_seconds=TURN_TIMEOUT, bot_move_delay_seconds=0.01)
    async with running_server(settings) as server:
        person = await Guest.login(server, "Nina")
        created = (
            await person.http.post(
                "/api/games", json={"game_type": "scopone_scientifico", "options": {"target_score": 1}}
            )
        ).json()
        socket = await Socket.open(server, created["id"], person.cookie)
        for level in ("easy", "normal", "normal"):
            seated = await person.http.post(f"/api/games/{created['id']}/bots", json={"level": level})
            assert seated.status_code == 201, seated.text
        ending = await asyncio.wait_for(play_until_game_over(socket), timeout=60)
        assert ending["winner"] in {"A", "B"}

        states = [
            f["game"] for f in socket.frames if f["type"] == "state" and f["game"]["phase"] == "playing"
        ]
        bot_moves = 0
        for previous, game in itertools.pairwise(states):
            same_hand = game["hand_number"] == previous["hand_number"]
            if same_hand and game["version"] == previous["version"] + 1 and previous["turn"] != 0:
                moved_at = game["turn_deadline"] - TURN_TIMEOUT
                started_at = previous["turn_deadline"] - TURN_TIMEOUT
                assert moved_at - started_at < TURN_TIMEOUT / 10, "a bot waited for its turn timeout"
                bot_moves += 1
        assert bot_moves > 10
        view = (await person.http.get(f"/api/games/{created['id']}")).json()
        assert [p["bot"] for p in view["players"]] == [False, True, True, True]
        await socket.close()
        await person.close()
