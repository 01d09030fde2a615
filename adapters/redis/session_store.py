"""Live game sessions in Redis: JSON envelopes with a sliding TTL, join codes, a per-user index."""

from __future__ import annotations

import logging
import math

import redis.asyncio as redis

from adapters.redis.codec import decode_session, encode_session
from adapters.redis.commit_script import SAVE_AND_COMMIT, script_args, script_keys, seated_users
from adapters.redis.keys import RedisKeys
from domain.session import GameSession

logger = logging.getLogger(__name__)

DEFAULT_TTL_SECONDS = 86_400.0

# Index of the unfinished live games, scored by their expiry in ms of Redis ``TIME``.
# KEYS[3]: the index.  ARGV[1]: game id, ARGV[3]: ttl ms, ARGV[6]: '1' when the game is finished.
_INDEX_LIVE = """
local t = redis.call('TIME')
local now_ms = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
if ARGV[6] == '1' then
  redis.call('ZREM', KEYS[3], ARGV[1])
else
  redis.call('ZADD', KEYS[3], now_ms + tonumber(ARGV[3]), ARGV[1])
end
"""

# KEYS: game, code, live index, then each seated user's index.
# ARGV: game id, JSON, ttl ms, created_at, (unused), finished flag.
_CREATE = (
    """
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
if not redis.call('SET', KEYS[2], ARGV[1], 'NX', 'PX', ARGV[3]) then return 0 end
redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
"""
    + _INDEX_LIVE
    + """
for i = 4, #KEYS do
  redis.call('ZADD', KEYS[i], ARGV[4], ARGV[1])
  redis.call('PEXPIRE', KEYS[i], ARGV[3])
end
return 1
"""
)

# KEYS: the live index.  Drops the entries of expired games, then counts the rest.
_COUNT_LIVE = """
local t = redis.call('TIME')
local now_ms = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now_ms)
return redis.call('ZCARD', KEYS[1])
"""


class RedisSessionStore:
    """A ``SessionStore`` on Redis.

    ``create`` and ``save`` are Lua scripts, so each is atomic: ``create``
    reserves the join code with ``SET NX`` and stores the envelope, ``save``
    compares the stored ``version`` before writing (the script it shares with
    ``RedisCommits``). Both (re)start the TTL of
    the game, its join code and the seated users' indexes, so they expire
    together after ``ttl_seconds`` without a write. A user's index may keep ids
    of games that expired (``games_of`` drops those lazily) or that they no
    longer sit in (skipped; the index key expires with their last game).
    """

    def __init__(
        self, client: redis.Redis, keys: RedisKeys, ttl_seconds: float = DEFAULT_TTL_SECONDS
    ) -> None:
        if ttl_seconds <= 0:
            raise ValueError("ttl_seconds must be positive")
        self._client = client
        self._keys = keys
        self._ttl_ms = max(1, math.ceil(ttl_seconds * 1000))
        self._create = client.register_script(_CREATE)
        self._save = client.register_script(SAVE_AND_COMMIT)
        self._count_live = client.register_script(_COUNT_LIVE)

    async def create(self, session: GameSession) -> bool:
        created = await self._create(
            keys=self._keys_of(session),
            args=[
                session.id,
                encode_session(session),
                self._ttl_ms,
                repr(session.created_at),
                "",
                _finished(session),
            ],
        )
        if created != 1:
            logger.debug(
                "game %s not created: its id or join code %s is in use", session.id, session.join_code
            )
            return False
        logger.debug("created game %s with join code %s", session.id, session.join_code)
        return True

    async def get(self, game_id: str) -> GameSession | None:
        raw: str | None = await self._client.get(self._keys.game(game_id))
        return None if raw is None else decode_session(raw)

    async def find_by_code(self, code: str) -> GameSession | None:
        game_id: str | None = await self._client.get(self._keys.code(code))
        if game_id is None:
            return None
        session = await self.get(game_id)
        return session if session is not None and session.join_code == code else None

    async def save(self, session: GameSession, expected_version: int) -> bool:
        outcome = await self._save(
            keys=script_keys(self._keys, session),
            args=script_args(session, self._ttl_ms, expected_version),
        )
        if outcome == 1:
            return True
        if outcome == 0:
            logger.debug("save of game %s refused: no such live game", session.id)
        else:
            logger.debug("save of game %s refused: stored version is not %s", session.id, expected_version)
        return False

    async def games_of(self, user_id: str) -> list[GameSession]:
        index = self._keys.user_games(user_id)
        game_ids: list[str] = await self._client.zrevrange(index, 0, -1)
        if not game_ids:
            return []
        raws: list[str | None] = await self._client.mget([self._keys.game(gid) for gid in game_ids])
        sessions: list[GameSession] = []
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
        """Unfinished games, from an index the create/save scripts keep (expired entries dropped here)."""
        return int(await self._count_live(keys=[self._keys.live_games]))

    def _keys_of(self, session: GameSession) -> list[str]:
        users = [self._keys.user_games(user_id) for user_id in seated_users(session)]
        return [
            self._keys.game(session.id),
            self._keys.code(session.join_code),
            self._keys.live_games,
            *users,
        ]


def _finished(session: GameSession) -> str:
    return "1" if session.phase == "finished" else "0"
