"""The match repository's SQL, built with pypika once for both PostgreSQL and SQLite.

Each builder takes a ``Dialect`` (see ``adapters.sql.dialect``) and binds every
value through its ``Binder``. Builders named ``*_sql`` return a text for
``executemany``; the matching ``*_args`` function gives one row's arguments in
the same order.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pypika import Order, Table
from pypika import functions as fn
from pypika.dialects import PostgreSQLQuery
from pypika.terms import CustomFunction, Field

from adapters.sql.dialect import POSTGRES, Dialect, Statement, postgres_only, slot, statement
from application.results.archive import FinishedMatch, HistoryCursor, Participant, Rating
from application.results.rating_book import RatingChange, encode_sides

MATCH = Table("match")
PLAYER = Table("match_player")
RATING = Table("player_rating")

MATCH_COLUMNS = (
    "id",
    "game_type",
    "started_at",
    "finished_at",
    "result",
    "sides",
    "winner",
    "rated",
    "record",
)
PLAYER_COLUMNS = (
    "match_id",
    "user_id",
    "name",
    "seat",
    "team",
    "won",
    "points",
    "elo_delta",
    "rating_before",
    "details",
)
# What history shows of a match row (``rows.summaries`` reads them, and ``has_record``).
SUMMARY_COLUMNS = ("id", "game_type", "started_at", "finished_at", "result", "rated")


def summary_fields() -> list[Any]:
    """The ``SUMMARY_COLUMNS`` of a match row, and whether it kept a record (not the record)."""
    return [
        *(Field(column, table=MATCH) for column in SUMMARY_COLUMNS),
        MATCH.record.notnull().as_("has_record"),
    ]


RATING_COLUMNS = ("user_id", "game_type", "name", "rating", "matches", "wins", "points")


# --- record ------------------------------------------------------------------


def insert_match(d: Dialect, match: FinishedMatch) -> Statement:
    """Insert the match row; where the dialect can, ``ON CONFLICT (id) DO NOTHING RETURNING id``."""
    b = d.binder()
    values = (
        match.id,
        match.game_type,
        match.started_at,
        match.finished_at,
        d.encode_json(dict(match.result)),
        d.encode_json(encode_sides(match.sides)),
        match.winner,
        match.rated,
        None if match.record is None else d.encode_json(dict(match.record)),
    )
    query = d.query.into(MATCH).columns(*MATCH_COLUMNS).insert(*[b(v) for v in values])
    if d.upserts:
        query = postgres_only(query).on_conflict(MATCH.id).do_nothing().returning(MATCH.id)
    return statement(query, b)


def match_exists(d: Dialect, match_id: str) -> Statement:
    b = d.binder()
    return statement(d.query.from_(MATCH).select(MATCH.id).where(MATCH.id == b(match_id)), b)


def insert_player_sql(d: Dialect) -> str:
    b = d.binder()
    return str(d.query.into(PLAYER).columns(*PLAYER_COLUMNS).insert(*b.row(len(PLAYER_COLUMNS))).get_sql())


def player_args(d: Dialect, match_id: str, p: Participant, change: RatingChange | None) -> tuple[Any, ...]:
    """One participant's row; ``change`` is ``None`` for a casual match (delta 0, no rating before)."""
    details = d.encode_json(dict(p.details))
    delta, before = (0, None) if change is None else (change.delta, change.before)
    return (match_id, p.user_id, p.name, p.seat, p.team, p.won, p.points, delta, before, details)


def select_ratings(d: Dialect, game_type: str, user_ids: Sequence[str], lock: bool) -> Statement:
    """The rating rows of ``user_ids`` in one game type, by user id (``lock``: FOR UPDATE, in that order)."""
    b = d.binder()
    query = (
        d.query.from_(RATING)
        .select(*RATING_COLUMNS)
        .where((RATING.game_type == b(game_type)) & RATING.user_id.isin([b(u) for u in user_ids]))
        .orderby(RATING.user_id)
    )
    if lock:
        if not d.upserts:
            raise ValueError(f"{d.name} has no row locks")
        query = query.for_update()
    return statement(query, b)


def insert_rating_sql(d: Dialect, skip_existing: bool = False) -> str:
    b = d.binder()
    query = d.query.into(RATING).columns(*RATING_COLUMNS).insert(*b.row(len(RATING_COLUMNS)))
    if skip_existing:
        query = postgres_only(query).on_conflict(RATING.user_id, RATING.game_type).do_nothing()
    return str(query.get_sql())


def rating_args(r: Rating) -> tuple[Any, ...]:
    return (r.user_id, r.game_type, r.name, r.rating, r.matches, r.wins, r.points)


