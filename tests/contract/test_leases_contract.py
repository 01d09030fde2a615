"""The ``Leases`` contract, for every adapter: one holder at a time, tokens that only grow."""

from __future__ import annotations

from application.arenas.ports import Leases
from tests.contract import Advance

TTL = 1.0


async def test_a_free_lease_is_taken_and_a_second_holder_is_refused(leases: Leases) -> None:
    token = await leases.acquire("arena:1", "worker-a", TTL)

    assert token is not None
    assert await leases.acquire("arena:1", "worker-b", TTL) is None
    assert await leases.acquire("arena:2", "worker-b", TTL) is not None


async def test_the_holder_renews_with_the_same_token(leases: Leases, advance: Advance) -> None:
    token = await leases.acquire("arena:1", "worker-a", TTL)
    await advance(TTL * 0.6)

    assert await leases.acquire("arena:1", "worker-a", TTL) == token
    await advance(TTL * 0.6)
    assert await leases.acquire("arena:1", "worker-b", TTL) is None, "the renewal kept it"


async def test_a_lapsed_lease_goes_to_the_next_holder_with_a_greater_token(
    leases: Leases, advance: Advance
) -> None:
    first = await leases.acquire("arena:1", "worker-a", TTL)
    await advance(TTL * 1.5)

    second = await leases.acquire("arena:1", "worker-b", TTL)

    assert first is not None and second is not None and second > first
    assert await leases.acquire("arena:1", "worker-a", TTL) is None


async def test_a_released_lease_is_free_and_the_next_token_is_still_greater(leases: Leases) -> None:
    first = await leases.acquire("arena:1", "worker-a", TTL)
    await leases.release("arena:1", "worker-b")  # not the holder: nothing happens
    assert await leases.acquire("arena:1", "worker-b", TTL) is None

    await leases.release("arena:1", "worker-a")
    again = await leases.acquire("arena:1", "worker-a", TTL)

    assert first is not None and again is not None and again > first
