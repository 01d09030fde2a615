"""Arena rows back into records, for both drivers (asyncpg ``Record`` and ``sqlite3.Row`` index by name).

SQLite gives booleans back as 0/1 and PostgreSQL as ``bool``; both give REAL/DOUBLE
PRECISION as ``float``. JSON (an arena's options) is decoded as the dialect says.
"""

from __future__ import annotations

from collections.abc import Sequence

from adapters.sql.arena_queries import STANDING_PREFIX
from adapters.sql.dialect import Dialect
from adapters.sql.rows import Row
from application.arenas.records import Entrant, FinalStanding, PlayedArena, PlayedGame
from domain.arenas.arena import Arena
from domain.arenas.scoring import Outcome


def arena(d: Dialect, row: Row) -> Arena:
    """A row of ``arena_queries.ARENA_COLUMNS``."""
    return Arena(
        id=row["id"],
        name=row["name"],
        game_type=row["game_type"],
        starts_at=float(row["starts_at"]),
        minutes=int(row["minutes"]),
        turn_seconds=float(row["turn_seconds"]),
        options=d.decode_json(row["options"]),
        public=bool(row["public"]),
        berserk=bool(row["berserk"]),
        creator=row["creator"],
    )


def entrant(row: Row) -> Entrant:
    return Entrant(
        arena_id=row["arena_id"],
        user_id=row["user_id"],
        name=row["name"],
        joined_at=float(row["joined_at"]),
    )


def played_game(row: Row) -> PlayedGame:
    return PlayedGame(
        arena_id=row["arena_id"],
        game_id=row["game_id"],
        user_id=row["user_id"],
        outcome=Outcome(row["outcome"]),
        berserk=bool(row["berserk"]),
        opponent_rating=float(row["opponent_rating"]),
        started_at=float(row["started_at"]),
        finished_at=float(row["finished_at"]),
    )


def standing(row: Row, prefix: str = "") -> FinalStanding:
    """A row of ``arena_queries.STANDING_COLUMNS`` (the history's are named with ``prefix``)."""
    performance = row[prefix + "performance"]
    return FinalStanding(
        rank=int(row[prefix + "rank"]),
        user_id=row[prefix + "user_id"],
        name=row[prefix + "name"],
        points=int(row[prefix + "points"]),
        games=int(row[prefix + "games"]),
        wins=int(row[prefix + "wins"]),
        performance=None if performance is None else int(performance),
    )


def final(found: Sequence[Row]) -> list[FinalStanding] | None:
    """``arena_queries.final_of``'s rows: ``None`` without any (not finished); a row with no
    standing (its rank is NULL) is an arena finished with no standings."""
    if not found:
        return None
    return [standing(row) for row in found if row["rank"] is not None]


def played_arena(d: Dialect, row: Row) -> PlayedArena:
    """A row of ``arena_queries.arenas_of``: the arena, and the player's standing once there is one."""
    placed = row[STANDING_PREFIX + "rank"] is not None
    return PlayedArena(arena(d, row), standing(row, STANDING_PREFIX) if placed else None)
