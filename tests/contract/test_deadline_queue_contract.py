"""The ``DeadlineQueue`` contract, for every adapter.

Due times are computed from ``timeline.now()``, the time the queue judges by.
"""

from __future__ import annotations

import asyncio

from application.ports import DeadlineQueue, ScheduledDeadline
from tests.contract import Advance, Timeline

LEASE = 1.0


def deadline(game_id: str, token: str, due: float) -> ScheduledDeadline:
    return ScheduledDeadline(game_id=game_id, token=token, due=due)


async def claimed_tokens(queue: DeadlineQueue, limit: int = 100) -> list[tuple[str, str]]:
    return [(c.game_id, c.token) for c in await queue.claim_due(limit=limit, lease_seconds=LEASE)]


async def test_an_empty_queue_has_nothing_due_and_no_next_due(deadline_queue: DeadlineQueue) -> None:
    assert await deadline_queue.claim_due(limit=10, lease_seconds=LEASE) == []
    assert await deadline_queue.next_due() is None


async def test_a_deadline_is_never_claimed_before_it_is_due(
    deadline_queue: DeadlineQueue, timeline: Timeline, advance: Advance
) -> None:
    await deadline_queue.replace("g1", [deadline("g1", "turn-1", timeline.now() + 1.0)])

    assert await deadline_queue.claim_due(limit=10, lease_seconds=LEASE) == []
    await advance(0.7)
    assert await deadline_queue.claim_due(limit=10, lease_seconds=LEASE) == []


async def test_a_deadline_is_claimable_once_its_due_time_has_come(
    deadline_queue: DeadlineQueue, timeline: Timeline, advance: Advance
) -> None:
    due = timeline.now() + 1.0
    await deadline_queue.replace("g1", [deadline("g1", "turn-1", due)])

    await advance(1.0)
    claimed = await deadline_queue.claim_due(limit=10, lease_seconds=LEASE)

    assert [(c.game_id, c.token, c.due) for c in claimed] == [("g1", "turn-1", due)]


async def test_due_deadlines_are_claimed_earliest_first_up_to_the_limit(
    deadline_queue: DeadlineQueue, timeline: Timeline
) -> None:
    now = timeline.now()
    await deadline_queue.replace("g1", [deadline("g1", "b", now - 2), deadline("g1", "later", now + 60)])
    await deadline_queue.replace("g2", [deadline("g2", "a", now - 3), deadline("g2", "c", now - 1)])

    assert await claimed_tokens(deadline_queue, limit=2) == [("g2", "a"), ("g1", "b")]
    assert await claimed_tokens(deadline_queue, limit=2) == [("g2", "c")]


async def test_a_claimed_deadline_is_hidden_until_its_lease_expires_then_delivered_again(
    deadline_queue: DeadlineQueue, timeline: Timeline, advance: Advance
) -> None:
    await deadline_queue.replace("g1", [deadline("g1", "turn-1", timeline.now())])
    first = await deadline_queue.claim_due(limit=10, lease_seconds=LEASE)
    assert [c.token for c in first] == ["turn-1"]

    assert await deadline_queue.claim_due(limit=10, lease_seconds=LEASE) == []
    await advance(LEASE * 0.6)
    assert await deadline_queue.claim_due(limit=10, lease_seconds=LEASE) == []

    await advance(LEASE * 0.6)
    again = await deadline_queue.claim_due(limit=10, lease_seconds=LEASE)
    assert [c.token for c in again] == ["turn-1"]


async def test_a_completed_deadline_is_gone_for_good(
    deadline_queue: DeadlineQueue, timeline: Timeline, advance: Advance
) -> None:
    await deadline_queue.replace("g1", [deadline("g1", "turn-1", timeline.now())])
    [claimed] = await deadline_queue.claim_due(limit=10, lease_seconds=LEASE)

    await deadline_queue.complete(claimed)

    await advance(LEASE * 1.5)
    assert await deadline_queue.claim_due(limit=10, lease_seconds=LEASE) == []
    assert await deadline_queue.next_due() is None


async def test_replace_drops_the_previous_deadlines_of_that_game_only(
    deadline_queue: DeadlineQueue, timeline: Timeline
) -> None:
    now = timeline.now()
    await deadline_queue.replace("g1", [deadline("g1", "old-1", now - 2), deadline("g1", "old-2", now - 1)])
    await deadline_queue.replace("g2", [deadline("g2", "other", now - 1)])

    await deadline_queue.replace("g1", [deadline("g1", "new", now - 1)])

    assert sorted(await claimed_tokens(deadline_queue)) == [("g1", "new"), ("g2", "other")]


async def test_replace_with_nothing_cancels_the_games_deadlines(
    deadline_queue: DeadlineQueue, timeline: Timeline
) -> None:
    await deadline_queue.replace("g1", [deadline("g1", "turn-1", timeline.now() - 1)])

    await deadline_queue.replace("g1", [])

    assert await deadline_queue.claim_due(limit=10, lease_seconds=LEASE) == []
    assert await deadline_queue.next_due() is None


async def test_completing_a_claim_replaced_meanwhile_keeps_the_new_deadline(
    deadline_queue: DeadlineQueue, timeline: Timeline
) -> None:
    now = timeline.now()
    await deadline_queue.replace("g1", [deadline("g1", "turn-1", now - 1)])
    [claimed] = await deadline_queue.claim_due(limit=10, lease_seconds=LEASE)
    await deadline_queue.replace("g1", [deadline("g1", "turn-1", now), deadline("g1", "turn-2", now)])

    await deadline_queue.complete(claimed)

    assert sorted(await claimed_tokens(deadline_queue)) == [("g1", "turn-1"), ("g1", "turn-2")]


async def test_next_due_is_the_earliest_pending_due_time(
    deadline_queue: DeadlineQueue, timeline: Timeline, advance: Advance
) -> None:
    now = timeline.now()
    await deadline_queue.replace("g1", [deadline("g1", "a", now + 0.5), deadline("g1", "b", now + 30)])
    await deadline_queue.replace("g2", [deadline("g2", "c", now + 20)])

    assert await deadline_queue.next_due() == now + 0.5

    await advance(0.7)
    [claimed] = await deadline_queue.claim_due(limit=10, lease_seconds=LEASE)
    await deadline_queue.complete(claimed)
    assert await deadline_queue.next_due() == now + 20


async def test_wait_returns_early_when_deadlines_change(
    deadline_queue: DeadlineQueue, timeline: Timeline
) -> None:
    waiter = asyncio.create_task(deadline_queue.wait(timeout=30))
    await asyncio.sleep(0.05)
    assert not waiter.done()

    await deadline_queue.replace("g1", [deadline("g1", "turn-1", timeline.now() + 10)])

    await asyncio.wait_for(waiter, timeout=2)


async def test_wait_returns_after_its_timeout_when_nothing_changes(deadline_queue: DeadlineQueue) -> None:
    loop = asyncio.get_running_loop()
    started = loop.time()

    await asyncio.wait_for(deadline_queue.wait(timeout=0.1), timeout=2)

    assert loop.time() - started >= 0.09


async def test_a_claimed_deadline_no_longer_counts_as_next_due(
    deadline_queue: DeadlineQueue, timeline: Timeline
) -> None:
    now = timeline.now()
    await deadline_queue.replace("g1", [deadline("g1", "a", now - 1), deadline("g1", "b", now + 30)])

    [claimed] = await deadline_queue.claim_due(limit=1, lease_seconds=LEASE)

    assert claimed.token == "a"
    next_due = await deadline_queue.next_due()
    assert next_due is not None
    assert next_due > claimed.due  # else a consumer would spin on an entry it cannot claim
