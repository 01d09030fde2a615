"""What only the Redis Cluster layout promises: one hash slot per game, games spread over the
masters, sharded notifications, the join code and user indexes kept beside the atomic commit.

Everything runs on this test process's private three-master cluster (``tests.cluster``), under a
key prefix of the test's own. The port contract suites run on it too (their ``[redis-cluster]``
cases); these are the facts of the layout itself.
"""

from __future__ import annotations

import asyncio
import uuid
from collections import Counter
from collections.abc import AsyncIterator, Callable, Iterator
from dataclasses import replace

import pytest
import redis as sync_redis
from redis.asyncio.cluster import RedisCluster

from adapters.redis import (
    RedisCommits,
    RedisDeadlineQueue,
    RedisGameStore,
    RedisLobbyNotices,
    RedisNotifier,
    RedisPresence,
)
from adapters.redis.connection import connect_cluster, learn_the_slot_map
from adapters.redis.keys import SHARDS
from application.ports import Connection, Notification, ScheduledDeadline
from domain.engine import Event
from domain.live_game import Seat
from domain.match_log import Logged
from tests.cluster import RedisClusterServers, shared_cluster
from tests.contract import Timeline, create, new_session
from tests.contract.redis_factories import RedisSpace, redis_space

RECEIVE_TIMEOUT = 2.0
RECONNECT_TIMEOUT = 15.0
GAMES = 48


@pytest.fixture
async def space(timeline: Timeline) -> AsyncIterator[RedisSpace]:
    async with redis_space(timeline, cluster=True) as space:
        yield space


@pytest.fixture
def servers(space: RedisSpace) -> RedisClusterServers:
    return shared_cluster()


@pytest.fixture
def nodes(servers: RedisClusterServers) -> Iterator[dict[int, sync_redis.Redis]]:
    """A plain client of each master, by port (no cluster routing: what that one node sees)."""
    clients = {port: servers.node_client(port) for port in servers.ports}
    yield clients
    for client in clients.values():
        client.close()


def cluster_client(space: RedisSpace) -> RedisCluster:
    assert isinstance(space.client, RedisCluster)
    return space.client


async def receive(listener: AsyncIterator[Notification], timeout: float = RECEIVE_TIMEOUT) -> Notification:
    async with asyncio.timeout(timeout):
        return await anext(listener)


def owner_port(space: RedisSpace, key: str) -> int:
    node = cluster_client(space).get_node_from_key(key)
    assert node is not None
    return int(node.port)


def slot(nodes: dict[int, sync_redis.Redis], key: str) -> int:
    """The slot of ``key`` as the server computes it (``CLUSTER KEYSLOT``)."""
    return int(next(iter(nodes.values())).execute_command("CLUSTER KEYSLOT", key))


def shard_subscribers(nodes: dict[int, sync_redis.Redis], channel: str) -> dict[int, int]:
    """``PUBSUB SHARDNUMSUB channel`` on each master, by port."""
    counts = {}
    for port, client in nodes.items():
        [(_, count)] = client.pubsub_shardnumsub(channel)
        counts[port] = int(count)
    return counts


async def until(condition: Callable[[], bool], timeout: float = RECEIVE_TIMEOUT) -> None:
    """Wait for ``condition`` (polled: it asks the servers)."""
    async with asyncio.timeout(timeout):
        while not condition():  # noqa: ASYNC110
            await asyncio.sleep(0.02)


# --- one slot per game -----------------------------------------------------------------------


async def test_every_key_and_the_channel_of_a_game_are_in_one_slot_with_its_shards_structures(
    space: RedisSpace, nodes: dict[int, sync_redis.Redis]
) -> None:
    keys = space.keys
    commits = RedisCommits(space.client, keys, ttl_seconds=30)
    presence = RedisPresence(space.client, keys)
    session = replace(new_session(), public=True)
    assert await create(commits, session)
    joined = session.with_player(Seat("u-bob", "Bob"), now=session.created_at + 1)
    due = [ScheduledDeadline(session.id, "turn", session.created_at + 60)]
    logged = Logged.acted(joined.version, joined.updated_at, 1, {"action": "sit"})
    assert await commits.commit(joined, session.version, due, logged)
    await presence.arrive(Connection(session.id, "u-alice", "c1"), lease_seconds=30)

    shard = keys.shard_of(session.id)
    game_keys = [
        keys.game(session.id),
        keys.game_log(session.id),
        keys.deadline_members(session.id),
        keys.presence(session.id),
        keys.deadlines(shard),
        keys.deadline_due(shard),
        keys.live_games(shard),
        keys.presence_leases(shard),
    ]
    assert all(await asyncio.gather(*(space.client.exists(key) for key in game_keys)))
    slots = {slot(nodes, key) for key in [*game_keys, keys.open_tables(shard), keys.events(session.id)]}
    assert len(slots) == 1, "a commit's script touches one slot, and may publish on the game's channel"
    assert keys.game(session.id).startswith(f"{{{keys.prefix}:s{shard}}}:")


