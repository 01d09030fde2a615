"""Who is connected to which game, in Redis, shared by every process."""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Sequence

from adapters.redis.connection import Client, check_layout
from adapters.redis.durations import milliseconds
from adapters.redis.keys import RedisKeys
from adapters.redis.lua import NOW_MS, PRESENT_USERS, Fragment, presence_announcer, script
from application.ports import Connection

logger = logging.getLogger(__name__)

# Connections renewed per script call: bounds the KEYS and ARGV of one call.
RENEW_CHUNK = 500
# Lapsed connections read per round of ``expire``.
EXPIRE_CHUNK = 1000

# Adds one connection (or restarts its lease) and announces the game's users if that changed them.
# KEYS: the game's connections, every connection's leases (of the game's shard).
# ARGV: the game's member, the global member, lease ms, the game's events channel.
_ARRIVE = """
local now = now_ms()
local before = present_users(KEYS[1], now, false)
local until_ms = now + tonumber(ARGV[3])
redis.call('ZADD', KEYS[1], until_ms, ARGV[1])
redis.call('ZADD', KEYS[2], until_ms, ARGV[2])
announce_presence(ARGV[4], before, present_users(KEYS[1], now, false))
return 1
"""

# Removes one connection and announces the game's users if that changed them.
# KEYS: the game's connections, every connection's leases (of the game's shard).
# ARGV: the game's member, the global member, the game's events channel.
_DEPART = """
local now = now_ms()
local before = present_users(KEYS[1], now, false)
local removed = redis.call('ZREM', KEYS[1], ARGV[1])
redis.call('ZREM', KEYS[2], ARGV[2])
announce_presence(ARGV[3], before, present_users(KEYS[1], now, false))
return removed
"""

# Restarts the lease of each connection that is still live (a lapsed one stays gone).
# KEYS: every connection's leases (of one shard), then each connection's game connections (one per
# pair; games of that shard).
# ARGV: lease ms, then the game's member, global member pairs.  Returns how many were renewed.
_RENEW = script(
    """
local now = now_ms()
local until_ms = now + tonumber(ARGV[1])
local renewed = 0
for i = 2, #ARGV, 2 do
  local connections = KEYS[i / 2 + 1]
  local score = redis.call('ZSCORE', connections, ARGV[i])
  if score and tonumber(score) > now then
    redis.call('ZADD', connections, 'XX', until_ms, ARGV[i])
    redis.call('ZADD', KEYS[1], 'XX', until_ms, ARGV[i + 1])
    renewed = renewed + 1
  end
end
return renewed
""",
    NOW_MS,
)

# The global members whose lease ended, by Redis TIME.
# KEYS: every connection's leases (of one shard).  ARGV: the most to list.
_LAPSED = script(
    """
return redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', now_ms(), 'LIMIT', 0, tonumber(ARGV[1]))
""",
    NOW_MS,
)

# Removes the listed connections of one game whose lease is still over (one renewed meanwhile
# stays, and its global entry takes its lease end, so it is never listed as lapsed again); when
# it removed any, announces the game's live users if they differ from its users before (lapsed
# connections included, as nothing announced their lapse yet).
# KEYS: the game's connections, every connection's leases (of the game's shard).
# ARGV: the game's events channel, then the game's member, global member pairs.
# Returns how many connections it removed.
_EXPIRE_GAME = """
local now = now_ms()
local before = present_users(KEYS[1], now, true)
local removed = 0
for i = 2, #ARGV, 2 do
  local score = redis.call('ZSCORE', KEYS[1], ARGV[i])
  if score and tonumber(score) > now then
    redis.call('ZADD', KEYS[2], score, ARGV[i + 1])  -- renewed meanwhile: its lease stands
  else
    redis.call('ZREM', KEYS[2], ARGV[i + 1])
    if score then
      redis.call('ZREM', KEYS[1], ARGV[i])
      removed = removed + 1
    end
  end
end
if removed > 0 then announce_presence(ARGV[1], before, present_users(KEYS[1], now, false)) end
return removed
"""


def _announcing(body: str, announcer: Fragment) -> str:
    return script(body, NOW_MS, PRESENT_USERS, announcer)


# The members of a game's live connections, by Redis TIME.  KEYS: the game's connections.
_HERE = script(
    """
return redis.call('ZRANGEBYSCORE', KEYS[1], '(' .. now_ms(), '+inf')
""",
    NOW_MS,
)


def _game_member(connection: Connection) -> str:
    """A connection in its game's sorted set: the JSON pair ``[user id, connection id]``."""
    return json.dumps([connection.user_id, connection.id], separators=(",", ":"))


def _global_member(connection: Connection) -> str:
    """A connection in the sorted set of every lease: ``[game id, user id, connection id]``."""
    return json.dumps([connection.game_id, connection.user_id, connection.id], separators=(",", ":"))


