"""The listeners of a notifier: every listener gets every delivery, and a closed one is forgotten."""

from __future__ import annotations

import asyncio
import gc

from adapters.listeners import Listeners
from application.ports import Notification


async def test_every_listener_receives_every_notification_delivered_after_it_listened_in_order() -> None:
    listeners: Listeners[Notification] = Listeners()
    listeners.deliver(Notification("g0", 1))  # before anyone listened: nobody gets it
    first, second = listeners.listen(), listeners.listen()

    listeners.deliver(Notification("g1", 1))
    listeners.deliver(Notification(None))

    for listener in (first, second):
        assert [await anext(listener), await anext(listener)] == [Notification("g1", 1), Notification(None)]


async def test_a_closed_listener_no_longer_receives_and_the_others_still_do() -> None:
    listeners: Listeners[Notification] = Listeners()
    closed, open_ = listeners.listen(), listeners.listen()
    listeners.deliver(Notification("g1", 1))
    assert await anext(closed) == Notification("g1", 1)

    await closed.aclose()
    listeners.deliver(Notification("g1", 2))

    assert [await anext(open_), await anext(open_)] == [Notification("g1", 1), Notification("g1", 2)]
    assert len(listeners) == 1


async def test_a_listener_dropped_without_being_closed_is_forgotten() -> None:
    listeners: Listeners[Notification] = Listeners()
    kept = listeners.listen()
    dropped = listeners.listen()
    del dropped
    gc.collect()
    await asyncio.sleep(0)

    listeners.deliver(Notification("g1", 1))

    assert await anext(kept) == Notification("g1", 1)
    assert len(listeners) == 1
