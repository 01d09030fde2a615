"""A worker's graceful stop: finish what is in flight, close every socket with 1012, exit in time.

On SIGTERM (or SIGINT) Sanic stops its event loop and runs the
``before_server_stop`` listeners while the loop, the storage and the open
sockets still work; ``entrypoints.http.app`` runs ``Drain.drain()`` there,
first. From that moment the worker is *draining*:

1. nothing new starts here: a WebSocket handshake is refused with 503 (and
   ``Retry-After``), a socket that got in just before is closed with 1012 at
   once, readiness answers 503 so a load balancer sends traffic elsewhere, a
   player's move (or rematch) is answered ``busy`` with ``retry_after_ms``
   (it changed nothing; the client sends it again once it has reconnected,
   if its fresh state still allows it), and the deadline worker claims no
   more deadlines (the other workers fire them);
2. the moves already under way — players' moves, and the batch of deadlines
   (turn timeouts, computer players, result recording) the deadline worker
   claimed — run to their end, for up to half the grace;
3. each socket still owed the answer to a move it sent (the state frame of the
   version its move made, which comes through the hub) gets it, for at most
   ``ANSWER_WAIT_SECONDS``;
4. every game and lobby socket is closed with code **1012** ("service
   restart"), and the drain waits for their handlers to finish (they leave the
   presence set and unwatch their games), until 70 % of the grace;
5. the background tasks are cancelled (one that does not stop in time is
   logged and left behind), Sanic closes the listening socket and waits for
   the HTTP connections still open (``GRACEFUL_SHUTDOWN_TIMEOUT``, set to what
   is left of the grace less a margin), the storage is closed, and the process
   exits.

The whole stop fits in ``SHUTDOWN_GRACE_SECONDS``. A move that was committed is
never lost: the commit is one atomic step in the shared store, and a move
still running when a socket closes is never cancelled by the drain (it waits
for it). A client whose move got no answer before the close cannot know
whether it was applied; it reconnects (to any worker), reads the snapshot's
``version`` and chooses again from that state — never re-sends blindly.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Protocol

from application.ports import ClaimedDeadline, DeadlineQueue, ScheduledDeadline
from domain.errors import Busy

log = logging.getLogger(__name__)

SERVICE_RESTART = 1012  # RFC 6455's registry: the server is restarting; reconnect
RESTART_REASON = "service restart"
RETRY_AFTER_MS = 1_000  # a move refused while draining: about when the client has reconnected elsewhere
RETRY_SPREAD_MS = 500  # spread at random over [hint, hint + spread) so clients do not all come back at once
ANSWER_WAIT_SECONDS = 1.0  # how long the answers to finished moves may take to reach their sockets
# How the grace is shared out, from the SIGTERM: the moves in flight may take half of it; the
# sockets are closed and their handlers done by 70 %; then the background tasks, Sanic's wait for
# the HTTP connections and the closing of the storage get an exit margin (10 %) each.
MOVES_SHARE = 0.5
EXIT_MARGIN_SHARE = 0.1
POLL_SECONDS = 0.01
RECANCEL_SECONDS = 0.25  # a background task still running this long after its cancellation is cancelled again


class DrainedSocket(Protocol):
    """An open WebSocket as the drain sees it."""

    def answered(self) -> bool:
        """Whether every move it sent has had its answer sent back (a lobby socket: always)."""

    async def close(self, code: int, reason: str) -> None:
        """Close it with ``code`` and ``reason``."""


@dataclass(frozen=True)
class DrainReport:
    """What a drain did, for the log."""

    moves_waited: int  # moves (and deadline batches) in flight when the drain began
    moves_unfinished: int  # still in flight when their share of the grace ran out
    unanswered: int  # sockets closed before the answer to their last move reached them
    sockets_closed: int
    handlers_unfinished: int  # socket handlers still running when the drain gave up waiting
    seconds: float


class Drain:
    """The draining state of one worker process: what is in flight, which sockets are open."""

    def __init__(self, grace_seconds: float, clock: Callable[[], float] = time.monotonic) -> None:
        if grace_seconds <= 0:
            raise ValueError("the grace period must be positive")
        self.grace_seconds = grace_seconds
        self._clock = clock
        self._started: float | None = None
        self._in_flight = 0
        self._sockets: set[DrainedSocket] = set()
        self.refused = 0
        """Moves and handshakes refused because the worker was draining (for tests and the log)."""

    # --- the state --------------------------------------------------------------------------

    @property
    def draining(self) -> bool:
        return self._started is not None

    @property
    def in_flight(self) -> int:
        return self._in_flight

    @property
    def open_sockets(self) -> int:
        return len(self._sockets)

    def remaining(self) -> float:
        """Seconds left of the grace (the whole grace before the drain starts)."""
        if self._started is None:
            return self.grace_seconds
        return max(0.0, self._started + self.grace_seconds - self._clock())

    def exit_margin(self) -> float:
        return self.grace_seconds * EXIT_MARGIN_SHARE

    # --- what the edge asks -------------------------------------------------------------------

    def refuse_if_draining(self) -> None:
        """Raise ``Busy`` (with a retry hint) when the worker is draining."""
        if self.draining:
            self.refused += 1
            raise Busy(
                "the server is restarting: reconnect and send the move again if it is still yours to make",
                RETRY_AFTER_MS + random.randrange(RETRY_SPREAD_MS),  # a spread, not a secret
            )

    @contextmanager
    def move(self) -> Iterator[None]:
        """Hold the block as a move in flight, which the drain waits for; ``Busy`` when draining."""
        self.refuse_if_draining()
        self.hold()
        try:
            yield
        finally:
            self.release()

    def hold(self) -> None:
        """One more piece of work in flight (``release`` it when it ends)."""
        self._in_flight += 1

    def release(self) -> None:
        self._in_flight -= 1

    def enter(self, socket: DrainedSocket) -> bool:
        """Count ``socket`` as open; ``False`` when draining (the caller closes it with 1012)."""
        if self.draining:
            self.refused += 1
            return False
        self._sockets.add(socket)
        return True

    def leave(self, socket: DrainedSocket) -> None:
        """``socket``'s handler is done (call it last, in its ``finally``)."""
        self._sockets.discard(socket)

    def deadlines(self, queue: DeadlineQueue) -> DrainingDeadlines:
        """``queue`` as the deadline worker should see it: claiming nothing once draining, and
        each batch it claimed counted as in flight until the worker comes back for more."""
        return DrainingDeadlines(queue, self)

    # --- the stop -----------------------------------------------------------------------------

    async def drain(self) -> DrainReport:
        """Stop taking new work, let what is in flight end, close every socket with 1012."""
        if self._started is None:
            self._started = self._clock()
        started = self._started
        waited = self._in_flight
        log.info(
            "draining: %d move(s) in flight, %d socket(s) open, %.1f s of grace",
            waited,
            len(self._sockets),
            self.grace_seconds,
        )
        moves_until = started + self.grace_seconds * MOVES_SHARE
        await self._until(lambda: self._in_flight == 0, moves_until)
        unfinished = self._in_flight
        if unfinished:
            log.error("draining: %d move(s) still in flight after their share of the grace", unfinished)
        await self._until(
            lambda: all(s.answered() for s in self._sockets),
            min(self._clock() + ANSWER_WAIT_SECONDS, moves_until),
        )
        closing = list(self._sockets)
        unanswered = sum(1 for s in closing if not s.answered())
        closes_until = started + self.grace_seconds - 3 * self.exit_margin()
        if closing:
            closes = [asyncio.ensure_future(self._close(socket)) for socket in closing]
            await asyncio.wait(closes, timeout=max(0.0, closes_until - self._clock()))
            await self._until(lambda: not self._sockets, closes_until)
            for pending in closes:
                pending.cancel()
        report = DrainReport(
            moves_waited=waited,
            moves_unfinished=unfinished,
            unanswered=unanswered,
            sockets_closed=len(closing),
            handlers_unfinished=len(self._sockets),
            seconds=round(self._clock() - started, 3),
        )
        complete = not (report.moves_unfinished or report.unanswered or report.handlers_unfinished)
        log.log(logging.INFO if complete else logging.WARNING, "drained: %s", report)
        return report

    async def _close(self, socket: DrainedSocket) -> None:
        try:
            await socket.close(SERVICE_RESTART, RESTART_REASON)
        except Exception as error:  # a socket that is already gone needs no closing
            log.debug("closing a socket for the restart failed: %r", error)

    async def _until(self, condition: Callable[[], bool], deadline: float) -> None:
        # A poll, not an event: what it waits for (a socket's answer sent by the hub, a handler's
        # end) changes in other objects, and it runs once per process lifetime.
        while not condition() and self._clock() < deadline:  # noqa: ASYNC110
            await asyncio.sleep(POLL_SECONDS)


