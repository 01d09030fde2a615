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

    def worker_pids(self) -> set[int]:
        """The worker processes serving the port under ``--workers N``: the children of the
        main process that hold its listening socket (Linux ``/proc`` only)."""
        inodes = _listening_inodes(self.port)
        return {pid for pid in _children(self.process.pid) if inodes & _socket_inodes(pid)}


def _listening_inodes(port: int) -> set[str]:
    inodes: set[str] = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            with open(table) as rows:
                next(rows)
                for row in rows:
                    fields = row.split()
                    if int(fields[1].rsplit(":", 1)[1], 16) == port and fields[3] == "0A":
                        inodes.add(fields[9])
        except OSError:
            continue
    return inodes


def _children(parent: int) -> list[int]:
    children = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == parent:
            children.append(int(entry))
    return children


def _socket_inodes(pid: int) -> set[str]:
    inodes = set()
    try:
        for fd in os.listdir(f"/proc/{pid}/fd"):
            try:
                target = os.readlink(f"/proc/{pid}/fd/{fd}")
            except OSError:
                continue
            if target.startswith("socket:["):
                inodes.add(target[8:-1])
    except OSError:
        pass
    return inodes


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
    env: Mapping[str, str], args: tuple[str, ...] = (), port: int | None = None, up_within: float = 30.0
) -> AsyncIterator[ServerProcess]:
    """``tavolo serve`` on ``port`` (a free one by default), once it answers its health route
    (within ``up_within`` seconds); stopped with SIGINT to its process group afterwards."""
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
        await _wait_healthy(server, up_within)
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
