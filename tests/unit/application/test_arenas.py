"""Arenas over the in-memory adapters and a fake clock: joining, pairing by the lease holder,
scoring recorded games, pausing, closing with final standings."""

from __future__ import annotations

from dataclasses import replace

import pytest

from adapters.memory.arena_live import MemoryArenaLive
from adapters.memory.arena_notices import MemoryArenaNotices
from adapters.memory.arenas import MemoryArenaRepository
from adapters.memory.clock import FakeClock
from adapters.memory.deadlines import MemoryDeadlineQueue
from adapters.memory.leases import MemoryLeases
from application.arenas.context import ArenaContext
from application.arenas.director import ArenaDirector, final_standings, seating
from application.arenas.entry import ArenaRequest, create_arena, join_arena, leave_arena, pause_arena
from application.arenas.reading import arena_view
from application.arenas.scoring import ArenaScoring
from application.finding.lobby import leave_game
from application.identity.caller import Identity
from application.playing.live_games import LiveGames
from application.playing.play import act
from application.playing.queries import snapshot
from application.playing.rematch import ask_rematch
from domain.arenas.arena import Arena
from domain.arenas.scoring import Outcome, sheet_of
from domain.errors import ArenaFinished, Forbidden, InvalidArena
from domain.live_game import Phase

BRISCOLA = "briscola"


@pytest.fixture
def context(games: LiveGames) -> ArenaContext:
    bare = ArenaContext(
        games=games,
        arenas=MemoryArenaRepository(),
        live=MemoryArenaLive(),
        leases=MemoryLeases(games.clock),
        notices=MemoryArenaNotices(),
    )
    scoring = ArenaScoring(bare)
    return replace(bare, games=replace(games, arena_scoring=scoring))


@pytest.fixture
def people() -> list[Identity]:
    names = ("anna", "bruno", "carla", "dario", "elena", "fabio")
    return [Identity(f"oidc:test:{n}", n.title(), provider="test") for n in names]


async def an_arena(context: ArenaContext, creator: Identity, minutes: int = 30, **more: object) -> Arena:
    request = ArenaRequest(name="Arena della sera", game_type=BRISCOLA, minutes=minutes, **more)  # type: ignore[arg-type]
    return await create_arena(context, creator, request)


async def play_out(context: ArenaContext, game_id: str, people: list[Identity]) -> None:
    """Every seat plays its first legal move (and acknowledges) until the match is over."""
    games = context.games
    for _ in range(500):
        session = await games.store.get(game_id)
        assert session is not None
        if session.phase == Phase.FINISHED:
            return
        for person in people:
            if session.seat_of(person.user_id) is None:
                continue
            view = await snapshot(games, game_id, person.user_id)
            if view.get("legal_moves"):
                await act(games, game_id, person.user_id, dict(view["legal_moves"][0]))
                break
    raise AssertionError("the match did not end")


async def test_a_guest_cannot_create_an_arena_but_may_join_one(
    context: ArenaContext, people: list[Identity]
) -> None:
    guest = Identity("guest:ugo", "Ugo")
    with pytest.raises(Forbidden):
        await an_arena(context, guest)
    arena = await an_arena(context, people[0])

    await join_arena(context, guest, arena.id)

    assert [row["user_id"] for row in (await arena_view(context, arena.id, None))["standings"]] == [
        "guest:ugo"
    ]


async def test_an_arena_out_of_range_or_in_the_past_is_refused(
    context: ArenaContext, people: list[Identity]
) -> None:
    with pytest.raises(InvalidArena):
        await an_arena(context, people[0], minutes=5)
    with pytest.raises(InvalidArena):
        await an_arena(context, people[0], starts_at=context.games.clock.now() - 3600)


async def test_players_who_join_are_seated_in_pairs_at_rated_tables_of_the_arena(
    context: ArenaContext, people: list[Identity]
) -> None:
    arena = await an_arena(context, people[0], turn_seconds=15.0)
    for person in people[:5]:
        await join_arena(context, person, arena.id)

    await ArenaDirector(context).round()

    seatings = await context.live.seatings(arena.id)
    assert len(seatings) == 2
    assert len({u for s in seatings for u in s.user_ids}) == 4, "nobody is at two tables"
    for made in seatings:
        table = await context.games.store.get(made.game_id)
        assert table is not None and table.phase == Phase.PLAYING
        assert table.arena == arena.id and table.counts_for_rating and table.turn_seconds == 15.0
    assert len(await context.live.waiting(arena.id)) == 1


