"""Redis goes away under ``tavolo serve --workers 2`` (issue 16, section 2), and a worker dies.

One server with two workers on a private Redis (append-only, every write
synced) and the embedded SQLite match database, for the whole module:

1. Redis stopped for a few seconds during a match: every REST route answers 503
   ``unavailable`` with ``Retry-After`` (never 500), a move on a socket gets an
   ``unavailable`` error frame and the socket stays open and answered, liveness
   says 200 and readiness 503. Redis back *with its data*: readiness returns to
   200, moves are accepted, turn timeouts fire again (the deadline worker
   survived), and the finished match is recorded exactly once. The server log
   holds no traceback for the outage.
2. Redis back *without its data*: a move on the vanished table gets a
   ``not_found`` error frame, the table answers 404, the old login is gone (401),
   and a new login, table and match work and are recorded.
3. One worker SIGKILLed: the port keeps answering, a new worker runs within
   about ten seconds, and readiness reports the gap (``running: 1``, ``degraded``).
"""

from __future__ import annotations

import asyncio
import os
import signal
from collections.abc import AsyncIterator, Awaitable
from typing import Any

import httpx
import pytest
import pytest_asyncio

from tests.e2e.processes import ServerProcess, tavolo_serve
from tests.faults.figures import report
from tests.faults.matches import (
    Seat,
    Watch,
    close_all,
    rating_problems,
    running,
    server_env,
    wait_for,
    wait_recorded,
)
from tests.faults.services import RedisServer
from tests.integration.players import first_legal_move
from tests.integration.server import Guest

pytestmark = pytest.mark.asyncio(loop_scope="module")

TURN_TIMEOUT = 1.0
DOWN_SECONDS = 3.0
WORKERS = 2


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def serving(
    redis_server: RedisServer, tmp_path_factory: pytest.TempPathFactory, logging_config: str
) -> AsyncIterator[ServerProcess]:
    env = server_env(
        logging_config,
        REDIS_URL=redis_server.url,
        DATABASE_URL=f"sqlite:///{tmp_path_factory.mktemp('faults-sqlite') / 'tavolo.sqlite3'}",
        TURN_TIMEOUT_SECONDS=str(TURN_TIMEOUT),
    )
    async with tavolo_serve(env, ("--workers", str(WORKERS))) as server:
        yield server


def fresh_client(server: ServerProcess, **kwargs: Any) -> httpx.AsyncClient:
    """No kept-alive connection: each request may land on either worker."""
    return httpx.AsyncClient(
        base_url=server.base_url, limits=httpx.Limits(max_keepalive_connections=0), timeout=10, **kwargs
    )


async def readiness(server: ServerProcess) -> tuple[int, dict[str, Any]]:
    async with fresh_client(server) as http:
        response = await http.get("/api/health/ready")
    try:
        body: dict[str, Any] = response.json()
    except ValueError:
        body = {"raw": response.text[:200]}
    return response.status_code, body


async def wait_ready(server: ServerProcess, timeout: float) -> float | None:
    """Seconds until readiness answered 200, or None."""
    loop = asyncio.get_running_loop()
    start = loop.time()
    while loop.time() - start < timeout:
        try:
            if (await readiness(server))[0] == 200:
                return loop.time() - start
        except httpx.TransportError:
            pass
        await asyncio.sleep(0.1)
    return None


async def briscola_table(server: ServerProcess, host: Guest, guest: Guest) -> tuple[str, Seat, Seat]:
    created = await host.http.post(
        "/api/games", json={"game_type": "briscola", "options": {"target_score": 1}}
    )
    assert created.status_code == 201, created.text
    game_id = str(created.json()["id"])
    first = await Seat.open(running(server), game_id, host)
    joined = await guest.http.post("/api/games/join", json={"code": created.json()["join_code"]})
    assert joined.status_code == 200, joined.text
    second = await Seat.open(running(server), game_id, guest)
    assert await wait_for(lambda: first.version() > 0 and second.version() == first.version(), 10)
    return game_id, first, second


