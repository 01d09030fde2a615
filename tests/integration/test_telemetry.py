"""OpenTelemetry over a real server: spans, attributes and metrics of a short scripted game
(in-memory exporters), Redis and asyncpg client spans without values, and an OTLP/HTTP export
reaching a local receiver."""

from __future__ import annotations

import asyncio
import json
import logging
import os
import threading
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest
from opentelemetry.sdk.metrics.export import HistogramDataPoint, InMemoryMetricReader, NumberDataPoint
from opentelemetry.sdk.trace import ReadableSpan
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter
from opentelemetry.trace import SpanKind

import entrypoints.telemetry_setup as telemetry_setup
from adapters.redis.connection import connect
from adapters.redis.keys import RedisKeys
from adapters.telemetry import Telemetry
from entrypoints.config import Settings
from entrypoints.http.app import create_app
from entrypoints.telemetry_setup import hashed_session_id
from tests.conftest import service_unavailable
from tests.contract.redis_factories import delete_keys, redis_url
from tests.integration.players import play_until_game_over
from tests.integration.server import Guest, Socket, running_server, server_settings


@dataclass
class Captured:
    telemetry: Telemetry
    spans: InMemorySpanExporter
    reader: InMemoryMetricReader

    def finished_spans(self) -> list[ReadableSpan]:
        return list(self.spans.get_finished_spans())

    def metric_points(self) -> dict[str, list[Any]]:
        points: dict[str, list[Any]] = {}
        data = self.reader.get_metrics_data()
        assert data is not None
        for resource_metrics in data.resource_metrics:
            for scope in resource_metrics.scope_metrics:
                for metric in scope.metrics:
                    points.setdefault(metric.name, []).extend(metric.data.data_points)
        return points


def in_memory_telemetry() -> Captured:
    spans = InMemorySpanExporter()
    reader = InMemoryMetricReader()
    telemetry = Telemetry(
        service_name="tavolo-test", span_processors=[SimpleSpanProcessor(spans)], metric_readers=[reader]
    )
    return Captured(telemetry, spans, reader)


@pytest.fixture
def captured(monkeypatch: pytest.MonkeyPatch) -> Captured:
    """Telemetry with in-memory exporters, installed by the app as if ``OTEL_ENABLED`` were set."""
    found = in_memory_telemetry()
    monkeypatch.setattr(telemetry_setup, "build_telemetry", lambda settings: found.telemetry)
    return found


def telemetry_settings(**overrides: Any) -> Settings:
    """Telemetry on, gauges polled often, and no flood limit on the scripted players' sockets."""
    relaxed = {"ws_rate_per_second": 10_000.0, "ws_rate_burst": 10_000, **overrides}
    return server_settings(otel_enabled=True, otel_metrics_poll_interval_seconds=0.05, **relaxed)


def gauge(points: dict[str, list[Any]], name: str) -> float:
    values = [p.value for p in points.get(name, []) if isinstance(p, NumberDataPoint)]
    assert values, f"no {name} reported"
    return float(values[-1])


def histogram_count(points: dict[str, list[Any]], name: str) -> int:
    return sum(p.count for p in points.get(name, []) if isinstance(p, HistogramDataPoint))


def all_attribute_text(spans: list[ReadableSpan]) -> str:
    return json.dumps(
        [{**dict(s.attributes or {}), "name": s.name, "events": [e.name for e in s.events]} for s in spans],
        default=str,
    )


async def until(predicate: Any, timeout: float = 5.0) -> None:
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not predicate():
        assert loop.time() < end, "condition not reached in time"
        await asyncio.sleep(0.02)


def test_nothing_is_installed_when_telemetry_is_off() -> None:
    app = create_app(server_settings())
    assert getattr(app.ctx, "telemetry", None) is None
    names = " ".join(map(repr, [*app.request_middleware, *app.response_middleware]))
    assert "start_span" not in names and "end_span" not in names
    listeners = [future.listener.__name__ for future in app._future_listeners]
    assert listeners and not [name for name in listeners if "telemetry" in name or "polling" in name]


