"""The match repository on PostgreSQL: ``SqlMatchRepository`` over ``PostgresExecutor``."""

from __future__ import annotations

from adapters.postgres.executor import PostgresExecutor
from adapters.sql.migrations import PACKAGE
from adapters.sql.repository import SqlMatchRepository


class PostgresMatchRepository(SqlMatchRepository):
    """A ``MatchRepository`` in PostgreSQL. ``open()`` before use, ``close()`` after.

    ``min_size``/``max_size``: the pool's connections; ``connect_timeout``: seconds to
    wait for each new connection; ``migrations_package``: where the numbered SQL files
    live (tests use their own).
    """

    def __init__(
        self,
        dsn: str,
        min_size: int = 1,
        max_size: int = 10,
        *,
        connect_timeout: float = 10.0,
        migrations_package: str = PACKAGE,
    ) -> None:
        executor = PostgresExecutor(dsn, min_size, max_size, connect_timeout=connect_timeout)
        super().__init__(executor, migrations_package=migrations_package)
