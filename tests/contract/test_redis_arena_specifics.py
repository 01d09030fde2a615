"""What only the Redis arena adapters promise (``RedisArenaLive``, ``RedisLeases``,
``RedisArenaNotices``): their keys, the keys' lifetimes, several processes on the same keys, and
Redis out of reach. Each test runs on one server and on the Redis Cluster (the cluster layout
puts an arena's keys, and a lease with its token counter, in one hash slot).

Each "process" here is a separate adapter instance on the same keys, as in a deployment with
several workers.
"""

from __future__ import annotations

import asyncio
import socket
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import pytest
from redis.asyncio.cluster import RedisCluster

from adapters.redis import RedisArenaLive, RedisArenaNotices, RedisLeases
from adapters.redis.connection import connect, connect_cluster, is_cluster
from adapters.redis.keys import RedisKeys
from adapters.redis.leases import TOKENS_TTL_SECONDS
from application.arenas.records import LiveScore, Pooled, Seating
from application.ports import StorageUnavailable
from tests.cluster import shared_cluster
from tests.contract import Timeline
from tests.contract.redis_factories import RedisSpace, redis_space

A = "arena-1"
T0 = 1_700_000_000.0
TTL = 30.0
RECEIVE_TIMEOUT = 2.0
RECONNECT_TIMEOUT = 15.0


@pytest.fixture(params=["redis", "redis-cluster"])
async def space(request: pytest.FixtureRequest, timeline: Timeline) -> AsyncIterator[RedisSpace]:
    async with redis_space(timeline, cluster=request.param == "redis-cluster") as space:
        yield space


def pooled(user: str, since: float = T0) -> Pooled:
    return Pooled(f"u-{user}", user.title(), 1500, since)


def table(game_id: str, *users: str) -> Seating:
    return Seating(A, game_id, tuple(f"u-{u}" for u in users), tuple(u.title() for u in users), (), T0 + 5)


async def fill(live: RedisArenaLive, *users: str) -> None:
    for i, user in enumerate(users):
        assert await live.wait(A, pooled(user, since=T0 + i))


async def every_write(live: RedisArenaLive) -> None:
    """One of each write, so that every key of the arena exists."""
    await fill(live, "anna", "bea", "carlo", "dario", "elio")
    assert await live.seat(A, [table("g1", "anna", "bea"), table("g2", "carlo", "dario")], fence=3)
    await live.unseat(A, "g2")
    await live.post(A, LiveScore("u-anna", 2, 1500, 1, on_fire=False))
    await live.touch(A, ["u-anna"], T0)
    await live.step_away(A, "u-carlo", "paused")


async def keys_left(space: RedisSpace) -> dict[str, int]:
    """Every key under the test's prefix (on a cluster, on every master) and its PTTL."""
    found: dict[str, int] = {}
    for pattern in space.keys.patterns():
        async for key in space.client.scan_iter(match=pattern, count=500):
            found[key] = int(await space.client.pttl(key))
    return found


def slot_of(space: RedisSpace, key: str) -> int:
    assert isinstance(space.client, RedisCluster)
    return int(space.client.keyslot(key))


# --- the arena's keys ----------------------------------------------------------


async def test_an_arena_lives_under_its_keys_each_with_the_arenas_ttl(space: RedisSpace) -> None:
    await every_write(RedisArenaLive(space.client, space.keys, ttl_seconds=TTL))

    left = await keys_left(space)

    assert sorted(left) == sorted(space.keys.arena_keys(A))
    assert all(TTL * 1000 - 2_000 < pttl <= TTL * 1000 for pttl in left.values()), left
    assert await space.client.get(space.keys.arena_fence(A)) == "3"


async def test_an_arenas_keys_share_its_hash_tag_on_a_cluster_and_are_plain_on_one_server(
    space: RedisSpace,
) -> None:
    keys = space.keys
    arena_keys = keys.arena_keys(A)

    if keys.cluster:
        assert all(key.startswith(f"{{{keys.prefix}:arena:{A}}}:") for key in arena_keys)
        assert len({slot_of(space, key) for key in arena_keys}) == 1
        others = {slot_of(space, keys.arena_pool(f"arena-{n}")) for n in range(20)}
        assert len(others) > 1, "the arenas spread over the slots"
    else:
        assert all(key.startswith(f"{keys.prefix}:arena:{A}:") for key in arena_keys)
        assert not any("{" in key for key in arena_keys)
    assert len(set(arena_keys)) == len(arena_keys)


async def test_any_write_gives_every_key_of_the_arena_its_ttl_again(space: RedisSpace) -> None:
    await every_write(RedisArenaLive(space.client, space.keys, ttl_seconds=5))
    later = RedisArenaLive(space.client, space.keys, ttl_seconds=TTL)  # another process, longer TTL

    await later.touch(A, ["u-bea"], T0 + 1)

    left = await keys_left(space)
    assert len(left) == len(space.keys.arena_keys(A))
    assert all(pttl > 5_000 for pttl in left.values()), left


