"""What only the Redis adapters promise: several processes on one server, and its failures.

Each "process" here is a separate adapter instance on the same keys, as in a
deployment with several workers.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest

from adapters.redis import RedisCommits, RedisDeadlineQueue, RedisNotifier, RedisSessionStore
from application.ports import ClaimedDeadline, Notification, ScheduledDeadline
from domain.session import Seat
from tests.contract import Timeline, create, new_session
from tests.contract.redis_factories import RedisSpace, redis_space

RECEIVE_TIMEOUT = 2.0
RECONNECT_TIMEOUT = 15.0


@pytest.fixture
async def space(timeline: Timeline) -> AsyncIterator[RedisSpace]:
    async with redis_space(timeline) as space:
        yield space


async def redis_now(space: RedisSpace) -> float:
    seconds, microseconds = await space.client.time()
    return float(seconds) + float(microseconds) / 1_000_000


async def receive(listener: AsyncIterator[Notification], timeout: float = RECEIVE_TIMEOUT) -> Notification:
    async with asyncio.timeout(timeout):
        return await anext(listener)


async def kill_pubsub_connections(space: RedisSpace) -> int:
    """Cut this test's pub/sub connections from the server side, as a network failure would."""
    clients = await space.client.client_list(_type="pubsub")
    ours = [entry["id"] for entry in clients if entry.get("name") == space.name]
    for client_id in ours:
        await space.client.client_kill_filter(_id=client_id)
    return len(ours)


# --- session store + commits --------------------------------------------------


async def test_a_writer_that_stalled_cannot_overwrite_the_state_another_process_committed_after_it(
    space: RedisSpace,
) -> None:
    slow_store = RedisSessionStore(space.client, space.keys, ttl_seconds=30)
    fast_store = RedisSessionStore(space.client, space.keys, ttl_seconds=30)
    slow_commits = RedisCommits(space.client, space.keys, ttl_seconds=30)
    fast_commits = RedisCommits(space.client, space.keys, ttl_seconds=30)
    session = new_session()
    assert await create(slow_commits, session)

    slow_read = await slow_store.get(session.id)
    assert slow_read is not None
    fast_read = await fast_store.get(session.id)
    assert fast_read is not None
    newer = fast_read.with_player(Seat("u-bob", "Bob"), now=session.created_at + 1)
    assert await fast_commits.commit(newer, fast_read.version, ())

    stale = slow_read.with_player(Seat("u-carol", "Carol"), now=session.created_at + 2)
    assert await slow_commits.commit(stale, slow_read.version, ()) is False

    assert await fast_store.get(session.id) == newer
    assert await slow_store.games_of("u-carol") == []


async def test_a_session_lives_under_the_documented_keys_with_its_ttl(space: RedisSpace) -> None:
    commits = RedisCommits(space.client, space.keys, ttl_seconds=30)
    session = new_session()
    assert await create(commits, session)
    prefix = space.keys.prefix

    assert await space.client.get(f"{prefix}:code:{session.join_code}") == session.id
    for key in (f"{prefix}:game:{session.id}", f"{prefix}:code:{session.join_code}"):
        assert 29_000 < await space.client.pttl(key) <= 30_000


# --- notifier -----------------------------------------------------------------


async def test_a_notification_published_by_one_process_reaches_the_listeners_of_another(
    space: RedisSpace,
) -> None:
    publisher = RedisNotifier(space.client, space.keys)
    subscriber = RedisNotifier(space.client, space.keys)
    try:
        listener = subscriber.listen()
        await subscriber.watch("g1")

        await publisher.publish("g1", 4)

        assert await receive(listener) == Notification("g1", 4)
    finally:
        await publisher.close()
        await subscriber.close()


