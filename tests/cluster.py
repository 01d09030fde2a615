"""A private Redis Cluster for the tests: three masters (no replicas) on free loopback ports.

``RedisClusterServers`` starts one ``redis-server`` per master in a temporary folder
(``cluster-enabled yes``, nothing saved to disk, each node's cluster bus on a port of its own
given by ``cluster-port``), joins them with ``redis-cli --cluster create … --cluster-yes``
and waits until every node reports ``cluster_state:ok``. It never touches the shared Redis on
the standard port.

``shared_cluster()`` is the one cluster of a test process (a pytest-xdist worker): started on
first use, stopped when the process ends (``stop_shared_cluster``, called by the contract
suite's session fixture, and ``atexit`` as a fallback). Every test still works under its own
key prefix on it. A missing ``redis-server``/``redis-cli`` skips the test through
``tests.conftest.service_unavailable`` — or fails it under ``TAVOLO_REQUIRE_SERVICES=1``.
"""

from __future__ import annotations

import atexit
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

import redis

from tests.conftest import service_unavailable
from tests.integration.server import free_port

MASTERS = 3


class RedisClusterServers:
    """``MASTERS`` private cluster-enabled ``redis-server`` processes joined into one cluster."""

    def __init__(self, masters: int = MASTERS) -> None:
        server, cli = shutil.which("redis-server"), shutil.which("redis-cli")
        if server is None or cli is None:
            service_unavailable("Redis Cluster", "no redis-server/redis-cli on PATH for a private cluster")
        self.server, self.cli = str(server), str(cli)
        self.folder = Path(tempfile.mkdtemp(prefix="tavolo-cluster-"))
        self.ports = [free_port() for _ in range(masters)]
        self.bus_ports = [free_port() for _ in range(masters)]
        self.processes: list[subprocess.Popen[bytes]] = []

    @property
    def nodes(self) -> list[tuple[str, int]]:
        return [("127.0.0.1", port) for port in self.ports]

    @property
    def env_value(self) -> str:
        """The value of ``REDIS_CLUSTER_NODES`` for a server on this cluster."""
        return ",".join(f"{host}:{port}" for host, port in self.nodes)

    def node_client(self, port: int) -> redis.Redis:
        """A plain client of one node (no cluster routing), answering ``str``."""
        return redis.Redis(
            host="127.0.0.1", port=port, socket_timeout=2, socket_connect_timeout=2, decode_responses=True
        )

    def start(self, timeout: float = 30.0) -> None:
        try:
            for port, bus in zip(self.ports, self.bus_ports, strict=True):
                self.processes.append(self._start_node(port, bus))
            for port in self.ports:
                self._wait(lambda port=port: bool(self.node_client(port).ping()), timeout, f"node {port}")
            created = subprocess.run(
                [
                    self.cli,
                    "--cluster",
                    "create",
                    *(f"127.0.0.1:{port}" for port in self.ports),
                    "--cluster-replicas",
                    "0",
                    "--cluster-yes",
                ],
                capture_output=True,
                text=True,
                timeout=timeout,
                stdin=subprocess.DEVNULL,
            )
            if created.returncode != 0:
                raise AssertionError(f"redis-cli --cluster create failed:\n{created.stdout}{created.stderr}")
            for port in self.ports:
                self._wait(lambda port=port: self._state_ok(port), timeout, f"cluster_state:ok on {port}")
        except BaseException:
            self.stop()
            raise

    def _start_node(self, port: int, bus: int) -> subprocess.Popen[bytes]:
        folder = self.folder / str(port)
        folder.mkdir(parents=True, exist_ok=True)
        options = {
            "port": str(port),
            "cluster-port": str(bus),
            "bind": "127.0.0.1",
            "cluster-enabled": "yes",
            "cluster-config-file": f"nodes-{port}.conf",
            "cluster-node-timeout": "2000",
            "dir": str(folder),
            "save": "",
            "appendonly": "no",
            "daemonize": "no",
            "protected-mode": "no",
            "logfile": str(folder / "redis.log"),
        }
        argv = [self.server, *(item for name, value in options.items() for item in (f"--{name}", value))]
        return subprocess.Popen(
            argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True
        )

    def _state_ok(self, port: int) -> bool:
        client = self.node_client(port)
        try:
            info = client.execute_command("CLUSTER INFO")  # parsed into a dict by redis-py
        finally:
            client.close()
        return isinstance(info, dict) and info.get("cluster_state") == "ok"

    def _wait(self, ready: object, timeout: float, what: str) -> None:
        end = time.monotonic() + timeout
        while True:
            try:
                if callable(ready) and ready():
                    return
            except (redis.exceptions.ConnectionError, redis.exceptions.TimeoutError):
                pass
            if any(process.poll() is not None for process in self.processes):
                raise AssertionError(f"a cluster node exited while waiting for {what}:\n{self.logs()}")
            if time.monotonic() > end:
                raise AssertionError(
                    f"the private Redis Cluster timed out waiting for {what}:\n{self.logs()}"
                )
            time.sleep(0.05)

    def stop(self) -> None:
        """Stop this cluster's servers (only those) and remove its folder."""
        for process in self.processes:
            if process.poll() is None:
                process.terminate()
        for process in self.processes:
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        self.processes.clear()
        shutil.rmtree(self.folder, ignore_errors=True)

    def logs(self) -> str:
        tails = []
        for port in self.ports:
            try:
                text = (self.folder / str(port) / "redis.log").read_text(errors="replace")
            except OSError:
                text = ""
            tails.append(f"--- node {port} ---\n{text[-1500:]}")
        return "\n".join(tails)


_shared: list[RedisClusterServers] = []


def shared_cluster() -> RedisClusterServers:
    """This process's cluster, started on first use."""
    if not _shared:
        cluster = RedisClusterServers()
        cluster.start()
        _shared.append(cluster)
        atexit.register(stop_shared_cluster)
    return _shared[0]


def stop_shared_cluster() -> None:
    while _shared:
        _shared.pop().stop()
