"""A running arena's pool, tables and live standings in Redis, shared by every worker."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from typing import TypeVar, cast

from adapters.redis.arena_codec import (
    decode_pooled,
    decode_score,
    decode_seating,
    encode_pooled,
    encode_score,
    encode_seating,
)
from adapters.redis.connection import Client
from adapters.redis.durations import milliseconds
from adapters.redis.keys import RedisKeys
from adapters.redis.lua import Fragment, script
from application.arenas.records import LiveScore, Pooled, Seating

logger = logging.getLogger(__name__)

T = TypeVar("T")


def standing_score(score: LiveScore) -> float:
    """A live score as one number that sorts as the standings do: points, then performance (a
    player without one below any with one)."""
    performance = 0 if score.performance is None else 1 + min(max(score.performance, 0), 9_998)
    return score.points * 10_000 + performance


ARENA_TTL_SECONDS = 2 * 86_400.0
"""How long an arena's live keys outlive its last write: ``forget`` deletes them when the arena
ends, this only bounds what an arena never forgotten (a worker died at its end) leaves behind."""

# refresh(keys, ttl_ms): every key of ``keys`` that exists lives ttl_ms more.
_REFRESH = Fragment(
    """
local function refresh(keys, ttl_ms)
  for i = 1, #keys do redis.call('PEXPIRE', keys[i], ttl_ms) end
end
"""
)

# The writing scripts take every key of the arena (``RedisKeys.arena_keys``), and the arena's TTL
# (ms) first in ARGV, and end by refreshing every key's TTL: an arena's keys live and expire
# together.  KEYS: 1 pool, 2 tables, 3 current tables, 4 scores, 5 sightings, 6 away marks,
# 7 fence, 8 standings (sorted set).

# Puts (or replaces) a player in the pool and clears their away mark, unless they have a current
# table.  ARGV: 1 TTL ms, 2 user id, 3 ``Pooled`` JSON.  Returns 1 when put in the pool, else 0.
_WAIT = script(
    """
if redis.call('HEXISTS', KEYS[3], ARGV[2]) == 1 then return 0 end
redis.call('HSET', KEYS[1], ARGV[2], ARGV[3])
redis.call('HDEL', KEYS[6], ARGV[2])
refresh(KEYS, ARGV[1])
return 1
""",
    _REFRESH,
)

# Takes a player out of the pool and marks them away.  ARGV: 1 TTL ms, 2 user id, 3 why.
_STEP_AWAY = script(
    """
redis.call('HDEL', KEYS[1], ARGV[2])
redis.call('HSET', KEYS[6], ARGV[2], ARGV[3])
refresh(KEYS, ARGV[1])
return 1
""",
    _REFRESH,
)

# All or nothing: refused (0, no change) when the fence is lower than the one stored, a player
# comes twice, or a player is not in the pool; else every player leaves the pool, each seating
# is stored by game id and becomes its players' current table, the fence is stored (1).
# ARGV: 1 TTL ms, 2 fence, 3 how many seatings, then per seating its game id, its JSON, how
# many players, and their user ids.
_SEAT = script(
    """
local fence = tonumber(ARGV[2])
if fence < tonumber(redis.call('GET', KEYS[7]) or '0') then return 0 end
local seatings, taken, at = {}, {}, 4
for s = 1, tonumber(ARGV[3]) do
  local players = {}
  for j = 1, tonumber(ARGV[at + 2]) do
    local user = ARGV[at + 2 + j]
    if taken[user] or redis.call('HEXISTS', KEYS[1], user) == 0 then return 0 end
    taken[user] = true
    players[j] = user
  end
  seatings[s] = {ARGV[at], ARGV[at + 1], players}
  at = at + 3 + #players
end
for _, seating in ipairs(seatings) do
  redis.call('HSET', KEYS[2], seating[1], seating[2])
  for _, user in ipairs(seating[3]) do
    redis.call('HDEL', KEYS[1], user)
    redis.call('HSET', KEYS[3], user, seating[1])
  end
end
redis.call('SET', KEYS[7], ARGV[2])
refresh(KEYS, ARGV[1])
return 1
""",
    _REFRESH,
)

# Ends a table: it goes, and each of its players' current table when it is still this one
# (the players are the seating JSON's ``user_ids``).  ARGV: 1 TTL ms, 2 game id.
# Returns 1 when the table was there, 0 when it had gone already.
_UNSEAT = script(
    """