async def test_only_the_lease_holder_pairs(context: ArenaContext, people: list[Identity]) -> None:
    arena = await an_arena(context, people[0])
    first, second = ArenaDirector(context, holder="a"), ArenaDirector(context, holder="b")
    await first.round()  # holds the lease from now on
    for person in people[:2]:
        await join_arena(context, person, arena.id)

    await second.round()
    assert await context.live.seatings(arena.id) == []

    await first.round()
    assert len(await context.live.seatings(arena.id)) == 1


async def test_a_finished_game_scores_its_players_and_they_meet_someone_else_next(
    context: ArenaContext, people: list[Identity]
) -> None:
    arena = await an_arena(context, people[0])
    director = ArenaDirector(context)
    for person in people[:4]:
        await join_arena(context, person, arena.id)
    await director.round()
    first = {s.game_id: set(s.user_ids) for s in await context.live.seatings(arena.id)}
    for game_id in first:
        await play_out(context, game_id, people)

    scores = await context.live.scores(arena.id)
    assert sorted(s.points for s in scores.values()) in ([0, 0, 2, 2], [0, 1, 1, 2], [1, 1, 1, 1])
    assert len(await context.live.waiting(arena.id)) == 4, "all four wait again"
    await director.round()
    again = [set(s.user_ids) for s in await context.live.seatings(arena.id)]
    assert len(again) == 2 and not any(table in first.values() for table in again)


async def test_a_paused_player_is_not_put_back_in_the_pool_when_their_game_ends(
    context: ArenaContext, people: list[Identity]
) -> None:
    arena = await an_arena(context, people[0])
    for person in people[:2]:
        await join_arena(context, person, arena.id)
    await ArenaDirector(context).round()
    (made,) = await context.live.seatings(arena.id)

    await pause_arena(context, people[0], arena.id)
    await play_out(context, made.game_id, people)

    assert [p.user_id for p in await context.live.waiting(arena.id)] == [people[1].user_id]
    rows = {row["user_id"]: row["status"] for row in (await arena_view(context, arena.id, None))["standings"]}
    assert rows == {people[0].user_id: "paused", people[1].user_id: "waiting"}


async def test_a_waiting_player_whose_sockets_are_gone_for_thirty_seconds_is_paused(
    context: ArenaContext, clock: FakeClock, people: list[Identity]
) -> None:
    arena = await an_arena(context, people[0])
    await join_arena(context, people[0], arena.id)
    director = ArenaDirector(context)
    clock.advance(29)
    await director.round()
    assert len(await context.live.waiting(arena.id)) == 1

    clock.advance(2)
    await director.round()

    assert await context.live.waiting(arena.id) == []
    assert await context.live.away(arena.id) == {people[0].user_id: "paused"}


async def test_a_berserk_player_has_half_the_turn_time(
    context: ArenaContext, deadlines: MemoryDeadlineQueue, people: list[Identity]
) -> None:
    arena = await an_arena(context, people[0], turn_seconds=30.0)
    await join_arena(context, people[0], arena.id, berserk=True)
    await join_arena(context, people[1], arena.id)
    await ArenaDirector(context).round()
    (made,) = await context.live.seatings(arena.id)
    table = await context.games.store.get(made.game_id)
    assert table is not None and table.berserk == (made.user_ids.index(people[0].user_id),)
    view = await snapshot(context.games, made.game_id, people[1].user_id)
    if view.get("your_turn"):  # the other player leads: play their card, and it is the berserk one's turn
        assert view["turn_deadline"] - context.games.clock.now() == 30.0
        await act(context.games, made.game_id, people[1].user_id, dict(view["legal_moves"][0]))
    view = await snapshot(context.games, made.game_id, people[0].user_id)
    assert view["your_turn"] and view["turn_deadline"] - context.games.clock.now() == 15.0
    on_turn = [(people[0], 15.0)]
    assert await deadlines.next_due() == context.games.clock.now() + on_turn[0][1], "and so does its timeout"


