"""The ``ArenaRepository`` contract, for every adapter: arenas, entrants, recorded games and final
standings, kept for good and written once."""

from __future__ import annotations

import asyncio
from typing import Any
from urllib.parse import urlsplit

import aiosqlite
import asyncpg
import pytest

from adapters.postgres.matches import PostgresMatchRepository
from adapters.sqlite.matches import SqliteMatchRepository
from application.arenas.ports import ArenaRepository
from application.arenas.records import Entrant, FinalStanding, PlayedGame
from application.ports import StorageUnavailable
from domain.arenas.arena import Arena
from domain.arenas.scoring import Outcome
from tests.contract.match_factories import ADMIN_DSN, postgres_database, sqlite_database

T0 = 1_700_000_000.0


def arena(arena_id: str, starts_at: float = T0, minutes: int = 30, **more: Any) -> Arena:
    fields: dict[str, Any] = {"name": f"Arena {arena_id}", "game_type": "g", "turn_seconds": 20.0}
    return Arena(id=arena_id, starts_at=starts_at, minutes=minutes, **(fields | more))


def played(
    game_id: str, user: str, started: float, outcome: Outcome = Outcome.WIN, arena_id: str = "a1"
) -> PlayedGame:
    return PlayedGame(arena_id, game_id, f"u-{user}", outcome, user == "anna", 1512.5, started, started + 60)


async def test_an_arena_is_kept_as_created_and_created_once(arena_repository: ArenaRepository) -> None:
    first = arena("a1", options={"target_score": 11}, public=False, berserk=False, creator="u-anna")

    assert await arena_repository.create(first)
    assert not await arena_repository.create(arena("a1", minutes=90))

    assert await arena_repository.get("a1") == first
    assert await arena_repository.get("nope") is None


async def test_the_list_holds_public_arenas_not_over_soonest_first(arena_repository: ArenaRepository) -> None:
    for made in (
        arena("later", T0 + 3600),
        arena("now", T0 - 60),
        arena("over", T0 - 7200, minutes=60),
        arena("hidden", T0, public=False),
        arena("soon", T0 + 600),
    ):
        await arena_repository.create(made)

    assert [a.id for a in await arena_repository.listed(T0, 10)] == ["now", "soon", "later"]
    assert [a.id for a in await arena_repository.listed(T0, 2)] == ["now", "soon"]


async def test_the_unfinished_arenas_are_those_started_without_final_standings(
    arena_repository: ArenaRepository,
) -> None:
    for made in (
        arena("over", T0 - 7200, minutes=60),
        arena("closed", T0 - 7200, minutes=60),
        arena("hidden", T0 - 60, public=False),
        arena("soon", T0 + 600),
    ):
        await arena_repository.create(made)
    await arena_repository.finish("closed", [])

    assert [a.id for a in await arena_repository.unfinished(T0)] == ["over", "hidden"]


async def test_a_player_enters_an_arena_once_and_entrants_come_in_joining_order(
    arena_repository: ArenaRepository,
) -> None:
    await arena_repository.create(arena("a1"))
    bea, anna = Entrant("a1", "u-bea", "Bea", T0 + 1), Entrant("a1", "u-anna", "Anna", T0 + 2)

    assert await arena_repository.enter(bea)
    assert await arena_repository.enter(anna)
    assert not await arena_repository.enter(Entrant("a1", "u-bea", "Bea", T0 + 9))

    assert await arena_repository.entrants("a1") == [bea, anna]
    assert await arena_repository.entrants("a2") == []


async def test_recorded_games_are_kept_once_in_the_order_they_started(
    arena_repository: ArenaRepository,
) -> None:
    later, earlier = played("g2", "anna", T0 + 100, Outcome.DRAW), played("g1", "anna", T0)
    other = played("g1", "bea", T0, Outcome.LOSS)

    await arena_repository.record_games([later, other])
    await arena_repository.record_games([earlier, later])  # a recording repeated after a failure

    assert await arena_repository.games("a1") == [earlier, other, later]
    assert await arena_repository.games("a1", "u-anna") == [earlier, later]
    assert await arena_repository.games("a2") == []