async def test_an_arena_nobody_forgets_leaves_nothing_behind_once_its_ttl_ran_out(space: RedisSpace) -> None:
    await every_write(RedisArenaLive(space.client, space.keys, ttl_seconds=0.3))
    assert await keys_left(space)

    await asyncio.sleep(0.5)

    assert await keys_left(space) == {}


async def test_forgetting_an_arena_deletes_every_key_of_it_and_no_other_arenas(space: RedisSpace) -> None:
    live = RedisArenaLive(space.client, space.keys, ttl_seconds=TTL)
    await every_write(live)
    assert await live.wait("arena-2", Pooled("u-zoe", "Zoe", 1500, T0))

    await live.forget(A)

    assert sorted(await keys_left(space)) == [space.keys.arena_pool("arena-2")]


async def test_malformed_records_are_skipped(space: RedisSpace) -> None:
    live = RedisArenaLive(space.client, space.keys, ttl_seconds=TTL)
    await fill(live, "anna")
    await space.client.hset(space.keys.arena_pool(A), "u-bad", "{not json")
    await space.client.hset(space.keys.arena_scores(A), "u-bad", '{"user_id": "u-bad"}')
    await space.client.hset(space.keys.arena_seen(A), "u-bad", "yesterday")

    assert [p.user_id for p in await live.waiting(A)] == ["u-anna"]
    assert await live.scores(A) == {}
    assert await live.seen(A) == {}
    assert await live.post(A, LiveScore("u-bad", 0, None, 0, on_fire=False)), "a malformed score is replaced"


# --- several processes -----------------------------------------------------------


async def test_two_processes_seating_one_player_at_once_seat_them_at_one_table(space: RedisSpace) -> None:
    first = RedisArenaLive(space.client, space.keys, ttl_seconds=TTL)
    second = RedisArenaLive(space.client, space.keys, ttl_seconds=TTL)
    await fill(first, "anna", "bea", "carlo")

    seated = await asyncio.gather(
        first.seat(A, [table("g1", "anna", "bea")], fence=1),
        second.seat(A, [table("g2", "bea", "carlo")], fence=1),
    )

    assert sorted(seated) == [False, True]
    winner = table("g1", "anna", "bea") if seated[0] else table("g2", "bea", "carlo")
    assert await second.seatings(A) == [winner]
    assert await first.seating_of(A, "u-bea") == winner
    assert len(await first.waiting(A)) == 1


async def test_a_lease_taken_by_one_process_is_refused_to_another_until_it_lapses(space: RedisSpace) -> None:
    mine, theirs = RedisLeases(space.client, space.keys), RedisLeases(space.client, space.keys)

    first = await mine.acquire("arena:1", "worker-a", 0.3)
    assert first is not None
    assert await theirs.acquire("arena:1", "worker-b", 0.3) is None
    await asyncio.sleep(0.5)

    second = await theirs.acquire("arena:1", "worker-b", 0.3)
    assert second is not None and second > first


# --- the leases' keys ------------------------------------------------------------


async def test_a_lease_expires_with_its_ttl_and_its_token_counter_stays(space: RedisSpace) -> None:
    leases = RedisLeases(space.client, space.keys)
    lease, tokens = space.keys.lease("arena:1"), space.keys.lease_tokens("arena:1")

    token = await leases.acquire("arena:1", "worker:a", 0.3)  # a holder may hold a colon

    assert await space.client.get(lease) == f"{token}:worker:a"
    assert 0 < await space.client.pttl(lease) <= 300
    assert TOKENS_TTL_SECONDS * 1000 - 2_000 < await space.client.pttl(tokens) <= TOKENS_TTL_SECONDS * 1000
    assert await leases.acquire("arena:1", "worker:a", 0.3) == token
    await asyncio.sleep(0.5)
    assert await space.client.exists(lease) == 0
    assert await space.client.get(tokens) == str(token)
    assert all(pttl > 0 for pttl in (await keys_left(space)).values()), "no key without a TTL"


async def test_a_lease_and_its_token_counter_share_a_slot_on_a_cluster(space: RedisSpace) -> None:
    keys = space.keys
    lease, tokens = keys.lease("arena:1"), keys.lease_tokens("arena:1")

    assert lease != tokens
    if keys.cluster:
        assert lease.startswith(f"{{{keys.prefix}:lease:arena:1}}:")
        assert slot_of(space, lease) == slot_of(space, tokens)
    else:
        assert lease.startswith(f"{keys.prefix}:lease:arena:1:") and "{" not in lease + tokens


# --- notices ---------------------------------------------------------------------


