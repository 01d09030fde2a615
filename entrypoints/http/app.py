"""The Sanic app factory: blueprints, error mapping, and the container's lifecycle.

The container (``entrypoints.container``) builds everything; the app wires the
handler modules to it (``@inject``), opens it in one step before serving,
starts its background jobs once listening, and drains and closes it at the stop.
Wiring is per module, so one process serves one app at a time (as ``tavolo
serve`` does: each worker is a process of its own).
"""

from __future__ import annotations

import asyncio
import gc
import itertools
import logging
import sys

from dependency_injector.wiring import Provide, inject
from sanic import Sanic
from sanic.exceptions import SanicException
from sanic.request import Request
from sanic.response import HTTPResponse, json

from application.ports import StorageUnavailable
from domain.errors import TavoloError
from entrypoints import telemetry_setup
from entrypoints.config import Settings
from entrypoints.container import Container, build_container
from entrypoints.draining import Drain, stop_tasks
from entrypoints.errors import (
    RETRY_AFTER_SECONDS,
    UNAVAILABLE,
    UNAVAILABLE_MESSAGE,
    error_body,
    http_status,
)
from entrypoints.http import (
    arenas,
    auth,
    bots,
    context,
    docs,
    game_routes,
    health,
    lobby_ws,
    matches,
    oidc_routes,
    openapi,
    static,
    ws,
)
from entrypoints.http.context import AnySanic
from entrypoints.http.docs import bp as docs_bp
from entrypoints.http.security import install_security
from entrypoints.supervision import ignore_further_stop_signals, stop_when_the_server_stops, under_a_manager
from entrypoints.telemetry_setup import install_telemetry

log = logging.getLogger(__name__)

GC_THRESHOLDS = (50_000, 50, 100)  # CPython's own are (700, 10, 10)
_app_numbers = itertools.count(1)
WIRED = (
    arenas,
    auth,
    bots,
    context,
    docs,
    game_routes,
    health,
    lobby_ws,
    matches,
    oidc_routes,
    openapi,
    ws,
    telemetry_setup,
)
"""The modules whose functions take the container's providers with ``@inject``."""


def create_app(settings: Settings, container: Container | None = None, name: str | None = None) -> AnySanic:
    container = container or build_container(settings)
    app = Sanic(name or f"tavolo{next(_app_numbers)}", configure_logging=False)
    app.config.AUTO_EXTEND = False  # sanic-ext is applied explicitly, never by being installed
    app.config.KEEP_ALIVE_TIMEOUT = 30
    app.ctx.settings = settings
    app.ctx.container = container
    app.ctx.tasks = []
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
        arenas.bp,
        ws.bp,
        lobby_ws.bp,
        static.bp,
    )
    for blueprint in blueprints:
        app.blueprint(blueprint)
    app.blueprint(static.game_assets(container.registry()))
    _register_error_handlers(app)
    _refuse_sockets_while_draining(app)
    install_telemetry(app, settings)  # first: its metrics go into what the container builds next
    _register_lifecycle(app)
    app.blueprint(docs_bp)
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
    @inject
    async def refuse_while_draining(
        request: Request, drain: Drain = Provide[Container.drain]
    ) -> HTTPResponse | None:
        """A worker that is stopping takes no new WebSocket: the client connects again, elsewhere."""
        if not drain.draining or request.headers.get("upgrade", "").lower() != "websocket":
            return None
        return json(
            error_body("shutting_down", "this server is restarting: connect again in a moment"),
            status=503,
            headers={"Retry-After": str(RESTART_RETRY_AFTER_SECONDS)},
        )


def _register_lifecycle(app: AnySanic) -> None:
    @app.before_server_start
    async def open_resources(app: AnySanic) -> None:
        """Wire the handlers to the container; open the configured storage (the container's
        resources) and build everything on it, in one step."""
        container: Container = app.ctx.container
        container.wire(modules=[*WIRED, sys.modules[__name__]])
        app.ctx.background = await container.background.async_()

    @app.after_server_stop
    async def close_resources(app: AnySanic) -> None:
        container: Container = app.ctx.container
        drain = container.drain()  # what is left of the grace, and never less than its exit margin
        timeout = max(drain.remaining(), drain.exit_margin())
        closing = container.shutdown_resources()  # in async mode: an awaitable, once anything opened
        try:
            if closing is not None:
                await asyncio.wait_for(closing, timeout)
        except TimeoutError:
            log.error("the storage did not close within %.1f s: exiting without it", timeout)
        finally:
            container.unwire()

    @app.after_server_start
    async def start_background(app: AnySanic) -> None:
        app.ctx.tasks = app.ctx.background.start()
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
        if under_a_manager(app):
            ignore_further_stop_signals()  # the manager's own SIGTERM must not cut the stop short
        drain = app.ctx.container.drain()
        await drain.drain()
        await stop_tasks(app.ctx.tasks, drain.remaining() - 2 * drain.exit_margin())
        app.ctx.tasks = []
        app.config.GRACEFUL_SHUTDOWN_TIMEOUT = max(0.1, drain.remaining() - drain.exit_margin())
