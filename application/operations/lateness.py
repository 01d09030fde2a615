"""How late this process has been showing changes, over the last moments.

The hub notes, for each version it shows, how long after its commit that was
(``now - session.updated_at``, the committing process's clock: the same host,
or hosts kept in step by NTP). ``worst(now)`` is the largest of the notes made
in the last ``window`` seconds, so an old delay is forgotten even when nothing
new is shown (a server that refuses moves while it is late must not stay late
forever for want of new changes).
"""

from __future__ import annotations

from collections import deque

WINDOW_SECONDS = 0.25
REMEMBERED = 64


class RecentLateness:
    def __init__(self, window_seconds: float = WINDOW_SECONDS) -> None:
        self._window = window_seconds
        self._notes: deque[tuple[float, float]] = deque(maxlen=REMEMBERED)

    def note(self, now: float, lateness: float) -> None:
        self._notes.append((now, max(0.0, lateness)))

    def worst(self, now: float) -> float:
        """The largest lateness noted in the last ``window`` seconds (0 if none)."""
        since = now - self._window
        return max((late for at, late in self._notes if at >= since), default=0.0)
