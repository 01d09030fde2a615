"""Scripted arena players for the arena scenarios, and the checks their arena must pass.

An ``ArenaPlayer`` logs in as a guest on one server process, follows the arena
on its lobby socket there, joins (berserk or not) and then, each time the
socket tells it its table is ready, plays that match on the other process's
game socket, thinking a moment before each move as a person would, until the
arena is over. It notes when it waited (from the end of a game, or its join,
to its next table) and with whom it sat, for the checks below.

``recompute`` works the standings out from the recorded games by the rules
alone (2 a win, 1 a draw, doubled after two wins in a row, +1 a berserk win;
ties by performance), written here apart from ``domain.arenas`` so that a slip
there cannot hide itself.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from websockets.exceptions import ConnectionClosed

from tests.e2e.processes import ServerProcess
from tests.faults.matches import Watch, running
from tests.integration.lobby import LobbySocket
from tests.integration.players import first_legal_move
from tests.integration.server import Guest, Socket


@dataclass
class Wait:
    """One stretch in the pool: from ``since`` until ``until`` (``None``: the arena ended first),
    after a table with ``after`` (the others at it; empty for the first wait)."""

    since: float
    until: float | None
    after: frozenset[str]


@dataclass
class ArenaPlayer:
    name: str
    home: ServerProcess
    away: ServerProcess
    berserk: bool
    think: tuple[float, float]
    guest: Guest | None = None
    waits: list[Wait] = field(default_factory=list)
    tables: list[str] = field(default_factory=list)
    table_names: list[frozenset[str]] = field(default_factory=list)
    overlaps: list[str] = field(default_factory=list)
    dropped: int = 0

    @property
    def user_id(self) -> str:
        assert self.guest is not None
        return self.guest.user_id

    async def play(self, arena_id: str, ends_at: float, watch: Watch, rng: random.Random) -> None:
        self.guest = await watch.login(self.home, self.name)
        lobby = await LobbySocket.open(self.home.ws_url, self.guest.cookie)
        tables: asyncio.Queue[str] = asyncio.Queue()
        reading = asyncio.create_task(self._read_lobby(lobby, tables))  # as a browser does, all along
        try:
            await lobby.send({"action": "arena", "arena_id": arena_id})
            joined = await self.guest.http.post(
                f"/api/arenas/{arena_id}/join", json={"berserk": self.berserk}
            )
            assert joined.status_code == 200, joined.text
            waiting = Wait(time.time(), None, frozenset())
            while True:
                left = ends_at - time.time()
                try:
                    game_id = await asyncio.wait_for(tables.get(), timeout=max(0.5, left + 5))
                except TimeoutError:
                    self.waits.append(waiting)
                    return
                waiting.until = time.time()
                self.waits.append(waiting)
                if game_id in self.tables:
                    self.overlaps.append(f"{self.name} told twice of {game_id}")
                self.tables.append(game_id)
                others = await self._play_match(game_id, rng)
                self.table_names.append(others)
                waiting = Wait(time.time(), None, others)
        finally:
            reading.cancel()
            await asyncio.gather(reading, return_exceptions=True)
            await lobby.close()

    async def _read_lobby(self, lobby: LobbySocket, tables: asyncio.Queue[str]) -> None:
        """Read every frame of the lobby socket (keeping none: the standings come every second);
        hand on the tables it announces."""
        try:
            while True:
                frame = json.loads(await lobby.conn.recv())
                if frame["type"] == "arena_table":
                    await tables.put(frame["game_id"])
        except ConnectionClosed:
            self.dropped += 1

    async def _play_match(self, game_id: str, rng: random.Random) -> frozenset[str]:
        """Play ``game_id`` to its end on the other process; the names of the others at it."""
        assert self.guest is not None
        socket = await Socket.open(running(self.away), game_id, self.guest.cookie)
        others: frozenset[str] = frozenset()
        acted, sent = 0, None
        try:
            while True:
                frame = await socket.receive(timeout=120)
                if frame["type"] == "game_over":
                    return others
                if frame["type"] == "error" and frame["code"] == "busy" and sent is not None:
                    await asyncio.sleep(frame["retry_after_ms"] / 1000)
                    await socket.send(sent)
                    continue
                if frame["type"] != "state":
                    continue
                game = frame["game"]
                others = frozenset(p["name"] for p in game["players"] if p and p["name"] != self.name)
                if game["version"] <= acted:
                    continue
                sent = None
                if game.get("phase") == "hand_end" and game["seat"] not in game.get("acknowledged", []):
                    sent = {"action": "ack"}
                elif game.get("your_turn"):
                    await asyncio.sleep(rng.uniform(*self.think))
                    sent = first_legal_move(game)
                if sent is not None:
                    acted = game["version"]
                    await socket.send(sent)
        except ConnectionClosed:
            self.dropped += 1
            return others
        finally:
            await socket.close()


def unfair_waits(players: Sequence[ArenaPlayer], ends_at: float, longest: float) -> list[str]:
    """Pairs of players who both waited longer than ``longest`` seconds at the same time, before
    the end, though neither had just sat with the other: a table the pairing did not make."""
    found = []
    for i, p in enumerate(players):
        for q in players[i + 1 :]:
            for a in p.waits:
                for b in q.waits:
                    start = max(a.since, b.since)
                    end = min(a.until or ends_at, b.until or ends_at, ends_at)
                    if end - start > longest and q.name not in a.after and p.name not in b.after:
                        found.append(
                            f"{p.name} and {q.name} waited together {end - start:.1f} s,"
                            f" from {start - ends_at:.1f} s before the end"
                        )
    return found


@dataclass
class Recomputed:
    points: int = 0
    games: int = 0
    wins: int = 0
    losses: int = 0
    streak: int = 0
    opponents: float = 0.0

    @property
    def performance(self) -> int | None:
        if not self.games:
            return None
        return round(self.opponents / self.games + 400 * (self.wins - self.losses) / self.games)


def recompute(games: Sequence[dict[str, Any]]) -> dict[str, Recomputed]:
    """Every player's points from the recorded games (``GET /api/arenas/{id}/games``), by the rules."""
    sheets: dict[str, Recomputed] = defaultdict(Recomputed)
    for game in sorted(games, key=lambda g: (g["started_at"], g["game_id"])):
        for player in game["players"]:
            sheet = sheets[player["user_id"]]
            doubled = sheet.streak >= 2
            base = {"win": 2, "draw": 1, "loss": 0}[player["outcome"]]
            sheet.points += base * (2 if doubled else 1) + (
                1 if player["berserk"] and player["outcome"] == "win" else 0
            )
            sheet.games += 1
            sheet.wins += player["outcome"] == "win"
            sheet.losses += player["outcome"] == "loss"
            sheet.streak = sheet.streak + 1 if player["outcome"] == "win" else 0
            sheet.opponents += player["opponent_rating"]
    return dict(sheets)
