"""One pub/sub channel this process listens to, each message handed to every local listener.

The lobby notices and the arena notices are each one plain channel per deployment; this is what
they share. One subscription per instance (one instance per process), made by ``start()`` or else
by the first ``listen()``, whose iterator (registered when ``listen`` is called) waits in its first
``__anext__`` for Redis to confirm the subscription before it waits for a message: an iterator
hears every message published after ``start()`` returned, or after its own first ``__anext__``
began waiting for one (call ``start()`` at start-up to hear those published right after
``listen()`` too). Each iterator yields ``message(data)`` for every message on the channel, and
``resync`` once after the pub/sub connection dropped and came back (messages may have been lost
meanwhile). A failed subscription raises ``StorageUnavailable`` from that ``__anext__`` and is
tried again by the next ``listen()``. ``close()`` ends the subscription; the client belongs to the
caller.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncGenerator, AsyncIterator, Callable
from typing import Generic, TypeVar

from adapters.listeners import Listeners
from adapters.redis.connection import Client
from adapters.redis.subscription import Subscription

logger = logging.getLogger(__name__)

T = TypeVar("T")


class ChannelListeners(Generic[T]):
    """``channel``'s messages as ``message(data)`` to every ``listen()`` iterator here; ``what``
    names them in logs and errors."""

    def __init__(
        self, client: Client, channel: str, what: str, message: Callable[[str], T], resync: T
    ) -> None:
        self._channel = channel
        self._what = what
        self._message = message
        self._resync_with = resync
        self._listeners: Listeners[T] = Listeners()
        self._subscription = Subscription(client, self._received, self._resync)
        self._subscribing: asyncio.Task[None] | None = None
        self._closed = False

    async def start(self) -> None:
        """Subscribe to the channel now (returns once Redis confirmed it)."""
        await asyncio.shield(self._subscribe())

    def listen(self) -> AsyncIterator[T]:
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
            raise RuntimeError(f"these {self._what} are closed")
        subscribing = self._subscribing
        if subscribing is None or (
            subscribing.done() and (subscribing.cancelled() or subscribing.exception())
        ):
            subscribing = asyncio.create_task(self._subscription.subscribe(self._channel))
            subscribing.add_done_callback(self._report_failure)
            self._subscribing = subscribing
        return subscribing

    def _report_failure(self, subscribing: asyncio.Task[None]) -> None:
        """Log a failed subscription (its waiters get the error too; the next ``listen`` tries again)."""
        if not subscribing.cancelled() and subscribing.exception() is not None:
            logger.warning("could not subscribe to the %s: %s", self._what, subscribing.exception())

    async def _subscribed_then(self, messages: AsyncGenerator[T, None]) -> AsyncGenerator[T, None]:
        try:
            await self.start()
            async for message in messages:
                yield message
        finally:
            await messages.aclose()

    def _received(self, channel: str, data: str) -> None:
        logger.debug("%s: %s", self._what, data)
        self._listeners.deliver(self._message(data))

    def _resync(self) -> None:
        self._listeners.deliver(self._resync_with)
