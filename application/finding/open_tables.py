"""The open tables: public tables waiting for players, as the lobby lists them, and the
per-process feed that keeps every lobby connection's list current.

One ``LobbyFeed`` per process follows ``LobbyNotices``: a change of any listed
table, on any process, makes it read the list once (after a short pause that
gathers the changes arriving together) and hand it to every lobby connection
of this process — never a read per connection.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Protocol

from application.playing.live_games import LiveGames
from application.playing.views import lobby_summary
from application.ports import LobbyNotices, StorageUnavailable
from domain.engine import JSON
from domain.errors import InvalidAction

log = logging.getLogger(__name__)

MAX_LISTED = 200
GATHER_SECONDS = 0.2
RETRY_SECONDS = 1.0


async def open_tables(games: LiveGames, game_type: str | None = None, limit: int = MAX_LISTED) -> list[JSON]:
    """Public tables waiting for players (oldest first), of one game type or all."""
    if game_type is not None and game_type not in games.registry:
        raise InvalidAction(f"unknown game type: {game_type!r}")
    listed = await games.store.open_tables(MAX_LISTED)
    return [
        lobby_summary(games.registry.get(session.game_type), session)
        for session in listed
        if game_type is None or session.game_type == game_type
    ][:limit]


class LobbyWatcher(Protocol):
    """A lobby connection: shown the open tables whenever they change."""

    async def tables(self, listed: list[JSON]) -> None: ...


class LobbyFeed:
    def __init__(
        self, games: LiveGames, notices: LobbyNotices, gather_seconds: float = GATHER_SECONDS
    ) -> None:
        self._games = games
        self._notices = notices
        self._gather = gather_seconds
        self._watchers: set[LobbyWatcher] = set()
        self._changed = asyncio.Event()

    @property
    def watcher_count(self) -> int:
        return len(self._watchers)

    async def attach(self, watcher: LobbyWatcher) -> None:
        """Follow the open tables; the current list is shown at once (``StorageUnavailable``
        when it cannot be read: the watcher stays attached and gets the next list)."""
        self._watchers.add(watcher)
        await watcher.tables(await open_tables(self._games))

    def detach(self, watcher: LobbyWatcher) -> None:
        self._watchers.discard(watcher)

    async def run(self) -> None:
        """Follow the notices and refresh the watchers, until cancelled."""
        listening = asyncio.create_task(self._listen(), name="tavolo-lobby-notices")
        try:
            while True:
                await self._changed.wait()
                await asyncio.sleep(self._gather)
                self._changed.clear()
                if self._watchers:
                    await self._refresh()
        finally:
            listening.cancel()

    async def _listen(self) -> None:
        while True:
            try:
                async for _ in self._notices.listen():
                    self._changed.set()
            except asyncio.CancelledError:
                raise
            except StorageUnavailable as error:  # an outage, not a bug: no traceback
                log.warning("lobby notices lost, storage unavailable: %s; listening again", error)
            except Exception:
                log.exception("lobby notices failed; listening again")
            await asyncio.sleep(RETRY_SECONDS)
            self._changed.set()

    async def _refresh(self) -> None:
        try:
            listed = await open_tables(self._games)
        except StorageUnavailable as error:
            log.warning("open tables not refreshed, storage unavailable: %s", error)
            await asyncio.sleep(RETRY_SECONDS)
            self._changed.set()
            return
        for watcher in list(self._watchers):
            try:
                await watcher.tables(listed)
            except Exception as error:  # a closed socket must not stop the others
                log.debug("send failed: %r", error)
