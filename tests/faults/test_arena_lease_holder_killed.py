"""The worker pairing an arena is killed mid-arena (issue 36): another takes its lease within a few
seconds, pairing goes on, and no game or point is lost.

Two ``tavolo serve`` processes share Redis and PostgreSQL. Once the arena has started, the test
reads which process holds its lease (the holder is written in Redis as ``host/pid/…``); every player
connects to the other one, so that the kill takes no player's socket with it. Twenty seconds in,
the holder is SIGKILLed; four players join just after it and must be seated within 5 s of the kill.
At the end every game any player played is among the arena's recorded games, and the final standings
equal a recomputation from them.
"""

from __future__ import annotations

import asyncio
import random
import time

import pytest

from adapters.redis import RedisKeys, connect
from application.arenas.director import lease_name
from tests.contract.redis_factories import redis_url
from tests.e2e.processes import ServerProcess, tavolo_serve
from tests.faults.arena_checks import (
    arena_env,
    create_arena,
    final_standings,
    organiser_client,
    overlapping_tables,
    standings_problems,
)
from tests.faults.arena_players import ArenaPlayer
from tests.faults.figures import report
from tests.faults.matches import Watch

pytestmark = [pytest.mark.asyncio(loop_scope="module"), pytest.mark.long_running]

PLAYERS = 16
LATE = 4
KILL_AFTER = 20.0
RESUMED_WITHIN = 5.0


@pytest.fixture(scope="module")
def env(shared_redis_prefix: str, migrated_database: str, logging_config: str) -> dict[str, str]:
    return arena_env(logging_config, shared_redis_prefix, migrated_database, trick_pause="0.2")


async def lease_holder(prefix: str, arena_id: str, within: float, not_pid: int = 0) -> tuple[int, str]:
    """The pid of the worker holding the arena's lease, and the whole holder, once somebody (other than
    ``not_pid``) holds it."""
    client = connect(redis_url(), client_name=prefix)
    try:
        end = time.monotonic() + within
        while time.monotonic() < end:
            held = await client.get(RedisKeys(prefix).lease(lease_name(arena_id)))
            if held:
                holder = (held.decode() if isinstance(held, bytes) else str(held)).split(":", 1)[1]
                pid = int(holder.split("/")[1])
                if pid != not_pid:
                    return pid, holder
            await asyncio.sleep(0.1)
    finally:
        await client.aclose()
    raise AssertionError(f"nobody took the lease of arena {arena_id} within {within} s")


def owns(server: ServerProcess, pid: int) -> bool:
    return pid == server.process.pid or pid in server.worker_pids()


async def test_killing_the_lease_holder_mid_arena_loses_no_game_and_pairing_resumes(
    env: dict[str, str], shared_redis_prefix: str
) -> None:
    watch = Watch()
    async with tavolo_serve(env) as one, tavolo_serve(env) as two:
        organiser = watch.http(await organiser_client(one, shared_redis_prefix))
        players: list[ArenaPlayer] = []
        try:
            arena = await create_arena(organiser, "briscola", 1)
            pid, holder = await lease_holder(shared_redis_prefix, arena["id"], within=10)
            doomed, survivor = (one, two) if owns(one, pid) else (two, one)
            assert owns(doomed, pid), f"the holder {holder} is neither process"
            organiser.base_url = survivor.base_url
            rng = random.Random(7)

            def player(name: str) -> ArenaPlayer:
                return ArenaPlayer(name, survivor, survivor, berserk=len(players) % 2 == 0, think=(0.1, 0.4))

            players += [player(f"Presto {i:02d}") for i in range(PLAYERS)]
            early = [asyncio.create_task(p.play(arena["id"], arena["ends_at"], watch, rng)) for p in players]
            await asyncio.sleep(KILL_AFTER)
            doomed.kill()
            killed_at = time.time()
            late = [player(f"Tardi {i:02d}") for i in range(LATE)]
            players += late
            tasks = early + [
                asyncio.create_task(p.play(arena["id"], arena["ends_at"], watch, rng)) for p in late
            ]
            new_pid, new_holder = await lease_holder(
                shared_redis_prefix, arena["id"], within=RESUMED_WITHIN + 5, not_pid=pid
            )
            taken_after = time.time() - killed_at
            await asyncio.wait_for(asyncio.gather(*tasks), 240)
            seated_after = [w.until - killed_at for p in late for w in p.waits[:1] if w.until is not None]

            standings = await final_standings(organiser, arena["id"], within=90)
            games = (await organiser.get(f"/api/arenas/{arena['id']}/games")).json()["games"]
            recorded = {g["game_id"] for g in games}
            played = {game_id for p in players for game_id in p.tables}
            lost = sorted(played - recorded)
            wrong = standings_problems(standings, games)
            report(
                "arena lease holder killed",
                players=len(players),
                games=len(games),
                games_played_seen=len(played),
                lease_taken_after_s=round(taken_after, 2),
                late_players_seated_after_s=[round(s, 2) for s in sorted(seated_after)],
                games_lost=len(lost),
                standings_wrong=len(wrong),
                at_two_tables=len(overlapping_tables(games)),
                **{"5xx": watch.server_errors},
                sockets_dropped=sum(p.dropped for p in players),
            )
            assert survivor.process.poll() is None
            assert owns(survivor, new_pid), f"the lease went to {new_holder}, not the survivor"
            assert taken_after <= RESUMED_WITHIN, f"the lease was taken {taken_after:.1f} s after the kill"
            assert len(seated_after) == LATE, "every late player got a table"
            assert max(seated_after) <= RESUMED_WITHIN, (
                f"pairing resumed only after {max(seated_after):.1f} s"
            )
            assert not lost, f"games played but not recorded: {lost}"
            assert not wrong, wrong[:10]
            assert not overlapping_tables(games)
            assert watch.server_errors == 0, watch.seen[:10]
        finally:
            await organiser.aclose()
            await asyncio.gather(*(p.guest.close() for p in players if p.guest is not None))
