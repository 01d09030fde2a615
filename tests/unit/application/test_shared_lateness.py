"""SharedLateness: this worker's lateness traded for the worst of every worker's."""

from __future__ import annotations

import asyncio
import contextlib

from adapters.memory.clock import FakeClock
from adapters.memory.worker_loads import MemoryWorkerLoads
from application.operations.shared_lateness import SharedLateness
from application.ports import StorageUnavailable


class Unreachable:
    async def exchange(self, worker: str, lateness: float) -> float:
        raise StorageUnavailable("Redis is unreachable")


async def run_briefly(shared: SharedLateness) -> None:
    task = asyncio.create_task(shared.run())
    await asyncio.sleep(0.05)
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await task


async def test_a_worker_on_time_learns_that_another_is_late() -> None:
    loads = MemoryWorkerLoads(FakeClock())
    await loads.exchange("the-other-worker", 0.3)
    shared = SharedLateness(loads, own=lambda: 0.0, interval_seconds=0.01)
    assert shared.worst() == 0.0
    await run_briefly(shared)
    assert shared.worst() == 0.3


async def test_its_own_lateness_counts_at_once_not_at_its_next_report() -> None:
    own = [0.0]
    shared = SharedLateness(MemoryWorkerLoads(FakeClock()), own=lambda: own[0])
    own[0] = 0.5
    assert shared.worst() == 0.5


async def test_without_storage_it_goes_on_with_its_own_lateness() -> None:
    shared = SharedLateness(Unreachable(), own=lambda: 0.02, interval_seconds=0.01)
    await run_briefly(shared)
    assert shared.worst() == 0.02
