"""Rate limits the use cases and the edge apply: failed guesses, and message budgets.

Both limiters judge time by the numbers they are given (a ``Clock``'s
``now()``), so tests drive them with a fake clock. They live in this process's
memory: with several workers each one counts on its own, which still bounds a
guesser to ``workers * limit`` failures per window.
"""

from __future__ import annotations

import logging
from collections import OrderedDict, deque

from application.ports import Clock
from domain.errors import TavoloError

log = logging.getLogger(__name__)

MAX_TRACKED_KEYS = 100_000


class TooManyRequests(TavoloError):
    """The caller failed too often (or sent too much) recently; they may retry later."""

    code = "too_many_requests"


class FailureLimiter:
    """At most ``limit`` failures per key within a sliding window of ``window_seconds``.

    ``check`` refuses *every* attempt (right or wrong) of a key that reached the
    limit, until its oldest failure leaves the window; ``record_failure`` counts
    one failure against each key given. Keys name who is guessing (a user id, a
    client address). At most ``max_keys`` keys are tracked; the least recently
    failing ones are forgotten first.
    """

    def __init__(
        self, clock: Clock, limit: int, window_seconds: float, max_keys: int = MAX_TRACKED_KEYS
    ) -> None:
        if limit < 1 or window_seconds <= 0 or max_keys < 1:
            raise ValueError("a failure limit needs a positive limit, window and size")
        self._clock = clock
        self._limit = limit
        self._window = window_seconds
        self._max_keys = max_keys
        self._failures: OrderedDict[str, deque[float]] = OrderedDict()

    def _recent(self, key: str, now: float) -> deque[float] | None:
        failures = self._failures.get(key)
        if failures is None:
            return None
        while failures and failures[0] <= now - self._window:
            failures.popleft()
        if not failures:
            del self._failures[key]
            return None
        return failures

    async def check(self, *keys: str) -> None:
        now = self._clock.now()
        for key in keys:
            failures = self._recent(key, now)
            if failures is not None and len(failures) >= self._limit:
                log.debug("refused an attempt of %s: too many failures", key)
                raise TooManyRequests("too many failed attempts; wait a minute and try again")

    async def record_failure(self, *keys: str) -> None:
        now = self._clock.now()
        for key in keys:
            failures = self._recent(key, now)
            if failures is None:
                failures = self._failures[key] = deque(maxlen=self._limit)
            failures.append(now)
            self._failures.move_to_end(key)
        while len(self._failures) > self._max_keys:
            self._failures.popitem(last=False)


class TokenBucket:
    """A message budget: ``rate`` tokens a second, at most ``burst`` saved up.

    ``take(now)`` spends one token and says whether there was one. The bucket
    starts full.
    """

    def __init__(self, rate: float, burst: float, now: float) -> None:
        if rate <= 0 or burst < 1:
            raise ValueError("a token bucket needs a positive rate and a burst of at least 1")
        self._rate = rate
        self._burst = burst
        self._tokens = burst
        self._last = now

    def take(self, now: float) -> bool:
        elapsed = max(0.0, now - self._last)
        self._last = max(self._last, now)
        self._tokens = min(self._burst, self._tokens + elapsed * self._rate)
        if self._tokens < 1:
            return False
        self._tokens -= 1
        return True
