"""Opening the Redis client every Redis adapter of a process shares.

It is also the one gate where "Redis cannot be reached" becomes the ports'
``StorageUnavailable``: every command of every Redis adapter goes through
``execute_command``, so no adapter lets a driver error escape as a crash.
"""

from __future__ import annotations

import logging
from typing import Any
from urllib.parse import urlsplit

import hiredis
import redis.asyncio as redis
from redis.asyncio.retry import Retry
from redis.backoff import ExponentialWithJitterBackoff
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

from application.ports import StorageUnavailable

logger = logging.getLogger(__name__)

# A dropped connection is retried quickly: players are waiting on the other end.
_RETRY = Retry(ExponentialWithJitterBackoff(cap=2.0, base=0.05), retries=5)
_CONNECT_TIMEOUT_SECONDS = 5.0
_HEALTH_CHECK_SECONDS = 30.0
# Commands beyond this many in flight wait for a free connection instead of opening
# new ones: a burst of moves must not turn into a storm of TCP connects to Redis.
POOL_SIZE = 32
_POOL_WAIT_SECONDS = 10.0


# Down, restarting, still loading its data, or no free connection in the pool.
UNREACHABLE: tuple[type[BaseException], ...] = (RedisConnectionError, RedisTimeoutError, OSError)


class _Client(redis.Redis):
    """``redis.Redis`` whose commands raise ``StorageUnavailable`` when the server is out of reach
    (after the connection's own retries)."""

    async def execute_command(self, *args: Any, **options: Any) -> Any:
        try:
            return await super().execute_command(*args, **options)  # type: ignore[no-untyped-call]
        except UNREACHABLE as error:
            raise StorageUnavailable(f"Redis is unreachable: {error}") from error


class _HiredisPacking(redis.Connection):
    """A TCP connection whose commands are packed by hiredis, in C: redis-py packs each argument
    in Python, which for the ~20 arguments of a commit was a visible share of a move's time."""

    def pack_command(self, *args: Any) -> list[bytes]:
        head = args[0].encode() if isinstance(args[0], str) else args[0]
        if b" " in head:  # "CLIENT SETNAME": the words go separately, as redis-py sends them
            args = (*head.split(), *args[1:])
        try:
            return [hiredis.pack_command(args)]
        except TypeError:  # an argument hiredis does not pack (a memoryview): redis-py's own way
            packed: list[bytes] = super().pack_command(*args)
            return packed


def connect(url: str, *, client_name: str = "tavolo") -> redis.Redis:
    """A client for ``url`` (``redis://`` or ``rediss://``) answering ``str``, not bytes.

    Connections are opened lazily from a pool of at most ``POOL_SIZE``, where
    further commands wait their turn; every connection (pub/sub ones included)
    announces itself as ``client_name`` in ``CLIENT LIST``. A command that
    cannot reach the server raises ``StorageUnavailable``. Close it with
    ``await client.aclose()``.
    """
    tcp = urlsplit(url).scheme == "redis"  # rediss:// and unix:// keep redis-py's own classes
    pool = redis.BlockingConnectionPool.from_url(
        url,
        **({"connection_class": _HiredisPacking} if tcp else {}),
        max_connections=POOL_SIZE,
        timeout=_POOL_WAIT_SECONDS,
        decode_responses=True,
        client_name=client_name,
        retry=_RETRY,
        socket_connect_timeout=_CONNECT_TIMEOUT_SECONDS,
        socket_keepalive=True,
        health_check_interval=_HEALTH_CHECK_SECONDS,
    )
    client: redis.Redis = _Client.from_pool(pool)  # the client owns the pool and closes it
    logger.debug("Redis client %s created", client_name)
    return client
