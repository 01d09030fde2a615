"""``tavolo serve --workers 2`` replaces a worker killed by a signal: requests keep succeeding,
readiness says ``degraded`` while it is down, and a new worker takes its place. SIGINT of the
main process still stops everything promptly, with no restart on the way out."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import time
from pathlib import Path

import httpx

from tests.contract.redis_factories import redis_url
from tests.e2e.processes import ServerProcess, tavolo_serve

RESTARTED_WITHIN_SECONDS = 10.0
SHUTDOWN_WITHIN_SECONDS = 10.0


def worker_env(redis_prefix: str, folder: Path) -> dict[str, str]:
    return {
        "REDIS_URL": redis_url(),
        "REDIS_KEY_PREFIX": redis_prefix,
        "DATABASE_URL": f"sqlite:///{folder / 'tavolo.sqlite3'}",
        "LOGGING_CONFIG": "",
        "WORKERS": "2",
    }


def server_workers(main_pid: int) -> dict[str, int]:
    """The main process's server workers, by Sanic's worker name (read from /proc, Linux only)."""
    found: dict[str, int] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as stat:
                parent = int(stat.read().rsplit(")", 1)[1].split()[1])
            if parent != main_pid:
                continue
            with open(f"/proc/{entry}/environ", "rb") as environ:
                variables = dict(item.split(b"=", 1) for item in environ.read().split(b"\0") if b"=" in item)
        except (OSError, ValueError):
            continue  # gone meanwhile, or a zombie
        name = variables.get(b"SANIC_WORKER_NAME", b"").decode()
        if name.startswith("Sanic-Server-"):
            found[name] = int(entry)
    return found


async def get(server: ServerProcess, path: str) -> httpx.Response:
    """A request on a connection of its own: a kept-alive one may belong to the killed worker."""
    async with httpx.AsyncClient(base_url=server.base_url, timeout=5) as http:
        return await http.get(path)


async def wait_for_two_ready_workers(server: ServerProcess) -> dict[str, int]:
    deadline = time.monotonic() + 30
    while True:
        workers = server_workers(server.process.pid)
        ready = await get(server, "/api/health/ready")
        if ready.status_code == 200 and ready.json()["workers"]["running"] == 2 and len(workers) == 2:
            return workers
        assert time.monotonic() < deadline, f"two workers never became ready:\n{server.output()[-4000:]}"
        await asyncio.sleep(0.1)


async def test_a_worker_killed_by_a_signal_is_replaced_while_requests_keep_succeeding(
    redis_prefix: str, tmp_path: Path
) -> None:
    async with tavolo_serve(worker_env(redis_prefix, tmp_path), ("--workers", "2")) as server:
        before = await wait_for_two_ready_workers(server)
        async with httpx.AsyncClient(base_url=server.base_url, timeout=5) as http:
            login = await http.post("/auth/guest", json={"name": "Ada"})
        assert login.status_code == 201
        cookies = dict(login.cookies)
        victim, victim_pid = sorted(before.items())[0]

        os.kill(victim_pid, signal.SIGKILL)
        killed_at = time.monotonic()

        answers: list[dict[str, object]] = []
        requests = 0
        while True:
            ready = await get(server, "/api/health/ready")
            assert ready.status_code == 200, ready.text  # storage is fine: ready, at worst degraded
            answers.append(ready.json())
            assert (await get(server, "/api/health/live")).status_code == 200
            async with httpx.AsyncClient(base_url=server.base_url, cookies=cookies, timeout=5) as http:
                me = await http.get("/api/me")
            assert me.status_code == 200 and me.json()["name"] == "Ada"
            requests += 3
            workers = server_workers(server.process.pid)
            replaced = victim in workers and workers[victim] != victim_pid
            if replaced and answers[-1]["workers"] == {"configured": 2, "running": 2}:
                break
            assert time.monotonic() - killed_at < RESTARTED_WITHIN_SECONDS, (
                f"the worker was not replaced; readiness said {answers[-1]}\n{server.output()[-4000:]}"
            )
            await asyncio.sleep(0.05)

        degraded = [a for a in answers if a["status"] == "degraded"]
        assert degraded, f"readiness never said degraded while a worker was down: {answers}"
        assert all(a["workers"] == {"configured": 2, "running": 1} for a in degraded)
        assert all(a["checks"] == {"live_state": "ok", "database": "ok"} for a in answers)
        assert answers[-1]["status"] == "ready"
        assert server_workers(server.process.pid)[victim] != victim_pid
        assert f"worker {victim} [{victim_pid}] died (killed by SIGKILL)" in server.output()
        replaced_after = time.monotonic() - killed_at
        print(f"worker {victim} replaced after {replaced_after:.1f} s; {requests} requests, 0 failed")


async def test_sigint_of_the_main_process_stops_every_worker_promptly_and_restarts_none(
    redis_prefix: str, tmp_path: Path
) -> None:
    async with tavolo_serve(worker_env(redis_prefix, tmp_path), ("--workers", "2")) as server:
        workers = await wait_for_two_ready_workers(server)
        # A worker dies, and the server is told to stop before its restart is due.
        victim, victim_pid = sorted(workers.items())[0]
        os.kill(victim_pid, signal.SIGKILL)
        await asyncio.sleep(0.5)
        served_before = server.output().count("tavolo serving (")
        started = time.monotonic()
        os.kill(server.process.pid, signal.SIGINT)  # the main process only, as `docker stop` does
        try:
            await asyncio.to_thread(server.process.wait, SHUTDOWN_WITHIN_SECONDS)
        except subprocess.TimeoutExpired:
            raise AssertionError(f"tavolo serve did not stop:\n{server.output()[-4000:]}") from None
        assert time.monotonic() - started < SHUTDOWN_WITHIN_SECONDS
        for pid in workers.values():
            assert not _still_running(pid), f"worker {pid} outlived the server"
        output = server.output()
        assert f"worker {victim} [{victim_pid}] died" in output
        assert output.count("tavolo serving (") == served_before, "a worker was started during the shutdown"


def _still_running(pid: int) -> bool:
    """Whether ``pid`` exists and is not a zombie (Linux /proc)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