def update_rating_sql(d: Dialect) -> str:
    b = d.binder()
    query = d.query.update(RATING)
    for column in RATING_COLUMNS[2:]:
        query = query.set(Field(column, table=RATING), b(None))
    query = query.where((RATING.user_id == b(None)) & (RATING.game_type == b(None)))
    return str(query.get_sql())


def update_rating_args(r: Rating) -> tuple[Any, ...]:
    return (r.name, r.rating, r.matches, r.wins, r.points, r.user_id, r.game_type)


def advisory_lock(key: int, shared: bool) -> Statement:
    """PostgreSQL only: a transaction-scoped advisory lock on ``key``."""
    b = POSTGRES.binder()
    name = "pg_advisory_xact_lock_shared" if shared else "pg_advisory_xact_lock"
    return statement(PostgreSQLQuery.select(CustomFunction(name, ["key"])(b(key))), b)


# --- reads ---------------------------------------------------------------------


def history_page(
    d: Dialect, user_id: str, limit: int, cursor: HistoryCursor | None, game_type: str | None
) -> Statement:
    """One page of a user's matches, newest first by (finished_at, id), strictly after ``cursor``."""
    b = d.binder()
    criterion = PLAYER.user_id == b(user_id)
    if game_type is not None:
        criterion &= MATCH.game_type == b(game_type)
    if cursor is not None:
        criterion &= (MATCH.finished_at < b(cursor.finished_at)) | (
            (MATCH.finished_at == b(cursor.finished_at)) & (MATCH.id < b(cursor.match_id))
        )
    query = (
        d.query.from_(MATCH)
        .join(PLAYER)
        .on(PLAYER.match_id == MATCH.id)
        .select(*summary_fields())
        .where(criterion)
        .orderby(MATCH.finished_at, order=Order.desc)
        .orderby(MATCH.id, order=Order.desc)
        .limit(slot(b(limit)))
    )
    return statement(query, b)


def match_by_id(d: Dialect, match_id: str) -> Statement:
    """The match row ``match_id`` as history shows it (no row: not recorded)."""
    b = d.binder()
    query = d.query.from_(MATCH).select(*summary_fields()).where(MATCH.id == b(match_id))
    return statement(query, b)


def record_by_id(d: Dialect, match_id: str) -> Statement:
    """The match record of ``match_id`` (no row: not recorded; NULL: recorded without one)."""
    b = d.binder()
    return statement(d.query.from_(MATCH).select(MATCH.record).where(MATCH.id == b(match_id)), b)


def players_of(d: Dialect, match_ids: Sequence[str]) -> Statement:
    b = d.binder()
    query = (
        d.query.from_(PLAYER)
        .select(*PLAYER_COLUMNS)
        .where(PLAYER.match_id.isin([b(m) for m in match_ids]))
        .orderby(PLAYER.match_id)
        .orderby(PLAYER.seat)
    )
    return statement(query, b)


def ratings_of(d: Dialect, user_id: str) -> Statement:
    b = d.binder()
    query = d.query.from_(RATING).select(*RATING_COLUMNS).where(RATING.user_id == b(user_id))
    return statement(query.orderby(RATING.game_type), b)


def _on_board(b: Any, table: Any, game_type: str, exclude_prefix: str | None) -> Any:
    """The rows of a game type's board, less the user ids starting with ``exclude_prefix``."""
    condition = table.game_type == b(game_type)
    if exclude_prefix is not None:
        condition &= table.user_id.not_like(b(like_prefix(exclude_prefix)))
    return condition


def like_prefix(prefix: str) -> str:
    """A LIKE pattern for ids starting with ``prefix`` (which may hold no wildcard)."""
    if any(ch in prefix for ch in "%_\\"):
        raise ValueError(f"a prefix with LIKE wildcards: {prefix!r}")
    return prefix + "%"


def leaderboard_page(
    d: Dialect, game_type: str, offset: int, limit: int, exclude_prefix: str | None = None
) -> Statement:
    b = d.binder()
    query = (
        d.query.from_(RATING)
        .select(*RATING_COLUMNS)
        .where(_on_board(b, RATING, game_type, exclude_prefix))
        .orderby(RATING.rating, order=Order.desc)
        .orderby(RATING.wins, order=Order.desc)
        .orderby(RATING.user_id)
        .limit(slot(b(limit)))
        .offset(slot(b(offset)))
    )
    return statement(query, b)


def count_rated(d: Dialect, game_type: str, exclude_prefix: str | None = None) -> Statement:
    b = d.binder()
    condition = _on_board(b, RATING, game_type, exclude_prefix)
    return statement(d.query.from_(RATING).select(fn.Count("*")).where(condition), b)


