"""Starting the servers under test, and reading their CPU time and memory from /proc."""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
TICKS = os.sysconf("SC_CLK_TCK")
PAGE = os.sysconf("SC_PAGE_SIZE")
NICE = int(os.environ.get("BENCH_NICE", "-10"))
LOGGING_YAML = """\
version: 1
disable_existing_loggers: false
formatters:
  plain: {format: "%(asctime)s [%(levelname)s] %(name)s: %(message)s"}
handlers:
  console: {class: logging.StreamHandler, formatter: plain, stream: ext://sys.stderr}
root: {level: WARNING, handlers: [console]}
"""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def children(pid: int) -> list[int]:
    found: list[int] = []
    with contextlib.suppress(OSError):
        for task in os.listdir(f"/proc/{pid}/task"):
            with contextlib.suppress(OSError):
                text = Path(f"/proc/{pid}/task/{task}/children").read_text()
                found.extend(int(child) for child in text.split())
    return found


def tree(pid: int) -> list[int]:
    """``pid`` and all its live descendants."""
    pids, todo = [], [pid]
    while todo:
        current = todo.pop()
        pids.append(current)
        todo.extend(children(current))
    return pids


def _stat(pid: int) -> list[str] | None:
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return text[text.rindex(")") + 2 :].split()


def cpu_seconds(pid: int) -> float:
    """CPU time of ``pid`` and its children: live descendants' own time plus the
    reaped children's time (cutime/cstime) of every process in the tree."""
    total = 0
    for member in tree(pid):
        fields = _stat(member)
        if fields is not None:  # fields[11..14] = utime, stime, cutime, cstime
            total += sum(int(value) for value in fields[11:15])
    return total / TICKS


def rss_bytes(pid: int) -> int:
    total = 0
    for member in tree(pid):
        fields = _stat(member)
        if fields is not None:
            total += int(fields[21]) * PAGE  # rss in pages
    return total


def pss_bytes(pid: int) -> int:
    total = 0
    for member in tree(pid):
        with contextlib.suppress(OSError):
            for line in Path(f"/proc/{member}/smaps_rollup").read_text().splitlines():
                if line.startswith("Pss:"):
                    total += int(line.split()[1]) * 1024
    return total


def redis_server_pid() -> int | None:
    out = subprocess.run(["pidof", "redis-server"], capture_output=True, text=True, check=False).stdout
    pids = [int(p) for p in out.split()]
    return pids[0] if pids else None


@dataclass
class Server:
    """One server under test, started in its own process group."""

    kind: str  # baseline | peer | tavolo-memory | tavolo-redis | tavolo-affinity
    port: int
    process: subprocess.Popen[bytes]
    log_path: Path
    api_port: int | None = None
    extra: dict[str, str] = field(default_factory=dict)
    partners: list[Server] = field(default_factory=list)
    """The other servers of the same target (``tavolo-affinity``: one per worker); their CPU time
    and memory count as this target's."""

    @property
    def pid(self) -> int:
        return self.process.pid

    @property
    def ports(self) -> list[int]:
        """Every server's port, this one's first."""
        return [self.port, *(partner.port for partner in self.partners)]

    def _all(self) -> list[Server]:
        return [self, *self.partners]

    def cpu(self) -> float:
        return sum(cpu_seconds(each.pid) for each in self._all())

    def rss(self) -> int:
        return sum(rss_bytes(each.pid) for each in self._all())

    def pss(self) -> int:
        return sum(pss_bytes(each.pid) for each in self._all())

    def worker_pids(self) -> list[int]:
        """The processes that serve requests: for Sanic with workers, the children."""
        if self.partners:
            return [pid for each in self._all() for pid in each.worker_pids()]
        pids = tree(self.pid)
        return pids[1:] if self.kind == "tavolo-redis" and len(pids) > 1 else pids

    def output(self) -> str:
        return "\n".join(each.log_path.read_text(errors="replace") for each in self._all())

    def stop(self) -> None:
        for partner in self.partners:
            partner.stop()
        if self.process.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGINT)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=10)


