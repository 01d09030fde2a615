"""This worker's lateness, traded for the worst of every worker's, a few times a second.

``own()`` is how late this worker runs now (its event loop, or the changes its
hub shows). Every ``interval`` it is reported through ``WorkerLoads``, which
answers the worst lateness of any worker; ``worst()`` is the larger of that
answer and this worker's own lateness at the moment of asking, so a worker
that falls behind refuses moves at once, not at its next report. Without
storage it goes on with its own lateness alone.
"""

from __future__ import annotations

import asyncio
import logging
import os
import secrets
from collections.abc import Callable

from application.ports import StorageUnavailable, WorkerLoads

log = logging.getLogger(__name__)

INTERVAL_SECONDS = 0.1


class SharedLateness:
    def __init__(
        self, loads: WorkerLoads, own: Callable[[], float], interval_seconds: float = INTERVAL_SECONDS
    ) -> None:
        self._loads = loads
        self._own = own
        self._interval = interval_seconds
        self._shared = 0.0
        self.worker = f"{os.getpid()}-{secrets.token_hex(4)}"

    def worst(self) -> float:
        return max(self._shared, self._own())

    async def run(self) -> None:
        """Report and learn until cancelled."""
        reachable = True
        while True:
            await asyncio.sleep(self._interval)
            try:
                self._shared = await self._loads.exchange(self.worker, self._own())
            except StorageUnavailable as error:
                self._shared = 0.0
                if reachable:
                    log.warning("worker lateness not shared, storage unavailable: %s", error)
                reachable = False
                continue
            except Exception:
                log.exception("sharing this worker's lateness failed; trying again")
                continue
            reachable = True
