"""Open-tables announcements within a single process."""

from __future__ import annotations

from collections.abc import AsyncIterator

from adapters.listeners import Listeners


class MemoryLobbyNotices:
    """``LobbyNotices`` for one process: ``MemoryCommits`` calls ``announce``, every
    ``listen()`` iterator (subscribed when called) gets one ``None`` per announcement.
    Nothing is ever lost in-process."""

    def __init__(self) -> None:
        self._listeners: Listeners[None] = Listeners()

    def announce(self) -> None:
        self._listeners.deliver(None)

    def listen(self) -> AsyncIterator[None]:
        return self._listeners.listen()
