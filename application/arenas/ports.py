"""The ports arenas need: where arenas and their recorded games are kept for good, the live pool
and standings every worker shares, one lease per arena's pairing loop, and the notices that an
arena changed. Each adapter passes ``tests/contract/test_arena_*_contract.py``."""

from __future__ import annotations

from collections.abc import AsyncIterator, Mapping, Sequence
from typing import Protocol

from application.arenas.records import (
    Entrant,
    FinalStanding,
    LiveScore,
    PlayedArena,
    PlayedGame,
    Pooled,
    Seating,
)
from domain.arenas.arena import Arena


class ArenaRepository(Protocol):
    """Arenas, their entrants, their recorded games and their final standings, for good
    (the database: memory, SQLite or PostgreSQL).

    * ``create`` stores an arena unless its id exists (``False`` then, and nothing changes), so
      every worker may create the same scheduled arena; ``get`` reads one back.
    * ``listed(now, limit)`` is the public arenas not finished at ``now``, soonest start first
      (then id). ``unfinished(now)`` is every arena, public or not, that has started by ``now``
      and has no final standings yet, by start then id: the arenas someone must pair or close.
    * ``enter`` records that a player joined an arena, once: ``True`` the first time.
      ``entrants`` lists them in the order they joined.
    * ``record_games`` stores recorded games, idempotent on (game id, user id): storing one
      again changes nothing. ``games`` lists an arena's (one player's, given ``user_id``) by
      start, then game id, then user id.
    * ``finish`` stores an arena's final standings once: ``True`` when it stored them, ``False``
      when it had them already (the first stay). ``final`` reads them in rank order, ``None``
      before.
    * ``arenas_of`` is a player's history: the arenas they entered, latest start first, each with
      their final standing once there is one.
    * A database that cannot be reached raises ``StorageUnavailable``.
    """

    async def create(self, arena: Arena) -> bool: ...

    async def get(self, arena_id: str) -> Arena | None: ...

    async def listed(self, now: float, limit: int) -> list[Arena]: ...

    async def unfinished(self, now: float) -> list[Arena]: ...

    async def enter(self, entrant: Entrant) -> bool: ...

    async def entrants(self, arena_id: str) -> list[Entrant]: ...

    async def record_games(self, games: Sequence[PlayedGame]) -> None: ...

    async def games(self, arena_id: str, user_id: str | None = None) -> list[PlayedGame]: ...

    async def finish(self, arena_id: str, standings: Sequence[FinalStanding]) -> bool: ...

    async def final(self, arena_id: str) -> list[FinalStanding] | None: ...

    async def arenas_of(self, user_id: str, limit: int) -> list[PlayedArena]: ...


class ArenaLive(Protocol):
    """A running arena's pool, its tables and its live standings, shared by every worker.

    * ``wait`` puts a player in the arena's pool (replacing their earlier entry) and clears their
      ``away`` mark, and answers ``True``; a player with a current seating is not put in the
      pool (``False``), so nobody waits while at a table; ``leave_pool`` takes them out (``True``
      if they were in it); ``waiting`` lists the pool.
    * ``step_away(arena_id, user_id, why)`` takes a player out of the pool too and marks them away
      (``why``: ``"paused"`` or ``"left"``), so a game of theirs that ends does not put them back;
      ``away`` gives every player's mark.
    * ``seat(arena_id, seatings, fence)`` is atomic: only if ``fence`` is not lower than any fence
      ``seat`` has seen for the arena, and every player of every seating waits in the pool, do
      they all leave it, each seating is kept (``seatings``) and becomes its players' current
      seating (``seating_of``); otherwise nothing changes and it answers ``False``. So a pairing
      loop that lost its lease to a newer holder cannot seat anybody, and nobody is ever at two
      tables.
    * ``unseat(arena_id, game_id)`` ends a seating (its game is over): it goes, and so does each
      of its players' current seating when it is still that one. Idempotent.
    * ``post`` stores a player's live score unless the stored one counts more games (scores
      from two workers that raced keep the fuller one); ``scores`` reads them all, in standing
      order: points, then performance (none last), highest first, then user id. (On Redis the
      standings live in a sorted set.)
    * ``touch`` says the players were connected at ``now``; ``seen`` gives when each was last.
    * ``forget`` drops everything live of an arena (it has ended and its standings are stored).

    Every key of an arena lapses a while after its last write, so an arena nobody forgot
    leaves nothing behind for good.
    """

    async def wait(self, arena_id: str, entry: Pooled) -> bool: ...

    async def leave_pool(self, arena_id: str, user_id: str) -> bool: ...

    async def waiting(self, arena_id: str) -> list[Pooled]: ...

    async def step_away(self, arena_id: str, user_id: str, why: str) -> None: ...

    async def away(self, arena_id: str) -> dict[str, str]: ...

    async def seat(self, arena_id: str, seatings: Sequence[Seating], fence: int) -> bool: ...

    async def seatings(self, arena_id: str) -> list[Seating]: ...

    async def seating_of(self, arena_id: str, user_id: str) -> Seating | None: ...

    async def unseat(self, arena_id: str, game_id: str) -> None: ...

    async def post(self, arena_id: str, score: LiveScore) -> bool: ...

    async def scores(self, arena_id: str) -> dict[str, LiveScore]: ...

    async def touch(self, arena_id: str, user_ids: Sequence[str], now: float) -> None: ...

    async def seen(self, arena_id: str) -> Mapping[str, float]: ...

    async def forget(self, arena_id: str) -> None: ...


class Leases(Protocol):
    """Named leases, one holder each, with fencing tokens (one per arena's pairing loop).

    * ``acquire(name, holder, ttl)`` holds ``name`` for ``ttl_seconds`` and returns its token, when
      it is free, lapsed, or already ``holder``'s (a renewal keeps the token); ``None`` while
      another holder has it. Every new holder of a name gets a token greater than every earlier
      one of that name, so whatever checks tokens can refuse a holder that has been replaced.
    * ``release`` lets go of ``name`` if ``holder`` has it.
    """

    async def acquire(self, name: str, holder: str, ttl_seconds: float) -> int | None: ...

    async def release(self, name: str, holder: str) -> None: ...


class ArenaNotices(Protocol):
    """That an arena changed (its standings, its pool or its tables), told to every worker.

    ``announce`` is at-most-once, like ``Notifier``; ``listen`` yields the arena ids announced
    from any worker, and ``None`` whenever notices may have been lost (a reader then looks at
    every arena it follows again).
    """

    async def announce(self, arena_id: str) -> None: ...

    def listen(self) -> AsyncIterator[str | None]: ...
