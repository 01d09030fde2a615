"""Live game sessions in Redis: JSON envelopes with a sliding TTL, join codes, a per-user index,
the open tables."""

from __future__ import annotations

import asyncio
import logging
from typing import cast

from adapters.redis.codec import decode_logged, decode_session
from adapters.redis.connection import Client, check_layout, get_many
from adapters.redis.keys import RedisKeys
from adapters.redis.log_packing import unpacked
from adapters.redis.lua import NOW_MS, script
from domain.live_game import LiveGame
from domain.match_log import Logged

logger = logging.getLogger(__name__)

DEFAULT_TTL_SECONDS = 86_400.0

# KEYS: the live index.  Drops the entries of expired games, then counts the rest.
_COUNT_LIVE = script(
    """
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now_ms())
return redis.call('ZCARD', KEYS[1])
""",
    NOW_MS,
)

# KEYS: the open-tables index.  Drops the entries of expired tables, then lists the rest's ids.
_OPEN_TABLES = script(
    """
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now_ms())
return redis.call('ZRANGE', KEYS[1], 0, -1)
""",
    NOW_MS,
)


class RedisGameStore:
    """A ``GameStore`` on Redis, reading what ``RedisCommits`` writes.

    Every commit (re)starts the TTL of the game, its join code and the seated
    users' indexes, so they expire together after ``ttl_seconds`` without a
    commit (a lobby after the commits' shorter lobby TTL; a user's index lives
    as long as their longest-lived game). A user's index may keep ids of games
    that expired (``games_of`` drops those lazily) or that they no longer sit
    in (skipped; the index key expires with their last game). The TTL is ``RedisCommits``' to give:
    ``ttl_seconds`` is only checked, so that a store and its commits can be
    built from the same settings.

    ``open_tables`` reads the index of listed tables the commit script keeps
    (expired entries dropped on read), fetches their envelopes with one
    ``MGET`` and keeps those still ``listed``, oldest first.

    On a Redis Cluster the live-games and open-tables indexes are one per shard
    (``RedisKeys.shards``): ``count_live`` and ``open_tables`` read them all
    (together), and the envelopes come with one ``MGET`` per hash slot. A
    join code and a user's index are best-effort companions of the commit
    there (``RedisCommits``): a code naming a game that does not hold it, or
    no game, reads as no game; an index entry is checked against its game.
    """

    def __init__(self, client: Client, keys: RedisKeys, ttl_seconds: float = DEFAULT_TTL_SECONDS) -> None:
        if ttl_seconds <= 0:
            raise ValueError("ttl_seconds must be positive")
        check_layout(client, keys.cluster)
        self._client = client
        self._keys = keys
        self._count_live = client.register_script(_COUNT_LIVE)
        self._open_tables = client.register_script(_OPEN_TABLES)

    async def get(self, game_id: str) -> LiveGame | None:
        raw = cast("str | None", await self._client.get(self._keys.game(game_id)))
        return None if raw is None else decode_session(raw)

    async def log(self, game_id: str) -> tuple[Logged, ...]:
        key = self._keys.game_log(game_id)
        entries = cast("list[str]", await self._client.lrange(key, 0, -1))
        return tuple(decode_logged(entry) for entry in unpacked(entries))

    async def find_by_code(self, code: str) -> LiveGame | None:
        game_id = cast("str | None", await self._client.get(self._keys.code(code)))
        if game_id is None:
            return None
        session = await self.get(game_id)
        return session if session is not None and session.join_code == code else None

    async def games_of(self, user_id: str) -> list[LiveGame]:
        index = self._keys.user_games(user_id)
        game_ids = cast("list[str]", await self._client.zrevrange(index, 0, -1))
        if not game_ids:
            return []
        raws = await get_many(self._client, [self._keys.game(gid) for gid in game_ids])
        sessions: list[LiveGame] = []
        gone: list[str] = []
        for game_id, raw in zip(game_ids, raws, strict=True):
            if raw is None:
                gone.append(game_id)
                continue
            session = decode_session(raw)
            if session.seat_of(user_id) is not None:
                sessions.append(session)
        if gone:
            await self._client.zrem(index, *gone)
            logger.debug("dropped %d expired game(s) from a user's index", len(gone))
        return sessions

    async def count_live(self) -> int:
        """Unfinished games, from an index the commit script keeps (expired entries dropped here)."""
        counts = await asyncio.gather(
            *(self._count_live(keys=[self._keys.live_games(shard)]) for shard in self._keys.shards)
        )
        return sum(int(count) for count in counts)

    async def open_tables(self, limit: int) -> list[LiveGame]:
        if limit <= 0:
            return []
        indexed: list[list[str]] = await asyncio.gather(
            *(self._open_tables(keys=[self._keys.open_tables(shard)]) for shard in self._keys.shards)
        )
        game_ids = [game_id for shard_ids in indexed for game_id in shard_ids]
        if not game_ids:
            return []
        raws = await get_many(self._client, [self._keys.game(gid) for gid in game_ids])
        listed = [session for session in map(decode_session, filter(None, raws)) if session.listed]
        listed.sort(key=lambda session: (session.created_at, session.id))
        logger.debug("%d open table(s) indexed, %d listed", len(game_ids), len(listed))
        return listed[:limit]
