"""What only the Redis adapters promise: several processes on one server, and its failures.

Each "process" here is a separate adapter instance on the same keys, as in a
deployment with several workers.
"""

from __future__ import annotations

import asyncio
import json
import math
from collections.abc import AsyncIterator
from dataclasses import replace

import pytest
from redis.asyncio.client import PubSub

from adapters.redis import (
    RedisCommits,
    RedisDeadlineQueue,
    RedisGameStore,
    RedisLobbyNotices,
    RedisMatchPool,
    RedisNotifier,
    RedisPresence,
)
from adapters.redis.codec import decode_logged
from adapters.redis.presence import RENEW_CHUNK
from application.ports import ClaimedDeadline, Connection, Notification, ScheduledDeadline
from domain.live_game import Seat
from domain.match_log import Logged
from domain.matchmaking import Group, Seeker
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


async def told(listener: AsyncIterator[None], timeout: float = RECEIVE_TIMEOUT) -> None:
    async with asyncio.timeout(timeout):
        await anext(listener)


async def published(pubsub: PubSub, count: int) -> list[str]:
    """The next ``count`` messages on ``pubsub``'s channels, as published."""
    data: list[str] = []
    async with asyncio.timeout(RECEIVE_TIMEOUT):
        while len(data) < count:
            message = await pubsub.get_message(ignore_subscribe_messages=True, timeout=0.1)
            if message is not None:
                data.append(message["data"])
    return data


async def until_subscribed(space: RedisSpace, channel: str, timeout: float = RECEIVE_TIMEOUT) -> None:
    """Wait until some connection subscribes to ``channel`` (as Redis counts them)."""
    async with asyncio.timeout(timeout):
        while True:
            [(_, count)] = await space.client.pubsub_numsub(channel)
            if count:
                return
            await asyncio.sleep(0.01)


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
    slow_store = RedisGameStore(space.client, space.keys, ttl_seconds=30)
    fast_store = RedisGameStore(space.client, space.keys, ttl_seconds=30)
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


async def test_a_lobby_lives_for_the_lobby_ttl_a_started_game_for_the_game_ttl(space: RedisSpace) -> None:
    commits = RedisCommits(space.client, space.keys, ttl_seconds=30, lobby_ttl_seconds=5)
    playing = new_session(seated=("u-alice", None))
    assert await create(commits, playing)
    started = playing.started({"hands": []}, now=playing.created_at + 1)
    assert await commits.commit(started, playing.version, (), started=True)
    lobby = new_session(seated=("u-alice", None))

    assert await create(commits, lobby)

    for key in (space.keys.game(lobby.id), space.keys.code(lobby.join_code)):
        assert 4_000 < await space.client.pttl(key) <= 5_000
    for key in (space.keys.game(started.id), space.keys.code(started.join_code)):
        assert 29_000 < await space.client.pttl(key) <= 30_000
    # the user's index outlives their longest-lived game: the lobby did not cut it short
    assert 29_000 < await space.client.pttl(space.keys.user_games("u-alice")) <= 30_000


async def test_a_lobby_ttl_longer_than_the_game_ttl_is_the_game_ttl(space: RedisSpace) -> None:
    commits = RedisCommits(space.client, space.keys, ttl_seconds=30, lobby_ttl_seconds=600)
    lobby = new_session()

    assert await create(commits, lobby)

    assert 29_000 < await space.client.pttl(space.keys.game(lobby.id)) <= 30_000


async def test_the_open_tables_index_holds_the_listed_tables_by_when_they_expire(space: RedisSpace) -> None:
    commits = RedisCommits(space.client, space.keys, ttl_seconds=30, lobby_ttl_seconds=5)
    table = replace(new_session(seated=("u-alice", None)), public=True)
    private = new_session()
    before_ms = math.floor(await redis_now(space) * 1000)

    assert await create(commits, table)
    assert await create(commits, private)

    assert await space.client.zrange(f"{space.keys.prefix}:games:open", 0, -1) == [table.id]
    score = await space.client.zscore(space.keys.open_tables(), table.id)
    assert score is not None and before_ms + 5_000 <= score < before_ms + 6_000
    full = table.with_player(Seat("u-bob", "Bob"), now=table.created_at + 1)
    assert await commits.commit(full, table.version, ())
    assert await space.client.zcard(space.keys.open_tables()) == 0


