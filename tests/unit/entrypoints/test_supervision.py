"""The worker watcher restarts a dead server worker after a backoff, never while shutting down,
and never twice for one death; the census counts the workers Sanic knows to be serving."""

from __future__ import annotations

import logging
from dataclasses import replace
from typing import Any

import pytest
from sanic import Sanic
from sanic.worker.constants import ProcessState

from application.operations.health import WorkerCount
from entrypoints.supervision import (
    ProcessView,
    RestartBackoff,
    SanicWorkerCensus,
    WorkerWatcher,
    describe_exit,
)

SIGKILLED = -9


class Cluster:
    """Fake server processes, a fake clock and a record of the restarts asked for."""

    def __init__(self, *names: str) -> None:
        self.now = 0.0
        self.stopping = False
        self.restarts: list[tuple[float, str]] = []
        self.announcements: list[float] = []
        self.views = {
            name: ProcessView(name, pid=100 + i, alive=True, exitcode=None, managed=False, acknowledged=True)
            for i, name in enumerate(names)
        }

    def watcher(self, backoff: RestartBackoff | None = None) -> WorkerWatcher:
        return WorkerWatcher(
            processes=lambda: list(self.views.values()),
            request_restart=lambda name: self.restarts.append((self.now, name)),
            shutting_down=lambda: self.stopping,
            backoff=backoff or RestartBackoff(base=1.0, cap=8.0, stable=30.0),
            clock=lambda: self.now,
            announce_shutdown=lambda: self.announcements.append(self.now),
        )

    def die(self, name: str, exitcode: int = SIGKILLED) -> None:
        self.views[name] = replace(self.views[name], alive=False, exitcode=exitcode)

    def replace_with_new_process(self, name: str) -> None:
        view = self.views[name]
        self.views[name] = replace(view, pid=(view.pid or 0) + 1000, alive=True, exitcode=None)

    def run(self, watcher: WorkerWatcher, until: float, step: float = 0.1) -> None:
        while self.now < until:
            watcher.tick()
            self.now = round(self.now + step, 6)


def test_a_worker_killed_by_a_signal_is_restarted_once_after_the_first_delay() -> None:
    cluster = Cluster("Sanic-Server-0-0", "Sanic-Server-1-0")
    watcher = cluster.watcher()
    cluster.run(watcher, until=5.0)
    cluster.die("Sanic-Server-1-0")
    cluster.run(watcher, until=9.0)
    assert [name for _, name in cluster.restarts] == ["Sanic-Server-1-0"]
    assert cluster.restarts[0][0] == pytest.approx(6.0)


def test_a_worker_that_exits_with_an_error_code_is_restarted_and_a_clean_exit_is_left_alone() -> None:
    cluster = Cluster("Sanic-Server-0-0", "Sanic-Server-1-0")
    watcher = cluster.watcher()
    cluster.die("Sanic-Server-0-0", exitcode=1)
    cluster.die("Sanic-Server-1-0", exitcode=0)
    cluster.run(watcher, until=3.0)
    assert [name for _, name in cluster.restarts] == ["Sanic-Server-0-0"]


def test_nothing_is_restarted_while_the_server_shuts_down() -> None:
    cluster = Cluster("Sanic-Server-0-0")
    watcher = cluster.watcher()
    cluster.die("Sanic-Server-0-0")
    cluster.run(watcher, until=0.5)
    cluster.stopping = True
    cluster.run(watcher, until=30.0)
    assert cluster.restarts == []


def test_the_shutdown_is_announced_to_the_workers_once_when_it_begins() -> None:
    cluster = Cluster("Sanic-Server-0-0", "Sanic-Server-1-0")
    watcher = cluster.watcher()
    cluster.run(watcher, until=2.0)
    assert cluster.announcements == []
    cluster.stopping = True
    cluster.run(watcher, until=4.0)
    assert cluster.announcements == [pytest.approx(2.0)]


def test_a_worker_dying_before_the_manager_saw_any_worker_serve_is_left_to_sanics_start_up_checks() -> None:
    cluster = Cluster("Sanic-Server-0-0", "Sanic-Server-1-0")
    for name, view in cluster.views.items():
        cluster.views[name] = replace(view, acknowledged=False)
    watcher = cluster.watcher()
    cluster.die("Sanic-Server-0-0")
    cluster.run(watcher, until=5.0)
    assert cluster.restarts == []
    cluster.views["Sanic-Server-1-0"] = replace(cluster.views["Sanic-Server-1-0"], acknowledged=True)
    cluster.run(watcher, until=10.0)  # the monitor loop runs now: the dead one is restarted
    assert [name for _, name in cluster.restarts] == ["Sanic-Server-0-0"]


def test_a_process_the_manager_is_already_handling_is_left_to_it() -> None:
    cluster = Cluster("Sanic-Server-0-0")
    watcher = cluster.watcher()
    cluster.die("Sanic-Server-0-0")
    cluster.views["Sanic-Server-0-0"] = replace(cluster.views["Sanic-Server-0-0"], managed=True)
    cluster.run(watcher, until=5.0)
    assert cluster.restarts == []