async def test_a_scripted_game_yields_spans_attributes_and_metrics(captured: Captured) -> None:
    settings = telemetry_settings(turn_timeout_seconds=30.0)
    async with running_server(settings) as server:
        anna, bruno = await Guest.login(server, "Anna"), await Guest.login(server, "Bruno")
        assert (await anna.http.get("/api/health")).status_code == 200
        created = await anna.http.post(
            "/api/games", json={"game_type": "scopa", "options": {"target_score": 1}}
        )
        game_id, code = created.json()["id"], created.json()["join_code"]
        sockets = [await Socket.open(server, game_id, g.cookie) for g in (anna, bruno)]
        assert (await bruno.http.post("/api/games/join", json={"code": code})).status_code == 200
        await until(lambda: captured.telemetry.counts.ongoing_games == 1)
        await until(lambda: captured.telemetry.counts.active_users == 2)
        during = captured.metric_points()

        await asyncio.wait_for(asyncio.gather(*(play_until_game_over(s) for s in sockets)), 60)
        await sockets[0].send({"action": "no-such-action"})
        await sockets[0].until(lambda frame: frame["type"] == "error")
        await until(lambda: captured.telemetry.counts.ongoing_games == 0)
        for s in sockets:
            await s.close()
        await until(lambda: sum(1 for s in captured.finished_spans() if s.name.startswith("WS ")) == 2)
        points = captured.metric_points()
        for guest in (anna, bruno):
            await guest.close()

    spans = captured.finished_spans()
    http = [s for s in spans if s.kind == SpanKind.SERVER and not s.name.startswith("WS ")]
    create = next(s for s in http if s.name == "POST /api/games")
    assert create.attributes is not None
    assert create.attributes["http.route"] == "/api/games"
    assert create.attributes["http.response.status_code"] == 201
    assert create.attributes["session.id"] == hashed_session_id(anna.cookie)
    assert create.attributes["user.id"] == anna.user_id
    login = next(s for s in http if s.name == "POST /auth/guest")
    assert login.attributes is not None and "user.id" not in login.attributes
    assert not [s for s in http if s.attributes and s.attributes.get("url.path") == "/api/health"]

    sockets_spans = {
        s.attributes["user.id"]: s for s in spans if s.name == "WS /ws/games/{game_id}" if s.attributes
    }
    assert set(sockets_spans) == {anna.user_id, bruno.user_id}
    anna_socket = sockets_spans[anna.user_id]
    assert anna_socket.attributes is not None
    assert anna_socket.attributes["session.id"] == hashed_session_id(anna.cookie)
    assert anna_socket.attributes["tavolo.game_id"] == game_id
    actions = [s for s in spans if s.parent is not None and s.parent.span_id == anna_socket.context.span_id]
    assert {s.name for s in actions} >= {"ws play", "ws no-such-action"}
    refused = next(s for s in actions if s.name == "ws no-such-action")
    assert refused.attributes is not None and refused.attributes["tavolo.error_code"]

    text = all_attribute_text(spans)
    for secret in (anna.cookie, bruno.cookie):
        assert secret not in text

    assert gauge(during, "tavolo.active_users") == 2
    assert gauge(during, "tavolo.ongoing_games") == 1
    assert gauge(points, "tavolo.ongoing_games") == 0
    assert histogram_count(points, "tavolo.move.duration") >= 10
    assert histogram_count(points, "http.server.request.duration") >= 4
    assert "process.cpu.time" in points and "cpython.gc.collections" in points


async def test_deadline_lateness_is_measured_when_timeouts_fire(captured: Captured) -> None:
    settings = telemetry_settings(
        turn_timeout_seconds=0.002, hand_ack_timeout_seconds=0.002, deadline_heartbeat_ms=20
    )
    async with running_server(settings) as server:
        anna, bruno = await Guest.login(server, "Anna"), await Guest.login(server, "Bruno")
        created = await anna.http.post(
            "/api/games", json={"game_type": "scopa", "options": {"target_score": 1}}
        )
        await bruno.http.post("/api/games/join", json={"code": created.json()["join_code"]})
        await until(lambda: histogram_count(captured.metric_points(), "tavolo.deadline.lateness") >= 3)
        for guest in (anna, bruno):
            await guest.close()


# --- client spans ---------------------------------------------------------------------------------


CONTAINER_COMMANDS = frozenset({"SCRIPT", "CLIENT", "CONFIG", "MEMORY", "OBJECT", "XGROUP", "XINFO"})
"""Commands whose second word names the subcommand (``SCRIPT LOAD ?``: on a fresh Redis the first
``EVALSHA`` of a script finds it unknown, and the client loads it)."""


def values_hidden(statement: str) -> bool:
    """A Redis span's statement names its command (and subcommand) and shows every value as ``?``."""
    words = statement.split()
    named = 2 if words[0] in CONTAINER_COMMANDS else 1
    return all(word == "?" for word in words[named:])


