"""Port contract suites: one per port, run against every reachable adapter.

This package module holds the small vocabulary the suites share (the
``Timeline`` that moves time, the lifetimes the adapters are built with, and a
``LiveGame`` builder); the fixtures and the adapter registries live in
``conftest.py``.
"""

from __future__ import annotations

import asyncio
import secrets
import string
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from adapters.memory.clock import FakeClock
from application.ports import (
    Clock,
    Commits,
    DeadlineQueue,
    GameStore,
    LobbyNotices,
    Notifier,
    Presence,
)
from domain.live_game import LiveGame, Seat

# Lifetimes every adapter under test is configured with. They are short so that
# an adapter on real time (Redis) runs the same suites in a few seconds; the
# tests move time in steps that leave a margin of at least 0.2 s on each side.
# ``new_session`` builds lobbies, so the idle TTL the session suites see is the lobby TTL;
# a started game lives for the (longer) game TTL.
SESSION_TTL_SECONDS = 1.0
LOBBY_TTL_SECONDS = SESSION_TTL_SECONDS
GAME_TTL_SECONDS = 2.0
RECORDED_TTL_SECONDS = 1.0  # a finished game whose result is recorded
LOGIN_IDLE_SECONDS = 1.0
LOGIN_ABSOLUTE_SECONDS = 3.0
# A connection's presence lease, a seeker's lease in the match pool, a claimed group's lifetime.
PRESENCE_LEASE_SECONDS = 1.0
SEEKER_LEASE_SECONDS = 1.0
ASSIGNMENT_TTL_SECONDS = 1.0
# How long a worker's lateness report counts.
WORKER_REPORT_FRESH_SECONDS = 1.0

Advance = Callable[[float], Awaitable[None]]


@dataclass(frozen=True)
class CommitSetup:
    """A ``Commits`` adapter with the store, deadline queue, notifier and lobby notices it
    writes to (the ``Commits``, ``GameStore`` and open-tables suites run on it). The store
    keeps a lobby for ``LOBBY_TTL_SECONDS``, a started game for ``GAME_TTL_SECONDS`` and a finished
    one whose result is recorded for ``RECORDED_TTL_SECONDS``."""

    commits: Commits
    store: GameStore
    deadlines: DeadlineQueue
    notifier: Notifier
    lobby: LobbyNotices


@dataclass(frozen=True)
class PresenceSetup:
    """A ``Presence`` adapter with a notifier that hears its announcements (the same process
    space: memory's notifier it announces on, or the same Redis keys)."""

    presence: Presence
    notifier: Notifier


class Timeline:
    """How a contract test makes time pass for the adapter under test.

    By default time is a ``FakeClock`` (``clock``) that the factory hands to the
    adapter, and ``advance`` moves it instantly. A factory whose adapter runs on
    real time (e.g. Redis key expiry) calls ``use_real_time()``, after which
    ``advance`` is ``asyncio.sleep`` and ``now`` the real clock.
    """

    def __init__(self, fake: FakeClock) -> None:
        self.fake = fake
        self.clock: Clock = fake
        self.real_time = False

    def use_real_time(self, clock: Clock) -> Clock:
        self.clock = clock
        self.real_time = True
        return clock

    def now(self) -> float:
        """The time the adapter under test judges by."""
        return self.clock.now()

    async def advance(self, seconds: float) -> None:
        if self.real_time:
            await asyncio.sleep(seconds)
        else:
            self.fake.advance(seconds)
            await asyncio.sleep(0)  # let tasks that watch the clock run


async def create(commits: Commits, session: LiveGame) -> bool:
    """Create ``session`` as a new game: a commit that expects version 0, with no deadlines."""
    return await commits.commit(session, 0, ())


def new_join_code() -> str:
    return "".join(secrets.choice(string.ascii_uppercase + string.digits) for _ in range(6))


def new_session(
    *,
    created_at: float = 1_700_000_000.0,
    seated: tuple[str | None, ...] = ("u-alice", None),
    creator_id: str | None = None,
    join_code: str | None = None,
    state: dict[str, Any] | None = None,
    version: int = 1,
) -> LiveGame:
    """A fresh lobby envelope with a unique id and join code (unless given)."""
    seats = tuple(
        None if user_id is None else Seat(user_id, user_id.removeprefix("u-").title()) for user_id in seated
    )
    first_seated = next((user_id for user_id in seated if user_id is not None), "u-nobody")
    return LiveGame(
        id=str(uuid.uuid4()),
        game_type="briscola",
        join_code=join_code if join_code is not None else new_join_code(),
        options={"target": 11, "variant": "classic"},
        seats=seats,
        creator_id=creator_id if creator_id is not None else first_seated,
        created_at=created_at,
        updated_at=created_at,
        version=version,
        state={"x": 1, "nested": {"cards": ["01D", "10S"]}} if state is None else state,
        extra={"note": "contract"},
    )
