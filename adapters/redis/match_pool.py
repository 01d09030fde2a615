"""The quick-match pool in Redis, shared by every process."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Sequence
from typing import cast

from adapters.redis.connection import Client, get_many
from adapters.redis.durations import milliseconds
from adapters.redis.keys import RedisKeys
from adapters.redis.lua import DROP_LAPSED_SEEKERS, NOW_MS, script
from adapters.redis.matchmaking_codec import decode_group, decode_seeker, encode_group, encode_seeker
from domain.matchmaking import Group, Seeker

logger = logging.getLogger(__name__)

# Users renewed per script call: bounds the KEYS and ARGV of one call.
RENEW_CHUNK = 500

# Puts a seeker in its queue (``Seeker.queue``: a game type and options), taking it out of the
# one its user waited in (as the caller read it: if that changed meanwhile, nothing is done and
# the caller reads it again), and forgets the user's assignment.
# KEYS: 1 the user's waits record, 2 their assignment, 3 the seekers of the new queue,
# 4 its leases, 5 the queues, 6 the seekers of the queue waited in before, 7 its leases
# (the new queue's keys again when there was none).
# ARGV: 1 user id, 2 seeker JSON, 3 queue, 4 lease ms, 5 the queue the caller read
# from the waits record ('' for none).  Returns 1 when joined, 0 when the record had changed.
_JOIN = script(
    """
local current = redis.call('GET', KEYS[1]) or ''
if current ~= ARGV[5] then return 0 end
if current ~= '' then
  redis.call('HDEL', KEYS[6], ARGV[1])
  redis.call('ZREM', KEYS[7], ARGV[1])
end
redis.call('DEL', KEYS[2])
local until_ms = now_ms() + tonumber(ARGV[4])
redis.call('HSET', KEYS[3], ARGV[1], ARGV[2])
redis.call('ZADD', KEYS[4], until_ms, ARGV[1])
redis.call('SADD', KEYS[5], ARGV[3])
redis.call('SET', KEYS[1], ARGV[3], 'PXAT', until_ms)
return 1
""",
    NOW_MS,
)

# Restarts the lease of each user still waiting (live lease) in the queue given.
# KEYS: per user, their waits record and the leases of their queue.
# ARGV: lease ms, then per user their id and queue.  Returns how many were renewed.
_RENEW = script(
    """
local now = now_ms()
local until_ms = now + tonumber(ARGV[1])
local renewed = 0
for i = 2, #ARGV, 2 do
  local waits, leases = KEYS[i - 1], KEYS[i]
  if redis.call('GET', waits) == ARGV[i + 1] then
    local score = redis.call('ZSCORE', leases, ARGV[i])
    if score and tonumber(score) > now then
      redis.call('ZADD', leases, 'XX', until_ms, ARGV[i])
      redis.call('PEXPIREAT', waits, until_ms)
      renewed = renewed + 1
    end
  end
end
return renewed
""",
    NOW_MS,
)

# Takes a user out of the queue, if their waits record still names it.
# KEYS: the waits record, the queue's seekers, its leases.  ARGV: user id, queue.
# Returns 1 when they were waiting (live lease), 0 when not, -1 when the record had changed.
_LEAVE = script(
    """
if redis.call('GET', KEYS[1]) ~= ARGV[2] then return -1 end
redis.call('DEL', KEYS[1])
local score = redis.call('ZSCORE', KEYS[3], ARGV[1])
redis.call('HDEL', KEYS[2], ARGV[1])
redis.call('ZREM', KEYS[3], ARGV[1])
if score and tonumber(score) > now_ms() then return 1 end
return 0
""",
    NOW_MS,
)

# The seeker JSON of every live seeker of a queue, dropping the lapsed ones first (and the
# queue from the set of queues when none is left).
# KEYS: the queue's seekers, its leases, the queues.  ARGV: the queue.
_WAITING = script(
    """
if drop_lapsed_seekers(KEYS[1], KEYS[2], now_ms()) == 0 then
  redis.call('SREM', KEYS[3], ARGV[1])
  return {}
end
local seekers = {}
for _, user in ipairs(redis.call('ZRANGE', KEYS[2], 0, -1)) do
  local seeker = redis.call('HGET', KEYS[1], user)
  if seeker then table.insert(seekers, seeker) end
