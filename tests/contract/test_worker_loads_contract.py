"""The ``WorkerLoads`` contract, for every adapter: how late each worker runs, shared by all."""

from __future__ import annotations

import pytest

from application.ports import WorkerLoads
from tests.contract import WORKER_REPORT_FRESH_SECONDS, Advance

FRESH = WORKER_REPORT_FRESH_SECONDS


async def test_a_lone_worker_hears_its_own_lateness_back(worker_loads: WorkerLoads) -> None:
    assert await worker_loads.exchange("w1", 0.25) == pytest.approx(0.25, abs=0.001)


async def test_every_worker_hears_the_worst_lateness_of_any(worker_loads: WorkerLoads) -> None:
    await worker_loads.exchange("late", 0.4)
    assert await worker_loads.exchange("on-time", 0.0) == pytest.approx(0.4, abs=0.001)


async def test_a_workers_newest_report_replaces_its_earlier_one(worker_loads: WorkerLoads) -> None:
    await worker_loads.exchange("w1", 0.9)
    await worker_loads.exchange("w1", 0.1)
    assert await worker_loads.exchange("w2", 0.0) == pytest.approx(0.1, abs=0.001)


async def test_a_worker_that_stopped_reporting_drops_out(worker_loads: WorkerLoads, advance: Advance) -> None:
    await worker_loads.exchange("gone", 0.7)
    await advance(FRESH + 0.3)
    assert await worker_loads.exchange("alive", 0.05) == pytest.approx(0.05, abs=0.001)


async def test_a_report_counts_until_it_is_no_longer_fresh(
    worker_loads: WorkerLoads, advance: Advance
) -> None:
    await worker_loads.exchange("slow", 0.3)
    await advance(FRESH - 0.3)
    assert await worker_loads.exchange("other", 0.0) == pytest.approx(0.3, abs=0.001)
