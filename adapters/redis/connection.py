"""Opening the Redis client every Redis adapter of a process shares: one server
(``connect``) or a Redis Cluster (``connect_cluster``).

It is also the one gate where "Redis cannot be reached" becomes the ports'
``StorageUnavailable``: every command of every Redis adapter goes through
``execute_command``, so no adapter lets a driver error escape as a crash.

The adapters take either client (``Client``); the few places that differ on a
cluster (sharded pub/sub, reads spanning several hash slots, scans over every
master) ask ``is_cluster``.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from typing import Any, TypeAlias, TypeGuard, cast
from urllib.parse import urlsplit

import hiredis
import redis.asyncio as redis
from redis.asyncio.cluster import ClusterNode, RedisCluster
from redis.asyncio.retry import Retry
from redis.backoff import ExponentialWithJitterBackoff
from redis.exceptions import (
    ClusterDownError,
    RedisClusterException,
    RedisError,
    SlotNotCoveredError,
    TryAgainError,
)
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

from application.ports import StorageUnavailable

logger = logging.getLogger(__name__)

# A dropped connection is retried quickly: players are waiting on the other end.
_RETRY = Retry(ExponentialWithJitterBackoff(cap=2.0, base=0.05), retries=5)
_CONNECT_TIMEOUT_SECONDS = 5.0
# A command (a commit script included) answered within this or the server counts as out of reach.
# redis-py 8 made 5 s its default (it was "wait forever"); the pub/sub readers pass their own
# short read timeouts, so a quiet subscription never trips it.
_COMMAND_TIMEOUT_SECONDS = 5.0
_HEALTH_CHECK_SECONDS = 30.0
# Commands beyond this many in flight wait for a free connection instead of opening
# new ones: a burst of moves must not turn into a storm of TCP connects to Redis.
POOL_SIZE = 32
_POOL_WAIT_SECONDS = 10.0


# Down, restarting, still loading its data, or no free connection in the pool.
UNREACHABLE: tuple[type[BaseException], ...] = (RedisConnectionError, RedisTimeoutError, OSError)
# A cluster also: a slot without a master (CLUSTERDOWN, a failover under way), a slot being moved.
CLUSTER_UNREACHABLE: tuple[type[BaseException], ...] = (
    *UNREACHABLE,
    ClusterDownError,
    TryAgainError,
    SlotNotCoveredError,
)

Client: TypeAlias = "redis.Redis | RedisCluster"
"""What every Redis adapter takes: a client of one server or of a Redis Cluster."""


def is_cluster(client: Client) -> TypeGuard[RedisCluster]:
    return isinstance(client, RedisCluster)


def check_layout(client: Client, cluster_layout: bool) -> None:
    """Refuse a client and a key layout that do not go together: a cluster needs the cluster
    layout (one hash slot per game), and sharded notifications need a cluster."""
    if is_cluster(client) != cluster_layout:
        wanted = "RedisKeys(prefix, cluster=True)" if is_cluster(client) else "RedisKeys(prefix)"
        raise ValueError(f"this Redis client needs the key layout {wanted}")


def unreachable(error: BaseException) -> bool:
    """Whether ``error`` means "Redis (or the cluster) is out of reach", not a bug."""
    if isinstance(error, CLUSTER_UNREACHABLE):
        return True
    # A cluster client that cannot reach any seed node to learn the slots raises this, from the
    # connection error of the last node it tried.
    return isinstance(error, RedisClusterException) and isinstance(error.__cause__, CLUSTER_UNREACHABLE)


class _Client(redis.Redis):
    """``redis.Redis`` whose commands raise ``StorageUnavailable`` when the server is out of reach
    (after the connection's own retries)."""

    async def execute_command(self, *args: Any, **options: Any) -> Any:
        try:
            return await super().execute_command(*args, **options)  # type: ignore[no-untyped-call]
        except UNREACHABLE as error:
            raise StorageUnavailable(f"Redis is unreachable: {error}") from error


class _ClusterClient(RedisCluster):
    """``RedisCluster`` whose commands raise ``StorageUnavailable`` when the cluster is out of
    reach (after the client's own retries, which refresh the slot map between attempts): the
    commands, learning the slot map, and the per-slot pipelines redis-py runs a multi-key
    command (a ``DEL``) as.

    A cluster node's pool does not wait for a free connection (it fails at once when all are in
    use), so at most ``POOL_SIZE`` commands are in flight and the others wait their turn (at most
    ``_POOL_WAIT_SECONDS``), as on one server's ``BlockingConnectionPool``.
    """

    def __init__(self, *args: Any, **options: Any) -> None:
        super().__init__(*args, **options)
        self._in_flight = asyncio.Semaphore(POOL_SIZE)

    async def execute_command(self, *args: Any, **options: Any) -> Any:
        try:
            async with asyncio.timeout(_POOL_WAIT_SECONDS):
                await self._in_flight.acquire()
        except TimeoutError as error:
            raise StorageUnavailable(
                f"no free Redis Cluster connection within {_POOL_WAIT_SECONDS:.0f} s"
            ) from error
        try:
            for attempt in range(1, _CLOSED_CONNECTION_ATTEMPTS + 1):
                try:
                    return await super().execute_command(*args, **options)
                except (RuntimeError, AttributeError) as error:
                    if not _closed_under_it(error):
                        raise
                    if attempt == _CLOSED_CONNECTION_ATTEMPTS:
                        message = f"Redis Cluster connections kept closing: {error}"
                        raise StorageUnavailable(message) from error
                    logger.info("a Redis Cluster connection closed under a command; sending it again")
                    await asyncio.sleep(0.05 * attempt)
        except Exception as error:
            raise _unavailable(error) from error
        finally:
            self._in_flight.release()
        raise AssertionError("unreachable")  # the loop returns or raises

    async def initialize(self, *args: Any, **options: Any) -> RedisCluster:
        try:
            return await super().initialize(*args, **options)
        except Exception as error:
            raise _unavailable(error) from error

    async def _execute_pipeline_by_slot(self, *args: Any, **options: Any) -> list[Any]:  # type: ignore[override]
        try:
            answers: list[Any] = await super()._execute_pipeline_by_slot(*args, **options)
        except Exception as error:
            raise _unavailable(error) from error
        return answers


_CLOSED_CONNECTION_ATTEMPTS = 3


def _closed_under_it(error: RuntimeError | AttributeError) -> bool:
    """Whether a command failed because its connection was closed while it was being opened or
    written to: redis-py's cluster client refreshes its slot map when a node answers MOVED or
    CLUSTERDOWN (a failover does, and a client's first commands sent all at once before it
    knew the map) and closes every node's connections, those other commands are opening too.
    The write then finds the socket closed (uvloop: "the handler is closed") or already
    dropped (redis-py: no writer, ``'NoneType' object has no attribute 'writelines'``).
    Nothing of the command reached Redis, so it is sent again."""
    message = str(error)
    if isinstance(error, AttributeError):
        return "NoneType" in message and "'writelines'" in message
    return "handler is closed" in message or "transport is closed" in message.lower()


def _unavailable(error: Exception) -> Exception:
    """``StorageUnavailable`` for a cluster out of reach, else ``error`` itself."""
    if isinstance(error, StorageUnavailable) or not unreachable(error):
        return error
    return StorageUnavailable(f"Redis Cluster is unreachable: {error}")


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


def _connection_options(client_name: str) -> dict[str, Any]:
    """How every connection of either client talks to Redis: ``str`` answers, its name in
    ``CLIENT LIST``, the retries, timeouts and keep-alive."""
    return {
        "decode_responses": True,
        "client_name": client_name,
        "retry": _RETRY,
        "socket_timeout": _COMMAND_TIMEOUT_SECONDS,
        "socket_connect_timeout": _CONNECT_TIMEOUT_SECONDS,
        "socket_keepalive": True,
        "health_check_interval": _HEALTH_CHECK_SECONDS,
    }


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
        **_connection_options(client_name),
    )
    client: redis.Redis = _Client.from_pool(pool)  # the client owns the pool and closes it
    logger.debug("Redis client %s created", client_name)
    return client