async def kill_pubsub_connections(space: RedisSpace) -> int:
    """Cut this test's pub/sub connections from the server side (every master of a cluster)."""
    if is_cluster(space.client):
        servers = shared_cluster()
        clients = [servers.node_client(port) for port in servers.ports]
        killed = 0
        try:
            for client in clients:
                for entry in client.client_list(_type="pubsub"):
                    if entry.get("name") == space.name:
                        client.client_kill_filter(_id=entry["id"])
                        killed += 1
        finally:
            for client in clients:
                client.close()
        return killed
    entries = await space.client.client_list(_type="pubsub")
    ours = [entry["id"] for entry in entries if entry.get("name") == space.name]
    for client_id in ours:
        await space.client.client_kill_filter(_id=client_id)
    return len(ours)


async def next_arena(listener: AsyncIterator[str | None], timeout: float = RECEIVE_TIMEOUT) -> str | None:
    async with asyncio.timeout(timeout):
        return await anext(listener)


async def test_an_arena_announced_by_one_process_reaches_the_listeners_of_another(space: RedisSpace) -> None:
    announcer = RedisArenaNotices(space.client, space.keys)  # never subscribes: it only announces
    listening = RedisArenaNotices(space.client, space.keys)
    try:
        await listening.start()
        listener = listening.listen()

        await announcer.announce("arena-7")

        assert await next_arena(listener) == "arena-7"
    finally:
        await announcer.close()
        await listening.close()


async def test_after_the_pubsub_connection_drops_the_listeners_look_again_and_keep_hearing(
    space: RedisSpace,
) -> None:
    notices = RedisArenaNotices(space.client, space.keys)
    try:
        await notices.start()
        listener = notices.listen()
        assert await kill_pubsub_connections(space) == 1

        assert await next_arena(listener, RECONNECT_TIMEOUT) is None  # notices may have been lost

        async with asyncio.timeout(RECONNECT_TIMEOUT):
            while True:  # until the re-subscription is confirmed
                await notices.announce("arena-8")
                try:
                    heard = await next_arena(listener, 0.2)
                except TimeoutError:
                    continue
                if heard is not None:
                    break
        assert heard == "arena-8"
    finally:
        await notices.close()


# --- Redis out of reach ----------------------------------------------------------


def free_port() -> int:
    """A loopback port nobody listens on (bound once by us, then released)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@pytest.fixture(params=["server", "cluster"])
async def nowhere(request: pytest.FixtureRequest) -> AsyncIterator[Any]:
    client: Any
    if request.param == "cluster":
        client = connect_cluster([("127.0.0.1", free_port())], client_name="tavolo-test-nowhere")
    else:
        client = connect(f"redis://127.0.0.1:{free_port()}/0", client_name="tavolo-test-nowhere")
    try:
        yield client
    finally:
        await client.aclose()


async def outcome(call: Callable[[], Awaitable[Any]]) -> str:
    try:
        await asyncio.wait_for(call(), timeout=20)
    except StorageUnavailable:
        return "unavailable"
    except BaseException as error:
        return f"{type(error).__module__}.{type(error).__name__}: {error}"
    return "answered"


async def test_every_arena_adapter_call_answers_unavailable_when_redis_is_out_of_reach(nowhere: Any) -> None:
    keys = RedisKeys("tavolo-test-nowhere", cluster=is_cluster(nowhere))
    live, leases = RedisArenaLive(nowhere, keys), RedisLeases(nowhere, keys)
    notices = RedisArenaNotices(nowhere, keys)
    calls: dict[str, Callable[[], Awaitable[Any]]] = {
        "live.wait": lambda: live.wait(A, pooled("anna")),
        "live.leave_pool": lambda: live.leave_pool(A, "u-anna"),
        "live.waiting": lambda: live.waiting(A),
        "live.step_away": lambda: live.step_away(A, "u-anna", "paused"),
        "live.away": lambda: live.away(A),
        "live.seat": lambda: live.seat(A, [table("g1", "anna", "bea")], fence=1),
        "live.seatings": lambda: live.seatings(A),
        "live.seating_of": lambda: live.seating_of(A, "u-anna"),
        "live.unseat": lambda: live.unseat(A, "g1"),
        "live.post": lambda: live.post(A, LiveScore("u-anna", 2, None, 1, on_fire=False)),
        "live.scores": lambda: live.scores(A),
        "live.touch": lambda: live.touch(A, ["u-anna"], T0),
        "live.seen": lambda: live.seen(A),
        "live.forget": lambda: live.forget(A),
        "leases.acquire": lambda: leases.acquire("arena:1", "worker-a", 1.0),
        "leases.release": lambda: leases.release("arena:1", "worker-a"),
        "notices.announce": lambda: notices.announce(A),
        "notices.start": lambda: notices.start(),
    }
    try:
        outcomes = await asyncio.gather(*(outcome(call) for call in calls.values()))
    finally:
        await notices.close()

    assert dict(zip(calls, outcomes, strict=True)) == dict.fromkeys(calls, "unavailable")
