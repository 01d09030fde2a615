"""Where finished matches are kept: this process's memory, a SQLite file or PostgreSQL.

``database_backend`` reads the choice from ``DATABASE_URL``; the container opens the chosen
repository as a resource. Outside the server, ``tavolo serve`` checks PostgreSQL's migrations
and ``tavolo backfill-elo`` recomputes the ratings through ``match_repository``, and ``tavolo
migrate`` applies the migrations with ``migrate_database``. Arenas are kept in the same database.
Part of the composition root, with ``entrypoints.container``.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from adapters.memory.arenas import MemoryArenaRepository
from adapters.memory.matches import MemoryMatchRepository
from adapters.postgres.matches import PostgresMatchRepository
from adapters.sqlite.matches import SqliteMatchRepository
from application.arenas.ports import ArenaRepository
from application.ports import MatchRepository, StorageUnavailable
from entrypoints.config import ConfigError, Settings

log = logging.getLogger(__name__)


class UnmigratedDatabase(ConfigError):
    """PostgreSQL has migrations that ``tavolo migrate`` has not applied yet."""


def database_backend(settings: Settings) -> str:
    """``memory``, ``sqlite`` or ``postgres``: the scheme of ``DATABASE_URL``."""
    return settings.database_kind


async def memory_matches() -> AsyncIterator[MatchRepository]:
    yield MemoryMatchRepository()


def _sqlite_repository(settings: Settings) -> SqliteMatchRepository:
    """The SQLite file's repository, unopened; the file's folder is made if it is missing."""
    if settings.sqlite_path != ":memory:":
        Path(settings.sqlite_path).parent.mkdir(parents=True, exist_ok=True)
    return SqliteMatchRepository(settings.sqlite_path)


async def sqlite_matches(settings: Settings) -> AsyncIterator[MatchRepository]:
    """The SQLite file, migrated as it opens."""
    repository = _sqlite_repository(settings)
    await repository.open()
    try:
        applied = await repository.migrate()
        if applied:
            log.info("SQLite database %s migrated: %s", settings.sqlite_path, ", ".join(applied))
        yield repository
    finally:
        await repository.close()


async def postgres_matches(settings: Settings) -> AsyncIterator[MatchRepository]:
    """PostgreSQL, which ``tavolo migrate`` must have migrated before the server uses it.

    A server (or a worker started again in its place) that finds PostgreSQL out of reach serves
    all the same: live games need only the live state, and results, history and ratings answer
    ``unavailable`` until the database is back, when the pool, opened empty, connects on first
    use. Its migrations are then unchecked, which the log says."""
    repository = PostgresMatchRepository(settings.database_url)
    try:
        await repository.open()
    except StorageUnavailable as error:
        log.warning("PostgreSQL is out of reach at start (%s): serving without it until it is back", error)
        repository = PostgresMatchRepository(settings.database_url, min_size=0)
        await repository.open()  # a pool with no connection floor connects to nothing yet
    try:
        try:
            pending = await repository.pending_migrations()
        except StorageUnavailable:
            log.warning("PostgreSQL is out of reach: its migrations were not checked at start")
            pending = []
        if pending:
            raise UnmigratedDatabase(
                f"the PostgreSQL database is not migrated (pending: {', '.join(pending)});"
                " run `tavolo migrate` first"
            )
        yield repository
    finally:
        await repository.close()


def open_match_repository(settings: Settings) -> AsyncIterator[Any]:
    """The match repository of ``settings``, open (an async generator, as the container's resource)."""
    kind = database_backend(settings)
    if kind == "postgres":
        return postgres_matches(settings)
    return sqlite_matches(settings) if kind == "sqlite" else memory_matches()


match_repository = asynccontextmanager(open_match_repository)
"""The match repository as ``async with``, for the commands that run outside the server."""


async def migrate_database(settings: Settings) -> list[str]:
    """Apply the pending migrations of the configured database; the names applied."""
    repository: SqliteMatchRepository | PostgresMatchRepository
    if settings.database_kind == "sqlite":
        repository = _sqlite_repository(settings)
    elif settings.database_kind == "postgres":
        repository = PostgresMatchRepository(settings.database_url)
    else:
        return []
    await repository.open()
    try:
        return await repository.migrate()
    finally:
        await repository.close()


def arena_repository(matches: MatchRepository) -> ArenaRepository:
    """Arenas are kept where matches are: the SQL database's own, else this process's memory."""
    if isinstance(matches, SqliteMatchRepository | PostgresMatchRepository):
        return matches.arenas()
    return MemoryArenaRepository()
