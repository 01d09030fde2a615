"""Use cases over the in-memory adapters and a fake clock.

``games`` is what every use case acting on a live game takes; ``deadlines``
and ``notifier`` are the queue and the announcements its commits write to
(the deadline worker and the hub take them beside ``games``); ``logins`` the
login sessions the accounts use cases take.
"""

from __future__ import annotations

import pytest

from adapters.memory.clock import FakeClock
from adapters.memory.commits import MemoryCommits
from adapters.memory.deadlines import MemoryDeadlineQueue
from adapters.memory.game_store import MemoryGameStore
from adapters.memory.login_sessions import MemoryLoginSessions
from adapters.memory.matches import MemoryMatchRepository
from adapters.memory.notifier import MemoryNotifier
from application.identity.caller import Identity
from application.playing.live_games import LiveGames
from domain.bots.search import QUICK, Budget
from domain.engine import Timeouts
from entrypoints.game_packages import installed_registry


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def store(clock: FakeClock) -> MemoryGameStore:
    return MemoryGameStore(clock, ttl_seconds=3600)


@pytest.fixture
def deadlines(clock: FakeClock) -> MemoryDeadlineQueue:
    return MemoryDeadlineQueue(clock)


@pytest.fixture
def notifier() -> MemoryNotifier:
    return MemoryNotifier()


@pytest.fixture
def logins(clock: FakeClock) -> MemoryLoginSessions:
    return MemoryLoginSessions(clock, idle_seconds=600, absolute_seconds=3600)


SEARCH = Budget(iterations=QUICK.iterations, seconds=60.0)
"""What a ``hard`` player or a suggestion searches here: few deals, and a wall-clock cap no busy
machine reaches, so that the same question always gets the same move (at the default budget, a
decision that ran past its one-second cap on a loaded CI machine answered differently)."""


@pytest.fixture
def games(
    clock: FakeClock, store: MemoryGameStore, deadlines: MemoryDeadlineQueue, notifier: MemoryNotifier
) -> LiveGames:
    return LiveGames(
        registry=installed_registry(budget=SEARCH),
        store=store,
        commits=MemoryCommits(store, deadlines, notifier),
        clock=clock,
        matches=MemoryMatchRepository(),
        timeouts=Timeouts(turn=30, hand_ack=20),
    )


@pytest.fixture
def players() -> list[Identity]:
    return [Identity(f"guest:{n}", n) for n in ("anna", "bruno", "carla", "dario", "elena")]