def on_turn(seats: list[Seat]) -> Seat | None:
    return next((s for s in seats if (s.view() or {}).get("your_turn")), None)


async def step(seats: list[Seat]) -> bool:
    """The player on turn plays its first legal move; True once every socket saw the result."""
    mover = on_turn(seats)
    if mover is None:
        return False
    view = mover.view()
    assert view is not None
    version = int(view["version"])
    await mover.send(first_legal_move(view))
    return await wait_for(lambda: all(s.version() > version for s in seats), 10)


def unavailable(response: httpx.Response) -> bool:
    try:
        code = response.json().get("code")
    except ValueError:
        code = None
    return response.status_code == 503 and code == "unavailable" and "retry-after" in response.headers


# --- 1. down, then back with its data ----------------------------------------------------------


async def test_a_redis_outage_answers_503_and_the_match_goes_on_when_it_is_back(
    redis_server: RedisServer, serving: ServerProcess
) -> None:
    watch = Watch()
    loop = asyncio.get_running_loop()
    host, guest = await watch.login(serving, "Gino"), await watch.login(serving, "Ida")
    game_id, first, second = await briscola_table(serving, host, guest)
    seats = [first, second]
    for _ in range(4):
        assert await step(seats), "the match is under way before the outage"
    ready_before = (await readiness(serving))[0]
    log_start = len(serving.output())

    redis_server.stop(signal.SIGTERM)
    down_at = loop.time()
    anonymous = watch.http(fresh_client(serving))
    routes = {
        "GET /api/me": host.http.get("/api/me"),
        "GET /api/games/<id>": host.http.get(f"/api/games/{game_id}"),
        "GET /api/me/games": host.http.get("/api/me/games"),
        "POST /api/games": host.http.post("/api/games", json={"game_type": "scopa"}),
        "POST /api/games/join": guest.http.post("/api/games/join", json={"code": "ABC234"}),
        "GET /api/me/matches": host.http.get("/api/me/matches"),
        "POST /auth/guest": anonymous.post("/auth/guest", json={"name": "Lea"}),
    }

    async def on_the_socket() -> tuple[bool, bool]:
        """A move gets ``unavailable``; a later message on the same socket is still answered."""
        mover = on_turn(seats) or first
        view = mover.view()
        assert view is not None
        seen = len(mover.frames)
        await mover.send(first_legal_move(view) if view.get("your_turn") else {"action": "ack"})
        refused = await wait_for(lambda: any(e["code"] == "unavailable" for e in mover.errors(seen)), 8)
        seen = len(mover.frames)
        await mover.send({"action": "state"})
        answered = await wait_for(lambda: len(mover.frames) > seen, 8)
        return refused, answered and not mover.dropped

    async def timed(request: Awaitable[httpx.Response]) -> httpx.Response:
        start = loop.time()
        try:
            return await request
        finally:
            latencies.append(loop.time() - start)

    latencies: list[float] = []
    answers, (refused, answered), live, ready = await asyncio.gather(
        asyncio.gather(*(timed(r) for r in routes.values()), return_exceptions=True),
        on_the_socket(),
        anonymous.get("/api/health/live"),
        readiness(serving),
    )
    probed_in = loop.time() - down_at
    await asyncio.sleep(max(0.0, down_at + DOWN_SECONDS - loop.time()))
    redis_server.start()
    down_for = loop.time() - down_at
    back_in = await wait_ready(serving, 20)

    # The match goes on: a turn times out by itself (the deadline worker survived), then a move is taken.
    before = max(s.version() for s in seats)
    timed_out = await wait_for(lambda: all(s.version() > before for s in seats), TURN_TIMEOUT + 10)
    moved = False
    mover = on_turn(seats)
    if timed_out and mover is not None:
        seen = len(mover.frames)
        moved = await step(seats) and not mover.errors(seen)
    for seat in seats:
        await seat.play()
    finished = await wait_for(lambda: all(s.game_over() for s in seats), 60)
    recording = (await wait_recorded([host.http, guest.http], [game_id], 15.0))[0]
    rating_errors = [
        *await rating_problems(host.http, host.user_id, "briscola"),
        *await rating_problems(guest.http, guest.user_id, "briscola"),
    ]
    log = serving.output()[log_start:]
    statuses = {
        route: (a.status_code if isinstance(a, httpx.Response) else type(a).__name__)
        for route, a in zip(routes, answers, strict=True)
    }
    not_503 = {
        route: statuses[route]
        for route, a in zip(routes, answers, strict=True)
        if not (isinstance(a, httpx.Response) and unavailable(a))
    }
    report(
        "redis down during a match, back with its data",
        workers=WORKERS,
        down_seconds=f"{down_for:.1f}",
        routes_503=f"{len(routes) - len(not_503)}/{len(routes)}",
        slowest_route_seconds=f"{max(latencies):.1f}",
        probed_in_seconds=f"{probed_in:.1f}",
        socket_unavailable_frame=refused,
        socket_answered_after=answered,
        live=live.status_code,
        ready_before=ready_before,
        ready_while_down=ready[0],
        ready_again_seconds="never" if back_in is None else f"{back_in:.1f}",
        turn_timed_out_after=timed_out,
        move_accepted_after=moved,
        finished=finished,
        recorded=f"{int(recording.recorded)}/1",
        duplicated=int(recording.duplicated),
        ratings_wrong=len(rating_errors),
        **{"5xx": watch.server_errors},
        sockets_dropped=sum(s.dropped for s in seats),
        log_tracebacks=log.count("Traceback"),
        log_warnings=log.count("[WARNING]"),
        log_errors=log.count("[ERROR]"),
    )
    await close_all(first, second, host, guest)
    await anonymous.aclose()

    assert not not_503, f"routes that did not answer 503 unavailable with Retry-After: {not_503}"
    assert refused, "a move while Redis is down gets an 'unavailable' error frame"
    assert answered, "the socket stays open and answers the next message"
    assert timed_out, "a turn timed out after the outage: the deadline worker survived"
    assert moved, "a move is accepted after the outage"
    assert finished, "the match went on to game_over"
    assert recording.recorded and not recording.duplicated, recording.occurrences
    assert not rating_errors, rating_errors
    assert watch.server_errors == 0, watch.seen
    assert not any(s.dropped for s in seats), "no socket dropped"
    assert live.status_code == 200, "liveness holds while Redis is down"
    assert ready_before == 200 and ready[0] == 503, ("readiness before, during", ready_before, ready)
    assert back_in is not None and back_in <= 10, "readiness is 200 again within seconds of Redis's return"
    assert "Traceback" not in log, log[log.index("Traceback") - 300 :][:3000]
    assert log.count("[WARNING]") <= 200, "a bounded number of warnings for a few seconds' outage"


