"""The ``Commits`` contract, for every adapter: one atomic create-or-save + deadlines + announcement."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from dataclasses import replace

from application.ports import Notification, ScheduledDeadline
from domain.live_game import LiveGame, Seat
from tests.contract import CommitSetup, Timeline, create, new_join_code, new_session
from tests.contract.test_notifier_contract import close, next_change

LEASE = 10.0


async def due_now(setup: CommitSetup) -> list[tuple[str, str]]:
    claimed = await setup.deadlines.claim_due(limit=100, lease_seconds=LEASE)
    return sorted((c.game_id, c.token) for c in claimed)


async def assert_announced_next(
    setup: CommitSetup, listener: AsyncIterator[Notification], game: LiveGame
) -> None:
    """Commit a change of ``game`` and assert that it is the next thing ``listener`` hears
    (so nothing about a refused commit came before it); then close the listener."""
    changed = game.with_player(Seat("u-marker", "Marker"), now=game.created_at + 1)
    assert await setup.commits.commit(changed, game.version, [])
    assert (await next_change(listener)).envelope() == changed
    await close(listener)


async def test_a_commit_at_the_stored_version_saves_reschedules_and_announces_the_session(
    commit_setup: CommitSetup, timeline: Timeline
) -> None:
    session = new_session()
    await create(commit_setup.commits, session)
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
    assert (note.game_id, note.version, note.envelope()) == (session.id, joined.version, joined)
    await close(listener)


async def test_a_session_with_a_long_record_is_stored_and_announced_as_it_was_committed(
    commit_setup: CommitSetup,
) -> None:
    session = new_session()
    await create(commit_setup.commits, session)
    listener = commit_setup.notifier.listen()
    await commit_setup.notifier.watch(session.id)
    scored = [{"hand": hand, "points": [hand % 5, 2], "cards": ["01D", "07D", "10B"]} for hand in range(60)]
    late = session.with_player(Seat("u-bob", "Bob"), now=session.created_at + 5)
    late = replace(late, extra={"record": scored})

    assert await commit_setup.commits.commit(late, session.version, [])

    assert await commit_setup.store.get(session.id) == late
    note = await next_change(listener)
    assert (note.version, note.envelope()) == (late.version, late)
    await close(listener)


async def test_a_stale_commit_changes_nothing_and_announces_nothing(
    commit_setup: CommitSetup, timeline: Timeline
) -> None:
    session, marker = new_session(), new_session()
    await create(commit_setup.commits, session)
    await create(commit_setup.commits, marker)
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
    assert await commit_setup.store.games_of("u-carol") == []
    assert await due_now(commit_setup) == [(session.id, "kept")]
    await assert_announced_next(commit_setup, listener, marker)


async def test_a_commit_expecting_a_version_ahead_of_the_stored_one_is_refused(
    commit_setup: CommitSetup,
) -> None:
    session = new_session()
    await create(commit_setup.commits, session)
    ahead = replace(session, version=5, state={"x": 5})

    assert await commit_setup.commits.commit(ahead, 4, []) is False

    assert await commit_setup.store.get(session.id) == session


async def test_a_commit_to_an_unknown_game_is_refused_and_stores_nothing(commit_setup: CommitSetup) -> None:
    ghost = new_session()

    assert await commit_setup.commits.commit(ghost.with_player(Seat("u-bob", "Bob"), 1.0), 1, []) is False
    assert await commit_setup.store.get(ghost.id) is None
    assert await commit_setup.store.find_by_code(ghost.join_code) is None
    assert await commit_setup.store.games_of("u-bob") == []


async def test_a_commit_without_deadlines_cancels_that_games_deadlines_only(
    commit_setup: CommitSetup, timeline: Timeline
) -> None:
    game, other = new_session(), new_session()
    await create(commit_setup.commits, game)
    now = timeline.now()
    await commit_setup.deadlines.replace(game.id, [ScheduledDeadline(game.id, "turn-1", now - 1)])
    await commit_setup.deadlines.replace(other.id, [ScheduledDeadline(other.id, "turn-9", now - 1)])

    assert await commit_setup.commits.commit(game.with_player(Seat("u-bob", "Bob"), 1.0), game.version, [])

    assert await due_now(commit_setup) == [(other.id, "turn-9")]


async def test_a_commit_that_brings_the_earliest_deadline_forward_wakes_the_waiters(
    commit_setup: CommitSetup, timeline: Timeline
) -> None:
    session = new_session()
    await create(commit_setup.commits, session)
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


# --- creation: a commit that expects version 0 ---------------------------------


async def test_a_commit_expecting_version_0_creates_the_game_schedules_its_deadlines_and_announces_it(
    commit_setup: CommitSetup, timeline: Timeline
) -> None:
    session = new_session(seated=("u-alice", None, "u-bob", None))
    listener = commit_setup.notifier.listen()
    await commit_setup.notifier.watch(session.id)
    now = timeline.now()

    created = await commit_setup.commits.commit(session, 0, [ScheduledDeadline(session.id, "lobby", now - 1)])

    assert created is True
    assert await commit_setup.store.get(session.id) == session
    assert await commit_setup.store.find_by_code(session.join_code) == session
    assert await due_now(commit_setup) == [(session.id, "lobby")]
    note = await next_change(listener)
    assert (note.game_id, note.version, note.envelope()) == (session.id, session.version, session)
    await close(listener)


async def test_a_created_game_shows_in_its_players_games_by_its_code_and_in_the_live_count(
    commit_setup: CommitSetup,
) -> None:
    session = new_session(seated=("u-alice", None, "u-bob", None))
    assert await commit_setup.store.count_live() == 0

    assert await create(commit_setup.commits, session)

    assert await commit_setup.store.games_of("u-alice") == [session]
    assert await commit_setup.store.games_of("u-bob") == [session]
    assert await commit_setup.store.find_by_code(session.join_code) == session
    assert await commit_setup.store.count_live() == 1


async def test_a_creation_whose_join_code_is_in_use_is_refused_and_stores_and_announces_nothing(
    commit_setup: CommitSetup, timeline: Timeline
) -> None:
    first = new_session()
    second = new_session(join_code=first.join_code, seated=("u-carol", None))
    assert await create(commit_setup.commits, first)
    listener = commit_setup.notifier.listen()
    await commit_setup.notifier.watch(first.id)
    await commit_setup.notifier.watch(second.id)

    refused = await commit_setup.commits.commit(
        second, 0, [ScheduledDeadline(second.id, "never", timeline.now() - 1)]
    )

    assert refused is False
    assert await commit_setup.store.get(second.id) is None
    assert await commit_setup.store.find_by_code(first.join_code) == first
    assert await commit_setup.store.games_of("u-carol") == []
    assert await commit_setup.store.count_live() == 1
    assert await due_now(commit_setup) == []
    await assert_announced_next(commit_setup, listener, first)


async def test_a_creation_of_an_id_that_exists_is_refused_and_the_game_stands_as_it_was(
    commit_setup: CommitSetup,
) -> None:
    game = new_session()
    again = replace(game, join_code=new_join_code(), seats=(None, Seat("u-carol", "Carol")), state={"x": 2})
    assert await create(commit_setup.commits, game)
    listener = commit_setup.notifier.listen()
    await commit_setup.notifier.watch(game.id)

    assert await create(commit_setup.commits, again) is False

    assert await commit_setup.store.get(game.id) == game
    assert await commit_setup.store.find_by_code(game.join_code) == game
    assert await commit_setup.store.find_by_code(again.join_code) is None  # its code was not reserved
    assert await commit_setup.store.games_of("u-carol") == []
    assert await create(commit_setup.commits, new_session(join_code=again.join_code))  # the code is free
    await assert_announced_next(commit_setup, listener, game)


async def test_two_creations_racing_for_one_join_code_create_exactly_one_game(
    commit_setup: CommitSetup,
) -> None:
    code = new_join_code()
    rivals = [new_session(join_code=code, seated=(f"u-{n}", None)) for n in range(4)]

    outcomes = await asyncio.gather(*(create(commit_setup.commits, rival) for rival in rivals))

    assert sorted(outcomes) == [False, False, False, True]
    [winner] = [rival for rival, won in zip(rivals, outcomes, strict=True) if won]
    assert await commit_setup.store.find_by_code(code) == winner
    assert await commit_setup.store.count_live() == 1


async def test_a_created_game_is_then_committed_at_its_own_version_and_never_created_again(
    commit_setup: CommitSetup,
) -> None:
    session = new_session()
    assert await create(commit_setup.commits, session)
    joined = session.with_player(Seat("u-bob", "Bob"), now=session.created_at + 5)

    assert await commit_setup.commits.commit(joined, session.version, []) is True
    assert await create(commit_setup.commits, session) is False

    assert await commit_setup.store.get(session.id) == joined
    assert await commit_setup.store.games_of("u-bob") == [joined]
