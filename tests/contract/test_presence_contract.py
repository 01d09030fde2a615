"""The ``Presence`` contract, for every adapter: who has a connection open on each game.

Each change of a game's users is announced on the game's notifications, which a
notifier of the same space (``presence_setup.notifier``) delivers to the
listeners of a process watching that game. Absence of an announcement is checked
with a marker: make a change that must be announced, and it must be the next
announcement heard (the announcements of one game keep their order).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

from application.ports import Connection, Notification
from tests.contract import PRESENCE_LEASE_SECONDS, Advance, PresenceSetup
from tests.contract.test_notifier_contract import close

RECEIVE_TIMEOUT = 2.0
LEASE = PRESENCE_LEASE_SECONDS
GAME = "g-presence"


def alice(connection: str = "c-a1", game: str = GAME) -> Connection:
    return Connection(game, "u-alice", connection)


def bob(connection: str = "c-b1", game: str = GAME) -> Connection:
    return Connection(game, "u-bob", connection)


async def watching(setup: PresenceSetup, game: str = GAME) -> AsyncIterator[Notification]:
    listener = setup.notifier.listen()
    await setup.notifier.watch(game)
    return listener


async def next_presence(listener: AsyncIterator[Notification]) -> Notification:
    """The next presence announcement (resyncs, allowed at any time, are skipped)."""
    while True:
        async with asyncio.timeout(RECEIVE_TIMEOUT):
            notification = await anext(listener)
        if notification.present is not None:
            return notification


def present(*users: str, game: str = GAME) -> Notification:
    return Notification(game, present=frozenset(users))


async def test_nobody_is_here_on_a_game_nobody_connected_to(presence_setup: PresenceSetup) -> None:
    assert await presence_setup.presence.here(GAME) == frozenset()


async def test_a_connection_that_arrives_is_here_and_announced(presence_setup: PresenceSetup) -> None:
    listener = await watching(presence_setup)

    await presence_setup.presence.arrive(alice(), LEASE)

    assert await presence_setup.presence.here(GAME) == {"u-alice"}
    assert await next_presence(listener) == present("u-alice")
    await close(listener)


async def test_a_connection_that_departs_is_gone_and_the_new_set_announced(
    presence_setup: PresenceSetup,
) -> None:
    presence = presence_setup.presence
    listener = await watching(presence_setup)
    await presence.arrive(alice(), LEASE)
    await presence.arrive(bob(), LEASE)

    await presence.depart(alice())

    assert await presence.here(GAME) == {"u-bob"}
    assert await next_presence(listener) == present("u-alice")
    assert await next_presence(listener) == present("u-alice", "u-bob")
    assert await next_presence(listener) == present("u-bob")
    await presence.depart(bob())
    assert await next_presence(listener) == present()
    assert await presence.here(GAME) == frozenset()
    await close(listener)


async def test_two_connections_of_one_user_count_once_and_the_user_stays_until_both_left(
    presence_setup: PresenceSetup,
) -> None:
    presence = presence_setup.presence
    listener = await watching(presence_setup)
    await presence.arrive(alice("c-a1"), LEASE)
    await presence.arrive(alice("c-a2"), LEASE)
    assert await presence.here(GAME) == {"u-alice"}

    await presence.depart(alice("c-a1"))
    assert await presence.here(GAME) == {"u-alice"}
    await presence.arrive(bob(), LEASE)  # the marker: nothing was announced in between

    assert await next_presence(listener) == present("u-alice")
    assert await next_presence(listener) == present("u-alice", "u-bob")
    await presence.depart(alice("c-a2"))
    assert await presence.here(GAME) == {"u-bob"}
    assert await next_presence(listener) == present("u-bob")
    await close(listener)


async def test_a_departure_of_a_connection_that_never_arrived_changes_and_announces_nothing(
    presence_setup: PresenceSetup,
) -> None:
    presence = presence_setup.presence
    listener = await watching(presence_setup)

    await presence.depart(alice("c-never"))
    await presence.arrive(bob(), LEASE)  # the marker

    assert await next_presence(listener) == present("u-bob")
    assert await presence.here(GAME) == {"u-bob"}
    await close(listener)


async def test_each_game_has_its_own_users_and_announcements(presence_setup: PresenceSetup) -> None:
    presence = presence_setup.presence
    listener = await watching(presence_setup, "g-watched")

    await presence.arrive(alice(game="g-other"), LEASE)
    await presence.arrive(bob(game="g-watched"), LEASE)

    assert await presence.here("g-other") == {"u-alice"}
    assert await presence.here("g-watched") == {"u-bob"}
    assert await next_presence(listener) == present("u-bob", game="g-watched")
    await close(listener)


async def test_a_connection_not_renewed_lapses_and_expire_announces_it(
    presence_setup: PresenceSetup, advance: Advance
) -> None:
    presence = presence_setup.presence
    listener = await watching(presence_setup)
    await presence.arrive(alice(), LEASE)
    await presence.arrive(bob(), LEASE * 10)

    await advance(LEASE * 1.3)

    assert await presence.here(GAME) == {"u-bob"}  # lapsed, even before expire() ran
    assert await presence.expire() == 1
    assert await next_presence(listener) == present("u-alice")
    assert await next_presence(listener) == present("u-alice", "u-bob")
    assert await next_presence(listener) == present("u-bob")
    assert await presence.here(GAME) == {"u-bob"}
    assert await presence.expire() == 0
    await close(listener)


async def test_a_renewed_connection_stays(presence_setup: PresenceSetup, advance: Advance) -> None:
    presence = presence_setup.presence
    await presence.arrive(alice("c-a1"), LEASE)
    await presence.arrive(bob("c-b1", game="g-elsewhere"), LEASE)

    for _ in range(2):
        await advance(LEASE * 0.6)
        await presence.renew([alice("c-a1"), bob("c-b1", game="g-elsewhere")], LEASE)
    await advance(LEASE * 0.6)

    assert await presence.here(GAME) == {"u-alice"}
    assert await presence.here("g-elsewhere") == {"u-bob"}
    assert await presence.expire() == 0


async def test_renewing_one_connection_of_a_user_keeps_the_user_after_the_other_lapsed(
    presence_setup: PresenceSetup, advance: Advance
) -> None:
    presence = presence_setup.presence
    listener = await watching(presence_setup)
    await presence.arrive(alice("c-a1"), LEASE)
    await presence.arrive(alice("c-a2"), LEASE)

    await advance(LEASE * 0.6)
    await presence.renew([alice("c-a2")], LEASE)
    await advance(LEASE * 0.6)

    assert await presence.here(GAME) == {"u-alice"}
    assert await presence.expire() == 1
    await presence.arrive(bob(), LEASE)  # the marker: the expiry announced nothing
    assert await next_presence(listener) == present("u-alice")
    assert await next_presence(listener) == present("u-alice", "u-bob")
    await close(listener)


async def test_renewing_nothing_is_harmless(presence_setup: PresenceSetup) -> None:
    await presence_setup.presence.renew([], LEASE)

    assert await presence_setup.presence.here(GAME) == frozenset()
