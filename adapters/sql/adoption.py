"""Moving a guest's matches and ratings to an account, inside one write transaction.

``adopt_in`` first makes sure the account is fresh (no participant row and no
rating row names it), then renames the guest everywhere it is recorded: its
participant rows and its rating rows (both take the account's name: a rebuild
names each rating after its player's latest participant row) and its place in
the sides of each of its matches, so that a later rebuild rates the account,
not the guest, and gives back exactly the ratings the move left.

The freshness check and the move must see the same data, so the transaction
that runs them must keep out every other write that could give the account a
row in between: SQLite's ``BEGIN IMMEDIATE`` keeps out every writer; on
PostgreSQL the repository names ``guards.ADOPTING``, which waits for the
records under way and holds new ones back until it commits.
"""

from __future__ import annotations

from typing import Any

from adapters.sql import queries
from adapters.sql.dialect import Dialect
from adapters.sql.executor import Connection
from application.results.rating_book import adopt_sides, decode_sides, encode_sides


async def adopt_in(
    connection: Connection, d: Dialect, from_user: str, to_user: str, to_name: str
) -> int | None:
    """Move ``from_user``'s rows to ``to_user``; how many matches moved, or ``None`` (and
    nothing moved) when ``to_user`` already has a match or a rating."""
    for table in (queries.PLAYER, queries.RATING):
        if await connection.fetch(queries.a_row_of(d, table, to_user)):
            return None
    matches = await connection.fetch(queries.sides_of_matches_of(d, from_user))
    renamed = [(_renamed(d, row["sides"], from_user, to_user), row["id"]) for row in matches]
    await connection.executemany(queries.update_sides_sql(d), renamed)
    for table in (queries.PLAYER, queries.RATING):
        await connection.execute(queries.move_rows(d, table, from_user, to_user, to_name))
    return len(matches)


def _renamed(d: Dialect, sides: Any, from_user: str, to_user: str) -> Any:
    """A match's stored sides, ``to_user`` in the place of ``from_user``, stored again."""
    return d.encode_json(encode_sides(adopt_sides(decode_sides(d.decode_json(sides)), from_user, to_user)))