local seating = redis.call('HGET', KEYS[2], ARGV[2])
if not seating then return 0 end
redis.call('HDEL', KEYS[2], ARGV[2])
local ok, data = pcall(cjson.decode, seating)
if ok and type(data) == 'table' and type(data['user_ids']) == 'table' then
  for _, user in ipairs(data['user_ids']) do
    if redis.call('HGET', KEYS[3], user) == ARGV[2] then redis.call('HDEL', KEYS[3], user) end
  end
end
refresh(KEYS, ARGV[1])
return 1
""",
    _REFRESH,
)

# Stores a player's score unless the stored one counts more games (its JSON's ``games``), and their
# place in the standings' sorted set.  ARGV: 1 TTL ms, 2 user id, 3 games, 4 ``LiveScore`` JSON,
# 5 its standing score (``standing_score``).  Returns 1 when stored, else 0.
_POST = script(
    """
local stored = redis.call('HGET', KEYS[4], ARGV[2])
if stored then
  local ok, data = pcall(cjson.decode, stored)
  if ok and type(data) == 'table' then
    local games = tonumber(data['games'])
    if games and games > tonumber(ARGV[3]) then return 0 end
  end
end
redis.call('HSET', KEYS[4], ARGV[2], ARGV[4])
redis.call('ZADD', KEYS[8], ARGV[5], ARGV[2])
refresh(KEYS, ARGV[1])
return 1
""",
    _REFRESH,
)

# Each player was connected at ``now`` unless already seen later.
# ARGV: 1 TTL ms, 2 now (epoch seconds, as Python writes the float), 3… user ids.
_TOUCH = script(
    """
local now = tonumber(ARGV[2])
for i = 3, #ARGV do
  local last = tonumber(redis.call('HGET', KEYS[5], ARGV[i]) or '')
  if not last or now > last then redis.call('HSET', KEYS[5], ARGV[i], ARGV[2]) end
