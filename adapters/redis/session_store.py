"""Live game sessions in Redis: JSON envelopes with a sliding TTL, join codes, a per-user index."""

from __future__ import annotations

import json
import logging
import math
from typing import Any

import redis.asyncio as redis

from adapters.redis.keys import RedisKeys
from domain.session import GameSession

logger = logging.getLogger(__name__)

DEFAULT_TTL_SECONDS = 86_400.0

# KEYS: game, code, then each seated user's index.  ARGV: game id, JSON, ttl ms, created_at.
_CREATE = """
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
if not redis.call('SET', KEYS[2], ARGV[1], 'NX', 'PX', ARGV[3]) then return 0 end
redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
for i = 3, #KEYS do
  redis.call('ZADD', KEYS[i], ARGV[4], ARGV[1])
  redis.call('PEXPIRE', KEYS[i], ARGV[3])
end
return 1
"""

# Compare-and-set on the stored envelope's version.
# KEYS: game, code, then each seated user's index.
# ARGV: game id, JSON, ttl ms, created_at, expected version.
_SAVE = """
local stored = redis.call('GET', KEYS[1])
if not stored then return 0 end
if tonumber(cjson.decode(stored)['version']) ~= tonumber(ARGV[5]) then return -1 end
redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
if redis.call('GET', KEYS[2]) == ARGV[1] then redis.call('PEXPIRE', KEYS[2], ARGV[3]) end
for i = 3, #KEYS do
  redis.call('ZADD', KEYS[i], ARGV[4], ARGV[1])
  redis.call('PEXPIRE', KEYS[i], ARGV[3])
end
return 1
"""


def _seated_users(session: GameSession) -> list[str]:
    return sorted({seat.user_id for seat in session.seats if seat is not None})


class RedisSessionStore:
    """A ``SessionStore`` on Redis.

    ``create`` and ``save`` are Lua scripts, so each is atomic: ``create``
    reserves the join code with ``SET NX`` and stores the envelope, ``save``
    compares the stored ``version`` before writing. Both (re)start the TTL of
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
        self._save = client.register_script(_SAVE)

    async def create(self, session: GameSession) -> bool:
        created = await self._create(
            keys=self._keys_of(session),
            args=[session.id, _encode(session), self._ttl_ms, repr(session.created_at)],
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
        return None if raw is None else _decode(raw)

    async def find_by_code(self, code: str) -> GameSession | None:
        game_id: str | None = await self._client.get(self._keys.code(code))
        if game_id is None:
            return None
        session = await self.get(game_id)
        return session if session is not None and session.join_code == code else None

    async def save(self, session: GameSession, expected_version: int) -> bool:
        outcome = await self._save(
            keys=self._keys_of(session),
            args=[session.id, _encode(session), self._ttl_ms, repr(session.created_at), expected_version],
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
            session = _decode(raw)
            if session.seat_of(user_id) is not None:
                sessions.append(session)
        if gone:
            await self._client.zrem(index, *gone)
            logger.debug("dropped %d expired game(s) from a user's index", len(gone))
        return sessions

    def _keys_of(self, session: GameSession) -> list[str]:
        users = [self._keys.user_games(user_id) for user_id in _seated_users(session)]
        return [self._keys.game(session.id), self._keys.code(session.join_code), *users]


def _encode(session: GameSession) -> str:
    return json.dumps(session.dump(), separators=(",", ":"), allow_nan=False)


def _decode(raw: str) -> GameSession:
    data: dict[str, Any] = json.loads(raw)
    return GameSession.load(data)
