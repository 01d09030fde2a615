"""Readiness: does every storage this server uses answer, and do all its workers run?

Liveness needs no use case (the process answers, so it lives). Readiness asks
each storage through a ``HealthProbe`` port, all at once and each within a
short timeout, so a storage that hangs (a firewalled Redis, a PostgreSQL
behind a dead route) makes the server *not ready* quickly instead of making
the check itself hang. Below its configured number of workers the server is
still ready, but ``degraded``.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal, Protocol

from application.ports import StorageUnavailable

log = logging.getLogger(__name__)

PROBE_TIMEOUT_SECONDS = 1.0  # how long readiness waits for any one storage to answer

CheckResult = Literal["ok", "unavailable"]
ReadinessStatus = Literal["ready", "degraded", "unavailable"]


class HealthProbe(Protocol):
    """A storage the server needs, asked whether it answers right now.

    ``ping`` returns once the storage answered a trivial request (nothing is
    written, nothing is kept). When it cannot be reached — refused, closed,
    timed out, or not opened — it raises ``StorageUnavailable`` (never another
    exception), and it does so within about a second: it never waits out a
    long connect or pool timeout. A storage that lives in this process has
    nothing to reach and always answers. A ping may be cancelled at any await
    and leaves the adapter usable.
    """

    async def ping(self) -> None: ...


@dataclass(frozen=True)
class WorkerCount:
    """Server worker processes: how many the configuration asks for, how many serve now."""

    configured: int
    running: int


class WorkerCensus(Protocol):
    """Counts the server's worker processes (from the process manager; no I/O that can hang)."""

    def count(self) -> WorkerCount: ...


@dataclass(frozen=True)
class Readiness:
    """The answer of a readiness check: one result per storage, and the workers."""

    checks: Mapping[str, CheckResult]
    workers: WorkerCount

    @property
    def ready(self) -> bool:
        """Every storage answered: the server can take traffic."""
        return all(result == "ok" for result in self.checks.values())

    @property
    def status(self) -> ReadinessStatus:
        if not self.ready:
            return "unavailable"
        return "degraded" if self.workers.running < self.workers.configured else "ready"


class ReadinessCheck:
    """Ask every probe concurrently, each bounded by ``timeout`` seconds, whatever the probe does."""

    def __init__(self, probes: Mapping[str, HealthProbe], timeout: float = PROBE_TIMEOUT_SECONDS) -> None:
        self._probes = dict(probes)
        self._timeout = timeout

    async def check(self, census: WorkerCensus) -> Readiness:
        names = list(self._probes)
        results = await asyncio.gather(*(self._ask(name, self._probes[name]) for name in names))
        return Readiness(checks=dict(zip(names, results, strict=True)), workers=census.count())

    async def _ask(self, name: str, probe: HealthProbe) -> CheckResult:
        try:
            async with asyncio.timeout(self._timeout):
                await probe.ping()
        except StorageUnavailable as error:
            log.warning("readiness: %s is unavailable: %s", name, error)
            return "unavailable"
        except TimeoutError:
            log.warning("readiness: %s did not answer within %.1f s", name, self._timeout)
            return "unavailable"
        return "ok"
