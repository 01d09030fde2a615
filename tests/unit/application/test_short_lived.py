"""A value worked out once for every reader who asks within its short life."""

from __future__ import annotations

import asyncio

import pytest

from application.arenas.short_lived import ShortLived


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


async def test_readers_who_ask_at_once_share_one_computation_and_later_ones_the_kept_value() -> None:
    clock, made = Clock(), []

    async def make() -> int:
        made.append(1)
        await asyncio.sleep(0.01)
        return len(made)

    kept: ShortLived[int] = ShortLived(0.5, clock)
    assert await asyncio.gather(*(kept.get("a", make) for _ in range(20))) == [1] * 20
    clock.now = 0.4
    assert await kept.get("a", make) == 1
    clock.now = 0.6
    assert await kept.get("a", make) == 2
    assert await kept.get("b", make) == 3, "each key has its own value"


async def test_a_failed_computation_is_not_kept_and_reaches_every_reader_who_waited() -> None:
    async def fail() -> int:
        await asyncio.sleep(0.01)
        raise RuntimeError("storage down")

    async def fine() -> int:
        return 7

    kept: ShortLived[int] = ShortLived(0.5, Clock())
    outcomes = await asyncio.gather(*(kept.get("a", fail) for _ in range(3)), return_exceptions=True)
    assert all(isinstance(o, RuntimeError) for o in outcomes)
    assert await kept.get("a", fine) == 7
    with pytest.raises(RuntimeError):
        kept.forget("a")
        await kept.get("a", fail)
