"""One pub/sub connection and the task that reads it, shared by a process.

redis-py's ``PubSub`` reconnects by itself when its connection drops and
re-subscribes to its channels, silently: whatever was published meanwhile is
lost. ``Subscription`` notices every reconnect (a connect callback on the
pub/sub connection) and, once Redis has confirmed the re-subscription, calls
``on_resync`` so its owner can tell its listeners to catch up.

On a Redis Cluster a plain channel (``Subscription``) lives on one connection
to one node (a ``PUBLISH`` reaches every node), while shard channels
(``ShardedSubscription``, ``SSUBSCRIBE``) live on one connection per master
that owns some of them, each read by a task of its own.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from redis.asyncio.client import PubSub
from redis.asyncio.cluster import ClusterPubSub, RedisCluster
from redis.asyncio.connection import Connection
from redis.exceptions import RedisError

from adapters.redis.connection import Client, is_cluster, unreachable
from application.ports import StorageUnavailable

logger = logging.getLogger(__name__)

CONFIRM_TIMEOUT_SECONDS = 5.0
_READ_TIMEOUT_SECONDS = 1.0
_FIRST_BACKOFF_SECONDS = 0.1
_LAST_BACKOFF_SECONDS = 5.0

OnMessage = Callable[[str, str], None]
OnResync = Callable[[], None]


class Subscription:
    """Channels subscribed on one dedicated connection of ``client``.

    ``on_message(channel, data)`` runs for every message, ``on_resync()`` after
    every reconnect (messages may have been lost). Both run in the reader task
    and must not block. ``subscribe`` returns once Redis confirmed it, so a
    message published afterwards is delivered, or raises ``StorageUnavailable``
    (subscribing nothing) when Redis is out of reach. ``close`` ends it all.
    """

    def __init__(self, client: Client, on_message: OnMessage, on_resync: OnResync) -> None:
        self._client = client
        self._pubsub = client.pubsub()
        self._on_message = on_message
        self._on_resync = on_resync
        self._commands = asyncio.Lock()
        self._confirmations: dict[str, list[asyncio.Future[None]]] = {}
        self._reader: asyncio.Task[None] | None = None
        self._resync_pending = False
        self._closed = False

    async def subscribe(self, channel: str) -> None:
        if self._closed:
            raise RuntimeError("this subscription is closed")
        confirmed = asyncio.get_running_loop().create_future()
        self._confirmations.setdefault(channel, []).append(confirmed)
        async with self._commands:
            try:
                if is_cluster(self._client):
                    await self._client.initialize()  # the slot map, to pick a node
                await self._pubsub.subscribe(channel)
            except BaseException as error:
                self._forget(channel, confirmed)
                if unreachable(error):
                    raise StorageUnavailable(f"Redis is unreachable: {error}") from error
                raise
            self._start_reading()
        try:
            async with asyncio.timeout(CONFIRM_TIMEOUT_SECONDS):
                await confirmed
        except TimeoutError:
            logger.warning("Redis did not confirm a subscription within %.1f s", CONFIRM_TIMEOUT_SECONDS)
        finally:
            self._forget(channel, confirmed)

    async def unsubscribe(self, channel: str) -> None:
        if self._closed:
            return
        async with self._commands:
            try:
                await self._pubsub.unsubscribe(channel)
            except Exception as error:
                if not unreachable(error):
                    raise
                # the server forgot this connection's channels with it; should redis-py
                # subscribe the channel again on reconnecting, its messages are ignored
                logger.info("unsubscribing while Redis is unreachable (%s): nothing left to do", error)

    async def close(self) -> None:
        self._closed = True
        reader, self._reader = self._reader, None
        if reader is not None:
            reader.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await reader
        for waiters in self._confirmations.values():
            for waiter in waiters:
                waiter.cancel()
        self._confirmations.clear()
        aclose: Callable[[], Awaitable[None]] = self._pubsub.aclose  # untyped in redis-py
        await aclose()

    def _start_reading(self) -> None:
        if self._reader is not None:
            return
        connection = self._pubsub.connection
        if connection is not None:
            # Runs after redis-py's own callback, which re-subscribes the channels.
            connection.register_connect_callback(self._reconnected)
        self._reader = asyncio.create_task(self._read(), name="redis-pubsub-reader")

    async def _reconnected(self, connection: Connection) -> None:
        logger.info("Redis pub/sub connection re-established; listeners will resync")
        if self._pubsub.channels:
            self._resync_pending = True  # resync once Redis confirms the re-subscription
        else:
            self._on_resync()

    async def _read(self) -> None:
        backoff = _FIRST_BACKOFF_SECONDS
        while True:
            try:
                message = await self._pubsub.get_message(timeout=_READ_TIMEOUT_SECONDS)
            except asyncio.CancelledError:
                raise
            except (RedisError, OSError) as error:
                logger.warning("Redis pub/sub connection lost (%s); retrying in %.1f s", error, backoff)
                await asyncio.sleep(backoff)
                backoff = min(backoff * 2, _LAST_BACKOFF_SECONDS)
                continue
            backoff = _FIRST_BACKOFF_SECONDS
            if message is not None:
                try:
                    self._dispatch(message)
                except Exception:
                    logger.exception("a pub/sub message could not be handled")

    def _dispatch(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        channel = str(message.get("channel"))
        if kind == "message":
            self._on_message(channel, str(message.get("data")))
        elif kind == "subscribe":
            for waiter in self._confirmations.pop(channel, []):
                if not waiter.done():
                    waiter.set_result(None)
            if self._resync_pending:
                self._resync_pending = False
                self._on_resync()

    def _forget(self, channel: str, waiter: asyncio.Future[None]) -> None:
        waiters = self._confirmations.get(channel, [])
        if waiter in waiters:
            waiters.remove(waiter)
        if not waiters:
            self._confirmations.pop(channel, None)


class _NodeReader:
    """The reader of one master's shard-channel connection (a per-node ``PubSub`` of the
    ``ClusterPubSub``), and the connect callback that notices its reconnects (redis-py keeps
    connect callbacks as weak bound methods: this object holds them)."""

    def __init__(self, owner: ShardedSubscription, name: str, pubsub: PubSub) -> None:
        self.owner = owner
        self.name = name
        self.pubsub = pubsub
        self.resync_pending = False
        self.task: asyncio.Task[None] | None = None
        self.hooked: Connection | None = None

    def hook(self) -> None:
        connection = self.pubsub.connection
        if connection is not None and connection is not self.hooked:
            connection.register_connect_callback(self.reconnected)  # after redis-py's re-subscription
            self.hooked = connection

    async def reconnected(self, connection: Connection) -> None:
        logger.info("Redis shard pub/sub connection to %s re-established; listeners will resync", self.name)
        if self.pubsub.shard_channels:
            self.resync_pending = True  # resync once the node confirms the re-subscription
        else:
            self.owner.on_resync()


class ShardedSubscription:
    """Shard channels (``SSUBSCRIBE``) of a Redis Cluster, on a ``ClusterPubSub``: one
    connection per master owning a subscribed channel's slot, each read by its own task.

    The same contract as ``Subscription``: ``on_message(channel, data)`` for every message,
    ``on_resync()`` after a connection to a master dropped and came back (once that master
    confirmed the re-subscription) and after a channel's slot moved to another master (the old
    one ends the subscription; it is made again on the new owner once the slot map is read
    again). ``subscribe`` returns once the channel's master confirmed it, or raises
    ``StorageUnavailable``. ``close`` ends it all.
    """

    def __init__(self, client: RedisCluster, on_message: OnMessage, on_resync: OnResync) -> None:
        self._client = client
        self._pubsub: ClusterPubSub = client.pubsub()
        self.on_message = on_message
        self.on_resync = on_resync
        self._commands = asyncio.Lock()
        self._confirmations: dict[str, list[asyncio.Future[None]]] = {}
        self._readers: dict[str, _NodeReader] = {}
        self._moving: asyncio.Task[None] | None = None
        self._closed = False

    async def subscribe(self, channel: str) -> None:
        if self._closed:
            raise RuntimeError("this subscription is closed")
        confirmed = asyncio.get_running_loop().create_future()
        self._confirmations.setdefault(channel, []).append(confirmed)
        async with self._commands:
            try:
                await self._client.initialize()  # the slot map, to find the channel's master
                await self._pubsub.ssubscribe(channel)
            except BaseException as error:
                self._forget(channel, confirmed)
                if unreachable(error):
                    raise StorageUnavailable(f"Redis Cluster is unreachable: {error}") from error
                raise
            self._start_readers()
        try:
            async with asyncio.timeout(CONFIRM_TIMEOUT_SECONDS):
                await confirmed
        except TimeoutError:
            logger.warning("Redis did not confirm a subscription within %.1f s", CONFIRM_TIMEOUT_SECONDS)
        finally:
            self._forget(channel, confirmed)

    async def unsubscribe(self, channel: str) -> None:
        if self._closed:
            return
        async with self._commands:
            try:
                await self._pubsub.sunsubscribe(channel)
            except Exception as error:
                if not unreachable(error):
                    raise
                logger.info("unsubscribing while Redis is unreachable (%s): nothing left to do", error)

    async def close(self) -> None:
        self._closed = True
        tasks = [reader.task for reader in self._readers.values() if reader.task is not None]
        if self._moving is not None:
            tasks.append(self._moving)
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        self._readers.clear()
        for waiters in self._confirmations.values():
            for waiter in waiters:
                waiter.cancel()
        self._confirmations.clear()
        await self._pubsub.aclose()

    def _start_readers(self) -> bool:
        """A reader for each per-node connection that has none (a new one, or one made anew
        after its last channel was unsubscribed); whether it started any."""
        started = False
        for name, pubsub in list(self._pubsub.node_pubsub_mapping.items()):
            reader = self._readers.get(name)
            if reader is None or reader.pubsub is not pubsub or reader.task is None or reader.task.done():
                reader = _NodeReader(self, name, pubsub)
                self._readers[name] = reader
                reader.task = asyncio.create_task(self._read(reader), name=f"redis-shard-reader-{name}")
                started = True
            reader.hook()
        return started

    def _adopt_moved_channels(self) -> None:
        """redis-py moves shard channels to their new master by itself when it reads a changed
        slot map: read those connections too, and resync (messages were lost meanwhile)."""
        if not self._commands.locked() and self._start_readers():
            logger.info("shard channels moved to another master; listeners will resync")
            self.on_resync()

    async def _read(self, reader: _NodeReader) -> None:
        backoff = _FIRST_BACKOFF_SECONDS
        while True:
            if self._pubsub.node_pubsub_mapping.get(reader.name) is not reader.pubsub:
                return  # closed once its last channel was unsubscribed (or replaced)
            node = self._client.get_node(node_name=reader.name)
            if node is None:
                self._adopt_moved_channels()
                return  # left the cluster: its channels are re-subscribed elsewhere
            try:
                message = await self._pubsub.get_sharded_message(
                    timeout=_READ_TIMEOUT_SECONDS, target_node=node
                )
            except asyncio.CancelledError:
                raise
            except (RedisError, OSError) as error:
                logger.warning(
                    "Redis shard pub/sub connection to %s lost (%s); retrying in %.1f s",
                    reader.name,
                    error,
                    backoff,
                )
                await asyncio.sleep(backoff)
                backoff = min(backoff * 2, _LAST_BACKOFF_SECONDS)
                continue
            backoff = _FIRST_BACKOFF_SECONDS
            reader.hook()  # the connection, should redis-py have opened another
            self._adopt_moved_channels()
            if message is not None:
                try:
                    self._dispatch(reader, message)
                except Exception:
                    logger.exception("a shard pub/sub message could not be handled")

    def _dispatch(self, reader: _NodeReader, message: dict[str, Any]) -> None:
        kind = message.get("type")
        channel = str(message.get("channel"))
        if kind == "smessage":
            self.on_message(channel, str(message.get("data")))
        elif kind == "ssubscribe":
            for waiter in self._confirmations.pop(channel, []):
                if not waiter.done():
                    waiter.set_result(None)
            if reader.resync_pending:
                reader.resync_pending = False
                self.on_resync()
        elif kind == "sunsubscribe" and channel in reader.pubsub.shard_channels and not self._closed:
            # Not asked for (redis-py forgets a channel it unsubscribed before handing us the
            # confirmation): the node gave the channel's slot away (resharding, failover).
            logger.info("shard channel %s moved off %s; subscribing on its new master", channel, reader.name)
            if self._moving is None or self._moving.done():
                self._moving = asyncio.create_task(self._follow_moved_slots())

    async def _follow_moved_slots(self) -> None:
        """Read the slot map again, subscribe every moved channel on its new master, resync."""
        backoff = _FIRST_BACKOFF_SECONDS
        while not self._closed:
            try:
                async with self._commands:
                    await self._client.nodes_manager.initialize()
                    await self._pubsub.reinitialize_shard_subscriptions()
                    self._start_readers()
            except asyncio.CancelledError:
                raise
            except Exception as error:
                logger.warning(
                    "could not follow moved shard channels (%s); retrying in %.1f s", error, backoff
                )
                await asyncio.sleep(backoff)
                backoff = min(backoff * 2, _LAST_BACKOFF_SECONDS)
                continue
            self.on_resync()
            return

    def _forget(self, channel: str, waiter: asyncio.Future[None]) -> None:
        waiters = self._confirmations.get(channel, [])
        if waiter in waiters:
            waiters.remove(waiter)
        if not waiters:
            self._confirmations.pop(channel, None)
