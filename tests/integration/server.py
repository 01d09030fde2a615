"""A real Sanic server inside the test's event loop, and clients that talk to it."""

from __future__ import annotations

import asyncio
import json
import socket
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field, replace
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

from application.playing.live_games import LiveGames
from entrypoints.config import Settings
from entrypoints.container import Container
from entrypoints.http.app import create_app
from entrypoints.http.context import COOKIE_NAME


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def server_settings(**overrides: Any) -> Settings:
    """Settings for an in-process test server: embedded defaults, matches in memory. The server
    shares the test's event loop, so its lateness is the test's too: the busy guard that reads
    it is off unless a test turns it on (``busy_lag_ms``)."""
    return replace(Settings(database_url="memory://", busy_lag_ms=0), **overrides)


@dataclass
class RunningServer:
    base_url: str
    ws_url: str
    app: Any

    @property
    def container(self) -> Container:
        """The server's container: a test swaps a part with ``container.x.override(...)``."""
        container: Container = self.app.ctx.container
        return container

    @property
    def games(self) -> LiveGames:
        """The live games the server built (opened with it)."""
        games: LiveGames = self.app.ctx.background.games
        return games


@asynccontextmanager
async def running_server(
    settings: Settings | None = None, port: int | None = None, app: Any = None
) -> AsyncIterator[RunningServer]:
    """``port``: listen there (e.g. one an OIDC redirect URI already names); default a free one.
    ``app``: serve this app (built for ``port``) rather than one made from ``settings``."""
    port = port or free_port()
    settings = replace(settings or server_settings(), app_host="127.0.0.1", app_port=port)
    app = app or create_app(settings)
    server = await app.create_server(
        host="127.0.0.1", port=port, return_asyncio_server=True, access_log=False
    )
    assert server is not None
    await server.startup()
    await server.before_start()
    await server.after_start()
    try:
        yield RunningServer(f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}", app)
    finally:
        await server.before_stop()
        await server.close()
        await server.after_stop()


@dataclass
class Guest:
    """A logged-in guest with an HTTP client and its session cookie."""

    name: str
    http: httpx.AsyncClient
    cookie: str
    user_id: str

    @classmethod
    async def login(cls, server: RunningServer, name: str) -> Guest:
        http = httpx.AsyncClient(base_url=server.base_url)
        response = await http.post("/auth/guest", json={"name": name})
        assert response.status_code == 201, response.text
        return cls(name, http, response.cookies[COOKIE_NAME], response.json()["user_id"])

    async def close(self) -> None:
        await self.http.aclose()


@dataclass
class Socket:
    """A WebSocket client that keeps every frame it received.

    ``receive`` gives the next frame other than a ``presence`` one: those come whenever
    somebody opens or closes the table, answer no message, and are kept in ``presence``
    (and in ``frames``) for the tests that look at them."""

    conn: ClientConnection
    frames: list[dict[str, Any]] = field(default_factory=list)
    presence: list[list[int]] = field(default_factory=list)

    @classmethod
    async def open(cls, server: RunningServer, game_id: str, cookie: str | None = None) -> Socket:
        headers = {"Cookie": f"{COOKIE_NAME}={cookie}"} if cookie else {}
        conn = await connect(f"{server.ws_url}/ws/games/{game_id}", additional_headers=headers)
        return cls(conn)

    async def send(self, message: dict[str, Any]) -> None:
        await self.conn.send(json.dumps(message))

    async def receive(self, timeout: float = 5.0) -> dict[str, Any]:
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while True:
            frame = await self.next_frame(max(0.01, end - loop.time()))
            if frame["type"] != "presence":
                return frame

    async def next_frame(self, timeout: float = 5.0) -> dict[str, Any]:
        """The next frame of any type, presence frames included."""
        frame: dict[str, Any] = json.loads(await asyncio.wait_for(self.conn.recv(), timeout))
        self.frames.append(frame)
        if frame["type"] == "presence":
            self.presence.append(frame["connected"])
        return frame

    async def until(self, predicate: Any, timeout: float = 10.0) -> dict[str, Any]:
        """Read frames (presence frames too) until one satisfies ``predicate``; return it."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while True:
            frame = await self.next_frame(max(0.01, end - loop.time()))
            if predicate(frame):
                return frame

    async def close(self) -> None:
        await self.conn.close()
