"""How late this process has been showing changes, over the last moments.

The hub notes, for each version it shows, how long after its commit that was
(``now - session.updated_at``, the committing process's clock: the same host,
or hosts kept in step by NTP). ``typical(now)`` is the lateness most of the
notes made in the last ``window`` seconds reached, so an old delay is forgotten
even when nothing new is shown (a server that refuses moves while it is late
must not stay late forever for want of new changes).

Most, not the worst: the busy guard refuses moves on this figure, and one
change shown late (a garbage collection, a burst of sockets to write to, another
process given the CPU for a moment) is not a saturated server. Judged on the
worst note, a server far from its best throughput refused hundreds of moves a
sweep (issue 35); a server past it shows most changes late, and is caught.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable

WINDOW_SECONDS = 0.25
REMEMBERED = 64


def typical(lateness: Iterable[float]) -> float:
    """The lateness most of ``lateness`` reached (its lower median; 0 for none): more than half of
    them were at least this late."""
    ordered = sorted(lateness)
    return ordered[(len(ordered) - 1) // 2] if ordered else 0.0


class RecentLateness:
    def __init__(self, window_seconds: float = WINDOW_SECONDS) -> None:
        self._window = window_seconds
        self._notes: deque[tuple[float, float]] = deque(maxlen=REMEMBERED)

    def note(self, now: float, lateness: float) -> None:
        self._notes.append((now, max(0.0, lateness)))

    def typical(self, now: float) -> float:
        """The lateness most of the notes of the last ``window`` seconds reached (0 if none)."""
        since = now - self._window
        return typical(late for at, late in self._notes if at >= since)
