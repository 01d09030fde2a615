"""The composition root: backends chosen from the settings, parts swapped by overriding a provider."""

from __future__ import annotations

from dataclasses import replace

import pytest
from dependency_injector import providers

from adapters.memory.clock import FakeClock
from adapters.memory.matches import MemoryMatchRepository
from entrypoints.background import BackgroundJobs
from entrypoints.config import Settings
from entrypoints.container import build_container
from entrypoints.live_backends import live_backend
from entrypoints.match_backends import database_backend

MEMORY = Settings(database_url="memory://")


def test_the_live_state_backend_follows_the_redis_settings() -> None:
    assert live_backend(MEMORY) == "memory"
    assert live_backend(replace(MEMORY, redis_url="redis://localhost:6379/0")) == "redis"
    assert live_backend(replace(MEMORY, redis_cluster_nodes=(("redis-1", 6379),))) == "cluster"


@pytest.mark.parametrize(
    ("url", "kind"),
    [("memory://", "memory"), ("sqlite:///var/x.sqlite3", "sqlite"), ("postgresql://u:p@db/t", "postgres")],
)
def test_the_database_backend_follows_the_url(url: str, kind: str) -> None:
    assert database_backend(replace(MEMORY, database_url=url)) == kind


async def test_one_awaited_provider_opens_the_selected_backends_and_builds_everything_on_them() -> None:
    container = build_container(MEMORY)
    jobs = await container.background.async_()
    assert isinstance(jobs, BackgroundJobs)
    assert jobs.games is await container.games.async_()
    assert jobs.hub is await container.hub.async_()
    assert isinstance(jobs.games.matches, MemoryMatchRepository)
    await container.shutdown_resources()  # type: ignore[misc]


async def test_a_test_swaps_a_part_by_overriding_its_provider() -> None:
    container = build_container(MEMORY)
    clock, matches = FakeClock(1000.0), MemoryMatchRepository()
    container.clock.override(providers.Object(clock))
    container.matches.override(providers.Object(matches))
    games = await container.games.async_()
    assert games.clock is clock and games.matches is matches
    assert (await container.logins.async_()) is (await container.live.async_()).logins
    await container.shutdown_resources()  # type: ignore[misc]


def test_the_games_are_dealt_with_the_configured_turn_hand_end_and_trick_pause_times() -> None:
    settings = replace(
        MEMORY, turn_timeout_seconds=45.0, hand_ack_timeout_seconds=20.0, trick_pause_seconds=0.5
    )
    timeouts = build_container(settings).timeouts()
    assert (timeouts.turn, timeouts.hand_ack, timeouts.trick_pause) == (45.0, 20.0, 0.5)