async def test_a_stop_signal_while_the_workers_are_still_starting_stops_the_whole_server(
    redis_prefix: str, tmp_path: Path
) -> None:
    # `docker stop` or Ctrl-C right after a start: the signal reaches the whole process group
    # while a worker may still be starting (Sanic's workers ignore it until they serve).
    for attempt in range(3):
        async with tavolo_serve(worker_env(redis_prefix, tmp_path), ("--workers", "2")) as server:
            workers = server.worker_pids() | set(server_workers(server.process.pid).values())
            started = time.monotonic()
            os.killpg(server.process.pid, signal.SIGINT)
            try:
                await asyncio.to_thread(server.process.wait, SHUTDOWN_WITHIN_SECONDS)
            except subprocess.TimeoutExpired:
                raise AssertionError(
                    f"attempt {attempt}: tavolo serve did not stop:\n{server.output()[-4000:]}"
                ) from None
            stopped_after = time.monotonic() - started
            assert stopped_after < SHUTDOWN_WITHIN_SECONDS
            survivors = await asyncio.to_thread(_survivors_after, workers, 5.0)
            assert not survivors, f"attempt {attempt}: worker(s) {survivors} outlived the server"
            print(f"attempt {attempt}: stopped {stopped_after:.1f} s after SIGINT")


def _survivors_after(pids: set[int], seconds: float) -> set[int]:
    """The processes of ``pids`` still running once ``seconds`` passed or every one ended."""
    deadline = time.monotonic() + seconds
    while (running := {pid for pid in pids if _still_running(pid)}) and time.monotonic() < deadline:
        time.sleep(0.1)
    return running
