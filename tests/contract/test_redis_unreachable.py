"""With Redis out of reach, every Redis adapter answers ``StorageUnavailable``: never a driver error.

The storage outage is a port-level fact the application and the edge know how
to answer (``503 unavailable``, an ``error`` frame), so no Redis exception may
escape an adapter. The client points at a port nobody listens on (``[cluster]``: a
Redis Cluster client whose seed nodes are such ports).
"""

from __future__ import annotations

import asyncio
import socket
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import pytest

from adapters.redis.commits import RedisCommits
from adapters.redis.connection import connect, connect_cluster, is_cluster
from adapters.redis.deadlines import RedisDeadlineQueue
from adapters.redis.game_store import RedisGameStore
from adapters.redis.keys import RedisKeys
from adapters.redis.login_sessions import RedisLoginSessions
from adapters.redis.notifier import RedisNotifier
from application.identity.caller import Identity
from application.ports import ClaimedDeadline, LoginAttempt, ScheduledDeadline, StorageUnavailable
from tests.contract import new_session


def free_port() -> int:
    """A loopback port nobody listens on (bound once by us, then released)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@pytest.fixture(params=["server", "cluster"])
async def nowhere(request: pytest.FixtureRequest) -> AsyncIterator[Any]:
    if request.param == "cluster":
        seeds = [("127.0.0.1", free_port()), ("127.0.0.1", free_port())]
        client: Any = connect_cluster(seeds, client_name="tavolo-test-nowhere")
    else:
        client = connect(f"redis://127.0.0.1:{free_port()}/0", client_name="tavolo-test-nowhere")
    try:
        yield client
    finally:
        await client.aclose()


def nowhere_keys(client: Any) -> RedisKeys:
    return RedisKeys("tavolo-test-nowhere", cluster=is_cluster(client))


def calls(client: Any) -> dict[str, Callable[[], Awaitable[Any]]]:
    keys = nowhere_keys(client)
    store = RedisGameStore(client, keys, ttl_seconds=60)
    commits = RedisCommits(client, keys, ttl_seconds=60)
    deadlines = RedisDeadlineQueue(client, keys)
    notifier = RedisNotifier(client, keys)
    logins = RedisLoginSessions(client, keys, idle_seconds=60, absolute_seconds=600)
    session = new_session()
    claimed = ClaimedDeadline(session.id, "turn", 0.0, "lease")
    attempt = LoginAttempt("state", "nonce", "verifier", "mock", "binding")
    return {
        "store.get": lambda: store.get(session.id),
        "store.find_by_code": lambda: store.find_by_code(session.join_code),
        "store.games_of": lambda: store.games_of("u-anna"),
        "store.count_live": lambda: store.count_live(),
        "store.open_tables": lambda: store.open_tables(10),
        "commits.commit": lambda: commits.commit(session, session.version, ()),
        "commits.commit(create)": lambda: commits.commit(session, 0, ()),
        "deadlines.replace": lambda: deadlines.replace(session.id, [ScheduledDeadline(session.id, "t", 1.0)]),
        "deadlines.claim_due": lambda: deadlines.claim_due(10, 5.0),
        "deadlines.complete": lambda: deadlines.complete(claimed),
        "deadlines.next_due": lambda: deadlines.next_due(),
        "deadlines.wait": lambda: deadlines.wait(30.0),
        "notifier.publish": lambda: notifier.publish(session.id, 2),
        "notifier.watch": lambda: notifier.watch(session.id),
        "logins.create": lambda: logins.create(Identity("guest:anna", "Anna")),
        "logins.get": lambda: logins.get("some-session"),
        "logins.delete": lambda: logins.delete("some-session"),
        "logins.count": lambda: logins.count(),
        "logins.begin_attempt": lambda: logins.begin_attempt(attempt, 60),
        "logins.take_attempt": lambda: logins.take_attempt("state"),
    }


async def outcome(call: Callable[[], Awaitable[Any]]) -> str:
    try:
        await asyncio.wait_for(call(), timeout=20)
    except StorageUnavailable:
        return "unavailable"
    except BaseException as error:
        return f"{type(error).__module__}.{type(error).__name__}: {error}"
    return "answered"


async def test_every_redis_adapter_call_answers_unavailable_when_redis_is_out_of_reach(nowhere: Any) -> None:
    table = calls(nowhere)
    outcomes = await asyncio.gather(*(outcome(call) for call in table.values()))
    assert dict(zip(table, outcomes, strict=True)) == dict.fromkeys(table, "unavailable")


async def test_a_watch_that_failed_while_redis_was_down_subscribes_on_the_next_try(nowhere: Any) -> None:
    notifier = RedisNotifier(nowhere, nowhere_keys(nowhere))
    with pytest.raises(StorageUnavailable):
        await notifier.watch("g-1")
    with pytest.raises(StorageUnavailable):  # tried again, not taken as already watched
        await notifier.watch("g-1")
    await notifier.close()
