"""Committing a game's change over the in-memory store, deadline queue and notifier."""

from __future__ import annotations

import logging
from collections.abc import Sequence

from adapters.memory.deadlines import MemoryDeadlineQueue
from adapters.memory.game_store import MemoryGameStore
from adapters.memory.lobby_notices import MemoryLobbyNotices
from adapters.memory.notifier import MemoryNotifier
from application.ports import ScheduledDeadline
from domain.live_game import LiveGame
from domain.match_log import Logged

logger = logging.getLogger(__name__)


class MemoryCommits:
    """``Commits`` for one process: write the store (create, or compare-and-set, with the
    change's entry in the game's log), replace the deadlines, publish, and tell the lobby
    when the table is or was listed.

    Atomic because none of the in-memory calls ever gives the event loop
    away: no other coroutine can run between the write and the publish.
    """

    def __init__(
        self,
        store: MemoryGameStore,
        deadlines: MemoryDeadlineQueue,
        notifier: MemoryNotifier,
        lobby: MemoryLobbyNotices | None = None,
    ) -> None:
        self._store = store
        self._deadlines = deadlines
        self._notifier = notifier
        self._lobby = lobby or MemoryLobbyNotices()

    async def commit(
        self,
        session: LiveGame,
        expected_version: int,
        deadlines: Sequence[ScheduledDeadline],
        logged: Logged | None = None,
        *,
        started: bool = False,
    ) -> bool:
        """``started`` changes nothing here: whether the table was listed is read from the
        store itself, and its TTL from the phase of each version."""
        was_listed = expected_version != 0 and self._store.listed(session.id)
        if not self._store.write(session, expected_version, logged):
            return False
        await self._deadlines.replace(session.id, deadlines)
        await self._notifier.publish(session.id, session.version, session)
        if was_listed or session.listed:
            self._lobby.announce()
        return True
