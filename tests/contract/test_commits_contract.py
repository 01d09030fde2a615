"""The ``Commits`` contract, for every adapter: one atomic save + deadlines + announcement."""

from __future__ import annotations

import asyncio

from application.ports import ScheduledDeadline
from domain.session import Seat
from tests.contract import CommitSetup, Timeline, new_session
from tests.contract.test_notifier_contract import close, next_change

LEASE = 10.0


async def due_now(setup: CommitSetup) -> list[tuple[str, str]]:
    claimed = await setup.deadlines.claim_due(limit=100, lease_seconds=LEASE)
    return sorted((c.game_id, c.token) for c in claimed)


async def test_a_commit_at_the_stored_version_saves_reschedules_and_announces_the_session(
    commit_setup: CommitSetup, timeline: Timeline
) -> None:
    session = new_session()
    await commit_setup.store.create(session)
    now = timeline.now()
    await commit_setup.deadlines.replace(session.id, [ScheduledDeadline(session.id, "old", now - 1)])
    listener = commit_setup.notifier.listen()
    await commit_setup.notifier.watch(session.id)
    joined = session.with_player(Seat("u-bob", "Bob"), now=session.created_at + 5)

    saved = await commit_setup.commits.commit(
        joined, session.version, [ScheduledDeadline(session.id, "turn-2", now - 0.5)]
    )

    assert saved is True
    assert await commit_setup.store.get(session.id) == joined
    assert await due_now(commit_setup) == [(session.id, "turn-2")]
    note = await next_change(listener)
    assert (note.game_id, note.version, note.session) == (session.id, joined.version, joined)
    await close(listener)


async def test_a_stale_commit_changes_nothing_and_announces_nothing(
    commit_setup: CommitSetup, timeline: Timeline
) -> None:
    session, marker = new_session(), new_session()
    await commit_setup.store.create(session)
    await commit_setup.store.create(marker)
    now = timeline.now()
    await commit_setup.deadlines.replace(session.id, [ScheduledDeadline(session.id, "kept", now - 1)])
    listener = commit_setup.notifier.listen()
    await commit_setup.notifier.watch(session.id)
    await commit_setup.notifier.watch(marker.id)
    stale = session.with_player(Seat("u-carol", "Carol"), now=session.created_at + 6)

    saved = await commit_setup.commits.commit(
        stale, session.version + 1, [ScheduledDeadline(session.id, "never", now - 1)]
    )

    assert saved is False
    assert await commit_setup.store.get(session.id) == session
    assert await due_now(commit_setup) == [(session.id, "kept")]
    joined_marker = marker.with_player(Seat("u-dan", "Dan"), now=marker.created_at + 1)
    assert await commit_setup.commits.commit(joined_marker, marker.version, [])
    assert (await next_change(listener)).game_id == marker.id  # nothing about the refused commit came first
    await close(listener)


async def test_a_commit_to_an_unknown_game_is_refused(commit_setup: CommitSetup) -> None:
    ghost = new_session()

    assert await commit_setup.commits.commit(ghost.with_player(Seat("u-bob", "Bob"), 1.0), 1, []) is False
    assert await commit_setup.store.get(ghost.id) is None


async def test_a_commit_without_deadlines_cancels_that_games_deadlines_only(
    commit_setup: CommitSetup, timeline: Timeline
) -> None:
    game, other = new_session(), new_session()
    await commit_setup.store.create(game)
    now = timeline.now()
    await commit_setup.deadlines.replace(game.id, [ScheduledDeadline(game.id, "turn-1", now - 1)])
    await commit_setup.deadlines.replace(other.id, [ScheduledDeadline(other.id, "turn-9", now - 1)])

    assert await commit_setup.commits.commit(game.with_player(Seat("u-bob", "Bob"), 1.0), game.version, [])

    assert await due_now(commit_setup) == [(other.id, "turn-9")]


async def test_a_commit_that_brings_the_earliest_deadline_forward_wakes_the_waiters(
    commit_setup: CommitSetup, timeline: Timeline
) -> None:
    session = new_session()
    await commit_setup.store.create(session)
    waiter = asyncio.create_task(commit_setup.deadlines.wait(timeout=30))
    await asyncio.sleep(0.05)
    assert not waiter.done()

    due = timeline.now() + 10
    await commit_setup.commits.commit(
        session.with_player(Seat("u-bob", "Bob"), 1.0),
        session.version,
        [ScheduledDeadline(session.id, "t", due)],
    )

    await asyncio.wait_for(waiter, timeout=2)
