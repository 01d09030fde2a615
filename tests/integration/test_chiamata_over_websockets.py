"""Briscola chiamata over real WebSockets: five players, a spectator, the secret
partner kept secret on the wire, and the recorded two-sided result."""

from __future__ import annotations

import asyncio

from application.playing.live_games import LiveGames
from tests.integration.players import play_until_game_over, watch_until_game_over
from tests.integration.server import Guest, Socket, running_server

NAMES = ("Anna", "Bruno", "Carla", "Dario", "Elena")


async def test_a_chiamata_match_is_recorded_as_the_calling_side_against_the_defenders() -> None:
    async with running_server() as server:
        guests = [await Guest.login(server, name) for name in NAMES]
        created = (await guests[0].http.post("/api/games", json={"game_type": "briscola_chiamata"})).json()
        sockets = [await Socket.open(server, created["id"], g.cookie) for g in guests]
        spectator = await Socket.open(server, created["id"])
        for guest in guests[1:]:
            await guest.http.post("/api/games/join", json={"code": created["join_code"]})
        endings = await asyncio.wait_for(
            asyncio.gather(*(play_until_game_over(s) for s in sockets), watch_until_game_over(spectator)),
            timeout=60,
        )

        for socket in [*sockets, spectator]:
            for frame in socket.frames:
                game = frame.get("game") or {}
                if game.get("phase") in {"auction", "call"} or (
                    game.get("called_card") and not game.get("revealed")
                ):
                    assert game.get("partner") is None and game.get("alone") is None

        games: LiveGames = await server.app.ctx.container.games()
        history = await games.matches.history(guests[0].user_id, 10)
        assert len(history) == 1
        match = history[0]
        assert match.id == created["id"] and match.game_type == "briscola_chiamata"
        callers = [p for p in match.participants if p.team == "caller"]
        defenders = [p for p in match.participants if p.team == "defenders"]
        assert len(callers) in {1, 2} and len(callers) + len(defenders) == 5
        winner = endings[0]["winner"]
        assert all(p.won == (p.team == winner) for p in match.participants)
        assert sum(p.elo_delta for p in callers) / len(callers) == -sum(p.elo_delta for p in defenders) / len(
            defenders
        )
        final = (await guests[0].http.get(f"/api/games/{created['id']}")).json()
        expected_partner = (
            None if len(callers) == 1 else next(p.seat for p in callers if p.seat != final["caller"])
        )
        assert final["partner"] == expected_partner

        for s in [*sockets, spectator]:
            await s.close()
        for g in guests:
            await g.close()
