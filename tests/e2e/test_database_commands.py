"""``tavolo migrate``, ``serve`` on an unmigrated database, ``backfill-elo`` and
``--workers`` — the commands as an operator runs them."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import httpx

from adapters.sqlite.matches import SqliteMatchRepository
from application.results.archive import FinishedMatch, Participant
from tests.contract.match_factories import postgres_database
from tests.contract.redis_factories import redis_url
from tests.e2e.processes import tavolo_serve


def tavolo(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "entrypoints.cli", *args],
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        timeout=60,
        start_new_session=True,
    )


async def test_serve_refuses_an_unmigrated_postgres_until_tavolo_migrate_ran() -> None:
    async with postgres_database() as dsn:
        env = {"DATABASE_URL": dsn, "APP_PORT": "0"}
        refused = tavolo("serve", env=env)
        assert refused.returncode == 2
        assert "tavolo migrate" in refused.stderr and "0001_matches" in refused.stderr

        migrated = tavolo("migrate", env=env)
        assert migrated.returncode == 0, migrated.stderr
        assert "0001_matches" in migrated.stdout
        again = tavolo("migrate", env=env)
        assert again.returncode == 0 and "up to date" in again.stdout

        async with tavolo_serve({"DATABASE_URL": dsn}) as server, httpx.AsyncClient() as http:
            assert (await http.get(f"{server.base_url}/api/leaderboard")).json()["total"] == 0


def a_match(number: int, winner: str) -> FinishedMatch:
    players = ("guest:anna", "guest:bruno")
    return FinishedMatch(
        id=f"match-{number}",
        game_type="scopa",
        started_at=1000.0 + number,
        finished_at=2000.0 + number,
        result={"winner": winner},
        participants=tuple(
            Participant(
                user, user[6:], seat, "AB"[seat], "AB"[seat] == winner, 11 if "AB"[seat] == winner else 5
            )
            for seat, user in enumerate(players)
        ),
        sides={"A": (players[0],), "B": (players[1],)},
        winner=winner,
    )


async def test_backfill_elo_rebuilds_wiped_ratings_exactly(tmp_path: Path) -> None:
    path = tmp_path / "tavolo.sqlite3"
    repository = SqliteMatchRepository(str(path))
    await repository.open()
    await repository.migrate()
    for number, winner in enumerate("AABAB"):
        await repository.record(a_match(number, winner))
    before = await repository.ratings("guest:anna")
    history_before = await repository.history("guest:anna", 10)
    await repository.close()

    import sqlite3

    with sqlite3.connect(path) as db:
        db.execute("DELETE FROM player_rating")
        db.execute("UPDATE match_player SET elo_delta = 0")
    result = tavolo("backfill-elo", env={"DATABASE_URL": f"sqlite:///{path}"})
    assert result.returncode == 0, result.stderr
    assert "5 recorded matches" in result.stdout

    repository = SqliteMatchRepository(str(path))
    await repository.open()
    assert await repository.ratings("guest:anna") == before
    assert await repository.history("guest:anna", 10) == history_before
    await repository.close()


async def test_several_workers_share_logins_and_games_through_redis(
    redis_prefix: str, tmp_path: Path
) -> None:
    env = {
        "REDIS_URL": redis_url(),
        "REDIS_KEY_PREFIX": redis_prefix,
        "DATABASE_URL": f"sqlite:///{tmp_path / 'tavolo.sqlite3'}",
    }
    async with (
        tavolo_serve(env, ("--workers", "2")) as server,
        httpx.AsyncClient(base_url=server.base_url) as http,
    ):
        await http.post("/auth/guest", json={"name": "Anna"})
        created = (await http.post("/api/games", json={"game_type": "scopa"})).json()
        for _ in range(10):  # whichever worker answers knows the login and the game
            assert (await http.get("/api/me")).status_code == 200
            assert (await http.get(f"/api/games/{created['id']}")).json()["seat"] == 0