class RedisPresence:
    """``Presence`` in Redis: per game, a sorted set of its connections (JSON ``[user id,
    connection id]``) scored by the end of their lease (epoch ms by Redis ``TIME``), and one
    sorted set of every connection's lease end (JSON ``[game id, user id, connection id]``), so
    ``expire`` finds the lapsed ones without knowing the games.

    ``arrive``, ``depart`` and ``expire`` are Lua scripts that, when the game's set of users
    changed, publish it on the game's events channel as ``p`` followed by a JSON array of user
    ids (``RedisNotifier`` turns that into ``Notification.present``). ``renew`` is one script
    per ``RENEW_CHUNK`` connections and renews only connections whose lease has not ended (a
    lapsed one counts as gone, whether or not ``expire`` removed it yet). ``here`` reads the
    live connections by Redis ``TIME``, so lapsed ones never count. ``expire`` lists the lapsed
    leases, then removes them game by game, one script per game (a connection renewed in
    between stays).

    On a Redis Cluster a game's connections and the sorted set of leases of
    its shard share the hash slot of the game's keys (``RedisKeys``), the
    announcements go out with ``SPUBLISH`` on the game's shard channel,
    ``renew`` runs one script per shard of the connections given, and
    ``expire`` goes through every shard's leases.
    """

    def __init__(self, client: Client, keys: RedisKeys) -> None:
        check_layout(client, keys.cluster)
        self._keys = keys
        announcer = presence_announcer(sharded=keys.cluster)
        self._arrive = client.register_script(_announcing(_ARRIVE, announcer))
        self._depart = client.register_script(_announcing(_DEPART, announcer))
        self._renew = client.register_script(_RENEW)
        self._lapsed = client.register_script(_LAPSED)
        self._expire_game = client.register_script(_announcing(_EXPIRE_GAME, announcer))
        self._here = client.register_script(_HERE)

    async def arrive(self, connection: Connection, lease_seconds: float) -> None:
        await self._arrive(
            keys=self._keys_of(connection.game_id),
            args=[
                _game_member(connection),
                _global_member(connection),
                milliseconds(lease_seconds),
                self._keys.events(connection.game_id),
            ],
        )
        logger.debug("connection %s arrived on game %s", connection.id, connection.game_id)

    async def depart(self, connection: Connection) -> None:
        removed = await self._depart(
            keys=self._keys_of(connection.game_id),
            args=[
                _game_member(connection),
                _global_member(connection),
                self._keys.events(connection.game_id),
            ],
        )
        logger.debug("connection %s departed game %s (%s held)", connection.id, connection.game_id, removed)

    async def renew(self, connections: Sequence[Connection], lease_seconds: float) -> None:
        lease_ms = milliseconds(lease_seconds)
        by_shard: dict[int, list[Connection]] = {}
        for connection in connections:
            by_shard.setdefault(self._keys.shard_of(connection.game_id), []).append(connection)
        for shard, held in by_shard.items():
            for start in range(0, len(held), RENEW_CHUNK):
                chunk = held[start : start + RENEW_CHUNK]
                keys = [self._keys.presence_leases(shard), *(self._keys.presence(c.game_id) for c in chunk)]
                args: list[str | int] = [lease_ms]
                for connection in chunk:
                    args += [_game_member(connection), _global_member(connection)]
                renewed = await self._renew(keys=keys, args=args)
                logger.debug("renewed %s of %d connection(s)", renewed, len(chunk))

    async def here(self, game_id: str) -> frozenset[str]:
        members: list[str] = await self._here(keys=[self._keys.presence(game_id)])
        return frozenset(json.loads(member)[0] for member in members)

    async def expire(self) -> int:
        removed = sum(await asyncio.gather(*(self._expire_shard(shard) for shard in self._keys.shards)))
        if removed:
            logger.debug("%d lapsed connection(s) removed", removed)
        return removed

    def _keys_of(self, game_id: str) -> list[str]:
        return [self._keys.presence(game_id), self._keys.presence_leases(self._keys.shard_of(game_id))]

    async def _expire_shard(self, shard: int) -> int:
        removed = 0
        leases = self._keys.presence_leases(shard)
        while True:
            lapsed: list[str] = await self._lapsed(keys=[leases], args=[EXPIRE_CHUNK])
            by_game: dict[str, list[str]] = {}
            for member in lapsed:
                game_id, user_id, connection_id = json.loads(member)
                connection = Connection(game_id, user_id, connection_id)
                by_game.setdefault(game_id, []).extend((_game_member(connection), member))
            for game_id, pairs in by_game.items():
                keys = [self._keys.presence(game_id), leases]
                removed += int(await self._expire_game(keys=keys, args=[self._keys.events(game_id), *pairs]))
            if len(lapsed) < EXPIRE_CHUNK:
                break
        return removed
