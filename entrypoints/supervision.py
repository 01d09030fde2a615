"""Server workers under Sanic's process manager: counting them, and replacing one that died.

Sanic's ``WorkerManager`` (the main process of ``tavolo serve --workers N``)
notices that a worker died — it marks it ``FAILED`` — but does not start
another: the server would run on below its configured size. ``supervise_workers``
adds a small watcher to the main process. It is a daemon thread, started by a
``main_process_ready`` listener, that looks at the manager's server processes a
few times a second; when one has died unexpectedly (killed by a signal, or a
non-zero exit code) it asks the manager to restart it by name, the way
``app.m.restart(name)`` does from a worker, so the restart itself runs in the
manager's own monitor loop. It waits ``restart_delay`` seconds before the first
restart and doubles the wait (up to ``max_restart_delay``) each time the same
worker dies again within ``stable_seconds`` of its start, so a worker that keeps
dying at start-up is not respawned in a tight loop; each death is logged at
ERROR and each scheduled restart at WARNING.

The watcher acts only once the manager's monitor loop runs (it has seen a
worker acknowledge its start): a worker that dies during the first start-up
is left to Sanic's own start-up checks, which stop the server.

Nothing is restarted while the server shuts down: the watcher stops asking
once the manager is shutting down, and the manager refuses a request already on
its way rather than spawning a worker nobody will stop. A worker that exits
cleanly on its own (exit code 0, for example after a SIGTERM sent to it alone)
is taken as deliberate and left alone. The manager's shared state lives in a
process of its own; a SIGTERM sent to the whole process group (as systemd
sends it) no longer ends it, and should it go away all the same the watcher
takes that as its own end, not as an error.

What this needs of Sanic beyond its public API is in ``entrypoints.sanic_internals``.

``SanicWorkerCensus`` gives readiness its worker figures, read in a worker from
the manager's shared worker state (``app.m.workers``).
"""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from sanic.worker.constants import ProcessState
from sanic.worker.manager import WorkerManager
from sanic.worker.process import WorkerProcess

from application.operations.health import WorkerCount
from entrypoints.http.context import AnySanic
from entrypoints.sanic_internals import (
    ask_for_a_restart,
    end_the_ack_wait_at_shutdown,
    keep_the_shared_state_through_a_group_stop,
    refuse_restarts_at_shutdown,
    share_with_the_workers,
    shutting_down,
    tolerate_vanished_states_at_shutdown,
)

log = logging.getLogger(__name__)

RESTART_DELAY_SECONDS = 1.0  # the first restart of a dead worker waits this long
MAX_RESTART_DELAY_SECONDS = 60.0  # the longest wait between restarts of a worker that keeps dying
STABLE_SECONDS = 30.0  # a worker that ran this long before it died starts over at the first delay
POLL_SECONDS = 0.2  # how often the watcher looks at the workers
RESEND_SECONDS = 10.0  # a restart request the manager has not acted on by then is sent again
SHUTDOWN_KEY = "tavolo-shutdown"  # in Sanic's shared worker state: the server is stopping
SHUTDOWN_CHECK_SECONDS = 0.25  # how often a worker looks for that announcement

# States in which the manager itself is dealing with the process: not the watcher's business.
_MANAGER_IS_ON_IT = frozenset(
    {
        ProcessState.NONE,
        ProcessState.IDLE,
        ProcessState.RESTARTING,
        ProcessState.TERMINATED,
        ProcessState.JOINED,
    }
)


# --- counting the workers (in a worker) ------------------------------------------------------------


class SanicWorkerCensus:
    """A ``WorkerCensus`` over Sanic's shared worker state, seen from inside a worker.

    Without a process manager (single-process mode, tests) this process is the
    only worker: 1 configured, 1 running. Under the manager, ``running`` counts
    the server workers that acknowledged their start and have not died since.
    """

    def __init__(self, app: AnySanic, configured: int) -> None:
        self._app = app
        self._configured = configured

    def count(self) -> WorkerCount:
        if not hasattr(self._app, "multiplexer"):
            return WorkerCount(configured=1, running=1)
        try:
            states: dict[str, Any] = self._app.m.workers
        except (OSError, EOFError) as error:  # the main process (and its state) is gone
            log.warning("cannot read the workers' state: %s", error)
            return WorkerCount(configured=self._configured, running=1)  # this one, at least
        running = sum(
            1
            for state in states.values()
            if isinstance(state, dict)
            and state.get("server")
            and state.get("state") == ProcessState.ACKED.name
        )
        return WorkerCount(configured=self._configured, running=running)


# --- restarting dead workers (in the main process) -----------------------------------------------


@dataclass(frozen=True)
class ProcessView:
    """What the watcher needs to know of one server process, read at one instant."""

    name: str
    pid: int | None
    alive: bool
    exitcode: int | None
    managed: bool  # the manager is starting, restarting or stopping it right now
    acknowledged: bool = False  # the manager's monitor loop saw it serving (state ACKED)


