"""The production shape with real processes and no Docker: tavolo migrate on a
fresh PostgreSQL, tavolo serve with two workers on Redis and PostgreSQL, an OIDC
provider on loopback; four people log in, play briscola a quattro over
WebSockets, and the match lands once in PostgreSQL, in every history and on
the leaderboard with the expected Elo."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys

import asyncpg
import httpx

from entrypoints.http.context import COOKIE_NAME
from tests.contract.match_factories import postgres_database
from tests.contract.redis_factories import redis_url
from tests.e2e.oidc_provider import log_in, mock_provider
from tests.e2e.processes import tavolo_serve
from tests.integration.players import play_until_game_over
from tests.integration.server import RunningServer, Socket, free_port

PLAYERS = {"alice": "Alice", "bob": "Bob", "carol": "Carol", "dave": "Dave"}


async def test_four_people_log_in_play_briscola_a_quattro_and_the_match_is_recorded_once(
    redis_prefix: str,
) -> None:
    with mock_provider() as provider:
        for sub, name in PLAYERS.items():
            await provider.set_user(sub, {"name": name})
        async with postgres_database() as dsn:
            port = free_port()
            env = {
                "DATABASE_URL": dsn,
                "REDIS_URL": redis_url(),
                "REDIS_KEY_PREFIX": redis_prefix,
                "OIDC_0_PROVIDER": "mock",
                "OIDC_0_ISSUER": provider.issuer,
                "OIDC_0_CLIENT_ID": "tavolo",
                "OIDC_0_CLIENT_SECRET": "tavolo-secret",
                "OIDC_0_REDIRECT_URI": f"http://127.0.0.1:{port}/auth/mock/callback",
            }
            migrated = await asyncio.to_thread(
                subprocess.run,
                [sys.executable, "-m", "entrypoints.cli", "migrate"],
                env={**os.environ, **env},
                capture_output=True,
                text=True,
                timeout=60,
            )
            assert migrated.returncode == 0, migrated.stderr

            async with tavolo_serve(env, ("--workers", "2"), port=port) as process:
                server = RunningServer(process.base_url, process.ws_url, None)
                browsers = [httpx.AsyncClient() for _ in PLAYERS]
                cookies = []
                for browser, sub in zip(browsers, PLAYERS, strict=True):
                    trip = await log_in(browser, server, "mock", sub)
                    assert trip.callback.status_code == 302, trip.callback.text
                    cookies.append(trip.callback.cookies[COOKIE_NAME])
                api = [httpx.AsyncClient(base_url=server.base_url, cookies={COOKIE_NAME: c}) for c in cookies]
                me = (await api[0].get("/api/me")).json()
                assert me["user_id"] == "oidc:mock:alice" and me["name"] == "Alice"

                created = (await api[0].post("/api/games", json={"game_type": "briscola_a_quattro"})).json()
                sockets = [await Socket.open(server, created["id"], c) for c in cookies]
                for client in api[1:]:
                    joined = await client.post("/api/games/join", json={"code": created["join_code"]})
                    assert joined.status_code == 200, joined.text
                endings = await asyncio.wait_for(
                    asyncio.gather(*(play_until_game_over(s) for s in sockets)), timeout=120
                )
                winner = endings[0]["winner"]
                await asyncio.sleep(0.5)  # the recording follows the final save

                connection = await asyncpg.connect(dsn)
                try:
                    rows = await connection.fetchval(
                        "SELECT count(*) FROM match WHERE id = $1", created["id"]
                    )
                    players = await connection.fetch(
                        "SELECT user_id, team, won, elo_delta FROM match_player WHERE match_id = $1",
                        created["id"],
                    )
                finally:
                    await connection.close()
                assert rows == 1 and len(players) == 4
                assert {p["elo_delta"] for p in players} == {16, -16}  # everyone starts at 1500: ±32/2
                assert all(
                    p["won"] == (p["team"] == winner) and (p["elo_delta"] > 0) == p["won"] for p in players
                )

                for client in api:
                    history = (await client.get("/api/me/matches")).json()["matches"]
                    assert [m["id"] for m in history] == [created["id"]]
                board = (
                    await api[0].get("/api/leaderboard", params={"game_type": "briscola_a_quattro"})
                ).json()
                assert board["total"] == 4
                assert [e["rating"] for e in board["entries"]] == [1516, 1516, 1484, 1484]
                assert board["me"]["rank"] in {1, 2, 3, 4}

                for s in sockets:
                    await s.close()
                for client in [*api, *browsers]:
                    await client.aclose()
