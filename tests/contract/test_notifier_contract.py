"""The ``Notifier`` contract, for every adapter.

A listener receives what is published after ``listen()`` returned and the game
was watched. Absence is checked with a marker: publish the unwanted message,
then a wanted one, and the wanted one must come next (one publisher's messages
keep their order).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

from application.ports import Notification, Notifier

RECEIVE_TIMEOUT = 2.0


async def next_change(listener: AsyncIterator[Notification]) -> Notification:
    """The next game notification, skipping "resync everything" ones (allowed at any time)."""
    while True:
        async with asyncio.timeout(RECEIVE_TIMEOUT):
            notification = await anext(listener)
        if notification.game_id is not None:
            return notification


async def close(listener: AsyncIterator[Notification]) -> None:
    aclose = getattr(listener, "aclose", None)
    if aclose is not None:
        await aclose()


async def test_a_listener_receives_the_notifications_of_a_watched_game(notifier: Notifier) -> None:
    listener = notifier.listen()
    await notifier.watch("g1")

    await notifier.publish("g1", 7)
    await notifier.publish("g1", 8)

    assert await next_change(listener) == Notification("g1", 7)
    assert await next_change(listener) == Notification("g1", 8)
    await close(listener)


async def test_notifications_of_unwatched_games_are_not_delivered(notifier: Notifier) -> None:
    listener = notifier.listen()
    await notifier.watch("g1")

    await notifier.publish("g2", 3)
    await notifier.publish("g1", 4)

    assert await next_change(listener) == Notification("g1", 4)
    await close(listener)


async def test_every_listener_receives_every_notification(notifier: Notifier) -> None:
    listeners = [notifier.listen() for _ in range(3)]
    await notifier.watch("g1")
    await notifier.watch("g2")

    await notifier.publish("g1", 2)
    await notifier.publish("g2", 5)

    for listener in listeners:
        assert await next_change(listener) == Notification("g1", 2)
        assert await next_change(listener) == Notification("g2", 5)
        await close(listener)


async def test_a_game_watched_twice_and_unwatched_once_is_still_delivered(notifier: Notifier) -> None:
    listener = notifier.listen()
    await notifier.watch("g1")
    await notifier.watch("g1")

    await notifier.unwatch("g1")
    await notifier.publish("g1", 9)

    assert await next_change(listener) == Notification("g1", 9)
    await close(listener)


async def test_after_the_last_unwatch_a_game_is_no_longer_delivered(notifier: Notifier) -> None:
    listener = notifier.listen()
    await notifier.watch("g1")
    await notifier.watch("g1")
    await notifier.watch("marker")

    await notifier.unwatch("g1")
    await notifier.unwatch("g1")
    await notifier.publish("g1", 10)
    await notifier.publish("marker", 1)

    assert await next_change(listener) == Notification("marker", 1)
    await close(listener)


async def test_an_unwatch_without_a_watch_is_harmless(notifier: Notifier) -> None:
    listener = notifier.listen()
    await notifier.unwatch("g1")
    await notifier.watch("g1")

    await notifier.publish("g1", 1)

    assert await next_change(listener) == Notification("g1", 1)
    await close(listener)
