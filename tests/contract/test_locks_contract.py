"""The ``Locks`` contract, for every adapter."""

from __future__ import annotations

import asyncio

from application.ports import Locks
from tests.contract import Advance

TTL = 1.0


async def test_a_free_lock_is_acquired_with_a_token(locks: Locks) -> None:
    token = await locks.acquire("game:1", ttl=TTL, wait=0)

    assert isinstance(token, str)
    assert token


async def test_a_held_lock_is_refused_to_another_caller(locks: Locks) -> None:
    assert await locks.acquire("game:1", ttl=TTL, wait=0) is not None

    assert await locks.acquire("game:1", ttl=TTL, wait=0) is None


async def test_acquire_gives_up_after_waiting_and_returns_none(locks: Locks) -> None:
    await locks.acquire("game:1", ttl=30, wait=0)
    loop = asyncio.get_running_loop()
    started = loop.time()

    assert await locks.acquire("game:1", ttl=TTL, wait=0.1) is None

    assert loop.time() - started >= 0.09


async def test_locks_of_different_names_are_independent(locks: Locks) -> None:
    assert await locks.acquire("game:1", ttl=TTL, wait=0) is not None

    assert await locks.acquire("game:2", ttl=TTL, wait=0) is not None


async def test_every_acquisition_gets_a_different_token(locks: Locks) -> None:
    tokens = []
    for _ in range(5):
        token = await locks.acquire("game:1", ttl=TTL, wait=0)
        assert token is not None
        tokens.append(token)
        assert await locks.release("game:1", token)

    assert len(set(tokens)) == len(tokens)


async def test_a_wrong_token_does_not_release_the_lock(locks: Locks) -> None:
    token = await locks.acquire("game:1", ttl=TTL, wait=0)
    assert token is not None

    assert await locks.release("game:1", "not-" + token) is False
    assert await locks.release("game:2", token) is False

    assert await locks.acquire("game:1", ttl=TTL, wait=0) is None


async def test_the_owner_releases_the_lock_once_and_another_can_take_it(locks: Locks) -> None:
    token = await locks.acquire("game:1", ttl=TTL, wait=0)
    assert token is not None

    assert await locks.release("game:1", token) is True
    assert await locks.release("game:1", token) is False

    assert await locks.acquire("game:1", ttl=TTL, wait=0) is not None


async def test_a_waiter_gets_the_lock_when_it_is_released(locks: Locks) -> None:
    token = await locks.acquire("game:1", ttl=30, wait=0)
    assert token is not None
    waiter = asyncio.create_task(locks.acquire("game:1", ttl=TTL, wait=5))
    await asyncio.sleep(0.05)
    assert not waiter.done()

    await locks.release("game:1", token)

    second = await asyncio.wait_for(waiter, timeout=1)
    assert second is not None
    assert second != token


async def test_an_expired_lease_can_be_taken_by_another_and_its_old_token_no_longer_releases(
    locks: Locks, advance: Advance
) -> None:
    first = await locks.acquire("game:1", ttl=TTL, wait=0)
    assert first is not None

    await advance(TTL * 1.3)
    second = await locks.acquire("game:1", ttl=TTL, wait=0)

    assert second is not None
    assert await locks.release("game:1", first) is False
    assert await locks.acquire("game:1", ttl=TTL, wait=0) is None
    assert await locks.release("game:1", second) is True


async def test_a_lease_holds_until_its_ttl_has_passed(locks: Locks, advance: Advance) -> None:
    assert await locks.acquire("game:1", ttl=TTL, wait=0) is not None

    await advance(TTL * 0.7)

    assert await locks.acquire("game:1", ttl=TTL, wait=0) is None


async def test_a_waiter_gets_the_lock_when_the_lease_expires(locks: Locks, advance: Advance) -> None:
    assert await locks.acquire("game:1", ttl=TTL, wait=0) is not None
    waiter = asyncio.create_task(locks.acquire("game:1", ttl=TTL, wait=5))
    await asyncio.sleep(0.05)
    assert not waiter.done()

    await advance(TTL * 1.3)

    assert await asyncio.wait_for(waiter, timeout=2) is not None
