"""Clocks: the system's wall clock, and a fake one tests move by hand."""

from __future__ import annotations

import time


class SystemClock:
    """Wall-clock time in epoch seconds (``time.time``)."""

    def now(self) -> float:
        return time.time()


class FakeClock:
    """A clock that stands still until told to move.

    It starts at a fixed, realistic epoch time so that code formatting dates or
    comparing with "now" behaves as it would in production.
    """

    DEFAULT_START = 1_700_000_000.0

    def __init__(self, start: float = DEFAULT_START) -> None:
        self._now = float(start)

    def now(self) -> float:
        return self._now

    def advance(self, seconds: float) -> None:
        """Move forward by ``seconds`` (never backwards: time is monotonic here)."""
        if seconds < 0:
            raise ValueError(f"a clock cannot go back in time (advance by {seconds})")
        self._now += seconds

    def set(self, t: float) -> None:
        """Jump to the absolute epoch time ``t`` (may go backwards, for odd tests)."""
        self._now = float(t)
