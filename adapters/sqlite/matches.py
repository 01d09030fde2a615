"""The match repository on an SQLite file: ``SqlMatchRepository`` over ``SqliteExecutor``."""

from __future__ import annotations

from adapters.sql.migrations import PACKAGE
from adapters.sql.repository import SqlMatchRepository
from adapters.sqlite.executor import SqliteExecutor


class SqliteMatchRepository(SqlMatchRepository):
    """A ``MatchRepository`` in an SQLite file (or ``":memory:"``). ``open()`` before use.

    ``busy_timeout``: how long to wait for another process's write lock;
    ``migrations_package``: where the numbered SQL files live (tests use their own).
    """

    def __init__(self, path: str, *, busy_timeout: float = 5.0, migrations_package: str = PACKAGE) -> None:
        super().__init__(
            SqliteExecutor(path, busy_timeout=busy_timeout), migrations_package=migrations_package
        )
