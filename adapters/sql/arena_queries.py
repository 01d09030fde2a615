"""The arena repository's SQL, built with pypika once for both PostgreSQL and SQLite.

As in ``adapters.sql.queries``: each builder takes a ``Dialect`` and binds every
value through its ``Binder``; builders named ``*_sql`` return a text for
``executemany`` and the matching ``*_args`` function one row's arguments in the
same order. Where the dialect has upserts (``Dialect.upserts``), an insert that
must happen once says ``ON CONFLICT DO NOTHING`` itself; elsewhere the
repository looks the key up first, inside its exclusive write transaction.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pypika import Order, Table
from pypika.terms import Field, Term

from adapters.sql.dialect import Dialect, Statement, postgres_only, slot, statement
from application.arenas.records import Entrant, FinalStanding, PlayedGame
from domain.arenas.arena import Arena

ARENA = Table("arena")
ENTRANT = Table("arena_entrant")
GAME = Table("arena_game")
RESULT = Table("arena_result")
STANDING = Table("arena_standing")

ARENA_COLUMNS = (
    "id",
    "name",
    "game_type",
    "starts_at",
    "minutes",
    "turn_seconds",
    "options",
    "public",
    "berserk",
    "creator",
)
ENTRANT_COLUMNS = ("arena_id", "user_id", "name", "joined_at")
GAME_COLUMNS = (
    "arena_id",
    "game_id",
    "user_id",
    "outcome",
    "berserk",
    "opponent_rating",
    "started_at",
    "finished_at",
)
STANDING_COLUMNS = ("arena_id", "rank", "user_id", "name", "points", "games", "wins", "performance")
# A player's standing next to the arena in their history, named apart from the arena's columns.
STANDING_PREFIX = "standing_"
HISTORY_STANDING_COLUMNS = STANDING_COLUMNS[1:]


def ends_at() -> Term:
    """When an arena ends, spelled exactly as ``arena_listed_idx`` indexes it (the 60 is a constant
    of the schema, not a value: bound, it would no longer match the index)."""
    return ARENA.starts_at + ARENA.minutes * 60


def arena_fields() -> list[Field]:
    """The ``ARENA_COLUMNS`` of an arena row (``arena_rows.arena`` reads them)."""
    return [Field(column, table=ARENA) for column in ARENA_COLUMNS]


# --- arenas --------------------------------------------------------------------


def insert_arena(d: Dialect, arena: Arena) -> Statement:
    """Insert the arena row; where the dialect can, ``ON CONFLICT (id) DO NOTHING RETURNING id``."""
    b = d.binder()
    values = (
        arena.id,
        arena.name,
        arena.game_type,
        arena.starts_at,
        arena.minutes,
        arena.turn_seconds,
        d.encode_json(dict(arena.options)),
        arena.public,
        arena.berserk,
        arena.creator,
    )
    query = d.query.into(ARENA).columns(*ARENA_COLUMNS).insert(*[b(v) for v in values])
    if d.upserts:
        query = postgres_only(query).on_conflict(ARENA.id).do_nothing().returning(ARENA.id)
    return statement(query, b)


def arena_exists(d: Dialect, arena_id: str) -> Statement:
    b = d.binder()
    return statement(d.query.from_(ARENA).select(ARENA.id).where(ARENA.id == b(arena_id)), b)


def arena_by_id(d: Dialect, arena_id: str) -> Statement:
    b = d.binder()
    return statement(d.query.from_(ARENA).select(*arena_fields()).where(ARENA.id == b(arena_id)), b)


def listed(d: Dialect, now: float, limit: int) -> Statement:
    """The public arenas whose end is after ``now``, by start then id, at most ``limit``."""
    b = d.binder()
    query = (
        d.query.from_(ARENA)
        .select(*arena_fields())
        .where(ARENA.public & (ends_at() > b(now)))
        .orderby(ARENA.starts_at)
        .orderby(ARENA.id)
        .limit(slot(b(limit)))
    )
    return statement(query, b)


def unfinished(d: Dialect, now: float) -> Statement:
    """Every arena started by ``now`` with no final standings, by start then id.

    ``NOT finished`` lets ``arena_unfinished_idx`` skip the arenas closed long ago; the
    ``arena_result`` row decides (the flag is set with it, but an arena created after its standings
    were stored lacks it)."""
    b = d.binder()
    query = (
        d.query.from_(ARENA)
        .left_join(RESULT)
        .on(RESULT.arena_id == ARENA.id)
        .select(*arena_fields())
        .where(ARENA.finished.negate() & (ARENA.starts_at <= b(now)) & RESULT.arena_id.isnull())
        .orderby(ARENA.starts_at)
        .orderby(ARENA.id)
    )
    return statement(query, b)


# --- entrants ------------------------------------------------------------------


def insert_entrant(d: Dialect, entrant: Entrant) -> Statement:
    """Insert the entrant; where the dialect can, ``ON CONFLICT DO NOTHING RETURNING user_id``."""
    b = d.binder()
    values = (entrant.arena_id, entrant.user_id, entrant.name, entrant.joined_at)
    query = d.query.into(ENTRANT).columns(*ENTRANT_COLUMNS).insert(*[b(v) for v in values])
    if d.upserts:
        query = (
            postgres_only(query)
            .on_conflict(ENTRANT.arena_id, ENTRANT.user_id)
            .do_nothing()
            .returning(ENTRANT.user_id)
        )
    return statement(query, b)


def entrant_exists(d: Dialect, arena_id: str, user_id: str) -> Statement:
    b = d.binder()
    query = (
        d.query.from_(ENTRANT)
        .select(ENTRANT.user_id)
        .where((ENTRANT.arena_id == b(arena_id)) & (ENTRANT.user_id == b(user_id)))
    )
    return statement(query, b)


def entrants_of(d: Dialect, arena_id: str) -> Statement:
    """An arena's entrants in the order they joined (then user id)."""
    b = d.binder()
    query = (
        d.query.from_(ENTRANT)
        .select(*ENTRANT_COLUMNS)
        .where(ENTRANT.arena_id == b(arena_id))
        .orderby(ENTRANT.joined_at)
        .orderby(ENTRANT.user_id)
    )
    return statement(query, b)


