"""What "PostgreSQL cannot be reached" looks like, and how asyncpg's pool logs it.

``UNAVAILABLE`` are the errors that mean the server is down, cut off, full or
missing the database (``TimeoutError`` is an ``OSError``), as opposed to a
wrong statement. Importing this module installs ``OutageInOneLine`` on the
``asyncpg.pool`` logger.
"""

from __future__ import annotations

import logging

import asyncpg

UNAVAILABLE: tuple[type[BaseException], ...] = (
    OSError,
    asyncpg.exceptions.PostgresConnectionError,
    asyncpg.exceptions.OperatorInterventionError,
    asyncpg.exceptions.TooManyConnectionsError,
    asyncpg.exceptions.InvalidCatalogNameError,
)


class OutageInOneLine(logging.Filter):
    """asyncpg's pool logs each failed attempt to keep its minimum of connections with a
    whole traceback: while PostgreSQL is down, that is pages of noise. The warning stays,
    with the cause folded into one line."""

    def filter(self, record: logging.LogRecord) -> bool:
        error = record.exc_info[1] if record.exc_info else None
        if isinstance(error, UNAVAILABLE):
            record.msg, record.args = f"{record.getMessage()}: {error!r}", ()
            record.exc_info, record.exc_text = None, None
        return True


logging.getLogger("asyncpg.pool").addFilter(OutageInOneLine())
