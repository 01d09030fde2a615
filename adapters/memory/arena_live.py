"""A running arena's pool, tables and live standings in this process's memory."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from application.arenas.records import LiveScore, Pooled, Seating


@dataclass
class _Arena:
    pool: dict[str, Pooled] = field(default_factory=dict)
    tables: dict[str, Seating] = field(default_factory=dict)  # by game id
    current: dict[str, str] = field(default_factory=dict)  # user id -> game id
    scores: dict[str, LiveScore] = field(default_factory=dict)
    seen: dict[str, float] = field(default_factory=dict)
    away: dict[str, str] = field(default_factory=dict)
    fence: int = 0


class MemoryArenaLive:
    """``ArenaLive`` for one process. No method awaits while it reads and changes state, so each
    is atomic under asyncio: that is what makes ``seat`` all-or-nothing."""

    def __init__(self) -> None:
        self._arenas: dict[str, _Arena] = {}

    def _arena(self, arena_id: str) -> _Arena:
        return self._arenas.setdefault(arena_id, _Arena())

    async def wait(self, arena_id: str, entry: Pooled) -> bool:
        arena = self._arena(arena_id)
        if entry.user_id in arena.current:
            return False
        arena.pool[entry.user_id] = entry
        arena.away.pop(entry.user_id, None)
        return True

    async def leave_pool(self, arena_id: str, user_id: str) -> bool:
        return self._arena(arena_id).pool.pop(user_id, None) is not None

    async def waiting(self, arena_id: str) -> list[Pooled]:
        return sorted(self._arena(arena_id).pool.values(), key=lambda p: (p.since, p.user_id))

    async def step_away(self, arena_id: str, user_id: str, why: str) -> None:
        arena = self._arena(arena_id)
        arena.pool.pop(user_id, None)
        arena.away[user_id] = why

    async def away(self, arena_id: str) -> dict[str, str]:
        return dict(self._arena(arena_id).away)

    async def seat(self, arena_id: str, seatings: Sequence[Seating], fence: int) -> bool:
        arena = self._arena(arena_id)
        members = [user_id for seating in seatings for user_id in seating.user_ids]
        if fence < arena.fence or len(set(members)) != len(members):
            return False
        if any(user_id not in arena.pool for user_id in members):
            return False
        arena.fence = fence
        for seating in seatings:
            arena.tables[seating.game_id] = seating
            for user_id in seating.user_ids:
                del arena.pool[user_id]
                arena.current[user_id] = seating.game_id
        return True

    async def seatings(self, arena_id: str) -> list[Seating]:
        return sorted(self._arena(arena_id).tables.values(), key=lambda s: (s.formed, s.game_id))

    async def seating_of(self, arena_id: str, user_id: str) -> Seating | None:
        arena = self._arena(arena_id)
        game_id = arena.current.get(user_id)
        return None if game_id is None else arena.tables.get(game_id)

    async def unseat(self, arena_id: str, game_id: str) -> None:
        arena = self._arena(arena_id)
        seating = arena.tables.pop(game_id, None)
        if seating is None:
            return
        for user_id in seating.user_ids:
            if arena.current.get(user_id) == game_id:
                del arena.current[user_id]

    async def post(self, arena_id: str, score: LiveScore) -> bool:
        scores = self._arena(arena_id).scores
        stored = scores.get(score.user_id)
        if stored is not None and stored.games > score.games:
            return False
        scores[score.user_id] = score
        return True

    async def scores(self, arena_id: str) -> dict[str, LiveScore]:
        def standing(score: LiveScore) -> tuple[int, int, int, str]:
            performance = score.performance
            return (-score.points, performance is None, -(performance or 0), score.user_id)

        return {s.user_id: s for s in sorted(self._arena(arena_id).scores.values(), key=standing)}

    async def touch(self, arena_id: str, user_ids: Sequence[str], now: float) -> None:
        seen = self._arena(arena_id).seen
        for user_id in user_ids:
            seen[user_id] = max(now, seen.get(user_id, now))

    async def seen(self, arena_id: str) -> Mapping[str, float]:
        return dict(self._arena(arena_id).seen)

    async def forget(self, arena_id: str) -> None:
        self._arenas.pop(arena_id, None)
