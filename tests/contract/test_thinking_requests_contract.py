"""The ``ThinkingRequests`` contract, for every adapter: questions for the ``computer-players``
service, taken once by a group of consumers, reclaimed from a consumer that stopped."""

from __future__ import annotations

from application.playing.thinking_requests import ThinkingRequest, ThinkingRequests
from tests.contract import Advance

IDLE = 0.3


def request(n: int) -> ThinkingRequest:
    return ThinkingRequest(f"game-{n}", f"bot:{n}")


async def test_a_request_asked_is_taken_by_one_consumer_only(thinking_requests: ThinkingRequests) -> None:
    await thinking_requests.ask(request(1))
    first = await thinking_requests.take("a", 10, 0.1)
    second = await thinking_requests.take("b", 10, 0.1)
    assert [taken.request for taken in first] == [request(1)]
    assert second == []


async def test_requests_are_taken_oldest_first_up_to_the_limit(thinking_requests: ThinkingRequests) -> None:
    for n in range(3):
        await thinking_requests.ask(request(n))
    first = await thinking_requests.take("a", 2, 0.1)
    rest = await thinking_requests.take("b", 2, 0.1)
    assert [taken.request for taken in first] == [request(0), request(1)]
    assert [taken.request for taken in rest] == [request(2)]


async def test_taking_from_an_empty_queue_gives_nothing_after_the_wait(
    thinking_requests: ThinkingRequests,
) -> None:
    assert await thinking_requests.take("a", 1, 0.05) == []


async def test_the_backlog_counts_requests_waiting_and_held_until_done(
    thinking_requests: ThinkingRequests,
) -> None:
    assert await thinking_requests.backlog() == 0
    await thinking_requests.ask(request(1))
    await thinking_requests.ask(request(2))
    assert await thinking_requests.backlog() == 2
    (taken,) = await thinking_requests.take("a", 1, 0.1)
    assert await thinking_requests.backlog() == 2
    await thinking_requests.done(taken)
    assert await thinking_requests.backlog() == 1


async def test_a_request_done_is_never_handed_out_again(
    thinking_requests: ThinkingRequests, advance: Advance
) -> None:
    await thinking_requests.ask(request(1))
    (taken,) = await thinking_requests.take("a", 1, 0.1)
    await thinking_requests.done(taken)
    await advance(IDLE + 0.1)
    assert await thinking_requests.reclaim("b", IDLE, 10) == []
    assert await thinking_requests.take("b", 10, 0.05) == []


async def test_a_request_held_too_long_is_reclaimed_by_another_consumer(
    thinking_requests: ThinkingRequests, advance: Advance
) -> None:
    await thinking_requests.ask(request(1))
    await thinking_requests.take("dies", 1, 0.1)
    await advance(IDLE + 0.1)
    reclaimed = await thinking_requests.reclaim("lives", IDLE, 10)
    assert [taken.request for taken in reclaimed] == [request(1)]
    await thinking_requests.done(reclaimed[0])
    assert await thinking_requests.backlog() == 0


async def test_a_request_held_briefly_is_not_reclaimed(thinking_requests: ThinkingRequests) -> None:
    await thinking_requests.ask(request(1))
    await thinking_requests.take("busy", 1, 0.1)
    assert await thinking_requests.reclaim("other", 30.0, 10) == []


async def test_a_reclaimed_request_is_held_afresh_by_its_new_consumer(
    thinking_requests: ThinkingRequests, advance: Advance
) -> None:
    await thinking_requests.ask(request(1))
    await thinking_requests.take("dies", 1, 0.1)
    await advance(IDLE + 0.1)
    assert len(await thinking_requests.reclaim("second", IDLE, 10)) == 1
    assert await thinking_requests.reclaim("third", IDLE, 10) == []


async def test_a_late_done_from_a_consumer_it_was_reclaimed_from_does_no_harm(
    thinking_requests: ThinkingRequests, advance: Advance
) -> None:
    await thinking_requests.ask(request(1))
    (slow,) = await thinking_requests.take("slow", 1, 0.1)
    await advance(IDLE + 0.1)
    (reclaimed,) = await thinking_requests.reclaim("quick", IDLE, 10)
    await thinking_requests.done(reclaimed)
    await thinking_requests.done(slow)
    assert await thinking_requests.backlog() == 0


async def test_a_waiting_take_gets_a_request_asked_meanwhile(thinking_requests: ThinkingRequests) -> None:
    import asyncio

    waiting = asyncio.ensure_future(thinking_requests.take("a", 1, 2.0))
    await asyncio.sleep(0.05)
    await thinking_requests.ask(request(7))
    taken = await asyncio.wait_for(waiting, 3.0)
    assert [t.request for t in taken] == [request(7)]
