"""SQLite and PostgreSQL factories of the ``ArenaRepository``: the arena repository of a migrated SQL
match repository (``SqlMatchRepository.arenas()``), on a database of its own as
``tests.contract.match_factories`` makes them (PostgreSQL: skipped when unreachable), closed and
removed when the test ends."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from adapters.postgres.matches import PostgresMatchRepository
from adapters.sql.repository import SqlMatchRepository
from adapters.sqlite.matches import SqliteMatchRepository
from application.arenas.ports import ArenaRepository
from tests.contract import Timeline
from tests.contract.match_factories import postgres_database, sqlite_database


@asynccontextmanager
async def _migrated(repository: SqlMatchRepository) -> AsyncIterator[ArenaRepository]:
    await repository.open()
    try:
        await repository.migrate()
        yield repository.arenas()
    finally:
        await repository.close()


@asynccontextmanager
async def sqlite_arena_repository(timeline: Timeline) -> AsyncIterator[ArenaRepository]:
    async with sqlite_database() as path, _migrated(SqliteMatchRepository(path)) as arenas:
        yield arenas


@asynccontextmanager
async def postgres_arena_repository(timeline: Timeline) -> AsyncIterator[ArenaRepository]:
    async with (
        postgres_database() as dsn,
        _migrated(PostgresMatchRepository(dsn, min_size=1, max_size=10)) as arenas,
    ):
        yield arenas


ARENA_REPOSITORIES: dict[str, Any] = {
    "sqlite": sqlite_arena_repository,
    "postgres": postgres_arena_repository,
}
