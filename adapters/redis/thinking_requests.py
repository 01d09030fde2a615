"""Thinking requests on a Redis Stream read by one consumer group: the ``computer-players`` service.

``ask`` is an ``XADD`` (the stream capped near ``MAX_REQUESTS``); ``take`` an ``XREADGROUP`` of the
group ``THINKING_GROUP``, which it creates, from the stream's start, the first time it is missing;
``reclaim`` an ``XAUTOCLAIM`` of entries idle in the group's pending list; ``done`` an ``XACK`` and an
``XDEL``, so the stream holds exactly the requests not yet done and its length is the backlog (the
metric the service is scaled on: ``XLEN <prefix>:thinking:requests``).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from redis.exceptions import ResponseError

from adapters.redis.connection import Client
from adapters.redis.keys import RedisKeys
from application.playing.thinking_requests import TakenRequest, ThinkingRequest

log = logging.getLogger(__name__)

THINKING_GROUP = "computer-players"
"""The consumer group every ``tavolo computer-players`` process reads the stream in."""

MAX_REQUESTS = 100_000
"""About how many requests the stream keeps at most (``XADD MAXLEN ~``): far beyond any backlog a
running service leaves, it only bounds a stream nobody reads."""


class RedisThinkingRequests:
    """A ``ThinkingRequests`` on the stream ``keys.thinking_requests``."""

    def __init__(self, client: Client, keys: RedisKeys) -> None:
        self._client = client
        self._stream = keys.thinking_requests

    async def ask(self, request: ThinkingRequest) -> None:
        fields: dict[Any, Any] = {"game_id": request.game_id, "token": request.token}
        await self._client.xadd(self._stream, fields, maxlen=MAX_REQUESTS, approximate=True)

    async def take(self, consumer: str, limit: int, wait_seconds: float) -> list[TakenRequest]:
        block = max(1, round(wait_seconds * 1000)) if wait_seconds > 0 else None
        try:
            read = await self._read(consumer, limit, block)
        except ResponseError as error:
            if "NOGROUP" not in str(error):
                raise
            await self._create_group()
            read = await self._read(consumer, limit, block)
        return await self._requests([entry for _stream, entries in read or [] for entry in entries])

    async def reclaim(self, consumer: str, idle_seconds: float, limit: int) -> list[TakenRequest]:
        try:
            claimed = await self._client.xautoclaim(
                self._stream, THINKING_GROUP, consumer, round(idle_seconds * 1000), "0-0", count=limit
            )
        except ResponseError as error:
            if "NOGROUP" not in str(error):
                raise
            return []  # no group yet: nobody has taken anything
        return await self._requests(claimed[1])

    async def done(self, taken: TakenRequest) -> None:
        await self._drop(taken.entry)

    async def backlog(self) -> int:
        return int(await self._client.xlen(self._stream))

    async def _requests(self, entries: Sequence[Any]) -> list[TakenRequest]:
        """The requests among a stream's ``[id, fields]`` entries; an entry that is not one (deleted
        since it was delivered, or written by something else) is done at once, never held."""
        taken: list[TakenRequest] = []
        for entry, fields in entries:
            if fields and isinstance(fields.get("game_id"), str) and isinstance(fields.get("token"), str):
                taken.append(TakenRequest(entry, ThinkingRequest(fields["game_id"], fields["token"])))
            else:
                log.warning("stream entry %s is not a thinking request: dropped", entry)
                await self._drop(entry)
        return taken

    async def _drop(self, entry: str) -> None:
        """Acknowledge ``entry`` and delete it from the stream (which thus holds only the backlog)."""
        await self._client.xack(self._stream, THINKING_GROUP, entry)
        await self._client.xdel(self._stream, entry)

    async def _read(self, consumer: str, limit: int, block: int | None) -> Any:
        return await self._client.xreadgroup(
            THINKING_GROUP, consumer, {self._stream: ">"}, count=limit, block=block
        )

    async def _create_group(self) -> None:
        try:
            await self._client.xgroup_create(self._stream, THINKING_GROUP, id="0", mkstream=True)
            log.info("consumer group %s created on %s", THINKING_GROUP, self._stream)
        except ResponseError as error:
            if "BUSYGROUP" not in str(error):  # another process created it first
                raise
