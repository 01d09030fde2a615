"""Redis factories for the contract suites, and the namespace each Redis test runs in.

The server comes from ``TAVOLO_TEST_REDIS_URL`` (default the local standard
port). Every test gets its own key prefix (``tavolo-test-<hex>``), which is also
the name of its connections in ``CLIENT LIST``, and every key under that
prefix is deleted when the test ends. An unreachable server skips the test, or
fails it when ``TAVOLO_REQUIRE_SERVICES=1``; it is probed once per run.

Each factory takes ``cluster=True`` too (the registries' ``redis-cluster``
entries): the same adapters then run on this test process's private Redis
Cluster (``tests.cluster.shared_cluster``, three masters on loopback ports,
started on first use) with the cluster key layout, under a prefix of their own.
"""

from __future__ import annotations

import asyncio
import os
import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Protocol, TypeVar
from urllib.parse import urlsplit, urlunsplit

from redis.exceptions import RedisError

from adapters.memory.clock import SystemClock
from adapters.redis import (
    RedisCommits,
    RedisDeadlineQueue,
    RedisGameStore,
    RedisKeys,
    RedisLobbyNotices,
    RedisLoginSessions,
    RedisMatchPool,
    RedisNotifier,
    RedisPresence,
    connect,
)
from adapters.redis.connection import Client, connect_cluster, is_cluster
from adapters.redis.thinking_requests import RedisThinkingRequests
from adapters.redis.worker_loads import RedisWorkerLoads
from application.playing.thinking_requests import ThinkingRequests
from application.ports import (
    DeadlineQueue,
    LoginSessions,
    MatchPool,
    Notifier,
    StorageUnavailable,
    WorkerLoads,
)
from tests.cluster import shared_cluster
from tests.conftest import service_unavailable
from tests.contract import (
    GAME_TTL_SECONDS,
    LOBBY_TTL_SECONDS,
    LOGIN_ABSOLUTE_SECONDS,
    LOGIN_IDLE_SECONDS,
    RECORDED_TTL_SECONDS,
    WORKER_REPORT_FRESH_SECONDS,
    CommitSetup,
    PresenceSetup,
    Timeline,
)

DEFAULT_REDIS_URL = "redis://127.0.0.1:6379/0"

_unreachable: list[str] = []  # the reason, once a probe failed: later tests skip at once


def redis_url() -> str:
    return os.environ.get("TAVOLO_TEST_REDIS_URL", DEFAULT_REDIS_URL)


def _without_credentials(url: str) -> str:
    parts = urlsplit(url)
    host = parts.hostname or ""
    netloc = f"{host}:{parts.port}" if parts.port else host
    return urlunsplit((parts.scheme, netloc, parts.path, "", ""))


@dataclass(frozen=True)
class RedisSpace:
    """A test's own corner of the Redis server (or cluster): a client and a unique key prefix."""

    client: Client
    keys: RedisKeys

    @property
    def name(self) -> str:
        """The client name of every connection of this test (for ``CLIENT LIST``)."""
        return self.keys.prefix


async def delete_keys(client: Client, keys: RedisKeys) -> int:
    """Delete every key under ``keys``' prefix (on a cluster, on every master)."""
    deleted = 0
    for pattern in keys.patterns():
        batch: list[str] = []
        async for key in client.scan_iter(match=pattern, count=500):
            batch.append(key)
            if len(batch) >= 500:
                deleted += await _delete(client, batch)
                batch.clear()
        if batch:
            deleted += await _delete(client, batch)
    return deleted


async def _delete(client: Client, keys: list[str]) -> int:
    if is_cluster(client):  # one DEL per key: a DEL of several may only name keys of one slot
        return sum(int(n) for n in await asyncio.gather(*(client.delete(key) for key in keys)))
    return int(await client.delete(*keys))


