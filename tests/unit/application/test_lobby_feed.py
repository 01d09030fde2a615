"""The lobby's open tables, kept current on every lobby connection of a process."""

from __future__ import annotations

import asyncio
from typing import Any

from adapters.memory.clock import FakeClock
from adapters.memory.commits import MemoryCommits
from adapters.memory.deadlines import MemoryDeadlineQueue
from adapters.memory.game_store import MemoryGameStore
from adapters.memory.lobby_notices import MemoryLobbyNotices
from adapters.memory.notifier import MemoryNotifier
from application.finding.lobby import TableChoices, create_game, join_game
from application.finding.open_tables import LobbyFeed
from application.identity.caller import Identity
from application.playing.live_games import LiveGames


class Watcher:
    def __init__(self) -> None:
        self.lists: list[list[dict[str, Any]]] = []

    async def tables(self, listed: list[dict[str, Any]]) -> None:
        self.lists.append(listed)


async def test_every_watcher_sees_a_public_table_appear_fill_up_and_go(
    games: LiveGames, players: list[Identity], clock: FakeClock
) -> None:
    store = MemoryGameStore(clock)
    lobby = MemoryLobbyNotices()
    commits = MemoryCommits(store, MemoryDeadlineQueue(clock), MemoryNotifier(), lobby)
    games = LiveGames(games.registry, store, commits, clock, games.matches, games.timeouts)
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