async def test_a_seating_nobody_opened_is_opened_by_the_next_round(
    context: ArenaContext, clock: FakeClock, people: list[Identity]
) -> None:
    arena = await an_arena(context, people[0])
    for person in people[:2]:
        await join_arena(context, person, arena.id)
    waiting = await context.live.waiting(arena.id)
    made = seating(arena, waiting, clock.now())
    assert await context.live.seat(arena.id, [made], fence=1)  # a worker seated them, then died
    clock.advance(5)

    await ArenaDirector(context).round()

    assert await context.games.store.get(made.game_id) is not None


async def test_the_arena_closes_after_its_last_game_with_standings_worked_out_from_the_record(
    context: ArenaContext, clock: FakeClock, people: list[Identity]
) -> None:
    arena = await an_arena(context, people[0], minutes=10)
    director = ArenaDirector(context)
    for person in people[:3]:
        await join_arena(context, person, arena.id)
    await director.round()
    (made,) = await context.live.seatings(arena.id)
    clock.advance(601)  # the arena ends while the game is on: it still counts
    await director.round()
    assert await context.arenas.final(arena.id) is None, "a game that began before the end counts"

    await play_out(context, made.game_id, people)
    await director.round()

    final = await context.arenas.final(arena.id)
    assert final is not None and len(final) == 3
    games = await context.arenas.games(arena.id)
    for standing in final:
        own = [g.scored() for g in games if g.user_id == standing.user_id]
        assert standing.points == sheet_of(own).points
    winners = [g.user_id for g in games if g.outcome is Outcome.WIN]
    assert final[0].user_id in winners or not winners
    assert await context.live.waiting(arena.id) == [], "the live state is let go"
    with pytest.raises(ArenaFinished):
        await join_arena(context, people[4], arena.id)
    view = await arena_view(context, arena.id, None)
    assert view["status"] == "finished" and view["podium"]


async def test_final_standings_leave_out_who_left_without_a_game(
    context: ArenaContext, people: list[Identity]
) -> None:
    arena = await an_arena(context, people[0])
    await join_arena(context, people[0], arena.id)
    await join_arena(context, people[1], arena.id)
    await leave_arena(context, people[1], arena.id)

    assert [s.user_id for s in await final_standings(context, arena.id)] == [people[0].user_id]


async def test_four_waiting_players_of_a_partnership_game_make_one_table_and_partners_share_their_result(
    context: ArenaContext, people: list[Identity]
) -> None:
    arena = await create_arena(
        context, people[0], ArenaRequest(name="Arena a coppie", game_type="briscola_a_quattro", minutes=30)
    )
    for person in people[:4]:
        await join_arena(context, person, arena.id)
    await ArenaDirector(context).round()
    (made,) = await context.live.seatings(arena.id)
    assert sorted(made.user_ids) == sorted(p.user_id for p in people[:4])

    await play_out(context, made.game_id, people)

    games = await context.arenas.games(arena.id)
    outcome = {g.user_id: g.outcome for g in games}
    partners = [(made.user_ids[0], made.user_ids[2]), (made.user_ids[1], made.user_ids[3])]
    assert all(outcome[a] == outcome[b] for a, b in partners), "each player scores their side's result"
    assert {outcome[partners[0][0]], outcome[partners[1][0]]} in ({Outcome.WIN, Outcome.LOSS}, {Outcome.DRAW})


async def test_an_arena_game_is_neither_left_to_a_computer_nor_rematched(
    context: ArenaContext, people: list[Identity]
) -> None:
    arena = await an_arena(context, people[0])
    for person in people[:2]:
        await join_arena(context, person, arena.id)
    await ArenaDirector(context).round()
    (made,) = await context.live.seatings(arena.id)

    with pytest.raises(Forbidden, match="played to its end"):
        await leave_game(context.games, people[0], made.game_id)
    await play_out(context, made.game_id, people)
    with pytest.raises(Forbidden, match="no rematch"):
        await ask_rematch(context.games, people[0], made.game_id)


async def test_a_player_who_pauses_during_their_game_reads_it_at_once(
    context: ArenaContext, people: list[Identity]
) -> None:
    arena = await an_arena(context, people[0])
    for person in people[:2]:
        await join_arena(context, person, arena.id)
    await ArenaDirector(context).round()

    await pause_arena(context, people[0], arena.id)

    you = (await arena_view(context, arena.id, people[0].user_id))["you"]
    assert you["status"] == "playing" and you["away"] == "paused"
