"""The ``listen()`` side of a notifier: one queue per listener, every notification to each."""

from __future__ import annotations

import asyncio
import weakref
from collections.abc import AsyncGenerator
from typing import Generic, TypeVar

T = TypeVar("T")


class Listeners(Generic[T]):
    """The listeners of one process's notifier, however it learns of changes.

    ``listen`` subscribes at once (when it is called, not when first iterated)
    and returns an iterator that yields every notification ``deliver``-ed after
    that call, in order. Closing the iterator unsubscribes it; so does dropping
    it unclosed (the queues are held weakly, and collected with their
    iterator). ``deliver`` never blocks: each listener's queue is unbounded.
    """

    def __init__(self) -> None:
        self._queues: weakref.WeakSet[asyncio.Queue[T]] = weakref.WeakSet()

    def __len__(self) -> int:
        """How many listeners are subscribed."""
        return len(self._queues)

    def listen(self) -> AsyncGenerator[T, None]:
        queue: asyncio.Queue[T] = asyncio.Queue()
        self._queues.add(queue)
        return self._drain(queue)

    def deliver(self, notification: T) -> None:
        for queue in list(self._queues):
            queue.put_nowait(notification)

    async def _drain(self, queue: asyncio.Queue[T]) -> AsyncGenerator[T, None]:
        try:
            while True:
                yield await queue.get()
        finally:
            self._queues.discard(queue)