end
return seekers
""",
    NOW_MS,
    DROP_LAPSED_SEEKERS,
)

# Of the queues given, those with a live seeker; lapsed seekers are dropped, and the queues
# left without any leave the set of queues.
# KEYS: the queues, then per queue its seekers and its leases.  ARGV: the queues.
_QUEUES = script(
    """
local now = now_ms()
local live = {}
for i, queue in ipairs(ARGV) do
  if drop_lapsed_seekers(KEYS[2 * i], KEYS[2 * i + 1], now) > 0 then
    table.insert(live, queue)
  else
    redis.call('SREM', KEYS[1], queue)
  end
end
return live
""",
    NOW_MS,
    DROP_LAPSED_SEEKERS,
)

# All or nothing: if every member is waiting in the group's queue (a seeker with a live lease),
# they all leave the pool and each gets the group as their assignment; otherwise nothing changes.
# KEYS: 1 the queue's seekers, 2 its leases, 3 the queues, then per member their waits
# record and their assignment.
# ARGV: 1 group JSON, 2 assignment TTL ms, 3 queue, 4… the members' user ids.
# Returns 1 when claimed, 0 when a member was not waiting.
_CLAIM = script(
    """
local now = now_ms()
for i = 4, #ARGV do
  local score = redis.call('ZSCORE', KEYS[2], ARGV[i])
  if not score or tonumber(score) <= now or redis.call('HEXISTS', KEYS[1], ARGV[i]) == 0 then
    return 0
  end
end
for i = 4, #ARGV do
  local waits, assignment = KEYS[2 * i - 4], KEYS[2 * i - 3]
  redis.call('HDEL', KEYS[1], ARGV[i])
  redis.call('ZREM', KEYS[2], ARGV[i])
  if redis.call('GET', waits) == ARGV[3] then redis.call('DEL', waits) end
  redis.call('SET', assignment, ARGV[1], 'PX', ARGV[2])
