"""Arenas, their entrants, games and final standings in this process's memory (the embedded default)."""

from __future__ import annotations

from collections.abc import Sequence

from application.arenas.records import Entrant, FinalStanding, PlayedArena, PlayedGame
from domain.arenas.arena import Arena


class MemoryArenaRepository:
    """``ArenaRepository`` in dicts; lost when the process ends, like the memory match repository."""

    def __init__(self) -> None:
        self._arenas: dict[str, Arena] = {}
        self._entrants: dict[str, dict[str, Entrant]] = {}
        self._games: dict[tuple[str, str], PlayedGame] = {}
        self._final: dict[str, list[FinalStanding]] = {}

    async def create(self, arena: Arena) -> bool:
        if arena.id in self._arenas:
            return False
        self._arenas[arena.id] = arena
        return True

    async def get(self, arena_id: str) -> Arena | None:
        return self._arenas.get(arena_id)

    async def listed(self, now: float, limit: int) -> list[Arena]:
        live = (a for a in self._arenas.values() if a.public and a.ends_at > now)
        return sorted(live, key=lambda a: (a.starts_at, a.id))[:limit]

    async def unfinished(self, now: float) -> list[Arena]:
        started = (a for a in self._arenas.values() if a.starts_at <= now and a.id not in self._final)
        return sorted(started, key=lambda a: (a.starts_at, a.id))

    async def enter(self, entrant: Entrant) -> bool:
        entrants = self._entrants.setdefault(entrant.arena_id, {})
        if entrant.user_id in entrants:
            return False
        entrants[entrant.user_id] = entrant
        return True

    async def entrants(self, arena_id: str) -> list[Entrant]:
        entrants = self._entrants.get(arena_id, {}).values()
        return sorted(entrants, key=lambda e: (e.joined_at, e.user_id))

    async def record_games(self, games: Sequence[PlayedGame]) -> None:
        for game in games:
            self._games.setdefault((game.game_id, game.user_id), game)

    async def games(self, arena_id: str, user_id: str | None = None) -> list[PlayedGame]:
        found = (
            g
            for g in self._games.values()
            if g.arena_id == arena_id and (user_id is None or g.user_id == user_id)
        )
        return sorted(found, key=lambda g: (g.started_at, g.game_id, g.user_id))

    async def finish(self, arena_id: str, standings: Sequence[FinalStanding]) -> bool:
        if arena_id in self._final:
            return False
        self._final[arena_id] = sorted(standings, key=lambda s: (s.rank, s.user_id))
        return True

    async def final(self, arena_id: str) -> list[FinalStanding] | None:
        standings = self._final.get(arena_id)
        return None if standings is None else list(standings)

    async def arenas_of(self, user_id: str, limit: int) -> list[PlayedArena]:
        entered = [arena_id for arena_id, entrants in self._entrants.items() if user_id in entrants]
        arenas = sorted(
            (self._arenas[a] for a in entered if a in self._arenas), key=lambda a: (-a.starts_at, a.id)
        )
        return [
            PlayedArena(arena, next((s for s in self._final.get(arena.id, []) if s.user_id == user_id), None))
            for arena in arenas[:limit]
        ]
