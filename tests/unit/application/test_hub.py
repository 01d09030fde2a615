from __future__ import annotations

import asyncio
import dataclasses
from typing import Any

import pytest

from adapters.memory.clock import FakeClock
from adapters.memory.notifier import MemoryNotifier
from application.identity.caller import Identity
from application.playing.hub import GameHub
from application.playing.live_games import LiveGames
from application.playing.play import act
from application.playing.views import SeatView
from application.ports import Notification, StorageUnavailable
from tests.unit.application.helpers import legal_play, player_on_turn, started_game


class Inbox:
    def __init__(self, user_id: str | None) -> None:
        self._user_id = user_id
        self.messages: list[dict[str, Any]] = []

    @property
    def user_id(self) -> str | None:
        return self._user_id

    async def show(self, view: SeatView, events: list[dict[str, Any]], result: dict[str, Any] | None) -> None:
        self.messages.append({"game": view.fields(), "events": events, "result": result})

    async def gone(self) -> None:
        self.messages.append({"gone": True})

    async def present(self, connected: list[int]) -> None:
        self.messages.append({"connected": connected})


async def settle() -> None:
    for _ in range(20):
        await asyncio.sleep(0)


async def test_each_connection_gets_its_own_view_after_a_move(
    games: LiveGames, players: list[Identity], notifier: MemoryNotifier
) -> None:
    session = await started_game(games, players)
    hub = GameHub(games, notifier)
    runner = asyncio.create_task(hub.run())
    await settle()  # the hub listens once it runs
    inboxes = [Inbox(p.user_id) for p in players[:4]] + [Inbox(None)]
    for inbox in inboxes:
        await hub.attach(session.id, inbox)
    player, view = await player_on_turn(games, session.id, players)
    await act(games, session.id, player.user_id, legal_play(view))
    await settle()
    for seat, inbox in enumerate(inboxes):
        assert [m["game"]["version"] for m in inbox.messages] == [session.version, session.version + 1]
        latest = inbox.messages[-1]["game"]
        if seat < 4:
            assert latest["seat"] == seat and "hand" in latest
        else:
            assert latest["spectator"] is True and "hand" not in latest
    runner.cancel()


async def test_a_snapshot_carries_no_events_and_a_change_carries_its_own(
    games: LiveGames, players: list[Identity], notifier: MemoryNotifier
) -> None:
    session = await started_game(games, players)  # its last change dealt every hand
    hub = GameHub(games, notifier)
    runner = asyncio.create_task(hub.run())
    await settle()
    inbox = Inbox(players[0].user_id)
    await hub.attach(session.id, inbox)
    await hub.resend(session.id, inbox)
    player, view = await player_on_turn(games, session.id, players)
    await act(games, session.id, player.user_id, legal_play(view))
    await settle()
    attach, resend, move = inbox.messages
    assert attach["events"] == [] and resend["events"] == []
    assert move["events"][0]["kind"] == "play"
    assert move["events"][0]["seat"] == view["seat"]
    runner.cancel()


async def test_a_process_shows_a_version_it_holds_without_decoding_the_announced_envelope(
    games: LiveGames, players: list[Identity], notifier: MemoryNotifier
) -> None:
    session = await started_game(games, players)
    hub = GameHub(games, notifier)
    inbox = Inbox(players[0].user_id)
    await hub.attach(session.id, inbox)
    player, view = await player_on_turn(games, session.id, players)
    await act(games, session.id, player.user_id, legal_play(view))  # this process holds the new version
    decoded: list[int] = []

    def decode() -> None:
        decoded.append(1)
        return

    await hub.on_notification(Notification(session.id, session.version + 1, decode=decode))
    assert decoded == []
    assert inbox.messages[-1]["game"]["version"] == session.version + 1
    assert inbox.messages[-1]["events"][0]["kind"] == "play"


async def test_a_resync_brings_every_connection_up_to_date(
    games: LiveGames, players: list[Identity], notifier: MemoryNotifier
) -> None:
    session = await started_game(games, players)
    hub = GameHub(games, notifier)
    inbox = Inbox(players[0].user_id)
    await hub.attach(session.id, inbox)
    player, view = await player_on_turn(games, session.id, players)
    await act(games, session.id, player.user_id, legal_play(view))  # the hub is not listening: "lost"
    assert inbox.messages[-1]["game"]["version"] == session.version
    await hub.on_notification(Notification(None))
    assert inbox.messages[-1]["game"]["version"] == session.version + 1


