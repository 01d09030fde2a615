"""The ``ArenaNotices`` contract, for every adapter: an announced arena reaches every listener."""

from __future__ import annotations

import asyncio

from application.arenas.ports import ArenaNotices


async def next_arena(listener: object) -> str | None:
    while True:
        heard = await asyncio.wait_for(anext(listener), 5)  # type: ignore[call-overload]
        if heard is not None:
            return str(heard)


async def test_every_listener_hears_each_announced_arena(arena_notices: ArenaNotices) -> None:
    first, second = arena_notices.listen(), arena_notices.listen()
    await asyncio.sleep(0.1)  # a listener is subscribed once listen() returned; give pub/sub a moment

    await arena_notices.announce("arena-1")
    await arena_notices.announce("arena-2")

    for listener in (first, second):
        assert await next_arena(listener) == "arena-1"
        assert await next_arena(listener) == "arena-2"
