"""Matches the fault scenarios play, and the checks that a result was recorded exactly once.

Players are the integration suite's ``Guest`` and ``Socket``; every HTTP client
is watched for 5xx answers (``Watch``), and a socket the server closes while
a player still expects frames counts as dropped.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import subprocess
import sys
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

import httpx
from websockets.exceptions import ConnectionClosed

from domain.cards import Card, Suit
from domain.games.tricks.trick import Play, resolve
from entrypoints.http.context import COOKIE_NAME
from tests.e2e.processes import ServerProcess
from tests.integration.players import first_legal_move
from tests.integration.server import Guest, RunningServer, Socket

START_RATING = 1500


def running(server: ServerProcess) -> RunningServer:
    return RunningServer(server.base_url, server.ws_url, None)


def server_env(logging_config: str, **overrides: str) -> dict[str, str]:
    """A ``tavolo serve`` environment: embedded defaults unless overridden, short deadlines, a
    fast deadline-worker heartbeat and INFO logging. Empty values mean "unset" to tavolo."""
    env = {
        "REDIS_URL": "",
        "DATABASE_URL": "",
        "TURN_TIMEOUT_SECONDS": "2",
        "HAND_ACK_TIMEOUT_SECONDS": "0.5",
        "DEADLINE_HEARTBEAT_MS": "200",
        "BOT_MOVE_DELAY_SECONDS": "0.05",
        # Scripted players answer every frame at once: a briscola whose first deal is drawn
        # takes 41 messages from one player in well under a second, past the flood guard's
        # burst of 40. The guard has tests of its own; here it would only end matches early.
        "WS_RATE_PER_SECOND": "10000",
        "WS_RATE_BURST": "10000",
        "LOGGING_CONFIG": logging_config,
    }
    env.update(overrides)
    return env


async def tavolo_migrate(env: Mapping[str, str]) -> None:
    """``tavolo migrate`` as an operator runs it."""
    result = await asyncio.to_thread(
        subprocess.run,
        [sys.executable, "-m", "entrypoints.cli", "migrate"],
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        timeout=60,
        start_new_session=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr


@dataclass
class Watch:
    """What went wrong at the edge while a scenario ran: 5xx answers (other than the 503 a
    storage outage is specified to answer) and sockets the server dropped."""

    server_errors: int = 0
    sockets_dropped: int = 0
    seen: list[str] = field(default_factory=list)

    def http(self, client: httpx.AsyncClient) -> httpx.AsyncClient:
        async def on_response(response: httpx.Response) -> None:
            if response.status_code >= 500 and response.status_code != 503:
                self.server_errors += 1
                self.seen.append(
                    f"{response.request.method} {response.request.url.path} {response.status_code}"
                )

        client.event_hooks = {"request": [], "response": [on_response]}
        return client

    async def login(self, server: ServerProcess, name: str) -> Guest:
        guest = await Guest.login(running(server), name)
        self.http(guest.http)
        return guest


def client_on(server: ServerProcess, guest: Guest, watch: Watch | None = None) -> httpx.AsyncClient:
    """An HTTP client for ``guest`` on another process (the login lives in the shared Redis)."""
    client = httpx.AsyncClient(base_url=server.base_url, cookies={COOKIE_NAME: guest.cookie})
    return watch.http(client) if watch is not None else client


def is_final_move(game: dict[str, Any]) -> bool:
    """On a trick game's last trick, the player holding the last card ends the deal with it."""
    return bool(game.get("your_turn")) and sum(game.get("hand_counts", [])) == 1


class DealPoints:
    """The card points each side took so far in the current deal of a briscola, followed
    frame by frame from each completed trick. The deal's last card ends a match to one
    point unless the deal is drawn 60-60."""

    def __init__(self) -> None:
        self.deal: Any = None
        self.tricks = 0
        self.points: dict[str, int] = {}

    def see(self, game: dict[str, Any]) -> None:
        if "tricks_won" not in game:
            return
        if game.get("hand_number") != self.deal:
            self.deal, self.tricks, self.points = game.get("hand_number"), 0, {}
        total = sum(game["tricks_won"].values())
        last = game.get("last_trick")
        if total > self.tricks and last is not None:
            side = next(label for label, seats in game["teams"].items() if last["winner"] in seats)
            self.points[side] = self.points.get(side, 0) + int(last["points"])
        self.tricks = max(self.tricks, total)

    def ends_drawn(self, game: dict[str, Any]) -> bool:
        """Whether the caller's last card ends the deal 60-60 (then the match plays on)."""
        if "trump_suit" not in game or not game.get("hand"):
            return False
        plays = [Play(int(p["seat"]), Card.parse(p["card"])) for p in game["trick"]]
        done = resolve(
            [*plays, Play(int(game["seat"]), Card.parse(game["hand"][0]))], Suit(game["trump_suit"])
        )
        side = next(label for label, seats in game["teams"].items() if done.winner in seats)
        return self.points.get(side, 0) + done.points == 60


