"""Leaving a table: before the match the seat frees, during it a computer player takes over."""

from __future__ import annotations

import dataclasses

from adapters.memory.clock import FakeClock
from adapters.memory.deadlines import MemoryDeadlineQueue
from application.finding.lobby import create_game, join_game, leave_game
from application.identity.caller import Identity
from application.playing.computer_players import add_bot
from application.playing.deadline_worker import fire_due
from application.playing.live_games import LiveGames
from tests.unit.application.helpers import player_on_turn, started_game


async def test_a_player_who_leaves_a_waiting_table_frees_the_seat(
    games: LiveGames, players: list[Identity]
) -> None:
    table = await create_game(games, players[0], "scopone_scientifico", {})
    await join_game(games, players[1], table.join_code)
    left = await leave_game(games, players[1], table.id)
    assert left.seat_of(players[1].user_id) is None and left.seats_open == 3
    assert [(e.kind, e.seat) for e in left.events] == [("left", 1)]


async def test_a_creator_who_leaves_hands_the_table_to_the_next_person(
    games: LiveGames, players: list[Identity]
) -> None:
    table = await create_game(games, players[0], "scopone_scientifico", {})
    await add_bot(games, players[0], table.id, "easy")
    await join_game(games, players[1], table.join_code)
    left = await leave_game(games, players[0], table.id)
    assert left.creator_id == players[1].user_id and left.seats[0] is None
    await add_bot(games, players[1], table.id, "normal")  # the new creator runs the table


async def test_when_the_last_person_leaves_the_computer_players_go_too(
    games: LiveGames, players: list[Identity]
) -> None:
    table = await create_game(games, players[0], "scopone_scientifico", {})
    await add_bot(games, players[0], table.id, "easy")
    empty = await leave_game(games, players[0], table.id)
    assert empty.seats == (None, None, None, None) and empty.creator_id == ""
    back = await join_game(games, players[2], table.join_code)
    assert back.creator_id == players[2].user_id, "whoever sits down at an empty table runs it"


async def test_leaving_a_match_hands_the_seat_to_a_computer_that_plays_on(
    games: LiveGames, players: list[Identity], clock: FakeClock, deadlines: MemoryDeadlineQueue
) -> None:
    games = dataclasses.replace(games, bot_delay=0.5)
    session = await started_game(games, players, "briscola")
    assert session.counts_for_rating
    on_turn, _ = await player_on_turn(games, session.id, players[:2])
    handed = await leave_game(games, on_turn, session.id)
    seat = session.seat_of(on_turn.user_id)
    assert seat is not None and handed.seat_of(on_turn.user_id) is None
    chair = handed.seats[seat]
    assert chair is not None and chair.bot
    assert [(e.kind, e.seat) for e in handed.events] == [("handed_over", seat)]
    assert not handed.counts_for_rating, "the match is casual from then on"
    clock.advance(0.5)
    assert await fire_due(games, deadlines) == 1
    moved = await games.store.get(session.id)
    assert moved is not None and moved.version == handed.version + 1, "the computer played the turn"


async def test_leaving_a_table_one_does_not_sit_at_changes_nothing(
    games: LiveGames, players: list[Identity]
) -> None:
    table = await create_game(games, players[0], "briscola", {})
    assert (await leave_game(games, players[3], table.id)).version == table.version
