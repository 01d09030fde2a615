"""The match repository on an SQL database, written once over an ``Executor``.

Every method of the ``MatchRepository`` port, the schema migrations and the
health probe live here; the executor (SQLite or PostgreSQL) lends connections
and transactions. Reads that take two statements (a history page or one match
and its players, a leaderboard page and its total) run in one read-only transaction;
writes run in one write transaction each, guarded against the writes they
must not overlap (``adapters.sql.guards``), and run to their end even when
their caller is cancelled (``FinishingWrites``), so a connection is never
left inside a transaction for the next caller to trip over.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from adapters.sql import queries, rows
from adapters.sql.adoption import adopt_in
from adapters.sql.arenas import SqlArenaRepository
from adapters.sql.executor import Executor, MissingTable
from adapters.sql.finishing_writes import FinishingWrites
from adapters.sql.guards import ADOPTING, MIGRATING, REBUILDING, RECORDING
from adapters.sql.migrations import PACKAGE, applied, apply_pending, discover, pending
from adapters.sql.recording import record_in
from application.results.archive import FinishedMatch, HistoryCursor, MatchSummary, Rating
from application.results.rating_book import rebuild, validate

logger = logging.getLogger(__name__)


class SqlMatchRepository:
    """A ``MatchRepository`` (and ``HealthProbe``) on ``executor``. ``open()`` before use, ``close()`` after.

    ``migrations_package``: where the numbered SQL files live (tests use their own).
    """

    def __init__(self, executor: Executor, *, migrations_package: str = PACKAGE) -> None:
        self._executor = executor
        self._dialect = executor.dialect
        self._migrations = migrations_package
        self._writes = FinishingWrites(executor.name)
        self._arenas = SqlArenaRepository(executor, self._writes)

    async def open(self) -> None:
        await self._executor.open()

    async def close(self) -> None:
        await self._writes.drain()
        await self._executor.close()

    def arenas(self) -> SqlArenaRepository:
        """The ``ArenaRepository`` on the same executor (pool or connection) and the same finishing
        writes, opened and closed with this repository; one per match repository."""
        return self._arenas

    async def ping(self, timeout: float = 1.0) -> None:
        """``HealthProbe``: the executor's ping, within ``timeout`` seconds or ``StorageUnavailable``."""
        await self._executor.ping(timeout)

    # --- reads -----------------------------------------------------------------

    async def ratings(self, user_id: str) -> list[Rating]:
        async with self._executor.connection() as connection:
            found = await connection.fetch(queries.ratings_of(self._dialect, user_id))
        return [rows.rating(row) for row in found]

    async def rank_of(self, user_id: str, game_type: str, exclude_prefix: str | None = None) -> int | None:
        statement = queries.rank_of(self._dialect, user_id, game_type, exclude_prefix)
        async with self._executor.connection() as connection:
            rank = int(await connection.fetchval(statement))
        return rank or None

    async def leaderboard(
        self, game_type: str, offset: int, limit: int, exclude_prefix: str | None = None
    ) -> tuple[list[Rating], int]:
        if offset < 0:
            raise ValueError("offset must not be negative")
        d = self._dialect
        async with self._executor.transaction(readonly=True) as connection:
            total = int(await connection.fetchval(queries.count_rated(d, game_type, exclude_prefix)))
            if limit <= 0:
                return [], total
            page = await connection.fetch(
                queries.leaderboard_page(d, game_type, offset, limit, exclude_prefix)
            )
        return [rows.rating(row) for row in page], total

    async def match(self, match_id: str) -> MatchSummary | None:
        d = self._dialect
        async with self._executor.transaction(readonly=True) as connection:
            found = await connection.fetch(queries.match_by_id(d, match_id))
            if not found:
                return None
            players = await connection.fetch(queries.players_of(d, [match_id]))
        [summary] = rows.summaries(d, found, players)
        return summary

    async def match_record(self, match_id: str) -> Mapping[str, Any] | None:
        async with self._executor.connection() as connection:
            found = await connection.fetch(queries.record_by_id(self._dialect, match_id))
        if not found or found[0]["record"] is None:
            return None
        record: Mapping[str, Any] = self._dialect.decode_json(found[0]["record"])
        return record

    async def history(
        self, user_id: str, limit: int, cursor: HistoryCursor | None = None, game_type: str | None = None
    ) -> list[MatchSummary]:
        d = self._dialect
        if limit <= 0:
            return []
        async with self._executor.transaction(readonly=True) as connection:
            page = await connection.fetch(queries.history_page(d, user_id, limit, cursor, game_type))
            if not page:
                return []
            players = await connection.fetch(queries.players_of(d, [row["id"] for row in page]))
        return rows.summaries(d, page, players)

    async def pending_migrations(self) -> list[str]:
        try:
            async with self._executor.connection() as connection:
                done = await applied(connection, self._dialect)
        except MissingTable:
            done = []
        return [m.name for m in pending(discover(self._dialect.name, self._migrations), done)]

    # --- writes ----------------------------------------------------------------

    async def record(self, match: FinishedMatch) -> bool:
        validate(match)
        return await self._writes.run(self._record(match))

    async def _record(self, match: FinishedMatch) -> bool:
        async with self._executor.transaction(guard=RECORDING) as connection:
            changes = await record_in(connection, self._dialect, match)
        if changes is None:
            logger.debug("match %s already recorded", match.id)
            return False
        if match.rated:
            logger.debug("recorded match %s (%s) with changes %s", match.id, match.game_type, changes)
        else:
            logger.debug("recorded casual match %s (%s)", match.id, match.game_type)
        return True

    async def rebuild_ratings(self) -> int:
        return await self._writes.run(self._rebuild_ratings())

    async def _rebuild_ratings(self) -> int:
        d = self._dialect
        async with self._executor.transaction(guard=REBUILDING) as connection:
            matches = await connection.fetch(queries.rated_matches_in_finishing_order(d))
            players = await connection.fetch(queries.players_of_rated_matches(d))
            book, changes, count = rebuild(rows.rated_matches(d, matches, players))
            await connection.execute(queries.delete_ratings(d))
            replayed = [queries.rebuilt_args(m, u, change) for (m, u), change in changes.items()]
            await connection.executemany(queries.update_rebuilt_sql(d), replayed)
            await connection.execute(queries.reset_casual_players(d))
            await connection.executemany(
                queries.insert_rating_sql(d), [queries.rating_args(r) for r in book.rows()]
            )
        logger.info("rebuilt ratings of %s from %d rated matches", self._executor.name, count)
        return count

    async def adopt(self, from_user: str, to_user: str, to_name: str) -> int | None:
        return await self._writes.run(self._adopt(from_user, to_user, to_name))

    async def _adopt(self, from_user: str, to_user: str, to_name: str) -> int | None:
        async with self._executor.transaction(guard=ADOPTING) as connection:
            moved = await adopt_in(connection, self._dialect, from_user, to_user, to_name)
        if moved is None:
            logger.debug("%s already has matches or ratings: nothing of %s moved", to_user, from_user)
        else:
            logger.info("moved %d matches of %s to %s", moved, from_user, to_user)
        return moved

    async def migrate(self) -> list[str]:
        return await self._writes.run(self._migrate())

    async def _migrate(self) -> list[str]:
        async with self._executor.transaction(guard=MIGRATING) as connection:
            names = await apply_pending(connection, self._dialect, self._migrations)
        if names:
            logger.info("applied %s migrations %s to %s", self._dialect.name, names, self._executor.name)
        return names
