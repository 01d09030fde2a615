"""Schema migrations: the numbered SQL files of the ``migrations`` package, applied once each, in order.

Each dialect's files live in ``migrations/<dialect>/NNNN_description.sql``.
The names already applied are rows of ``schema_migrations``; ``apply_pending``
runs the missing files in number order and records each. The repository calls
it inside one write transaction guarded by ``guards.MIGRATING`` (a PostgreSQL
advisory lock; SQLite's ``BEGIN IMMEDIATE`` is exclusive anyway), so two
processes migrating at once apply every file once: the second waits, then
finds nothing left to do.
"""

from __future__ import annotations

import logging
import re
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from importlib import resources

from pypika import Table

from adapters.sql.dialect import Dialect, Statement
from adapters.sql.executor import Connection

logger = logging.getLogger(__name__)

PACKAGE = "migrations"
_FILE_NAME = re.compile(r"(?P<number>\d{4})_[a-z0-9_]+\.sql")

BOOKKEEPING = Table("schema_migrations")
# The bookkeeping table must exist before the files can be looked up in it, so
# it is the one piece of DDL outside them; the same text suits both dialects.
BOOKKEEPING_DDL = (
    "CREATE TABLE IF NOT EXISTS schema_migrations ("
    "name TEXT PRIMARY KEY NOT NULL, applied_at DOUBLE PRECISION NOT NULL);"
)


@dataclass(frozen=True, slots=True)
class Migration:
    number: int
    name: str  # the file name without ".sql", as recorded in schema_migrations
    sql: str


def discover(dialect: str, package: str = PACKAGE) -> list[Migration]:
    """Every migration file of ``dialect`` in ``package``, in number order."""
    folder = resources.files(package).joinpath(dialect)
    found: list[Migration] = []
    for entry in folder.iterdir():
        match = _FILE_NAME.fullmatch(entry.name)
        if match is None or not entry.is_file():
            continue
        found.append(
            Migration(int(match["number"]), entry.name.removesuffix(".sql"), entry.read_text("utf-8"))
        )
    found.sort(key=lambda m: m.number)
    numbers = [m.number for m in found]
    if len(set(numbers)) != len(numbers):
        raise RuntimeError(f"two {dialect} migrations share a number: {[m.name for m in found]}")
    return found


def pending(available: Sequence[Migration], applied: Iterable[str]) -> list[Migration]:
    """The migrations not applied yet, in order. Applied names this code does not know are only logged."""
    done = set(applied)
    unknown = done - {m.name for m in available}
    if unknown:
        logger.warning("the database has migrations this code does not know: %s", sorted(unknown))
    return [m for m in available if m.name not in done]


def applied_names(d: Dialect) -> Statement:
    b = d.binder()
    query = d.query.from_(BOOKKEEPING).select(BOOKKEEPING.name).orderby(BOOKKEEPING.name)
    return Statement(query.get_sql(), tuple(b.args))


def record_applied(d: Dialect, name: str, applied_at: float) -> Statement:
    b = d.binder()
    query = d.query.into(BOOKKEEPING).columns("name", "applied_at").insert(b(name), b(applied_at))
    return Statement(query.get_sql(), tuple(b.args))


async def applied(connection: Connection, d: Dialect) -> list[str]:
    """The names in the bookkeeping table (``MissingTable`` when there is none yet)."""
    return [str(row["name"]) for row in await connection.fetch(applied_names(d))]


async def apply_pending(connection: Connection, d: Dialect, package: str = PACKAGE) -> list[str]:
    """Create the bookkeeping table if needed, apply what is missing, and return the names applied."""
    await connection.run_script(BOOKKEEPING_DDL)
    todo = pending(discover(d.name, package), await applied(connection, d))
    for migration in todo:
        logger.info("applying %s migration %s", d.name, migration.name)
        await connection.run_script(migration.sql)
        await connection.execute(record_applied(d, migration.name, time.time()))
    if not todo:
        logger.debug("%s schema is up to date", d.name)
    return [m.name for m in todo]