async def test_the_games_spread_over_the_shards_and_every_master(
    space: RedisSpace, nodes: dict[int, sync_redis.Redis]
) -> None:
    commits = RedisCommits(space.client, space.keys, ttl_seconds=30)
    sessions = [new_session() for _ in range(GAMES)]

    assert all(await asyncio.gather(*(create(commits, session) for session in sessions)))

    shards = Counter(space.keys.shard_of(session.id) for session in sessions)
    assert len(shards) >= SHARDS // 2, shards
    holding: Counter[int] = Counter()
    for port, client in nodes.items():
        for _ in client.scan_iter(match=f"{{{space.keys.prefix}:s*}}:game:*", count=1000):
            holding[port] += 1
    assert sum(holding.values()) == GAMES
    assert set(holding) == set(nodes), f"every master holds some of the games: {holding}"


async def test_no_key_holds_every_games_deadlines_and_the_queue_claims_across_the_shards(
    space: RedisSpace, timeline: Timeline
) -> None:
    queue = RedisDeadlineQueue(space.client, space.keys)
    try:
        now = timeline.now()
        game_ids = [f"g{number}" for number in range(GAMES)]
        for number, game_id in enumerate(game_ids):
            await queue.replace(game_id, [ScheduledDeadline(game_id, "turn", now - GAMES + number)])

        sizes = [await space.client.zcard(space.keys.deadlines(shard)) for shard in space.keys.shards]
        assert sum(sizes) == GAMES
        assert max(sizes) < GAMES // 2 and sum(1 for size in sizes if size) >= SHARDS // 2, sizes
        assert await queue.next_due() == now - GAMES

        first = await queue.claim_due(10, lease_seconds=30)
        assert [entry.game_id for entry in first] == game_ids[:10], "earliest first, whatever the shard"
        rest = await queue.claim_due(GAMES, lease_seconds=30)
        assert sorted(entry.game_id for entry in rest) == sorted(game_ids[10:])
        assert await queue.claim_due(GAMES, lease_seconds=30) == []
    finally:
        await queue.close()


# --- sharded notifications -------------------------------------------------------------------


async def test_a_game_notification_goes_to_the_master_owning_its_slot_only(
    space: RedisSpace, nodes: dict[int, sync_redis.Redis]
) -> None:
    """Another process's notifier hears it; only the game's master counts the subscription, and
    no plain channel of that name has subscribers anywhere (so no PUBLISH floods the cluster)."""
    commits = RedisCommits(space.client, space.keys, ttl_seconds=30)
    other_process = RedisNotifier(space.client, space.keys)
    try:
        listener = other_process.listen()
        session = new_session()
        await other_process.watch(session.id)
        channel = space.keys.events(session.id)
        owner = owner_port(space, channel)

        assert shard_subscribers(nodes, channel) == {port: int(port == owner) for port in nodes}
        for client in nodes.values():
            assert client.pubsub_numsub(channel) == [(channel, 0)]
        assert await create(commits, session)
        note = await receive(listener)
        assert (note.game_id, note.version) == (session.id, session.version)
        assert note.envelope() == session

        await other_process.unwatch(session.id)
        await until(lambda: shard_subscribers(nodes, channel) == dict.fromkeys(nodes, 0))
    finally:
        await other_process.close()


async def test_presence_notices_travel_on_the_games_shard_channel(space: RedisSpace) -> None:
    notifier = RedisNotifier(space.client, space.keys)
    presence = RedisPresence(space.client, space.keys)
    try:
        listener = notifier.listen()
        await notifier.watch("g1")

        await presence.arrive(Connection("g1", "u-alice", "c1"), lease_seconds=30)

        assert await receive(listener) == Notification("g1", present=frozenset({"u-alice"}))
    finally:
        await notifier.close()


async def test_games_watched_on_every_master_are_all_heard(space: RedisSpace) -> None:
    notifier = RedisNotifier(space.client, space.keys)
    publisher = RedisNotifier(space.client, space.keys)
    try:
        listener = notifier.listen()
        game_ids = [f"g{number}" for number in range(24)]
        for game_id in game_ids:
            await notifier.watch(game_id)
        assert len({owner_port(space, space.keys.events(game_id)) for game_id in game_ids}) == 3

        for game_id in game_ids:
            await publisher.publish(game_id, 7)

        heard = {(await receive(listener)).game_id for _ in game_ids}
        assert heard == set(game_ids)
    finally:
        await notifier.close()
        await publisher.close()


