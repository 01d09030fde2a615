"""Open-tables announcements across processes, over Redis pub/sub."""

from __future__ import annotations

from collections.abc import AsyncIterator

from adapters.redis.channel_listeners import ChannelListeners
from adapters.redis.connection import Client
from adapters.redis.keys import RedisKeys


class RedisLobbyNotices:
    """``LobbyNotices`` on the lobby channel, where ``RedisCommits``' script publishes.

    Its subscription, its iterators and their start are ``ChannelListeners``': each iterator
    yields one ``None`` per message on the channel, and one more after the pub/sub connection
    dropped and came back (messages may have been lost meanwhile).
    """

    def __init__(self, client: Client, keys: RedisKeys) -> None:
        self._channel: ChannelListeners[None] = ChannelListeners(
            client, keys.lobby_events, "lobby notices", lambda table: None, None
        )

    async def start(self) -> None:
        """Subscribe to the lobby channel now (returns once Redis confirmed it)."""
        await self._channel.start()

    def listen(self) -> AsyncIterator[None]:
        return self._channel.listen()

    async def close(self) -> None:
        await self._channel.close()
