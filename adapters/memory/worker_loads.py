"""How late each worker runs, in this process's memory (one process: one worker to know of)."""

from __future__ import annotations

from application.ports import Clock

FRESH_SECONDS = 1.0


class MemoryWorkerLoads:
    """``WorkerLoads`` for one process: each worker's latest report and when it came (by ``clock``)."""

    def __init__(self, clock: Clock, fresh_seconds: float = FRESH_SECONDS) -> None:
        self._clock = clock
        self._fresh = fresh_seconds
        self._reports: dict[str, tuple[float, float]] = {}  # worker -> (lateness, when)

    async def exchange(self, worker: str, lateness: float) -> float:
        now = self._clock.now()
        self._reports[worker] = (max(0.0, lateness), now)
        since = now - self._fresh
        for name, (_, at) in list(self._reports.items()):
            if at <= since:
                del self._reports[name]
        return max(late for late, _ in self._reports.values())
