"""Open-tables announcements across processes, over Redis pub/sub."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncGenerator, AsyncIterator

from adapters.listeners import Listeners
from adapters.redis.connection import Client
from adapters.redis.keys import RedisKeys
from adapters.redis.subscription import Subscription

logger = logging.getLogger(__name__)


def _report_failure(subscribing: asyncio.Task[None]) -> None:
    """Log a failed subscription (its waiters get the error too; the next ``listen`` tries again)."""
    if not subscribing.cancelled() and subscribing.exception() is not None:
        logger.warning("could not subscribe to the lobby notices: %s", subscribing.exception())


class RedisLobbyNotices:
    """``LobbyNotices`` on the lobby channel, where ``RedisCommits``' script publishes.

    One subscription per process (one instance per process), made by
    ``start()`` or else by the first ``listen()``, whose iterator (registered
    when ``listen`` is called) waits in its first ``__anext__`` for Redis to
    confirm the subscription before it waits for a notice: an iterator hears
    every notice published after ``start()`` returned, or after its own first
    ``__anext__`` began waiting for one (call ``start()`` at start-up to hear
    those published right after ``listen()`` too). Each iterator yields one
    ``None`` per message on the channel, and one more after the pub/sub connection
    dropped and came back (messages may have been lost meanwhile). A failed
    subscription raises ``StorageUnavailable`` from that ``__anext__`` and is
    tried again by the next ``listen()``. ``close()`` ends the subscription;
    the client belongs to the caller.
    """

    def __init__(self, client: Client, keys: RedisKeys) -> None:
        self._keys = keys
        self._listeners: Listeners[None] = Listeners()
        self._subscription = Subscription(client, self._received, self._resync)
        self._subscribing: asyncio.Task[None] | None = None
        self._closed = False

    async def start(self) -> None:
        """Subscribe to the lobby channel now (returns once Redis confirmed it)."""
        await asyncio.shield(self._subscribe())

    def listen(self) -> AsyncIterator[None]:
        self._subscribe()  # under way at once: the first __anext__ waits for it to be confirmed
        return self._subscribed_then(self._listeners.listen())

    async def close(self) -> None:
        self._closed = True
        subscribing, self._subscribing = self._subscribing, None
        if subscribing is not None and not subscribing.done():
            subscribing.cancel()
        await self._subscription.close()

    def _subscribe(self) -> asyncio.Task[None]:
        """The subscription under way or done; a new attempt when the last one failed."""
        if self._closed:
            raise RuntimeError("these lobby notices are closed")
        subscribing = self._subscribing
        if subscribing is None or (
            subscribing.done() and (subscribing.cancelled() or subscribing.exception())
        ):
            subscribing = asyncio.create_task(self._subscription.subscribe(self._keys.lobby_events))
            subscribing.add_done_callback(_report_failure)
            self._subscribing = subscribing
        return subscribing

    async def _subscribed_then(self, notices: AsyncGenerator[None, None]) -> AsyncGenerator[None, None]:
        try:
            await self.start()
            async for notice in notices:
                yield notice
        finally:
            await notices.aclose()

    def _received(self, channel: str, data: str) -> None:
        logger.debug("lobby notice for table %s", data)
        self._listeners.deliver(None)

    def _resync(self) -> None:
        self._listeners.deliver(None)
