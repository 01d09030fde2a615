"""Quick match over the in-memory pool: seekers are paired into started tables, once each."""

from __future__ import annotations

import pytest

from adapters.memory.clock import FakeClock
from adapters.memory.match_pool import MemoryMatchPool
from application.finding.quick_match import LEASE_SECONDS, OPEN_GRACE_SECONDS, Matchmaker
from application.identity.caller import Identity
from application.playing.live_games import LiveGames
from domain.errors import InvalidAction, InvalidOptions
from domain.live_game import LiveGame, Phase
from domain.matchmaking import Seeker, find_group


class Lobby:
    """A lobby connection waiting in the pool: keeps the tables it was told of."""

    def __init__(self) -> None:
        self.tables: list[LiveGame] = []
        self.waited: list[Seeker] = []

    async def waiting(self, seeker: Seeker) -> None:
        assert not self.tables, "told it waits before it is told where to sit"
        self.waited.append(seeker)

    async def matched(self, session: LiveGame) -> None:
        self.tables.append(session)


@pytest.fixture
def pool(clock: FakeClock) -> MemoryMatchPool:
    return MemoryMatchPool(clock)


@pytest.fixture
def matchmaker(games: LiveGames, pool: MemoryMatchPool) -> Matchmaker:
    return Matchmaker(games, pool)


async def test_two_seekers_are_seated_at_a_started_rated_table(
    matchmaker: Matchmaker, games: LiveGames, players: list[Identity]
) -> None:
    anna, bruno = Lobby(), Lobby()
    assert await matchmaker.seek(players[0], "briscola", None, anna) is not None
    assert anna.tables == []
    await matchmaker.seek(players[1], "briscola", None, bruno)
    assert len(anna.tables) == 1 and anna.tables[0].id == bruno.tables[0].id
    table = anna.tables[0]
    assert table.phase == Phase.PLAYING and table.counts_for_rating and not table.public
    assert {table.seat_of(players[0].user_id), table.seat_of(players[1].user_id)} == {0, 1}
    assert matchmaker.waiting_here == 0


async def test_nobody_is_paired_twice_and_the_odd_one_waits(
    matchmaker: Matchmaker, pool: MemoryMatchPool, players: list[Identity]
) -> None:
    lobbies = [Lobby() for _ in players]
    for player, lobby in zip(players, lobbies, strict=True):
        await matchmaker.seek(player, "briscola", None, lobby)
    told = [lobby.tables for lobby in lobbies]
    assert sum(len(tables) for tables in told) == 4 and max(len(tables) for tables in told) == 1
    assert len({tables[0].id for tables in told if tables}) == 2
    assert [s.user_id for s in await pool.waiting("briscola")] == [players[4].user_id]


async def test_computer_players_fill_the_table_after_the_chosen_wait(
    matchmaker: Matchmaker, clock: FakeClock, players: list[Identity]
) -> None:
    anna = Lobby()
    await matchmaker.seek(players[0], "scopone_scientifico", 5, anna)
    clock.advance(4)
    await matchmaker.tick()
    assert anna.tables == []
    clock.advance(1)
    await matchmaker.tick()
    (table,) = anna.tables
    assert [seat is not None and seat.bot for seat in table.seats] == [False, True, True, True]
    assert not table.counts_for_rating, "a table with computer players is casual"


async def test_a_seeker_who_cancels_leaves_the_pool(
    matchmaker: Matchmaker, pool: MemoryMatchPool, players: list[Identity]
) -> None:
    anna = Lobby()
    await matchmaker.seek(players[0], "briscola", None, anna)
    assert await matchmaker.cancel(players[0].user_id, anna) is True
    assert await pool.waiting("briscola") == []
    assert await matchmaker.cancel(players[0].user_id, anna) is False


async def test_this_process_keeps_its_seekers_in_the_pool_while_they_wait(
    matchmaker: Matchmaker, pool: MemoryMatchPool, clock: FakeClock, players: list[Identity]
) -> None:
    await matchmaker.seek(players[0], "briscola", None, Lobby())
    for _ in range(int(LEASE_SECONDS * 3)):
        clock.advance(1)
        await matchmaker.tick()
    assert [s.user_id for s in await pool.waiting("briscola")] == [players[0].user_id]


