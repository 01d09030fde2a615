"""Arena change notices across processes, over Redis pub/sub."""

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
        logger.warning("could not subscribe to the arena notices: %s", subscribing.exception())


class RedisArenaNotices:
    """``ArenaNotices`` on the deployment's arena channel (``RedisKeys.arena_events``, a plain
    pub/sub channel, on a cluster too): ``announce`` publishes the arena's id there.

    One subscription per process (one instance per process), made by ``start()`` or else by
    the first ``listen()``, whose iterator (registered when ``listen`` is called) waits in its
    first ``__anext__`` for Redis to confirm the subscription before it waits for a notice: an
    iterator hears every arena announced after ``start()`` returned, or after its own first
    ``__anext__`` began waiting for one (call ``start()`` at start-up to hear those announced
    right after ``listen()`` too). Each iterator yields the id of every arena announced, and one
    ``None`` after the pub/sub connection dropped and came back (notices may have been lost
    meanwhile). A failed subscription raises ``StorageUnavailable`` from that ``__anext__`` and
    is tried again by the next ``listen()``. ``close()`` ends the subscription; the client
    belongs to the caller.
    """

    def __init__(self, client: Client, keys: RedisKeys) -> None:
        self._client = client
        self._keys = keys
        self._listeners: Listeners[str | None] = Listeners()
        self._subscription = Subscription(client, self._received, self._resync)
        self._subscribing: asyncio.Task[None] | None = None
        self._closed = False

    async def start(self) -> None:
        """Subscribe to the arena channel now (returns once Redis confirmed it)."""
        await asyncio.shield(self._subscribe())

    async def announce(self, arena_id: str) -> None:
        receivers = await self._client.publish(self._keys.arena_events, arena_id)
        logger.debug("arena %s announced to %s subscriber(s)", arena_id, receivers)

    def listen(self) -> AsyncIterator[str | None]:
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
            raise RuntimeError("these arena notices are closed")
        subscribing = self._subscribing
        if subscribing is None or (
            subscribing.done() and (subscribing.cancelled() or subscribing.exception())
        ):
            subscribing = asyncio.create_task(self._subscription.subscribe(self._keys.arena_events))
            subscribing.add_done_callback(_report_failure)
            self._subscribing = subscribing
        return subscribing

    async def _subscribed_then(
        self, notices: AsyncGenerator[str | None, None]
    ) -> AsyncGenerator[str | None, None]:
        try:
            await self.start()
            async for notice in notices:
                yield notice
        finally:
            await notices.aclose()

    def _received(self, channel: str, data: str) -> None:
        logger.debug("arena notice for %s", data)
        self._listeners.deliver(data)

    def _resync(self) -> None:
        self._listeners.deliver(None)
