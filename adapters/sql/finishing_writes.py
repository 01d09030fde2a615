"""Database writes that run to their end even when whoever asked for them goes away.

Sanic cancels a socket's task when the socket closes, and a cancellation can
land at any ``await`` of a transaction: between ``BEGIN`` and ``COMMIT`` it
would leave a shared connection inside a transaction (SQLite) or a pooled one
mid-query (PostgreSQL). ``FinishingWrites.run`` shields the write instead: the
caller gets its ``CancelledError`` at once, while the write commits or rolls
back on its own, holding whatever lock it took, so the next caller always
finds the connection usable.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Coroutine
from typing import Any, TypeVar

logger = logging.getLogger(__name__)
T = TypeVar("T")


class FinishingWrites:
    """The writes of one repository (``name`` is only for the log)."""

    def __init__(self, name: str) -> None:
        self._name = name
        self._orphans: set[asyncio.Task[Any]] = set()  # writes whose callers were cancelled

    async def run(self, write: Coroutine[Any, Any, T]) -> T:
        task = asyncio.ensure_future(write)
        try:
            return await asyncio.shield(task)
        except asyncio.CancelledError:
            if not task.done():
                self._orphans.add(task)  # a strong reference, until it ends
                task.add_done_callback(self._ended)
            raise

    async def drain(self) -> None:
        """Wait for every write still finishing (before closing the connection)."""
        if self._orphans:
            await asyncio.gather(*self._orphans, return_exceptions=True)

    def _ended(self, task: asyncio.Task[Any]) -> None:
        self._orphans.discard(task)
        if not task.cancelled() and task.exception() is not None:
            logger.warning("a write to %s whose caller went away failed: %r", self._name, task.exception())
