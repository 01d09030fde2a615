"""Use cases over the in-memory adapters and a fake clock."""

from __future__ import annotations

import random

import pytest

from adapters.memory.clock import FakeClock
from adapters.memory.commits import MemoryCommits
from adapters.memory.deadlines import MemoryDeadlineQueue
from adapters.memory.locks import MemoryLocks
from adapters.memory.login_sessions import MemoryLoginSessions
from adapters.memory.matches import MemoryMatchRepository
from adapters.memory.notifier import MemoryNotifier
from adapters.memory.session_store import MemorySessionStore
from application.identity import Identity
from application.platform import Platform
from domain.engine import Timeouts
from domain.games import default_registry


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def platform(clock: FakeClock) -> Platform:
    seeds = iter(range(1_000_000))
    store, notifier, deadlines = (
        MemorySessionStore(clock, ttl_seconds=3600),
        MemoryNotifier(),
        MemoryDeadlineQueue(clock),
    )
    return Platform(
        registry=default_registry(),
        store=store,
        locks=MemoryLocks(clock),
        clock=clock,
        notifier=notifier,
        deadlines=deadlines,
        commits=MemoryCommits(store, deadlines, notifier),
        logins=MemoryLoginSessions(clock, idle_seconds=600, absolute_seconds=3600),
        matches=MemoryMatchRepository(),
        timeouts=Timeouts(turn=30, hand_ack=20),
        rng_factory=lambda: random.Random(next(seeds)),
        lock_wait=0.5,
    )


@pytest.fixture
def players() -> list[Identity]:
    return [Identity(f"guest:{n}", n) for n in ("anna", "bruno", "carla", "dario", "elena")]
