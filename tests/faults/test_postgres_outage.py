"""PostgreSQL goes down as a match ends (issue 16: this held, and must keep holding).

A private PostgreSQL cluster of this module's own is stopped with ``pg_ctl
stop -m immediate`` (a crash) just before a match's final move, kept down about
five seconds and started again: the match is recorded exactly once after it
came back, and each player's rating moved exactly once. While it is down, the
history answers 503 ``unavailable`` with ``Retry-After``, never a 500.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import asyncpg
import pytest
import pytest_asyncio

from tests.e2e.processes import ServerProcess, tavolo_serve
from tests.faults.figures import report
from tests.faults.matches import (
    Watch,
    close_all,
    new_briscola,
    play_to_the_end,
    rating_problems,
    running,
    server_env,
    tavolo_migrate,
    wait_recorded,
)
from tests.faults.services import PostgresServer

pytestmark = pytest.mark.asyncio(loop_scope="module")

DOWN_SECONDS = 5.0


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def serving(postgres: PostgresServer, logging_config: str) -> AsyncIterator[ServerProcess]:
    admin = await asyncpg.connect(postgres.dsn(), timeout=10)
    try:
        await admin.execute('CREATE DATABASE "tavolo"')
    finally:
        await admin.close()
    env = server_env(logging_config, DATABASE_URL=postgres.dsn("tavolo"), TURN_TIMEOUT_SECONDS="2")
    await tavolo_migrate(env)
    async with tavolo_serve(env) as server:
        yield server


async def test_a_match_ending_while_postgres_is_down_is_recorded_once_when_it_is_back(
    postgres: PostgresServer, serving: ServerProcess
) -> None:
    watch = Watch()
    loop = asyncio.get_running_loop()
    host, guest = await watch.login(serving, "Elsa"), await watch.login(serving, "Fabio")
    game_id, first, second = await new_briscola(host, guest, running(serving))
    stopped_at: list[float] = []

    async def stop_postgres() -> None:
        await asyncio.to_thread(postgres.stop, "immediate")
        stopped_at.append(loop.time())

    log_start = len(serving.output())
    endings = await asyncio.gather(
        play_to_the_end(first, before_final=stop_postgres),
        play_to_the_end(second, before_final=stop_postgres),
    )
    assert stopped_at, "PostgreSQL was stopped before the final move"
    during = await host.http.get("/api/me/matches")
    await asyncio.sleep(max(0.0, stopped_at[0] + DOWN_SECONDS - loop.time()))
    await asyncio.to_thread(postgres.start)
    back_at = loop.time()
    recording = (await wait_recorded([host.http, guest.http], [game_id], 20.0))[0]
    recorded_after = loop.time() - back_at
    rating_errors = [
        *await rating_problems(host.http, host.user_id, "briscola"),
        *await rating_problems(guest.http, guest.user_id, "briscola"),
    ]
    log = serving.output()[log_start:]
    report(
        "postgres down at the final move",
        matches=1,
        down_seconds=f"{back_at - stopped_at[0]:.1f}",
        finished=all(e.game_over is not None for e in endings),
        history_while_down=during.status_code,
        recorded=f"{int(recording.recorded)}/1",
        recorded_after_restart_seconds=f"{recorded_after:.1f}",
        duplicated=int(recording.duplicated),
        ratings_wrong=len(rating_errors),
        **{"5xx": watch.server_errors},
        sockets_dropped=sum(e.dropped for e in endings),
        log_tracebacks=log.count("Traceback"),
        log_warnings=log.count("[WARNING]"),
    )
    await close_all(first, second, host, guest)
    assert all(e.game_over is not None for e in endings), "the match ended while the database was down"
    assert recording.recorded, f"not recorded within 20 s of PostgreSQL's return: {recording.occurrences}"
    assert not recording.duplicated, recording.occurrences
    assert not rating_errors, rating_errors
    assert watch.server_errors == 0, watch.seen
    assert not any(e.dropped for e in endings)
    assert during.status_code == 503, (during.status_code, during.text)
    assert "Traceback" not in log, log[log.index("Traceback") - 300 :][:3000]
    assert during.json()["code"] == "unavailable" and "retry-after" in during.headers
