"""The tasks a server worker runs beside its requests, and the overload guard they feed.

The composition root (``entrypoints.container``) builds them; the app starts
them once the server listens and stops them as it drains (``entrypoints.http.app``).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from application.arenas.director import ArenaDirector
from application.arenas.feed import ArenaFeed
from application.finding.open_tables import LobbyFeed
from application.finding.quick_match import Matchmaker
from application.operations.shared_lateness import SharedLateness
from application.playing.attendance import Attendance
from application.playing.deadline_worker import run_deadline_worker
from application.playing.hub import GameHub
from application.playing.live_games import LiveGames
from entrypoints.draining import DrainingDeadlines
from entrypoints.loop_lag import LoopLag


def worker_lateness(loop_lag: LoopLag, hub: GameHub) -> Callable[[], float]:
    """How late this worker runs: its event loop, or the changes its hub has still to show."""

    def lateness() -> float:
        return max(loop_lag.lag_seconds, hub.lateness())

    return lateness


def saturation(lateness: SharedLateness, limit_seconds: float) -> Callable[[], bool]:
    """Whether any worker runs ``limit_seconds`` late (0 or less: never): its event loop, or the
    changes its hub shows, which wait in the hub's own queue where the loop's lateness misses
    them. Any worker, as every worker shows the changes this one commits."""

    def saturated() -> bool:
        return limit_seconds > 0 and lateness.worst() > limit_seconds

    return saturated


@dataclass(frozen=True)
class BackgroundJobs:
    """Everything a worker runs beside its requests, built and ready to start."""

    hub: GameHub
    games: LiveGames
    deadlines: DrainingDeadlines
    heartbeat_seconds: float
    lobby_feed: LobbyFeed
    matchmaker: Matchmaker
    attendance: Attendance
    arena_director: ArenaDirector
    arena_feed: ArenaFeed
    loop_lag: LoopLag
    lateness: SharedLateness
    share_lateness: bool  # nothing reads the shared lateness when the busy guard is off

    def start(self) -> list[asyncio.Task[Any]]:
        tasks = [
            asyncio.create_task(self.hub.run(), name="tavolo-hub"),
            asyncio.create_task(
                run_deadline_worker(self.games, self.deadlines, self.heartbeat_seconds),
                name="tavolo-deadlines",
            ),
            asyncio.create_task(self.lobby_feed.run(), name="tavolo-lobby-feed"),
            asyncio.create_task(self.matchmaker.run(), name="tavolo-matchmaker"),
            asyncio.create_task(self.attendance.run(), name="tavolo-attendance"),
            asyncio.create_task(self.arena_director.run(), name="tavolo-arena-director"),
            asyncio.create_task(self.arena_feed.run(), name="tavolo-arena-feed"),
            asyncio.create_task(self.loop_lag.run(), name="tavolo-loop-lag"),
        ]
        if self.share_lateness:
            tasks.append(asyncio.create_task(self.lateness.run(), name="tavolo-shared-lateness"))
        return tasks
