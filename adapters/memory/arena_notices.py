"""Arena change notices within a single process."""

from __future__ import annotations

from collections.abc import AsyncIterator

from adapters.listeners import Listeners


class MemoryArenaNotices:
    """``ArenaNotices`` for one process: every ``listen()`` iterator (subscribed when called) gets
    each announced arena id. Nothing is ever lost in-process."""

    def __init__(self) -> None:
        self._listeners: Listeners[str | None] = Listeners()

    async def announce(self, arena_id: str) -> None:
        self._listeners.deliver(arena_id)

    def listen(self) -> AsyncIterator[str | None]:
        return self._listeners.listen()
