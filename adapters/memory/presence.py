"""Who is connected to which game, in this process's memory."""

from __future__ import annotations

import logging
from collections.abc import Sequence

from adapters.memory.notifier import MemoryNotifier
from application.ports import Clock, Connection

logger = logging.getLogger(__name__)


class MemoryPresence:
    """``Presence`` for one process: each game's connections with the time their lease ends
    (by ``clock``); every change of a game's set of users is announced on ``notifier``.
    No method awaits while it changes state, so each is atomic under asyncio."""

    def __init__(self, clock: Clock, notifier: MemoryNotifier) -> None:
        self._clock = clock
        self._notifier = notifier
        self._games: dict[str, dict[Connection, float]] = {}

    async def arrive(self, connection: Connection, lease_seconds: float) -> None:
        before = self._users(connection.game_id)
        self._games.setdefault(connection.game_id, {})[connection] = self._clock.now() + lease_seconds
        self._changed(connection.game_id, before)

    async def depart(self, connection: Connection) -> None:
        before = self._users(connection.game_id)
        connections = self._games.get(connection.game_id, {})
        connections.pop(connection, None)
        if not connections:
            self._games.pop(connection.game_id, None)
        self._changed(connection.game_id, before)

    async def renew(self, connections: Sequence[Connection], lease_seconds: float) -> None:
        now = self._clock.now()
        for connection in connections:
            held = self._games.get(connection.game_id)
            if held is not None and held.get(connection, now) > now:  # a lapsed one stays gone
                held[connection] = now + lease_seconds

    async def here(self, game_id: str) -> frozenset[str]:
        return self._users(game_id)

    async def expire(self) -> int:
        now = self._clock.now()
        removed = 0
        for game_id in list(self._games):
            held = self._games[game_id]
            before = frozenset(c.user_id for c in held)
            for connection in [c for c, until in held.items() if until <= now]:
                del held[connection]
                removed += 1
            if not held:
                del self._games[game_id]
            self._changed(game_id, before)
        return removed

    def _users(self, game_id: str) -> frozenset[str]:
        now = self._clock.now()
        return frozenset(c.user_id for c, until in self._games.get(game_id, {}).items() if until > now)

    def _changed(self, game_id: str, before: frozenset[str]) -> None:
        after = self._users(game_id)
        if after != before:
            logger.debug("game %s: %d user(s) connected", game_id, len(after))
            self._notifier.announce_presence(game_id, after)
