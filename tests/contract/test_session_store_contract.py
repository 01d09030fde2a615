"""The ``GameStore`` contract, for every adapter: it reads what ``Commits`` wrote."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from domain.live_game import Phase, Seat
from tests.contract import SESSION_TTL_SECONDS, Advance, CommitSetup, create, new_session


async def test_a_created_session_reads_back_whole_by_id_and_by_join_code(commit_setup: CommitSetup) -> None:
    store = commit_setup.store
    session = new_session(seated=("u-alice", None, "u-bob", None))

    assert await create(commit_setup.commits, session) is True

    assert await store.get(session.id) == session
    assert await store.find_by_code(session.join_code) == session


async def test_unknown_ids_and_join_codes_read_as_none(commit_setup: CommitSetup) -> None:
    store = commit_setup.store
    await create(commit_setup.commits, new_session())

    assert await store.get("no-such-game") is None
    assert await store.find_by_code("ZZZZZZ") is None


async def test_reads_by_id_and_by_join_code_return_the_latest_committed_envelope(
    commit_setup: CommitSetup,
) -> None:
    store = commit_setup.store
    session = new_session()
    await create(commit_setup.commits, session)
    joined = session.with_player(Seat("u-bob", "Bob"), now=session.created_at + 5)

    assert await commit_setup.commits.commit(joined, session.version, ()) is True

    assert await store.get(session.id) == joined
    assert await store.find_by_code(session.join_code) == joined


async def test_the_store_keeps_its_own_copy_of_every_envelope(commit_setup: CommitSetup) -> None:
    store = commit_setup.store
    state: dict[str, Any] = {"x": 1, "nested": {"cards": ["01D"]}}
    session = new_session(state=state)
    expected = replace(session, state={"x": 1, "nested": {"cards": ["01D"]}})
    await create(commit_setup.commits, session)

    state["x"] = 99
    state["nested"]["cards"].append("10S")
    loaded = await store.get(session.id)
    assert loaded is not None and loaded.state is not None
    loaded.state["nested"]["cards"].append("05C")

    assert await store.get(session.id) == expected


async def test_games_of_lists_a_users_games_newest_first(commit_setup: CommitSetup) -> None:
    store = commit_setup.store
    t = 1_700_000_000.0
    middle = new_session(created_at=t + 10, seated=("u-alice", None))
    oldest = new_session(created_at=t, seated=(None, "u-alice"))
    newest = new_session(created_at=t + 20, seated=("u-bob", "u-alice"))
    for session in (middle, oldest, newest):
        assert await create(commit_setup.commits, session)

    assert await store.games_of("u-alice") == [newest, middle, oldest]
    assert await store.games_of("u-bob") == [newest]


async def test_games_of_lists_only_games_the_user_is_seated_in(commit_setup: CommitSetup) -> None:
    store = commit_setup.store
    hosted_only = new_session(seated=(None, None), creator_id="u-dana")
    elsewhere = new_session(seated=("u-erin", None))
    await create(commit_setup.commits, hosted_only)
    await create(commit_setup.commits, elsewhere)
    assert await store.games_of("u-dana") == []

    joined = hosted_only.with_player(Seat("u-dana", "Dana"), now=hosted_only.created_at + 1)
    assert await commit_setup.commits.commit(joined, hosted_only.version, ())

    assert await store.games_of("u-dana") == [joined]
    assert await store.games_of("u-nobody") == []


async def test_a_session_idle_for_its_ttl_expires_and_frees_its_join_code(
    commit_setup: CommitSetup, advance: Advance
) -> None:
    store, commits = commit_setup.store, commit_setup.commits
    session = new_session()
    await create(commits, session)
    await advance(SESSION_TTL_SECONDS * 0.6)
    assert await store.get(session.id) == session

    await advance(SESSION_TTL_SECONDS * 0.6)

    assert await store.get(session.id) is None
    assert await store.find_by_code(session.join_code) is None
    assert await store.games_of("u-alice") == []
    later = session.advanced({"x": 2}, now=session.updated_at + 1, finished=False)
    assert await commits.commit(later, session.version, ()) is False
    assert await create(commits, new_session(join_code=session.join_code)) is True


async def test_every_commit_slides_the_ttl(commit_setup: CommitSetup, advance: Advance) -> None:
    store = commit_setup.store
    session = new_session()
    await create(commit_setup.commits, session)
    for step in range(3):
        await advance(SESSION_TTL_SECONDS * 0.6)
        later = session.advanced({"x": step}, now=session.updated_at + 1, finished=False)
        assert await commit_setup.commits.commit(later, session.version, ())
        session = later

    await advance(SESSION_TTL_SECONDS * 0.6)
    assert await store.get(session.id) == session
    assert await store.find_by_code(session.join_code) == session

    await advance(SESSION_TTL_SECONDS * 0.6)
    assert await store.get(session.id) is None


async def test_count_live_counts_the_games_not_finished(commit_setup: CommitSetup, advance: Advance) -> None:
    store = commit_setup.store
    lobby, playing = new_session(), new_session()
    assert await store.count_live() == 0
    await create(commit_setup.commits, lobby)
    await create(commit_setup.commits, playing)
    assert await store.count_live() == 2

    finished = replace(playing, phase=Phase.FINISHED, version=playing.version + 1)
    assert await commit_setup.commits.commit(finished, playing.version, ())
    assert await store.count_live() == 1

    await advance(SESSION_TTL_SECONDS * 1.3)
    assert await store.count_live() == 0
