"""``tavolo computer-players`` processes answering a server's searching computer players over a
Redis stream (issue 34): two processes share the stream, and one SIGKILLed while it holds a
question loses no turn — the other takes the question over and the match finishes, its result
recorded once.

The server's turn timeout is long (20 s) and the takeover short (1 s), so a match that finishes in
time finished by the service, not by the turn deadline playing for the computer.
"""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import tempfile
from collections.abc import AsyncIterator, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from typing import IO

import pytest
import pytest_asyncio
from redis.exceptions import ResponseError

from adapters.redis.connection import connect
from adapters.redis.keys import RedisKeys
from adapters.redis.thinking_requests import THINKING_GROUP
from tests.contract.match_factories import postgres_database
from tests.contract.redis_factories import redis_url
from tests.e2e.processes import ServerProcess, tavolo_serve
from tests.faults.conftest import log_tail
from tests.faults.matches import running, server_env, tavolo_migrate, wait_recorded
from tests.integration.players import play_until_game_over
from tests.integration.server import Guest, Socket

pytestmark = pytest.mark.asyncio(loop_scope="module")

TURN = "20"
RECLAIM = "1"


@dataclass
class Consumer:
    """One ``tavolo computer-players`` process, its output in a temporary file."""

    name: str
    process: subprocess.Popen[bytes]
    log: IO[bytes]

    def output(self) -> str:
        self.log.seek(0)
        return self.log.read().decode(errors="replace")


@contextmanager
def computer_players(env: Mapping[str, str], name: str) -> Iterator[Consumer]:
    log = tempfile.TemporaryFile()  # noqa: SIM115 - closed below
    process = subprocess.Popen(
        [sys.executable, "-m", "entrypoints.cli", "computer-players", "--name", name],
        env={**os.environ, **env},
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    try:
        yield Consumer(name, process, log)
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        log.close()


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def database() -> AsyncIterator[str]:
    async with postgres_database() as dsn:
        await tavolo_migrate({"DATABASE_URL": dsn})
        yield dsn


@pytest.fixture(scope="module")
def env(shared_redis_prefix: str, database: str, logging_config: str) -> dict[str, str]:
    return server_env(
        logging_config,
        REDIS_URL=redis_url(),
        REDIS_KEY_PREFIX=shared_redis_prefix,
        DATABASE_URL=database,
        TURN_TIMEOUT_SECONDS=TURN,
        THINKING_SERVICE="1",
        THINKING_RECLAIM_SECONDS=RECLAIM,
    )


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def server(env: dict[str, str]) -> AsyncIterator[ServerProcess]:
    async with tavolo_serve(env) as process:
        yield process


async def holders(client: object, stream: str) -> set[str]:
    """The consumers holding a question right now (none before the group exists)."""
    try:
        summary = await client.xpending(stream, THINKING_GROUP)  # type: ignore[attr-defined]
    except ResponseError:
        return set()
    return {entry["name"] for entry in summary.get("consumers") or [] if int(entry["pending"]) > 0}


async def test_a_computer_players_process_killed_holding_a_question_loses_no_turn(
    server: ServerProcess, env: dict[str, str], shared_redis_prefix: str
) -> None:
    stream = RedisKeys(shared_redis_prefix).thinking_requests
    redis = connect(redis_url(), client_name=shared_redis_prefix)
    person = await Guest.login(running(server), "Persona")
    with computer_players(env, "cp-a") as doomed, computer_players(env, "cp-b") as survivor:
        created = await person.http.post(
            "/api/games/computer",
            json={"game_type": "briscola", "level": "hard", "options": {"target_score": 1}},
        )
        assert created.status_code == 201, created.text
        game_id = created.json()["id"]
        socket = await Socket.open(running(server), game_id, person.cookie)
        seen: set[str] = set()
        killed = asyncio.Event()

        async def kill_while_holding() -> None:
            while True:
                held = await holders(redis, stream)
                seen.update(held)
                if {"cp-a", "cp-b"} <= seen and "cp-a" in held:
                    doomed.process.kill()  # SIGKILL, holding a question it has not answered
                    doomed.process.wait()
                    killed.set()
                    return
                await asyncio.sleep(0.005)

        killer = asyncio.create_task(kill_while_holding())
        try:
            over = await play_until_game_over(socket, timeout=15)
        finally:
            killer.cancel()
            await socket.conn.close()
        assert killed.is_set(), f"both consumers held questions: {sorted(seen)}"
        assert over["type"] == "game_over"
        assert "took over the request of game" in survivor.output(), log_tail(survivor.output())
        (recording,) = await wait_recorded([person.http], [game_id], timeout=10)
        assert recording.recorded and not recording.duplicated, recording
        assert "Traceback" not in survivor.output(), log_tail(survivor.output())
        assert await redis.xlen(stream) == 0, "every question was answered and done"
    await person.close()
    await redis.aclose()
