"""Presence at a table: who has it open, shown to everyone on the table as it changes."""

from __future__ import annotations

import asyncio
from typing import Any

from adapters.memory.clock import FakeClock
from adapters.memory.notifier import MemoryNotifier
from adapters.memory.presence import MemoryPresence
from application.finding.lobby import create_game, join_game
from application.identity.caller import Identity
from application.playing.attendance import Attendance
from application.playing.computer_players import add_bot
from application.playing.hub import GameHub
from application.playing.live_games import LiveGames
from application.playing.views import SeatView


class Inbox:
    def __init__(self, user_id: str | None) -> None:
        self._user_id = user_id
        self.views: list[dict[str, Any]] = []
        self.presence: list[list[int]] = []

    @property
    def user_id(self) -> str | None:
        return self._user_id

    async def show(self, view: SeatView, events: list[dict[str, Any]], result: Any) -> None:
        self.views.append(view.fields())

    async def gone(self) -> None:
        raise AssertionError("the table is there")

    async def present(self, connected: list[int]) -> None:
        self.presence.append(connected)


async def settle() -> None:
    for _ in range(20):
        await asyncio.sleep(0)


async def test_each_seat_shows_whether_its_player_has_the_table_open(
    games: LiveGames, players: list[Identity], notifier: MemoryNotifier, clock: FakeClock
) -> None:
    presence = MemoryPresence(clock, notifier)
    attendance = Attendance(presence)
    hub = GameHub(games, notifier, presence)
    runner = asyncio.create_task(hub.run())
    await settle()
    table = await create_game(games, players[0], "scopone_scientifico", {})
    await add_bot(games, players[0], table.id, "easy", chair=3)
    await join_game(games, players[1], table.join_code)
    watcher = Inbox(None)
    await hub.attach(table.id, watcher)
    assert watcher.views[-1]["connected"] == [3], "computer players are always there"
    anna = await attendance.arrive(table.id, players[0].user_id)
    bruno = await attendance.arrive(table.id, players[1].user_id)
    await settle()
    assert watcher.presence[-1] == [0, 1, 3]
    await attendance.depart(bruno)
    await settle()
    assert watcher.presence[-1] == [0, 3], "Bruno left the page: away"
    await join_game(games, players[2], table.join_code)
    await settle()
    assert watcher.views[-1]["connected"] == [0, 3], "Carla sat down without the table open"
    await attendance.depart(anna)
    runner.cancel()


async def test_a_connection_of_a_process_that_died_lapses(
    games: LiveGames, players: list[Identity], notifier: MemoryNotifier, clock: FakeClock
) -> None:
    presence = MemoryPresence(clock, notifier)
    hub = GameHub(games, notifier, presence)
    runner = asyncio.create_task(hub.run())
    await settle()
    table = await create_game(games, players[0], "briscola", {})
    watcher = Inbox(None)
    await hub.attach(table.id, watcher)
    await Attendance(presence, lease_seconds=30).arrive(table.id, players[0].user_id)  # never renewed
    await settle()
    assert watcher.presence[-1] == [0]
    clock.advance(31)
    assert await presence.expire() == 1
    await settle()
    assert watcher.presence[-1] == []
    runner.cancel()
