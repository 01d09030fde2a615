"""The lobby's open tables, kept current on every lobby connection of a process."""

from __future__ import annotations

import asyncio
from typing import Any

from adapters.memory.clock import FakeClock
from adapters.memory.commits import MemoryCommits
from adapters.memory.deadlines import MemoryDeadlineQueue
from adapters.memory.lobby_notices import MemoryLobbyNotices
from adapters.memory.notifier import MemoryNotifier
from adapters.memory.session_store import MemorySessionStore
from application.games import Games
from application.identity import Identity
from application.lobby import TableChoices, create_game, join_game
from application.open_tables import LobbyFeed


class Watcher:
    def __init__(self) -> None:
        self.lists: list[list[dict[str, Any]]] = []

    async def tables(self, listed: list[dict[str, Any]]) -> None:
        self.lists.append(listed)


async def test_every_watcher_sees_a_public_table_appear_fill_up_and_go(
    games: Games, players: list[Identity], clock: FakeClock
) -> None:
    store = MemorySessionStore(clock)
    lobby = MemoryLobbyNotices()
    commits = MemoryCommits(store, MemoryDeadlineQueue(clock), MemoryNotifier(), lobby)
    games = Games(games.registry, store, commits, clock, games.matches, games.timeouts)
    feed = LobbyFeed(games, lobby, gather_seconds=0.01)
    runner = asyncio.create_task(feed.run())
    first, second = Watcher(), Watcher()
    await feed.attach(first)
    await feed.attach(second)
    assert first.lists == [[]]
    await asyncio.sleep(0.02)
    table = await create_game(games, players[0], "briscola_a_quattro", {}, TableChoices(public=True))
    await create_game(games, players[1], "briscola", {})  # private: nobody is told
    await asyncio.sleep(0.05)
    assert [[t["id"] for t in listed] for listed in first.lists] == [[], [table.id]]
    for player in players[1:4]:
        await join_game(games, player, table.join_code)
    await asyncio.sleep(0.05)
    assert first.lists[-1] == [] and second.lists == first.lists
    assert len(first.lists) == 3, "the joins arriving together were read once"
    runner.cancel()
