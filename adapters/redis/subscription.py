"""One pub/sub connection and the task that reads it, shared by a process.

redis-py's ``PubSub`` reconnects by itself when its connection drops and
re-subscribes to its channels, silently: whatever was published meanwhile is
lost. ``Subscription`` notices every reconnect (a connect callback on the
pub/sub connection) and, once Redis has confirmed the re-subscription, calls
``on_resync`` so its owner can tell its listeners to catch up.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import redis.asyncio as redis
from redis.asyncio.connection import Connection
from redis.exceptions import RedisError

from adapters.redis.connection import UNREACHABLE
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

    def __init__(self, client: redis.Redis, on_message: OnMessage, on_resync: OnResync) -> None:
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
                await self._pubsub.subscribe(channel)
            except BaseException as error:
                self._forget(channel, confirmed)
                if isinstance(error, UNREACHABLE):
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
            except UNREACHABLE as error:
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