@dataclass
class RestartBackoff:
    """How long to wait before restarting a worker, given how long it ran before it died."""

    base: float = RESTART_DELAY_SECONDS
    cap: float = MAX_RESTART_DELAY_SECONDS
    stable: float = STABLE_SECONDS
    _quick_deaths: dict[str, int] = field(default_factory=dict)

    def delay_after(self, name: str, ran_for: float) -> float:
        deaths = 1 if ran_for >= self.stable else self._quick_deaths.get(name, 0) + 1
        self._quick_deaths[name] = deaths
        return float(min(self.base * 2 ** (deaths - 1), self.cap))


@dataclass
class _Pending:
    pid: int | None
    due: float
    requested_at: float | None = None


def describe_exit(exitcode: int) -> str:
    if exitcode < 0:
        try:
            return f"killed by {signal.Signals(-exitcode).name}"
        except ValueError:
            return f"killed by signal {-exitcode}"
    return f"exit code {exitcode}"


class WorkerWatcher:
    """Asks for a restart of every server process that died unexpectedly, with backoff.

    ``processes`` reads the server processes, ``request_restart`` asks the
    manager to restart one by name, ``shutting_down`` says whether the server
    is stopping (then nothing is asked). ``tick`` is one look; ``start`` runs
    it every ``poll`` seconds on a daemon thread until ``stop``.

    At shutdown it does one more thing: ``announce_shutdown()``, once. A worker
    spawned as the stop signal came may never be told to stop (the manager
    terminates the workers it knows of, once); it would start serving and
    outlive the server. Every worker watches for the
    announcement (``stop_when_the_server_stops``) and stops itself.
    """

    def __init__(
        self,
        processes: Callable[[], Iterable[ProcessView]],
        request_restart: Callable[[str], None],
        shutting_down: Callable[[], bool],
        backoff: RestartBackoff | None = None,
        poll: float = POLL_SECONDS,
        clock: Callable[[], float] = time.monotonic,
        announce_shutdown: Callable[[], None] = lambda: None,
    ) -> None:
        self._processes = processes
        self._request_restart = request_restart
        self._shutting_down = shutting_down
        self._announce_shutdown = announce_shutdown
        self._announced = False
        self._backoff = backoff or RestartBackoff()
        self._poll = poll
        self._clock = clock
        self._armed = False
        self._alive_since: dict[int, float] = {}
        self._pending: dict[str, _Pending] = {}
        self._stopping = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        self._thread = threading.Thread(target=self._run, name="tavolo-worker-watcher", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stopping.set()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout=2 * self._poll + 1)

    def ended_within(self, seconds: float) -> bool:
        """Wait up to ``seconds`` for the watcher to end on its own; whether it did."""
        if self._thread is None:
            return True
        self._thread.join(timeout=seconds)
        return not self._thread.is_alive()

    def _run(self) -> None:
        while not self._stopping.wait(self._poll):
            try:
                self.tick()
            except (OSError, EOFError) as error:  # the manager's shared state, or its pipe, is gone
                if self._shutting_down():
                    log.info("the workers' shared state closed as the server stops: the watcher ends")
                else:
                    log.warning(
                        "the workers' shared state is gone (%s): the watcher ends", type(error).__name__
                    )
                return
            except Exception:  # the watcher must outlive any surprise in the manager's state
                log.exception("the worker watcher failed to look at the workers")

    def tick(self) -> None:
        if self._shutting_down():
            if not self._announced:
                self._announced = True
                self._announce_shutdown()
            return
        now = self._clock()
        processes = list(self._processes())
        if not self._armed:
            # Until the manager's monitor loop runs (it is what marks a worker ACKED), a start-up
            # failure is Sanic's to handle: while it waits for every worker's first ack, it would
            # bounce a restart message back to itself forever instead of acting on it.
            self._armed = any(process.acknowledged for process in processes)
            if not self._armed:
                return
        for process in processes:
            if process.pid is None or process.managed:
                continue
            if process.alive:
                self._alive_since.setdefault(process.pid, now)
                pending = self._pending.get(process.name)
                if pending is not None and pending.pid != process.pid:
                    del self._pending[process.name]  # replaced
                continue
            if not process.exitcode:
                continue  # still starting, or a clean exit of its own accord
            self._handle_dead(process, process.exitcode, now)

    def _handle_dead(self, process: ProcessView, exitcode: int, now: float) -> None:
        pending = self._pending.get(process.name)
        if pending is None or pending.pid != process.pid:
            ran_for = now - self._alive_since.pop(process.pid, now) if process.pid else 0.0
            delay = self._backoff.delay_after(process.name, ran_for)
            log.error(
                "worker %s [%s] died (%s) after %.1f s",
                process.name,
                process.pid,
                describe_exit(exitcode),
                ran_for,
            )
            log.warning("restarting worker %s in %.1f s", process.name, delay)
            pending = self._pending[process.name] = _Pending(process.pid, due=now + delay)
        waiting_since = pending.requested_at
        if now < pending.due or (waiting_since is not None and now - waiting_since < RESEND_SECONDS):
            return
        if waiting_since is not None:
            log.warning("worker %s was not restarted yet: asking the manager again", process.name)
        pending.requested_at = now
        self._request_restart(process.name)