async def test_after_a_shard_connection_drops_the_listeners_resync_and_keep_receiving(
    space: RedisSpace, nodes: dict[int, sync_redis.Redis]
) -> None:
    notifier = RedisNotifier(space.client, space.keys)
    try:
        listener = notifier.listen()
        await notifier.watch("g1")
        await notifier.publish("g1", 1)
        assert await receive(listener) == Notification("g1", 1)
        owner = nodes[owner_port(space, space.keys.events("g1"))]

        ours = [c["id"] for c in owner.client_list(_type="pubsub") if c.get("name") == space.name]
        assert len(ours) == 1
        owner.client_kill_filter(_id=ours[0])
        await notifier.publish("g1", 2)  # published while reconnecting: may be lost

        while (note := await receive(listener, RECONNECT_TIMEOUT)) != Notification(None):
            assert note == Notification("g1", 2)
        await notifier.publish("g1", 3)
        while (note := await receive(listener)) != Notification("g1", 3):
            assert note == Notification("g1", 2)
    finally:
        await notifier.close()


async def test_when_a_games_slot_moves_to_another_master_its_watchers_follow_and_resync(
    space: RedisSpace, nodes: dict[int, sync_redis.Redis]
) -> None:
    notifier = RedisNotifier(space.client, space.keys)
    publisher = RedisNotifier(space.client, space.keys)
    try:
        listener = notifier.listen()
        game_id = "moving"
        channel = space.keys.events(game_id)
        await notifier.watch(game_id)
        the_slot = slot(nodes, channel)
        source = owner_port(space, channel)
        target = next(port for port in nodes if port != source)
        assert not nodes[source].execute_command("CLUSTER GETKEYSINSLOT", the_slot, 10)
        target_id = nodes[target].execute_command("CLUSTER MYID")
        source_id = nodes[source].execute_command("CLUSTER MYID")

        nodes[target].execute_command("CLUSTER SETSLOT", the_slot, "IMPORTING", source_id)
        nodes[source].execute_command("CLUSTER SETSLOT", the_slot, "MIGRATING", target_id)
        for port in (target, source, *(p for p in nodes if p not in (source, target))):
            nodes[port].execute_command("CLUSTER SETSLOT", the_slot, "NODE", target_id)

        assert await receive(listener, RECONNECT_TIMEOUT) == Notification(None)
        moved = {port: int(port == target) for port in nodes}
        await until(lambda: shard_subscribers(nodes, channel) == moved)
        await publisher.publish(game_id, 5)
        while (note := await receive(listener)) != Notification(game_id, 5):
            assert note == Notification(None)
    finally:
        await notifier.close()
        await publisher.close()


async def test_after_a_plain_channels_connection_drops_the_lobby_is_told_and_the_waiter_wakes(
    space: RedisSpace, nodes: dict[int, sync_redis.Redis]
) -> None:
    """The cluster-wide channels (lobby notices, deadline wake-ups): one connection each, to some
    master; cut, it comes back, and its owner's listeners are told to look again."""
    commits = RedisCommits(space.client, space.keys, ttl_seconds=30)
    lobby = RedisLobbyNotices(space.client, space.keys)
    queue = RedisDeadlineQueue(space.client, space.keys)
    try:
        await lobby.start()
        listener = lobby.listen()
        waiter = asyncio.create_task(queue.wait(timeout=60))
        await asyncio.sleep(0.1)  # subscribed by then
        assert not waiter.done()

        killed = 0
        for client in nodes.values():
            for entry in client.client_list(_type="pubsub"):
                if entry.get("name") == space.name:
                    client.client_kill_filter(_id=entry["id"])
                    killed += 1
        assert killed == 2

        async with asyncio.timeout(RECONNECT_TIMEOUT):
            await anext(listener)  # the resync (or a notice that made it anyway)
        await asyncio.wait_for(waiter, timeout=RECONNECT_TIMEOUT)
        await until(lambda: any(c.pubsub_numsub(space.keys.lobby_events)[0][1] for c in nodes.values()))
        assert await create(commits, replace(new_session(), public=True))
        async with asyncio.timeout(RECEIVE_TIMEOUT):
            await anext(listener)
    finally:
        await lobby.close()
        await queue.close()


# --- the join code and the user indexes, beside the atomic commit ---------------------------


