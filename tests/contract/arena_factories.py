"""The arena ports' adapter factories and registries for the contract suites (see ``conftest``):
memory always; Redis and the Redis Cluster for the live ports; SQLite and PostgreSQL for the
repository."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from adapters.memory.arena_live import MemoryArenaLive
from adapters.memory.arena_notices import MemoryArenaNotices
from adapters.memory.arenas import MemoryArenaRepository
from adapters.memory.leases import MemoryLeases
from application.arenas.ports import ArenaLive, ArenaNotices, ArenaRepository, Leases
from tests.contract import Timeline, arena_redis_factories, arena_sql_factories


@asynccontextmanager
async def memory_arena_repository(timeline: Timeline) -> AsyncIterator[ArenaRepository]:
    yield MemoryArenaRepository()


@asynccontextmanager
async def memory_arena_live(timeline: Timeline) -> AsyncIterator[ArenaLive]:
    yield MemoryArenaLive()


@asynccontextmanager
async def memory_leases(timeline: Timeline) -> AsyncIterator[Leases]:
    yield MemoryLeases(timeline.fake)


@asynccontextmanager
async def memory_arena_notices(timeline: Timeline) -> AsyncIterator[ArenaNotices]:
    yield MemoryArenaNotices()


ARENA_REPOSITORIES = {"memory": memory_arena_repository, **arena_sql_factories.ARENA_REPOSITORIES}
ARENA_LIVES = {"memory": memory_arena_live, **arena_redis_factories.ARENA_LIVES}
LEASES = {"memory": memory_leases, **arena_redis_factories.LEASES}
ARENA_NOTICES = {"memory": memory_arena_notices, **arena_redis_factories.ARENA_NOTICES}