@dataclass
class Ending:
    game_over: dict[str, Any] | None = None
    sent_final: bool = False  # this player sent the move that (normally) ends the match
    closed_early: str | None = None  # it closed its own socket at the worst moment: "game_over" or "send"
    dropped: bool = False  # the server closed it before game_over
    why: str = ""  # how it was closed, when it was dropped: the close frame's code and reason


async def play_to_the_end(
    socket: Socket,
    *,
    close: str | None = None,
    before_final: Callable[[], Awaitable[None]] | None = None,
    after_final: Callable[[], Awaitable[None]] | None = None,
    timeout: float = 30.0,
    frame_timeout: float = 10.0,
) -> Ending:
    """Play the first legal move on every turn and ack every summary until ``game_over``.

    ``close="game_over"``: after sending the match's last card, close the socket the
    instant ``game_over`` arrives; ``close="send"``: close it right after sending that
    card, without waiting for anything. ``before_final``: run right before sending that
    card (e.g. stop the database); ``after_final``: run right after sending it (e.g. kill
    the server), then stop playing.
    """
    ending = Ending()
    acted = 0
    acked: set[Any] = set()
    points = DealPoints()
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    try:
        while True:
            frame = await socket.receive(min(frame_timeout, max(0.01, end - loop.time())))
            if frame["type"] == "game_over":
                ending.game_over = frame
                if close == "game_over" and ending.sent_final:
                    ending.closed_early = "game_over"
                    await socket.close()
                return ending
            if frame["type"] != "state":
                continue
            game = frame["game"]
            points.see(game)
            if game["version"] <= acted:
                continue
            if game.get("phase") == "hand_end" and game["seat"] not in game.get("acknowledged", []):
                if game.get("hand_number") not in acked:
                    acked.add(game.get("hand_number"))
                    acted = game["version"]
                    await socket.send({"action": "ack"})
            elif game.get("your_turn"):
                acted = game["version"]
                final = is_final_move(game) and not points.ends_drawn(game)  # a drawn deal plays on
                if final and before_final is not None:
                    await before_final()
                await socket.send(first_legal_move(game))
                if final:
                    ending.sent_final = True
                    if after_final is not None:
                        await after_final()
                        return ending
                    if close == "send":
                        ending.closed_early = "send"
                        await socket.close()
                        return ending
    except ConnectionClosed as closed:
        ending.dropped = True
        ending.why = f"{closed.rcvd.code} {closed.rcvd.reason!r}" if closed.rcvd else "no close frame"
        return ending


async def new_briscola(
    host: Guest, guest: Guest, host_server: RunningServer, guest_server: RunningServer | None = None
) -> tuple[str, Socket, Socket]:
    """A two-player briscola to one match point (one deal), both players connected."""
    created = await host.http.post(
        "/api/games", json={"game_type": "briscola", "options": {"target_score": 1}}
    )
    assert created.status_code == 201, created.text
    game_id = str(created.json()["id"])
    first = await Socket.open(host_server, game_id, host.cookie)
    joined = await guest.http.post("/api/games/join", json={"code": created.json()["join_code"]})
    assert joined.status_code == 200, joined.text
    second = await Socket.open(guest_server or host_server, game_id, guest.cookie)
    return game_id, first, second


# --- was it recorded, and once? --------------------------------------------------------------


async def history(client: httpx.AsyncClient) -> list[dict[str, Any]] | None:
    """The caller's whole history (up to 100 matches), or None when the server cannot say now."""
    try:
        response = await client.get("/api/me/matches", params={"limit": 100}, timeout=5)
    except httpx.TransportError:
        return None
    if response.status_code != 200:
        return None
    matches: list[dict[str, Any]] = response.json()["matches"]
    return matches


@dataclass
class Recording:
    game_id: str
    occurrences: list[int]  # per player: how many times the match is in that player's history

    @property
    def recorded(self) -> bool:
        return all(n >= 1 for n in self.occurrences)

    @property
    def lost(self) -> bool:
        return all(n == 0 for n in self.occurrences)

    @property
    def duplicated(self) -> bool:
        return any(n > 1 for n in self.occurrences)