class Launcher:
    """Starts each kind of server on a free loopback port, pinned to ``cpus`` when given."""

    def __init__(
        self,
        workdir: Path,
        cpus: str | None,
        redis_url: str,
        key_prefix: str,
        pad_bytes: int,
        product_dir: Path = ROOT,
    ):
        self.workdir = workdir
        self.product_dir = product_dir
        self.cpus = cpus
        self.redis_url = redis_url
        self.key_prefix = key_prefix
        self.pad_bytes = pad_bytes
        self.logging_yaml = workdir / "logging.yaml"
        self.logging_yaml.write_text(LOGGING_YAML)
        self.python = sys.executable

    def _pin(self, argv: list[str]) -> list[str]:
        # the servers inherit the benchmark's niceness (bench.py raises its priority as root)
        return ["taskset", "-c", self.cpus, *argv] if self.cpus and shutil.which("taskset") else argv

    def start(self, kind: str, turn_timeout: float = 30.0, hand_ack_timeout: float = 30.0) -> Server:
        if kind == "tavolo-affinity":
            return self._start_affinity(turn_timeout, hand_ack_timeout)
        return self._start(kind, turn_timeout, hand_ack_timeout)

    def _start_affinity(self, turn_timeout: float, hand_ack_timeout: float) -> Server:
        """Two ``tavolo serve`` processes of one worker each on one Redis and one database, as two
        pods behind a proxy that sends every socket of a game to the same pod (docs/scaling.md)."""
        database = tempfile.mkdtemp(prefix="tavolo-bench-db-", dir=self.workdir)
        first, second = (
            self._start("tavolo-affinity", turn_timeout, hand_ack_timeout, database) for _ in range(2)
        )
        first.partners.append(second)
        return first

    def _start(
        self, kind: str, turn_timeout: float, hand_ack_timeout: float, database: str | None = None
    ) -> Server:
        port = free_port()
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        api_port = None
        if kind == "baseline":
            argv = [self.python, str(HERE / "baseline_sanic.py"), "--port", str(port)]
            argv += ["--pad-bytes", str(self.pad_bytes)]
            cwd = HERE
        elif kind == "peer":
            api_port = free_port()
            argv = ["node", str(HERE / "peer" / "server.js")]
            env.update(PORT=str(port), API_PORT=str(api_port), NODE_ENV="production")
            cwd = HERE / "peer"
        elif kind in ("tavolo-memory", "tavolo-redis", "tavolo-affinity"):
            argv = [self.python, "-m", "entrypoints.cli", "serve"]
            env.update(
                APP_HOST="127.0.0.1",
                APP_PORT=str(port),
                LOGGING_CONFIG=str(self.logging_yaml),
                TURN_TIMEOUT_SECONDS=str(turn_timeout),
                HAND_ACK_TIMEOUT_SECONDS=str(hand_ack_timeout),
                GAME_TTL_SECONDS="3600",
                # a load client with no think time sends far more than a person: lift the flood guard
                WS_RATE_PER_SECOND="1000000",
                WS_RATE_BURST="1000000",
            )
            for name in ("REDIS_URL", "WORKERS", "DATABASE_URL", "REDIS_KEY_PREFIX"):
                env.pop(name, None)
            if kind == "tavolo-memory":
                env.update(DATABASE_URL="memory://", WORKERS="1")
            else:
                database = database or tempfile.mkdtemp(prefix="tavolo-bench-db-", dir=self.workdir)
                env.update(
                    REDIS_URL=self.redis_url,
                    REDIS_KEY_PREFIX=self.key_prefix,
                    DATABASE_URL=f"sqlite:///{database}/matches.sqlite3",
                )
                argv += ["--workers", "2" if kind == "tavolo-redis" else "1"]
            env["PYTHONPATH"] = str(self.product_dir)
            cwd = self.product_dir
        else:
            raise ValueError(kind)
        log_path = self.workdir / f"{kind}-{port}.log"
        with log_path.open("wb") as log:
            process = subprocess.Popen(
                self._pin(argv),
                cwd=cwd,
                env=env,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        server = Server(kind, port, process, log_path, api_port)
        self._wait_ready(server)
        return server

    @staticmethod
    def health_url(server: Server) -> str:
        if server.kind == "peer":
            return f"http://127.0.0.1:{server.api_port}/games"
        if server.kind == "baseline":
            return f"http://127.0.0.1:{server.port}/health"
        return f"http://127.0.0.1:{server.port}/api/health"

    def _wait_ready(self, server: Server, timeout: float = 40.0) -> None:
        end = time.monotonic() + timeout
        url = self.health_url(server)
        while True:
            try:
                # with two workers, wait until both have started (both answer on the shared port)
                up = httpx.get(url, timeout=1).status_code == 200
                if up and (server.kind != "tavolo-redis" or len(tree(server.pid)) >= 3):
                    time.sleep(0.5)
                    return
            except httpx.TransportError:
                pass
            if server.process.poll() is not None or time.monotonic() > end:
                server.stop()
                raise RuntimeError(f"{server.kind} did not come up:\n{server.output()[-3000:]}")
            time.sleep(0.2)
