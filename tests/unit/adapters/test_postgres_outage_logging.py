"""While PostgreSQL is down, asyncpg's pool says so in one line, not in a traceback per attempt."""

from __future__ import annotations

import logging

import pytest

import adapters.postgres.matches  # noqa: F401  (installs the filter on asyncpg's pool logger)


def test_a_refused_pool_reconnect_is_logged_in_one_line(caplog: pytest.LogCaptureFixture) -> None:
    pool_log = logging.getLogger("asyncpg.pool")
    try:
        raise ConnectionRefusedError(111, "Connection refused")
    except ConnectionRefusedError:
        with caplog.at_level(logging.WARNING, logger="asyncpg.pool"):
            pool_log.warning("Failed to restore the pool connection floor; retrying", exc_info=True)
    [record] = caplog.records
    assert record.exc_info is None
    assert "Traceback" not in caplog.text
    assert "Failed to restore the pool connection floor; retrying: ConnectionRefusedError" in caplog.text
