"""Every use of Sanic's process manager beyond its public API, in one module.

``entrypoints.supervision`` uses Sanic's public API where there is one:
``app.manager`` (the ``WorkerManager``, in the main process from a
``main_process_ready`` listener), its ``transient`` workers and ``num_server``,
each ``Worker``'s ``processes`` and each ``WorkerProcess``'s ``name``, ``pid``,
``exitcode`` and ``state``, the ``main_process_ready``/``main_process_stop``
listeners, and in a worker ``app.multiplexer``/``app.m.workers``. What it needs
beyond that is here, each with why no public way serves:

* ``WorkerManager._shutting_down`` (read): the only record that the manager is
  stopping. Its SIGINT/SIGTERM handler (``shutdown_signal``) or a
  ``__TERMINATE__`` message sets it; no listener or signal fires in the main
  process until the workers have been joined, which is too late for the watcher.
* ``WorkerManager._all_workers_ack`` (wrapped): while the manager waits for its
  workers' first acknowledgement it bounces every message it reads back into
  its pipe, the shutdown message too, so a stop signal in the first seconds of
  a start would never end the wait (see ``end_the_ack_wait_at_shutdown``).
* ``WorkerManager.restarter`` (replaced): an undocumented attribute; replaced by
  one that refuses to restart once the manager is shutting down, so a restart
  request already in the pipe when the stop signal came spawns no worker.
* ``WorkerManager.monitor_publisher`` (sent on), with the monitor's message
  format ``"<process name>:"``: how ``app.m.restart(name)`` asks for a restart
  from a worker. The main process has no multiplexer, and the public
  ``WorkerManager.restart`` must run in the manager's own monitor loop (the
  main thread), not in the watcher's thread.
* ``sanic.mixins.startup.Manager`` (replaced): the ``multiprocessing.Manager``
  that ``Sanic.serve`` starts for the state it shares with the workers (a
  process of its own, started before any listener runs). A stop signal sent to
  the whole process group, as systemd sends SIGTERM, ended that process at
  once, and the manager's next look at its workers' state raised
  ``BrokenPipeError``: the stop ended in a traceback and exit code 1. Its
  replacement starts the same kind of manager with SIGTERM ignored (SIGINT it
  ignores already); Sanic stops it with a message at the end of the stop, as
  before. Sanic has no setting for this.
* ``WorkerManager._sync_states`` (wrapped): during a stop, a worker's shared state that reads as
  nothing ends the stop in a traceback (see ``tolerate_vanished_states_at_shutdown``).
* ``WorkerManager.worker_state`` (one key of ours written): the state shared
  with every worker, where the shutdown is announced to a worker the manager
  may never tell to stop. Sanic's own readers skip an entry whose ``server`` is
  false.

``SANIC_CHECKED`` is the range of Sanic versions this was read against
(``sanic/worker/manager.py``, ``restarter.py``, ``multiplexer.py``,
``process.py``). ``tests/unit/entrypoints/test_sanic_internals.py`` fails on any
other installed version, and checks that each of these is still there and
still behaves so: re-read those files before widening the range.
"""

from __future__ import annotations

import logging
import multiprocessing
import signal
from collections.abc import Callable
from multiprocessing.managers import SyncManager
from typing import Any

from sanic.mixins import startup
from sanic.worker.constants import RestartOrder
from sanic.worker.manager import WorkerManager
from sanic.worker.process import WorkerProcess
from sanic.worker.restarter import Restarter

log = logging.getLogger(__name__)

SANIC_CHECKED = ">=25.3,<25.13"
"""Read against Sanic 25.3.0 and 25.12.1, whose process manager is the same in these respects."""

STARTUP_ATTRIBUTES = ("Manager",)
"""The ``sanic.mixins.startup`` module attributes this module replaces."""

PRIVATE_ATTRIBUTES = (
    "_shutting_down",
    "_all_workers_ack",
    "_sync_states",
    "restarter",
    "monitor_publisher",
    "worker_state",
)
"""The ``WorkerManager`` attributes this module reads, wraps, replaces or sends on."""


def shutting_down(manager: WorkerManager) -> bool:
    """Whether ``manager`` is stopping (a SIGINT, a SIGTERM or a terminate message came)."""
    return bool(manager._shutting_down)


