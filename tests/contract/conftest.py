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
   also runs as ``[redis]``.

The ``SessionStore`` is read-only (``Commits`` writes every session), so its
suite runs on ``commit_setup``: a store together with the commits that write it.

Time. A factory whose adapter takes a ``Clock`` gives it ``timeline.fake`` (the
``fake_clock`` fixture), and tests move it with the ``advance(seconds)``
fixture. An adapter that runs on real time (Redis TTLs) calls
``timeline.use_real_time(clock)`` in its factory; ``advance`` then becomes
``asyncio.sleep(seconds)`` and ``timeline.now()`` that real clock. Tests compute
due times from ``timeline.now()`` and only use the short lifetimes in
``tests.contract`` (``SESSION_TTL_SECONDS`` …), so they hold either way.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from typing import Any, TypeVar

import pytest

from adapters.memory.clock import FakeClock
from adapters.memory.commits import MemoryCommits
from adapters.memory.deadlines import MemoryDeadlineQueue
from adapters.memory.login_sessions import MemoryLoginSessions
from adapters.memory.notifier import MemoryNotifier
from adapters.memory.session_store import MemorySessionStore
from application.ports import DeadlineQueue, LoginSessions, Notifier
from tests.contract import (
    LOGIN_ABSOLUTE_SECONDS,
    LOGIN_IDLE_SECONDS,
    SESSION_TTL_SECONDS,
    Advance,
    CommitSetup,
    Timeline,
)
from tests.contract.redis_factories import (
    redis_commits,
    redis_deadline_queue,
    redis_login_sessions,
    redis_notifier,
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
    store = MemorySessionStore(timeline.fake, ttl_seconds=SESSION_TTL_SECONDS)
    deadlines, notifier = MemoryDeadlineQueue(timeline.fake), MemoryNotifier()
    yield CommitSetup(MemoryCommits(store, deadlines, notifier), store, deadlines, notifier)


# --- registries: name -> factory; the keys are the fixtures' params ----------

NOTIFIERS: dict[str, Factory[Notifier]] = {"memory": memory_notifier, "redis": redis_notifier}
DEADLINE_QUEUES: dict[str, Factory[DeadlineQueue]] = {
    "memory": memory_deadline_queue,
    "redis": redis_deadline_queue,
}
COMMITS: dict[str, Factory[CommitSetup]] = {"memory": memory_commits, "redis": redis_commits}
LOGIN_SESSIONS: dict[str, Factory[LoginSessions]] = {
    "memory": memory_login_sessions,
    "redis": redis_login_sessions,
}


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