async def test_final_standings_are_stored_once(arena_repository: ArenaRepository) -> None:
    standings = [
        FinalStanding(1, "u-anna", "Anna", 6, 3, 2, 1710),
        FinalStanding(2, "u-bea", "Bea", 2, 3, 1, 1450),
        FinalStanding(3, "u-carlo", "Carlo", 0, 0, 0, None),
    ]
    assert await arena_repository.final("a1") is None

    assert await arena_repository.finish("a1", standings)
    assert not await arena_repository.finish("a1", standings[:1])

    assert await arena_repository.final("a1") == standings


async def test_a_players_history_lists_the_arenas_they_entered_latest_first_with_their_place(
    arena_repository: ArenaRepository,
) -> None:
    for made in (arena("old", T0 - 86400), arena("new", T0), arena("theirs", T0 + 60)):
        await arena_repository.create(made)
    await arena_repository.enter(Entrant("old", "u-anna", "Anna", T0 - 86400))
    await arena_repository.enter(Entrant("new", "u-anna", "Anna", T0))
    await arena_repository.enter(Entrant("theirs", "u-bea", "Bea", T0 + 60))
    place = FinalStanding(2, "u-anna", "Anna", 4, 2, 2, 1600)
    await arena_repository.finish("old", [FinalStanding(1, "u-zoe", "Zoe", 8, 3, 3, 1800), place])

    history = await arena_repository.arenas_of("u-anna", 10)

    assert [(h.arena.id, h.standing) for h in history] == [("new", None), ("old", place)]
    assert [h.arena.id for h in await arena_repository.arenas_of("u-anna", 1)] == ["new"]


async def test_every_field_of_an_arena_reads_back_as_created(arena_repository: ArenaRepository) -> None:
    options = {
        "target_score": 21,
        "variant": "à la carte — 🂡",
        "ratio": 0.1,
        "big": 2**53 + 1,
        "flags": [True, False, None],
        "nested": {"seats": [{"team": "a"}, {"team": "b"}], "empty": {}},
    }
    made = arena("a1", T0 + 0.25, minutes=120, turn_seconds=12.5, options=options, creator=None)
    bare = arena("a2", options={})

    assert await arena_repository.create(made) and await arena_repository.create(bare)

    assert await arena_repository.get("a1") == made
    assert await arena_repository.get("a2") == bare
    assert await arena_repository.listed(T0, 10) == [bare, made]


async def test_an_arena_ending_now_is_not_listed_any_more(arena_repository: ArenaRepository) -> None:
    await arena_repository.create(arena("a1", T0, minutes=30))

    assert [a.id for a in await arena_repository.listed(T0 + 30 * 60 - 0.5, 10)] == ["a1"]
    assert await arena_repository.listed(T0 + 30 * 60, 10) == []
    assert await arena_repository.listed(T0, 0) == []


async def test_an_arena_finished_with_nobody_is_finished_once(arena_repository: ArenaRepository) -> None:
    assert await arena_repository.finish("a1", [])

    assert not await arena_repository.finish("a1", [FinalStanding(1, "u-anna", "Anna", 2, 1, 1, 1700)])
    assert await arena_repository.final("a1") == []


async def test_an_arena_created_after_its_standings_is_not_unfinished(
    arena_repository: ArenaRepository,
) -> None:
    await arena_repository.finish("late", [])  # a worker closed it before this one's create landed

    assert await arena_repository.create(arena("late", T0 - 60))
    assert [a.id for a in await arena_repository.unfinished(T0)] == []


