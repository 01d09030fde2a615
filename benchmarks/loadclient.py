"""The load client: drives 4-player games against tavolo, the bare Sanic fan-out
baseline or boardgame.io, with one protocol-neutral game loop.

A move is sent by the seat on turn; its round trip ends when all four seats have
received a state newer than the one the move was made on. A move the server refuses
as ``busy`` is counted, waited out for its ``retry_after_ms`` and made again, as a
real client does; the round trip of the move it finally made counts from that try.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import random
import time
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import httpx
import orjson
from websockets.asyncio.client import ClientConnection, connect

SEATS = 4
MOVE_TIMEOUT = 10.0
LOCAL_ADDRESSES = [f"127.0.0.{n}" for n in range(2, 10)]  # spread ports: 28k ephemeral ports per address


class Refused(Exception):
    """The server refused the move as busy; try again after ``retry_after_s``."""

    def __init__(self, retry_after_s: float) -> None:
        super().__init__(retry_after_s)
        self.retry_after_s = retry_after_s


class Game:
    """The four seats' latest views of one game and the round trip in flight."""

    __slots__ = ("conns", "extra", "key", "late", "readers", "versions", "views", "waiting")

    def __init__(self, key: str, extra: Any = None) -> None:
        self.key = key
        self.extra = extra
        self.versions = [0] * SEATS
        self.views: list[Any] = [None] * SEATS
        self.conns: list[Any] = [None] * SEATS
        self.readers: list[asyncio.Task[None]] = []
        self.waiting: tuple[int, asyncio.Future[None]] | None = None
        self.late: list[float] | None = None  # deadline lateness samples, when watched

    @property
    def version(self) -> int:
        return min(self.versions)

    def on_busy(self, retry_after_ms: float) -> None:
        """The move in flight was refused as busy: its wait ends now, with the server's hint."""
        waiting = self.waiting
        if waiting is not None and not waiting[1].done():
            waiting[1].set_exception(Refused(retry_after_ms / 1000))

    def on_state(
        self, seat: int, version: int, view: Any, deadline_of: Callable[[Any], float | None]
    ) -> None:
        if version <= self.versions[seat]:
            return
        if self.late is not None and seat == 0 and self.views[0] is not None:
            due = deadline_of(self.views[0])
            if due is not None:
                self.late.append(time.time() - due)
        self.versions[seat] = version
        self.views[seat] = view
        waiting = self.waiting
        if waiting is not None and min(self.versions) >= waiting[0] and not waiting[1].done():
            waiting[1].set_result(None)


@dataclass
class Stats:
    """What one measurement window saw."""

    window: tuple[float, float] = (0.0, 0.0)  # perf_counter bounds
    rtts: list[float] = field(default_factory=list)
    moves: int = 0
    timeouts: int = 0
    errors: int = 0
    busy: int = 0  # moves refused as busy (each tried again)
    busy_answers: list[float] = field(default_factory=list)  # how fast a busy refusal came back
    replaced: int = 0
    bytes_in: int = 0
    frames_in: int = 0

    def record(self, start: float, end: float) -> None:
        w0, w1 = self.window
        if w0 <= start and end <= w1:
            self.rtts.append(end - start)
            self.moves += 1