end
if redis.call('ZCARD', KEYS[2]) == 0 then redis.call('SREM', KEYS[3], ARGV[3]) end
return 1
""",
    NOW_MS,
)


class RedisMatchPool:
    """``MatchPool`` in Redis.

    Per queue (a game type and the options its seekers chose, ``Seeker.queue``:
    ``g``, ``g?rounds=2``), a hash of its seekers (user id →
    seeker JSON) and a sorted set of their leases (user id by lease end, epoch
    ms by Redis ``TIME``); a set of the queues that may have seekers; per user,
    a record of the queue they wait in (expiring with their lease), so that
    ``join`` takes them out of another queue; per claimed user, their group's JSON
    with the claim's TTL. A seeker whose lease ended never counts as waiting
    and is dropped lazily (by ``waiting``, ``queues``, a new ``join``).

    ``claim`` is one Lua script (all members live → all leave the pool and get
    the assignment, else no change), so two claims never take one seeker.
    ``join``, ``leave`` and ``renew`` first read the waits records, then run one
    script that re-checks them (``join`` and ``leave`` read again and retry
    when a record changed in between).

    On a Redis Cluster every key of the pool carries one hash tag,
    ``{<prefix>:pool}`` (``RedisKeys``), so all of it lives in one slot: a
    claim must check and take several seekers (and a join move one between
    queues) in one atomic script, which a cluster allows only within one
    slot; and one slot is enough, as the pool holds the players waiting for a
    table right now (a lease each), not the games. The keys stay one hash and
    one sorted set per queue.
    """

    def __init__(self, client: Client, keys: RedisKeys) -> None:
        self._client = client
        self._keys = keys
        self._join = client.register_script(_JOIN)
        self._renew = client.register_script(_RENEW)
        self._leave = client.register_script(_LEAVE)
        self._waiting = client.register_script(_WAITING)
        self._queues = client.register_script(_QUEUES)
        self._claim = client.register_script(_CLAIM)

    async def join(self, seeker: Seeker, lease_seconds: float) -> None:
        keys, user_id = self._keys, seeker.user_id
        encoded, lease_ms = encode_seeker(seeker), milliseconds(lease_seconds)
        while True:
            before = cast("str | None", await self._client.get(keys.pool_waits(user_id)))
            old_queue = seeker.queue if before is None else before
            joined = await self._join(
                keys=[
                    keys.pool_waits(user_id),
                    keys.pool_assignment(user_id),
                    keys.pool_seekers(seeker.queue),
                    keys.pool_leases(seeker.queue),
                    keys.pool_queues,
                    keys.pool_seekers(old_queue),
                    keys.pool_leases(old_queue),
                ],
                args=[user_id, encoded, seeker.queue, lease_ms, before or ""],
            )
            if joined == 1:
                logger.debug("%s waits in %s (before: %s)", user_id, seeker.queue, before)
                return
            logger.debug("%s's waits record changed while joining; reading it again", user_id)

    async def renew(self, user_ids: Sequence[str], lease_seconds: float) -> None:
        lease_ms = milliseconds(lease_seconds)
        for start in range(0, len(user_ids), RENEW_CHUNK):
            chunk = user_ids[start : start + RENEW_CHUNK]
            queues = await get_many(self._client, [self._keys.pool_waits(u) for u in chunk])
            keys: list[str] = []
            args: list[str | int] = [lease_ms]
            for user_id, queue in zip(chunk, queues, strict=True):
                if queue is not None:
                    keys += [self._keys.pool_waits(user_id), self._keys.pool_leases(queue)]
                    args += [user_id, queue]
            if keys:
                renewed = await self._renew(keys=keys, args=args)
                logger.debug("renewed %s of %d seeker(s)", renewed, len(chunk))

    async def leave(self, user_id: str) -> bool:
        while True:
            queue = cast("str | None", await self._client.get(self._keys.pool_waits(user_id)))
            if queue is None:
                return False
            left = await self._leave(
                keys=[
                    self._keys.pool_waits(user_id),
                    self._keys.pool_seekers(queue),
                    self._keys.pool_leases(queue),
                ],
                args=[user_id, queue],
            )
            if left != -1:
                logger.debug("%s left the %s queue (was waiting: %s)", user_id, queue, left == 1)
                return bool(left == 1)

    async def waiting(self, queue: str) -> list[Seeker]:
        raws: list[str] = await self._waiting(
            keys=[
                self._keys.pool_seekers(queue),
                self._keys.pool_leases(queue),
                self._keys.pool_queues,
            ],
            args=[queue],
        )
        seekers = [decode_seeker(raw) for raw in raws]
        seekers.sort(key=lambda seeker: (seeker.since, seeker.user_id))
        return seekers

    async def queues(self) -> list[str]:
        known = await cast("Awaitable[set[str]]", self._client.smembers(self._keys.pool_queues))
        if not known:
            return []
        ordered = sorted(known)
        keys = [self._keys.pool_queues]
        for queue in ordered:
            keys += [self._keys.pool_seekers(queue), self._keys.pool_leases(queue)]
        live: list[str] = await self._queues(keys=keys, args=ordered)
        return sorted(live)

    async def claim(self, group: Group, ttl_seconds: float) -> bool:
        keys = [
            self._keys.pool_seekers(group.queue),
            self._keys.pool_leases(group.queue),
            self._keys.pool_queues,
        ]
        for user_id in group.user_ids:
            keys += [self._keys.pool_waits(user_id), self._keys.pool_assignment(user_id)]
        claimed = await self._claim(
            keys=keys,
            args=[encode_group(group), milliseconds(ttl_seconds), group.queue, *group.user_ids],
        )
        logger.debug("group %s of %d claimed: %s", group.id, len(group.members), claimed == 1)
        return bool(claimed == 1)

    async def assignments(self, user_ids: Sequence[str]) -> dict[str, Group]:
        if not user_ids:
            return {}
        raws = await get_many(self._client, [self._keys.pool_assignment(u) for u in user_ids])
        found: dict[str, Group] = {}
        for user_id, raw in zip(user_ids, raws, strict=True):
            if raw is None:
                continue
            try:
                found[user_id] = decode_group(raw)
            except (ValueError, KeyError, TypeError):
                logger.warning("ignored a malformed quick-match assignment")
        return found