end
refresh(KEYS, ARGV[1])
return 1
""",
    _REFRESH,
)

# A player's current seating in one read.  KEYS: 1 tables, 2 current tables.  ARGV: user id.
# Returns its JSON, or nil when the player sits at no table.
_SEATING_OF = """
local game = redis.call('HGET', KEYS[2], ARGV[1])
if not game then return false end
return redis.call('HGET', KEYS[1], game)
"""


class RedisArenaLive:
    """``ArenaLive`` in Redis.

    Per arena, one hash each for its pool (user id → ``Pooled`` JSON), its tables (game id →
    ``Seating`` JSON), its players' current tables (user id → game id), its live scores (user
    id → ``LiveScore`` JSON), its sightings (user id → epoch seconds) and its away marks (user
    id → why), and a string for the highest fence a seating used (``RedisKeys.arena_keys``).
    On a Redis Cluster they all carry the arena's hash tag, so each arena lives in one slot and
    the arenas spread over the masters.

    Every write but ``leave_pool`` (one ``HDEL``) is one Lua script: ``wait`` (not while the
    player has a current table; it clears their away mark), ``step_away`` (out of the pool,
    marked), ``seat`` (fence, no player twice, everyone in the pool: then all of it, else
    nothing), ``unseat`` (a player's current table goes only if it is still that game),
    ``post`` (the score with more games stays), ``touch`` (the latest sighting stays). Each
    script gives every key of the arena ``ttl_seconds`` more, so an arena never ``forget``-ten
    leaves nothing behind for long; ``forget`` deletes them all. Malformed records are skipped
    with a warning.
    """

    def __init__(self, client: Client, keys: RedisKeys, ttl_seconds: float = ARENA_TTL_SECONDS) -> None:
        self._client = client
        self._keys = keys
        self._ttl_ms = milliseconds(ttl_seconds)
        self._wait = client.register_script(_WAIT)
        self._step_away = client.register_script(_STEP_AWAY)
        self._seat = client.register_script(_SEAT)
        self._unseat = client.register_script(_UNSEAT)
        self._post = client.register_script(_POST)
        self._touch = client.register_script(_TOUCH)
        self._seating_of = client.register_script(_SEATING_OF)

    async def wait(self, arena_id: str, entry: Pooled) -> bool:
        waits = await self._wait(
            keys=self._keys.arena_keys(arena_id), args=[self._ttl_ms, entry.user_id, encode_pooled(entry)]
        )
        return bool(waits == 1)

    async def leave_pool(self, arena_id: str, user_id: str) -> bool:
        removed = await self._client.hdel(self._keys.arena_pool(arena_id), user_id)
        return removed == 1

    async def waiting(self, arena_id: str) -> list[Pooled]:
        raws = await cast("Awaitable[list[str]]", self._client.hvals(self._keys.arena_pool(arena_id)))
        entries = _decoded(raws, decode_pooled, "pool entry")
        return sorted(entries, key=lambda entry: (entry.since, entry.user_id))

    async def step_away(self, arena_id: str, user_id: str, why: str) -> None:
        await self._step_away(keys=self._keys.arena_keys(arena_id), args=[self._ttl_ms, user_id, why])

    async def away(self, arena_id: str) -> dict[str, str]:
        return await cast("Awaitable[dict[str, str]]", self._client.hgetall(self._keys.arena_away(arena_id)))

    async def seat(self, arena_id: str, seatings: Sequence[Seating], fence: int) -> bool:
        args: list[str | int] = [self._ttl_ms, fence, len(seatings)]
        for seating in seatings:
            args += [seating.game_id, encode_seating(seating), len(seating.user_ids), *seating.user_ids]
        seated = await self._seat(keys=self._keys.arena_keys(arena_id), args=args)
        logger.debug(
            "arena %s: %d table(s) with fence %d seated: %s", arena_id, len(seatings), fence, seated == 1
        )
        return bool(seated == 1)

    async def seatings(self, arena_id: str) -> list[Seating]:
        raws = await cast("Awaitable[list[str]]", self._client.hvals(self._keys.arena_tables(arena_id)))
        seatings = _decoded(raws, decode_seating, "seating")
        return sorted(seatings, key=lambda seating: (seating.formed, seating.game_id))

    async def seating_of(self, arena_id: str, user_id: str) -> Seating | None:
        raw: str | None = await self._seating_of(
            keys=[self._keys.arena_tables(arena_id), self._keys.arena_current(arena_id)], args=[user_id]
        )
        if raw is None:
            return None
        found = _decoded([raw], decode_seating, "seating")
        return found[0] if found else None

    async def unseat(self, arena_id: str, game_id: str) -> None:
        ended = await self._unseat(keys=self._keys.arena_keys(arena_id), args=[self._ttl_ms, game_id])
        logger.debug("arena %s: table %s ended (was there: %s)", arena_id, game_id, ended == 1)

    async def post(self, arena_id: str, score: LiveScore) -> bool:
        stored = await self._post(
            keys=self._keys.arena_keys(arena_id),
            args=[self._ttl_ms, score.user_id, score.games, encode_score(score), standing_score(score)],
        )
        return bool(stored == 1)

    async def scores(self, arena_id: str) -> dict[str, LiveScore]:
        """Read in the standings' order, from their sorted set (equal scores by user id)."""
        placed = await cast(
            "Awaitable[list[tuple[str, float]]]",
            self._client.zrange(self._keys.arena_standings(arena_id), 0, -1, withscores=True),
        )
        if not placed:
            return {}
        ranked = [user_id for user_id, _ in sorted(placed, key=lambda entry: (-entry[1], entry[0]))]
        raws = await cast(
            "Awaitable[list[str | None]]", self._client.hmget(self._keys.arena_scores(arena_id), ranked)
        )
        found = _decoded((raw for raw in raws if raw is not None), decode_score, "live score")
        by_user = {score.user_id: score for score in found}
        return {user_id: by_user[user_id] for user_id in ranked if user_id in by_user}

    async def touch(self, arena_id: str, user_ids: Sequence[str], now: float) -> None:
        if not user_ids:
            return
        await self._touch(keys=self._keys.arena_keys(arena_id), args=[self._ttl_ms, repr(now), *user_ids])

    async def seen(self, arena_id: str) -> Mapping[str, float]:
        raws = await cast("Awaitable[dict[str, str]]", self._client.hgetall(self._keys.arena_seen(arena_id)))
        seen: dict[str, float] = {}
        for user_id, raw in raws.items():
            try:
                seen[user_id] = float(raw)
            except ValueError:
                logger.warning("ignored a malformed arena sighting")
        return seen

    async def forget(self, arena_id: str) -> None:
        await self._client.delete(*self._keys.arena_keys(arena_id))
        logger.debug("arena %s forgotten", arena_id)


def _decoded(raws: Iterable[str], decode: Callable[[str], T], what: str) -> list[T]:
    """Each of ``raws`` decoded, skipping (with a warning) those that are malformed."""
    decoded: list[T] = []
    for raw in raws:
        try:
            decoded.append(decode(raw))
        except (ValueError, KeyError, TypeError):
            logger.warning("ignored a malformed arena %s", what)
    return decoded
