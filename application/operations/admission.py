"""How many players' moves this process takes on at once, and the ``busy`` refusal past that.

A server past saturation that queues every move makes every player wait,
without bound. Instead, a move is admitted only while

- fewer than ``per_game`` moves of its game are in flight here (a game has one
  player on turn, and at most its four seats acknowledging a hand at once),
- fewer than ``per_worker`` moves of all games are in flight here, and
- ``overloaded()`` says no (the entrypoint's measure of its event loop: when
  the loop runs late, every move already waits that long before it starts).

Anything else is refused at once with ``Busy``, which carries a hint of when
to try again; the caller's client retries it, so a person sees a slower move,
never a lost one. A refused move changed nothing, so a retry is always safe.
Moves the server makes itself (deadlines, computer players) are not counted.

The hint grows with the refusals of the last second: every waiting player
coming back every 100 ms would turn a saturated server's time into refusals
(a retry storm). Aiming at ``REFUSALS_PER_SECOND`` keeps them a small share of
its work however many players wait: with ``n`` of them coming back every ``h``
seconds there are about ``n / h`` refusals a second, so ``h`` grows with them.
"""

from __future__ import annotations

import logging
import random
import time
from collections import deque
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from domain.errors import Busy

log = logging.getLogger(__name__)

PER_GAME = 4
PER_WORKER = 64
RETRY_AFTER_MS = 50  # the smallest hint; each refusal adds up to as much again, at random
LONGEST_RETRY_AFTER_MS = 5_000
REFUSALS_PER_SECOND = 200  # what the hint aims at, per process


def never() -> bool:
    return False


class Admission:
    def __init__(
        self,
        per_game: int = PER_GAME,
        per_worker: int = PER_WORKER,
        overloaded: Callable[[], bool] = never,
        retry_after_ms: int = RETRY_AFTER_MS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if per_game < 1 or per_worker < 1 or retry_after_ms < 1:
            raise ValueError("per_game, per_worker and retry_after_ms must be at least 1")
        self._per_game = per_game
        self._per_worker = per_worker
        self._overloaded = overloaded
        self._retry_after_ms = retry_after_ms
        self._clock = clock
        self._recent: deque[float] = deque()  # when the refusals of the last second were made
        self._in_flight: dict[str, int] = {}
        self._total = 0
        self.refused = 0
        """Moves refused so far (for metrics and tests)."""

    @property
    def in_flight(self) -> int:
        return self._total

    @contextmanager
    def move(self, game_id: str) -> Iterator[None]:
        """Hold a place for one move of ``game_id`` while the block runs, or raise ``Busy``."""
        held = self._in_flight.get(game_id, 0)
        if held >= self._per_game:
            self._refuse(f"game {game_id} has {held} moves in flight")
        if self._total >= self._per_worker:
            self._refuse(f"{self._total} moves in flight")
        if self._overloaded():
            self._refuse("the event loop runs late")
        self._in_flight[game_id] = held + 1
        self._total += 1
        try:
            yield
        finally:
            self._total -= 1
            left = self._in_flight[game_id] - 1
            if left:
                self._in_flight[game_id] = left
            else:
                del self._in_flight[game_id]

    def _refuse(self, why: str) -> None:
        self.refused += 1
        now = self._clock()
        while self._recent and self._recent[0] <= now - 1.0:
            self._recent.popleft()
        self._recent.append(now)
        log.debug("move refused, busy: %s", why)
        raise Busy("the table is busy; try the move again in a moment", self.retry_after_ms())

    def retry_after_ms(self) -> int:
        """The hint a refusal gives now: long enough that the players refused in the last second,
        coming back after it, make about ``REFUSALS_PER_SECOND`` refusals a second; spread at random
        over [hint, 2 * hint) so they do not come back together."""
        wanted = 1000 * len(self._recent) // REFUSALS_PER_SECOND
        hint = min(LONGEST_RETRY_AFTER_MS, max(self._retry_after_ms, wanted))
        return hint + random.randrange(hint)  # a spread, not a secret