async def test_the_hub_resubscribes_and_resyncs_when_its_subscription_fails(
    games: LiveGames, players: list[Identity], monkeypatch, notifier: MemoryNotifier
) -> None:
    import application.playing.hub as hub_module

    monkeypatch.setattr(hub_module, "RESUBSCRIBE_PAUSE", 0.0)
    session = await started_game(games, players)
    calls = {"n": 0}
    real_listen = notifier.listen

    def flaky_listen():  # the first subscription dies at once, the next one works
        calls["n"] += 1
        if calls["n"] == 1:
            raise ConnectionError("pub/sub connection lost")
        return real_listen()

    monkeypatch.setattr(notifier, "listen", flaky_listen)
    hub = GameHub(games, notifier)
    inbox = Inbox(players[0].user_id)
    await hub.attach(session.id, inbox)
    player, view = await player_on_turn(games, session.id, players)
    await act(games, session.id, player.user_id, legal_play(view))  # published while nobody listens
    runner = asyncio.create_task(hub.run())
    await settle()  # the hub listens once it runs
    await settle()
    assert calls["n"] == 2
    assert inbox.messages[-1]["game"]["version"] == session.version + 1
    runner.cancel()


class FlakyStore:
    """The games's store, unreachable while ``down`` is set."""

    def __init__(self, store: Any) -> None:
        self._store = store
        self.down = False

    def __getattr__(self, name: str) -> Any:
        real = getattr(self._store, name)

        async def call(*args: Any, **kwargs: Any) -> Any:
            if self.down:
                raise StorageUnavailable("store stopped")
            return await real(*args, **kwargs)

        return call


async def test_a_watched_game_that_is_no_longer_stored_is_announced_gone(
    games: LiveGames, players: list[Identity], clock: FakeClock, notifier: MemoryNotifier
) -> None:
    session = await started_game(games, players)
    hub = GameHub(games, notifier)
    inbox = Inbox(players[0].user_id)
    await hub.attach(session.id, inbox)
    clock.advance(3601)  # past the store's TTL: as if Redis had restarted without its data
    await hub.on_notification(Notification(None))
    assert inbox.messages[-1] == {"gone": True}


async def test_a_fan_out_without_storage_is_retried_until_storage_comes_back(
    games: LiveGames, players: list[Identity], monkeypatch: pytest.MonkeyPatch, notifier: MemoryNotifier
) -> None:
    import application.playing.hub as hub_module

    monkeypatch.setattr(hub_module, "RESYNC_RETRY_SECONDS", 0.01)
    session = await started_game(games, players)
    store = FlakyStore(games.store)
    games = dataclasses.replace(games, store=store)
    hub = GameHub(games, notifier)
    inbox = Inbox(players[0].user_id)
    await hub.attach(session.id, inbox)
    player, view = await player_on_turn(games, session.id, players)
    await act(games, session.id, player.user_id, legal_play(view))  # nobody listens yet: lost
    runner = asyncio.create_task(hub.run())
    await settle()
    store.down = True
    games.live.forget(session.id)  # as in a process that did not make the move
    await notifier.publish(session.id, session.version + 1)  # no envelope: the hub must read
    await asyncio.sleep(0.05)  # a few failed retries
    assert inbox.messages[-1]["game"]["version"] == session.version
    store.down = False
    await asyncio.sleep(0.05)
    assert inbox.messages[-1]["game"]["version"] == session.version + 1
    assert not runner.done()
    runner.cancel()


async def test_an_attach_without_storage_follows_nothing_and_can_be_tried_again(
    games: LiveGames, players: list[Identity], notifier: MemoryNotifier
) -> None:
    session = await started_game(games, players)
    store = FlakyStore(games.store)
    hub = GameHub(dataclasses.replace(games, store=store), notifier)
    inbox = Inbox(players[0].user_id)
    store.down = True
    with pytest.raises(StorageUnavailable):
        await hub.attach(session.id, inbox)
    assert not hub.is_attached(session.id, inbox) and hub.connection_count == 0
    store.down = False
    await hub.attach(session.id, inbox)
    assert hub.is_attached(session.id, inbox)
    assert inbox.messages[-1]["game"]["version"] == session.version