@asynccontextmanager
async def redis_space(timeline: Timeline, cluster: bool = False) -> AsyncIterator[RedisSpace]:
    """Connect (or skip), switch the test to real time, and clean the prefix up afterwards."""
    prefix = f"tavolo-test-{uuid.uuid4().hex}"
    client: Client
    if cluster:
        client = connect_cluster(shared_cluster().nodes, client_name=prefix)
        try:
            await client.execute_command("PING")
        except StorageUnavailable as error:
            await client.aclose()
            service_unavailable("Redis Cluster", str(error))
    else:
        url = redis_url()
        if _unreachable:
            service_unavailable("Redis", _unreachable[0])
        client = connect(url, client_name=prefix)
        try:
            await client.execute_command("PING")
        except (RedisError, OSError, StorageUnavailable) as error:
            await client.aclose()
            _unreachable.append(f"{_without_credentials(url)}: {error}")
            service_unavailable("Redis", _unreachable[0])
    timeline.use_real_time(SystemClock())
    space = RedisSpace(client, RedisKeys(prefix, cluster=cluster))
    try:
        yield space
    finally:
        await delete_keys(client, space.keys)
        await client.aclose()


# --- one factory per port ----------------------------------------------------


class _Closable(Protocol):
    async def close(self) -> None: ...


C = TypeVar("C", bound=_Closable)


@asynccontextmanager
async def closing(adapter: C) -> AsyncIterator[C]:
    """Yield ``adapter``, then ``close()`` it (ending its pub/sub subscription)."""
    try:
        yield adapter
    finally:
        await adapter.close()


@asynccontextmanager
async def redis_notifier(timeline: Timeline, cluster: bool = False) -> AsyncIterator[Notifier]:
    async with (
        redis_space(timeline, cluster) as space,
        closing(RedisNotifier(space.client, space.keys)) as notifier,
    ):
        yield notifier


@asynccontextmanager
async def redis_deadline_queue(timeline: Timeline, cluster: bool = False) -> AsyncIterator[DeadlineQueue]:
    async with (
        redis_space(timeline, cluster) as space,
        closing(RedisDeadlineQueue(space.client, space.keys)) as queue,
    ):
        yield queue


@asynccontextmanager
async def redis_login_sessions(timeline: Timeline, cluster: bool = False) -> AsyncIterator[LoginSessions]:
    async with redis_space(timeline, cluster) as space:
        yield RedisLoginSessions(
            space.client, space.keys, idle_seconds=LOGIN_IDLE_SECONDS, absolute_seconds=LOGIN_ABSOLUTE_SECONDS
        )


@asynccontextmanager
async def redis_commits(timeline: Timeline, cluster: bool = False) -> AsyncIterator[CommitSetup]:
    async with (
        redis_space(timeline, cluster) as space,
        closing(RedisDeadlineQueue(space.client, space.keys)) as deadlines,
        closing(RedisNotifier(space.client, space.keys)) as notifier,
        closing(RedisLobbyNotices(space.client, space.keys)) as lobby,
    ):
        await lobby.start()  # subscribed at start-up, so a listen() hears what follows at once
        store = RedisGameStore(space.client, space.keys, ttl_seconds=GAME_TTL_SECONDS)
        commits = RedisCommits(
            space.client,
            space.keys,
            ttl_seconds=GAME_TTL_SECONDS,
            lobby_ttl_seconds=LOBBY_TTL_SECONDS,
            recorded_ttl_seconds=RECORDED_TTL_SECONDS,
        )
        yield CommitSetup(commits, store, deadlines, notifier, lobby)


@asynccontextmanager
async def redis_presence(timeline: Timeline, cluster: bool = False) -> AsyncIterator[PresenceSetup]:
    async with (
        redis_space(timeline, cluster) as space,
        closing(RedisNotifier(space.client, space.keys)) as notifier,
    ):
        yield PresenceSetup(RedisPresence(space.client, space.keys), notifier)


@asynccontextmanager
async def redis_match_pool(timeline: Timeline, cluster: bool = False) -> AsyncIterator[MatchPool]:
    async with redis_space(timeline, cluster) as space:
        yield RedisMatchPool(space.client, space.keys)


@asynccontextmanager
async def redis_thinking_requests(
    timeline: Timeline, cluster: bool = False
) -> AsyncIterator[ThinkingRequests]:
    async with redis_space(timeline, cluster) as space:
        yield RedisThinkingRequests(space.client, space.keys)


@asynccontextmanager
async def redis_worker_loads(timeline: Timeline, cluster: bool = False) -> AsyncIterator[WorkerLoads]:
    async with redis_space(timeline, cluster) as space:
        yield RedisWorkerLoads(space.client, space.keys, fresh_seconds=WORKER_REPORT_FRESH_SECONDS)
