"""The quick-match pool in this process's memory."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass

from application.ports import Clock
from domain.matchmaking import Group, Seeker

logger = logging.getLogger(__name__)


@dataclass(slots=True)
class _Waiting:
    seeker: Seeker
    until: float  # the end of its lease


class MemoryMatchPool:
    """``MatchPool`` for one process: seekers by user id with their leases (by ``clock``), and
    claimed groups by member until their TTL ends. No method awaits while it reads and changes
    state, so each is atomic under asyncio — which is what makes ``claim`` all-or-nothing."""

    def __init__(self, clock: Clock) -> None:
        self._clock = clock
        self._waiting: dict[str, _Waiting] = {}
        self._assigned: dict[str, tuple[Group, float]] = {}

    async def join(self, seeker: Seeker, lease_seconds: float) -> None:
        self._assigned.pop(seeker.user_id, None)
        self._waiting[seeker.user_id] = _Waiting(seeker, self._clock.now() + lease_seconds)

    async def renew(self, user_ids: Sequence[str], lease_seconds: float) -> None:
        now = self._clock.now()
        for user_id in user_ids:
            entry = self._waiting.get(user_id)
            if entry is not None and entry.until > now:
                entry.until = now + lease_seconds

    async def leave(self, user_id: str) -> bool:
        entry = self._waiting.pop(user_id, None)
        return entry is not None and entry.until > self._clock.now()

    async def waiting(self, queue: str) -> list[Seeker]:
        self._drop_lapsed()
        return [e.seeker for e in self._waiting.values() if e.seeker.queue == queue]

    async def queues(self) -> list[str]:
        self._drop_lapsed()
        return sorted({e.seeker.queue for e in self._waiting.values()})

    async def claim(self, group: Group, ttl_seconds: float) -> bool:
        self._drop_lapsed()
        if len(set(group.user_ids)) != len(group.members):
            return False
        for member in group.members:
            entry = self._waiting.get(member.user_id)
            if entry is None or entry.seeker.queue != group.queue:
                return False
        until = self._clock.now() + ttl_seconds
        for member in group.members:
            del self._waiting[member.user_id]
            self._assigned[member.user_id] = (group, until)
        logger.debug("group %s claimed: %d player(s)", group.id, len(group.members))
        return True

    async def assignments(self, user_ids: Sequence[str]) -> dict[str, Group]:
        now = self._clock.now()
        found: dict[str, Group] = {}
        for user_id in user_ids:
            held = self._assigned.get(user_id)
            if held is None:
                continue
            if held[1] <= now:
                del self._assigned[user_id]
                continue
            found[user_id] = held[0]
        return found

    def _drop_lapsed(self) -> None:
        now = self._clock.now()
        for user_id in [u for u, e in self._waiting.items() if e.until <= now]:
            del self._waiting[user_id]