class DrainingDeadlines:
    """A ``DeadlineQueue`` for the deadline worker of a draining process.

    The worker calls ``claim_due``, fires what it got (all of it, together),
    then comes back to ``claim_due``, ``next_due`` or ``wait``: a batch is in
    flight from a claim that returned deadlines until that next call. Once the
    process drains, ``claim_due`` returns nothing, so no deadline is claimed
    only to wait out its lease after the process is gone.
    """

    def __init__(self, queue: DeadlineQueue, drain: Drain) -> None:
        self._queue = queue
        self._drain = drain
        self._batch = False

    def _batch_done(self) -> None:
        if self._batch:
            self._batch = False
            self._drain.release()

    async def claim_due(self, limit: int, lease_seconds: float) -> list[ClaimedDeadline]:
        self._batch_done()
        if self._drain.draining:
            return []
        self._drain.hold()  # from the claim on: what it returns must be fired before the exit
        claimed: list[ClaimedDeadline] = []
        try:
            claimed = await self._queue.claim_due(limit, lease_seconds)
        finally:
            if claimed:
                self._batch = True
            else:
                self._drain.release()
        return claimed

    async def complete(self, claimed: ClaimedDeadline) -> None:
        await self._queue.complete(claimed)

    async def next_due(self) -> float | None:
        self._batch_done()
        return await self._queue.next_due()

    async def wait(self, timeout: float) -> None:
        self._batch_done()
        await self._queue.wait(timeout)

    async def replace(self, game_id: str, deadlines: Sequence[ScheduledDeadline]) -> None:
        await self._queue.replace(game_id, deadlines)

    def stopped(self) -> None:
        """The worker's task ended (cancelled): a batch it held is no longer in flight."""
        self._batch_done()


