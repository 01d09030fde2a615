from __future__ import annotations

import dataclasses

import pytest

from adapters.memory.clock import FakeClock
from adapters.memory.deadlines import MemoryDeadlineQueue
from application.finding.lobby import create_game, join_game
from application.identity.caller import Identity
from application.playing.computer_players import add_bot, remove_bot
from application.playing.deadline_worker import fire_due
from application.playing.live_games import LiveGames
from application.playing.play import act
from application.playing.queries import snapshot
from domain.errors import Conflict, Forbidden, GameFull, IllegalMove, InvalidAction, NotFound
from domain.live_game import Phase
from tests.unit.application.helpers import legal_play


async def test_the_creator_seats_bots_and_the_last_one_starts_the_match(
    games: LiveGames, players: list[Identity]
) -> None:
    session = await create_game(games, players[0], "scopone_scientifico", {})
    for level in ("easy", "normal", "normal"):
        session = await add_bot(games, players[0], session.id, level)
    assert session.phase == Phase.PLAYING
    view = await snapshot(games, session.id, players[0].user_id)
    assert [p["bot"] for p in view["players"]] == [False, True, True, True]
    assert view["players"][1]["name"] == "Computer 2" and view["players"][1]["level"] == "easy"
    assert view["rated"] is False, "a table with a computer player is casual"


async def test_the_creator_chooses_the_chair_of_each_computer_player(
    games: LiveGames, players: list[Identity]
) -> None:
    session = await create_game(games, players[0], "scopone_scientifico", {})
    session = await add_bot(games, players[0], session.id, "normal", chair=2)
    assert [seat is not None and seat.bot for seat in session.seats] == [False, False, True, False]
    with pytest.raises(GameFull):
        await add_bot(games, players[0], session.id, "easy", chair=2)
    with pytest.raises(Conflict):  # a chair this table does not have
        await add_bot(games, players[0], session.id, "easy", chair=4)
    joined = await join_game(games, players[1], session.join_code)
    assert joined.seat_of(players[1].user_id) == 1, "a person takes the first chair still free"


async def test_only_the_creator_seats_bots_and_only_before_the_start(
    games: LiveGames, players: list[Identity]
) -> None:
    session = await create_game(games, players[0], "scopa", {})
    with pytest.raises(Forbidden):
        await add_bot(games, players[1], session.id, "easy")
    with pytest.raises(InvalidAction):
        await add_bot(games, players[0], session.id, "grandmaster")
    await join_game(games, players[1], session.join_code)
    with pytest.raises(IllegalMove):
        await add_bot(games, players[0], session.id, "easy")


async def test_a_bot_can_be_removed_before_the_start(games: LiveGames, players: list[Identity]) -> None:
    session = await create_game(games, players[0], "scopone_scientifico", {})
    session = await add_bot(games, players[0], session.id, "normal")
    session = await remove_bot(games, players[0], session.id, 1)
    assert session.seats_open == 3
    with pytest.raises(NotFound):
        await remove_bot(games, players[0], session.id, 0)  # a person, not a bot


async def test_bots_play_their_turns_by_short_deadlines_and_finish_the_match_with_a_person(
    games: LiveGames, players: list[Identity], clock: FakeClock, deadlines: MemoryDeadlineQueue
) -> None:
    games = dataclasses.replace(games, bot_delay=0.5)
    session = await create_game(games, players[0], "scopone_scientifico", {"target_score": 1})
    for _ in range(3):
        session = await add_bot(games, players[0], session.id, "normal")
    for _ in range(2000):
        view = await snapshot(games, session.id, players[0].user_id)
        if view["status"] == "finished":
            break
        if view.get("your_turn"):
            await act(games, session.id, players[0].user_id, legal_play(view))
        elif view["phase"] == "hand_end" and 0 not in view["acknowledged"]:
            await act(games, session.id, players[0].user_id, {"action": "ack"})
        else:
            clock.advance(games.bot_delay)  # far less than the 30 s turn timeout
            assert await fire_due(games, deadlines) >= 1, "a bot must act within its short delay"
    assert view["status"] == "finished"
    history = await games.matches.history(players[0].user_id, 1)
    bots = [p for p in history[0].participants if p.user_id.startswith("bot:")]
    assert len(bots) == 3 and all(p.details.get("bot") is True for p in bots)
