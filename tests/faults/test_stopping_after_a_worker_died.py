"""Stopping a two-worker ``tavolo serve`` just after one of its workers was killed is a normal
stop: real processes, real signals, and not one traceback or ERROR line in the log from the
stop signal on.

The stop comes before the dead worker's replacement is due, as systemd sends it (SIGTERM to
every process of the group, the manager's shared-state process too) and as ``docker stop`` with
``STOPSIGNAL SIGINT`` sends it (to the main process only).
"""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import time
from pathlib import Path

import httpx
import pytest

from tests.contract.redis_factories import redis_url
from tests.e2e.processes import ServerProcess, tavolo_serve
from tests.e2e.test_worker_restart import server_workers
from tests.faults.conftest import log_tail
from tests.faults.matches import server_env

STOPPED_WITHIN_SECONDS = 20.0
UP_WITHIN_SECONDS = 120.0  # two workers start slowly on a busy two-core machine


async def two_ready_workers(server: ServerProcess) -> dict[str, int]:
    """The server's two workers by name, once readiness counts both of them."""
    deadline = time.monotonic() + UP_WITHIN_SECONDS
    async with httpx.AsyncClient(base_url=server.base_url, timeout=5) as http:
        while True:
            workers = server_workers(server.process.pid)
            ready = await http.get("/api/health/ready")
            if ready.status_code == 200 and ready.json()["workers"]["running"] == 2 and len(workers) == 2:
                return workers
            assert time.monotonic() < deadline, (
                f"two workers never became ready:\n{log_tail(server.output())}"
            )
            await asyncio.sleep(0.2)


async def logged(server: ServerProcess, text: str, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while text not in server.output():
        assert time.monotonic() < deadline, f"never logged {text!r}:\n{log_tail(server.output())}"
        await asyncio.sleep(0.05)


def stop_signal(server: ServerProcess, sig: signal.Signals, whole_group: bool) -> None:
    if whole_group:
        os.killpg(server.process.pid, sig)
    else:
        os.kill(server.process.pid, sig)


@pytest.mark.parametrize(
    ("sig", "whole_group"),
    [
        pytest.param(signal.SIGTERM, True, id="SIGTERM-to-the-process-group"),
        pytest.param(signal.SIGINT, False, id="SIGINT-to-the-main-process"),
    ],
)
async def test_a_stop_right_after_a_worker_was_killed_logs_no_traceback_and_no_error(
    shared_redis_prefix: str,
    logging_config: str,
    tmp_path: Path,
    sig: signal.Signals,
    whole_group: bool,
) -> None:
    env = server_env(
        logging_config,
        REDIS_URL=redis_url(),
        REDIS_KEY_PREFIX=f"{shared_redis_prefix}-{sig.name}",
        SQLITE_PATH=str(tmp_path / "tavolo.sqlite3"),
        WORKERS="2",
    )
    async with tavolo_serve(env, ("--workers", "2"), up_within=UP_WITHIN_SECONDS) as server:
        workers = await two_ready_workers(server)
        victim, victim_pid = sorted(workers.items())[0]
        os.kill(victim_pid, signal.SIGKILL)
        await logged(server, f"worker {victim} [{victim_pid}] died (killed by SIGKILL)")
        before_the_stop = len(server.output())

        stop_signal(server, sig, whole_group)
        try:
            await asyncio.to_thread(server.process.wait, STOPPED_WITHIN_SECONDS)
        except subprocess.TimeoutExpired:
            raise AssertionError(f"tavolo serve did not stop:\n{log_tail(server.output())}") from None

        the_stop = server.output()[before_the_stop:]
        assert server.process.returncode == 0, log_tail(server.output())
        assert "Traceback" not in the_stop, the_stop
        assert not [line for line in the_stop.splitlines() if "[ERROR]" in line], the_stop
