"""Pending game deadlines for a single process."""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Sequence
from dataclasses import dataclass

from application.ports import ClaimedDeadline, Clock, ScheduledDeadline

logger = logging.getLogger(__name__)


@dataclass(slots=True)
class _Entry:
    token: str
    due: float
    lease: str | None = None
    lease_until: float = 0.0

    def claimable(self, now: float) -> bool:
        return self.due <= now and (self.lease is None or self.lease_until <= now)

    def pending(self, now: float) -> bool:
        return self.lease is None or self.lease_until <= now


class MemoryDeadlineQueue:
    """A ``DeadlineQueue`` in a dict, due times judged by ``clock``.

    A claim stamps each entry with a fresh lease id hidden until
    ``now + lease_seconds``; ``complete`` removes the entry only while it still
    carries that lease, so a ``replace`` (which installs fresh entries) in
    between wins. ``wait``'s ``timeout`` is real (event-loop) time.
    """

    def __init__(self, clock: Clock) -> None:
        self._clock = clock
        self._games: dict[str, dict[str, _Entry]] = {}
        self._changed = asyncio.Event()

    async def replace(self, game_id: str, deadlines: Sequence[ScheduledDeadline]) -> None:
        entries: dict[str, _Entry] = {}
        for deadline in deadlines:
            if deadline.game_id != game_id:
                raise ValueError(f"deadline of game {deadline.game_id} given to replace game {game_id}")
            entries[deadline.token] = _Entry(deadline.token, deadline.due)
        if entries:
            self._games[game_id] = entries
        else:
            self._games.pop(game_id, None)
        logger.debug("game %s now has %d pending deadline(s)", game_id, len(entries))
        self._changed.set()
        self._changed = asyncio.Event()

    async def claim_due(self, limit: int, lease_seconds: float) -> list[ClaimedDeadline]:
        if limit <= 0:
            return []
        now = self._clock.now()
        due = [
            (entry.due, game_id, entry)
            for game_id, entries in self._games.items()
            for entry in entries.values()
            if entry.claimable(now)
        ]
        due.sort(key=lambda item: (item[0], item[1], item[2].token))
        claimed: list[ClaimedDeadline] = []
        for _, game_id, entry in due[:limit]:
            entry.lease = secrets.token_hex(8)
            entry.lease_until = now + lease_seconds
            claimed.append(ClaimedDeadline(game_id, entry.token, entry.due, entry.lease))
        return claimed

    async def complete(self, claimed: ClaimedDeadline) -> None:
        entries = self._games.get(claimed.game_id)
        entry = None if entries is None else entries.get(claimed.token)
        if entries is None or entry is None or entry.lease != claimed.lease or entry.due != claimed.due:
            logger.debug(
                "deadline %s of game %s was replaced or re-claimed; left in place",
                claimed.token,
                claimed.game_id,
            )
            return
        del entries[claimed.token]
        if not entries:
            del self._games[claimed.game_id]

    async def next_due(self) -> float | None:
        now = self._clock.now()
        pending = [
            entry.due for entries in self._games.values() for entry in entries.values() if entry.pending(now)
        ]
        return min(pending, default=None)

    async def wait(self, timeout: float) -> None:
        changed = self._changed
        try:
            async with asyncio.timeout(max(timeout, 0.0)):
                await changed.wait()
        except TimeoutError:
            pass
