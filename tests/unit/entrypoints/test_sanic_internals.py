"""What ``entrypoints.sanic_internals`` takes from Sanic beyond its public API is still there on the
installed Sanic, and still behaves as that module says; and the installed Sanic is one it was read
against, so an upgrade fails here until someone re-reads Sanic's process manager."""

from __future__ import annotations

import multiprocessing
import os
import signal
from collections.abc import Iterator
from typing import Any

import pytest
import sanic
from packaging.specifiers import SpecifierSet
from packaging.version import Version
from sanic.worker.manager import WorkerManager

from entrypoints.sanic_internals import (
    PRIVATE_ATTRIBUTES,
    SANIC_CHECKED,
    STARTUP_ATTRIBUTES,
    ShutdownAwareRestarter,
    ask_for_a_restart,
    end_the_ack_wait_at_shutdown,
    keep_the_shared_state_through_a_group_stop,
    refuse_restarts_at_shutdown,
    share_with_the_workers,
    shared_state_manager,
    shutting_down,
    tolerate_vanished_states_at_shutdown,
)

SERVER = "Sanic-Server-0-0"


@pytest.fixture
def manager() -> Iterator[WorkerManager]:
    """A real ``WorkerManager`` of one server worker, never started; its signal handlers undone."""
    handlers = {sig: signal.getsignal(sig) for sig in (signal.SIGINT, signal.SIGTERM)}
    publisher, subscriber = multiprocessing.Pipe()
    try:
        yield WorkerManager(
            1, lambda **kwargs: None, {}, multiprocessing.get_context("spawn"), (publisher, subscriber), {}
        )
    finally:
        for sig, handler in handlers.items():
            signal.signal(sig, handler)
        publisher.close()
        subscriber.close()


def test_the_installed_sanic_is_a_version_the_internals_were_checked_against() -> None:
    assert Version(sanic.__version__) in SpecifierSet(SANIC_CHECKED), (
        f"Sanic {sanic.__version__} is installed, entrypoints/sanic_internals.py was checked against "
        f"{SANIC_CHECKED}: re-read sanic/worker/ (manager.py, restarter.py, multiplexer.py, process.py) "
        "against that module's docstring, then widen SANIC_CHECKED"
    )


def test_every_private_attribute_it_touches_is_on_a_real_manager(manager: WorkerManager) -> None:
    missing = [name for name in PRIVATE_ATTRIBUTES if not hasattr(manager, name)]
    assert missing == []


def test_a_manager_starts_not_shutting_down_and_its_shutdown_is_seen(manager: WorkerManager) -> None:
    assert not shutting_down(manager)
    manager.shutdown()  # what its SIGINT/SIGTERM handler does, after telling its monitor loop
    assert shutting_down(manager)


def test_at_shutdown_the_wait_for_start_up_acknowledgements_ends_at_once(manager: WorkerManager) -> None:
    end_the_ack_wait_at_shutdown(manager)
    manager.monitor_publisher.send(None)  # the stop signal's message, which the wait bounces back
    manager.shutdown()
    manager.wait_for_ack()  # no worker ever acknowledged: without the wrap this never returns
    assert manager.monitor_subscriber.poll(0) and manager.monitor_subscriber.recv() is None


def test_a_restart_asked_by_name_reaches_the_monitor_loop_as_a_restart_of_that_process(
    manager: WorkerManager,
) -> None:
    asked: list[list[str] | None] = []

    class Recording(ShutdownAwareRestarter):
        def restart(self, *args: Any, process_names: list[str] | None = None, **kwargs: Any) -> None:
            asked.append(process_names)

    manager.restarter = Recording(lambda: False)
    ask_for_a_restart(manager, SERVER)
    assert manager.monitor_subscriber.poll(1)
    manager._poll_monitor()  # one turn of the monitor loop, as in ``WorkerManager.monitor``
    assert asked == [[SERVER]]


def test_once_shutting_down_the_manager_restarts_nothing(manager: WorkerManager) -> None:
    restarted: list[str] = []
    for process in manager.transient_processes:
        process.restart = lambda **kwargs: restarted.append("restarted")
    refuse_restarts_at_shutdown(manager)
    manager.restart([SERVER])
    manager.shutdown()
    manager.restart([SERVER])
    assert restarted == ["restarted"]


def test_an_entry_shared_with_the_workers_is_not_counted_as_a_server_worker(manager: WorkerManager) -> None:
    share_with_the_workers(manager, "tavolo-shutdown", {"server": False, "shutdown": True})
    assert manager.worker_state["tavolo-shutdown"] == {"server": False, "shutdown": True}
    manager.worker_state[SERVER] = {**manager.worker_state[SERVER], "state": "ACKED"}
    assert manager._all_workers_ack()  # one server configured, one acknowledged: ours is not a server


def test_sanic_serve_starts_its_shared_state_with_the_manager_this_module_replaces(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from sanic.mixins import startup

    assert [name for name in STARTUP_ATTRIBUTES if not hasattr(startup, name)] == []
    # What Sanic.serve calls for the state it shares with its workers, until replaced:
    assert getattr(startup, "Manager") is multiprocessing.Manager  # noqa: B009 - not re-exported
    monkeypatch.setattr(startup, "Manager", multiprocessing.Manager)  # undone after the test
    keep_the_shared_state_through_a_group_stop()
    assert getattr(startup, "Manager") is shared_state_manager  # noqa: B009


def test_the_shared_state_outlives_a_sigterm_and_still_stops_when_told() -> None:
    manager = shared_state_manager()
    try:
        state = manager.dict()
        children = multiprocessing.active_children()
        server = next(child for child in children if child.name.startswith("SyncManager"))
        os.kill(server.pid or 0, signal.SIGTERM)  # as systemd stops a service: every process of it
        server.join(timeout=0.5)
        state["still"] = "here"
        assert state["still"] == "here"
    finally:
        manager.shutdown()
    assert not server.is_alive()


def test_during_a_stop_a_workers_state_read_as_nothing_is_skipped_not_a_traceback(
    manager: WorkerManager,
) -> None:
    def reading_a_vanished_state() -> None:
        state: dict[str, str] | None = None  # what a group SIGTERM once left in the shared state
        state.get("state")  # type: ignore[union-attr]

    manager._sync_states = reading_a_vanished_state  # type: ignore[method-assign]
    tolerate_vanished_states_at_shutdown(manager)
    with pytest.raises(AttributeError):
        manager._sync_states()  # outside a stop: raised as before
    manager.shutdown()
    manager._sync_states()
