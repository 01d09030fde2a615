"""Opening and closing the adapters that hold connections, around the server's life."""

from __future__ import annotations

import logging
from pathlib import Path

from adapters.memory.matches import MemoryMatchRepository
from adapters.postgres.matches import PostgresMatchRepository
from adapters.sqlite.matches import SqliteMatchRepository
from entrypoints.config import ConfigError, Settings
from entrypoints.container import Container

log = logging.getLogger(__name__)

SqlRepository = SqliteMatchRepository | PostgresMatchRepository


class UnmigratedDatabase(ConfigError):
    """PostgreSQL has migrations that ``tavolo migrate`` has not applied yet."""


async def open_database(settings: Settings, container: Container, serving: bool) -> None:
    """Open the match repository. SQLite and memory migrate themselves; PostgreSQL
    must have been migrated by ``tavolo migrate`` before ``serve``."""
    repository = container.matches()
    if isinstance(repository, MemoryMatchRepository):
        return
    if isinstance(repository, SqliteMatchRepository) and settings.sqlite_path != ":memory:":
        Path(settings.sqlite_path).parent.mkdir(parents=True, exist_ok=True)
    await repository.open()
    if isinstance(repository, SqliteMatchRepository):
        applied = await repository.migrate()
        if applied:
            log.info("SQLite database %s migrated: %s", settings.sqlite_path, ", ".join(applied))
        return
    if serving:
        pending = await repository.pending_migrations()
        if pending:
            await repository.close()
            raise UnmigratedDatabase(
                "the PostgreSQL database is not migrated (pending: "
                + ", ".join(pending)
                + "); run `tavolo migrate` first"
            )


async def close_adapters(settings: Settings, container: Container) -> None:
    repository = container.matches()
    if not isinstance(repository, MemoryMatchRepository):
        await repository.close()
    if settings.redis_url:
        await container.notifier().close()
        await container.deadlines().close()
        await container.redis().aclose()
