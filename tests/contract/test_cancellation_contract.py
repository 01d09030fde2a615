"""Cancelling a write at any of its awaits leaves every adapter usable, and the write whole or absent.

Sanic cancels a socket's task the moment its socket closes, so any call of a
port may be cancelled half-way. Each test starts a write, cancels it after
more and more event-loop turns (and, for adapters that work in a thread or
over a socket, after more and more time), until the write finishes before
the cancellation lands; after every cancellation the adapter must answer the
next call correctly.
"""

from __future__ import annotations

import asyncio
import contextlib
import uuid
from collections import defaultdict
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import pytest

from application.ports import MatchRepository, ScheduledDeadline
from application.results.archive import FinishedMatch, Participant
from tests.contract import CommitSetup, create, new_session
from tests.contract.match_factories import MATCH_REPOSITORIES

MAX_LOOP_TURNS = 400
MAX_DELAY_STEPS = 200
DELAY_STEP_SECONDS = 0.0003


async def cancel_at_every_point(
    start: Callable[[int], Awaitable[Any]], check: Callable[[int], Awaitable[None]]
) -> int:
    """Run ``start(n)`` cancelled after n loop turns, then after n small delays, checking
    after each with ``check(n)``; returns how many cancellations landed mid-write."""
    landed = 0
    attempt = 0
    for waits in (_loop_turns, _delays):
        for step in range(MAX_LOOP_TURNS if waits is _loop_turns else MAX_DELAY_STEPS):
            attempt += 1
            task = asyncio.ensure_future(start(attempt))
            await waits(step)
            finished = task.done()
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
            landed += not finished
            await check(attempt)
            if finished:
                break
    return landed


async def _loop_turns(count: int) -> None:
    for _ in range(count):
        await asyncio.sleep(0)


async def _delays(count: int) -> None:
    await asyncio.sleep(count * DELAY_STEP_SECONDS)


def duel(match_id: str) -> FinishedMatch:
    return FinishedMatch(
        id=match_id,
        game_type="briscola",
        started_at=1_700_000_000.0,
        finished_at=1_700_000_100.0,
        result={"winner": "A", "scores": {"A": 1, "B": 0}},
        participants=(
            Participant("u-anna", "Anna", 0, "A", True, 1, {}),
            Participant("u-bruno", "Bruno", 1, "B", False, 0, {}),
        ),
        sides={"A": ("u-anna",), "B": ("u-bruno",)},
        winner="A",
    )


@pytest.fixture(params=list(MATCH_REPOSITORIES))
async def repo(request: pytest.FixtureRequest) -> AsyncIterator[MatchRepository]:
    async with MATCH_REPOSITORIES[request.param]() as harness:
        yield harness.repository


async def test_a_record_cancelled_anywhere_is_stored_at_most_once_and_the_repository_goes_on(
    repo: MatchRepository,
) -> None:
    ids: defaultdict[int, str] = defaultdict(lambda: str(uuid.uuid4()))

    async def start(attempt: int) -> bool:
        return await repo.record(duel(ids[attempt]))

    async def check(attempt: int) -> None:
        # whatever the cancelled call managed, recording again completes it exactly once
        await asyncio.wait_for(repo.record(duel(ids[attempt])), 10)
        history = await asyncio.wait_for(repo.history("u-anna", limit=1000), 10)
        assert [m.id for m in history].count(ids[attempt]) == 1
        [rating] = await repo.ratings("u-bruno")
        assert rating.matches == attempt

    landed = await cancel_at_every_point(start, check)
    assert landed > 0, "no cancellation landed inside a write"


async def test_a_commit_cancelled_anywhere_is_whole_or_absent_and_the_adapter_goes_on(
    commit_setup: CommitSetup,
) -> None:
    session = new_session()
    assert await create(commit_setup.commits, session)
    current = {"session": session}

    async def start(attempt: int) -> bool:
        before = current["session"]
        after = before.advanced({"turn": attempt}, now=before.created_at + attempt, finished=False)
        deadline = ScheduledDeadline(session.id, f"turn-{after.version}", 1e12)
        return await commit_setup.commits.commit(after, before.version, [deadline])

    async def check(attempt: int) -> None:
        stored = await asyncio.wait_for(commit_setup.store.get(session.id), 10)
        assert stored is not None
        before = current["session"]
        assert stored.version in (before.version, before.version + 1)
        if stored.version == before.version + 1:
            assert stored.state == {"turn": attempt}  # the whole envelope, never a part
        current["session"] = stored
        # the adapter goes on: the next commit at the stored version is accepted
        probe = stored.advanced({"probe": attempt}, now=stored.created_at, finished=False)
        assert await asyncio.wait_for(commit_setup.commits.commit(probe, stored.version, ()), 10)
        current["session"] = probe

    await cancel_at_every_point(start, check)