def test_a_worker_that_keeps_dying_at_start_up_is_restarted_with_a_doubling_delay() -> None:
    cluster = Cluster("Sanic-Server-0-0")
    watcher = cluster.watcher()
    deaths: list[float] = []
    for _ in range(6):
        cluster.die("Sanic-Server-0-0")
        deaths.append(cluster.now)
        asked = len(cluster.restarts)
        while len(cluster.restarts) == asked:
            watcher.tick()
            cluster.now = round(cluster.now + 0.1, 6)
        cluster.replace_with_new_process("Sanic-Server-0-0")
        watcher.tick()
        cluster.now = round(cluster.now + 0.5, 6)  # ... and it dies again half a second later
    waits = [asked_at - died for (asked_at, _), died in zip(cluster.restarts, deaths, strict=True)]
    assert waits == pytest.approx([1.0, 2.0, 4.0, 8.0, 8.0, 8.0])  # capped at 8 here


def test_a_worker_that_ran_long_before_dying_starts_over_at_the_first_delay() -> None:
    backoff = RestartBackoff(base=1.0, cap=60.0, stable=30.0)
    assert [backoff.delay_after("w", ran_for=0.5) for _ in range(3)] == [1.0, 2.0, 4.0]
    assert backoff.delay_after("w", ran_for=3600.0) == 1.0
    assert backoff.delay_after("other", ran_for=0.0) == 1.0


def test_a_restart_the_manager_did_not_act_on_is_asked_again_later() -> None:
    cluster = Cluster("Sanic-Server-0-0")
    watcher = cluster.watcher()
    cluster.die("Sanic-Server-0-0")
    cluster.run(watcher, until=20.0)
    assert [round(at) for at, _ in cluster.restarts] == [1, 11]


def test_each_death_is_logged_as_an_error_and_each_restart_as_a_warning(
    caplog: pytest.LogCaptureFixture,
) -> None:
    cluster = Cluster("Sanic-Server-0-0")
    watcher = cluster.watcher()
    cluster.die("Sanic-Server-0-0")
    with caplog.at_level(logging.WARNING, logger="entrypoints.supervision"):
        cluster.run(watcher, until=2.0)
    levels = [(record.levelno, record.getMessage()) for record in caplog.records]
    assert levels[0][0] == logging.ERROR and "killed by SIGKILL" in levels[0][1]
    assert levels[1][0] == logging.WARNING and "restarting worker Sanic-Server-0-0 in 1.0 s" in levels[1][1]
    assert len(levels) == 2


def test_exits_are_described_by_signal_name_or_code() -> None:
    assert describe_exit(-9) == "killed by SIGKILL"
    assert describe_exit(3) == "exit code 3"


def test_the_shared_state_going_away_during_shutdown_ends_the_watcher_without_an_error(
    caplog: pytest.LogCaptureFixture,
) -> None:
    # A stop signal sent to the whole process group ends the manager's shared-state process too.
    def announce_into_a_closed_state() -> None:
        raise ConnectionRefusedError(111, "Connection refused")

    watcher = WorkerWatcher(
        processes=list,
        request_restart=lambda name: None,
        shutting_down=lambda: True,
        poll=0.01,
        announce_shutdown=announce_into_a_closed_state,
    )
    with caplog.at_level(logging.INFO, logger="entrypoints.supervision"):
        watcher.start()
        ended_by_itself = watcher.ended_within(5)
        watcher.stop()
    assert ended_by_itself
    assert [record.levelno for record in caplog.records] == [logging.INFO]
    assert "the watcher ends" in caplog.records[0].getMessage()
    assert all(record.exc_info is None for record in caplog.records)


def test_the_shared_state_going_away_while_serving_ends_the_watcher_with_a_warning_and_no_traceback(
    caplog: pytest.LogCaptureFixture,
) -> None:
    def unreadable() -> list[ProcessView]:
        raise EOFError

    watcher = WorkerWatcher(
        processes=unreadable, request_restart=lambda name: None, shutting_down=lambda: False, poll=0.01
    )
    with caplog.at_level(logging.INFO, logger="entrypoints.supervision"):
        watcher.start()
        ended_by_itself = watcher.ended_within(5)
        watcher.stop()
    assert ended_by_itself
    assert [record.levelno for record in caplog.records] == [logging.WARNING]
    assert caplog.records[0].exc_info is None


# --- the census ----------------------------------------------------------------------------------


class FakeMultiplexer:
    def __init__(self, workers: dict[str, Any]) -> None:
        self.workers = workers


def test_without_a_process_manager_the_one_process_is_the_one_worker() -> None:
    app = Sanic("census_single")
    assert SanicWorkerCensus(app, configured=1).count() == WorkerCount(configured=1, running=1)


def test_under_the_manager_only_acknowledged_server_workers_count_as_running() -> None:
    app = Sanic("census_managed")
    app.multiplexer = FakeMultiplexer(  # type: ignore[assignment]
        {
            "Sanic-Main": {"pid": 1},
            "Sanic-Server-0-0": {"server": True, "state": ProcessState.ACKED.name, "pid": 2},
            "Sanic-Server-1-0": {"server": True, "state": ProcessState.FAILED.name, "pid": 3},
            "Sanic-Inspector-0": {"server": False, "state": ProcessState.ACKED.name, "pid": 4},
        }
    )
    assert SanicWorkerCensus(app, configured=2).count() == WorkerCount(configured=2, running=1)
