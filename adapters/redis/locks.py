"""Per-name leased locks in Redis: ``SET NX PX`` with a random token, token-checked release."""

from __future__ import annotations

import asyncio
import logging
import math
import secrets

import redis.asyncio as redis

from adapters.redis.keys import RedisKeys

logger = logging.getLogger(__name__)

# A waiter polls a busy lock, backing off from the first to the last interval.
FIRST_POLL_SECONDS = 0.005
LAST_POLL_SECONDS = 0.05

# KEYS: the lock.  ARGV: the token.  Deletes the lease only if the token still owns it.
_RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('DEL', KEYS[1])
end
return 0
"""


class RedisLocks:
    """A ``Locks`` adapter on Redis, shared by every process.

    Each ``acquire`` writes a fresh random token with ``SET NX PX`` (no lock
    object is kept between calls, so concurrent tasks never share state); the
    lease expires by Redis's clock. ``release`` is a Lua compare-and-delete.
    A waiter polls with a short backoff until the lock frees or ``wait`` ends.
    """

    def __init__(self, client: redis.Redis, keys: RedisKeys) -> None:
        self._client = client
        self._keys = keys
        self._release = client.register_script(_RELEASE)

    async def acquire(self, name: str, ttl: float, wait: float) -> str | None:
        if ttl <= 0:
            raise ValueError("a lock's ttl must be positive")
        key = self._keys.lock(name)
        ttl_ms = max(1, math.ceil(ttl * 1000))
        token = secrets.token_hex(16)
        loop = asyncio.get_running_loop()
        give_up_at = loop.time() + max(wait, 0.0)
        poll = FIRST_POLL_SECONDS
        while True:
            if await self._client.set(key, token, nx=True, px=ttl_ms):
                return token
            remaining = give_up_at - loop.time()
            if remaining <= 0:
                logger.debug("lock %s still busy after %.3f s", name, wait)
                return None
            await asyncio.sleep(min(poll, remaining))
            poll = min(poll * 2, LAST_POLL_SECONDS)

    async def release(self, name: str, token: str) -> bool:
        released = await self._release(keys=[self._keys.lock(name)], args=[token])
        if released != 1:
            logger.debug("release of lock %s refused: the token does not own it", name)
            return False
        return True