def _server_processes(manager: WorkerManager) -> list[ProcessView]:
    views: list[ProcessView] = []
    for worker in list(manager.transient.values()):
        for process in list(worker.processes):
            if not process.name.startswith(f"{worker.WORKER_PREFIX}-{WorkerProcess.SERVER_LABEL}"):
                continue
            exitcode: int | None = process.exitcode  # None while it runs (or before it started)
            views.append(
                ProcessView(
                    name=process.name,
                    pid=process.pid,
                    alive=exitcode is None,
                    exitcode=exitcode,
                    managed=process.state in _MANAGER_IS_ON_IT,
                    acknowledged=process.state is ProcessState.ACKED,
                )
            )
    return views


def watcher_for(manager: WorkerManager, backoff: RestartBackoff | None = None) -> WorkerWatcher:
    """A watcher of ``manager``'s server workers; also makes the manager refuse restarts at shutdown."""
    refuse_restarts_at_shutdown(manager)
    return WorkerWatcher(
        processes=lambda: _server_processes(manager),
        request_restart=lambda name: ask_for_a_restart(manager, name),
        shutting_down=lambda: shutting_down(manager),
        backoff=backoff,
        announce_shutdown=lambda: share_with_the_workers(
            manager, SHUTDOWN_KEY, {"server": False, "shutdown": True}
        ),
    )


def supervise_workers(app: AnySanic, backoff: RestartBackoff | None = None) -> None:
    """Under ``Sanic.serve`` (a process manager), replace server workers that die unexpectedly,
    and let a SIGTERM to the whole process group stop the server cleanly (call before ``serve``)."""
    keep_the_shared_state_through_a_group_stop()

    @app.main_process_ready
    async def start_watching(app: AnySanic) -> None:
        end_the_ack_wait_at_shutdown(app.manager)
        tolerate_vanished_states_at_shutdown(app.manager)
        watcher = watcher_for(app.manager, backoff)
        app.ctx.worker_watcher = watcher
        watcher.start()
        log.info("watching %d server worker(s): a dead one is restarted", app.manager.num_server)

    @app.main_process_stop
    async def stop_watching(app: AnySanic) -> None:
        watcher: WorkerWatcher | None = getattr(app.ctx, "worker_watcher", None)
        if watcher is not None:
            watcher.stop()


# --- a worker that missed the stop signal (in a worker) ------------------------------------------


def _server_is_stopping(app: AnySanic) -> bool:
    state = app.m.workers.get(SHUTDOWN_KEY)
    return isinstance(state, dict) and bool(state.get("shutdown"))


async def stop_when_the_server_stops(app: AnySanic) -> None:
    """Run in each worker under the manager: stop this worker once the main process announces
    the shutdown (it is cancelled with the worker's other tasks when the worker stops anyway)."""
    while True:
        await asyncio.sleep(SHUTDOWN_CHECK_SECONDS)
        try:
            stopping = _server_is_stopping(app)
        except (OSError, EOFError) as error:  # the manager is gone: nothing left to serve for
            log.warning("the server's main process is gone (%r): stopping this worker", error)
            stopping = True
        if stopping:
            log.warning("this worker started while the server was stopping: stopping it")
            app.stop()
            return


def ignore_further_stop_signals() -> None:
    """In a worker that has begun to stop: a second SIGTERM or SIGINT changes nothing.

    A stop signal sent to the whole process group reaches each worker twice: from the sender, and
    from the main process, which terminates its workers. Sanic answers each by stopping the event
    loop, so the second one, landing while the worker closes its storage, ended the loop in the
    middle of that close: the SQLite connection's thread then finished its call into a closed loop
    and printed a traceback. The worker is stopping already, within its grace; SIGKILL still ends it.
    """
    loop = asyncio.get_running_loop()
    for stop_signal in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(stop_signal, log.info, "already stopping: %s ignored", stop_signal.name)


def ignore_interrupts_while_starting() -> None:
    """In a worker, from its first moment: let SIGINT (Ctrl-C reaches the whole process group)
    do nothing until Sanic puts its own stop handlers in place as the worker starts serving.

    Otherwise a SIGINT while the worker opens its storage raises ``KeyboardInterrupt`` at any
    line: one that lands as a thread pool starts a thread leaves that thread waiting for work
    nobody will send, and the worker never exits. The main process handles the signal: it
    terminates its workers (SIGTERM, whose default action ends a starting worker at once), and
    a worker that starts serving anyway sees the shutdown announced and stops.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def under_a_manager(app: AnySanic) -> bool:
    """Whether this process is a worker of Sanic's process manager (``tavolo serve --workers N``)."""
    return bool(os.environ.get("SANIC_WORKER_NAME")) and getattr(app, "multiplexer", None) is not None
