"""The arenas as this worker's lobby sockets follow them: live standings, and "your table is ready".

A lobby socket that follows an arena is an ``ArenaWatcher`` here. When an arena
is announced (from any worker: a join, a table made, a game scored), the feed
tells each local watcher whose player was just seated where to go, at once and
once per table (one read of the arena's seatings for all of them). The
standings take more reading and a bigger frame, so each arena's view goes out
at most every ``VIEW_EVERY_SECONDS``: read once, sent to every local watcher
with their own line. Notices are at-most-once, so the feed also looks again
every ``REFRESH_SECONDS`` at the arenas it has watchers for. Every
``TOUCH_SECONDS`` it tells the arena its watchers' players are still here
(``ArenaLive.touch``): a waiting player whose sockets are all gone is paused.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Protocol

from application.arenas.context import ArenaContext
from application.arenas.reading import recent_view, with_your_line
from application.ports import StorageUnavailable
from domain.engine import JSON

log = logging.getLogger(__name__)

REFRESH_SECONDS = 2.0
TOUCH_SECONDS = 5.0
SETTLE_SECONDS = 0.05  # notices of one arena that come this close together make one update
VIEW_EVERY_SECONDS = 1.0


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
        self._viewed: dict[str, float] = {}  # when each arena's view last went out (monotonic)
        self._stale: set[str] = set()  # arenas whose view waits for the next refresh
        self._telling = asyncio.Lock()

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
        await self._send_view(arena_id, [watcher])
        await self._send_tables(arena_id, [watcher])

    async def update(self, arena_id: str) -> None:
        """Tell ``arena_id``'s watchers here of their new tables now, and send its view unless it
        went out less than ``VIEW_EVERY_SECONDS`` ago (then it goes at the next refresh)."""
        watchers = list(self._watchers.get(arena_id, ()))
        if not watchers:
            return
        await self._send_tables(arena_id, watchers)
        now = time.monotonic()
        if now - self._viewed.get(arena_id, float("-inf")) >= VIEW_EVERY_SECONDS:
            self._viewed[arena_id] = now
            await self._send_view(arena_id, watchers)
        else:
            self._stale.add(arena_id)

    async def _send_tables(self, arena_id: str, watchers: list[ArenaWatcher]) -> None:
        async with self._telling:  # two updates at once would both find a table untold
            await self._tell_tables(arena_id, watchers)

    async def _tell_tables(self, arena_id: str, watchers: list[ArenaWatcher]) -> None:
        seated = await self._seated(arena_id)
        opened: dict[str, bool] = {}
        for watcher in watchers:
            game_id = seated.get(watcher.user_id or "")
            if game_id is None or self._told.get(watcher) == game_id:
                continue
            if game_id not in opened:
                opened[game_id] = await self._context.games.store.get(game_id) is not None
            if opened[game_id]:
                self._told[watcher] = game_id
                await _quietly(watcher.table_ready(arena_id, game_id))

    async def _seated(self, arena_id: str) -> dict[str, str]:
        """Each seated player's game, from one read of the arena's seatings."""
        return {
            user_id: seating.game_id
            for seating in await self._context.live.seatings(arena_id)
            for user_id in seating.user_ids
        }

    async def _send_view(self, arena_id: str, watchers: list[ArenaWatcher]) -> None:
        if not watchers:
            return
        arena = await self._context.arenas.get(arena_id)
        if arena is None:
            return
        shared = await recent_view(self._context, arena)
        seated = await self._seated(arena_id)
        for watcher in watchers:
            user_id = watcher.user_id
            view = with_your_line(shared, user_id, seated.get(user_id or ""))
            await _quietly(watcher.arena_changed(view))

    async def run(self) -> None:
        tasks = [
            asyncio.create_task(self._listen(), name="tavolo-arena-feed-notices"),
            asyncio.create_task(self._every(TOUCH_SECONDS, self._touch), name="tavolo-arena-touch"),
            asyncio.create_task(self._every(REFRESH_SECONDS, self._refresh_all), name="tavolo-arena-refresh"),
            asyncio.create_task(self._every(VIEW_EVERY_SECONDS, self._send_stale), name="tavolo-arena-views"),
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

    async def _send_stale(self) -> None:
        stale, self._stale = self._stale, set()
        for arena_id in stale:
            self._viewed[arena_id] = time.monotonic()
            await self._send_view(arena_id, list(self._watchers.get(arena_id, ())))

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
