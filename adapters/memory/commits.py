"""Committing a game's change over the in-memory store, deadline queue and notifier."""

from __future__ import annotations

import logging
from collections.abc import Sequence

from adapters.memory.deadlines import MemoryDeadlineQueue
from adapters.memory.notifier import MemoryNotifier
from adapters.memory.session_store import MemorySessionStore
from application.ports import ScheduledDeadline
from domain.session import GameSession

logger = logging.getLogger(__name__)


class MemoryCommits:
    """``Commits`` for one process: write the store (create, or compare-and-set),
    replace the deadlines, publish.

    Atomic because none of the three in-memory calls ever gives the event loop
    away: no other coroutine can run between the write and the publish.
    """

    def __init__(
        self, store: MemorySessionStore, deadlines: MemoryDeadlineQueue, notifier: MemoryNotifier
    ) -> None:
        self._store = store
        self._deadlines = deadlines
        self._notifier = notifier

    async def commit(
        self, session: GameSession, expected_version: int, deadlines: Sequence[ScheduledDeadline]
    ) -> bool:
        if not self._store.write(session, expected_version):
            return False
        await self._deadlines.replace(session.id, deadlines)
        await self._notifier.publish(session.id, session.version, session)
        return True
