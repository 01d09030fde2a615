"""The ``ArenaLive`` contract, for every adapter: an arena's pool, its fenced all-or-nothing seating,
its live scores and who was last seen."""

from __future__ import annotations

from application.arenas.ports import ArenaLive
from application.arenas.records import LiveScore, Pooled, Seating

A = "arena-1"
T0 = 1_700_000_000.0


def pooled(user: str, rating: int = 1500, since: float = T0, **more: object) -> Pooled:
    return Pooled(f"u-{user}", user.title(), rating, since, **more)  # type: ignore[arg-type]


def table(game_id: str, *users: str, berserk: tuple[int, ...] = ()) -> Seating:
    return Seating(
        A, game_id, tuple(f"u-{u}" for u in users), tuple(u.title() for u in users), berserk, T0 + 5
    )


async def fill(live: ArenaLive, *users: str) -> None:
    for i, user in enumerate(users):
        await live.wait(A, pooled(user, since=T0 + i))


async def test_players_wait_in_their_arena_and_keep_what_they_waited_with(arena_live: ArenaLive) -> None:
    anna = pooled("anna", 1620, berserk=True, last_table=frozenset({"u-bea"}))
    await arena_live.wait(A, anna)
    await arena_live.wait("arena-2", pooled("bea"))

    assert await arena_live.waiting(A) == [anna]
    assert [p.user_id for p in await arena_live.waiting("arena-2")] == ["u-bea"]


async def test_waiting_again_replaces_the_earlier_entry(arena_live: ArenaLive) -> None:
    await arena_live.wait(A, pooled("anna", since=T0))
    await arena_live.wait(A, pooled("anna", since=T0 + 9, berserk=True))

    assert await arena_live.waiting(A) == [pooled("anna", since=T0 + 9, berserk=True)]


async def test_a_player_who_pauses_leaves_the_pool_once(arena_live: ArenaLive) -> None:
    await fill(arena_live, "anna", "bea")

    assert await arena_live.leave_pool(A, "u-anna")
    assert not await arena_live.leave_pool(A, "u-anna")
    assert [p.user_id for p in await arena_live.waiting(A)] == ["u-bea"]


async def test_a_player_who_steps_away_leaves_the_pool_marked_until_they_wait_again(
    arena_live: ArenaLive,
) -> None:
    await fill(arena_live, "anna", "bea")

    await arena_live.step_away(A, "u-anna", "paused")
    await arena_live.step_away(
        A, "u-carlo", "left"
    )  # seated elsewhere, or never waiting: marked all the same

    assert [p.user_id for p in await arena_live.waiting(A)] == ["u-bea"]
    assert await arena_live.away(A) == {"u-anna": "paused", "u-carlo": "left"}
    await arena_live.wait(A, pooled("anna"))
    assert await arena_live.away(A) == {"u-carlo": "left"}


async def test_seating_takes_every_player_out_of_the_pool_and_gives_each_their_table(
    arena_live: ArenaLive,
) -> None:
    await fill(arena_live, "anna", "bea", "carlo", "dario", "elio")
    first, second = table("g1", "anna", "bea", berserk=(1,)), table("g2", "carlo", "dario")

    assert await arena_live.seat(A, [first, second], fence=1)

    assert [p.user_id for p in await arena_live.waiting(A)] == ["u-elio"]
    assert await arena_live.seatings(A) == [first, second]
    assert await arena_live.seating_of(A, "u-bea") == first
    assert await arena_live.seating_of(A, "u-dario") == second
    assert await arena_live.seating_of(A, "u-elio") is None


async def test_a_seating_with_anyone_no_longer_waiting_changes_nothing(arena_live: ArenaLive) -> None:
    await fill(arena_live, "anna", "bea", "carlo", "dario")
    await arena_live.leave_pool(A, "u-dario")

    assert not await arena_live.seat(A, [table("g1", "anna", "bea"), table("g2", "carlo", "dario")], fence=1)

    assert len(await arena_live.waiting(A)) == 3
    assert await arena_live.seatings(A) == []
    assert await arena_live.seating_of(A, "u-anna") is None


async def test_nobody_is_seated_twice(arena_live: ArenaLive) -> None:
    await fill(arena_live, "anna", "bea", "carlo")

    assert await arena_live.seat(A, [table("g1", "anna", "bea")], fence=1)
    assert not await arena_live.seat(A, [table("g2", "bea", "carlo")], fence=1)
    assert not await arena_live.seat(A, [table("g3", "carlo", "carlo")], fence=1)

    assert await arena_live.seating_of(A, "u-bea") == table("g1", "anna", "bea")