async def learn_the_slot_map(client: RedisCluster) -> None:
    """Have a new cluster client learn the slot map now, before the first commands of a starting
    process (its workers, its subscriptions, its first requests) are sent all at once: left to
    them, several find the map unknown together and the refresh closes the connections the
    others are opening. A cluster out of reach now is no reason not to start: the client learns
    the map on its first command instead, and readiness reports the outage meanwhile."""
    try:
        await client.initialize()
    except (StorageUnavailable, RedisClusterException, RedisError) as error:
        logger.warning(
            "could not learn the Redis Cluster's slot map at start (%s); it will on first use", error
        )


def connect_cluster(nodes: Sequence[tuple[str, int]], *, client_name: str = "tavolo") -> RedisCluster:
    """A client of the Redis Cluster that ``nodes`` (seed ``host, port`` pairs; one reachable is
    enough) belong to, answering ``str``.

    It learns the slot map on its first command and follows the cluster's redirections; at
    most ``POOL_SIZE`` commands are in flight (the others wait their turn), each master's
    connections are named ``client_name``, and commands are packed by redis-py (the cluster
    client takes no connection class of ours: no hiredis packing). A command
    that cannot reach the cluster raises ``StorageUnavailable``. Close it with
    ``await client.aclose()``.
    """
    if not nodes:
        raise ValueError("a Redis Cluster needs at least one seed node")
    client: RedisCluster = _ClusterClient(
        startup_nodes=[ClusterNode(host, port) for host, port in nodes],
        max_connections=2 * POOL_SIZE,  # the commands' (POOL_SIZE at most), and pub/sub connections
        **_connection_options(client_name),
    )
    logger.debug("Redis Cluster client %s created (%d seed node(s))", client_name, len(nodes))
    return client


async def get_many(client: Client, keys: Sequence[str]) -> list[str | None]:
    """``MGET`` of ``keys``, in their order. On a cluster, where one ``MGET`` may only read one
    hash slot, one ``MGET`` per slot, sent together (so not one atomic read: each key's value
    is one it had)."""
    if not keys:
        return []
    if not is_cluster(client):
        return cast("list[str | None]", await client.mget(list(keys)))
    by_slot: dict[int, list[str]] = {}
    for key in keys:
        by_slot.setdefault(client.keyslot(key), []).append(key)
    groups = list(by_slot.values())
    answers = cast("list[list[str | None]]", await asyncio.gather(*(client.mget(group) for group in groups)))
    found = {
        key: value
        for group, answer in zip(groups, answers, strict=True)
        for key, value in zip(group, answer, strict=True)
    }
    return [found[key] for key in keys]