async def test_after_the_pubsub_connection_drops_every_listener_resyncs_and_keeps_receiving(
    space: RedisSpace,
) -> None:
    notifier = RedisNotifier(space.client, space.keys)
    try:
        listeners = [notifier.listen(), notifier.listen()]
        await notifier.watch("g1")
        await notifier.publish("g1", 1)
        for listener in listeners:
            assert await receive(listener) == Notification("g1", 1)

        assert await kill_pubsub_connections(space) == 1
        await notifier.publish("g1", 2)  # published while reconnecting: may be lost

        for listener in listeners:
            while (note := await receive(listener, RECONNECT_TIMEOUT)) != Notification(None):
                assert note == Notification("g1", 2)
        await notifier.publish("g1", 3)
        for listener in listeners:
            while (note := await receive(listener)) != Notification("g1", 3):
                assert note == Notification("g1", 2)
    finally:
        await notifier.close()


# --- deadline queue -----------------------------------------------------------


async def test_a_deadline_is_never_claimed_before_redis_time_reaches_its_due_time(
    space: RedisSpace,
) -> None:
    queue = RedisDeadlineQueue(space.client, space.keys)
    due = await redis_now(space) + 0.3
    await queue.replace("g1", [ScheduledDeadline("g1", "turn-1", due)])

    claimed: list[ClaimedDeadline] = []
    while not claimed:
        claimed = await queue.claim_due(limit=10, lease_seconds=5)
        after = await redis_now(space)
        if not claimed:
            assert after < due + 0.2, "a due deadline was not claimable"
            await asyncio.sleep(0.005)

    assert after >= due
    assert [(c.game_id, c.token, c.due) for c in claimed] == [("g1", "turn-1", due)]


async def test_a_deadline_claimed_by_a_process_that_died_is_claimable_again_after_its_lease(
    space: RedisSpace,
) -> None:
    dead_worker = RedisDeadlineQueue(space.client, space.keys)
    live_worker = RedisDeadlineQueue(space.client, space.keys)
    due = await redis_now(space) - 1
    await live_worker.replace("g1", [ScheduledDeadline("g1", "turn-1", due)])

    [lost] = await dead_worker.claim_due(limit=10, lease_seconds=0.3)  # and never completes it
    assert await live_worker.claim_due(limit=10, lease_seconds=0.3) == []
    await asyncio.sleep(0.4)

    [again] = await live_worker.claim_due(limit=10, lease_seconds=5)
    assert (again.game_id, again.token, again.due) == ("g1", "turn-1", due)
    assert again.lease != lost.lease

    await dead_worker.complete(lost)  # a late completion by the old claimer changes nothing
    assert await live_worker.next_due() is not None
    await live_worker.complete(again)
    assert await live_worker.next_due() is None
    assert await space.client.exists(space.keys.deadline_members("g1")) == 0


async def test_replacing_deadlines_in_one_process_wakes_the_waiters_of_another(space: RedisSpace) -> None:
    scheduler = RedisDeadlineQueue(space.client, space.keys)
    worker = RedisDeadlineQueue(space.client, space.keys)
    try:
        waiter = asyncio.create_task(worker.wait(timeout=30))
        await asyncio.sleep(0.1)  # subscribed by then
        assert not waiter.done()

        await scheduler.replace("g1", [ScheduledDeadline("g1", "turn-1", await redis_now(space) + 60)])

        await asyncio.wait_for(waiter, timeout=RECEIVE_TIMEOUT)
    finally:
        await scheduler.close()
        await worker.close()


async def test_the_deadline_waiter_wakes_when_its_pubsub_connection_comes_back(space: RedisSpace) -> None:
    queue = RedisDeadlineQueue(space.client, space.keys)
    try:
        waiter = asyncio.create_task(queue.wait(timeout=60))
        await asyncio.sleep(0.1)  # subscribed by then
        assert not waiter.done()

        assert await kill_pubsub_connections(space) == 1

        await asyncio.wait_for(waiter, timeout=RECONNECT_TIMEOUT)
    finally:
        await queue.close()