async def stop_tasks(tasks: Sequence[asyncio.Task[Any]], timeout: float) -> list[str]:
    """Cancel ``tasks`` and wait up to ``timeout`` seconds for them to end. A task that does not
    end in time is left behind (the process exits anyway) and logged with where it waits;
    returns their names.

    A cancellation can be lost on its way. Seen in CI: a worker stopping half a second after it
    started kept its lateness reporter running for the whole grace; its task read as cancelling
    while its loop went on, so the cancellation had ended inside the Redis call the loop survives
    errors of (redis-py waits under timeouts, retries and a pool's condition; which one swallowed
    it is not established). So a task still running ``RECANCEL_SECONDS`` after its cancellation
    is cancelled again, until the time is up.
    """
    if not tasks:
        return []
    loop = asyncio.get_running_loop()
    deadline = loop.time() + max(POLL_SECONDS, timeout)
    pending: set[asyncio.Task[Any]] = set(tasks)
    while pending:
        for task in pending:
            task.cancel()
        left = deadline - loop.time()
        if left <= 0:
            break
        _, pending = await asyncio.wait(pending, timeout=min(RECANCEL_SECONDS, left))
        for task in pending:
            log.info("task %s went on after it was cancelled: cancelling it again", task.get_name())
    for task in pending:
        frames = task.get_stack(limit=1)
        where = f"{frames[-1].f_code.co_filename}:{frames[-1].f_lineno}" if frames else "?"
        log.error("task %s did not stop when cancelled (it waits at %s): left behind", task.get_name(), where)
    return sorted(task.get_name() for task in pending)
