"""Pending game deadlines in Redis, shared by every process (at-least-once delivery)."""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
from collections.abc import Sequence
from typing import cast

from adapters.redis.commit_script import deadline_member
from adapters.redis.connection import Client, check_layout
from adapters.redis.keys import RedisKeys
from adapters.redis.lua import DROP_DEADLINE, REPLACE_DEADLINES, script
from adapters.redis.subscription import Subscription
from application.ports import ClaimedDeadline, ScheduledDeadline

logger = logging.getLogger(__name__)


# KEYS: queue, due hash, lease hash, the game's member set.
# ARGV: events channel, game id, then member, due pairs.
_REPLACE = script(
    """
local dropped = replace_deadlines(KEYS[1], KEYS[2], KEYS[3], KEYS[4], ARGV, 3)
redis.call('PUBLISH', ARGV[1], ARGV[2])
return dropped
""",
    REPLACE_DEADLINES,
)

# Leases what is due by Redis's own clock: the score moves to the lease's end.
# KEYS: queue, due hash, lease hash.  ARGV: limit, lease seconds, lease id, and (a cluster's
# shard) the highest score to take, when that is earlier than now.
# Returns member, due pairs.
_CLAIM = """
local t = redis.call('TIME')
local now = t[1] .. '.' .. string.format('%06d', tonumber(t[2]))
local upto = now
if ARGV[4] and tonumber(ARGV[4]) < tonumber(now) then upto = ARGV[4] end
local members = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', upto, 'LIMIT', 0, tonumber(ARGV[1]))
local lease_end = string.format('%.17g', tonumber(now) + tonumber(ARGV[2]))
local claimed = {}
for _, member in ipairs(members) do
  redis.call('ZADD', KEYS[1], 'XX', lease_end, member)
  redis.call('HSET', KEYS[3], member, ARGV[3])
  table.insert(claimed, member)
  table.insert(claimed, redis.call('HGET', KEYS[2], member) or now)
end
return claimed
"""

# The scores of a cluster shard's first ``limit`` entries due by its node's clock (Lua strings).
# KEYS: the shard's queue.  ARGV: limit.
_DUE_SCORES = """
local t = redis.call('TIME')
local now = t[1] .. '.' .. string.format('%06d', tonumber(t[2]))
local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', now, 'WITHSCORES', 'LIMIT', 0, tonumber(ARGV[1]))
local scores = {}
for i = 2, #due, 2 do table.insert(scores, due[i]) end
return scores
"""

# Removes a claimed entry only while it still carries this claim's lease.
# KEYS: queue, due hash, lease hash, the game's member set.  ARGV: member, lease id.
_COMPLETE = script(
    """
if redis.call('HGET', KEYS[3], ARGV[1]) ~= ARGV[2] then return 0 end
drop_deadline(KEYS[1], KEYS[2], KEYS[3], ARGV[1])
redis.call('SREM', KEYS[4], ARGV[1])
return 1
""",
    DROP_DEADLINE,
)


