"""On Redis, a live match's older log entries are packed into compressed chunks
(``adapters.redis.log_packing``): the log reads back whole, takes far less memory, keeps its TTL,
and two workers packing at once pack once."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import cast

import pytest

from adapters.redis import RedisCommits, RedisGameStore
from adapters.redis.codec import encode_logged
from adapters.redis.log_packing import PACK_AT, PACK_MARK, PACK_SCRIPT, LogPacker, unpacked
from domain.engine import Timeouts
from domain.match_log import Logged
from tests.contract import Timeline, create, new_session
from tests.contract.redis_factories import RedisSpace, redis_space

T0 = 1_700_000_000.0


@pytest.fixture
async def space(timeline: Timeline) -> AsyncIterator[RedisSpace]:
    async with redis_space(timeline) as space:
        yield space


def entries(count: int, first_version: int = 3) -> list[Logged]:
    return [
        Logged.acted(first_version + n, T0 + n * 1.37, n % 4, {"action": "play", "card": f"0{n % 9 + 1}D"})
        for n in range(count)
    ]


async def stored(space: RedisSpace, key: str) -> list[str]:
    return cast("list[str]", await space.client.lrange(key, 0, -1))


async def test_a_long_match_keeps_its_older_entries_packed_in_a_fraction_of_the_memory(
    space: RedisSpace,
) -> None:
    commits, store = RedisCommits(space.client, space.keys), RedisGameStore(space.client, space.keys)
    lobby = new_session()
    assert await create(commits, lobby)
    game = lobby.started({"hands": []}, now=T0)
    logged = [Logged.start(game.version, T0, Timeouts(turn=30.0, hand_ack=30.0))]
    assert await commits.commit(game, lobby.version, (), logged[0], started=True)
    for n in range(200):
        after = game.advanced({"move": n}, now=T0 + n + 1.5, finished=False)
        entry = Logged.acted(after.version, after.updated_at, n % 4, {"action": "play", "card": "07D"})
        assert await commits.commit(after, game.version, (), entry)
        game = after
        logged.append(entry)

    key = space.keys.game_log(game.id)
    kept = await stored(space, key)
    chunks = [entry for entry in kept if entry.startswith(PACK_MARK)]
    assert len(chunks) >= 5 and len(kept) - len(chunks) < PACK_AT + 16  # chunks, then a short plain tail
    assert all(entry.startswith(PACK_MARK) for entry in kept[: len(chunks)])
    assert await store.log(game.id) == tuple(logged)
    plain_bytes = sum(len(encode_logged(entry)) for entry in logged)
    assert sum(len(entry) for entry in kept) < 0.45 * plain_bytes
    assert await space.client.pttl(key) > 0


async def test_two_workers_packing_the_same_log_at_once_pack_it_once(space: RedisSpace) -> None:
    key = space.keys.game_log("g-race")
    plain = [encode_logged(entry) for entry in entries(PACK_AT + 5)]
    await space.client.rpush(key, *plain)
    await space.client.pexpire(key, 60_000)

    first, second = LogPacker(space.client), LogPacker(space.client)
    outcomes = await asyncio.gather(first.pack(key), second.pack(key), first.pack(key))

    kept = await stored(space, key)
    assert outcomes.count(True) == 1
    assert len(kept) == 1 and kept[0].startswith(PACK_MARK)
    assert unpacked(kept) == plain
    assert 55_000 < await space.client.pttl(key) <= 60_000


async def test_a_pack_read_before_the_log_moved_on_changes_nothing(space: RedisSpace) -> None:
    key = space.keys.game_log("g-stale")
    plain = [encode_logged(entry) for entry in entries(PACK_AT)]
    await space.client.rpush(key, *plain)
    packer = LogPacker(space.client)
    assert await packer.pack(key)
    more = [encode_logged(entry) for entry in entries(PACK_AT, first_version=3 + PACK_AT)]
    await space.client.rpush(key, *more)

    # What a slower worker read before the first pack: the old plain entries, at index 0.
    script = space.client.register_script(PACK_SCRIPT)
    assert await script(keys=[key], args=[0, len(plain), plain[0], plain[-1], "z:stale"]) == 0

    assert unpacked(await stored(space, key)) == plain + more
    assert await packer.pack(key)
    kept = await stored(space, key)
    assert len(kept) == 2 and unpacked(kept) == plain + more


async def test_a_short_log_is_left_as_it_is(space: RedisSpace) -> None:
    key = space.keys.game_log("g-short")
    plain = [encode_logged(entry) for entry in entries(PACK_AT - 1)]
    await space.client.rpush(key, *plain)
    assert not await LogPacker(space.client).pack(key)
    assert await stored(space, key) == plain