def end_the_ack_wait_at_shutdown(manager: WorkerManager) -> None:
    """Make a shutdown signal end the manager's wait for its workers' start-up acknowledgements.

    While the manager waits for every worker to acknowledge its start, it reads
    its pipe and sends back whatever it read. The shutdown signal's message
    (``None``) then goes round for ever, and as a message read is not counted as
    a miss, even the wait's own time limit never comes: a SIGINT or SIGTERM in
    the first second or two of a start left the process running until it was
    killed. Once the manager is shutting down, the wait is over: the monitor
    loop then reads the shutdown message and stops as usual.
    """
    all_acknowledged = manager._all_workers_ack
    manager._all_workers_ack = lambda: shutting_down(manager) or all_acknowledged()  # type: ignore[method-assign, no-untyped-call]


def tolerate_vanished_states_at_shutdown(manager: WorkerManager) -> None:
    """Make the manager's look at its workers' shared state, during a stop, skip a worker whose
    entry reads as nothing.

    Each turn of its monitor loop the manager reads every worker's entry in the shared state
    (``_sync_states``); it handles a missing entry, but not one that reads as ``None``, which a
    SIGTERM sent to the whole process group, right after a worker was killed and replaced, once
    left behind: ``AttributeError: 'NoneType' object has no attribute 'get'`` ended the stop with a
    traceback and exit code 1 (``tests/faults/test_stopping_after_a_worker_died.py``). Outside a
    stop the error is raised as before.
    """
    sync_states = manager._sync_states

    def tolerant() -> None:
        try:
            sync_states()  # type: ignore[no-untyped-call]
        except AttributeError:
            if not shutting_down(manager):
                raise
            log.info("a worker's shared state was gone during the stop; the stop goes on")

    manager._sync_states = tolerant  # type: ignore[method-assign]


class ShutdownAwareRestarter(Restarter):
    """Sanic's restarter, except that it restarts nothing once the manager is shutting down.

    A restart request can be in the manager's pipe when SIGINT or SIGTERM
    arrives; restarting then would spawn a worker that the shutdown already
    missed, and the manager would wait for it.
    """

    def __init__(self, shutting_down: Callable[[], bool]) -> None:
        super().__init__()
        self._shutting_down = shutting_down

    def restart(
        self,
        transient_processes: list[WorkerProcess],
        durable_processes: list[WorkerProcess],
        process_names: list[str] | None = None,
        restart_order: RestartOrder = RestartOrder.SHUTDOWN_FIRST,
        **kwargs: Any,
    ) -> None:
        if self._shutting_down():
            log.warning("not restarting %s: the server is shutting down", process_names or "every worker")
            return
        super().restart(transient_processes, durable_processes, process_names, restart_order, **kwargs)


def refuse_restarts_at_shutdown(manager: WorkerManager) -> None:
    """From now on, ``manager`` restarts no worker once it is shutting down."""
    manager.restarter = ShutdownAwareRestarter(lambda: shutting_down(manager))


def ask_for_a_restart(manager: WorkerManager, process_name: str) -> None:
    """Ask the manager's monitor loop to restart one process, as ``app.m.restart(name)`` does from
    a worker. Safe from any thread: it is one message on the manager's pipe."""
    manager.monitor_publisher.send(f"{process_name}:")


def share_with_the_workers(manager: WorkerManager, key: str, value: dict[str, Any]) -> None:
    """Write ``value`` under ``key`` in the state the manager shares with its workers (they read it
    as ``app.m.workers[key]``). ``value["server"]`` must be false, or Sanic would count it as a
    server worker. Raises ``OSError`` or ``EOFError`` when that state is gone (its process ended)."""
    assert not value.get("server"), "an entry with a true 'server' would pass for a worker"
    manager.worker_state[key] = value


def _ignore_sigterm() -> None:
    signal.signal(signal.SIGTERM, signal.SIG_IGN)


def shared_state_manager() -> SyncManager:
    """``multiprocessing.Manager()``, except that its process ignores SIGTERM."""
    manager = SyncManager(ctx=multiprocessing.get_context())
    manager.start(initializer=_ignore_sigterm)
    return manager


def keep_the_shared_state_through_a_group_stop() -> None:
    """From now on, the shared state ``Sanic.serve`` starts survives a SIGTERM sent to the whole
    process group, so the manager can finish the stop that signal began (call before ``serve``)."""
    startup.Manager = shared_state_manager  # type: ignore[attr-defined]
