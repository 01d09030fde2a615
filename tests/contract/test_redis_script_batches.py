"""On one Redis server, the calls of a script made in one turn of the event loop go out as one
pipeline (``adapters.redis.script_batches``): each call still gets its own answer or error, a
script the server has not loaded is loaded, a caller cancelled in time is left out, and an
unreachable server answers every call ``StorageUnavailable``."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import cast

import pytest
import redis.asyncio as redis

from adapters.redis import connect
from adapters.redis.script_batches import ScriptBatches
from application.ports import StorageUnavailable
from tests.contract import Timeline
from tests.contract.redis_factories import RedisSpace, redis_space

# KEYS[1] is set to ARGV[1] (unless that is 'boom': then the call fails); the answer is ARGV[1].
BODY = """
if ARGV[1] == 'boom' then return redis.error_reply('boom') end
redis.call('SET', KEYS[1], ARGV[1], 'PX', 60000)
return ARGV[1]
"""


@pytest.fixture
async def space(timeline: Timeline) -> AsyncIterator[RedisSpace]:
    async with redis_space(timeline) as space:
        yield space


def batches_of(space: RedisSpace) -> ScriptBatches:
    client = cast("redis.Redis", space.client)
    # the test's own script (its prefix in a comment): no other test has loaded it
    return ScriptBatches(client, client.register_script(f"-- {space.name}\n{BODY}"))


async def connections(space: RedisSpace) -> int:
    listed = await space.client.client_list()
    return sum(1 for each in listed if each["name"] == space.name)


async def test_calls_of_one_turn_share_one_connection_and_each_gets_its_own_answer(space: RedisSpace) -> None:
    batches = batches_of(space)
    await batches(keys=[space.keys.prefix + ":warm"], args=["warm"])  # loads the script
    before = await connections(space)

    answers = await asyncio.gather(
        *(batches(keys=[f"{space.keys.prefix}:{n}"], args=[f"v{n}"]) for n in range(8))
    )

    assert answers == [f"v{n}" for n in range(8)]
    assert [await space.client.get(f"{space.keys.prefix}:{n}") for n in range(8)] == answers
    assert await connections(space) == before, "eight calls in one turn opened no connection of their own"


async def test_a_call_the_server_refuses_fails_alone(space: RedisSpace) -> None:
    batches = batches_of(space)
    keys = [f"{space.keys.prefix}:{n}" for n in range(3)]

    answers = await asyncio.gather(
        batches(keys=[keys[0]], args=["one"]),
        batches(keys=[keys[1]], args=["boom"]),
        batches(keys=[keys[2]], args=["three"]),
        return_exceptions=True,
    )

    assert answers[0] == "one" and answers[2] == "three"
    assert isinstance(answers[1], redis.ResponseError) and "boom" in str(answers[1])
    assert await space.client.get(keys[1]) is None


async def test_a_batch_of_a_script_the_server_never_loaded_is_run_all_the_same(space: RedisSpace) -> None:
    batches = batches_of(space)
    sha = batches._script.sha
    assert (await space.client.script_exists(sha)) == [False]

    answers = await asyncio.gather(
        *(batches(keys=[f"{space.keys.prefix}:{n}"], args=[f"v{n}"]) for n in range(4))
    )

    assert answers == ["v0", "v1", "v2", "v3"]
    assert (await space.client.script_exists(sha)) == [True]


async def test_a_caller_cancelled_before_its_batch_went_out_is_left_out_of_it(space: RedisSpace) -> None:
    batches = batches_of(space)
    kept = asyncio.create_task(batches(keys=[f"{space.keys.prefix}:kept"], args=["kept"]))
    dropped = asyncio.create_task(batches(keys=[f"{space.keys.prefix}:dropped"], args=["dropped"]))
    await asyncio.sleep(0)  # both have asked; their batch goes out a turn later
    dropped.cancel()

    assert await kept == "kept"
    with pytest.raises(asyncio.CancelledError):
        await dropped
    assert await space.client.get(f"{space.keys.prefix}:dropped") is None


async def test_the_calls_joining_a_cancelled_first_caller_go_out_without_it(space: RedisSpace) -> None:
    batches = batches_of(space)
    first, *others = (
        asyncio.create_task(batches(keys=[f"{space.keys.prefix}:{n}"], args=[f"v{n}"])) for n in range(3)
    )
    await asyncio.sleep(0)  # the first gathers the other two for its turn
    first.cancel()

    assert await asyncio.wait_for(asyncio.gather(*others), 10) == ["v1", "v2"]
    with pytest.raises(asyncio.CancelledError):
        await first
    assert await space.client.get(f"{space.keys.prefix}:0") is None


async def test_every_call_of_a_batch_answers_unavailable_when_redis_is_out_of_reach(
    timeline: Timeline,
) -> None:
    client = connect("redis://127.0.0.1:1/0", client_name="tavolo-test-unreachable")
    batches = ScriptBatches(client, client.register_script(BODY))
    try:
        answers = await asyncio.gather(
            *(batches(keys=[f"k{n}"], args=["v"]) for n in range(3)), return_exceptions=True
        )
    finally:
        await client.aclose()

    assert all(isinstance(answer, StorageUnavailable) for answer in answers)
