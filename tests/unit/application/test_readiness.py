"""Readiness: every storage asked at once, each within its timeout; fewer workers is degraded."""

from __future__ import annotations

import asyncio
import time

from application.operations.health import ReadinessCheck, WorkerCount
from application.ports import StorageUnavailable


class Answers:
    async def ping(self) -> None:
        return None


class Down:
    async def ping(self) -> None:
        raise StorageUnavailable("connection refused")


class Hangs:
    async def ping(self) -> None:
        await asyncio.sleep(3600)


class Census:
    def __init__(self, configured: int, running: int) -> None:
        self.workers = WorkerCount(configured, running)

    def count(self) -> WorkerCount:
        return self.workers


async def test_every_storage_answering_with_every_worker_running_is_ready() -> None:
    readiness = await ReadinessCheck({"live_state": Answers(), "database": Answers()}).check(Census(2, 2))
    assert readiness.ready
    assert readiness.status == "ready"
    assert readiness.checks == {"live_state": "ok", "database": "ok"}
    assert readiness.workers == WorkerCount(configured=2, running=2)


async def test_fewer_workers_than_configured_is_still_ready_but_degraded() -> None:
    readiness = await ReadinessCheck({"live_state": Answers(), "database": Answers()}).check(Census(2, 1))
    assert readiness.ready
    assert readiness.status == "degraded"


async def test_a_storage_that_is_down_makes_the_server_unavailable_and_is_named() -> None:
    readiness = await ReadinessCheck({"live_state": Down(), "database": Answers()}).check(Census(1, 1))
    assert not readiness.ready
    assert readiness.status == "unavailable"
    assert readiness.checks == {"live_state": "unavailable", "database": "ok"}


async def test_storages_that_hang_cost_one_timeout_together_not_one_each() -> None:
    check = ReadinessCheck({"live_state": Hangs(), "database": Hangs()}, timeout=0.2)
    started = time.monotonic()
    readiness = await check.check(Census(1, 1))
    assert time.monotonic() - started < 1.0
    assert readiness.checks == {"live_state": "unavailable", "database": "unavailable"}
