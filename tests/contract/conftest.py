"""Fixtures of the port contract suites.

Every port fixture is parametrised over a registry of adapter *factories*, one
registry per port below (``NOTIFIERS``, ``COMMITS`` …). A factory is an async
context manager that receives the test's ``Timeline`` and yields a ready
adapter, cleaning up when the test ends.

How an adapter joins a suite (the Redis ones live in ``redis_factories.py``):

1. write a factory, e.g.::

       @asynccontextmanager
       async def redis_deadline_queue(timeline: Timeline) -> AsyncIterator[DeadlineQueue]:
           async with redis_space(timeline) as space:  # skips when Redis is unreachable,
               queue = RedisDeadlineQueue(space.client, space.keys)
               try:
                   yield queue
               finally:  # ... and deletes the test's keys when it ends
                   await queue.close()

2. add it to the registry: ``DEADLINE_QUEUES["redis"] = redis_deadline_queue``.
   The registry's keys are the fixture's params, so every test of the suite
   also runs as ``[redis]``. Every Redis factory also runs on a Redis Cluster
   (``cluster=True``): ``with_cluster`` adds it to a registry as
   ``redis-cluster``, so every suite that runs on Redis runs on the cluster
   too (``tests.cluster``: this test process's private cluster, started on
   first use and stopped when the session ends).

The ``GameStore`` is read-only (``Commits`` writes every session), so its
suite runs on ``commit_setup``: a store together with the commits that write it
(and the deadline queue, notifier and lobby notices they announce to). Likewise
``Presence`` announces on a notifier: ``presence_setup`` holds both.

Time. A factory whose adapter takes a ``Clock`` gives it ``timeline.fake`` (the
``fake_clock`` fixture), and tests move it with the ``advance(seconds)``
fixture. An adapter that runs on real time (Redis TTLs) calls
``timeline.use_real_time(clock)`` in its factory; ``advance`` then becomes
``asyncio.sleep(seconds)`` and ``timeline.now()`` that real clock. Tests compute
due times from ``timeline.now()`` and only use the short lifetimes in
``tests.contract`` (``SESSION_TTL_SECONDS`` …), so they hold either way.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from functools import partial
from typing import Any, TypeVar

import pytest

from adapters.memory.clock import FakeClock
from adapters.memory.commits import MemoryCommits
from adapters.memory.deadlines import MemoryDeadlineQueue
from adapters.memory.game_store import MemoryGameStore
from adapters.memory.lobby_notices import MemoryLobbyNotices
from adapters.memory.login_sessions import MemoryLoginSessions
from adapters.memory.match_pool import MemoryMatchPool
from adapters.memory.notifier import MemoryNotifier
from adapters.memory.presence import MemoryPresence
from adapters.memory.thinking_requests import MemoryThinkingRequests
from adapters.memory.worker_loads import MemoryWorkerLoads
from application.playing.thinking_requests import ThinkingRequests
from application.ports import DeadlineQueue, LoginSessions, MatchPool, Notifier, WorkerLoads
from tests.cluster import stop_shared_cluster
from tests.contract import (
    GAME_TTL_SECONDS,
    LOBBY_TTL_SECONDS,
    LOGIN_ABSOLUTE_SECONDS,
    LOGIN_IDLE_SECONDS,
    RECORDED_TTL_SECONDS,
    WORKER_REPORT_FRESH_SECONDS,
    Advance,
    CommitSetup,
    PresenceSetup,
    Timeline,
)
from tests.contract.arena_factories import ARENA_LIVES, ARENA_NOTICES, ARENA_REPOSITORIES, LEASES
from tests.contract.redis_factories import (
    redis_commits,
    redis_deadline_queue,
    redis_login_sessions,
    redis_match_pool,
    redis_notifier,
    redis_presence,
    redis_thinking_requests,
    redis_worker_loads,
)

T = TypeVar("T")
Factory = Callable[[Timeline], AbstractAsyncContextManager[T]]


# --- memory factories -------------------------------------------------------


@asynccontextmanager
async def memory_notifier(timeline: Timeline) -> AsyncIterator[Notifier]:
    yield MemoryNotifier()


@asynccontextmanager
async def memory_deadline_queue(timeline: Timeline) -> AsyncIterator[DeadlineQueue]:
    yield MemoryDeadlineQueue(timeline.fake)


@asynccontextmanager
async def memory_login_sessions(timeline: Timeline) -> AsyncIterator[LoginSessions]:
    yield MemoryLoginSessions(
        timeline.fake, idle_seconds=LOGIN_IDLE_SECONDS, absolute_seconds=LOGIN_ABSOLUTE_SECONDS
    )


@asynccontextmanager
async def memory_commits(timeline: Timeline) -> AsyncIterator[CommitSetup]:
    store = MemoryGameStore(
        timeline.fake,
        ttl_seconds=GAME_TTL_SECONDS,
        lobby_ttl_seconds=LOBBY_TTL_SECONDS,
        recorded_ttl_seconds=RECORDED_TTL_SECONDS,
    )
    deadlines, notifier, lobby = MemoryDeadlineQueue(timeline.fake), MemoryNotifier(), MemoryLobbyNotices()
    commits = MemoryCommits(store, deadlines, notifier, lobby)
    yield CommitSetup(commits, store, deadlines, notifier, lobby)


@asynccontextmanager
async def memory_presence(timeline: Timeline) -> AsyncIterator[PresenceSetup]:
    notifier = MemoryNotifier()
    yield PresenceSetup(MemoryPresence(timeline.fake, notifier), notifier)


@asynccontextmanager
async def memory_match_pool(timeline: Timeline) -> AsyncIterator[MatchPool]:
    yield MemoryMatchPool(timeline.fake)


@asynccontextmanager
async def memory_thinking_requests(timeline: Timeline) -> AsyncIterator[ThinkingRequests]:
    yield MemoryThinkingRequests(timeline.fake)


@asynccontextmanager
async def memory_worker_loads(timeline: Timeline) -> AsyncIterator[WorkerLoads]:
    yield MemoryWorkerLoads(timeline.fake, fresh_seconds=WORKER_REPORT_FRESH_SECONDS)


# --- registries: name -> factory; the keys are the fixtures' params ----------


def with_cluster(registry: dict[str, Any], redis_factory: Any) -> dict[str, Any]:
    """``registry`` with ``redis_factory`` as ``redis`` and, on the Redis Cluster, ``redis-cluster``."""
    return {**registry, "redis": redis_factory, "redis-cluster": partial(redis_factory, cluster=True)}


NOTIFIERS: dict[str, Factory[Notifier]] = with_cluster({"memory": memory_notifier}, redis_notifier)
DEADLINE_QUEUES: dict[str, Factory[DeadlineQueue]] = with_cluster(
    {"memory": memory_deadline_queue}, redis_deadline_queue
)
COMMITS: dict[str, Factory[CommitSetup]] = with_cluster({"memory": memory_commits}, redis_commits)
LOGIN_SESSIONS: dict[str, Factory[LoginSessions]] = with_cluster(
    {"memory": memory_login_sessions}, redis_login_sessions
)
PRESENCES: dict[str, Factory[PresenceSetup]] = with_cluster({"memory": memory_presence}, redis_presence)
MATCH_POOLS: dict[str, Factory[MatchPool]] = with_cluster({"memory": memory_match_pool}, redis_match_pool)
WORKER_LOADS: dict[str, Factory[WorkerLoads]] = with_cluster(
    {"memory": memory_worker_loads}, redis_worker_loads
)
THINKING_REQUESTS: dict[str, Factory[ThinkingRequests]] = with_cluster(
    {"memory": memory_thinking_requests}, redis_thinking_requests
)


@pytest.fixture(scope="session", autouse=True)
def _stop_the_cluster_at_the_end() -> Iterator[None]:
    """The private Redis Cluster (if a test started it) stops with the test session."""
    yield
    stop_shared_cluster()


# --- time -------------------------------------------------------------------


@pytest.fixture
def fake_clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def timeline(fake_clock: FakeClock) -> Timeline:
    return Timeline(fake_clock)


@pytest.fixture
def advance(timeline: Timeline) -> Advance:
    """``await advance(seconds)``: make ``seconds`` pass for the adapter under test.

    Moves the fake clock for clock-driven adapters; a real-time adapter (its
    factory called ``timeline.use_real_time``) gets ``asyncio.sleep`` instead.
    """
    return timeline.advance


# --- one fixture per port ---------------------------------------------------


def port_fixture(name: str, registry: dict[str, Factory[T]]) -> Any:
    """The fixture ``name``: each adapter of ``registry`` in turn (its params are the registry's keys)."""

    @pytest.fixture(name=name, params=list(registry))
    async def adapter(request: pytest.FixtureRequest, timeline: Timeline) -> AsyncIterator[T]:
        async with registry[request.param](timeline) as built:
            yield built

    return adapter


notifier = port_fixture("notifier", NOTIFIERS)
deadline_queue = port_fixture("deadline_queue", DEADLINE_QUEUES)
login_sessions = port_fixture("login_sessions", LOGIN_SESSIONS)
commit_setup = port_fixture("commit_setup", COMMITS)
presence_setup = port_fixture("presence_setup", PRESENCES)
match_pool = port_fixture("match_pool", MATCH_POOLS)
worker_loads = port_fixture("worker_loads", WORKER_LOADS)
thinking_requests = port_fixture("thinking_requests", THINKING_REQUESTS)
arena_repository = port_fixture("arena_repository", ARENA_REPOSITORIES)
arena_live = port_fixture("arena_live", ARENA_LIVES)
leases = port_fixture("leases", LEASES)
arena_notices = port_fixture("arena_notices", ARENA_NOTICES)
