"""The ``ArenaRepository`` contract, for every adapter: arenas, entrants, recorded games and final
standings, kept for good and written once."""

from __future__ import annotations

from typing import Any

from application.arenas.ports import ArenaRepository
from application.arenas.records import Entrant, FinalStanding, PlayedGame
from domain.arenas.arena import Arena
from domain.arenas.scoring import Outcome

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