async def wait_recorded(
    players: Sequence[httpx.AsyncClient], game_ids: Sequence[str], timeout: float
) -> list[Recording]:
    """Poll every player's history until each game is in it (or ``timeout`` passed)."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while True:
        seen: list[list[str]] = []
        for client in players:
            matches = await history(client)
            seen.append([m["id"] for m in matches] if matches is not None else [])
        recordings = [Recording(g, [ids.count(g) for ids in seen]) for g in game_ids]
        if all(r.recorded for r in recordings) or loop.time() > end:
            return recordings
        await asyncio.sleep(0.25)


async def rating_problems(client: httpx.AsyncClient, user_id: str, game_type: str) -> list[str]:
    """Whether the caller's rating moved exactly once per recorded match: its match count equals
    its history's, and its rating is the start plus the sum of its recorded Elo changes."""
    matches = await history(client) or []
    mine = [m for m in matches if m["game_type"] == game_type]
    deltas = [p["elo_delta"] for m in mine for p in m["players"] if p["user_id"] == user_id]
    response = await client.get("/api/me/ratings")
    if response.status_code != 200:
        return [f"{user_id}: GET /api/me/ratings answered {response.status_code}"]
    rows = [r for r in response.json()["ratings"] if r["game_type"] == game_type]
    if not mine:
        return [f"{user_id}: a rating with no recorded match: {rows}"] if rows else []
    if len(rows) != 1:
        return [f"{user_id}: {len(rows)} rating rows for {game_type}"]
    problems = []
    if rows[0]["matches"] != len(mine):
        problems.append(f"{user_id}: rating counts {rows[0]['matches']} matches, history {len(mine)}")
    if rows[0]["rating"] != START_RATING + sum(deltas):
        problems.append(f"{user_id}: rating {rows[0]['rating']} != {START_RATING} + {sum(deltas)}")
    return problems


class Closable(Protocol):
    async def close(self) -> None: ...


async def close_all(*things: Closable) -> None:
    for thing in things:
        with contextlib.suppress(Exception):  # best-effort: the server may have closed it already
            await thing.close()


class Seat:
    """A player's socket read in the background: every frame kept, and — once ``play()`` was
    called — the first legal move sent on every turn and every deal summary acknowledged."""

    def __init__(self, socket: Socket) -> None:
        self.socket = socket
        self.autoplay = False
        self.dropped = False
        self.closing = False
        self._acted = 0
        self._task: asyncio.Task[None] | None = None

    @classmethod
    async def open(cls, server: RunningServer, game_id: str, guest: Guest) -> Seat:
        seat = cls(await Socket.open(server, game_id, guest.cookie))
        seat._task = asyncio.create_task(seat._pump())
        return seat

    @property
    def frames(self) -> list[dict[str, Any]]:
        return self.socket.frames

    def view(self) -> dict[str, Any] | None:
        """The newest state this socket received."""
        states = [f["game"] for f in self.frames if f["type"] == "state"]
        return max(states, key=lambda g: int(g["version"]), default=None)

    def version(self) -> int:
        view = self.view()
        return 0 if view is None else int(view["version"])

    def game_over(self) -> dict[str, Any] | None:
        return next((f for f in self.frames if f["type"] == "game_over"), None)

    def errors(self, since: int = 0) -> list[dict[str, Any]]:
        return [f for f in self.frames[since:] if f["type"] == "error"]

    async def send(self, message: dict[str, Any]) -> bool:
        """False when the socket is closed already (the pump marks it dropped)."""
        try:
            await self.socket.send(message)
        except ConnectionClosed:
            self.dropped = self.dropped or not self.closing
            return False
        return True

    async def play(self) -> None:
        """Play from now on; ask for a fresh state so a turn already pending is not missed."""
        self.autoplay = True
        self._acted = 0
        await self.send({"action": "state"})

    async def _pump(self) -> None:
        try:
            while True:
                try:
                    frame = await self.socket.receive(timeout=3600)
                except TimeoutError:
                    continue
                if self.autoplay and frame["type"] == "state":
                    await self._act(frame["game"])
        except ConnectionClosed:
            self.dropped = not self.closing

    async def _act(self, game: dict[str, Any]) -> None:
        if game["version"] <= self._acted:
            return
        if game.get("phase") == "hand_end" and game["seat"] not in game.get("acknowledged", []):
            self._acted = game["version"]
            await self.send({"action": "ack"})
        elif game.get("your_turn"):
            self._acted = game["version"]
            await self.send(first_legal_move(game))

    async def close(self) -> None:
        self.closing = True
        with contextlib.suppress(Exception):
            await self.socket.close()  # the pump's receive ends with ConnectionClosed
        if self._task is not None:
            await stop_tasks(self._task)


async def stop_tasks(*tasks: asyncio.Task[Any]) -> None:
    """Cancel ``tasks`` and wait until each is done. Python 3.11's ``wait_for`` can swallow a cancel
    that races a frame's arrival (a reader reading with a timeout then never ends: CI hung on one
    for half an hour), so the cancel is asked again every second until it lands."""
    for task in tasks:
        while not task.done():
            task.cancel()
            await asyncio.wait({task}, timeout=1)


async def wait_for(condition: Callable[[], bool], timeout: float, step: float = 0.01) -> bool:
    """Poll ``condition`` until it holds (True) or ``timeout`` seconds passed (False)."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not condition():
        if loop.time() > end:
            return False
        await asyncio.sleep(step)
    return True
