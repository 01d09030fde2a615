"""The ``Executor`` on an SQLite file (aiosqlite), for a single host.

One connection, in autocommit mode, with foreign keys enforced; every use of
it is serialised by an asyncio lock. Every write transaction is one ``BEGIN
IMMEDIATE``, which takes SQLite's write lock up front: other processes on the
same file wait (up to ``busy_timeout``) instead of interleaving, so every
write transaction excludes every other one and a ``Guard`` asks for nothing
more. A read-only "transaction" is the locked connection, statement by
statement, with no ``BEGIN``: nothing is ever left open on the shared
connection when a read is cancelled.
"""

from __future__ import annotations

import asyncio
import logging
import os
import sqlite3
import threading
from collections.abc import AsyncIterator, Iterable, Iterator, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager, contextmanager
from typing import Any

import aiosqlite

from adapters.sql.dialect import SQLITE, Dialect, Statement
from adapters.sql.executor import Connection, MissingTable
from adapters.sql.guards import Guard
from adapters.sql.rows import Row
from adapters.sqlite.scripts import split_script
from application.ports import StorageUnavailable

logger = logging.getLogger(__name__)

# SQLite's messages for "cannot get at the database right now" (as opposed to a wrong statement).
_UNAVAILABLE = ("unable to open", "database is locked", "busy", "disk i/o", "readonly", "not a database")


@contextmanager
def _failures_mapped(name: str) -> Iterator[None]:
    try:
        yield
    except sqlite3.OperationalError as exc:
        message = str(exc)
        if any(marker in message.lower() for marker in _UNAVAILABLE):
            raise StorageUnavailable(f"{name}: {exc}") from exc
        if message.startswith("no such table"):
            raise MissingTable(message) from exc
        raise


def _missing_folder(path: str) -> str | None:
    """The folder a database file would be created in, when it does not exist."""
    if path in ("", ":memory:"):
        return None
    folder = os.path.dirname(os.path.abspath(path))
    return None if os.path.isdir(folder) else folder


class _SqliteConnection:
    """The ``Connection`` of the executor's one aiosqlite connection."""

    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db

    async def execute(self, statement: Statement) -> None:
        await (await self._db.execute(*_parts(statement))).close()

    async def fetch(self, statement: Statement) -> Sequence[Row]:
        return list(await self._db.execute_fetchall(*_parts(statement)))

    async def fetchval(self, statement: Statement) -> Any:
        found = list(await self._db.execute_fetchall(*_parts(statement)))
        return found[0][0] if found else None

    async def executemany(self, sql: str, rows: Iterable[tuple[Any, ...]]) -> None:
        await self._db.executemany(sql, rows)

    async def run_script(self, sql: str) -> None:
        for text in split_script(sql):
            await (await self._db.execute(text)).close()


class SqliteExecutor:
    """An ``Executor`` on the SQLite file at ``path`` (or ``":memory:"``).

    ``busy_timeout``: how long to wait for another process's write lock.
    """

    def __init__(self, path: str, *, busy_timeout: float = 5.0) -> None:
        self._path = path
        self._busy_timeout = busy_timeout
        self._db: aiosqlite.Connection | None = None
        self._lock = asyncio.Lock()

    @property
    def dialect(self) -> Dialect:
        return SQLITE

    @property
    def name(self) -> str:
        return f"SQLite database {self._path!r}"

    async def open(self) -> None:
        if self._db is not None:
            return
        # Checked up front: aiosqlite's own failure path leaves its worker thread to finish later.
        missing = await asyncio.to_thread(_missing_folder, self._path)
        if missing is not None:
            raise StorageUnavailable(f"cannot open {self.name}: no folder {missing!r}")
        connecting = aiosqlite.connect(self._path, isolation_level=None, timeout=self._busy_timeout)
        # aiosqlite runs the connection in a thread that outlives the event loop unless closed; a
        # process stopped before it closed its storage (a server interrupted while starting) would
        # then never exit. As a daemon it never holds a process up; close() still ends it cleanly.
        # (Before aiosqlite 0.22 the connection object is that thread itself.)
        thread = getattr(connecting, "_thread", connecting)
        if isinstance(thread, threading.Thread):
            thread.daemon = True
        try:
            db = await connecting
        except (sqlite3.Error, OSError) as exc:
            raise StorageUnavailable(f"cannot open {self.name}: {exc}") from exc
        db.row_factory = sqlite3.Row
        await (await db.execute("PRAGMA foreign_keys = ON")).close()
        self._db = db
        logger.info("opened SQLite match repository %s", self._path)

    async def close(self) -> None:
        db, self._db = self._db, None
        if db is not None:
            await db.close()

    @asynccontextmanager
    async def _held(self) -> AsyncIterator[aiosqlite.Connection]:
        """The connection, for as long as this caller holds its lock."""
        if self._db is None:
            raise RuntimeError(f"{self.name} is not open")
        async with self._lock:
            with _failures_mapped(self.name):
                yield self._db

    def connection(self) -> AbstractAsyncContextManager[Connection]:
        """The locked connection, statement by statement: what a read-only transaction is here too."""
        return self.transaction(readonly=True)

    @asynccontextmanager
    async def transaction(
        self, *, guard: Guard | None = None, readonly: bool = False
    ) -> AsyncIterator[Connection]:
        async with self._held() as db:
            connection = _SqliteConnection(db)
            if readonly:
                yield connection
                return
            try:
                await (await db.execute("BEGIN IMMEDIATE")).close()
                yield connection
                await db.commit()
            except BaseException:
                await db.rollback()  # a no-op when BEGIN itself failed
                raise

    async def ping(self, timeout: float) -> None:
        """Read the file's schema version on the executor's own connection.

        Waits its turn on the connection's lock like every other use, but at most
        ``timeout`` seconds in all; a closed executor, a file it cannot read or a
        lock held too long is ``StorageUnavailable``.
        """
        if self._db is None:
            raise StorageUnavailable(f"{self.name} is not open")
        try:
            async with asyncio.timeout(timeout), self.connection() as connection:
                await connection.execute(Statement("PRAGMA schema_version", ()))
        except TimeoutError as exc:
            raise StorageUnavailable(f"{self.name} did not answer in time") from exc
        except (sqlite3.Error, ValueError) as exc:
            raise StorageUnavailable(f"{self.name}: {exc}") from exc


def _parts(statement: Statement) -> tuple[str, tuple[Any, ...]]:
    logger.debug("sqlite: %s %r", statement.sql, statement.args)
    return statement.sql, statement.args
