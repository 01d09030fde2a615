"""The match repository on PostgreSQL (asyncpg pool, pypika-built SQL).

``record`` is one transaction: insert the match ``ON CONFLICT (id) DO
NOTHING``; only when that inserted, make sure every participant has a rating
row (inserted in user-id order, ``ON CONFLICT DO NOTHING``), lock those rows
with ``SELECT … ORDER BY user_id FOR UPDATE``, rate the match against them and
write the players and the new ratings. Every record takes the same locks in
the same order, so concurrent records sharing players queue instead of
deadlocking. ``rebuild_ratings`` holds an exclusive advisory lock that every
``record`` takes shared, so no match slips in while it replays. A write runs
to its end even when its caller is cancelled (``FinishingWrites``).
"""

from __future__ import annotations

import json
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import asyncpg

from adapters.postgres.outage import UNAVAILABLE as _UNAVAILABLE
from adapters.sql import queries, rows
from adapters.sql.dialect import POSTGRES, Statement
from adapters.sql.finishing_writes import FinishingWrites
from adapters.sql.migrations import PACKAGE, applied_names, apply_pending, discover, pending
from adapters.sql.replay import rate_recorded, replay, validate
from application.ports import StorageUnavailable
from application.records import FinishedMatch, HistoryCursor, MatchSummary, Rating
from domain.elo import START_RATING

logger = logging.getLogger(__name__)

# Advisory lock keys (64-bit): "tavolo" in ASCII, then a purpose number.
MIGRATION_LOCK_KEY = 0x7461766F6C6F_0001
REBUILD_LOCK_KEY = 0x7461766F6C6F_0002


async def _init_connection(conn: Any) -> None:
    """JSON columns travel as Python values on every pool connection."""
    for type_name in ("json", "jsonb"):
        await conn.set_type_codec(
            type_name,
            encoder=lambda v: json.dumps(v, ensure_ascii=False, separators=(",", ":")),
            decoder=json.loads,
            schema="pg_catalog",
        )


class _Session:
    """The ``MigrationSession`` of one open transaction."""

    def __init__(self, conn: Any) -> None:
        self._conn = conn

    async def run_script(self, sql: str) -> None:
        await self._conn.execute(sql)  # no arguments: the simple protocol, several statements allowed

    async def execute(self, statement: Statement) -> None:
        await self._conn.execute(*_parts(statement))

    async def fetch_column(self, statement: Statement) -> list[Any]:
        return [row[0] for row in await self._conn.fetch(*_parts(statement))]


