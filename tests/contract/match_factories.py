"""Factories for the match repository and migration contract suites.

``MATCH_REPOSITORIES`` maps an adapter name to an async context manager that
yields a ready, migrated repository together with a ``wipe_ratings`` hook. The
hook reaches past the port (emptying ``player_rating``, zeroing every
``elo_delta`` and forgetting every ``rating_before``) so that a test can prove
``rebuild_ratings`` recomputes from the matches alone. ``MIGRATION_TARGETS``
maps a dialect to a context manager that yields a fresh, empty database, makes
repositories on it and runs statements on it past them (to write rows the way
an older schema had them).

PostgreSQL tests each get a database ``tavolo_test_<hex>`` created through
``TAVOLO_TEST_DATABASE_URL`` (default: the local ``postgres`` database) and
dropped afterwards; when the server is unreachable they are skipped (or fail,
under ``TAVOLO_REQUIRE_SERVICES=1``).
"""

from __future__ import annotations

import os
import tempfile
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from dataclasses import dataclass, field
from typing import Any, Protocol
from urllib.parse import urlsplit, urlunsplit

import aiosqlite
import asyncpg
from pypika import Table
from pypika.dialects import PostgreSQLQuery, SQLLiteQuery

from adapters.memory.matches import MemoryMatchRepository
from adapters.postgres.matches import PostgresMatchRepository
from adapters.sql.dialect import POSTGRES, SQLITE, Dialect, Statement
from adapters.sqlite.matches import SqliteMatchRepository
from application.ports import MatchRepository
from application.results.archive import FinishedMatch, HistoryCursor, MatchSummary, Rating
from application.results.rating_book import RatingBook
from tests.conftest import service_unavailable

ADMIN_DSN = os.environ.get("TAVOLO_TEST_DATABASE_URL", "postgresql://postgres@127.0.0.1:5432/postgres")


@dataclass(frozen=True)
class MatchRepositoryUnderTest:
    repository: MatchRepository
    wipe_ratings: Callable[[], Awaitable[None]]


MatchFactory = Callable[[], AbstractAsyncContextManager[MatchRepositoryUnderTest]]


def _wipe_statements(query: Any) -> list[str]:
    """Forget every rating, every recorded delta and rating before (constants only, nothing to bind)."""
    ratings, players = Table("player_rating"), Table("match_player")
    return [
        str(query.from_(ratings).delete().get_sql()),
        str(query.update(players).set(players.elo_delta, 0).set(players.rating_before, None).get_sql()),
    ]


# --- memory -------------------------------------------------------------------


@asynccontextmanager
async def memory_match_repository() -> AsyncIterator[MatchRepositoryUnderTest]:
    repository = MemoryMatchRepository()

    async def wipe() -> None:
        repository._book = RatingBook()
        for stored in repository._matches.values():
            stored.changes = {}

    yield MatchRepositoryUnderTest(repository, wipe)


# --- SQLite ---------------------------------------------------------------------


@asynccontextmanager
async def sqlite_database() -> AsyncIterator[str]:
    """The path of a database file in a temporary folder, removed afterwards."""
    with tempfile.TemporaryDirectory(prefix="tavolo-test-") as folder:
        yield os.path.join(folder, "matches.sqlite3")


@asynccontextmanager
async def sqlite_match_repository() -> AsyncIterator[MatchRepositoryUnderTest]:
    async with sqlite_database() as path:
        repository = SqliteMatchRepository(path)
        await repository.open()
        try:
            await repository.migrate()

            async def wipe() -> None:
                async with aiosqlite.connect(path) as db:
                    for sql in _wipe_statements(SQLLiteQuery):
                        await db.execute(sql)
                    await db.commit()

            yield MatchRepositoryUnderTest(repository, wipe)
        finally:
            await repository.close()


# --- PostgreSQL -------------------------------------------------------------------


def _dsn_of(database: str) -> str:
    parts = urlsplit(ADMIN_DSN)
    return urlunsplit(parts._replace(path="/" + database))


@asynccontextmanager
async def postgres_database() -> AsyncIterator[str]:
    """The DSN of a fresh, empty database, dropped afterwards (even if a test left connections)."""
    try:
        admin = await asyncpg.connect(ADMIN_DSN, timeout=5)
    except (OSError, asyncpg.PostgresError) as exc:
        service_unavailable("PostgreSQL", f"{ADMIN_DSN}: {exc!r}")
        raise  # service_unavailable always raises (skip or fail); this keeps the type checker informed
    name = f"tavolo_test_{uuid.uuid4().hex}"
    try:
        # Identifiers cannot be bound; the name is ours: a fixed prefix and hex digits.
        await admin.execute(f'CREATE DATABASE "{name}"')
        yield _dsn_of(name)
    finally:
        await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        await admin.close()


