"""The ``HealthProbe`` contract: every storage adapter answers a ping when its service is up, and
says ``StorageUnavailable`` — quickly — when its service is down or silent."""

from __future__ import annotations

import asyncio
import socket
import time
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import AbstractAsyncContextManager, asynccontextmanager, contextmanager
from functools import partial

import pytest

from adapters.memory.matches import MemoryMatchRepository
from adapters.memory.probe import InProcessProbe
from adapters.postgres.matches import PostgresMatchRepository
from adapters.redis import connect
from adapters.redis.probe import RedisProbe
from adapters.sqlite.executor import SqliteExecutor
from adapters.sqlite.matches import SqliteMatchRepository
from application.operations.health import HealthProbe
from application.ports import StorageUnavailable
from tests.contract import Timeline
from tests.contract.match_factories import postgres_database, sqlite_database
from tests.contract.redis_factories import redis_space
from tests.integration.server import free_port

ProbeFactory = Callable[[Timeline], AbstractAsyncContextManager[HealthProbe]]

QUICKLY_SECONDS = 2.5  # a probe gives up after about a second; this leaves room for a slow CI host


@asynccontextmanager
async def in_process_probe(timeline: Timeline) -> AsyncIterator[HealthProbe]:
    yield InProcessProbe()


@asynccontextmanager
async def redis_probe(timeline: Timeline, cluster: bool = False) -> AsyncIterator[HealthProbe]:
    async with redis_space(timeline, cluster) as space:
        yield RedisProbe(space.client)


@asynccontextmanager
async def memory_matches_probe(timeline: Timeline) -> AsyncIterator[HealthProbe]:
    yield MemoryMatchRepository()


@asynccontextmanager
async def sqlite_matches_probe(timeline: Timeline) -> AsyncIterator[HealthProbe]:
    async with sqlite_database() as path:
        repository = SqliteMatchRepository(path)
        await repository.open()
        try:
            yield repository
        finally:
            await repository.close()


@asynccontextmanager
async def postgres_matches_probe(timeline: Timeline) -> AsyncIterator[HealthProbe]:
    async with postgres_database() as dsn:
        repository = PostgresMatchRepository(dsn, min_size=1, max_size=2)
        await repository.open()
        try:
            yield repository
        finally:
            await repository.close()


HEALTH_PROBES: dict[str, ProbeFactory] = {
    "memory-live-state": in_process_probe,
    "redis": redis_probe,
    "redis-cluster": partial(redis_probe, cluster=True),
    "memory-matches": memory_matches_probe,
    "sqlite": sqlite_matches_probe,
    "postgres": postgres_matches_probe,
}


@pytest.fixture(params=list(HEALTH_PROBES))
async def probe(request: pytest.FixtureRequest, timeline: Timeline) -> AsyncIterator[HealthProbe]:
    async with HEALTH_PROBES[request.param](timeline) as adapter:
        yield adapter


# --- a storage that is up -------------------------------------------------------------------


async def test_a_storage_that_is_up_answers_a_ping_within_a_second(probe: HealthProbe) -> None:
    started = time.monotonic()
    await probe.ping()
    assert time.monotonic() - started < 1.0


async def test_pings_may_be_repeated_and_run_side_by_side(probe: HealthProbe) -> None:
    await probe.ping()
    await asyncio.gather(*(probe.ping() for _ in range(5)))
    await probe.ping()


async def test_a_ping_cancelled_midway_leaves_the_adapter_answering(probe: HealthProbe) -> None:
    for _ in range(3):
        task = asyncio.create_task(probe.ping())
        await asyncio.sleep(0)
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
    await probe.ping()


# --- a storage that is down, or silent --------------------------------------------------------


@contextmanager
def silent_listener() -> Iterator[int]:
    """A port that completes TCP handshakes (the kernel's backlog) and never says a word."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        sock.listen(16)
        yield int(sock.getsockname()[1])


async def assert_unavailable_quickly(probe: HealthProbe) -> StorageUnavailable:
    started = time.monotonic()
    with pytest.raises(StorageUnavailable) as raised:
        await probe.ping()
    assert time.monotonic() - started < QUICKLY_SECONDS
    return raised.value


async def test_redis_on_a_closed_port_is_unavailable_quickly() -> None:
    client = connect(f"redis://:secret-password@127.0.0.1:{free_port()}/0")
    try:
        error = await assert_unavailable_quickly(RedisProbe(client))
        assert "secret-password" not in str(error)
    finally:
        await client.aclose()


async def test_a_redis_that_never_answers_is_unavailable_after_the_probe_timeout() -> None:
    with silent_listener() as port:
        client = connect(f"redis://127.0.0.1:{port}/0")
        try:
            await assert_unavailable_quickly(RedisProbe(client))
        finally:
            await client.aclose()


async def test_postgresql_on_a_closed_port_is_unavailable_quickly() -> None:
    # min_size=0: the pool opens without connecting, so the ping is the first to try
    repository = PostgresMatchRepository(
        f"postgresql://tavolo:secret-password@127.0.0.1:{free_port()}/tavolo", min_size=0, max_size=1
    )
    await repository.open()
    try:
        error = await assert_unavailable_quickly(repository)
        assert "secret-password" not in str(error) and "127.0.0.1" not in str(error)
    finally:
        await repository.close()


async def test_a_postgresql_that_never_answers_is_unavailable_after_the_probe_timeout() -> None:
    with silent_listener() as port:
        repository = PostgresMatchRepository(
            f"postgresql://tavolo@127.0.0.1:{port}/tavolo", min_size=0, max_size=1, connect_timeout=30
        )
        await repository.open()
        try:
            await assert_unavailable_quickly(repository)
        finally:
            await repository.close()


async def test_a_closed_sqlite_repository_is_unavailable() -> None:
    async with sqlite_database() as path:
        repository = SqliteMatchRepository(path)
        await repository.open()
        await repository.close()
        await assert_unavailable_quickly(repository)


async def test_an_sqlite_connection_held_by_a_long_write_is_unavailable_after_the_probe_timeout() -> None:
    async with sqlite_database() as path:
        repository = SqliteMatchRepository(path)
        await repository.open()
        try:
            executor = repository._executor
            assert isinstance(executor, SqliteExecutor)
            async with executor._lock:  # another use of the connection that does not end
                await assert_unavailable_quickly(repository)
            await repository.ping()  # and once it ended, the repository answers again
        finally:
            await repository.close()
