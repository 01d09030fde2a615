"""LoopLag: how late the event loop runs, read by the busy guard."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from entrypoints.loop_lag import LoopLag


@asynccontextmanager
async def measuring(lag: LoopLag) -> AsyncIterator[None]:
    task = asyncio.create_task(lag.run())
    try:
        yield
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task


async def hog_the_loop(seconds_each: float) -> None:
    """What a saturated server's queue does: every turn of the loop holds it a while."""
    while True:
        time.sleep(seconds_each)  # noqa: ASYNC251 - holding the loop on purpose
        await asyncio.sleep(0)


async def test_a_loop_that_stays_behind_is_late_then_on_time_again() -> None:
    lag = LoopLag(threshold_seconds=0.05, interval_seconds=0.01)
    async with measuring(lag):
        await asyncio.sleep(0.03)
        assert not lag.late()
        hog = asyncio.create_task(hog_the_loop(0.08))
        try:
            await asyncio.sleep(0.6)
            assert lag.late()
            assert lag.lag_seconds >= 0.05
        finally:
            hog.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await hog
        for _ in range(100):  # a few on-time wake-ups later it is forgotten
            await asyncio.sleep(0.01)
            if not lag.late():
                break
        assert not lag.late()


async def test_one_stall_of_a_loop_otherwise_on_time_is_not_late() -> None:
    lag = LoopLag(threshold_seconds=0.05, interval_seconds=0.01)
    async with measuring(lag):
        await asyncio.sleep(0.08)
        time.sleep(0.12)  # noqa: ASYNC251 - one garbage collection, one large message
        for _ in range(6):
            await asyncio.sleep(0.01)
            assert not lag.late(), lag.lag_seconds


async def test_a_threshold_of_zero_never_calls_the_loop_late() -> None:
    lag = LoopLag(threshold_seconds=0)
    await lag.run()  # returns at once: nothing to measure
    assert not lag.late()