class Target:
    """One server as the load client sees it."""

    name = "target"
    ws_opts: dict[str, Any] = {"compression": None, "max_size": 2**22, "ping_interval": None}

    def __init__(self, base: str) -> None:
        self.base = base
        self.http = httpx.AsyncClient(
            timeout=30, limits=httpx.Limits(max_connections=64, max_keepalive_connections=64)
        )
        self.stats = Stats()
        self._addresses = itertools.cycle(LOCAL_ADDRESSES)

    async def setup(self) -> None:
        return None

    async def create_game(self) -> Game:
        raise NotImplementedError

    async def connect(self, game: Game) -> None:
        raise NotImplementedError

    def next_action(self, game: Game, rng: random.Random) -> tuple[int, Any] | None:
        raise NotImplementedError

    async def send(self, game: Game, seat: int, action: Any) -> None:
        raise NotImplementedError

    @staticmethod
    def deadline_of(view: Any) -> float | None:
        return None

    async def close_game(self, game: Game) -> None:
        for task in game.readers:
            task.cancel()
        for conn in game.conns:
            if conn is not None:
                with contextlib.suppress(Exception):
                    await conn.close()

    async def close(self) -> None:
        await self.http.aclose()

    # -- shared WebSocket plumbing (tavolo and the baseline speak the same frames) --

    async def _open_ws(self, url: str, headers: dict[str, str] | None = None) -> ClientConnection:
        local = next(self._addresses)
        return await connect(url, additional_headers=headers, local_addr=(local, 0), **self.ws_opts)

    async def _reader(self, game: Game, seat: int, ws: ClientConnection, ready: asyncio.Event) -> None:
        stats = self.stats
        deadline_of = self.deadline_of
        with contextlib.suppress(Exception):
            async for raw in ws:
                stats.bytes_in += len(raw)
                stats.frames_in += 1
                message = orjson.loads(raw)
                kind = message.get("type")
                if kind == "state":
                    view = message["game"]
                    game.on_state(seat, view["version"], view, deadline_of)
                    ready.set()
                elif kind == "error" and message.get("code") == "busy":
                    game.on_busy(float(message.get("retry_after_ms") or 100))
                elif kind == "error":
                    stats.errors += 1

    async def _connect_ws_game(
        self, game: Game, urls: list[str], headers: list[dict[str, str] | None]
    ) -> None:
        sockets = await asyncio.gather(*(self._open_ws(u, h) for u, h in zip(urls, headers, strict=True)))
        events = [asyncio.Event() for _ in range(SEATS)]
        for seat, ws in enumerate(sockets):
            game.conns[seat] = ws
            game.readers.append(asyncio.create_task(self._reader(game, seat, ws, events[seat])))
        await asyncio.wait_for(asyncio.gather(*(e.wait() for e in events)), 30)
        # all four seats on the same version before the first move
        for _ in range(200):
            if len(set(game.versions)) == 1:
                return
            await asyncio.sleep(0.01)


class TavoloTarget(Target):
    """The product: guest logins, a lobby per game, the WebSocket per seat."""

    name = "tavolo"

    def __init__(
        self,
        base: str,
        game_type: str = "scopone_scientifico",
        target_score: int = 100,
        ws_bases: list[str] | None = None,
    ) -> None:
        super().__init__(base)
        self.ws_base = base.replace("http://", "ws://")
        # with several: every socket of a game to the same one, picked by the game's id, as a proxy
        # hashing the path /ws/games/{id} would (docs/scaling.md, game affinity)
        self.ws_bases = ws_bases or [self.ws_base]
        self.game_type = game_type
        self.options = {"target_score": target_score}
        self.cookies: list[str] = []

    async def setup(self) -> None:
        self.cookies = []
        for seat in range(SEATS):
            reply = await self.http.post(f"{self.base}/auth/guest", json={"name": f"bench{seat}"})
            reply.raise_for_status()
            self.cookies.append(reply.cookies["tavolo_session"])
            self.http.cookies.clear()  # the session goes in an explicit header per request

    def _cookie(self, seat: int) -> dict[str, str]:
        return {"Cookie": f"tavolo_session={self.cookies[seat]}"}

    async def create_game(self) -> Game:
        reply = await self.http.post(
            f"{self.base}/api/games",
            json={"game_type": self.game_type, "options": self.options},
            headers=self._cookie(0),
        )
        reply.raise_for_status()
        body = reply.json()
        for seat in range(1, SEATS):
            joined = await self.http.post(
                f"{self.base}/api/games/join", json={"code": body["join_code"]}, headers=self._cookie(seat)
            )
            joined.raise_for_status()
        return Game(body["id"])

    async def connect(self, game: Game) -> None:
        base = self.ws_bases[zlib.crc32(game.key.encode()) % len(self.ws_bases)]
        url = f"{base}/ws/games/{game.key}"
        await self._connect_ws_game(game, [url] * SEATS, [self._cookie(s) for s in range(SEATS)])

    def next_action(self, game: Game, rng: random.Random) -> tuple[int, Any] | None:
        for view in game.views:
            if view.get("your_turn"):
                return view["seat"], dict(rng.choice(view["legal_moves"]))  # each a complete action
        view = game.views[0]
        if view["phase"] == "hand_end":
            waiting = sorted(set(range(SEATS)) - set(view["acknowledged"]))
            if waiting:
                return waiting[0], {"action": "ack"}
        return None

    async def send(self, game: Game, seat: int, action: Any) -> None:
        await game.conns[seat].send(orjson.dumps(action).decode())

    @staticmethod
    def deadline_of(view: Any) -> float | None:
        due = view.get("turn_deadline") or view.get("hand_end_deadline")
        return None if due is None else float(due)


