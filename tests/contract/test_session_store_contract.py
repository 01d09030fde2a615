"""The ``SessionStore`` contract, for every adapter."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from application.ports import SessionStore
from domain.session import Seat
from tests.contract import SESSION_TTL_SECONDS, Advance, new_session


async def test_a_created_session_reads_back_whole_by_id_and_by_join_code(session_store: SessionStore) -> None:
    session = new_session(seated=("u-alice", None, "u-bob", None))

    assert await session_store.create(session) is True

    assert await session_store.get(session.id) == session
    assert await session_store.find_by_code(session.join_code) == session


async def test_a_join_code_already_in_use_is_refused_and_nothing_is_stored(
    session_store: SessionStore,
) -> None:
    first = new_session()
    second = new_session(join_code=first.join_code, seated=("u-carol", None))
    assert await session_store.create(first)

    assert await session_store.create(second) is False

    assert await session_store.get(second.id) is None
    assert await session_store.find_by_code(first.join_code) == first
    assert await session_store.games_of("u-carol") == []


async def test_unknown_ids_and_join_codes_read_as_none(session_store: SessionStore) -> None:
    await session_store.create(new_session())

    assert await session_store.get("no-such-game") is None
    assert await session_store.find_by_code("ZZZZZZ") is None


async def test_a_save_at_the_stored_version_is_accepted(session_store: SessionStore) -> None:
    session = new_session()
    await session_store.create(session)
    joined = session.with_player(Seat("u-bob", "Bob"), now=session.created_at + 5)

    assert await session_store.save(joined, expected_version=session.version) is True

    assert await session_store.get(session.id) == joined
    assert await session_store.find_by_code(session.join_code) == joined


async def test_a_stale_save_is_refused_and_the_newer_state_stands(session_store: SessionStore) -> None:
    session = new_session()
    await session_store.create(session)
    newer = session.with_player(Seat("u-bob", "Bob"), now=session.created_at + 5)
    stale = session.with_player(Seat("u-carol", "Carol"), now=session.created_at + 6)
    assert await session_store.save(newer, expected_version=1)

    assert await session_store.save(stale, expected_version=1) is False

    assert await session_store.get(session.id) == newer
    assert await session_store.games_of("u-carol") == []


async def test_a_save_that_expects_a_version_ahead_of_the_stored_one_is_refused(
    session_store: SessionStore,
) -> None:
    session = new_session()
    await session_store.create(session)
    ahead = replace(session, version=5, state={"x": 5})

    assert await session_store.save(ahead, expected_version=4) is False

    assert await session_store.get(session.id) == session


async def test_a_save_of_an_unknown_game_is_refused_and_stores_nothing(session_store: SessionStore) -> None:
    session = new_session()

    assert await session_store.save(session, expected_version=session.version) is False

    assert await session_store.get(session.id) is None
    assert await session_store.find_by_code(session.join_code) is None


async def test_the_store_keeps_its_own_copy_of_every_envelope(session_store: SessionStore) -> None:
    state: dict[str, Any] = {"x": 1, "nested": {"cards": ["01D"]}}
    session = new_session(state=state)
    expected = replace(session, state={"x": 1, "nested": {"cards": ["01D"]}})
    await session_store.create(session)

    state["x"] = 99
    state["nested"]["cards"].append("10S")
    loaded = await session_store.get(session.id)
    assert loaded is not None and loaded.state is not None
    loaded.state["nested"]["cards"].append("05C")

    assert await session_store.get(session.id) == expected


async def test_games_of_lists_a_users_games_newest_first(session_store: SessionStore) -> None:
    t = 1_700_000_000.0
    middle = new_session(created_at=t + 10, seated=("u-alice", None))
    oldest = new_session(created_at=t, seated=(None, "u-alice"))
    newest = new_session(created_at=t + 20, seated=("u-bob", "u-alice"))
    for session in (middle, oldest, newest):
        assert await session_store.create(session)

    assert await session_store.games_of("u-alice") == [newest, middle, oldest]
    assert await session_store.games_of("u-bob") == [newest]


async def test_games_of_lists_only_games_the_user_is_seated_in(session_store: SessionStore) -> None:
    hosted_only = new_session(seated=(None, None), creator_id="u-dana")
    elsewhere = new_session(seated=("u-erin", None))
    await session_store.create(hosted_only)
    await session_store.create(elsewhere)
    assert await session_store.games_of("u-dana") == []

    joined = hosted_only.with_player(Seat("u-dana", "Dana"), now=hosted_only.created_at + 1)
    assert await session_store.save(joined, expected_version=hosted_only.version)

    assert await session_store.games_of("u-dana") == [joined]
    assert await session_store.games_of("u-nobody") == []


async def test_a_session_idle_for_its_ttl_expires_and_frees_its_join_code(
    session_store: SessionStore, advance: Advance
) -> None:
    session = new_session()
    await session_store.create(session)
    await advance(SESSION_TTL_SECONDS * 0.6)
    assert await session_store.get(session.id) == session

    await advance(SESSION_TTL_SECONDS * 0.6)

    assert await session_store.get(session.id) is None
    assert await session_store.find_by_code(session.join_code) is None
    assert await session_store.games_of("u-alice") == []
    assert await session_store.save(session, expected_version=session.version) is False
    assert await session_store.create(new_session(join_code=session.join_code)) is True


async def test_every_save_slides_the_ttl(session_store: SessionStore, advance: Advance) -> None:
    session = new_session()
    await session_store.create(session)
    for step in range(3):
        await advance(SESSION_TTL_SECONDS * 0.6)
        later = session.advanced({"x": step}, now=session.updated_at + 1, finished=False)
        assert await session_store.save(later, expected_version=session.version)
        session = later

    await advance(SESSION_TTL_SECONDS * 0.6)
    assert await session_store.get(session.id) == session
    assert await session_store.find_by_code(session.join_code) == session

    await advance(SESSION_TTL_SECONDS * 0.6)
    assert await session_store.get(session.id) is None


async def test_count_live_counts_the_games_not_finished(
    session_store: SessionStore, advance: Advance
) -> None:
    lobby, playing = new_session(), new_session()
    assert await session_store.count_live() == 0
    await session_store.create(lobby)
    await session_store.create(playing)
    assert await session_store.count_live() == 2

    finished = replace(playing, phase="finished", version=playing.version + 1)
    assert await session_store.save(finished, expected_version=playing.version)
    assert await session_store.count_live() == 1

    await advance(SESSION_TTL_SECONDS * 1.3)
    assert await session_store.count_live() == 0