# --- games ---------------------------------------------------------------------


def insert_game_sql(d: Dialect) -> str:
    """One recorded game row; where the dialect can, a row already there is skipped
    (``ON CONFLICT (game_id, user_id) DO NOTHING``)."""
    b = d.binder()
    query = d.query.into(GAME).columns(*GAME_COLUMNS).insert(*b.row(len(GAME_COLUMNS)))
    if d.upserts:
        query = postgres_only(query).on_conflict(GAME.game_id, GAME.user_id).do_nothing()
    return str(query.get_sql())


def game_args(game: PlayedGame) -> tuple[Any, ...]:
    return (
        game.arena_id,
        game.game_id,
        game.user_id,
        game.outcome.value,
        game.berserk,
        game.opponent_rating,
        game.started_at,
        game.finished_at,
    )


def recorded_keys(d: Dialect, game_ids: Sequence[str]) -> Statement:
    """The (game id, user id) of every row already recorded for ``game_ids``."""
    b = d.binder()
    query = (
        d.query.from_(GAME)
        .select(GAME.game_id, GAME.user_id)
        .where(GAME.game_id.isin([b(g) for g in game_ids]))
    )
    return statement(query, b)


def games_of(d: Dialect, arena_id: str, user_id: str | None) -> Statement:
    """An arena's recorded games (``user_id``'s only, unless ``None``) by start, game id, user id."""
    b = d.binder()
    criterion = GAME.arena_id == b(arena_id)
    if user_id is not None:
        criterion &= GAME.user_id == b(user_id)
    query = (
        d.query.from_(GAME)
        .select(*GAME_COLUMNS)
        .where(criterion)
        .orderby(GAME.started_at)
        .orderby(GAME.game_id)
        .orderby(GAME.user_id)
    )
    return statement(query, b)


# --- final standings -----------------------------------------------------------


def insert_result(d: Dialect, arena_id: str) -> Statement:
    """Mark the arena's standings stored; where the dialect can, ``ON CONFLICT DO NOTHING RETURNING``."""
    b = d.binder()
    query = d.query.into(RESULT).columns("arena_id").insert(b(arena_id))
    if d.upserts:
        query = postgres_only(query).on_conflict(RESULT.arena_id).do_nothing().returning(RESULT.arena_id)
    return statement(query, b)


def result_exists(d: Dialect, arena_id: str) -> Statement:
    b = d.binder()
    return statement(d.query.from_(RESULT).select(RESULT.arena_id).where(RESULT.arena_id == b(arena_id)), b)


def mark_finished(d: Dialect, arena_id: str) -> Statement:
    """The arena row (if there is one yet) says its standings are stored."""
    b = d.binder()
    return statement(d.query.update(ARENA).set(ARENA.finished, b(True)).where(ARENA.id == b(arena_id)), b)


def insert_standing_sql(d: Dialect) -> str:
    b = d.binder()
    return str(
        d.query.into(STANDING).columns(*STANDING_COLUMNS).insert(*b.row(len(STANDING_COLUMNS))).get_sql()
    )


def standing_args(arena_id: str, s: FinalStanding) -> tuple[Any, ...]:
    return (arena_id, s.rank, s.user_id, s.name, s.points, s.games, s.wins, s.performance)


def final_of(d: Dialect, arena_id: str) -> Statement:
    """The arena's final standings by rank then user id, in one statement: no row when they are not
    stored; one row with NULL standing columns when they are stored and empty."""
    b = d.binder()
    query = (
        d.query.from_(RESULT)
        .left_join(STANDING)
        .on(STANDING.arena_id == RESULT.arena_id)
        .select(*(Field(c, table=STANDING) for c in STANDING_COLUMNS))
        .where(RESULT.arena_id == b(arena_id))
        .orderby(STANDING.rank)
        .orderby(STANDING.user_id)
    )
    return statement(query, b)


# --- a player's history --------------------------------------------------------


def arenas_of(d: Dialect, user_id: str, limit: int) -> Statement:
    """The arenas ``user_id`` entered, latest start first (then id), each with the player's final
    standing in it (``STANDING_PREFIX`` columns, NULL while there is none), at most ``limit``."""
    b = d.binder()
    standing = [Field(c, table=STANDING).as_(STANDING_PREFIX + c) for c in HISTORY_STANDING_COLUMNS]
    query = (
        d.query.from_(ENTRANT)
        .join(ARENA)
        .on(ARENA.id == ENTRANT.arena_id)
        .left_join(STANDING)
        .on((STANDING.arena_id == ENTRANT.arena_id) & (STANDING.user_id == ENTRANT.user_id))
        .select(*arena_fields(), *standing)
        .where(ENTRANT.user_id == b(user_id))
        .orderby(ARENA.starts_at, order=Order.desc)
        .orderby(ARENA.id)
        .limit(slot(b(limit)))
    )
    return statement(query, b)
