"""The clocks: the system one tells the time, the fake one moves only when told."""

from __future__ import annotations

import time

import pytest

from adapters.memory.clock import FakeClock, SystemClock
from application.ports import Clock
from tests.contract import Advance, Timeline


def test_the_system_clock_tells_epoch_seconds() -> None:
    clock: Clock = SystemClock()

    before = time.time()
    now = clock.now()
    after = time.time()

    assert before <= now <= after


def test_a_fake_clock_stands_still_until_advanced() -> None:
    clock: Clock = FakeClock(start=1_000.0)

    assert clock.now() == 1_000.0
    assert clock.now() == 1_000.0


def test_a_fake_clock_starts_at_a_realistic_epoch_time_by_default() -> None:
    assert FakeClock().now() > 1_600_000_000


def test_advancing_a_fake_clock_moves_it_forward_by_that_much() -> None:
    clock = FakeClock(start=1_000.0)

    clock.advance(2.5)
    clock.advance(0)

    assert clock.now() == 1_002.5


def test_a_fake_clock_refuses_to_go_back_by_advancing() -> None:
    clock = FakeClock(start=1_000.0)

    with pytest.raises(ValueError):
        clock.advance(-1)
    assert clock.now() == 1_000.0


def test_setting_a_fake_clock_jumps_to_that_time() -> None:
    clock = FakeClock(start=1_000.0)

    clock.set(5_000.0)
    assert clock.now() == 5_000.0
    clock.set(10.0)
    assert clock.now() == 10.0


async def test_the_advance_fixture_moves_the_fake_clock_the_adapters_read(
    fake_clock: FakeClock, timeline: Timeline, advance: Advance
) -> None:
    start = fake_clock.now()

    await advance(3.0)

    assert fake_clock.now() == start + 3.0
    assert timeline.now() == start + 3.0