async def test_a_lobby_notice_from_one_process_reaches_a_listener_that_subscribed_on_its_own(
    space: RedisSpace,
) -> None:
    commits = RedisCommits(space.client, space.keys, ttl_seconds=30)
    lobby = RedisLobbyNotices(space.client, space.keys)  # another process's, never start()-ed
    try:
        listener = lobby.listen()
        first = asyncio.create_task(told(listener))  # listen() began subscribing; this waits for it
        await until_subscribed(space, space.keys.lobby_events)

        assert await create(commits, replace(new_session(), public=True))

        await first
    finally:
        await lobby.close()


async def test_after_the_pubsub_connection_drops_the_lobby_is_told_to_look_again(space: RedisSpace) -> None:
    commits = RedisCommits(space.client, space.keys, ttl_seconds=30)
    lobby = RedisLobbyNotices(space.client, space.keys)
    try:
        await lobby.start()
        listener = lobby.listen()
        assert await kill_pubsub_connections(space) == 1

        await told(listener, RECONNECT_TIMEOUT)  # the resync (or a notice that made it anyway)

        await until_subscribed(space, space.keys.lobby_events, RECONNECT_TIMEOUT)
        assert await create(commits, replace(new_session(), public=True))
        await told(listener)
    finally:
        await lobby.close()


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


async def test_malformed_presence_notices_are_ignored(space: RedisSpace) -> None:
    notifier = RedisNotifier(space.client, space.keys)
    try:
        listener = notifier.listen()
        await notifier.watch("g1")
        channel = space.keys.events("g1")

        for malformed in ("p", "p[", 'p{"u":1}', "p[1, 2]", "pnull", "x"):
            await space.client.publish(channel, malformed)
        await space.client.publish(channel, 'p["u-alice","u-bob"]')

        assert await receive(listener) == Notification("g1", present=frozenset({"u-alice", "u-bob"}))
    finally:
        await notifier.close()


async def test_a_move_is_announced_by_its_log_entry_alone_and_a_seating_change_by_its_envelope(
    space: RedisSpace,
) -> None:
    commits = RedisCommits(space.client, space.keys)
    lobby = new_session()
    pubsub = space.client.pubsub()
    try:
        await pubsub.subscribe(space.keys.events(lobby.id))
        assert await create(commits, lobby)
        joined = lobby.with_player(Seat("u-bob", "Bob"), now=lobby.created_at + 1)
        assert await commits.commit(joined, lobby.version, [])
        played = joined.advanced({"big": ["01D"] * 400}, now=joined.updated_at + 1.5, finished=False)
        move = Logged.acted(played.version, played.updated_at, 0, {"type": "play", "card": "01D"})
        assert await commits.commit(played, joined.version, [], move)

        data = await published(pubsub, 3)
        assert [json.loads(entry)["version"] for entry in data[:2]] == [lobby.version, joined.version]
        assert data[2][0] == "d" and len(data[2]) < 100
        assert decode_logged(data[2][1:]) == move
    finally:
        await pubsub.aclose()


async def test_malformed_change_announcements_are_ignored(space: RedisSpace) -> None:
    notifier = RedisNotifier(space.client, space.keys)
    try:
        listener = notifier.listen()
        await notifier.watch("g1")
        channel = space.keys.events("g1")
        move = Logged.fired(5, 1_700_000_000.25, "turn:4")

        for malformed in ("d", "d{", 'd{"kind":"nap","version":5,"time":1}', "d[]", 'd{"version":5}'):
            await space.client.publish(channel, malformed)
        await space.client.publish(channel, "d" + json.dumps(move.dump()))

        note = await receive(listener)
        assert (note, note.logged) == (Notification("g1", 5), move)
    finally:
        await notifier.close()


