"""Pending game deadlines for a single process."""

from __future__ import annotations

import asyncio
import heapq
import itertools
import logging
import secrets
from collections.abc import Sequence
from dataclasses import dataclass

from application.ports import ClaimedDeadline, Clock, ScheduledDeadline

logger = logging.getLogger(__name__)


@dataclass(slots=True)
class _Entry:
    game_id: str
    token: str
    due: float
    lease: str | None = None
    lease_until: float = 0.0

    @property
    def claimable_at(self) -> float:
        """When a claimer may take it: its due time, or the end of its current lease."""
        return self.due if self.lease is None else max(self.due, self.lease_until)


class MemoryDeadlineQueue:
    """A ``DeadlineQueue`` in a dict plus a heap ordered by when each entry is claimable.

    A claim stamps each entry with a fresh lease id hidden until
    ``now + lease_seconds``; ``complete`` removes the entry only while it still
    carries that lease, so a ``replace`` (which installs fresh entries) in
    between wins. The heap holds one item per (entry, claimable time); items
    of replaced, completed or re-leased entries are skipped when they surface,
    so claims and ``next_due`` cost O(log n) however many games are live.
    ``wait``'s ``timeout`` is real (event-loop) time; waiters are woken when a
    ``replace`` brings the earliest claimable time forward.
    """

    def __init__(self, clock: Clock) -> None:
        self._clock = clock
        self._games: dict[str, dict[str, _Entry]] = {}
        self._heap: list[tuple[float, int, _Entry]] = []
        self._order = itertools.count()  # ties: first scheduled, first claimed
        self._changed = asyncio.Event()

    async def replace(self, game_id: str, deadlines: Sequence[ScheduledDeadline]) -> None:
        earliest_before = self._earliest()
        entries: dict[str, _Entry] = {}
        for deadline in deadlines:
            if deadline.game_id != game_id:
                raise ValueError(f"deadline of game {deadline.game_id} given to replace game {game_id}")
            entries[deadline.token] = _Entry(game_id, deadline.token, deadline.due)
        if entries:
            self._games[game_id] = entries
        else:
            self._games.pop(game_id, None)
        for entry in entries.values():
            self._push(entry)
        logger.debug("game %s now has %d pending deadline(s)", game_id, len(entries))
        earliest_after = self._earliest()
        if earliest_after is not None and (earliest_before is None or earliest_after < earliest_before):
            self._changed.set()
            self._changed = asyncio.Event()

    async def claim_due(self, limit: int, lease_seconds: float) -> list[ClaimedDeadline]:
        if limit <= 0:
            return []
        now = self._clock.now()
        claimed: list[ClaimedDeadline] = []
        while len(claimed) < limit and (entry := self._first()) is not None and entry.claimable_at <= now:
            heapq.heappop(self._heap)
            entry.lease = secrets.token_hex(8)
            entry.lease_until = now + lease_seconds
            self._push(entry)
            claimed.append(ClaimedDeadline(entry.game_id, entry.token, entry.due, entry.lease))
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
        """The earliest claimable time: a pending entry's due time, or a leased one's lease end."""
        return self._earliest()

    async def wait(self, timeout: float) -> None:
        changed = self._changed
        try:
            async with asyncio.timeout(max(timeout, 0.0)):
                await changed.wait()
        except TimeoutError:
            pass

    def _push(self, entry: _Entry) -> None:
        heapq.heappush(self._heap, (entry.claimable_at, next(self._order), entry))

    def _first(self) -> _Entry | None:
        """The live entry on top of the heap, after dropping the items that went stale."""
        heap = self._heap
        while heap:
            at, _, entry = heap[0]
            if self._games.get(entry.game_id, {}).get(entry.token) is entry and at == entry.claimable_at:
                return entry
            heapq.heappop(heap)
        return None

    def _earliest(self) -> float | None:
        entry = self._first()
        return None if entry is None else entry.claimable_at
