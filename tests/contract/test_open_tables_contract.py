"""The open tables, for every adapter: ``GameStore.open_tables``, the lobby TTL of
``Commits`` and the ``LobbyNotices`` it tells.

A table is listed while it is ``LiveGame.listed``: public, in the lobby, with
a free seat and a person at it. The lobby is told of every commit of a table that
is listed or was until that commit. A test listens before its first commit and
hears each notice it expects (one still on its way when ``listen`` was called
may arrive too). Absence of a notice is checked last in a test, by waiting a
moment in which nothing may arrive (notices carry nothing to tell one from
another, so a marker cannot stand in).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from dataclasses import replace

from domain.live_game import LiveGame, Seat
from tests.contract import (
    GAME_TTL_SECONDS,
    LOBBY_TTL_SECONDS,
    Advance,
    CommitSetup,
    create,
    new_session,
)

RECEIVE_TIMEOUT = 2.0
QUIET_SECONDS = 0.3
T0 = 1_700_000_000.0


def public_lobby(created_at: float = T0, seated: tuple[str | None, ...] = ("u-alice", None)) -> LiveGame:
    return replace(new_session(created_at=created_at, seated=seated), public=True)


async def commit(setup: CommitSetup, before: LiveGame, after: LiveGame) -> LiveGame:
    assert await setup.commits.commit(after, before.version, ())
    return after


async def start(setup: CommitSetup, before: LiveGame, at: float) -> LiveGame:
    """Commit the change that starts the match of ``before``, saying so."""
    after = before.started({"hands": []}, now=at)
    assert await setup.commits.commit(after, before.version, (), started=True)
    return after


async def told(listener: AsyncIterator[None]) -> None:
    """The lobby hears a notice (within a couple of seconds)."""
    async with asyncio.timeout(RECEIVE_TIMEOUT):
        await anext(listener)


async def told_nothing_more(listener: AsyncIterator[None]) -> None:
    """No further notice arrives for a moment (this ends the listener: check it last)."""
    try:
        async with asyncio.timeout(QUIET_SECONDS):
            await anext(listener)
    except TimeoutError:
        return
    raise AssertionError("the lobby was told of a change it should not hear about")


# --- what is listed ------------------------------------------------------------


async def test_a_public_lobby_with_a_free_seat_and_somebody_at_it_is_listed(
    commit_setup: CommitSetup,
) -> None:
    table = public_lobby()

    assert await create(commit_setup.commits, table)

    assert await commit_setup.store.open_tables(10) == [table]


async def test_a_private_lobby_is_not_listed(commit_setup: CommitSetup) -> None:
    private = new_session(seated=("u-alice", None, None))
    assert await create(commit_setup.commits, private)

    await commit(commit_setup, private, private.with_player(Seat("u-bob", "Bob"), now=T0 + 1))

    assert await commit_setup.store.open_tables(10) == []


async def test_a_table_whose_last_seat_is_taken_leaves_the_list(commit_setup: CommitSetup) -> None:
    table = public_lobby()
    await create(commit_setup.commits, table)

    await commit(commit_setup, table, table.with_player(Seat("u-bob", "Bob"), now=T0 + 1))

    assert await commit_setup.store.open_tables(10) == []


async def test_a_table_whose_match_started_leaves_the_list(commit_setup: CommitSetup) -> None:
    table = public_lobby(seated=("u-alice", None, None, None))
    await create(commit_setup.commits, table)

    await start(commit_setup, table, at=T0 + 1)

    assert await commit_setup.store.open_tables(10) == []


async def test_a_table_everybody_left_leaves_the_list(commit_setup: CommitSetup) -> None:
    table = public_lobby()
    await create(commit_setup.commits, table)

    await commit(commit_setup, table, table.without_players((0,), now=T0 + 1))

    assert await commit_setup.store.open_tables(10) == []


async def test_a_table_with_only_computer_players_is_not_listed(commit_setup: CommitSetup) -> None:
    table = public_lobby(seated=(None, None, None))
    await create(commit_setup.commits, table)

    await commit(commit_setup, table, table.with_player(Seat("bot-1", "Bot", bot=True), now=T0 + 1))

    assert await commit_setup.store.open_tables(10) == []


async def test_a_table_comes_back_on_the_list_when_a_seat_is_freed(commit_setup: CommitSetup) -> None:
    table = public_lobby()
    await create(commit_setup.commits, table)
    full = await commit(commit_setup, table, table.with_player(Seat("u-bob", "Bob"), now=T0 + 1))

    freed = await commit(commit_setup, full, full.without_players((1,), now=T0 + 2))

    assert await commit_setup.store.open_tables(10) == [freed]


async def test_the_open_tables_come_oldest_first_and_no_more_than_asked(commit_setup: CommitSetup) -> None:
    middle = public_lobby(created_at=T0 + 10, seated=("u-alice", None))
    oldest = public_lobby(created_at=T0, seated=("u-bob", None))
    newest = public_lobby(created_at=T0 + 20, seated=("u-carol", None))
    for table in (middle, oldest, newest):
        assert await create(commit_setup.commits, table)

    assert await commit_setup.store.open_tables(10) == [oldest, middle, newest]
    assert await commit_setup.store.open_tables(2) == [oldest, middle]
    assert await commit_setup.store.open_tables(0) == []


async def test_the_open_tables_show_each_tables_latest_version(commit_setup: CommitSetup) -> None:
    table = public_lobby(seated=("u-alice", None, None, None))
    await create(commit_setup.commits, table)

    joined = await commit(commit_setup, table, table.with_player(Seat("u-bob", "Bob"), now=T0 + 1))

    assert await commit_setup.store.open_tables(10) == [joined]


# --- lifetimes -------------------------------------------------------------------


async def test_a_lobby_expires_after_the_lobby_ttl_while_a_started_game_keeps_the_game_ttl(
    commit_setup: CommitSetup, advance: Advance
) -> None:
    store = commit_setup.store
    lobby = public_lobby(seated=("u-alice", None))
    waiting = public_lobby(seated=("u-bob", None, None, None))
    await create(commit_setup.commits, lobby)
    await create(commit_setup.commits, waiting)
    playing = await start(commit_setup, waiting, at=T0 + 1)

    await advance(LOBBY_TTL_SECONDS * 1.3)

    assert await store.get(lobby.id) is None
    assert await store.find_by_code(lobby.join_code) is None
    assert await store.open_tables(10) == []
    assert await store.get(playing.id) == playing
    assert await store.find_by_code(playing.join_code) == playing
    assert await store.games_of("u-bob") == [playing]

    await advance(GAME_TTL_SECONDS - LOBBY_TTL_SECONDS * 1.3 + 0.3)

    assert await store.get(playing.id) is None
    assert await store.count_live() == 0


async def test_a_listed_lobby_stays_listed_while_it_is_committed_within_the_lobby_ttl(
    commit_setup: CommitSetup, advance: Advance
) -> None:
    table = public_lobby(seated=("u-alice", None, None, None))
    await create(commit_setup.commits, table)
    await advance(LOBBY_TTL_SECONDS * 0.7)

    joined = await commit(commit_setup, table, table.with_player(Seat("u-bob", "Bob"), now=T0 + 1))
    await advance(LOBBY_TTL_SECONDS * 0.5)  # past the first listing's end, half a TTL before the commit's

    assert await commit_setup.store.open_tables(10) == [joined]
    await advance(LOBBY_TTL_SECONDS * 0.8)
    assert await commit_setup.store.open_tables(10) == []


# --- the lobby is told -----------------------------------------------------------


async def test_the_lobby_is_told_when_a_listed_table_is_committed(commit_setup: CommitSetup) -> None:
    listener = commit_setup.lobby.listen()
    table = public_lobby(seated=("u-alice", None, None, None))

    await create(commit_setup.commits, table)
    await told(listener)
    await commit(commit_setup, table, table.with_player(Seat("u-bob", "Bob"), now=T0 + 1))
    await told(listener)

    await told_nothing_more(listener)


async def test_the_lobby_is_told_once_when_a_table_leaves_the_list_and_then_no_more(
    commit_setup: CommitSetup,
) -> None:
    listener = commit_setup.lobby.listen()
    table = public_lobby()
    await create(commit_setup.commits, table)
    await told(listener)

    full = await commit(commit_setup, table, table.with_player(Seat("u-bob", "Bob"), now=T0 + 1))
    await told(listener)
    await start(commit_setup, full, at=T0 + 2)

    await told_nothing_more(listener)


async def test_the_lobby_is_not_told_of_a_private_tables_commits(commit_setup: CommitSetup) -> None:
    listener = commit_setup.lobby.listen()
    private = new_session(seated=("u-alice", None, None, None))

    await create(commit_setup.commits, private)
    await commit(commit_setup, private, private.with_player(Seat("u-bob", "Bob"), now=T0 + 1))

    await told_nothing_more(listener)


async def test_every_listener_of_the_lobby_is_told(commit_setup: CommitSetup) -> None:
    listeners = [commit_setup.lobby.listen() for _ in range(3)]

    await create(commit_setup.commits, public_lobby())

    for listener in listeners:
        await told(listener)


async def test_a_refused_commit_tells_the_lobby_nothing(commit_setup: CommitSetup) -> None:
    listener = commit_setup.lobby.listen()
    table = public_lobby(seated=("u-alice", None, None, None))
    await create(commit_setup.commits, table)
    await told(listener)

    stale = table.with_player(Seat("u-bob", "Bob"), now=T0 + 1)
    assert await commit_setup.commits.commit(stale, table.version + 1, ()) is False
    assert await create(commit_setup.commits, replace(public_lobby(), join_code=table.join_code)) is False

    await told_nothing_more(listener)