async def test_a_creation_reserves_its_code_first_and_gives_it_back_when_refused(space: RedisSpace) -> None:
    commits = RedisCommits(space.client, space.keys, ttl_seconds=30)
    store = RedisGameStore(space.client, space.keys, ttl_seconds=30)
    first = new_session()
    assert await create(commits, first)
    same_id = replace(new_session(), id=first.id)

    assert not await create(commits, same_id), "an id that exists"
    assert await space.client.get(space.keys.code(same_id.join_code)) is None, "its code given back"
    assert not await create(commits, new_session(join_code=first.join_code)), "a code in use"
    assert await store.find_by_code(first.join_code) == first


async def test_a_code_naming_no_game_reads_as_none_and_does_not_block_another_code(space: RedisSpace) -> None:
    """What a process that died between reserving a code and its commit leaves behind."""
    store = RedisGameStore(space.client, space.keys, ttl_seconds=30)
    await space.client.set(space.keys.code("ORPHAN"), "no-such-game", px=5_000)

    assert await store.find_by_code("ORPHAN") is None


async def test_the_code_and_user_indexes_follow_the_lobby_the_start_and_the_end_not_each_move(
    space: RedisSpace,
) -> None:
    commits = RedisCommits(space.client, space.keys, ttl_seconds=30, lobby_ttl_seconds=5)
    store = RedisGameStore(space.client, space.keys, ttl_seconds=30)
    lobby = new_session(seated=("u-alice", None))
    assert await create(commits, lobby)
    code, alice = space.keys.code(lobby.join_code), space.keys.user_games("u-alice")
    assert 4_000 < await space.client.pttl(code) <= 5_000
    joined = lobby.with_player(Seat("u-bob", "Bob"), now=lobby.created_at + 1)
    assert await commits.commit(joined, lobby.version, ())
    assert [game.id for game in await store.games_of("u-bob")] == [lobby.id]

    started = joined.started({"hands": []}, now=lobby.created_at + 2)
    assert await commits.commit(started, joined.version, (), started=True)
    assert 29_000 < await space.client.pttl(code) <= 30_000, "the match's start gives the code the game TTL"
    assert 29_000 < await space.client.pttl(alice) <= 30_000
    await space.client.pexpire(code, 20_000)
    await space.client.pexpire(alice, 20_000)

    moved = started.advanced({"hands": [1]}, now=lobby.created_at + 3, finished=False)
    assert await commits.commit(moved, started.version, ())
    assert await space.client.pttl(code) <= 20_000, "a move leaves the code alone"
    assert await space.client.pttl(alice) <= 20_000, "and the user indexes"

    handed = moved.with_seat_replaced(1, Seat("bot-1", "Bot", bot=True), now=lobby.created_at + 4)
    handed = replace(handed, events=(Event("handed_over", {"name": "Bot"}, seat=1),))
    assert await commits.commit(handed, moved.version, ())
    assert [game.id for game in await store.games_of("bot-1")] == [lobby.id]

    finished = handed.advanced({"hands": [2]}, now=lobby.created_at + 5, finished=True)
    assert await commits.commit(finished, handed.version, ())
    assert 29_000 < await space.client.pttl(alice) <= 30_000, "the end restarts the indexes' TTL"
    assert [game.id for game in await store.games_of("u-alice")] == [lobby.id]


async def first_commands(client: RedisCluster, channel: str, failures: Counter[str]) -> None:
    """What a starting process sends together: 30 writes and reads, and a sharded subscription;
    each failure counted by its kind."""
    keys = [f"{channel}-{index}" for index in range(30)]

    async def set_and_get(key: str) -> None:
        try:
            await client.set(key, key, ex=60)
            assert await client.get(key) == key
        except Exception as error:
            failures[f"{type(error).__name__}: {error}"] += 1

    async def subscribe() -> None:
        pubsub = client.pubsub()
        try:
            await pubsub.ssubscribe(channel)
        except Exception as error:
            failures[f"ssubscribe {type(error).__name__}: {error}"] += 1
        finally:
            await pubsub.aclose()

    await asyncio.gather(subscribe(), *(set_and_get(key) for key in keys))
    await client.delete(*keys)


async def test_a_starting_processs_first_commands_all_at_once_all_succeed(
    servers: RedisClusterServers,
) -> None:
    """A process starting on the cluster sends its first commands together (workers,
    subscriptions, requests). Left to learn the slot map on the first of them, a new client
    closed the connections the others were opening: a login answered 500. The server's client
    learns the map first (``learn_the_slot_map``), so none fails."""
    failures: Counter[str] = Counter()
    for _ in range(5):
        client = connect_cluster(servers.nodes, client_name="tavolo-test-start")
        try:
            await learn_the_slot_map(client)
            await first_commands(client, f"tavolo-test-start-{uuid.uuid4().hex}", failures)
        finally:
            await client.aclose()
    assert not failures, failures
