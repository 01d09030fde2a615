"""Named leases with fencing tokens in this process's memory: one process, so one holder anyway."""

from __future__ import annotations

from dataclasses import dataclass

from application.ports import Clock


@dataclass(slots=True)
class _Held:
    holder: str
    token: int
    until: float


class MemoryLeases:
    """``Leases`` for one process, timed by ``clock``."""

    def __init__(self, clock: Clock) -> None:
        self._clock = clock
        self._held: dict[str, _Held] = {}
        self._tokens: dict[str, int] = {}

    async def acquire(self, name: str, holder: str, ttl_seconds: float) -> int | None:
        now = self._clock.now()
        held = self._held.get(name)
        if held is not None and held.until > now and held.holder != holder:
            return None
        if held is not None and held.until > now:
            held.until = now + ttl_seconds
            return held.token
        token = self._tokens.get(name, 0) + 1
        self._tokens[name] = token
        self._held[name] = _Held(holder, token, now + ttl_seconds)
        return token

    async def release(self, name: str, holder: str) -> None:
        held = self._held.get(name)
        if held is not None and held.holder == holder:
            del self._held[name]
