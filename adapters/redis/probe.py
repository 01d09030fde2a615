"""Readiness probe of Redis, over the client every Redis adapter of the process shares."""

from __future__ import annotations

import asyncio
import logging

from redis.exceptions import RedisError

from adapters.redis.connection import Client
from application.ports import StorageUnavailable

logger = logging.getLogger(__name__)

PING_TIMEOUT_SECONDS = 1.0


class RedisProbe:
    """A ``HealthProbe``: one ``PING`` on the shared client, given up after ``timeout`` seconds.

    The shared client retries a dropped connection with backoff and waits for a
    free pooled connection; the timeout bounds all of that, so a Redis that is
    down or unreachable is reported in about a second. The error names no URL.
    """

    def __init__(self, client: Client, timeout: float = PING_TIMEOUT_SECONDS) -> None:
        self._client = client
        self._timeout = timeout

    async def ping(self) -> None:
        try:
            async with asyncio.timeout(self._timeout):
                await self._client.execute_command("PING")
        except TimeoutError as error:
            raise StorageUnavailable(f"Redis did not answer PING within {self._timeout:.1f} s") from error
        except (RedisError, OSError) as error:
            raise StorageUnavailable(f"Redis did not answer PING: {error}") from error
