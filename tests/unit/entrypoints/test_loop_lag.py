"""LoopLag: how late the event loop runs, read by the busy guard."""

from __future__ import annotations

import asyncio
import contextlib
import time

from entrypoints.loop_lag import LoopLag


async def test_a_loop_blocked_past_the_threshold_is_late_then_on_time_again() -> None:
    lag = LoopLag(threshold_seconds=0.05, interval_seconds=0.01)
    task = asyncio.create_task(lag.run())
    try:
        await asyncio.sleep(0.03)
        assert not lag.late()
        time.sleep(0.12)  # noqa: ASYNC251 - holding the loop, as a saturated server's queue does
        await asyncio.sleep(0.015)
        assert lag.late()
        assert lag.lag_seconds >= 0.05
        for _ in range(100):  # a few on-time wake-ups later it is forgotten
            await asyncio.sleep(0.01)
            if not lag.late():
                break
        assert not lag.late()
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task


async def test_a_threshold_of_zero_never_calls_the_loop_late() -> None:
    lag = LoopLag(threshold_seconds=0)
    await lag.run()  # returns at once: nothing to measure
    assert not lag.late()
