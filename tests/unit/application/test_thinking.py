"""A searching computer player's move is asked away from the event loop (``Thinking``), then applied
through the transition at the version it was asked at: a repeated or stale answer changes nothing,
and when nothing answers, the seat's turn deadline plays for it."""

from __future__ import annotations

import dataclasses

import pytest

from adapters.memory.clock import FakeClock
from adapters.memory.deadlines import MemoryDeadlineQueue
from application.finding.lobby import create_game
from application.identity.caller import Identity
from application.playing.computer_players import add_bot, thought_move
from application.playing.deadline_worker import fire_due
from application.playing.live_games import LiveGames
from application.playing.play import act
from application.playing.queries import snapshot
from application.playing.transition import transition
from domain import registry
from tests.unit.application.helpers import legal_play
from tests.unit.application.thinking_doubles import Recorded, Unreachable

SEARCHING_HERE = "normal"
"""The level these tests send away to think (the searching levels are, in the server)."""


@pytest.fixture(autouse=True)
def normal_searches(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registry, "SEARCHING", frozenset({SEARCHING_HERE}))


async def against_the_computer(games: LiveGames, person: Identity) -> str:
    session = await create_game(games, person, "briscola", {})
    session = await add_bot(games, person, session.id, SEARCHING_HERE)
    return session.id


async def test_a_searching_computer_player_is_asked_its_move_and_plays_it_to_the_end_of_the_match(
    games: LiveGames, players: list[Identity], clock: FakeClock, deadlines: MemoryDeadlineQueue
) -> None:
    thinking = Recorded(games)
    games = dataclasses.replace(games, thinking=thinking, bot_delay=0.5)
    game_id = await against_the_computer(games, players[0])
    for _ in range(500):
        view = await snapshot(games, game_id, players[0].user_id)
        if view["status"] == "finished":
            break
        if view.get("your_turn"):
            await act(games, game_id, players[0].user_id, legal_play(view))
        elif view["phase"] == "hand_end" and 0 not in view["acknowledged"]:
            await act(games, game_id, players[0].user_id, {"action": "ack"})
        else:
            clock.advance(games.bot_delay)
            assert await fire_due(games, deadlines) >= 1
    assert view["status"] == "finished"
    plays = [question for question, action in thinking.answered if action["action"] == "play"]
    assert plays and len(plays) % 20 == 0, "the computer player thought about each of its 20 cards a deal"
    assert {question.seat for question, _ in thinking.answered} == {1}
    versions = [question.version for question, _ in thinking.answered]
    assert versions == sorted(set(versions)), "each question was asked once, at a newer version each time"


async def test_an_answer_that_comes_twice_or_late_changes_nothing(
    games: LiveGames, players: list[Identity], clock: FakeClock, deadlines: MemoryDeadlineQueue
) -> None:
    thinking = Recorded(games)
    games = dataclasses.replace(games, thinking=thinking, bot_delay=0.5)
    game_id = await against_the_computer(games, players[0])
    while not thinking.answered:
        view = await snapshot(games, game_id, players[0].user_id)
        if view.get("your_turn"):
            await act(games, game_id, players[0].user_id, legal_play(view))
        else:
            clock.advance(games.bot_delay)
            await fire_due(games, deadlines)
    question, action = thinking.answered[0]
    version = (await snapshot(games, game_id, players[0].user_id))["version"]

    again = await transition(games, game_id, thought_move(games, question, action))
    assert again.step is None, "the same answer a second time is refused harmlessly"
    earlier = dataclasses.replace(question, version=question.version - 1)
    stale = await transition(games, game_id, thought_move(games, earlier, action))
    assert stale.step is None, "an answer to an earlier version is refused harmlessly"
    assert (await snapshot(games, game_id, players[0].user_id))["version"] == version


async def test_when_nothing_can_think_the_turn_deadline_plays_for_the_computer_player(
    games: LiveGames, players: list[Identity], clock: FakeClock, deadlines: MemoryDeadlineQueue
) -> None:
    games = dataclasses.replace(games, thinking=Unreachable(games.registry), bot_delay=0.5)
    game_id = await against_the_computer(games, players[0])
    view = await snapshot(games, game_id, players[0].user_id)
    if view.get("your_turn"):
        await act(games, game_id, players[0].user_id, legal_play(view))
    before = await snapshot(games, game_id, players[0].user_id)
    assert before["turn"] == 1, "the computer player is on turn"

    clock.advance(games.bot_delay)
    await fire_due(games, deadlines)
    assert (await snapshot(games, game_id, players[0].user_id))["version"] == before["version"]

    clock.advance(games.timeouts.turn)
    await fire_due(games, deadlines)
    after = await snapshot(games, game_id, players[0].user_id)
    assert after["version"] > before["version"], "the turn deadline played the computer player's card"
    assert after["turn"] == 0 or after["phase"] != "playing", "and the turn moved on"