class BaselineTarget(TavoloTarget):
    """The bare Sanic fan-out server: same frames, no login, no rules."""

    name = "baseline"

    async def setup(self) -> None:
        return None

    async def create_game(self) -> Game:
        reply = await self.http.post(f"{self.base}/games")
        reply.raise_for_status()
        return Game(reply.json()["id"])

    async def connect(self, game: Game) -> None:
        urls = [f"{self.ws_base}/ws/games/{game.key}?seat={seat}" for seat in range(SEATS)]
        await self._connect_ws_game(game, urls, [None] * SEATS)

    def next_action(self, game: Game, rng: random.Random) -> tuple[int, Any] | None:
        view = game.views[0]
        return view["turn"], {"action": "play", "card": "01D", "capture": []}


class PeerTarget(Target):
    """boardgame.io's stock server through socket.io (python-socketio)."""

    name = "peer"
    game_name = "scopetta"

    def __init__(self, base: str, api_base: str) -> None:
        super().__init__(base)
        self.api_base = api_base
        self.namespace = f"/{self.game_name}"
        self._sessions: list[Any] = []
        self._session_cycle: Any = None

    async def setup(self) -> None:
        import aiohttp

        if not self._sessions:
            for local in LOCAL_ADDRESSES:
                connector = aiohttp.TCPConnector(local_addr=(local, 0), limit=0)
                self._sessions.append(aiohttp.ClientSession(connector=connector))
            self._session_cycle = itertools.cycle(self._sessions)

    async def create_game(self) -> Game:
        reply = await self.http.post(f"{self.api_base}/games/{self.game_name}/create", json={"numPlayers": 4})
        reply.raise_for_status()
        match_id = reply.json()["matchID"]
        credentials = []
        for seat in range(SEATS):
            joined = await self.http.post(
                f"{self.api_base}/games/{self.game_name}/{match_id}/join",
                json={"playerID": str(seat), "playerName": f"bench{seat}"},
            )
            joined.raise_for_status()
            credentials.append(joined.json()["playerCredentials"])
        return Game(match_id, credentials)

    async def connect(self, game: Game) -> None:
        import socketio

        events = [asyncio.Event() for _ in range(SEATS)]
        stats = self.stats

        def handlers(seat: int) -> Any:
            client = socketio.AsyncClient(
                reconnection=False, handle_sigint=False, http_session=next(self._session_cycle)
            )

            def take(state: Any) -> None:
                stats.frames_in += 1
                game.on_state(seat, int(state["_stateID"]) + 1, state, self.deadline_of)
                events[seat].set()

            @client.on("sync", namespace=self.namespace)
            async def on_sync(match_id: str, sync_info: Any) -> None:
                take(sync_info["state"])

            @client.on("update", namespace=self.namespace)
            async def on_update(match_id: str, state: Any, log: Any = None) -> None:
                take(state)

            return client

        clients = [handlers(seat) for seat in range(SEATS)]
        await asyncio.gather(
            *(c.connect(self.base, transports=["websocket"], namespaces=[self.namespace]) for c in clients)
        )
        for seat, client in enumerate(clients):
            game.conns[seat] = client
            await client.emit("sync", (game.key, str(seat), game.extra[seat], 4), namespace=self.namespace)
        await asyncio.wait_for(asyncio.gather(*(e.wait() for e in events)), 30)

    def next_action(self, game: Game, rng: random.Random) -> tuple[int, Any] | None:
        current = game.views[0]["ctx"]["currentPlayer"]
        seat = int(current)
        hand = game.views[seat]["G"]["players"][current]["hand"]
        if not hand:
            return None
        action = {
            "type": "MAKE_MOVE",
            "payload": {
                "type": "play",
                "args": [rng.choice(hand)],
                "playerID": current,
                "credentials": game.extra[seat],
            },
        }
        return seat, (action, game.views[seat]["_stateID"])

    async def send(self, game: Game, seat: int, action: Any) -> None:
        body, state_id = action
        await game.conns[seat].emit("update", (body, state_id, game.key, str(seat)), namespace=self.namespace)

    async def close_game(self, game: Game) -> None:
        for client in game.conns:
            if client is not None:
                with contextlib.suppress(Exception):
                    await client.disconnect()

    async def close(self) -> None:
        await super().close()
        for session in self._sessions:
            await session.close()


