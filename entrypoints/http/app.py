"""The Sanic app factory: blueprints, error mapping, background tasks."""

from __future__ import annotations

import asyncio
import gc
import itertools
import logging
from collections.abc import Callable

from sanic import Sanic
from sanic.exceptions import SanicException
from sanic.request import Request
from sanic.response import HTTPResponse, json

from application.operations.admission import Admission
from application.operations.shared_lateness import SharedLateness
from application.playing.deadline_worker import run_deadline_worker
from application.ports import StorageUnavailable
from domain.errors import TavoloError
from entrypoints.config import Settings
from entrypoints.container import Container, build_container, resolved
from entrypoints.draining import Drain, drain_of, stop_tasks
from entrypoints.errors import (
    RETRY_AFTER_SECONDS,
    UNAVAILABLE,
    UNAVAILABLE_MESSAGE,
    error_body,
    http_status,
)
from entrypoints.http import auth, bots, game_routes, health, lobby_ws, matches, oidc_routes, static, ws
from entrypoints.http.context import AnySanic
from entrypoints.http.docs import bp as docs_bp
from entrypoints.http.security import install_security
from entrypoints.loop_lag import LoopLag
from entrypoints.supervision import stop_when_the_server_stops, under_a_manager
from entrypoints.telemetry_setup import install_telemetry

log = logging.getLogger(__name__)

GC_THRESHOLDS = (50_000, 50, 100)  # CPython's own are (700, 10, 10)
_app_numbers = itertools.count(1)


def create_app(settings: Settings, container: Container | None = None, name: str | None = None) -> AnySanic:
    container = container or build_container(settings)
    app = Sanic(name or f"tavolo{next(_app_numbers)}", configure_logging=False)
    app.config.AUTO_EXTEND = False  # sanic-ext is applied explicitly, never by being installed
    app.config.KEEP_ALIVE_TIMEOUT = 30
    app.ctx.settings = settings
    app.ctx.container = container
    app.ctx.tasks = []
    app.ctx.drain = Drain(settings.shutdown_grace_seconds)
    # Sanic's own wait for the connections still open once the drain is over; the drain lowers it
    # to what is left of the grace (see entrypoints.draining).
    app.config.GRACEFUL_SHUTDOWN_TIMEOUT = settings.shutdown_grace_seconds
    install_security(app, settings)  # CSRF/Origin guard, CORS, WebSocket frame size and keep-alive
    blueprints = (
        health.bp,
        auth.bp,
        oidc_routes.bp,
        game_routes.bp,
        bots.bp,
        matches.bp,
        ws.bp,
        lobby_ws.bp,
        static.bp,
    )
    for blueprint in blueprints:
        app.blueprint(blueprint)
    app.blueprint(static.game_assets(container.registry()))
    _register_error_handlers(app)
    _refuse_sockets_while_draining(app)
    _register_background_tasks(app, settings)
    app.blueprint(docs_bp)
    install_telemetry(app, settings)
    return app


def _register_error_handlers(app: AnySanic) -> None:
    @app.exception(TavoloError)
    async def domain_error(request: Request, error: TavoloError) -> HTTPResponse:
        return json(error_body(error.code, error.message), status=http_status(error))

    @app.exception(StorageUnavailable)
    async def storage_unavailable(request: Request, error: StorageUnavailable) -> HTTPResponse:
        log.warning("%s %s: storage unavailable: %s", request.method, request.path, error)
        return json(
            error_body(UNAVAILABLE, UNAVAILABLE_MESSAGE),
            status=503,
            headers={"Retry-After": str(RETRY_AFTER_SECONDS)},
        )

    @app.exception(SanicException)
    async def sanic_error(request: Request, error: SanicException) -> HTTPResponse:
        status = error.status_code or 500
        code = {404: "not_found", 405: "method_not_allowed", 413: "payload_too_large"}.get(
            status, "bad_request"
        )
        if status >= 500:
            code = "internal"
        headers = dict(error.headers)  # Sanic's own: a 405's ``Allow`` (RFC 9110) ...
        if status == 426:  # a WebSocket route asked in plain HTTP: say which protocol (RFC 9110)
            headers.setdefault("Upgrade", "websocket")
        return json(error_body(code, str(error.message or error)), status=status, headers=headers)

    @app.exception(Exception)
    async def unexpected(request: Request, error: Exception) -> HTTPResponse:
        log.exception("unexpected error on %s %s", request.method, request.path)
        return json(error_body("internal", "internal server error"), status=500)


RESTART_RETRY_AFTER_SECONDS = 1


def _refuse_sockets_while_draining(app: AnySanic) -> None:
    @app.on_request
    async def refuse_while_draining(request: Request) -> HTTPResponse | None:
        """A worker that is stopping takes no new WebSocket: the client connects again, elsewhere."""
        if not drain_of(request.app).draining or request.headers.get("upgrade", "").lower() != "websocket":
            return None
        return json(
            error_body("shutting_down", "this server is restarting: connect again in a moment"),
            status=503,
            headers={"Retry-After": str(RESTART_RETRY_AFTER_SECONDS)},
        )


