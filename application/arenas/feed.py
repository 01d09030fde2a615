"""The arenas as this worker's lobby sockets follow them: live standings, and "your table is ready".

A lobby socket that follows an arena is an ``ArenaWatcher`` here. When an arena
is announced (from any worker: a join, a table made, a game scored), the feed
reads its shared view once and sends it to every local watcher of it, each with
their own line; a watcher whose player has a table in it that is open gets
told where to go, once per table. Notices are at-most-once, so the feed also
looks again every ``REFRESH_SECONDS`` at the arenas it has watchers for. Every
``TOUCH_SECONDS`` it tells the arena its watchers' players are still here
(``ArenaLive.touch``): a waiting player whose sockets are all gone is paused.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Protocol

from application.arenas.context import ArenaContext
from application.arenas.reading import shared_view, with_your_line
from application.ports import StorageUnavailable
from domain.engine import JSON

log = logging.getLogger(__name__)

REFRESH_SECONDS = 2.0
TOUCH_SECONDS = 5.0
SETTLE_SECONDS = 0.1  # notices of one arena that come this close together make one update


class ArenaWatcher(Protocol):
    """A connection following an arena (a lobby socket), for the player ``user_id`` (``None``: a
    spectator not logged in)."""

    @property
    def user_id(self) -> str | None: ...

    async def arena_changed(self, view: JSON) -> None: ...

    async def table_ready(self, arena_id: str, game_id: str) -> None: ...


class ArenaFeed:
    def __init__(self, context: ArenaContext) -> None:
        self._context = context
        self._watchers: dict[str, set[ArenaWatcher]] = {}
        self._told: dict[ArenaWatcher, str] = {}  # the last table each watcher was sent to
        self._dirty: set[str] = set()
        self._wake = asyncio.Event()

    def watch(self, arena_id: str, watcher: ArenaWatcher) -> None:
        self._watchers.setdefault(arena_id, set()).add(watcher)

    def unwatch(self, watcher: ArenaWatcher) -> None:
        for arena_id in [a for a, watchers in self._watchers.items() if watcher in watchers]:
            self._watchers[arena_id].discard(watcher)
            if not self._watchers[arena_id]:
                del self._watchers[arena_id]
        self._told.pop(watcher, None)

    def watching(self, arena_id: str) -> int:
        return len(self._watchers.get(arena_id, ()))

    async def update_one(self, arena_id: str, watcher: ArenaWatcher) -> None:
        """Send ``arena_id``'s view (and a ready table) to ``watcher`` alone: it just began to follow."""
        await self._send(arena_id, [watcher])

    async def update(self, arena_id: str) -> None:
        """Send ``arena_id``'s view (and any ready table) to its watchers here, now."""
        await self._send(arena_id, list(self._watchers.get(arena_id, ())))

    async def _send(self, arena_id: str, watchers: list[ArenaWatcher]) -> None:
        if not watchers:
            return
        arena = await self._context.arenas.get(arena_id)
        if arena is None:
            return
        shared = await shared_view(self._context, arena)
        for watcher in watchers:
            user_id = watcher.user_id
            seating = await self._context.live.seating_of(arena_id, user_id) if user_id else None
            game_id = seating.game_id if seating else None
            await _quietly(watcher.arena_changed(with_your_line(shared, user_id, game_id)))
            fresh = game_id is not None and self._told.get(watcher) != game_id
            if fresh and game_id is not None and await self._context.games.store.get(game_id) is not None:
                self._told[watcher] = game_id
                await _quietly(watcher.table_ready(arena_id, game_id))

    async def run(self) -> None:
        tasks = [
            asyncio.create_task(self._listen(), name="tavolo-arena-feed-notices"),
            asyncio.create_task(self._every(TOUCH_SECONDS, self._touch), name="tavolo-arena-touch"),
            asyncio.create_task(self._every(REFRESH_SECONDS, self._refresh_all), name="tavolo-arena-refresh"),
        ]
        try:
            while True:
                await self._wake.wait()
                await asyncio.sleep(SETTLE_SECONDS)
                self._wake.clear()
                dirty, self._dirty = self._dirty, set()
                for arena_id in dirty:
                    await self._guarded(self.update(arena_id))
        finally:
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)

    async def _listen(self) -> None:
        while True:
            try:
                async for arena_id in self._context.notices.listen():
                    if arena_id is None:
                        self._dirty.update(self._watchers)
                    elif arena_id in self._watchers:
                        self._dirty.add(arena_id)
                    if self._dirty:
                        self._wake.set()
            except asyncio.CancelledError:
                raise
            except Exception as error:
                log.warning("arena notices interrupted (%s); listening again", error)
                await asyncio.sleep(1.0)

    async def _touch(self) -> None:
        now = self._context.games.clock.now()
        for arena_id, watchers in list(self._watchers.items()):
            users = sorted({w.user_id for w in watchers if w.user_id is not None})
            if users:
                await self._context.live.touch(arena_id, users, now)

    async def _refresh_all(self) -> None:
        for arena_id in list(self._watchers):
            await self.update(arena_id)

    async def _every(self, seconds: float, job: Callable[[], Awaitable[None]]) -> None:
        while True:
            await asyncio.sleep(seconds)
            await self._guarded(job())

    @staticmethod
    async def _guarded(work: Awaitable[None]) -> None:
        try:
            await work
        except StorageUnavailable as error:
            log.warning("arena feed postponed, storage unavailable: %s", error)
        except Exception:
            log.exception("arena feed update failed")


async def _quietly(sending: Awaitable[None]) -> None:
    try:
        await sending
    except Exception as error:  # its socket closed: the others go on
        log.debug("could not send an arena frame: %r", error)
