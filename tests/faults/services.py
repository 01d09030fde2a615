"""Services a fault test owns outright, so it may stop and start them at will.

``RedisServer`` is a private ``redis-server`` on a free loopback port with an
append-only file synced on every write: stopped (SIGTERM, SIGKILL) and started
again on the same port it comes back *with its data*, or *without* after
``wipe()``. ``PostgresServer`` is a private PostgreSQL cluster made by
``initdb`` in a temporary folder (trust authentication, loopback only), started
and stopped with ``pg_ctl`` (``-m fast`` or ``-m immediate``). Neither ever
touches the shared servers on the standard ports.

PostgreSQL refuses to run as root: under root, ``initdb`` and ``pg_ctl`` run as
the ``postgres`` user (``runuser -u postgres --``) in a folder that user owns.
A missing binary (or no ``postgres`` user under root) skips the test through
``tests.conftest.service_unavailable`` — or fails it under
``TAVOLO_REQUIRE_SERVICES=1``.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import signal
import subprocess
import tempfile
import time
from pathlib import Path

import redis

from tests.conftest import service_unavailable
from tests.integration.server import free_port

# --- Redis ----------------------------------------------------------------------------------


def flags(**options: str) -> list[str]:
    """``--name value`` pairs (``_`` in a name is a ``-``)."""
    return [item for name, value in options.items() for item in (f"--{name.replace('_', '-')}", value)]


class RedisServer:
    """A private ``redis-server``; its data lives in ``folder`` (an append-only file)."""

    def __init__(self, folder: Path, port: int | None = None) -> None:
        binary = shutil.which("redis-server")
        if binary is None:
            service_unavailable("Redis", "no redis-server binary on PATH for a private server")
        self.binary = str(binary)
        self.folder = folder
        self.port = port or free_port()
        self.process: subprocess.Popen[bytes] | None = None
        self.starts = 0

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def _client(self) -> redis.Redis:
        return redis.Redis(host="127.0.0.1", port=self.port, socket_timeout=1, socket_connect_timeout=1)

    def start(self, timeout: float = 10.0) -> None:
        """Start on the same port; whatever ``folder`` holds is loaded."""
        assert self.process is None or self.process.poll() is not None, "already running"
        self.folder.mkdir(parents=True, exist_ok=True)
        self.process = subprocess.Popen(
            [
                self.binary,
                *flags(
                    port=str(self.port),
                    bind="127.0.0.1",
                    dir=str(self.folder),
                    appendonly="yes",
                    appendfsync="always",
                    save="",
                    daemonize="no",
                    protected_mode="no",
                    logfile=str(self.folder / "redis.log"),
                ),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        self.starts += 1
        end = time.monotonic() + timeout
        client = self._client()
        try:
            while True:
                try:
                    if client.ping():
                        return
                except redis.exceptions.BusyLoadingError:
                    pass
                except (redis.exceptions.ConnectionError, redis.exceptions.TimeoutError):
                    pass
                if self.process.poll() is not None or time.monotonic() > end:
                    raise AssertionError(f"private redis-server did not start:\n{self.log()[-2000:]}")
                time.sleep(0.02)
        finally:
            client.close()

    def stop(self, sig: signal.Signals = signal.SIGTERM) -> None:
        """SIGTERM: a clean shutdown; SIGKILL: a crash. Either way every write is on disk."""
        if self.process is None or self.process.poll() is not None:
            return
        self.process.send_signal(sig)
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()

    def wipe(self) -> None:
        """Forget every key: the next ``start`` comes back empty."""
        assert self.process is None or self.process.poll() is not None, "stop it first"
        for entry in self.folder.iterdir():
            if entry.name == "redis.log":
                continue
            if entry.is_dir():
                shutil.rmtree(entry)
            else:
                entry.unlink()

    def dbsize(self) -> int:
        client = self._client()
        try:
            return int(client.dbsize())
        finally:
            client.close()

    def key_names(self) -> list[str]:
        client = self._client()
        try:
            return sorted(key.decode() for key in client.keys("*"))  # type: ignore[union-attr]
        finally:
            client.close()

    def log(self) -> str:
        try:
            return (self.folder / "redis.log").read_text(errors="replace")
        except OSError:
            return ""


# --- PostgreSQL ------------------------------------------------------------------------------


def postgres_bin_dir() -> str | None:
    """The newest ``/usr/lib/postgresql/<n>/bin`` holding ``initdb`` (or ``initdb`` on PATH)."""
    found = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/initdb"),
        key=lambda path: int(path.split("/")[-3]) if path.split("/")[-3].isdigit() else 0,
    )
    if found:
        return os.path.dirname(found[-1])
    on_path = shutil.which("initdb")
    return os.path.dirname(on_path) if on_path else None


class PostgresServer:
    """A private PostgreSQL cluster in a temporary folder, on a free loopback port."""

    def __init__(self) -> None:
        bin_dir = postgres_bin_dir()
        if bin_dir is None or not os.path.exists(os.path.join(bin_dir, "pg_ctl")):
            service_unavailable("PostgreSQL", "no initdb/pg_ctl for a private server")
            raise AssertionError("unreachable")
        self.bin_dir = str(bin_dir)
        self._as: list[str] = []
        owner: pwd.struct_passwd | None = None
        if os.geteuid() == 0:  # initdb and postgres refuse root: run them as the postgres user
            try:
                owner = pwd.getpwnam("postgres")
            except KeyError:
                service_unavailable("PostgreSQL", "running as root and there is no postgres user")
                raise AssertionError("unreachable") from None
            runuser = shutil.which("runuser")
            if runuser is None:
                service_unavailable("PostgreSQL", "running as root and there is no runuser")
            self._as = [str(runuser), "-u", "postgres", "--"]
        # Not under pytest's tmp_path: its parents are private to root and postgres could not enter.
        self.folder = Path(tempfile.mkdtemp(prefix="tavolo-faults-pg-"))
        if owner is not None:
            os.chown(self.folder, owner.pw_uid, owner.pw_gid)
        self.data = self.folder / "data"
        self.port = free_port()
        self.stops = 0

    def _run(self, *args: str, timeout: float = 60.0) -> subprocess.CompletedProcess[str]:
        result = subprocess.run(
            [*self._as, *args], capture_output=True, text=True, timeout=timeout, start_new_session=True
        )
        if result.returncode != 0:
            output = result.stdout + result.stderr
            raise AssertionError(f"{' '.join(args)} failed ({result.returncode}):\n{output}")
        return result

    def initdb(self) -> None:
        initdb = os.path.join(self.bin_dir, "initdb")
        self._run(
            initdb,
            "-D",
            str(self.data),
            "-A",
            "trust",
            "-U",
            "postgres",
            "-E",
            "UTF8",
            "--locale=C",
            "--no-sync",
        )

    def start(self) -> None:
        options = (
            f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 "
            "-c fsync=off -c max_connections=40 -c shared_buffers=16MB"
        )
        log = str(self.folder / "postgres.log")
        pg_ctl = os.path.join(self.bin_dir, "pg_ctl")
        self._run(pg_ctl, "-D", str(self.data), "-o", options, "-l", log, "-w", "-t", "60", "start")

    def stop(self, mode: str = "fast") -> None:
        """``fast``: a clean shutdown; ``immediate``: a crash (recovery runs at the next start)."""
        self._run(os.path.join(self.bin_dir, "pg_ctl"), "-D", str(self.data), "-m", mode, "-w", "stop")
        self.stops += 1

    def running(self) -> bool:
        status = subprocess.run(
            [*self._as, os.path.join(self.bin_dir, "pg_ctl"), "-D", str(self.data), "status"],
            capture_output=True,
            text=True,
            timeout=30,
        )
        return status.returncode == 0

    def dsn(self, database: str = "postgres") -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    def remove(self) -> None:
        if self.data.exists() and self.running():
            self.stop("immediate")
        shutil.rmtree(self.folder, ignore_errors=True)

    def log(self) -> str:
        try:
            return (self.folder / "postgres.log").read_text(errors="replace")
        except OSError:
            return ""
