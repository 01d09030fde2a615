"""The ``Executor`` on PostgreSQL: an asyncpg pool.

JSON columns travel as Python values on every pooled connection (the pool's
codecs). Write transactions run side by side, so one that names a ``Guard``
takes it first, as a transaction-scoped advisory lock; read-only ones are
``REPEATABLE READ``, one snapshot for all their statements. The DSN (with
whatever ``sslmode`` the configuration put in it) goes to asyncpg as it is and
never into a log or an error.
"""

from __future__ import annotations

import json
import logging
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from typing import Any

import asyncpg

from adapters.postgres.outage import UNAVAILABLE
from adapters.sql import queries
from adapters.sql.dialect import POSTGRES, Dialect, Statement, json_text
from adapters.sql.executor import Connection, MissingTable
from adapters.sql.guards import Guard
from adapters.sql.rows import Row
from application.ports import StorageUnavailable

logger = logging.getLogger(__name__)


async def _init_connection(conn: Any) -> None:
    """JSON columns travel as Python values on every pool connection."""
    for type_name in ("json", "jsonb"):
        await conn.set_type_codec(
            type_name,
            encoder=json_text,
            decoder=json.loads,
            schema="pg_catalog",
        )


class _PooledConnection:
    """The ``Connection`` of one connection borrowed from the pool."""

    def __init__(self, conn: Any) -> None:
        self._conn = conn

    async def execute(self, statement: Statement) -> None:
        await self._conn.execute(*_parts(statement))

    async def fetch(self, statement: Statement) -> Sequence[Row]:
        found: Sequence[Row] = await self._conn.fetch(*_parts(statement))
        return found

    async def fetchval(self, statement: Statement) -> Any:
        return await self._conn.fetchval(*_parts(statement))

    async def executemany(self, sql: str, rows: Iterable[tuple[Any, ...]]) -> None:
        await self._conn.executemany(sql, rows)

    async def run_script(self, sql: str) -> None:
        await self._conn.execute(sql)  # no arguments: the simple protocol, several statements allowed


class PostgresExecutor:
    """An ``Executor`` on the PostgreSQL database at ``dsn``.

    ``min_size``/``max_size``: the pool's connections; ``connect_timeout``:
    seconds to wait for each new connection.
    """

    def __init__(
        self, dsn: str, min_size: int = 1, max_size: int = 10, *, connect_timeout: float = 10.0
    ) -> None:
        self._dsn = dsn
        self._min_size = min_size
        self._max_size = max_size
        self._connect_timeout = connect_timeout
        self._pool: Any = None

    @property
    def dialect(self) -> Dialect:
        return POSTGRES

    @property
    def name(self) -> str:
        return "PostgreSQL"

    async def open(self) -> None:
        if self._pool is not None:
            return
        try:
            self._pool = await asyncpg.create_pool(
                self._dsn,
                min_size=self._min_size,
                max_size=self._max_size,
                init=_init_connection,
                timeout=self._connect_timeout,
            )
        except UNAVAILABLE as exc:
            raise StorageUnavailable(f"cannot connect to PostgreSQL: {exc!r}") from exc
        logger.info("opened PostgreSQL match repository (pool %d..%d)", self._min_size, self._max_size)

    async def close(self) -> None:
        pool, self._pool = self._pool, None
        if pool is not None:
            await pool.close()

    @asynccontextmanager
    async def _borrowed(self) -> AsyncIterator[Any]:
        """A pooled connection, given back when the block ends; failures mapped as the contract says."""
        if self._pool is None:
            raise RuntimeError("the PostgreSQL match repository is not open")
        try:
            async with self._pool.acquire() as conn:
                yield conn
        except UNAVAILABLE as exc:
            raise StorageUnavailable(f"PostgreSQL is unavailable: {exc!r}") from exc
        except asyncpg.exceptions.UndefinedTableError as exc:
            raise MissingTable(str(exc)) from exc

    @asynccontextmanager
    async def connection(self) -> AsyncIterator[Connection]:
        async with self._borrowed() as conn:
            yield _PooledConnection(conn)

    @asynccontextmanager
    async def transaction(
        self, *, guard: Guard | None = None, readonly: bool = False
    ) -> AsyncIterator[Connection]:
        options = {"isolation": "repeatable_read", "readonly": True} if readonly else {}
        async with self._borrowed() as conn, conn.transaction(**options):
            connection = _PooledConnection(conn)
            if guard is not None:
                await connection.execute(queries.advisory_lock(guard.key, shared=guard.shared))
            yield connection

    async def ping(self, timeout: float) -> None:
        """``SELECT 1`` on a pooled connection, all of it within ``timeout`` seconds.

        A closed pool, a server that refuses or does not answer, or a broken pooled
        connection is ``StorageUnavailable``; the error names no host.
        """
        if self._pool is None:
            raise StorageUnavailable("the PostgreSQL match repository is not open")
        try:
            async with self._pool.acquire(timeout=timeout) as conn:
                await conn.fetchval("SELECT 1", timeout=timeout)
        except TimeoutError as exc:
            raise StorageUnavailable(f"PostgreSQL did not answer within {timeout:.1f} s") from exc
        except (*UNAVAILABLE, asyncpg.PostgresError, asyncpg.InterfaceError) as exc:
            raise StorageUnavailable(f"PostgreSQL did not answer: {type(exc).__name__}") from exc


def _parts(statement: Statement) -> tuple[Any, ...]:
    logger.debug("postgres: %s %r", statement.sql, statement.args)
    return (statement.sql, *statement.args)
