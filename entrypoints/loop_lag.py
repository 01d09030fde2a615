"""How late this process's event loop runs: the entrypoint's measure of saturation.

A task sleeps ``interval`` at a time and notes how much later than asked it
woke; every callback waiting in the loop waited about as long. ``late()`` is
true while most of the last few wake-ups came more than ``threshold`` late
(``threshold`` of 0 or less: never, and nothing is measured): a loop that
stays behind, not one stall (a garbage collection, one large message), which a
server far from saturation has too (see ``application.operations.lateness``).
``lag_seconds`` is what the worker reports as its lateness (``SharedLateness``),
which the busy guard reads before a move joins the queue.
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque

from application.operations.lateness import typical

log = logging.getLogger(__name__)

INTERVAL_SECONDS = 0.025
REMEMBERED = 5  # wake-ups: at least 0.125 s of history; three late ones make the loop late


class LoopLag:
    def __init__(self, threshold_seconds: float, interval_seconds: float = INTERVAL_SECONDS) -> None:
        if interval_seconds <= 0:
            raise ValueError("interval_seconds must be positive")
        self._threshold = threshold_seconds
        self._interval = interval_seconds
        self._recent: deque[float] = deque([0.0], maxlen=REMEMBERED)

    @property
    def lag_seconds(self) -> float:
        """The lateness most of the last few wake-ups reached."""
        return typical(self._recent)

    def late(self) -> bool:
        return self._threshold > 0 and self.lag_seconds > self._threshold

    async def run(self) -> None:
        """Measure until cancelled (it returns at once when the threshold is off)."""
        if self._threshold <= 0:
            return
        loop = asyncio.get_running_loop()
        was_late = False
        while True:
            asked = loop.time() + self._interval
            await asyncio.sleep(self._interval)
            self._recent.append(max(0.0, loop.time() - asked))
            if self.late() != was_late:
                was_late = not was_late
                if was_late:
                    log.info("event loop %.0f ms late", 1000 * self.lag_seconds)
                else:
                    log.info("event loop on time again")