class PostgresMatchRepository:
    """A ``MatchRepository`` in PostgreSQL. ``open()`` before use, ``close()`` after.

    ``connect_timeout``: seconds to wait for each new connection;
    ``migrations_package``: where the numbered SQL files live (tests use their own).
    """

    def __init__(
        self,
        dsn: str,
        min_size: int = 1,
        max_size: int = 10,
        *,
        connect_timeout: float = 10.0,
        migrations_package: str = PACKAGE,
    ) -> None:
        self._dsn = dsn
        self._migrations = migrations_package
        self._min_size = min_size
        self._max_size = max_size
        self._connect_timeout = connect_timeout
        self._pool: Any = None
        self._writes = FinishingWrites("PostgreSQL")

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
        except _UNAVAILABLE as exc:
            raise StorageUnavailable(f"cannot connect to PostgreSQL: {exc!r}") from exc
        logger.info("opened PostgreSQL match repository (pool %d..%d)", self._min_size, self._max_size)

    async def close(self) -> None:
        await self._writes.drain()
        pool, self._pool = self._pool, None
        if pool is not None:
            await pool.close()

    async def migrate(self) -> list[str]:
        return await self._writes.run(self._migrate())

    async def _migrate(self) -> list[str]:
        async with self._transaction() as conn:
            await conn.execute(*_parts(queries.advisory_lock(MIGRATION_LOCK_KEY, shared=False)))
            applied = await apply_pending(_Session(conn), POSTGRES, self._migrations)
        if applied:
            logger.info("applied PostgreSQL migrations %s", applied)
        return applied

    async def pending_migrations(self) -> list[str]:
        async with self._connection() as conn:
            try:
                done = [str(name) for name in await _Session(conn).fetch_column(applied_names(POSTGRES))]
            except asyncpg.exceptions.UndefinedTableError:
                done = []
        return [m.name for m in pending(discover(POSTGRES.name, self._migrations), done)]

    # --- the port ------------------------------------------------------------

    async def record(self, match: FinishedMatch) -> bool:
        validate(match)
        return await self._writes.run(self._record(match))

    async def _record(self, match: FinishedMatch) -> bool:
        async with self._transaction() as conn:
            await conn.execute(*_parts(queries.advisory_lock(REBUILD_LOCK_KEY, shared=True)))
            if await conn.fetchval(*_parts(queries.insert_match(POSTGRES, match))) is None:
                logger.debug("match %s already recorded", match.id)
                return False
            names = {p.user_id: p.name for p in match.participants}
            users = sorted(names)
            fresh = [Rating(u, match.game_type, names[u], START_RATING, 0, 0, 0) for u in users]
            await conn.executemany(
                queries.insert_rating_sql(POSTGRES, skip_existing=True),
                [queries.rating_args(r) for r in fresh],
            )
            locked = await conn.fetch(
                *_parts(queries.select_ratings(POSTGRES, match.game_type, users, lock=True))
            )
            deltas, updated = rate_recorded(match, [rows.rating(row) for row in locked])
            players = [
                queries.player_args(POSTGRES, match.id, p, deltas[p.user_id]) for p in match.participants
            ]
            await conn.executemany(queries.insert_player_sql(POSTGRES), players)
            await conn.executemany(
                queries.update_rating_sql(POSTGRES), [queries.update_rating_args(r) for r in updated]
            )
        logger.debug("recorded match %s (%s) with deltas %s", match.id, match.game_type, deltas)
        return True

    async def history(
        self, user_id: str, limit: int, cursor: HistoryCursor | None = None, game_type: str | None = None
    ) -> list[MatchSummary]:
        if limit <= 0:
            return []
        async with self._transaction(isolation="repeatable_read", readonly=True) as conn:
            page = await conn.fetch(
                *_parts(queries.history_page(POSTGRES, user_id, limit, cursor, game_type))
            )
            if not page:
                return []
            players = await conn.fetch(*_parts(queries.players_of(POSTGRES, [row["id"] for row in page])))
        return rows.summaries(POSTGRES, page, players)

    async def ratings(self, user_id: str) -> list[Rating]:
        async with self._connection() as conn:
            found = await conn.fetch(*_parts(queries.ratings_of(POSTGRES, user_id)))
        return [rows.rating(row) for row in found]

    async def leaderboard(
        self, game_type: str, offset: int, limit: int, exclude_prefix: str | None = None
    ) -> tuple[list[Rating], int]:
        if offset < 0:
            raise ValueError("offset must not be negative")
        async with self._transaction(isolation="repeatable_read", readonly=True) as conn:
            total = int(
                await conn.fetchval(*_parts(queries.count_rated(POSTGRES, game_type, exclude_prefix)))
            )
            if limit <= 0:
                return [], total
            page = await conn.fetch(
                *_parts(queries.leaderboard_page(POSTGRES, game_type, offset, limit, exclude_prefix))
            )
        return [rows.rating(row) for row in page], total

    async def rank_of(self, user_id: str, game_type: str, exclude_prefix: str | None = None) -> int | None:
        async with self._connection() as conn:
            rank = int(
                await conn.fetchval(*_parts(queries.rank_of(POSTGRES, user_id, game_type, exclude_prefix)))
            )
        return rank or None

    async def rebuild_ratings(self) -> int:
        return await self._writes.run(self._rebuild_ratings())

    async def _rebuild_ratings(self) -> int:
        async with self._transaction() as conn:
            await conn.execute(*_parts(queries.advisory_lock(REBUILD_LOCK_KEY, shared=False)))
            matches = await conn.fetch(*_parts(queries.matches_in_finishing_order(POSTGRES)))
            players = await conn.fetch(*_parts(queries.all_players(POSTGRES)))
            book, deltas, count = replay(rows.replay_matches(POSTGRES, matches, players))
            await conn.execute(*_parts(queries.delete_ratings(POSTGRES)))
            await conn.executemany(
                queries.update_delta_sql(POSTGRES), [(d, m, u) for (m, u), d in deltas.items()]
            )
            await conn.executemany(
                queries.insert_rating_sql(POSTGRES), [queries.rating_args(r) for r in book.rows()]
            )
        logger.info("rebuilt ratings from %d matches", count)
        return count

    # --- plumbing --------------------------------------------------------------

    @asynccontextmanager
    async def _connection(self) -> AsyncIterator[Any]:
        if self._pool is None:
            raise RuntimeError("PostgresMatchRepository is not open")
        try:
            async with self._pool.acquire() as conn:
                yield conn
        except _UNAVAILABLE as exc:
            raise StorageUnavailable(f"PostgreSQL is unavailable: {exc!r}") from exc

    @asynccontextmanager
    async def _transaction(self, **options: Any) -> AsyncIterator[Any]:
        async with self._connection() as conn, conn.transaction(**options):
            yield conn

    async def ping(self, timeout: float = 1.0) -> None:
        """``HealthProbe``: ``SELECT 1`` on a pooled connection, all of it within ``timeout`` seconds.

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
        except (*_UNAVAILABLE, asyncpg.PostgresError, asyncpg.InterfaceError) as exc:
            raise StorageUnavailable(f"PostgreSQL did not answer: {type(exc).__name__}") from exc


def _parts(statement: Statement) -> tuple[Any, ...]:
    logger.debug("postgres: %s %r", statement.sql, statement.args)
    return (statement.sql, *statement.args)