# --- presence -----------------------------------------------------------------


async def test_a_presence_notice_is_a_p_then_the_json_array_of_the_users(space: RedisSpace) -> None:
    presence = RedisPresence(space.client, space.keys)
    pubsub = space.client.pubsub()
    try:
        await pubsub.subscribe(space.keys.events("g1"))
        await presence.arrive(Connection("g1", "u-élise/1", "c1"), 30)
        await presence.depart(Connection("g1", "u-élise/1", "c1"))

        data = await published(pubsub, 2)
        assert [entry[0] for entry in data] == ["p", "p"]
        assert [json.loads(entry[1:]) for entry in data] == [["u-élise/1"], []]
    finally:
        await pubsub.aclose()


async def test_renewing_more_connections_than_one_script_takes_renews_every_one(space: RedisSpace) -> None:
    presence = RedisPresence(space.client, space.keys)
    connections = [Connection(f"g{n % 3}", f"u-{n}", f"c-{n}") for n in range(RENEW_CHUNK * 2 + 7)]
    await asyncio.gather(*(presence.arrive(connection, 5) for connection in connections))

    await presence.renew(connections, 60)

    later_ms = (await redis_now(space) + 30) * 1000
    assert await space.client.zcount(space.keys.presence_leases(), later_ms, "+inf") == len(connections)
    for game in ("g0", "g1", "g2"):
        held = sum(1 for connection in connections if connection.game_id == game)
        assert await space.client.zcount(space.keys.presence(game), later_ms, "+inf") == held


async def test_expire_leaves_no_trace_of_the_lapsed_connections(space: RedisSpace) -> None:
    presence = RedisPresence(space.client, space.keys)
    await presence.arrive(Connection("g1", "u-alice", "c1"), 0.1)
    await presence.arrive(Connection("g2", "u-bob", "c2"), 0.1)
    await asyncio.sleep(0.2)

    assert await presence.expire() == 2

    assert await space.client.exists(space.keys.presence_leases(), space.keys.presence("g1")) == 0


async def test_a_lapsed_connection_renewed_before_expire_stays_gone(space: RedisSpace) -> None:
    presence = RedisPresence(space.client, space.keys)
    connection = Connection("g1", "u-alice", "c1")
    await presence.arrive(connection, 0.1)
    await asyncio.sleep(0.2)

    await presence.renew([connection], 30)

    assert await presence.here("g1") == frozenset()
    assert await presence.expire() == 1


# --- match pool ---------------------------------------------------------------


async def test_lapsed_seekers_are_cleaned_from_the_pool_when_it_is_read(space: RedisSpace) -> None:
    pool = RedisMatchPool(space.client, space.keys)
    await pool.join(Seeker("u-alice", "Alice", "briscola", 1500, 1.0), 0.1)
    await pool.join(Seeker("u-bob", "Bob", "scopa", 1500, 1.0), 0.1)
    await asyncio.sleep(0.2)

    assert await pool.queues() == []

    for key in (
        space.keys.pool_seekers("briscola"),
        space.keys.pool_leases("briscola"),
        space.keys.pool_seekers("scopa"),
        space.keys.pool_queues,
        space.keys.pool_waits("u-alice"),
    ):
        assert await space.client.exists(key) == 0, key


async def test_an_assignment_lives_under_the_users_key_for_its_ttl(space: RedisSpace) -> None:
    pool = RedisMatchPool(space.client, space.keys)
    alice = Seeker("u-alice", "Alice", "briscola", 1500, 1.0)
    await pool.join(alice, 30)
    assert await pool.claim(Group("t-1", "briscola", (alice,), computers=1, formed=2.0), 20)

    assert 19_000 < await space.client.pttl(space.keys.pool_assignment("u-alice")) <= 20_000
    assert await space.client.exists(space.keys.pool_waits("u-alice")) == 0


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