def rank_of(d: Dialect, user_id: str, game_type: str, exclude_prefix: str | None = None) -> Statement:
    """How many players of the game type rank at or before the user (0: the user is not rated)."""
    b = d.binder()
    other, me = RATING.as_("other"), Table("player_rating").as_("me")
    ahead = (other.rating > me.rating) | (
        (other.rating == me.rating)
        & ((other.wins > me.wins) | ((other.wins == me.wins) & (other.user_id <= me.user_id)))
    )
    query = (
        d.query.from_(other)
        .join(me)
        .on(me.game_type == other.game_type)
        .select(fn.Count("*"))
        .where((me.user_id == b(user_id)) & (me.game_type == b(game_type)) & ahead)
    )
    if exclude_prefix is not None:
        pattern: Any = b(like_prefix(exclude_prefix))
        query = query.where(other.user_id.not_like(pattern))
    return statement(query, b)


# --- rebuild -------------------------------------------------------------------


def rated_matches_in_finishing_order(d: Dialect) -> Statement:
    b = d.binder()
    query = (
        d.query.from_(MATCH)
        .select(MATCH.id, MATCH.game_type, MATCH.sides, MATCH.winner)
        .where(MATCH.rated == b(True))
    )
    return statement(query.orderby(MATCH.finished_at).orderby(MATCH.id), b)


def players_of_rated_matches(d: Dialect) -> Statement:
    b = d.binder()
    query = (
        d.query.from_(PLAYER)
        .join(MATCH)
        .on(MATCH.id == PLAYER.match_id)
        .select(PLAYER.match_id, PLAYER.user_id, PLAYER.name, PLAYER.won, PLAYER.points)
        .where(MATCH.rated == b(True))
    )
    return statement(query.orderby(PLAYER.match_id).orderby(PLAYER.seat), b)


def delete_ratings(d: Dialect) -> Statement:
    return statement(d.query.from_(RATING).delete(), d.binder())


def update_rebuilt_sql(d: Dialect) -> str:
    """A participant's delta and rating before, as a rebuild found them (see ``rebuilt_args``)."""
    b = d.binder()
    query = (
        d.query.update(PLAYER)
        .set(PLAYER.elo_delta, b(None))
        .set(PLAYER.rating_before, b(None))
        .where((PLAYER.match_id == b(None)) & (PLAYER.user_id == b(None)))
    )
    return str(query.get_sql())


def rebuilt_args(match_id: str, user_id: str, change: RatingChange) -> tuple[Any, ...]:
    return (change.delta, change.before, match_id, user_id)


def reset_casual_players(d: Dialect) -> Statement:
    """Every participant of a casual match back to delta 0 and no rating before."""
    b = d.binder()
    delta, before = b(0), b(None)
    casual = d.query.from_(MATCH).select(MATCH.id).where(MATCH.rated == b(False))
    query = (
        d.query.update(PLAYER)
        .set(PLAYER.elo_delta, delta)
        .set(PLAYER.rating_before, before)
        .where(PLAYER.match_id.isin(casual))
    )
    return statement(query, b)


# --- adopt ---------------------------------------------------------------------


def a_row_of(d: Dialect, table: Table, user_id: str) -> Statement:
    """One row of ``table`` (``PLAYER`` or ``RATING``) that names ``user_id``, if there is any."""
    b = d.binder()
    user = Field("user_id", table=table)
    return statement(d.query.from_(table).select(user).where(user == b(user_id)).limit(1), b)


def sides_of_matches_of(d: Dialect, user_id: str) -> Statement:
    """The id and sides of every match ``user_id`` played, by id."""
    b = d.binder()
    query = (
        d.query.from_(MATCH)
        .join(PLAYER)
        .on(PLAYER.match_id == MATCH.id)
        .select(MATCH.id, MATCH.sides)
        .where(PLAYER.user_id == b(user_id))
        .orderby(MATCH.id)
    )
    return statement(query, b)


def update_sides_sql(d: Dialect) -> str:
    """A match's sides (arguments: the encoded sides, the match id)."""
    b = d.binder()
    return str(d.query.update(MATCH).set(MATCH.sides, b(None)).where(MATCH.id == b(None)).get_sql())


def move_rows(d: Dialect, table: Table, from_user: str, to_user: str, to_name: str) -> Statement:
    """``from_user``'s rows of ``table`` (players or ratings) become ``to_user``'s, named ``to_name``."""
    b = d.binder()
    query = (
        d.query.update(table)
        .set(table.user_id, b(to_user))
        .set(table.name, b(to_name))
        .where(table.user_id == b(from_user))
    )
    return statement(query, b)
