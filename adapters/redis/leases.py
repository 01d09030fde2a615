"""Named leases with fencing tokens in Redis, shared by every worker: timed by Redis key expiry."""

from __future__ import annotations

import logging

from adapters.redis.connection import Client
from adapters.redis.durations import milliseconds
from adapters.redis.keys import RedisKeys

logger = logging.getLogger(__name__)

TOKENS_TTL_SECONDS = 30 * 86_400.0
"""How long a lease's token counter outlives the lease's last taking. A token only needs to be
greater than those a checker may still remember (an arena's fence lives 2 days past the arena's
last write, ``ARENA_TTL_SECONDS``), so a counter idle this long may start again."""

# Takes the lease when it is free (absent: released or its PX ran out): the next token from the
# counter, and the lease ``<token>:<holder>`` for ttl ms; renews it (same token) for its holder;
# refuses anyone else (nil).
# KEYS: 1 the lease, 2 its token counter.  ARGV: 1 holder, 2 ttl ms, 3 the counter's TTL ms.
_ACQUIRE = """
local held = redis.call('GET', KEYS[1])
if held then
  local token, holder = string.match(held, '^(%d+):(.*)$')
  if token and holder == ARGV[1] then
    redis.call('PEXPIRE', KEYS[1], ARGV[2])
    return tonumber(token)
  end
  if token then return false end
end
local token = redis.call('INCR', KEYS[2])
redis.call('PEXPIRE', KEYS[2], ARGV[3])
redis.call('SET', KEYS[1], token .. ':' .. ARGV[1], 'PX', ARGV[2])
return token
"""

# Lets the lease go if ``holder`` has it.  KEYS: 1 the lease.  ARGV: 1 holder.
# Returns 1 when released, else 0.
_RELEASE = """
local held = redis.call('GET', KEYS[1])
if not held then return 0 end
local _, holder = string.match(held, '^(%d+):(.*)$')
if holder ~= ARGV[1] then return 0 end
redis.call('DEL', KEYS[1])
return 1
"""


class RedisLeases:
    """``Leases`` in Redis.

    A lease is one key, ``<token>:<holder>``, that expires with the lease (``PX``, Redis's own
    clock), and beside it (same hash tag on a cluster, ``RedisKeys.lease``) a counter of its
    tokens, only ever incremented, that lives ``tokens_ttl_seconds`` past the latest taking. Each
    method is one Lua script: a new holder gets the next token, the holder a renewal with the
    same token, anyone else ``None``; ``release`` deletes the lease only for its holder.
    """

    def __init__(
        self, client: Client, keys: RedisKeys, tokens_ttl_seconds: float = TOKENS_TTL_SECONDS
    ) -> None:
        self._keys = keys
        self._tokens_ttl_ms = milliseconds(tokens_ttl_seconds)
        self._acquire = client.register_script(_ACQUIRE)
        self._release = client.register_script(_RELEASE)

    async def acquire(self, name: str, holder: str, ttl_seconds: float) -> int | None:
        token: int | None = await self._acquire(
            keys=[self._keys.lease(name), self._keys.lease_tokens(name)],
            args=[holder, milliseconds(ttl_seconds), self._tokens_ttl_ms],
        )
        logger.debug("lease %s for %s: token %s", name, holder, token)
        return None if token is None else int(token)

    async def release(self, name: str, holder: str) -> None:
        released = await self._release(keys=[self._keys.lease(name)], args=[holder])
        logger.debug("lease %s released by %s: %s", name, holder, released == 1)
