"""With the ``computer-players`` service, a web worker only hands over the question of a searching
computer player, and a consumer of the service answers it through the transition: a request that
comes twice, or after its game moved on, changes nothing; one held by a consumer that stopped is
answered by another."""

from __future__ import annotations

import asyncio
import dataclasses

import pytest

from adapters.memory.clock import FakeClock
from adapters.memory.deadlines import MemoryDeadlineQueue
from adapters.memory.thinking_requests import MemoryThinkingRequests
from application.finding.lobby import create_game
from application.identity.caller import Identity
from application.playing.computer_players import add_bot
from application.playing.deadline_worker import fire_due
from application.playing.live_games import LiveGames
from application.playing.play import act
from application.playing.queries import snapshot
from application.playing.thinking_requests import ThinkingRequest
from application.playing.thinking_service import ThinkingService, answer_request
from domain import registry
from tests.unit.application.helpers import legal_play

SEARCHING_HERE = "normal"
"""The level these tests send away to think (the searching levels are, in the server)."""
RECLAIM = 5.0


@pytest.fixture(autouse=True)
def normal_searches(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registry, "SEARCHING", frozenset({SEARCHING_HERE}))


@pytest.fixture
def requests(clock: FakeClock) -> MemoryThinkingRequests:
    return MemoryThinkingRequests(clock)


@pytest.fixture
def web(games: LiveGames, requests: MemoryThinkingRequests) -> LiveGames:
    """The games as a web worker sees them: searching players' questions go to the service."""
    return dataclasses.replace(games, thinking_requests=requests, bot_delay=0.5)


def service(games: LiveGames, requests: MemoryThinkingRequests, name: str) -> ThinkingService:
    return ThinkingService(games, requests, name, RECLAIM, wait_seconds=0)


async def computer_on_turn(web: LiveGames, person: Identity) -> str:
    """A briscola table against a searching computer player, which is now on turn."""
    session = await create_game(web, person, "briscola", {})
    session = await add_bot(web, person, session.id, SEARCHING_HERE)
    view = await snapshot(web, session.id, person.user_id)
    if view.get("your_turn"):
        await act(web, session.id, person.user_id, legal_play(view))
    return session.id


async def test_the_web_worker_asks_the_service_and_the_service_moves_the_computer_player(
    web: LiveGames,
    requests: MemoryThinkingRequests,
    players: list[Identity],
    clock: FakeClock,
    deadlines: MemoryDeadlineQueue,
) -> None:
    game_id = await computer_on_turn(web, players[0])
    before = await snapshot(web, game_id, players[0].user_id)
    clock.advance(web.bot_delay)
    await fire_due(web, deadlines)
    assert (await snapshot(web, game_id, players[0].user_id))["version"] == before["version"]
    assert await requests.backlog() == 1, "the web worker only handed the question over"

    assert await service(web, requests, "c1").serve_once() == 1
    after = await snapshot(web, game_id, players[0].user_id)
    assert after["version"] > before["version"] and after["turn"] != 1
    assert await requests.backlog() == 0


async def test_a_request_that_comes_twice_is_answered_once(
    web: LiveGames,
    requests: MemoryThinkingRequests,
    players: list[Identity],
    clock: FakeClock,
    deadlines: MemoryDeadlineQueue,
) -> None:
    game_id = await computer_on_turn(web, players[0])
    clock.advance(web.bot_delay)
    await fire_due(web, deadlines)
    (taken,) = await requests.take("peek", 1, 0)
    await requests.done(taken)
    assert await answer_request(web, taken.request) is True
    version = (await snapshot(web, game_id, players[0].user_id))["version"]
    assert await answer_request(web, taken.request) is False, "the second answer is refused"
    assert (await snapshot(web, game_id, players[0].user_id))["version"] == version


async def test_a_request_from_an_earlier_version_is_refused(
    web: LiveGames, players: list[Identity], clock: FakeClock, deadlines: MemoryDeadlineQueue
) -> None:
    game_id = await computer_on_turn(web, players[0])
    version = (await snapshot(web, game_id, players[0].user_id))["version"]
    stale = ThinkingRequest(game_id, f"bot:{version - 1}")
    assert await answer_request(web, stale) is False
    assert (await snapshot(web, game_id, players[0].user_id))["version"] == version


async def test_a_request_held_by_a_consumer_that_stopped_is_answered_by_another(
    web: LiveGames,
    requests: MemoryThinkingRequests,
    players: list[Identity],
    clock: FakeClock,
    deadlines: MemoryDeadlineQueue,
) -> None:
    game_id = await computer_on_turn(web, players[0])
    clock.advance(web.bot_delay)
    await fire_due(web, deadlines)
    assert len(await requests.take("died", 1, 0)) == 1, "a consumer took it, then died"
    version = (await snapshot(web, game_id, players[0].user_id))["version"]

    survivor = service(web, requests, "survivor")
    assert await survivor.serve_once() == 0, "not before the dead consumer held it long enough"
    clock.advance(RECLAIM)
    assert await survivor.serve_once() == 1
    assert (await snapshot(web, game_id, players[0].user_id))["version"] > version
    assert await requests.backlog() == 0


async def test_a_match_against_the_computer_finishes_with_every_move_through_the_service(
    web: LiveGames,
    requests: MemoryThinkingRequests,
    players: list[Identity],
    clock: FakeClock,
    deadlines: MemoryDeadlineQueue,
) -> None:
    game_id = await computer_on_turn(web, players[0])
    consumer = service(web, requests, "c1")
    for _ in range(2000):
        view = await snapshot(web, game_id, players[0].user_id)
        if view["status"] == "finished":
            break
        if view.get("your_turn"):
            await act(web, game_id, players[0].user_id, legal_play(view))
        elif view["phase"] == "hand_end" and 0 not in view["acknowledged"]:
            await act(web, game_id, players[0].user_id, {"action": "ack"})
        elif await consumer.serve_once() == 0:
            clock.advance(web.bot_delay)
            await fire_due(web, deadlines)
    assert view["status"] == "finished"


async def test_the_service_stops_when_asked(web: LiveGames, requests: MemoryThinkingRequests) -> None:
    stopping = asyncio.Event()
    running = asyncio.ensure_future(ThinkingService(web, requests, "c1", RECLAIM, 0.01).run(stopping))
    await asyncio.sleep(0.05)
    stopping.set()
    await asyncio.wait_for(running, 1.0)