async def test_redis_spans_carry_commands_but_no_values(captured: Captured) -> None:
    url = redis_url()
    keys = RedisKeys(f"tavolo-test-{uuid.uuid4().hex}")
    probe = connect(url, client_name=keys.prefix)
    try:
        await probe.execute_command("PING")
    except OSError as error:
        await probe.aclose()
        service_unavailable("Redis", str(error))
    try:
        settings = telemetry_settings(redis_url=url, redis_key_prefix=keys.prefix)
        async with running_server(settings) as server:
            anna = await Guest.login(server, "Anna")
            created = await anna.http.post("/api/games", json={"game_type": "scopa"})
            assert created.status_code == 201
            await anna.close()
        spans = captured.finished_spans()
        redis_spans = [
            s for s in spans if s.kind == SpanKind.CLIENT and (s.attributes or {}).get("db.system") == "redis"
        ]
        statements = {str((s.attributes or {})["db.statement"]) for s in redis_spans}
        assert all(values_hidden(statement) for statement in statements), statements
        assert redis_spans, [s.name for s in spans]
        create = next(s for s in spans if s.name == "POST /api/games")
        assert any(s.parent is not None and s.parent.span_id == create.context.span_id for s in redis_spans)
        text = all_attribute_text(redis_spans)
        assert anna.cookie not in text and "Anna" not in text and created.json()["id"] not in text
    finally:
        await delete_keys(probe, keys)
        await probe.aclose()


async def test_asyncpg_spans_carry_the_parameterised_sql_only() -> None:
    asyncpg = pytest.importorskip("asyncpg")
    dsn = os.environ.get("TAVOLO_TEST_DATABASE_URL", "postgresql://postgres@127.0.0.1:5432/postgres")
    found = in_memory_telemetry()
    found.telemetry.start()
    try:
        try:
            connection = await asyncpg.connect(dsn, timeout=5)
        except (OSError, asyncpg.PostgresError) as error:
            service_unavailable("PostgreSQL", str(error))
        try:
            assert await connection.fetchval("SELECT $1::text", "a-secret-value") == "a-secret-value"
        finally:
            await connection.close()
    finally:
        found.telemetry.shutdown()
    spans = [
        s for s in found.finished_spans() if (s.attributes or {}).get("db.statement") == "SELECT $1::text"
    ]
    assert spans
    assert "a-secret-value" not in all_attribute_text(found.finished_spans())


# --- OTLP over HTTP -------------------------------------------------------------------------------


@contextmanager
def otlp_receiver() -> Iterator[tuple[str, list[tuple[str, str, int]]]]:
    """A tiny OTLP/HTTP collector on loopback: records (path, content type, body size) of each POST."""
    received: list[tuple[str, str, int]] = []

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
            received.append((self.path, self.headers.get("Content-Type", ""), len(body)))
            self.send_response(200)
            self.send_header("Content-Type", "application/x-protobuf")
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, format: str, *args: Any) -> None:
            return None

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}", received
    finally:
        server.shutdown()
        server.server_close()
        thread.join(5)


def test_traces_metrics_and_logs_reach_an_otlp_http_collector() -> None:
    with otlp_receiver() as (endpoint, received):
        telemetry = Telemetry.otlp(
            service_name="tavolo-test",
            endpoint=endpoint,
            headers={"x-tenant": "tests"},
            metric_export_interval_millis=60_000,
        )
        telemetry.start()
        try:
            with telemetry.tracer.start_as_current_span("a span"):
                logging.getLogger("tavolo.tests.otlp").warning("a forwarded record")
                logging.getLogger("opentelemetry.tests").warning("never forwarded")
            telemetry.metrics.move_processed("scopa", 0.01, accepted=True)
        finally:
            telemetry.shutdown()  # flushes every exporter
    paths = {path for path, _, _ in received}
    assert {"/v1/traces", "/v1/metrics", "/v1/logs"} <= paths
    assert all(kind == "application/x-protobuf" and size > 0 for _, kind, size in received)


async def test_an_unforeseen_failure_is_traced_by_its_type_and_place_never_its_message(
    captured: Captured, monkeypatch: pytest.MonkeyPatch
) -> None:
    import entrypoints.http.ws

    held = " ".join(["07D", "of", "another", "hand"])  # what an exception's message could quote

    async def act(*args: Any) -> Any:
        raise KeyError(held)

    monkeypatch.setattr(entrypoints.http.ws, "act", act)
    async with running_server(telemetry_settings()) as server:
        anna = await Guest.login(server, "Anna")
        created = (await anna.http.post("/api/games", json={"game_type": "briscola"})).json()
        socket = await Socket.open(server, created["id"], anna.cookie)
        await socket.until(lambda f: f["type"] == "state")
        await socket.send({"action": "play", "card": "07D"})
        answer = await socket.until(lambda f: f["type"] == "error")
        assert answer["code"] == "internal"
        await socket.close()
        await anna.close()
        await until(lambda: any(s.name == "ws play" for s in captured.finished_spans()))
    [action] = [s for s in captured.finished_spans() if s.name == "ws play"]
    [event] = [e for e in action.events if e.name == "exception"]
    attributes = dict(event.attributes or {})
    assert attributes["exception.type"] == "KeyError"
    assert "in act" in str(attributes["exception.stacktrace"]), "where it happened"
    assert "07D" not in json.dumps(attributes, default=str), "never what it held"