# --- 2. back without its data ------------------------------------------------------------------


async def test_redis_back_without_its_data_ends_the_tables_cleanly_and_nothing_else_breaks(
    redis_server: RedisServer, serving: ServerProcess
) -> None:
    watch = Watch()
    host, guest = await watch.login(serving, "Mara"), await watch.login(serving, "Nino")
    game_id, first, second = await briscola_table(serving, host, guest)
    seats = [first, second]
    for _ in range(3):
        assert await step(seats)

    redis_server.stop(signal.SIGTERM)
    redis_server.wipe()
    redis_server.start()
    # Back empty: nothing of the game is left (the workers write their lateness at once again).
    assert not any(game_id in key for key in redis_server.key_names()), redis_server.key_names()
    back_in = await wait_ready(serving, 20)

    mover = on_turn(seats) or first
    view = mover.view()
    assert view is not None
    seen = len(mover.frames)
    await mover.send(first_legal_move(view) if view.get("your_turn") else {"action": "ack"})
    gone = await wait_for(lambda: bool(mover.errors(seen)), 8)
    codes = [e["code"] for e in mover.errors(seen)]
    async with fresh_client(serving) as anonymous:
        table = await anonymous.get(f"/api/games/{game_id}")
    old_login = await host.http.get("/api/me")

    newcomers = [await watch.login(serving, "Olga"), await watch.login(serving, "Piero")]
    new_id, *new_seats = await briscola_table(serving, *newcomers)
    for seat in new_seats:
        await seat.play()
    finished = await wait_for(lambda: all(s.game_over() for s in new_seats), 60)
    recording = (await wait_recorded([g.http for g in newcomers], [new_id], 15.0))[0]
    rating_errors = [e for g in newcomers for e in await rating_problems(g.http, g.user_id, "briscola")]
    report(
        "redis back without its data",
        ready_again_seconds="never" if back_in is None else f"{back_in:.1f}",
        move_error=codes,
        socket_dropped=mover.dropped,
        table=table.status_code,
        old_login=old_login.status_code,
        new_match_finished=finished,
        recorded=f"{int(recording.recorded)}/1",
        duplicated=int(recording.duplicated),
        ratings_wrong=len(rating_errors),
        **{"5xx": watch.server_errors},
        sockets_dropped=sum(s.dropped for s in new_seats),
    )
    await close_all(*seats, *new_seats, host, guest, *newcomers)

    assert gone and codes[0] == "not_found", f"a move on the vanished table: {codes}"
    assert table.status_code == 404 and table.json()["code"] == "not_found", table.text
    assert old_login.status_code == 401, "the old login went with Redis"
    assert finished, "a new login, table and match work"
    assert recording.recorded and not recording.duplicated, recording.occurrences
    assert not rating_errors, rating_errors
    assert watch.server_errors == 0, watch.seen
    assert not any(s.dropped for s in new_seats)
    assert back_in is not None and back_in <= 10, "readiness is 200 again within seconds"


