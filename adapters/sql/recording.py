"""Recording one finished match inside a write transaction, once for every dialect.

The steps are the same everywhere: insert the match unless its id is there
already; for a rated match, read the participants' rating rows, rate the
match against them (``replay.rate_recorded``), write the players with their
deltas and ratings before the match (as read here, inside the transaction),
update the rating rows that existed and insert the others. A casual match
(``FinishedMatch.rated`` false) only writes its players, with delta 0 and no
rating before, and reads or writes no rating row. Two steps differ, by what
the dialect can say (``Dialect.upserts``):

* whether the match is new. With upserts, the insert itself answers
  (``ON CONFLICT (id) DO NOTHING RETURNING id``: no row back, recorded
  already). Without them the id is looked up first; that is exact only
  because such a write transaction excludes every other writer (SQLite's
  ``BEGIN IMMEDIATE``).
* the rating rows. With upserts, every participant first gets a starting row
  (``ON CONFLICT DO NOTHING``, in user-id order), then all of them are locked
  with ``SELECT … ORDER BY user_id FOR UPDATE``: every record takes the same
  row locks in the same order, so concurrent records sharing players queue
  instead of deadlocking. Without them the rows are read as they are.
"""

from __future__ import annotations

from adapters.sql import queries, rows
from adapters.sql.dialect import Dialect
from adapters.sql.executor import Connection
from application.results.archive import FinishedMatch, Rating
from application.results.rating_book import RatingChange, rate_recorded
from domain.elo import START_RATING


async def record_in(
    connection: Connection, d: Dialect, match: FinishedMatch
) -> dict[str, RatingChange] | None:
    """Record ``match``; returns what it did to each participant's rating (nothing for a
    casual match), or ``None`` when it was recorded already."""
    if not await _inserted(connection, d, match):
        return None
    if not match.rated:
        casual = [queries.player_args(d, match.id, p, None) for p in match.participants]
        await connection.executemany(queries.insert_player_sql(d), casual)
        return {}
    current = await _ratings_to_update(connection, d, match)
    changes, updated = rate_recorded(match, current)
    players = [queries.player_args(d, match.id, p, changes[p.user_id]) for p in match.participants]
    await connection.executemany(queries.insert_player_sql(d), players)
    existing = {r.user_id for r in current}
    changed = [queries.update_rating_args(r) for r in updated if r.user_id in existing]
    await connection.executemany(queries.update_rating_sql(d), changed)
    new = [queries.rating_args(r) for r in updated if r.user_id not in existing]
    await connection.executemany(queries.insert_rating_sql(d), new)
    return changes


async def _inserted(connection: Connection, d: Dialect, match: FinishedMatch) -> bool:
    if d.upserts:
        return await connection.fetchval(queries.insert_match(d, match)) is not None
    if await connection.fetch(queries.match_exists(d, match.id)):
        return False
    await connection.execute(queries.insert_match(d, match))
    return True


async def _ratings_to_update(connection: Connection, d: Dialect, match: FinishedMatch) -> list[Rating]:
    names = {p.user_id: p.name for p in match.participants}
    users = sorted(names)
    if d.upserts:
        fresh = [Rating(u, match.game_type, names[u], START_RATING, 0, 0, 0) for u in users]
        skip_existing = queries.insert_rating_sql(d, skip_existing=True)
        await connection.executemany(skip_existing, [queries.rating_args(r) for r in fresh])
    found = await connection.fetch(queries.select_ratings(d, match.game_type, users, lock=d.upserts))
    return [rows.rating(row) for row in found]
