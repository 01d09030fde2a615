"""A draining worker refuses new sockets and moves, lets the moves in flight end, sends the answers
it owes, closes every socket with 1012 and is done within its grace period."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Sequence
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus

from application.ports import ClaimedDeadline, ScheduledDeadline
from domain.errors import Busy
from entrypoints.draining import (
    EXIT_MARGIN_SHARE,
    MOVES_SHARE,
    RESTART_REASON,
    RETRY_AFTER_MS,
    RETRY_SPREAD_MS,
    SERVICE_RESTART,
    Drain,
    stop_tasks,
)
from tests.integration.server import Guest, Socket, running_server, server_settings


class FakeSocket:
    """A socket that records how it was closed; its handler leaves the drain ``leave_after``
    seconds after the close (as a real handler's ``finally`` does), or never (``None``)."""

    def __init__(
        self,
        drain: Drain,
        events: list[str],
        name: str = "socket",
        leave_after: float | None = 0.0,
        close_takes: float = 0.0,
        close_fails: bool = False,
    ) -> None:
        self.drain = drain
        self.events = events
        self.name = name
        self.owed = False
        self.closed_with: tuple[int, str] | None = None
        self._leave_after = leave_after
        self._close_takes = close_takes
        self._close_fails = close_fails
        self._leaving: asyncio.Task[None] | None = None

    def answered(self) -> bool:
        return not self.owed

    async def close(self, code: int, reason: str) -> None:
        self.events.append(f"close {self.name}")
        if self._close_fails:  # the connection is gone: its handler ends on its own
            self._leaving = asyncio.create_task(self._leave(0.0))
            raise ConnectionResetError("gone already")
        await asyncio.sleep(self._close_takes)
        self.closed_with = (code, reason)
        if self._leave_after is not None:
            self._leaving = asyncio.create_task(self._leave(self._leave_after))

    async def _leave(self, after: float) -> None:
        await asyncio.sleep(after)
        self.drain.leave(self)


async def a_move(drain: Drain, events: list[str], seconds: float, name: str = "move") -> None:
    with drain.move():
        events.append(f"{name} starts")
        await asyncio.sleep(seconds)
        events.append(f"{name} ends")


# --- before the drain ----------------------------------------------------------------------------


def test_before_the_drain_moves_and_sockets_are_taken_and_counted() -> None:
    drain = Drain(5.0)
    socket = FakeSocket(drain, [])
    assert drain.enter(socket)
    assert drain.open_sockets == 1
    with drain.move():
        assert drain.in_flight == 1
    assert drain.in_flight == 0
    drain.leave(socket)
    assert drain.open_sockets == 0
    assert not drain.draining
    assert drain.remaining() == 5.0


def test_a_grace_period_must_be_positive() -> None:
    with pytest.raises(ValueError):
        Drain(0)


# --- while draining ------------------------------------------------------------------------------


async def test_once_draining_a_move_is_refused_busy_with_a_retry_hint_and_changes_nothing() -> None:
    drain = Drain(1.0)
    await drain.drain()
    ran = False
    hints = []
    for _ in range(20):
        with pytest.raises(Busy) as refused, drain.move():
            ran = True
        hints.append(refused.value.retry_after_ms)
    assert not ran
    assert drain.in_flight == 0
    assert all(RETRY_AFTER_MS <= hint < RETRY_AFTER_MS + RETRY_SPREAD_MS for hint in hints)
    assert len(set(hints)) > 1, "the hints are spread, so refused clients do not come back together"
    assert drain.refused == 20


async def test_once_draining_a_new_socket_is_refused() -> None:
    drain = Drain(1.0)
    await drain.drain()
    assert not drain.enter(FakeSocket(drain, []))
    assert drain.open_sockets == 0


async def test_the_drain_lets_the_move_in_flight_end_before_closing_the_sockets_with_1012() -> None:
    drain = Drain(5.0)
    events: list[str] = []
    sockets = [FakeSocket(drain, events, f"s{n}") for n in range(3)]
    for socket in sockets:
        drain.enter(socket)
    moving = asyncio.create_task(a_move(drain, events, 0.2))
    await asyncio.sleep(0)
    report = await drain.drain()
    await moving
    assert events[:2] == ["move starts", "move ends"]
    assert sorted(events[2:]) == ["close s0", "close s1", "close s2"]
    assert all(s.closed_with == (SERVICE_RESTART, RESTART_REASON) for s in sockets)
    assert report.moves_waited == 1 and report.moves_unfinished == 0
    assert report.sockets_closed == 3 and report.handlers_unfinished == 0
    assert drain.open_sockets == 0


async def test_a_socket_owed_the_answer_to_its_move_gets_it_before_it_is_closed() -> None:
    drain = Drain(5.0)
    events: list[str] = []
    socket = FakeSocket(drain, events)
    drain.enter(socket)
    socket.owed = True

    async def answer() -> None:
        await asyncio.sleep(0.15)
        events.append("answer sent")
        socket.owed = False

    answering = asyncio.create_task(answer())
    report = await drain.drain()
    await answering
    assert events == ["answer sent", "close socket"]
    assert report.unanswered == 0


async def test_an_answer_that_never_comes_delays_the_close_about_a_second_only() -> None:
    drain = Drain(5.0)
    socket = FakeSocket(drain, [])
    drain.enter(socket)
    socket.owed = True
    started = time.monotonic()
    report = await drain.drain()
    assert 0.9 < time.monotonic() - started < 2.0
    assert report.unanswered == 1
    assert socket.closed_with == (SERVICE_RESTART, RESTART_REASON)


async def test_the_drain_waits_for_the_socket_handlers_to_finish() -> None:
    drain = Drain(5.0)
    events: list[str] = []
    for n in range(2):
        drain.enter(FakeSocket(drain, events, f"s{n}", leave_after=0.2))
    report = await drain.drain()
    assert drain.open_sockets == 0
    assert report.handlers_unfinished == 0
    assert report.seconds >= 0.2


async def test_a_move_that_never_ends_still_leaves_the_drain_within_its_grace() -> None:
    grace = 0.8
    drain = Drain(grace)
    events: list[str] = []
    stuck = FakeSocket(drain, events, "stuck", leave_after=None, close_takes=10.0)
    drain.enter(stuck)
    drain.enter(FakeSocket(drain, events, "broken", close_fails=True))
    drain.enter(FakeSocket(drain, events, "fine"))
    moving = asyncio.create_task(a_move(drain, events, 10.0))
    await asyncio.sleep(0)
    started = time.monotonic()
    report = await drain.drain()
    took = time.monotonic() - started
    moving.cancel()
    assert grace * MOVES_SHARE <= took < grace * (1 - 2 * EXIT_MARGIN_SHARE), took
    assert report.moves_unfinished == 1
    assert report.sockets_closed == 3
    assert report.handlers_unfinished == 1  # the stuck one; the others left
    assert drain.remaining() >= 3 * drain.exit_margin() - 0.05, "the rest is left for the exit"


async def test_draining_twice_keeps_the_first_start() -> None:
    drain = Drain(2.0)
    await drain.drain()
    left = drain.remaining()
    await asyncio.sleep(0.05)
    await drain.drain()
    assert drain.remaining() < left


# --- the deadline worker's queue ------------------------------------------------------------------


class FakeQueue:
    """A deadline queue whose ``claim_due`` returns ``due`` once ``gate`` opens."""

    def __init__(self, due: Sequence[ClaimedDeadline]) -> None:
        self.due = list(due)
        self.gate = asyncio.Event()
        self.gate.set()
        self.claims = 0
        self.completed: list[ClaimedDeadline] = []

    async def claim_due(self, limit: int, lease_seconds: float) -> list[ClaimedDeadline]:
        self.claims += 1
        await self.gate.wait()
        claimed, self.due = self.due[:limit], self.due[limit:]
        return claimed

    async def complete(self, claimed: ClaimedDeadline) -> None:
        self.completed.append(claimed)

    async def next_due(self) -> float | None:
        return None

    async def wait(self, timeout: float) -> None:
        await asyncio.sleep(0)

    async def replace(self, game_id: str, deadlines: Sequence[ScheduledDeadline]) -> None:
        pass


def claimed(n: int) -> list[ClaimedDeadline]:
    return [ClaimedDeadline(f"g{i}", "turn:1", 0.0, f"lease{i}") for i in range(n)]


async def test_a_claimed_batch_of_deadlines_is_in_flight_until_the_worker_comes_back_for_more() -> None:
    drain = Drain(5.0)
    queue = FakeQueue(claimed(2))
    deadlines = drain.deadlines(queue)
    batch = await deadlines.claim_due(64, 5.0)
    assert len(batch) == 2
    assert drain.in_flight == 1
    for item in batch:
        await deadlines.complete(item)
    assert drain.in_flight == 1
    assert await deadlines.claim_due(64, 5.0) == []
    assert drain.in_flight == 0
    await deadlines.wait(0.01)
    assert await deadlines.next_due() is None
    assert drain.in_flight == 0
    assert queue.completed == batch


async def test_a_draining_worker_claims_no_deadline_but_fires_the_batch_it_holds() -> None:
    drain = Drain(5.0)
    queue = FakeQueue(claimed(3))
    deadlines = drain.deadlines(queue)
    batch = await deadlines.claim_due(2, 5.0)
    events: list[str] = []

    async def fire_the_batch() -> None:
        await asyncio.sleep(0.1)
        events.append("batch fired")
        await deadlines.next_due()  # the worker comes back: the batch is done

    firing = asyncio.create_task(fire_the_batch())
    await asyncio.sleep(0)
    report = await drain.drain()
    await firing
    assert events == ["batch fired"]
    assert report.moves_waited == 1 and report.moves_unfinished == 0
    claims = queue.claims
    assert await deadlines.claim_due(64, 5.0) == []
    assert queue.claims == claims, "nothing is claimed once draining"
    assert len(batch) == 2 and len(queue.due) == 1  # left to the other workers


async def test_a_claim_under_way_as_the_drain_begins_is_waited_for() -> None:
    drain = Drain(5.0)
    queue = FakeQueue(claimed(1))
    queue.gate.clear()
    deadlines = drain.deadlines(queue)
    claiming = asyncio.create_task(deadlines.claim_due(64, 5.0))
    await asyncio.sleep(0)
    assert drain.in_flight == 1
    draining = asyncio.create_task(drain.drain())
    await asyncio.sleep(0.05)
    assert not draining.done()
    queue.gate.set()
    assert len(await claiming) == 1
    await asyncio.sleep(0.05)
    assert not draining.done(), "the batch it claimed is in flight"
    deadlines.stopped()
    report = await draining
    assert report.moves_unfinished == 0


# --- stopping the background tasks -----------------------------------------------------------


async def test_background_tasks_are_cancelled_and_one_that_will_not_stop_is_left_behind_in_time() -> None:
    async def obedient() -> None:
        await asyncio.sleep(3600)

    released = asyncio.Event()

    async def stubborn() -> None:
        while not released.is_set():
            try:
                await released.wait()
            except asyncio.CancelledError:
                continue  # a defect: it swallows the cancellation

    tasks = [
        asyncio.create_task(obedient(), name="obedient"),
        asyncio.create_task(stubborn(), name="stubborn"),
    ]
    await asyncio.sleep(0)
    started = time.monotonic()
    left = await stop_tasks(tasks, 0.2)
    assert 0.15 < time.monotonic() - started < 1.0
    assert left == ["stubborn"]
    assert tasks[0].cancelled()
    released.set()
    await tasks[1]
    assert await stop_tasks([], 1.0) == []


async def test_a_background_task_that_lost_its_cancellation_is_cancelled_again_and_stops() -> None:
    swallowed: list[str] = []

    async def reporter() -> None:  # a loop that survives errors, as the lateness reporter does
        while True:
            try:
                await asyncio.sleep(3600)
            except asyncio.CancelledError:
                if swallowed:
                    raise
                swallowed.append("once")  # as a library call under it once did, in CI
                asyncio.current_task().uncancel()  # type: ignore[union-attr]

    task = asyncio.create_task(reporter(), name="reporter")
    await asyncio.sleep(0)
    started = time.monotonic()
    assert await stop_tasks([task], 10.0) == []
    assert time.monotonic() - started < 2.0
    assert swallowed == ["once"] and task.cancelled()


# --- in a running server (in-process, embedded storage) -------------------------------------------


async def test_a_draining_server_finishes_the_move_refuses_the_rest_and_closes_its_sockets_with_1012() -> (
    None
):
    settings = server_settings(shutdown_grace_seconds=5.0)
    async with running_server(settings) as server:
        app = server.app
        host, guest = await Guest.login(server, "Ada"), await Guest.login(server, "Bruno")
        created = await host.http.post("/api/games", json={"game_type": "briscola", "options": {}})
        game_id, code = created.json()["id"], created.json()["join_code"]
        await guest.http.post("/api/games/join", json={"code": code})
        sockets = {p.user_id: await Socket.open(server, game_id, p.cookie) for p in (host, guest)}
        views = {p.user_id: (await p.http.get(f"/api/games/{game_id}")).json() for p in (host, guest)}
        mover = next(uid for uid, view in views.items() if view["your_turn"])
        other = next(uid for uid in views if uid != mover)
        version = views[mover]["version"]
        for socket in sockets.values():
            await socket.until(lambda f: f["type"] == "state" and f["game"]["version"] == version)

        commits = (await app.ctx.container.games()).commits
        commit = commits.commit

        async def slow_commit(*args: Any, **kwargs: Any) -> Any:
            await asyncio.sleep(0.5)
            return await commit(*args, **kwargs)

        commits.commit = slow_commit
        drain = app.ctx.container.drain()
        await sockets[mover].send(views[mover]["legal_moves"][0])
        for _ in range(200):
            if drain.in_flight == 1:
                break
            await asyncio.sleep(0.01)
        assert drain.in_flight == 1, "the move is in flight"
        draining = asyncio.create_task(drain.drain())
        await asyncio.sleep(0.05)

        ready = await host.http.get("/api/health/ready")
        assert ready.status_code == 503 and ready.json()["code"] == "shutting_down"
        assert "Retry-After" in ready.headers
        with pytest.raises(InvalidStatus) as refused:
            await Socket.open(server, game_id, host.cookie)
        assert refused.value.response.status_code == 503
        await sockets[other].send({"action": "state"})  # a snapshot is still answered
        await sockets[other].until(lambda f: f["type"] == "state")
        await sockets[other].send({"action": "rematch"})
        busy = await sockets[other].until(lambda f: f["type"] == "error")
        assert busy["code"] == "busy" and busy["retry_after_ms"] >= RETRY_AFTER_MS

        report = await draining
        assert report.moves_waited == 1 and report.moves_unfinished == 0 and report.unanswered == 0
        for socket in sockets.values():
            with pytest.raises(ConnectionClosed) as closed:
                while True:
                    await socket.next_frame(5)
            assert closed.value.rcvd is not None
            assert (closed.value.rcvd.code, closed.value.rcvd.reason) == (SERVICE_RESTART, RESTART_REASON)
            states = [f["game"]["version"] for f in socket.frames if f["type"] == "state"]
            assert max(states) == version + 1, "the move in flight was applied and its answer sent"
        assert (await host.http.get(f"/api/games/{game_id}")).json()["version"] == version + 1
        await host.close()
        await guest.close()