# --- 3. a worker killed ----------------------------------------------------------------------


async def test_a_killed_worker_is_replaced_and_readiness_says_so_meanwhile(serving: ServerProcess) -> None:
    loop = asyncio.get_running_loop()
    assert await wait_for(lambda: len(serving.worker_pids()) == WORKERS, 15), serving.worker_pids()
    before = serving.worker_pids()
    victim = min(before)
    os.kill(victim, signal.SIGKILL)
    killed_at = loop.time()

    requests = failures = 0
    degraded: dict[str, Any] | None = None
    replaced_in: float | None = None
    restored: dict[str, Any] | None = None
    failed: list[str] = []
    while loop.time() - killed_at < 15 and restored is None:
        async with fresh_client(serving) as http:
            for path in ("/api/health", "/api/game-types"):
                requests += 1
                try:
                    response = await http.get(path)
                    if response.status_code != 200:
                        failures += 1
                        failed.append(f"{path} {response.status_code}")
                except httpx.TransportError as error:
                    failures += 1
                    failed.append(f"{path} {error!r}")
        try:
            status, body = await readiness(serving)
        except httpx.TransportError as error:
            failures += 1
            failed.append(f"/api/health/ready {error!r}")
            continue
        workers = body.get("workers") or {}
        if workers.get("running") == WORKERS - 1 and degraded is None:
            degraded = {"http": status, **body}
        pids = serving.worker_pids()
        if replaced_in is None and len(pids) == WORKERS and victim not in pids:
            replaced_in = loop.time() - killed_at
        if replaced_in is not None and workers.get("running") == WORKERS:
            restored = {"http": status, **body}
        await asyncio.sleep(0.05)
    report(
        "a worker killed",
        workers=WORKERS,
        requests_during_gap=requests,
        failed=failures,
        replaced_in_seconds="never" if replaced_in is None else f"{replaced_in:.1f}",
        readiness_while_down=None if degraded is None else (degraded["http"], degraded.get("status")),
        readiness_after=None if restored is None else (restored["http"], restored.get("workers")),
    )
    assert failures == 0, failed[:5]
    assert replaced_in is not None and replaced_in <= 10, "a new worker runs within about ten seconds"
    assert degraded is not None, "readiness reported one worker missing while it was"
    assert degraded.get("status") == "degraded" and degraded["workers"] == {
        "configured": WORKERS,
        "running": 1,
    }
    assert restored is not None and restored["workers"] == {"configured": WORKERS, "running": WORKERS}
