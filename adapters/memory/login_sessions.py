"""HTTP login sessions kept in this process's memory."""

from __future__ import annotations

import logging
import secrets
from dataclasses import dataclass

from application.identity.caller import Identity
from application.ports import Clock, LoginAttempt

logger = logging.getLogger(__name__)

DEFAULT_IDLE_SECONDS = 7 * 86_400.0
DEFAULT_ABSOLUTE_SECONDS = 30 * 86_400.0
_SWEEP_INTERVAL_SECONDS = 60.0


@dataclass(slots=True)
class _Login:
    identity: Identity
    expires_at: float  # the sliding idle expiry, never past ``ends_at``
    ends_at: float  # the absolute end of the session's life


class MemoryLoginSessions:
    """A ``LoginSessions`` adapter in a dict, with time from ``clock``.

    A session dies ``idle_seconds`` after it was last read (``get`` slides it),
    and in any case ``absolute_seconds`` after it was created.
    """

    def __init__(
        self,
        clock: Clock,
        idle_seconds: float = DEFAULT_IDLE_SECONDS,
        absolute_seconds: float = DEFAULT_ABSOLUTE_SECONDS,
    ) -> None:
        if idle_seconds <= 0 or absolute_seconds <= 0:
            raise ValueError("login session lifetimes must be positive")
        self._clock = clock
        self._idle = idle_seconds
        self._absolute = absolute_seconds
        self._logins: dict[str, _Login] = {}
        self._attempts: dict[str, tuple[LoginAttempt, float]] = {}  # state -> (attempt, expires at)
        self._next_sweep = clock.now()

    async def create(self, identity: Identity) -> str:
        now = self._clock.now()
        self._sweep_now_and_then(now)
        session_id = secrets.token_urlsafe(32)
        ends_at = now + self._absolute
        self._logins[session_id] = _Login(identity, min(now + self._idle, ends_at), ends_at)
        return session_id

    async def get(self, session_id: str) -> Identity | None:
        login = self._logins.get(session_id)
        if login is None:
            return None
        now = self._clock.now()
        if login.expires_at <= now:
            del self._logins[session_id]
            logger.debug("a login session of %s expired", login.identity.user_id)
            return None
        login.expires_at = min(now + self._idle, login.ends_at)
        return login.identity

    async def delete(self, session_id: str) -> None:
        self._logins.pop(session_id, None)

    async def count(self) -> int:
        now = self._clock.now()
        return sum(1 for login in self._logins.values() if login.expires_at > now)

    async def begin_attempt(self, attempt: LoginAttempt, ttl_seconds: float) -> None:
        if ttl_seconds <= 0:
            raise ValueError("a login attempt's lifetime must be positive")
        now = self._clock.now()
        self._sweep_now_and_then(now)
        self._attempts[attempt.state] = (attempt, now + ttl_seconds)

    async def take_attempt(self, state: str) -> LoginAttempt | None:
        found = self._attempts.pop(state, None)  # no await in between: atomic in this process
        if found is None or found[1] <= self._clock.now():
            return None
        return found[0]

    def _sweep_now_and_then(self, now: float) -> None:
        if now < self._next_sweep:
            return
        self._next_sweep = now + _SWEEP_INTERVAL_SECONDS
        for session_id in [sid for sid, login in self._logins.items() if login.expires_at <= now]:
            del self._logins[session_id]
        for state in [state for state, (_, expires_at) in self._attempts.items() if expires_at <= now]:
            del self._attempts[state]