class RedisDeadlineQueue:
    """A ``DeadlineQueue`` on a Redis sorted set scored by when each entry is next claimable.

    ``replace`` swaps a game's entries (tracked in a per-game set) in one Lua
    script and publishes on the deadline events channel. ``claim_due`` reads
    Redis ``TIME`` inside its script, so due times are judged by one clock and
    nothing is claimed early; a claim moves the entry's score to the end of its
    lease and records the lease id, so if its claimer dies the entry is due
    again when the lease ends. ``complete`` deletes the entry only if that lease
    id still stands (a ``replace`` clears it). ``wait`` listens on the events
    channel through one subscription per queue (one queue per process);
    ``close`` ends it.

    On a Redis Cluster the queue is split in the ``RedisKeys.shards`` shards,
    each in the hash slot of its games' keys (so a commit swaps a game's
    deadlines in the same script): ``replace`` and ``complete`` work on the
    game's shard, ``next_due`` is the earliest of every shard's first entry,
    and ``claim_due`` reads the first ``limit`` due scores of every shard (by
    its own node's clock), picks the ``limit`` earliest of them all and claims
    each shard's share in one script per shard (so the earliest come first
    across the shards too). The events channel stays one plain channel of the
    whole cluster.
    """

    def __init__(self, client: Client, keys: RedisKeys) -> None:
        check_layout(client, keys.cluster)
        self._client = client
        self._keys = keys
        self._replace = client.register_script(_REPLACE)
        self._claim = client.register_script(_CLAIM)
        self._complete = client.register_script(_COMPLETE)
        self._due_scores = client.register_script(_DUE_SCORES)
        self._subscription = Subscription(client, self._on_event, self._wake)
        self._listening: asyncio.Task[None] | None = None
        self._changed = asyncio.Event()

    async def replace(self, game_id: str, deadlines: Sequence[ScheduledDeadline]) -> None:
        args: list[str] = [self._keys.deadline_events, game_id]
        for deadline in deadlines:
            if deadline.game_id != game_id:
                raise ValueError(f"deadline of game {deadline.game_id} given to replace game {game_id}")
            args += [deadline_member(game_id, deadline.token), repr(float(deadline.due))]
        dropped = await self._replace(keys=self._keys_of(game_id), args=args)
        logger.debug("game %s: %s deadline(s) dropped, %d scheduled", game_id, dropped, len(deadlines))

    async def claim_due(self, limit: int, lease_seconds: float) -> list[ClaimedDeadline]:
        if limit <= 0:
            return []
        lease = secrets.token_hex(16)
        if len(self._keys.shards) == 1:
            claimed = await self._claim_shard(0, limit, lease_seconds, lease)
        else:
            claimed = await self._claim_sharded(limit, lease_seconds, lease)
        if claimed:
            logger.debug("claimed %d deadline(s) for %.3f s", len(claimed), lease_seconds)
        return claimed

    async def _claim_shard(
        self, shard: int, limit: int, lease_seconds: float, lease: str, upto: str | None = None
    ) -> list[ClaimedDeadline]:
        keys = [
            self._keys.deadlines(shard),
            self._keys.deadline_due(shard),
            self._keys.deadline_leases(shard),
        ]
        args: list[str | int] = [limit, repr(float(lease_seconds)), lease]
        if upto is not None:
            args.append(upto)
        flat: list[str] = await self._claim(keys=keys, args=args)
        claimed = []
        for member, due in zip(flat[::2], flat[1::2], strict=True):
            game_id, token = json.loads(member)
            claimed.append(ClaimedDeadline(game_id=game_id, token=token, due=float(due), lease=lease))
        return claimed

    async def _claim_sharded(self, limit: int, lease_seconds: float, lease: str) -> list[ClaimedDeadline]:
        """Earliest first across the shards: each shard's first ``limit`` due scores, the
        ``limit`` earliest of them all, then one claim per shard for its share (bounded by the
        share's last score, and by the shard's own node's clock)."""
        per_shard: list[list[str]] = await asyncio.gather(
            *(
                self._due_scores(keys=[self._keys.deadlines(shard)], args=[limit])
                for shard in self._keys.shards
            )
        )
        chosen = sorted(
            (float(score), shard, score) for shard, scores in enumerate(per_shard) for score in scores
        )
        shares: dict[int, tuple[int, str]] = {}
        for _, shard, score in chosen[:limit]:
            count = shares[shard][0] if shard in shares else 0
            shares[shard] = (count + 1, score)
        answers = await asyncio.gather(
            *(
                self._claim_shard(shard, count, lease_seconds, lease, upto)
                for shard, (count, upto) in shares.items()
            )
        )
        # earliest first, as one queue gives them
        return sorted((entry for answer in answers for entry in answer), key=lambda entry: entry.due)

    async def complete(self, claimed: ClaimedDeadline) -> None:
        done = await self._complete(
            keys=self._keys_of(claimed.game_id),
            args=[deadline_member(claimed.game_id, claimed.token), claimed.lease],
        )
        if done != 1:
            logger.debug(
                "deadline %s of game %s was replaced or re-claimed; left in place",
                claimed.token,
                claimed.game_id,
            )

    async def next_due(self) -> float | None:
        """The earliest score: a pending entry's due time, or a leased one's lease end
        (when it is claimable again), so a worker never spins on a leased entry."""
        heads = await asyncio.gather(*(self._head(shard) for shard in self._keys.shards))
        scores = [score for score in heads if score is not None]
        return min(scores) if scores else None

    async def _head(self, shard: int) -> float | None:
        head = await self._client.zrange(self._keys.deadlines(shard), 0, 0, withscores=True)
        first = cast("list[tuple[str, float]]", head)
        return first[0][1] if first else None

    async def wait(self, timeout: float) -> None:
        changed = self._changed
        try:
            async with asyncio.timeout(max(timeout, 0.0)):
                await self._listen()
                await changed.wait()
        except TimeoutError:
            pass

    async def close(self) -> None:
        listening, self._listening = self._listening, None
        if listening is not None and not listening.done():
            listening.cancel()
        await self._subscription.close()

    async def _listen(self) -> None:
        """Subscribe to the events channel on the first ``wait``; concurrent callers share
        the attempt, and a failed one is retried by the next ``wait``."""
        listening = self._listening
        if listening is None or (listening.done() and (listening.cancelled() or listening.exception())):
            listening = asyncio.create_task(self._subscription.subscribe(self._keys.deadline_events))
            self._listening = listening
        await asyncio.shield(listening)

    def _on_event(self, channel: str, data: str) -> None:
        self._wake()

    def _wake(self) -> None:
        self._changed.set()
        self._changed = asyncio.Event()

    def _keys_of(self, game_id: str) -> list[str]:
        shard = self._keys.shard_of(game_id)
        return [
            self._keys.deadlines(shard),
            self._keys.deadline_due(shard),
            self._keys.deadline_leases(shard),
            self._keys.deadline_members(game_id),
        ]
