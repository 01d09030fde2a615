"""What the SQL match repository needs of a database driver: the ``Executor`` port.

``SqlMatchRepository`` holds every query and every step of the match
repository once; an executor (``adapters.sqlite.executor``,
``adapters.postgres.executor``) only opens connections, runs statements and
transactions on them, and says what a failure of its driver means.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any, Protocol

from adapters.sql.dialect import Dialect, Statement
from adapters.sql.guards import Guard
from adapters.sql.rows import Row


class MissingTable(Exception):
    """A statement named a table the database does not have (yet): it was never migrated."""


class Connection(Protocol):
    """One database connection, held by the caller of ``Executor.connection``/``transaction``.

    Statements come built and bound (``Statement``: text + arguments in the
    dialect's placeholder style); ``executemany`` takes a text and one tuple
    of arguments per row; ``run_script`` runs a whole SQL file, several
    statements, nothing bound.
    """

    async def execute(self, statement: Statement) -> None: ...

    async def fetch(self, statement: Statement) -> Sequence[Row]: ...

    async def fetchval(self, statement: Statement) -> Any:
        """The first column of the first row, ``None`` when there is no row."""

    async def executemany(self, sql: str, rows: Iterable[tuple[Any, ...]]) -> None: ...

    async def run_script(self, sql: str) -> None: ...


class Executor(Protocol):
    """A database the SQL match repository runs on.

    * ``dialect`` says how statements are spelled for it; ``name`` is how logs
      and errors call it (never a password, never a host).
    * ``open`` connects (a second call does nothing); ``close`` lets go of
      every connection; in between, any use before ``open`` or after
      ``close`` is a ``RuntimeError``, except ``ping``.
    * ``connection()`` lends a connection for statements that need no
      transaction: each one commits on its own.
    * ``transaction()`` lends a connection inside one transaction, committed
      when the block ends and rolled back when it raises. A write transaction
      (the default) excludes whatever its ``guard`` names (see
      ``adapters.sql.guards``). ``readonly=True`` promises the block only
      reads and asks for one consistent view of the data where the database
      offers one without a write lock (PostgreSQL: a read-only REPEATABLE
      READ transaction); where it does not (SQLite, whose one connection the
      block holds anyway), the statements run one by one, as with
      ``connection()``.
    * Failures: a database that cannot be reached, opened or used right now
      (down, cut off, locked past its busy timeout, a missing folder) is
      ``StorageUnavailable``, whether at ``open``, while waiting for a
      connection or in the middle of a statement; a statement on a table that
      does not exist is ``MissingTable``; any other error of the driver (a
      wrong statement, a broken constraint) comes out as the driver raised it.
    * ``ping(timeout)`` answers within about ``timeout`` seconds or raises
      ``StorageUnavailable``; closed, it raises at once.
    """

    @property
    def dialect(self) -> Dialect: ...

    @property
    def name(self) -> str: ...

    async def open(self) -> None: ...

    async def close(self) -> None: ...

    def connection(self) -> AbstractAsyncContextManager[Connection]: ...

    def transaction(
        self, *, guard: Guard | None = None, readonly: bool = False
    ) -> AbstractAsyncContextManager[Connection]: ...

    async def ping(self, timeout: float) -> None: ...
