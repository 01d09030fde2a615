"""The arena repository on an SQL database, written once over an ``Executor``.

``SqlArenaRepository`` runs on the executor of a ``SqlMatchRepository``
(``SqlMatchRepository.arenas()``): the same pool or SQLite connection, the
same ``FinishingWrites`` (so closing the match repository waits for arena
writes too), the schema of migration ``0004_arenas``. Reads are one statement
each on ``connection()``. Each write is one write transaction that runs to its
end even when its caller is cancelled, and is written once however many
workers race to write it, by what the dialect can say (``Dialect.upserts``):

* with upserts (PostgreSQL), the insert itself answers: ``ON CONFLICT DO
  NOTHING`` on the primary key, ``RETURNING`` the key when it inserted. A
  writer that meets another's uncommitted row waits for its commit (then does
  nothing) or its rollback (then inserts), so no guard is needed; recorded
  games are inserted in (game id, user id) order, so that two batches sharing
  rows take their row locks in the same order and queue instead of
  deadlocking.
* without them (SQLite), the key is looked up first and inserted when absent:
  exact because every write transaction there is ``BEGIN IMMEDIATE`` and
  excludes every other writer, as in ``adapters.sql.recording``.

``finish`` inserts the arena's ``arena_result`` row the same way, and only
the writer that inserted it writes the standings (and sets the arena's
``finished`` flag), in the same transaction.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

from adapters.sql import arena_queries as queries
from adapters.sql import arena_rows as rows
from adapters.sql.dialect import Dialect
from adapters.sql.executor import Connection, Executor
from adapters.sql.finishing_writes import FinishingWrites
from application.arenas.records import Entrant, FinalStanding, PlayedArena, PlayedGame
from domain.arenas.arena import Arena

logger = logging.getLogger(__name__)

LOOKUP_CHUNK = 500
"""Game ids per look-up of recorded rows (without upserts), well under SQLite's bound parameters."""


class SqlArenaRepository:
    """An ``ArenaRepository`` on ``executor``, opened and closed by the match repository that
    made it; ``writes`` are that repository's, so both drain together."""

    def __init__(self, executor: Executor, writes: FinishingWrites) -> None:
        self._executor = executor
        self._dialect = executor.dialect
        self._writes = writes

    # --- reads -----------------------------------------------------------------

    async def get(self, arena_id: str) -> Arena | None:
        async with self._executor.connection() as connection:
            found = await connection.fetch(queries.arena_by_id(self._dialect, arena_id))
        return rows.arena(self._dialect, found[0]) if found else None

    async def listed(self, now: float, limit: int) -> list[Arena]:
        if limit <= 0:
            return []
        async with self._executor.connection() as connection:
            found = await connection.fetch(queries.listed(self._dialect, now, limit))
        return [rows.arena(self._dialect, row) for row in found]

    async def unfinished(self, now: float) -> list[Arena]:
        async with self._executor.connection() as connection:
            found = await connection.fetch(queries.unfinished(self._dialect, now))
        return [rows.arena(self._dialect, row) for row in found]

    async def entrants(self, arena_id: str) -> list[Entrant]:
        async with self._executor.connection() as connection:
            found = await connection.fetch(queries.entrants_of(self._dialect, arena_id))
        return [rows.entrant(row) for row in found]

    async def games(self, arena_id: str, user_id: str | None = None) -> list[PlayedGame]:
        async with self._executor.connection() as connection:
            found = await connection.fetch(queries.games_of(self._dialect, arena_id, user_id))
        return [rows.played_game(row) for row in found]

    async def final(self, arena_id: str) -> list[FinalStanding] | None:
        async with self._executor.connection() as connection:
            found = await connection.fetch(queries.final_of(self._dialect, arena_id))
        return rows.final(found)

    async def arenas_of(self, user_id: str, limit: int) -> list[PlayedArena]:
        if limit <= 0:
            return []
        async with self._executor.connection() as connection:
            found = await connection.fetch(queries.arenas_of(self._dialect, user_id, limit))
        return [rows.played_arena(self._dialect, row) for row in found]

    # --- writes ----------------------------------------------------------------

    async def create(self, arena: Arena) -> bool:
        return await self._writes.run(self._create(arena))

    async def _create(self, arena: Arena) -> bool:
        d = self._dialect
        async with self._executor.transaction() as connection:
            if d.upserts:
                created = await connection.fetchval(queries.insert_arena(d, arena)) is not None
            elif await connection.fetch(queries.arena_exists(d, arena.id)):
                created = False
            else:
                await connection.execute(queries.insert_arena(d, arena))
                created = True
        if not created:
            logger.debug("arena %s exists already", arena.id)
        return created

    async def enter(self, entrant: Entrant) -> bool:
        return await self._writes.run(self._enter(entrant))

    async def _enter(self, entrant: Entrant) -> bool:
        d = self._dialect
        async with self._executor.transaction() as connection:
            if d.upserts:
                return await connection.fetchval(queries.insert_entrant(d, entrant)) is not None
            if await connection.fetch(queries.entrant_exists(d, entrant.arena_id, entrant.user_id)):
                return False
            await connection.execute(queries.insert_entrant(d, entrant))
            return True

    async def record_games(self, games: Sequence[PlayedGame]) -> None:
        if games:
            await self._writes.run(self._record_games(games))

    async def _record_games(self, games: Sequence[PlayedGame]) -> None:
        d = self._dialect
        unique: dict[tuple[str, str], PlayedGame] = {}
        for game in games:
            unique.setdefault((game.game_id, game.user_id), game)  # a repeated row: the first stays
        ordered = [unique[key] for key in sorted(unique)]
        async with self._executor.transaction() as connection:
            if not d.upserts:
                recorded = await _recorded_keys(connection, d, sorted({game_id for game_id, _ in unique}))
                ordered = [g for g in ordered if (g.game_id, g.user_id) not in recorded]
            await connection.executemany(queries.insert_game_sql(d), [queries.game_args(g) for g in ordered])

    async def finish(self, arena_id: str, standings: Sequence[FinalStanding]) -> bool:
        return await self._writes.run(self._finish(arena_id, standings))

    async def _finish(self, arena_id: str, standings: Sequence[FinalStanding]) -> bool:
        d = self._dialect
        async with self._executor.transaction() as connection:
            if d.upserts:
                stored = await connection.fetchval(queries.insert_result(d, arena_id)) is not None
            elif await connection.fetch(queries.result_exists(d, arena_id)):
                stored = False
            else:
                await connection.execute(queries.insert_result(d, arena_id))
                stored = True
            if stored:
                args = [queries.standing_args(arena_id, s) for s in standings]
                await connection.executemany(queries.insert_standing_sql(d), args)
                await connection.execute(queries.mark_finished(d, arena_id))
        if stored:
            logger.debug("stored the final standings of arena %s (%d players)", arena_id, len(standings))
        else:
            logger.debug("arena %s has its final standings already", arena_id)
        return stored


async def _recorded_keys(connection: Connection, d: Dialect, game_ids: list[str]) -> set[tuple[str, str]]:
    """The (game id, user id) already recorded for ``game_ids``, looked up ``LOOKUP_CHUNK`` at a time."""
    found: set[tuple[str, str]] = set()
    for start in range(0, len(game_ids), LOOKUP_CHUNK):
        chunk = game_ids[start : start + LOOKUP_CHUNK]
        for row in await connection.fetch(queries.recorded_keys(d, chunk)):
            found.add((row["game_id"], row["user_id"]))
    return found