async def test_a_group_whose_table_was_never_opened_is_opened_by_a_members_process(
    matchmaker: Matchmaker, pool: MemoryMatchPool, clock: FakeClock, players: list[Identity]
) -> None:
    """Anna waits through this process; another process claimed her and Bruno, then died
    before it opened their table."""
    anna = Lobby()
    await matchmaker.seek(players[0], "scopa_a_quattro", None, anna)
    for player in players[1:4]:
        await pool.join(
            Seeker(player.user_id, player.name, "scopa_a_quattro", 1500, clock.now()), LEASE_SECONDS
        )
    group = find_group(await pool.waiting("scopa_a_quattro"), 4, clock.now(), "lost-table")
    assert group is not None and await pool.claim(group, 60)  # the dying process's claim
    await matchmaker.tick()
    assert anna.tables == [], "the claimer may still be opening it"
    clock.advance(OPEN_GRACE_SECONDS)
    await matchmaker.tick()
    (table,) = anna.tables
    assert table.id == "lost-table" and table.phase == Phase.PLAYING
    assert {table.seat_of(p.user_id) for p in players[:4]} == {0, 1, 2, 3}


async def test_an_unknown_game_type_or_a_negative_wait_is_refused(
    matchmaker: Matchmaker, players: list[Identity]
) -> None:
    with pytest.raises(InvalidAction):
        await matchmaker.seek(players[0], "poker", None, Lobby())
    with pytest.raises(InvalidAction):
        await matchmaker.seek(players[0], "briscola", -1, Lobby())


async def test_seekers_who_chose_other_match_lengths_are_not_seated_together(
    matchmaker: Matchmaker, pool: MemoryMatchPool, players: list[Identity]
) -> None:
    anna, bruno = Lobby(), Lobby()
    await matchmaker.seek(players[0], "scopa", None, anna, {"target_score": 21})
    await matchmaker.seek(players[1], "scopa", None, bruno, {"target_score": 16})
    assert anna.tables == [] and bruno.tables == []
    assert await pool.queues() == ["scopa?target_score=16", "scopa?target_score=21"]
    assert [seeker.options for seeker in anna.waited] == [(("target_score", 21),)]


async def test_seekers_of_the_same_length_get_a_table_of_that_length(
    matchmaker: Matchmaker, players: list[Identity]
) -> None:
    anna, bruno, carla = Lobby(), Lobby(), Lobby()
    await matchmaker.seek(players[0], "scopa", None, anna, {"target_score": 21})
    await matchmaker.seek(players[1], "scopa", None, bruno)
    await matchmaker.seek(players[2], "scopa", None, carla, {"target_score": 21})
    (table,) = anna.tables
    assert carla.tables == [table] and bruno.tables == []
    assert table.options["target_score"] == 21 and table.phase == Phase.PLAYING


async def test_a_seeker_who_chooses_the_default_length_sits_with_one_who_chose_nothing(
    matchmaker: Matchmaker, players: list[Identity]
) -> None:
    anna, bruno = Lobby(), Lobby()
    await matchmaker.seek(players[0], "scopa", None, anna, {"target_score": 11})
    await matchmaker.seek(players[1], "scopa", None, bruno)
    (table,) = anna.tables
    assert bruno.tables == [table] and table.options["target_score"] == 11


async def test_a_seek_with_an_option_that_is_not_the_match_length_is_refused(
    matchmaker: Matchmaker, pool: MemoryMatchPool, players: list[Identity]
) -> None:
    with pytest.raises(InvalidOptions):
        await matchmaker.seek(players[0], "scopa", None, Lobby(), {"asso_pigliatutto": True})
    with pytest.raises(InvalidOptions):
        await matchmaker.seek(players[0], "scopa", None, Lobby(), {"target_score": "lots"})
    assert await pool.queues() == []


async def test_best_of_three_briscola_seekers_play_best_of_three_apart_from_single_deal_seekers(
    matchmaker: Matchmaker, pool: MemoryMatchPool, players: list[Identity]
) -> None:
    anna, bruno, carla = Lobby(), Lobby(), Lobby()
    await matchmaker.seek(players[0], "briscola", None, anna, {"deals_to_win": 2})
    await matchmaker.seek(players[1], "briscola", None, bruno, {"deals_to_win": 1})
    assert anna.tables == [] and bruno.tables == []
    await matchmaker.seek(players[2], "briscola", None, carla, {"deals_to_win": 2})
    (table,) = anna.tables
    assert carla.tables == [table] and table.options["deals_to_win"] == 2
    assert [s.user_id for s in await pool.waiting("briscola")] == [players[1].user_id]
    with pytest.raises(InvalidOptions):
        await matchmaker.seek(players[3], "briscola", None, Lobby(), {"deals_to_win": 4})
