"""Redis factories of the arena live ports (``ArenaLive``, ``Leases``, ``ArenaNotices``), each also
on the Redis Cluster (``redis-cluster``, as ``conftest.with_cluster`` adds the other ports'):
every test in a Redis space of its own (``redis_space``: real time, its keys deleted at the end)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from functools import partial
from typing import Any

from adapters.redis import RedisArenaLive, RedisArenaNotices, RedisLeases
from application.arenas.ports import ArenaLive, ArenaNotices, Leases
from tests.contract import Timeline
from tests.contract.redis_factories import closing, redis_space


@asynccontextmanager
async def redis_arena_live(timeline: Timeline, cluster: bool = False) -> AsyncIterator[ArenaLive]:
    async with redis_space(timeline, cluster) as space:
        yield RedisArenaLive(space.client, space.keys)


@asynccontextmanager
async def redis_leases(timeline: Timeline, cluster: bool = False) -> AsyncIterator[Leases]:
    async with redis_space(timeline, cluster) as space:  # leases expire on Redis's clock: real time
        yield RedisLeases(space.client, space.keys)


@asynccontextmanager
async def redis_arena_notices(timeline: Timeline, cluster: bool = False) -> AsyncIterator[ArenaNotices]:
    async with (
        redis_space(timeline, cluster) as space,
        closing(RedisArenaNotices(space.client, space.keys)) as notices,
    ):
        await notices.start()  # subscribed at start-up, so a listen() hears what follows at once
        yield notices


def _on_both(factory: Any) -> dict[str, Any]:
    return {"redis": factory, "redis-cluster": partial(factory, cluster=True)}


ARENA_LIVES: dict[str, Any] = _on_both(redis_arena_live)
LEASES: dict[str, Any] = _on_both(redis_leases)
ARENA_NOTICES: dict[str, Any] = _on_both(redis_arena_notices)
