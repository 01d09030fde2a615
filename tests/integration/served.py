"""``tavolo serve`` in a process of its own, for the tests that start the real command."""

from __future__ import annotations

import os
import queue
import re
import signal
import subprocess
import sys
import threading
import time

ANNOUNCEMENT = re.compile(r"tavolo is serving on (http://\S+) — open it in a browser")


class Served:
    """``tavolo serve`` in a process of its own; its output is read line by line as it comes."""

    def __init__(self, env: dict[str, str], *args: str) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "entrypoints.cli", "serve", *args],
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            start_new_session=True,  # Sanic may kill its own process group on shutdown
        )
        self.lines: list[str] = []
        self._fresh: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.append(line.rstrip("\n"))
            self._fresh.put(line)

    def wait_for(self, pattern: re.Pattern[str], timeout: float = 30.0) -> re.Match[str]:
        deadline = time.monotonic() + timeout
        while True:
            try:
                line = self._fresh.get(timeout=max(0.01, deadline - time.monotonic()))
            except queue.Empty:
                raise AssertionError(
                    f"no line matching {pattern.pattern!r}:\n" + "\n".join(self.lines)
                ) from None
            if found := pattern.search(line):
                return found

    def stop(self) -> None:
        self.process.send_signal(signal.SIGINT)
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def embedded_env(**variables: str) -> dict[str, str]:
    env = {**os.environ, **variables}
    for name in ("REDIS_URL", "DATABASE_URL", "LOGGING_CONFIG", "LOG_LEVEL"):
        if name not in variables:
            env.pop(name, None)
    return env
