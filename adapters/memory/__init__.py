"""In-memory adapters for every port.

Product code, not test helpers: they back the embedded single-process mode.
Every adapter that involves time reads it from an injected ``Clock`` so tests
can drive it with a ``FakeClock``; real waiting (``DeadlineQueue.wait``'s
``timeout``) is asyncio time.
"""

from adapters.memory.clock import FakeClock, SystemClock
from adapters.memory.commits import MemoryCommits
from adapters.memory.deadlines import MemoryDeadlineQueue
from adapters.memory.game_store import MemoryGameStore
from adapters.memory.login_sessions import MemoryLoginSessions
from adapters.memory.notifier import MemoryNotifier

__all__ = [
    "FakeClock",
    "MemoryCommits",
    "MemoryDeadlineQueue",
    "MemoryLoginSessions",
    "MemoryNotifier",
    "MemoryGameStore",
    "SystemClock",
]
