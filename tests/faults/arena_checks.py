"""What the arena scenarios set up and check on a finished arena: an organiser with an account, the
arena created through the API, its final standings awaited, and the standings and every game
checked against the match records."""

from __future__ import annotations

import asyncio
import itertools
from typing import Any

import httpx

from adapters.redis import RedisKeys, RedisLoginSessions, connect
from application.identity.caller import Identity
from entrypoints.http.context import COOKIE_NAME
from tests.contract.redis_factories import redis_url
from tests.e2e.processes import ServerProcess
from tests.faults.arena_players import ArenaPlayer, recompute
from tests.faults.matches import server_env


def arena_env(logging_config: str, prefix: str, database: str, trick_pause: str) -> dict[str, str]:
    """The arena scenarios' servers: one Redis (under ``prefix``) and PostgreSQL ``database``, people's
    turn times (a player always moves first), a short pause after each trick, arenas of a minute."""
    return server_env(
        logging_config,
        REDIS_URL=redis_url(),
        REDIS_KEY_PREFIX=prefix,
        DATABASE_URL=database,
        TURN_TIMEOUT_SECONDS="20",
        HAND_ACK_TIMEOUT_SECONDS="2",
        TRICK_PAUSE_SECONDS=trick_pause,
        ARENA_SHORTEST_MINUTES="1",
    )


async def organiser_client(server: ServerProcess, prefix: str) -> httpx.AsyncClient:
    """An HTTP client of a player with an account (arenas are created by one), logged in as a
    login would log them in: their session written in the servers' Redis."""
    client = connect(redis_url(), client_name=prefix)
    try:
        logins = RedisLoginSessions(client, RedisKeys(prefix))
        session = await logins.create(Identity("oidc:test:organiser", "Organiser", provider="test"))
    finally:
        await client.aclose()
    return httpx.AsyncClient(base_url=server.base_url, cookies={COOKIE_NAME: session})


async def create_arena(organiser: httpx.AsyncClient, game_type: str, minutes: int) -> dict[str, Any]:
    answer = await organiser.post(
        "/api/arenas", json={"name": "Arena di prova", "game_type": game_type, "minutes": minutes}
    )
    assert answer.status_code == 201, answer.text
    arena: dict[str, Any] = answer.json()
    return arena


async def final_standings(client: httpx.AsyncClient, arena_id: str, within: float) -> list[dict[str, Any]]:
    """The arena's standings once they are final (every row ``done``), within ``within`` seconds."""
    loop = asyncio.get_running_loop()
    end = loop.time() + within
    while True:
        answer = (await client.get(f"/api/arenas/{arena_id}/standings")).json()
        if answer["status"] == "finished" and all(row["status"] == "done" for row in answer["standings"]):
            rows: list[dict[str, Any]] = answer["standings"]
            return rows
        assert loop.time() < end, f"no final standings {within} s after the end: {answer}"
        await asyncio.sleep(1.0)


def standings_problems(standings: list[dict[str, Any]], games: list[dict[str, Any]]) -> list[str]:
    """Where the final standings differ from a recomputation from the recorded games."""
    sheets = recompute(games)
    problems = []
    for row in standings:
        sheet = sheets.get(row["user_id"])
        expected = (0, 0, None) if sheet is None else (sheet.points, sheet.games, sheet.performance)
        if (row["points"], row["games"], row["performance"]) != expected:
            problems.append(
                f"{row['name']}: stored {(row['points'], row['games'], row['performance'])},"
                f" worked out {expected}"
            )
    order = [(-r["points"], -(r["performance"] or -10_000)) for r in standings]
    if order != sorted(order):
        problems.append("the standings are not in order of points, then performance")
    missing = set(sheets) - {row["user_id"] for row in standings}
    if missing:
        problems.append(f"players with games but no standing: {sorted(missing)}")
    return problems


async def record_problems(client: httpx.AsyncClient, games: list[dict[str, Any]]) -> list[str]:
    """Arena games whose outcome differs from their match record's result."""
    problems = []
    for game in games:
        record = (await client.get(f"/api/matches/{game['game_id']}/record")).json()
        winner = record["result"]["winner"]
        side_of = {seat: label for label, seats in record["result"]["sides"].items() for seat in seats}
        seat_of = {p["user_id"]: p["seat"] for p in record["players"]}
        for player in game["players"]:
            side = side_of[seat_of[player["user_id"]]]
            outcome = "draw" if winner is None else "win" if side == winner else "loss"
            if outcome != player["outcome"]:
                problems.append(
                    f"game {game['game_id']}: {player['user_id']} {player['outcome']}, record {outcome}"
                )
    return problems


def overlapping_tables(games: list[dict[str, Any]]) -> list[str]:
    """Players whose recorded games overlap in time: at two tables at once."""
    by_player: dict[str, list[tuple[float, float, str]]] = {}
    for game in games:
        for player in game["players"]:
            by_player.setdefault(player["user_id"], []).append(
                (game["started_at"], game["finished_at"], game["game_id"])
            )
    found = []
    for user_id, spans in by_player.items():
        spans.sort()
        for (_, end, first), (start, _, second) in itertools.pairwise(spans):
            if start < end:
                found.append(f"{user_id}: {first} and {second}")
    return found


def berserk_problems(players: list[ArenaPlayer], games: list[dict[str, Any]]) -> list[str]:
    chose = {p.user_id: p.berserk for p in players if p.guest is not None}
    return [
        f"{g['game_id']}: {p['user_id']} berserk {p['berserk']}"
        for g in games
        for p in g["players"]
        if chose.get(p["user_id"], p["berserk"]) != p["berserk"]
    ]