@asynccontextmanager
async def postgres_match_repository() -> AsyncIterator[MatchRepositoryUnderTest]:
    async with postgres_database() as dsn:
        repository = PostgresMatchRepository(dsn, min_size=1, max_size=10)
        await repository.open()
        try:
            await repository.migrate()

            async def wipe() -> None:
                conn = await asyncpg.connect(dsn)
                try:
                    for sql in _wipe_statements(PostgreSQLQuery):
                        await conn.execute(sql)
                finally:
                    await conn.close()

            yield MatchRepositoryUnderTest(repository, wipe)
        finally:
            await repository.close()


MATCH_REPOSITORIES: dict[str, MatchFactory] = {
    "memory": memory_match_repository,
    "sqlite": sqlite_match_repository,
    "postgres": postgres_match_repository,
}


# --- migration targets ------------------------------------------------------------


class MigratingRepository(Protocol):
    async def open(self) -> None: ...

    async def close(self) -> None: ...

    async def migrate(self) -> list[str]: ...

    async def pending_migrations(self) -> list[str]: ...

    async def record(self, match: FinishedMatch) -> bool: ...

    async def match(self, match_id: str) -> MatchSummary | None: ...

    async def match_record(self, match_id: str) -> Mapping[str, Any] | None: ...

    async def history(
        self, user_id: str, limit: int, cursor: HistoryCursor | None = None, game_type: str | None = None
    ) -> list[MatchSummary]: ...

    async def ratings(self, user_id: str) -> list[Rating]: ...

    async def rebuild_ratings(self) -> int: ...


@dataclass
class MigrationTarget:
    """A fresh, empty database of one dialect: make repositories on it, read its bookkeeping,
    ``run`` statements on it directly (built and bound for ``sql``, its ``Dialect``; JSON
    values bound as text)."""

    dialect: str
    build: Callable[[str], MigratingRepository]  # migrations package -> an unopened repository
    read_bookkeeping: Callable[[], Awaitable[list[str]]]
    run: Callable[[Sequence[Statement]], Awaitable[None]]
    made: list[MigratingRepository] = field(default_factory=list)

    @property
    def sql(self) -> Dialect:
        return {"postgres": POSTGRES, "sqlite": SQLITE}[self.dialect]

    async def repository(self, migrations_package: str = "migrations") -> MigratingRepository:
        repository = self.build(migrations_package)
        self.made.append(repository)
        await repository.open()
        return repository

    async def close_all(self) -> None:
        for repository in self.made:
            await repository.close()


_BOOKKEEPING = Table("schema_migrations")


@asynccontextmanager
async def sqlite_target() -> AsyncIterator[MigrationTarget]:
    async with sqlite_database() as path:

        async def bookkeeping() -> list[str]:
            sql = SQLLiteQuery.from_(_BOOKKEEPING).select(_BOOKKEEPING.name).orderby(_BOOKKEEPING.name)
            async with aiosqlite.connect(path) as db:
                return [row[0] for row in await db.execute_fetchall(str(sql))]

        async def run(statements: Sequence[Statement]) -> None:
            async with aiosqlite.connect(path) as db:
                for statement in statements:
                    await db.execute(statement.sql, statement.args)
                await db.commit()

        target = MigrationTarget(
            "sqlite",
            lambda package: SqliteMatchRepository(path, migrations_package=package),
            bookkeeping,
            run,
        )
        try:
            yield target
        finally:
            await target.close_all()


@asynccontextmanager
async def postgres_target() -> AsyncIterator[MigrationTarget]:
    async with postgres_database() as dsn:

        async def bookkeeping() -> list[str]:
            sql = PostgreSQLQuery.from_(_BOOKKEEPING).select(_BOOKKEEPING.name).orderby(_BOOKKEEPING.name)
            conn = await asyncpg.connect(dsn)
            try:
                return [row[0] for row in await conn.fetch(str(sql))]
            finally:
                await conn.close()

        async def run(statements: Sequence[Statement]) -> None:
            conn = await asyncpg.connect(dsn)
            try:
                async with conn.transaction():
                    for statement in statements:
                        await conn.execute(statement.sql, *statement.args)
            finally:
                await conn.close()

        target = MigrationTarget(
            "postgres",
            lambda package: PostgresMatchRepository(dsn, min_size=1, max_size=2, migrations_package=package),
            bookkeeping,
            run,
        )
        try:
            yield target
        finally:
            await target.close_all()


MIGRATION_TARGETS: dict[str, Callable[[], AbstractAsyncContextManager[MigrationTarget]]] = {
    "sqlite": sqlite_target,
    "postgres": postgres_target,
}
