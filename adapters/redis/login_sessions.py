"""HTTP login sessions in Redis: the idle expiry is the key's TTL, the absolute one is in the value."""

from __future__ import annotations

import json
import logging
import secrets
from typing import Any, cast

from adapters.redis.connection import Client
from adapters.redis.durations import milliseconds
from adapters.redis.keys import RedisKeys
from application.identity.caller import Identity
from application.ports import LoginAttempt

logger = logging.getLogger(__name__)

DEFAULT_IDLE_SECONDS = 7 * 86_400.0
DEFAULT_ABSOLUTE_SECONDS = 30 * 86_400.0

# Both scripts read Redis ``TIME``: every process judges a login by the same clock.
_NOW_MS = """
local t = redis.call('TIME')
local now_ms = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
"""

# KEYS: the login.  ARGV: user id, name, provider, idle ms, absolute ms.
_CREATE = (
    _NOW_MS
    + """
local value = cjson.encode({
  user_id = ARGV[1], name = ARGV[2], provider = ARGV[3], ends_at_ms = now_ms + tonumber(ARGV[5])
})
local ttl = math.min(tonumber(ARGV[4]), tonumber(ARGV[5]))
if not redis.call('SET', KEYS[1], value, 'NX', 'PX', ttl) then return 0 end
return 1
"""
)

# KEYS: the login.  ARGV: idle ms.  Returns the value, sliding its TTL, or nil when it ended.
_TOUCH = (
    """
local raw = redis.call('GET', KEYS[1])
if not raw then return false end
"""
    + _NOW_MS
    + """
local left = tonumber(cjson.decode(raw)['ends_at_ms']) - now_ms
if left <= 0 then
  redis.call('DEL', KEYS[1])
  return false
end
redis.call('PEXPIRE', KEYS[1], math.min(tonumber(ARGV[1]), left))
return raw
"""
)


class RedisLoginSessions:
    """A ``LoginSessions`` adapter on Redis, shared by every process.

    A session is a JSON value (the identity and its absolute end, in epoch
    milliseconds by Redis ``TIME``) whose key expires ``idle_seconds`` after
    the last ``get`` (never past the absolute end); ``get`` is one Lua script
    that checks the absolute end and slides the TTL. Ids are 256 random bits,
    base64url; they are never logged.
    """

    def __init__(
        self,
        client: Client,
        keys: RedisKeys,
        idle_seconds: float = DEFAULT_IDLE_SECONDS,
        absolute_seconds: float = DEFAULT_ABSOLUTE_SECONDS,
    ) -> None:
        if idle_seconds <= 0 or absolute_seconds <= 0:
            raise ValueError("login session lifetimes must be positive")
        self._client = client
        self._keys = keys
        self._idle_ms = milliseconds(idle_seconds)
        self._absolute_ms = milliseconds(absolute_seconds)
        self._create = client.register_script(_CREATE)
        self._touch = client.register_script(_TOUCH)

    async def create(self, identity: Identity) -> str:
        while True:
            session_id = secrets.token_urlsafe(32)
            created = await self._create(
                keys=[self._keys.login(session_id)],
                args=[identity.user_id, identity.name, identity.provider, self._idle_ms, self._absolute_ms],
            )
            if created == 1:
                logger.debug("login session created for %s", identity.user_id)
                return session_id

    async def get(self, session_id: str) -> Identity | None:
        raw: str | None = await self._touch(keys=[self._keys.login(session_id)], args=[self._idle_ms])
        if raw is None:
            return None
        data: dict[str, Any] = json.loads(raw)
        return Identity(user_id=data["user_id"], name=data["name"], provider=data["provider"])

    async def delete(self, session_id: str) -> None:
        await self._client.delete(self._keys.login(session_id))

    async def begin_attempt(self, attempt: LoginAttempt, ttl_seconds: float) -> None:
        if ttl_seconds <= 0:
            raise ValueError("a login attempt's lifetime must be positive")
        value = json.dumps(
            {
                "state": attempt.state,
                "nonce": attempt.nonce,
                "code_verifier": attempt.code_verifier,
                "provider": attempt.provider,
                "binding": attempt.binding,
                "guest_id": attempt.guest_id,
            }
        )
        await self._client.set(self._keys.login_attempt(attempt.state), value, px=milliseconds(ttl_seconds))

    async def take_attempt(self, state: str) -> LoginAttempt | None:
        """``GETDEL``: of two racing callbacks, exactly one gets the attempt."""
        if not state:
            return None
        raw = cast("str | None", await self._client.getdel(self._keys.login_attempt(state)))
        if raw is None:
            return None
        data: dict[str, Any] = json.loads(raw)
        return LoginAttempt(
            state=data["state"],
            nonce=data["nonce"],
            code_verifier=data["code_verifier"],
            provider=data["provider"],
            binding=data["binding"],
            guest_id=data.get("guest_id"),
        )

    async def count(self) -> int:
        """Counts the login keys with ``SCAN`` (expired keys are gone with their TTL); on a Redis
        Cluster the client's ``SCAN`` goes through every master."""
        total = 0
        async for _ in self._client.scan_iter(match=self._keys.logins_pattern(), count=1000):
            total += 1
        return total
