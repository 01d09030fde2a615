"""Per-name leased locks for a single process."""

from __future__ import annotations

import asyncio
import logging
import secrets
from dataclasses import dataclass, field

from application.ports import Clock

logger = logging.getLogger(__name__)

# How often a waiter re-checks a busy lock, so a lease that expires (by the
# injected clock, which may be a fake one) is noticed without a release.
RECHECK_SECONDS = 0.01


@dataclass(slots=True)
class _Lease:
    token: str
    expires_at: float


@dataclass(slots=True)
class _Waiters:
    released: asyncio.Event = field(default_factory=asyncio.Event)
    count: int = 0


class MemoryLocks:
    """A ``Locks`` adapter on asyncio.

    A lease expires ``ttl`` seconds after ``acquire`` by the injected ``clock``;
    ``acquire``'s ``wait`` is real (event-loop) time. Waiters sleep on an event
    set by ``release`` and re-check every ``RECHECK_SECONDS`` for an expired lease.
    """

    def __init__(self, clock: Clock) -> None:
        self._clock = clock
        self._leases: dict[str, _Lease] = {}
        self._waiters: dict[str, _Waiters] = {}

    async def acquire(self, name: str, ttl: float, wait: float) -> str | None:
        if ttl <= 0:
            raise ValueError("a lock's ttl must be positive")
        loop = asyncio.get_running_loop()
        give_up_at = loop.time() + max(wait, 0.0)
        token = self._try_take(name, ttl)
        if token is not None:
            return token
        waiters = self._waiters.setdefault(name, _Waiters())
        waiters.count += 1
        try:
            while True:
                remaining = give_up_at - loop.time()
                if remaining <= 0:
                    logger.debug("lock %s still busy after %.3f s", name, wait)
                    return None
                released = waiters.released
                try:
                    async with asyncio.timeout(min(remaining, RECHECK_SECONDS)):
                        await released.wait()
                except TimeoutError:
                    pass
                token = self._try_take(name, ttl)
                if token is not None:
                    return token
        finally:
            waiters.count -= 1
            if waiters.count == 0 and self._waiters.get(name) is waiters:
                del self._waiters[name]

    async def release(self, name: str, token: str) -> bool:
        lease = self._leases.get(name)
        if lease is None or lease.token != token or lease.expires_at <= self._clock.now():
            logger.debug("release of lock %s refused: the token does not own it", name)
            return False
        del self._leases[name]
        waiters = self._waiters.get(name)
        if waiters is not None:
            # Wake every waiter; they race for the lock and the losers wait on a fresh event.
            waiters.released.set()
            waiters.released = asyncio.Event()
        return True

    def _try_take(self, name: str, ttl: float) -> str | None:
        now = self._clock.now()
        lease = self._leases.get(name)
        if lease is not None and lease.expires_at > now:
            return None
        if lease is not None:
            logger.debug("lock %s: lease of the previous holder expired; taking it over", name)
        token = secrets.token_hex(16)
        self._leases[name] = _Lease(token, now + ttl)
        return token
