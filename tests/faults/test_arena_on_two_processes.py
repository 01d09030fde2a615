"""An arena of 200 scripted players on two ``tavolo serve`` processes sharing Redis and PostgreSQL
(issue 36): every player joins through one process and plays through the other, for a 3-minute
arena of briscola, thinking a moment before each move.

Checked: everyone plays; nobody is ever at two tables (their recorded games never overlap, and no
table is announced twice); no two players who may meet wait together more than 3 s before the
end; the final standings equal a recomputation from the recorded games by the rules alone (streaks
and berserk included), every game's outcome equals its match record's, and every berserk choice
reached the games; no 5xx, no socket dropped. ``TAVOLO_ARENA_PLAYERS`` changes the number.
"""

from __future__ import annotations

import asyncio
import os
import random
import time
from collections.abc import AsyncIterator

import pytest
import pytest_asyncio

from tests.e2e.processes import ServerProcess, tavolo_serve
from tests.faults.arena_checks import (
    arena_env,
    berserk_problems,
    create_arena,
    final_standings,
    organiser_client,
    overlapping_tables,
    record_problems,
    standings_problems,
)
from tests.faults.arena_players import ArenaPlayer, unfair_waits
from tests.faults.figures import report
from tests.faults.matches import Watch

pytestmark = [pytest.mark.asyncio(loop_scope="module"), pytest.mark.long_running]

PLAYERS = int(os.environ.get("TAVOLO_ARENA_PLAYERS", "200"))
MINUTES = 3
LONGEST_WAIT = 3.0
THINK = (0.3, 1.0)  # seconds before each move: people, not a flood


@pytest.fixture(scope="module")
def env(shared_redis_prefix: str, migrated_database: str, logging_config: str) -> dict[str, str]:
    return arena_env(logging_config, shared_redis_prefix, migrated_database, trick_pause="0.3")


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def processes(env: dict[str, str]) -> AsyncIterator[tuple[ServerProcess, ServerProcess]]:
    async with tavolo_serve(env) as first, tavolo_serve(env) as second:
        yield first, second


async def test_two_hundred_players_play_a_three_minute_arena_through_two_processes(
    processes: tuple[ServerProcess, ServerProcess], shared_redis_prefix: str
) -> None:
    first, second = processes
    watch = Watch()
    organiser = watch.http(await organiser_client(first, shared_redis_prefix))
    try:
        arena = await create_arena(organiser, "briscola", MINUTES)
        rng = random.Random(36)
        players = [
            ArenaPlayer(
                name=f"Giocatore {i:03d}",
                home=first if i % 2 else second,
                away=second if i % 2 else first,
                berserk=i % 3 == 0,
                think=THINK,
            )
            for i in range(PLAYERS)
        ]
        started = time.time()
        await asyncio.wait_for(
            asyncio.gather(*(p.play(arena["id"], arena["ends_at"], watch, rng) for p in players)),
            MINUTES * 60 + 180,
        )
        standings = await final_standings(organiser, arena["id"], within=90)
        games = (await organiser.get(f"/api/arenas/{arena['id']}/games")).json()["games"]
        wrong_standings = standings_problems(standings, games)
        wrong_records = await record_problems(organiser, games)
        at_two_tables = overlapping_tables(games) + [o for p in players for o in p.overlaps]
        unfair = unfair_waits(players, arena["ends_at"], LONGEST_WAIT)
        played = {p["user_id"] for g in games for p in g["players"]}
        idle = [p.name for p in players if p.guest is None or p.user_id not in played]
        waits = sorted((w.until or arena["ends_at"]) - w.since for p in players for w in p.waits if w.until)
        report(
            "arena on two processes",
            players=PLAYERS,
            minutes=MINUTES,
            seconds=round(time.time() - started),
            games=len(games),
            most_games=max((len(p.tables) for p in players), default=0),
            on_fire_wins=sum(1 for row in standings if row["points"] >= 8),
            players_idle=len(idle),
            at_two_tables=len(at_two_tables),
            waits_over_3s_together=len(unfair),
            first_of_them=unfair[:3],
            wait_p50=round(waits[len(waits) // 2], 2) if waits else None,
            wait_max=round(waits[-1], 2) if waits else None,
            standings_wrong=len(wrong_standings),
            outcomes_unlike_records=len(wrong_records),
            **{"5xx": watch.server_errors},
            sockets_dropped=sum(p.dropped for p in players),
        )
        assert not idle, f"players who never played: {idle[:10]}"
        assert not at_two_tables, at_two_tables[:10]
        warnings = [line for s in processes for line in s.output().splitlines() if "WARNING" in line]
        assert not unfair, (unfair[:10], warnings[-20:])
        assert not wrong_standings, wrong_standings[:10]
        assert not wrong_records, wrong_records[:10]
        assert not berserk_problems(players, games)
        assert watch.server_errors == 0, watch.seen[:10]
        assert sum(p.dropped for p in players) == 0
        assert standings[0]["rank"] == 1 and standings[0]["points"] > 0
    finally:
        await organiser.aclose()
        await asyncio.gather(*(p.guest.close() for p in players if p.guest is not None))