async def test_a_fence_lower_than_one_already_used_is_refused(arena_live: ArenaLive) -> None:
    await fill(arena_live, "anna", "bea", "carlo", "dario")
    assert await arena_live.seat(A, [table("g1", "anna", "bea")], fence=7)

    assert not await arena_live.seat(A, [table("g2", "carlo", "dario")], fence=6)
    assert await arena_live.seat(A, [table("g2", "carlo", "dario")], fence=7)


async def test_a_seated_player_is_not_put_in_the_pool(arena_live: ArenaLive) -> None:
    await fill(arena_live, "anna", "bea")
    await arena_live.seat(A, [table("g1", "anna", "bea")], fence=1)

    assert not await arena_live.wait(A, pooled("anna"))

    assert await arena_live.waiting(A) == []
    await arena_live.unseat(A, "g1")
    assert await arena_live.wait(A, pooled("anna"))


async def test_unseating_ends_a_table_once_and_keeps_a_newer_one(arena_live: ArenaLive) -> None:
    await fill(arena_live, "anna", "bea")
    await arena_live.seat(A, [table("g1", "anna", "bea")], fence=1)
    await arena_live.unseat(A, "g1")
    await arena_live.wait(A, pooled("anna"))
    await arena_live.wait(A, pooled("bea"))
    await arena_live.seat(A, [table("g2", "bea", "anna")], fence=1)

    await arena_live.unseat(A, "g1")  # a late repeat of the first game's end

    assert await arena_live.seatings(A) == [table("g2", "bea", "anna")]
    assert await arena_live.seating_of(A, "u-anna") == table("g2", "bea", "anna")


async def test_a_score_from_fewer_games_never_replaces_one_from_more(arena_live: ArenaLive) -> None:
    two = LiveScore("u-anna", 4, 1700, 2, on_fire=True)
    one = LiveScore("u-anna", 2, 1600, 1, on_fire=False)

    assert await arena_live.post(A, two)
    assert not await arena_live.post(A, one)
    assert await arena_live.post(A, LiveScore("u-bea", 0, None, 1, on_fire=False))

    assert await arena_live.scores(A) == {"u-anna": two, "u-bea": LiveScore("u-bea", 0, None, 1, False)}


async def test_a_score_from_as_many_games_replaces_the_stored_one(arena_live: ArenaLive) -> None:
    first = LiveScore("u-anna", 2, 1600, 1, on_fire=False)
    corrected = LiveScore("u-anna", 3, 1650, 1, on_fire=False)  # only "more games" keeps the stored one

    assert await arena_live.post(A, first)
    assert await arena_live.post(A, corrected)

    assert await arena_live.scores(A) == {"u-anna": corrected}


async def test_an_earlier_touch_never_moves_the_last_sighting_back(arena_live: ArenaLive) -> None:
    await arena_live.touch(A, ["u-anna"], T0 + 20)
    await arena_live.touch(A, ["u-anna", "u-bea"], T0)

    assert await arena_live.seen(A) == {"u-anna": T0 + 20, "u-bea": T0}


async def test_last_seen_is_the_latest_touch(arena_live: ArenaLive) -> None:
    await arena_live.touch(A, ["u-anna", "u-bea"], T0)
    await arena_live.touch(A, ["u-anna"], T0 + 20)

    assert await arena_live.seen(A) == {"u-anna": T0 + 20, "u-bea": T0}


async def test_forgetting_an_arena_drops_its_pool_tables_scores_and_sightings(arena_live: ArenaLive) -> None:
    await fill(arena_live, "anna", "bea", "carlo")
    await arena_live.seat(A, [table("g1", "anna", "bea")], fence=1)
    await arena_live.post(A, LiveScore("u-anna", 2, 1500, 1, False))
    await arena_live.touch(A, ["u-anna"], T0)
    await arena_live.step_away(A, "u-carlo", "paused")

    await arena_live.forget(A)

    assert await arena_live.waiting(A) == []
    assert await arena_live.seatings(A) == []
    assert await arena_live.seating_of(A, "u-anna") is None
    assert await arena_live.scores(A) == {}
    assert await arena_live.seen(A) == {}
    assert await arena_live.away(A) == {}


async def test_scores_come_in_standing_order(arena_live: ArenaLive) -> None:
    for score in (
        LiveScore("u-carla", 2, 1400, 1, False),
        LiveScore("u-anna", 6, 1500, 3, True),
        LiveScore("u-bea", 2, 1600, 1, False),
        LiveScore("u-dario", 0, None, 0, False),
        LiveScore("u-elio", 0, 1200, 1, False),
        LiveScore("u-aldo", 2, 1400, 1, False),
    ):
        await arena_live.post(A, score)

    assert list(await arena_live.scores(A)) == ["u-anna", "u-bea", "u-aldo", "u-carla", "u-elio", "u-dario"]