async def drive(
    target: Target,
    game: Game,
    rng: random.Random,
    think: float,
    stop_at: float,
    replace: Callable[[Game], Any] | None = None,
) -> Game:
    """Play ``game`` until ``stop_at`` (perf_counter): think, move, wait for the four states."""
    loop = asyncio.get_running_loop()
    stats = target.stats
    if think:
        await asyncio.sleep(rng.uniform(0, 2 * think))
    while time.perf_counter() < stop_at:
        action = target.next_action(game, rng)
        if action is None:  # the match is over: carry on with a fresh game
            await target.close_game(game)
            game = await target.create_game()
            await target.connect(game)
            stats.replaced += 1
            if replace is not None:
                replace(game)
            continue
        seat, payload = action
        future: asyncio.Future[None] = loop.create_future()
        game.waiting = (game.version + 1, future)
        timer = loop.call_later(MOVE_TIMEOUT, _expire, future)
        start = time.perf_counter()
        await target.send(game, seat, payload)
        try:
            await future
        except TimeoutError:
            stats.timeouts += 1
            game.waiting = None
            continue
        except Refused as refused:
            game.waiting = None
            if stats.window[0] <= start <= stats.window[1]:
                stats.busy += 1
                stats.busy_answers.append(time.perf_counter() - start)
            await asyncio.sleep(refused.retry_after_s)
            continue
        finally:
            timer.cancel()
        end = time.perf_counter()
        game.waiting = None
        stats.record(start, end)
        if think:
            pause = min(rng.expovariate(1.0 / think), 5 * think)
            if end + pause >= stop_at:
                break
            await asyncio.sleep(pause)
    return game


def _expire(future: asyncio.Future[None]) -> None:
    if not future.done():
        future.set_exception(TimeoutError())


async def loop_lag(samples: list[float], stop_at: float, tick: float = 0.01) -> None:
    """The client's own event-loop lag: how late a 10 ms sleep wakes up."""
    while time.perf_counter() < stop_at:
        before = time.perf_counter()
        await asyncio.sleep(tick)
        samples.append(max(0.0, time.perf_counter() - before - tick))


async def probe(url: str, samples: list[float], stop_at: float, every: float = 0.05) -> None:
    """The server's responsiveness from outside: latency of a trivial GET on a kept-alive
    connection. On an idle server it is the bare HTTP round trip; under load it grows
    by the time the request waits behind the server's event loop."""
    async with httpx.AsyncClient(timeout=10) as client:
        with contextlib.suppress(httpx.TransportError):
            await client.get(url)
        while time.perf_counter() < stop_at:
            start = time.perf_counter()
            try:
                await client.get(url)
            except httpx.TransportError:
                continue
            samples.append(time.perf_counter() - start)
            await asyncio.sleep(every)
