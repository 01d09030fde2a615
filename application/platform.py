"""Everything a use case needs, bundled once by the composition root."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from application.live_states import LiveStates
from application.ports import (
    Clock,
    Commits,
    DeadlineQueue,
    Locks,
    LoginSessions,
    MatchRepository,
    Metrics,
    NoMetrics,
    Notifier,
    SessionStore,
)
from application.rate_limit import FailureLimiter
from domain.engine import Timeouts
from domain.registry import EngineRegistry

_SYSTEM_RANDOM = random.SystemRandom()


def _fresh_rng() -> random.Random:
    """The OS's randomness: deals nobody can predict, and no per-move seeding cost."""
    return _SYSTEM_RANDOM


@dataclass(frozen=True)
class Platform:
    """The ports and the settings of the running platform."""

    registry: EngineRegistry
    store: SessionStore
    locks: Locks
    clock: Clock
    notifier: Notifier
    deadlines: DeadlineQueue
    logins: LoginSessions
    matches: MatchRepository
    commits: Commits
    timeouts: Timeouts = field(default_factory=Timeouts)
    rng_factory: Callable[[], random.Random] = _fresh_rng
    lock_ttl: float = 5.0
    lock_wait: float = 10.0
    join_limiter: FailureLimiter | None = None  # limits join-code guesses; None: no limit
    metrics: Metrics = field(default_factory=NoMetrics)
    bot_delay: float = 0.8
    live: LiveStates = field(default_factory=LiveStates)  # this process's latest known game states