async def test_concurrent_writers_write_each_thing_once(arena_repository: ArenaRepository) -> None:
    """Every worker creates the scheduled arena, a player's join is retried, two workers close it."""
    made = arena("a1")
    firsts = [FinalStanding(1, f"u-{n}", n, 2, 1, 1, 1600) for n in ("anna", "bea")]
    seconds = [FinalStanding(1, "u-carlo", "Carlo", 4, 2, 2, 1700)]

    created = await asyncio.wait_for(asyncio.gather(*(arena_repository.create(made) for _ in range(6))), 30)
    entered = await asyncio.wait_for(
        asyncio.gather(*(arena_repository.enter(Entrant("a1", "u-anna", "Anna", T0 + i)) for i in range(6))),
        30,
    )
    finished = await asyncio.wait_for(
        asyncio.gather(*(arena_repository.finish("a1", firsts if i % 2 else seconds) for i in range(6))), 30
    )

    assert sorted(created) == sorted(entered) == sorted(finished) == [False] * 5 + [True]
    assert await arena_repository.get("a1") == made
    assert [e.user_id for e in await arena_repository.entrants("a1")] == ["u-anna"]
    assert await arena_repository.final("a1") in (firsts, seconds)


async def test_concurrent_recordings_sharing_games_keep_each_once(arena_repository: ArenaRepository) -> None:
    """Batches that overlap, in opposite orders (as workers retrying the same games would): each
    row is kept once, and no writer fails (on PostgreSQL, none is chosen as a deadlock victim)."""
    await asyncio.gather(*(arena_repository.games("a1") for _ in range(10)))  # every connection ready
    recorded: list[PlayedGame] = []
    for wave in range(3):
        games = [played(f"g{wave}-{i:03}", u, T0 + 100 * i) for i in range(100) for u in ("anna", "bea")]
        batches = [games, games[::-1], games[40:], games[:160][::-1], [*games[:30], *games[:30]]] * 2
        await asyncio.wait_for(asyncio.gather(*(arena_repository.record_games(b) for b in batches)), 60)
        recorded += games
    await arena_repository.record_games([])

    in_order = sorted(recorded, key=lambda g: (g.started_at, g.game_id, g.user_id))
    assert await arena_repository.games("a1") == in_order


# --- unreachable storage (SQL only) ---------------------------------------------------------------


async def test_sqlite_locked_past_its_busy_timeout_is_storage_unavailable() -> None:
    async with sqlite_database() as path:
        repository = SqliteMatchRepository(path, busy_timeout=0.1)
        await repository.open()
        try:
            await repository.migrate()
            arenas = repository.arenas()
            await arenas.create(arena("a1"))
            async with aiosqlite.connect(path, isolation_level=None) as other:
                await other.execute("BEGIN EXCLUSIVE")  # another process holds the file
                with pytest.raises(StorageUnavailable):
                    await arenas.get("a1")
                with pytest.raises(StorageUnavailable):
                    await arenas.enter(Entrant("a1", "u-anna", "Anna", T0))
                await other.execute("ROLLBACK")
            assert await arenas.enter(Entrant("a1", "u-anna", "Anna", T0))  # and usable again after
        finally:
            await repository.close()


async def test_postgres_gone_after_opening_is_storage_unavailable() -> None:
    async with postgres_database() as dsn:
        repository = PostgresMatchRepository(dsn, min_size=1, max_size=2)
        await repository.open()
        try:
            await repository.migrate()
            arenas = repository.arenas()
            await arenas.create(arena("a1"))
            admin = await asyncpg.connect(ADMIN_DSN, timeout=5)
            try:  # the pooled connection is cut off, and no new one can be made
                await admin.execute(f'DROP DATABASE "{urlsplit(dsn).path.lstrip("/")}" WITH (FORCE)')
            finally:
                await admin.close()
            with pytest.raises(StorageUnavailable):
                await arenas.get("a1")
            with pytest.raises(StorageUnavailable):
                await arenas.finish("a1", [])
        finally:
            await asyncio.wait_for(repository.close(), 10)
