"""State-change notifications within a single process."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator

from adapters.listeners import Listeners
from application.ports import Notification
from domain.live_game import LiveGame

logger = logging.getLogger(__name__)


class MemoryNotifier:
    """A ``Notifier`` for one process: nothing crosses a process boundary.

    ``watch``/``unwatch`` are reference-counted per game, so a game stays watched
    until every watcher has unwatched it. ``listen`` subscribes at once (when it
    is called, not when first iterated): every listener receives every
    notification of a watched game published after that call. Nothing is ever
    lost in-process, so no resync notification is ever emitted.
    """

    def __init__(self) -> None:
        self._watch_counts: dict[str, int] = {}
        self._listeners: Listeners[Notification] = Listeners()

    async def publish(self, game_id: str, version: int, session: LiveGame | None = None) -> None:
        if game_id not in self._watch_counts:
            return
        self._listeners.deliver(Notification(game_id, version, session))

    def announce_presence(self, game_id: str, present: frozenset[str]) -> None:
        """A presence notice (``MemoryPresence`` calls it) for the listeners, if the game is watched."""
        if game_id in self._watch_counts:
            self._listeners.deliver(Notification(game_id, present=present))

    async def watch(self, game_id: str) -> None:
        self._watch_counts[game_id] = self._watch_counts.get(game_id, 0) + 1

    async def unwatch(self, game_id: str) -> None:
        count = self._watch_counts.get(game_id, 0)
        if count <= 1:
            if count == 0:
                logger.debug("unwatch of game %s, which is not watched: ignored", game_id)
            self._watch_counts.pop(game_id, None)
        else:
            self._watch_counts[game_id] = count - 1

    def listen(self) -> AsyncIterator[Notification]:
        return self._listeners.listen()
