"""Real ``tavolo serve`` processes for end-to-end tests."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import tempfile
from collections.abc import AsyncIterator, Mapping
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import IO

import httpx

from tests.integration.server import free_port


@dataclass
class ServerProcess:
    process: subprocess.Popen[bytes]
    port: int
    log: IO[bytes]

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def output(self) -> str:
        self.log.seek(0)
        return self.log.read().decode(errors="replace")

    def kill(self) -> None:
        """SIGKILL the whole process group: no clean shutdown of any kind."""
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=10)


async def _wait_healthy(server: ServerProcess, timeout: float = 30.0) -> None:
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    async with httpx.AsyncClient() as http:
        while True:
            try:
                if (await http.get(f"{server.base_url}/api/health", timeout=1)).status_code == 200:
                    return
            except httpx.TransportError:
                pass
            if server.process.poll() is not None or loop.time() > end:
                raise AssertionError(f"tavolo serve did not come up:\n{server.output()[-4000:]}")
            await asyncio.sleep(0.1)


@asynccontextmanager
async def tavolo_serve(
    env: Mapping[str, str], args: tuple[str, ...] = (), port: int | None = None
) -> AsyncIterator[ServerProcess]:
    port = port or free_port()
    full_env = {**os.environ, **env, "APP_HOST": "127.0.0.1", "APP_PORT": str(port)}
    log = tempfile.TemporaryFile()  # noqa: SIM115 - closed in the finally below
    process = subprocess.Popen(  # noqa: ASYNC220 - started once, not waited on
        [sys.executable, "-m", "entrypoints.cli", "serve", *args],
        env=full_env,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,  # its own process group, so killing it never touches pytest
    )
    server = ServerProcess(process, port, log)
    try:
        await _wait_healthy(server)
        yield server
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGINT)
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()
        log.close()