def saturation(lateness: SharedLateness, limit_seconds: float) -> Callable[[], bool]:
    """Whether any worker runs ``limit_seconds`` late (0 or less: never): its event loop, or the
    changes its hub shows, which wait in the hub's own queue where the loop's lateness misses
    them. Any worker, as every worker shows the changes this one commits."""

    def saturated() -> bool:
        return limit_seconds > 0 and lateness.worst() > limit_seconds

    return saturated


def _register_background_tasks(app: AnySanic, settings: Settings) -> None:
    @app.before_server_start
    async def open_resources(app: AnySanic) -> None:
        """Open the configured storage (the container's resources) and what is built on it."""
        container = app.ctx.container
        await resolved(container.init_resources())
        live = await resolved(container.live())
        app.ctx.live = live
        app.ctx.logins = live.logins
        app.ctx.games = await resolved(container.games())
        app.ctx.records = await resolved(container.records())
        app.ctx.hub = await resolved(container.hub())
        app.ctx.lobby_feed = await resolved(container.lobby_feed())
        app.ctx.matchmaker = await resolved(container.matchmaker())
        app.ctx.attendance = await resolved(container.attendance())
        loop_lag = app.ctx.loop_lag = LoopLag(settings.busy_lag_ms / 1000)
        hub = app.ctx.hub
        app.ctx.lateness = SharedLateness(live.loads, lambda: max(loop_lag.lag_seconds, hub.lateness()))
        app.ctx.admission = Admission(
            settings.moves_in_flight_per_game,
            settings.moves_in_flight_per_worker,
            saturation(app.ctx.lateness, settings.busy_lag_ms / 1000),
        )
        app.ctx.readiness = await resolved(container.readiness())

    @app.after_server_stop
    async def close_resources(app: AnySanic) -> None:
        drain = drain_of(app)  # what is left of the grace, and never less than its exit margin
        timeout = max(drain.remaining(), drain.exit_margin())
        try:
            await asyncio.wait_for(resolved(app.ctx.container.shutdown_resources()), timeout)
        except TimeoutError:
            log.error("the storage did not close within %.1f s: exiting without it", timeout)

    @app.after_server_start
    async def start_background(app: AnySanic) -> None:
        app.ctx.tasks = [
            asyncio.create_task(app.ctx.hub.run(), name="tavolo-hub"),
            asyncio.create_task(
                run_deadline_worker(
                    app.ctx.games,
                    drain_of(app).deadlines(app.ctx.live.deadlines),
                    settings.deadline_heartbeat_seconds,
                ),
                name="tavolo-deadlines",
            ),
            asyncio.create_task(app.ctx.lobby_feed.run(), name="tavolo-lobby-feed"),
            asyncio.create_task(app.ctx.matchmaker.run(), name="tavolo-matchmaker"),
            asyncio.create_task(app.ctx.attendance.run(), name="tavolo-attendance"),
            asyncio.create_task(app.ctx.loop_lag.run(), name="tavolo-loop-lag"),
        ]
        if settings.busy_lag_ms > 0:  # nothing reads the shared lateness otherwise
            app.ctx.tasks.append(asyncio.create_task(app.ctx.lateness.run(), name="tavolo-shared-lateness"))
        if under_a_manager(app):
            app.ctx.tasks.append(
                asyncio.create_task(stop_when_the_server_stops(app), name="tavolo-stop-watch")
            )
        # Everything built so far (modules, app, adapters) lives as long as the process:
        # keep it out of the garbage collector's generations so collections stay short.
        gc.collect()
        gc.freeze()
        # A full collection walks every connection's objects: with thousands of sockets it held the
        # loop for most of a second, and every move then in flight waited that long (the sweep's p99
        # on Redis fell from ~1 s to ~0.3 s with the collector off). Young collections are cheap:
        # make them rarer, and full ones much rarer (benchmarks/RESULTS.md, issue 20).
        gc.set_threshold(*GC_THRESHOLDS)
        log.info("tavolo serving (%s)", app.name)

    @app.before_server_stop
    async def stop_background(app: AnySanic) -> None:
        # First, while the storage, the hub and the sockets still work: the moves in flight end,
        # every socket is closed with 1012. Sanic's own listener that cancels the WebSocket
        # handlers runs after this one, when none is left.
        drain = drain_of(app)
        await drain.drain()
        await stop_tasks(app.ctx.tasks, drain.remaining() - 2 * drain.exit_margin())
        app.ctx.tasks = []
        app.config.GRACEFUL_SHUTDOWN_TIMEOUT = max(0.1, drain.remaining() - drain.exit_margin())
