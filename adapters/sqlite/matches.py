"""The match repository on SQLite (aiosqlite), for a single host.

One connection per repository, in autocommit mode; every use of it is
serialised by an asyncio lock, and every write is one ``BEGIN IMMEDIATE``
transaction, which takes SQLite's write lock up front. Other processes on the
same file therefore wait (up to ``busy_timeout``) instead of interleaving, so
the check-then-insert of ``record`` is exactly-once without ``ON CONFLICT``.

A write, once started, runs to its commit or rollback even when its caller is
cancelled (``FinishingWrites``), so the shared connection is never left inside
a transaction for the next caller to trip over.
"""

from __future__ import annotations

import asyncio
import logging
import os
import sqlite3
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from typing import Any

import aiosqlite

from adapters.sql import queries, rows
from adapters.sql.dialect import SQLITE, Statement
from adapters.sql.finishing_writes import FinishingWrites
from adapters.sql.migrations import PACKAGE, applied_names, apply_pending, discover, pending
from adapters.sql.replay import rate_recorded, replay, validate
from adapters.sqlite.scripts import split_script
from application.ports import StorageUnavailable
from application.records import FinishedMatch, HistoryCursor, MatchSummary, Rating

logger = logging.getLogger(__name__)

# SQLite's messages for "cannot get at the database right now" (as opposed to a wrong statement).
_UNAVAILABLE = ("unable to open", "database is locked", "busy", "disk i/o", "readonly", "not a database")


@contextmanager
def _unavailable_on_failure(path: str) -> Iterator[None]:
    try:
        yield
    except sqlite3.OperationalError as exc:
        if any(marker in str(exc).lower() for marker in _UNAVAILABLE):
            raise StorageUnavailable(f"SQLite database {path!r}: {exc}") from exc
        raise


def _missing_folder(path: str) -> str | None:
    """The folder a database file would be created in, when it does not exist."""
    if path in ("", ":memory:"):
        return None
    folder = os.path.dirname(os.path.abspath(path))
    return None if os.path.isdir(folder) else folder


class _Session:
    """The ``MigrationSession`` of one open transaction."""

    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db

    async def run_script(self, sql: str) -> None:
        for statement in split_script(sql):
            await (await self._db.execute(statement)).close()

    async def execute(self, statement: Statement) -> None:
        await (await self._db.execute(statement.sql, statement.args)).close()

    async def fetch_column(self, statement: Statement) -> list[Any]:
        return [row[0] for row in await self._db.execute_fetchall(statement.sql, statement.args)]


