"""Wiring OpenTelemetry into the Sanic app: HTTP server spans, WebSocket spans, the gauges' poller.

With ``OTEL_ENABLED`` unset, ``install_telemetry`` returns at once: no
provider, no middleware, no task; ``socket_trace`` hands out a no-op. The SDK,
the exporters and the instrumentation packages (``adapters.telemetry``) are
imported only when telemetry is built; this module needs the light API alone.

Every span of a request carries ``session.id`` — a truncated SHA-256 of the
session cookie, never the cookie itself — and ``user.id`` once logged in.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import time
from collections.abc import Awaitable
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from dependency_injector import providers
from dependency_injector.wiring import Provide, inject
from opentelemetry import context as otel_context
from opentelemetry import propagate, trace
from opentelemetry.metrics import Histogram
from opentelemetry.trace import Span, SpanKind, Status, StatusCode, Tracer
from sanic.request import Request
from sanic.response import BaseHTTPResponse

from application.identity.login import current_identity
from application.ports import GameStore, LoginSessions, Metrics
from domain.errors import TavoloError
from entrypoints.config import Settings
from entrypoints.container import Container
from entrypoints.errors import traceback_without_values
from entrypoints.http.context import AnySanic, session_id


class Counts(Protocol):
    async def poll(self, logins: LoginSessions, store: GameStore, interval_seconds: float) -> None: ...


class Telemetry(Protocol):
    """What the edge uses of the OpenTelemetry adapter (``adapters.telemetry.Telemetry``),
    which the composition root builds."""

    tracer: Tracer
    http_duration: Histogram
    metrics: Metrics
    counts: Counts

    def start(self) -> None: ...

    def shutdown(self) -> None: ...


log = logging.getLogger(__name__)

T = TypeVar("T")
MIDDLEWARE_PRIORITY = 1000  # the first request middleware to run, the last response middleware
SESSION_HASH_LENGTH = 16
MAX_ACTION_NAME = 32


def hashed_session_id(value: str) -> str:
    """What telemetry exports instead of the session cookie (a credential)."""
    return hashlib.sha256(value.encode("utf-8")).hexdigest()[:SESSION_HASH_LENGTH]


def telemetry_of(app: AnySanic) -> Telemetry | None:
    found: Telemetry | None = getattr(app.ctx, "telemetry", None)
    return found


def build_telemetry(settings: Settings) -> Telemetry:
    """Built by the composition root, which alone imports adapters (the SDK: only when on)."""
    from entrypoints.container import build_telemetry as build  # the SDK, imported only when on

    telemetry: Telemetry = build(settings)
    return telemetry


def install_telemetry(app: AnySanic, settings: Settings, telemetry: Telemetry | None = None) -> None:
    """Trace and measure ``app`` when ``OTEL_ENABLED`` is set (or a ``telemetry`` is given).

    The providers and exporters are built when a server process starts (not in
    a multi-worker parent that only supervises), and shut down when it stops.
    """
    if telemetry is None and not settings.otel_enabled:
        return
    _register_http_tracing(app, frozenset(settings.otel_excluded_paths))
    _register_lifecycle(app, settings, telemetry)


@inject
async def _request_attributes(
    request: Request, logins: LoginSessions = Provide[Container.logins]
) -> dict[str, Any]:
    attributes: dict[str, Any] = {}
    cookie = session_id(request)
    if cookie is not None:
        attributes["session.id"] = hashed_session_id(cookie)
        try:
            identity = await current_identity(logins, cookie)
        except Exception as error:  # telemetry must never fail a request
            log.debug("no user for the span: %r", error)
            identity = None
        if identity is not None:
            attributes["user.id"] = identity.user_id
    return attributes


def _route_template(request: Request) -> str | None:
    return None if request.route is None else _template(str(request.route.path))


def _template(path: str) -> str:
    """``api/games/<game_id:str>`` → ``/api/games/{game_id}`` (low cardinality, like the OpenAPI paths)."""
    parts = []
    for part in path.strip("/").split("/"):
        if part.startswith("<") and part.endswith(">"):
            part = "{" + part[1:-1].split(":", 1)[0] + "}"
        parts.append(part)
    return "/" + "/".join(parts)


@dataclass
class _HttpSpan:
    span: Span
    token: object
    started: float
    attributes: dict[str, Any]


def _register_http_tracing(app: AnySanic, excluded: frozenset[str]) -> None:
    async def start_span(request: Request) -> None:
        telemetry = telemetry_of(request.app)
        if telemetry is None or request.path in excluded:
            return
        if request.route is not None and request.route.extra.websocket:
            return  # the connection gets its own span (``socket_trace``)
        route = _route_template(request)
        attributes: dict[str, Any] = {
            "http.request.method": request.method,
            "url.path": request.path,
            "url.scheme": request.scheme,
            "server.address": request.host.split(":")[0],
            "client.address": request.remote_addr or request.ip,
            "user_agent.original": request.headers.get("user-agent", ""),
        }
        if route is not None:
            attributes["http.route"] = route
        started = time.perf_counter()
        span = telemetry.tracer.start_span(
            f"{request.method} {route}" if route else request.method,
            context=propagate.extract(dict(request.headers)),
            kind=SpanKind.SERVER,
            attributes=attributes,
        )
        token = otel_context.attach(trace.set_span_in_context(span))
        request.ctx.otel_span = _HttpSpan(span, token, started, attributes)
        span.set_attributes(await _request_attributes(request))  # its store lookup is a child span

    async def end_span(request: Request, response: BaseHTTPResponse) -> None:
        state: _HttpSpan | None = getattr(request.ctx, "otel_span", None)
        telemetry = telemetry_of(request.app)
        if state is None or telemetry is None:
            return
        request.ctx.otel_span = None
        status = response.status
        state.span.set_attribute("http.response.status_code", status)
        if status >= 500:
            state.span.set_status(Status(StatusCode.ERROR))
        state.span.end()
        try:
            otel_context.detach(state.token)  # type: ignore[arg-type]
        except Exception:  # a context switched underneath: the span is ended all the same
            log.debug("could not detach the request's telemetry context")
        metric_attributes: dict[str, str | int] = {
            "http.request.method": request.method,
            "http.response.status_code": status,
        }
        if "http.route" in state.attributes:
            metric_attributes["http.route"] = state.attributes["http.route"]
        telemetry.http_duration.record(time.perf_counter() - state.started, metric_attributes)

    app.on_request(start_span, priority=MIDDLEWARE_PRIORITY)
    app.on_response(end_span, priority=MIDDLEWARE_PRIORITY)  # type: ignore[no-untyped-call]


def _register_lifecycle(app: AnySanic, settings: Settings, given: Telemetry | None) -> None:
    poll_seconds = settings.otel_metrics_poll_interval_seconds

    @app.before_server_start
    async def start_telemetry(app: AnySanic) -> None:
        telemetry = given or build_telemetry(settings)
        app.ctx.telemetry = telemetry
        # The use cases report through the Metrics port: this listener runs before the container
        # builds them (``entrypoints.http.app`` installs telemetry first).
        container: Container = app.ctx.container
        container.metrics.override(providers.Object(telemetry.metrics))
        telemetry.start()

    @app.after_server_start
    @inject
    async def start_polling(
        app: AnySanic,
        logins: LoginSessions = Provide[Container.logins],
        store: GameStore = Provide[Container.store],
    ) -> None:
        telemetry = telemetry_of(app)
        assert telemetry is not None
        app.ctx.telemetry_poller = asyncio.create_task(
            telemetry.counts.poll(logins, store, poll_seconds), name="tavolo-telemetry"
        )

    @app.before_server_stop
    async def stop_polling(app: AnySanic) -> None:
        poller: asyncio.Task[None] | None = getattr(app.ctx, "telemetry_poller", None)
        if poller is not None:
            poller.cancel()
            await asyncio.gather(poller, return_exceptions=True)

    @app.after_server_stop
    async def stop_telemetry(app: AnySanic) -> None:
        telemetry = telemetry_of(app)
        if telemetry is not None:
            telemetry.shutdown()
            app.ctx.telemetry = None


# --- WebSocket connections ------------------------------------------------------------------------


class SocketTrace:
    """A WebSocket connection's span, with one child span per action."""

    def __init__(self, telemetry: Telemetry, span: Span) -> None:
        self._telemetry = telemetry
        self._span = span

    async def action(self, name: str, work: Awaitable[T]) -> T:
        """Await ``work`` inside a child span named for the action."""
        action = name[:MAX_ACTION_NAME]
        with self._telemetry.tracer.start_as_current_span(
            f"ws {action}",
            context=trace.set_span_in_context(self._span),
            kind=SpanKind.INTERNAL,
            attributes={"tavolo.action": action},
            record_exception=False,
            set_status_on_exception=False,
        ) as span:
            try:
                return await work
            except TavoloError as error:  # a refused action: the client's mistake, not ours
                span.set_attribute("tavolo.error_code", error.code)
                raise
            except Exception as error:
                # its type and where it was raised, never its message: that may quote a card
                name = type(error).__qualname__
                span.record_exception(
                    error,
                    attributes={
                        "exception.message": name,
                        "exception.stacktrace": traceback_without_values(error),
                    },
                )
                span.set_status(Status(StatusCode.ERROR, name))
                raise

    def end(self) -> None:
        self._span.end()


class _NoSocketTrace:
    async def action(self, name: str, work: Awaitable[T]) -> T:
        return await work

    def end(self) -> None:
        return None


NO_SOCKET_TRACE = _NoSocketTrace()


def socket_trace(request: Request, game_id: str, user_id: str | None) -> SocketTrace | _NoSocketTrace:
    """The span of one WebSocket connection (a no-op when telemetry is off or the path excluded)."""
    telemetry = telemetry_of(request.app)
    if telemetry is None or request.path in request.app.ctx.settings.otel_excluded_paths:
        return NO_SOCKET_TRACE
    attributes: dict[str, Any] = {
        "url.path": request.path,
        "http.route": _template(str(request.route.path)) if request.route else request.path,
        "tavolo.game_id": game_id,
    }
    cookie = session_id(request)
    if cookie is not None:
        attributes["session.id"] = hashed_session_id(cookie)
    if user_id is not None:
        attributes["user.id"] = user_id
    span = telemetry.tracer.start_span(
        "WS /ws/games/{game_id}",
        context=propagate.extract(dict(request.headers)),
        kind=SpanKind.SERVER,
        attributes=attributes,
    )
    return SocketTrace(telemetry, span)
