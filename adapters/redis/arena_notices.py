"""Arena change notices across processes, over Redis pub/sub."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator

from adapters.redis.channel_listeners import ChannelListeners
from adapters.redis.connection import Client
from adapters.redis.keys import RedisKeys

logger = logging.getLogger(__name__)


def _arena(arena_id: str) -> str | None:
    return arena_id


class RedisArenaNotices:
    """``ArenaNotices`` on the deployment's arena channel (``RedisKeys.arena_events``, a plain
    pub/sub channel, on a cluster too): ``announce`` publishes the arena's id there.

    Its subscription, its iterators and their start are ``ChannelListeners``': each iterator
    yields the id of every arena announced, and one ``None`` after the pub/sub connection dropped
    and came back (notices may have been lost meanwhile).
    """

    def __init__(self, client: Client, keys: RedisKeys) -> None:
        self._client = client
        self._keys = keys
        self._channel: ChannelListeners[str | None] = ChannelListeners(
            client, keys.arena_events, "arena notices", _arena, None
        )

    async def start(self) -> None:
        """Subscribe to the arena channel now (returns once Redis confirmed it)."""
        await self._channel.start()

    async def announce(self, arena_id: str) -> None:
        receivers = await self._client.publish(self._keys.arena_events, arena_id)
        logger.debug("arena %s announced to %s subscriber(s)", arena_id, receivers)

    def listen(self) -> AsyncIterator[str | None]:
        return self._channel.listen()

    async def close(self) -> None:
        await self._channel.close()