class SqliteMatchRepository:
    """A ``MatchRepository`` in an SQLite file (or ``":memory:"``). ``open()`` before use.

    ``busy_timeout``: how long to wait for another process's write lock;
    ``migrations_package``: where the numbered SQL files live (tests use their own).
    """

    def __init__(self, path: str, *, busy_timeout: float = 5.0, migrations_package: str = PACKAGE) -> None:
        self._path = path
        self._busy_timeout = busy_timeout
        self._migrations = migrations_package
        self._db: aiosqlite.Connection | None = None
        self._lock = asyncio.Lock()
        self._writes = FinishingWrites(f"SQLite database {path!r}")

    async def open(self) -> None:
        if self._db is not None:
            return
        # Checked up front: aiosqlite's own failure path leaves its worker thread to finish later.
        missing = await asyncio.to_thread(_missing_folder, self._path)
        if missing is not None:
            raise StorageUnavailable(f"cannot open SQLite database {self._path!r}: no folder {missing!r}")
        try:
            db = await aiosqlite.connect(self._path, isolation_level=None, timeout=self._busy_timeout)
        except (sqlite3.Error, OSError) as exc:
            raise StorageUnavailable(f"cannot open SQLite database {self._path!r}: {exc}") from exc
        db.row_factory = sqlite3.Row
        await (await db.execute("PRAGMA foreign_keys = ON")).close()
        self._db = db
        logger.info("opened SQLite match repository %s", self._path)

    async def close(self) -> None:
        await self._writes.drain()
        db, self._db = self._db, None
        if db is not None:
            await db.close()

    async def migrate(self) -> list[str]:
        return await self._writes.run(self._migrate())

    async def _migrate(self) -> list[str]:
        async with self._transaction() as db:
            applied = await apply_pending(_Session(db), SQLITE, self._migrations)
        if applied:
            logger.info("applied SQLite migrations %s to %s", applied, self._path)
        return applied

    async def pending_migrations(self) -> list[str]:
        try:
            done = [str(name) for name in await self._column(applied_names(SQLITE))]
        except sqlite3.OperationalError as exc:
            if "no such table" not in str(exc):
                raise
            done = []
        return [m.name for m in pending(discover(SQLITE.name, self._migrations), done)]

    # --- the port ------------------------------------------------------------

    async def record(self, match: FinishedMatch) -> bool:
        validate(match)
        return await self._writes.run(self._record(match))

    async def _record(self, match: FinishedMatch) -> bool:
        async with self._transaction() as db:
            if await db.execute_fetchall(*_parts(queries.match_exists(SQLITE, match.id))):
                logger.debug("match %s already recorded", match.id)
                return False
            await _run(db, queries.insert_match(SQLITE, match))
            users = sorted(p.user_id for p in match.participants)
            found = await db.execute_fetchall(
                *_parts(queries.select_ratings(SQLITE, match.game_type, users, lock=False))
            )
            current = [rows.rating(row) for row in found]
            deltas, updated = rate_recorded(match, current)
            players = [
                queries.player_args(SQLITE, match.id, p, deltas[p.user_id]) for p in match.participants
            ]
            await db.executemany(queries.insert_player_sql(SQLITE), players)
            existing = {r.user_id for r in current}
            changed = [queries.update_rating_args(r) for r in updated if r.user_id in existing]
            await db.executemany(queries.update_rating_sql(SQLITE), changed)
            new = [queries.rating_args(r) for r in updated if r.user_id not in existing]
            await db.executemany(queries.insert_rating_sql(SQLITE), new)
        logger.debug("recorded match %s (%s) with deltas %s", match.id, match.game_type, deltas)
        return True

    async def history(
        self, user_id: str, limit: int, cursor: HistoryCursor | None = None, game_type: str | None = None
    ) -> list[MatchSummary]:
        if limit <= 0:
            return []
        async with self._connection() as db:
            page = list(
                await db.execute_fetchall(
                    *_parts(queries.history_page(SQLITE, user_id, limit, cursor, game_type))
                )
            )
            if not page:
                return []
            players = await db.execute_fetchall(
                *_parts(queries.players_of(SQLITE, [row["id"] for row in page]))
            )
        return rows.summaries(SQLITE, page, players)

    async def ratings(self, user_id: str) -> list[Rating]:
        async with self._connection() as db:
            found = await db.execute_fetchall(*_parts(queries.ratings_of(SQLITE, user_id)))
        return [rows.rating(row) for row in found]

    async def leaderboard(
        self, game_type: str, offset: int, limit: int, exclude_prefix: str | None = None
    ) -> tuple[list[Rating], int]:
        if offset < 0:
            raise ValueError("offset must not be negative")
        async with self._connection() as db:
            total = next(
                iter(
                    await db.execute_fetchall(*_parts(queries.count_rated(SQLITE, game_type, exclude_prefix)))
                )
            )[0]
            if limit <= 0:
                return [], int(total)
            page = await db.execute_fetchall(
                *_parts(queries.leaderboard_page(SQLITE, game_type, offset, limit, exclude_prefix))
            )
        return [rows.rating(row) for row in page], int(total)

    async def rank_of(self, user_id: str, game_type: str, exclude_prefix: str | None = None) -> int | None:
        async with self._connection() as db:
            found = await db.execute_fetchall(
                *_parts(queries.rank_of(SQLITE, user_id, game_type, exclude_prefix))
            )
        rank = int(next(iter(found))[0])
        return rank or None

    async def rebuild_ratings(self) -> int:
        return await self._writes.run(self._rebuild_ratings())

    async def _rebuild_ratings(self) -> int:
        async with self._transaction() as db:
            matches = list(await db.execute_fetchall(*_parts(queries.matches_in_finishing_order(SQLITE))))
            players = await db.execute_fetchall(*_parts(queries.all_players(SQLITE)))
            book, deltas, count = replay(rows.replay_matches(SQLITE, matches, players))
            await _run(db, queries.delete_ratings(SQLITE))
            await db.executemany(
                queries.update_delta_sql(SQLITE), [(d, m, u) for (m, u), d in deltas.items()]
            )
            await db.executemany(
                queries.insert_rating_sql(SQLITE), [queries.rating_args(r) for r in book.rows()]
            )
        logger.info("rebuilt ratings of %s from %d matches", self._path, count)
        return count

    # --- plumbing --------------------------------------------------------------

    @asynccontextmanager
    async def _connection(self) -> AsyncIterator[aiosqlite.Connection]:
        if self._db is None:
            raise RuntimeError("SqliteMatchRepository is not open")
        async with self._lock:
            with _unavailable_on_failure(self._path):
                yield self._db

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        async with self._connection() as db:
            try:
                await (await db.execute("BEGIN IMMEDIATE")).close()
                yield db
                await db.commit()
            except BaseException:
                await db.rollback()  # a no-op when BEGIN itself failed
                raise

    async def _column(self, statement: Statement) -> list[Any]:
        async with self._connection() as db:
            return await _Session(db).fetch_column(statement)

    async def ping(self, timeout: float = 1.0) -> None:
        """``HealthProbe``: read the file's schema version on the repository's own connection.

        Waits its turn on the connection's lock like every other use, but at most
        ``timeout`` seconds in all; a closed repository, a file it cannot read or a
        lock held too long is ``StorageUnavailable``.
        """
        if self._db is None:
            raise StorageUnavailable(f"SQLite database {self._path!r} is not open")
        try:
            async with asyncio.timeout(timeout), self._connection() as db:
                await (await db.execute("PRAGMA schema_version")).close()
        except TimeoutError as exc:
            raise StorageUnavailable(f"SQLite database {self._path!r} did not answer in time") from exc
        except (sqlite3.Error, ValueError) as exc:
            raise StorageUnavailable(f"SQLite database {self._path!r}: {exc}") from exc


def _parts(statement: Statement) -> tuple[str, tuple[Any, ...]]:
    logger.debug("sqlite: %s %r", statement.sql, statement.args)
    return statement.sql, statement.args


async def _run(db: aiosqlite.Connection, statement: Statement) -> None:
    await (await db.execute(*_parts(statement))).close()
