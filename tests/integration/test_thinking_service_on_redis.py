"""The ``computer-players`` service's answers on Redis, as a server wires them: the same request
answered twice at once moves the computer player once, and an answer for a version the game has
left is refused; the web worker's deadline only hands the question over the stream."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from dataclasses import replace

import pytest_asyncio

from adapters.memory.clock import FakeClock
from application.finding.lobby import create_game
from application.identity.caller import Identity
from application.playing.computer_players import add_bot, next_move
from application.playing.live_games import LiveGames
from application.playing.play import act
from application.playing.queries import snapshot
from application.playing.schedule import bot_token
from application.playing.thinking_requests import ThinkingRequest, ThinkingRequests
from application.playing.thinking_service import answer_request
from application.playing.transition import transition
from entrypoints.container import Container
from tests.contract import Timeline
from tests.contract.redis_factories import redis_space, redis_url
from tests.integration.players import first_legal_move
from tests.integration.server import server_settings

PERSON = Identity("user:persona", "Persona")


@pytest_asyncio.fixture
async def on_redis() -> AsyncIterator[tuple[LiveGames, ThinkingRequests]]:
    """A server's live games on Redis with ``THINKING_SERVICE`` on, under a prefix of its own
    (removed afterwards), and the stream its questions go to."""
    async with redis_space(Timeline(FakeClock())) as space:
        settings = server_settings(
            redis_url=redis_url(), redis_key_prefix=space.keys.prefix, thinking_service=True
        )
        container = Container(settings=settings)
        try:
            games = await container.games.async_()
            live = await container.live.async_()
            yield games, live.thinking_requests
        finally:
            closing = container.shutdown_resources()
            if closing is not None:
                await closing


async def hard_on_turn(games: LiveGames) -> str:
    session = await create_game(games, PERSON, "briscola", {})
    session = await add_bot(games, PERSON, session.id, "hard")
    view = await snapshot(games, session.id, PERSON.user_id)
    if view.get("your_turn"):
        await act(games, session.id, PERSON.user_id, first_legal_move(view))
    return session.id


async def version_of(games: LiveGames, game_id: str) -> int:
    return int((await snapshot(games, game_id, PERSON.user_id))["version"])


async def test_the_same_request_answered_twice_at_once_moves_the_computer_once(
    on_redis: tuple[LiveGames, ThinkingRequests],
) -> None:
    games, _ = on_redis
    service_side = replace(games, thinking=None, thinking_requests=None)
    game_id = await hard_on_turn(games)
    version = await version_of(games, game_id)
    request = ThinkingRequest(game_id, bot_token(version))
    answered = await asyncio.gather(
        answer_request(service_side, request), answer_request(service_side, request)
    )
    assert sorted(answered) == [False, True]
    assert await version_of(games, game_id) == version + 1


async def test_an_answer_for_an_earlier_version_is_refused(
    on_redis: tuple[LiveGames, ThinkingRequests],
) -> None:
    games, _ = on_redis
    service_side = replace(games, thinking=None, thinking_requests=None)
    game_id = await hard_on_turn(games)
    version = await version_of(games, game_id)
    assert await answer_request(service_side, ThinkingRequest(game_id, bot_token(version))) is True
    moved = await version_of(games, game_id)
    assert await answer_request(service_side, ThinkingRequest(game_id, bot_token(version))) is False
    assert await version_of(games, game_id) == moved


async def test_a_web_workers_deadline_hands_the_question_over_the_stream(
    on_redis: tuple[LiveGames, ThinkingRequests],
) -> None:
    games, requests = on_redis
    game_id = await hard_on_turn(games)
    version = await version_of(games, game_id)
    await transition(games, game_id, await next_move(games, game_id, bot_token(version)))
    assert await version_of(games, game_id) == version, "the web worker did not think"
    (taken,) = await requests.take("test", 1, 1.0)
    assert taken.request == ThinkingRequest(game_id, bot_token(version))
