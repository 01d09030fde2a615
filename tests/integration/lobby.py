"""A client of the lobby's WebSocket, for the tests: it keeps every frame it received."""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

from entrypoints.http.context import COOKIE_NAME


@dataclass
class LobbySocket:
    conn: ClientConnection
    frames: list[dict[str, Any]] = field(default_factory=list)

    @classmethod
    async def open(cls, ws_url: str, cookie: str | None = None) -> LobbySocket:
        headers = {"Cookie": f"{COOKIE_NAME}={cookie}"} if cookie else {}
        return cls(await connect(f"{ws_url}/ws/lobby", additional_headers=headers))

    async def send(self, message: dict[str, Any]) -> None:
        await self.conn.send(json.dumps(message))

    async def until(self, kind: str, timeout: float = 10.0, **fields: Any) -> dict[str, Any]:
        """The next frame of type ``kind`` (whose fields equal ``fields``)."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while True:
            frame: dict[str, Any] = json.loads(
                await asyncio.wait_for(self.conn.recv(), max(0.01, end - loop.time()))
            )
            self.frames.append(frame)
            if frame["type"] == kind and all(frame.get(k) == v for k, v in fields.items()):
                return frame

    async def close(self) -> None:
        await self.conn.close()
