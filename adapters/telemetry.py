"""OpenTelemetry: traces, metrics and logs of one process, exported over OTLP/HTTP.

``Telemetry`` owns its providers (nothing global is replaced, so tests can
build several in one process); ``Telemetry.otlp`` wires the OTLP/HTTP
exporters. ``start`` instruments the Redis and asyncpg clients (command
values redacted, SQL without parameters), the process metrics, and forwards
the root logger's records; ``shutdown`` undoes all of it and flushes.

``OtelMetrics`` is the ``Metrics`` port of the application; ``LiveCounts``
polls the session and login stores for the two gauges (observable gauges
call back synchronously, so the values are fetched ahead by a task).

The instrumentation packages are imported by ``start`` and ``shutdown`` only:
a process that never starts telemetry never loads them.
"""

from __future__ import annotations

import asyncio
import logging
import warnings
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from opentelemetry.exporter.otlp.proto.http._log_exporter import OTLPLogExporter
from opentelemetry.exporter.otlp.proto.http.metric_exporter import OTLPMetricExporter
from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter
from opentelemetry.metrics import CallbackOptions, Histogram, Meter, Observation
from opentelemetry.sdk._logs import LoggerProvider, LoggingHandler, LogRecordProcessor
from opentelemetry.sdk._logs.export import BatchLogRecordProcessor
from opentelemetry.sdk.metrics import MeterProvider
from opentelemetry.sdk.metrics.export import MetricReader, PeriodicExportingMetricReader
from opentelemetry.sdk.resources import Resource
from opentelemetry.sdk.trace import SpanProcessor, TracerProvider
from opentelemetry.sdk.trace.export import BatchSpanProcessor
from opentelemetry.trace import Tracer

from application.ports import GameStore, LoginSessions

log = logging.getLogger(__name__)

INSTRUMENTATION_NAME = "tavolo"
# Records of these loggers are never forwarded: exporting them would log again (an export loop).
QUIET_LOGGERS = ("opentelemetry", "urllib3", "requests")
PROCESS_METRICS: dict[str, list[str] | None] = {
    "process.cpu.time": ["user", "system"],
    "process.cpu.utilization": ["user", "system"],
    "process.memory.usage": None,
    "process.memory.virtual": None,
    "cpython.gc.collections": None,
    "cpython.gc.collected_objects": None,
    "cpython.gc.uncollectable_objects": None,
}
# Request and move durations: most take milliseconds, a slow store takes seconds.
DURATION_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)


class _NotOurOwnRecords(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        return not any(record.name == name or record.name.startswith(f"{name}.") for name in QUIET_LOGGERS)


class OtelMetrics:
    """The application's ``Metrics`` port as OpenTelemetry histograms."""

    def __init__(self, meter: Meter) -> None:
        self._moves = meter.create_histogram(
            "tavolo.move.duration",
            unit="s",
            description="Time to process one player action through the move path",
            explicit_bucket_boundaries_advisory=DURATION_BUCKETS,
        )
        self._lateness = meter.create_histogram(
            "tavolo.deadline.lateness",
            unit="s",
            description="How long after its due time a deadline (turn or hand-end timeout) fired",
            explicit_bucket_boundaries_advisory=DURATION_BUCKETS,
        )

    def move_processed(self, game_type: str, seconds: float, accepted: bool) -> None:
        self._moves.record(seconds, {"tavolo.game_type": game_type, "tavolo.accepted": accepted})

    def deadline_fired(self, game_type: str, lateness_seconds: float) -> None:
        self._lateness.record(max(0.0, lateness_seconds), {"tavolo.game_type": game_type})


class LiveCounts:
    """``tavolo.active_users`` and ``tavolo.ongoing_games``, refreshed by ``poll``.

    The stores count cluster-wide when they are shared (Redis), so every
    process reports the same global value: aggregate with max, not sum.
    """

    def __init__(self, meter: Meter) -> None:
        self.active_users: int | None = None
        self.ongoing_games: int | None = None
        meter.create_observable_gauge(
            "tavolo.active_users",
            callbacks=[self._observe_users],
            unit="{session}",
            description="Login sessions alive",
        )
        meter.create_observable_gauge(
            "tavolo.ongoing_games",
            callbacks=[self._observe_games],
            unit="{game}",
            description="Live games not finished yet (lobbies and matches under way)",
        )

    def _observe_users(self, options: CallbackOptions) -> Iterable[Observation]:
        return [] if self.active_users is None else [Observation(self.active_users)]

    def _observe_games(self, options: CallbackOptions) -> Iterable[Observation]:
        return [] if self.ongoing_games is None else [Observation(self.ongoing_games)]

    async def refresh(self, logins: LoginSessions, store: GameStore) -> None:
        self.active_users = await logins.count()
        self.ongoing_games = await store.count_live()

    async def poll(self, logins: LoginSessions, store: GameStore, interval_seconds: float) -> None:
        """Refresh every ``interval_seconds`` until cancelled; a failing store only skips a round."""
        while True:
            try:
                await self.refresh(logins, store)
            except asyncio.CancelledError:
                raise
            except Exception as error:
                log.warning("could not count sessions and games for telemetry: %r", error)
            await asyncio.sleep(interval_seconds)


class Telemetry:
    """The providers of one process, and the instruments the edge records into."""

    def __init__(
        self,
        *,
        service_name: str = "tavolo",
        span_processors: Sequence[SpanProcessor] = (),
        metric_readers: Sequence[MetricReader] = (),
        log_processors: Sequence[LogRecordProcessor] = (),
    ) -> None:
        resource = Resource.create({"service.name": service_name})
        self.tracer_provider = TracerProvider(resource=resource)
        for processor in span_processors:
            self.tracer_provider.add_span_processor(processor)
        self.meter_provider = MeterProvider(resource=resource, metric_readers=list(metric_readers))
        self.logger_provider = LoggerProvider(resource=resource)
        for log_processor in log_processors:
            self.logger_provider.add_log_record_processor(log_processor)
        self.forward_logs = bool(log_processors)
        self.tracer: Tracer = self.tracer_provider.get_tracer(INSTRUMENTATION_NAME)
        self.meter: Meter = self.meter_provider.get_meter(INSTRUMENTATION_NAME)
        self.http_duration: Histogram = self.meter.create_histogram(
            "http.server.request.duration",
            unit="s",
            description="Duration of HTTP server requests",
            explicit_bucket_boundaries_advisory=DURATION_BUCKETS,
        )
        self.metrics = OtelMetrics(self.meter)
        self.counts = LiveCounts(self.meter)
        self._log_handler: logging.Handler | None = None
        self._started = False

    @classmethod
    def otlp(
        cls,
        service_name: str,
        endpoint: str | None,
        headers: Mapping[str, str],
        metric_export_interval_millis: float,
    ) -> Telemetry:
        """Batching OTLP/HTTP exporters; ``endpoint`` is the collector's base URL (``None``: the
        exporters' own default or ``OTEL_EXPORTER_OTLP_*`` variables)."""

        def url(signal: str) -> str | None:
            return None if endpoint is None else f"{endpoint.rstrip('/')}/v1/{signal}"

        header_map = dict(headers) or None
        spans = OTLPSpanExporter(endpoint=url("traces"), headers=header_map)
        metrics = OTLPMetricExporter(endpoint=url("metrics"), headers=header_map)
        logs = OTLPLogExporter(endpoint=url("logs"), headers=header_map)
        return cls(
            service_name=service_name,
            span_processors=[BatchSpanProcessor(spans)],
            metric_readers=[
                PeriodicExportingMetricReader(metrics, export_interval_millis=metric_export_interval_millis)
            ],
            log_processors=[BatchLogRecordProcessor(logs)],
        )

    def start(self) -> None:
        """Instrument the Redis and asyncpg clients and the process metrics; forward the root logger."""
        if self._started:
            return
        self._started = True
        from opentelemetry.instrumentation.asyncpg import AsyncPGInstrumentor
        from opentelemetry.instrumentation.redis import RedisInstrumentor
        from opentelemetry.instrumentation.system_metrics import SystemMetricsInstrumentor

        _instrument(RedisInstrumentor(), tracer_provider=self.tracer_provider)
        _instrument(
            AsyncPGInstrumentor(capture_parameters=False),  # type: ignore[no-untyped-call]
            tracer_provider=self.tracer_provider,
        )
        _instrument(SystemMetricsInstrumentor(config=PROCESS_METRICS), meter_provider=self.meter_provider)
        if self.forward_logs:
            root = logging.getLogger()
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)
                # Every record that reaches the root's handlers: the loggers' own levels have already
                # chosen (tavolo's at LOG_LEVEL, other libraries' at WARNING), as for the console.
                handler = LoggingHandler(level=logging.NOTSET, logger_provider=self.logger_provider)
            handler.addFilter(_NotOurOwnRecords())
            root.addHandler(handler)
            self._log_handler = handler
        log.info("OpenTelemetry started")

    def shutdown(self) -> None:
        """Flush and stop exporting; undo the instrumentation."""
        if self._log_handler is not None:
            logging.getLogger().removeHandler(self._log_handler)
            self._log_handler = None
        if self._started:
            self._started = False
            from opentelemetry.instrumentation.asyncpg import AsyncPGInstrumentor
            from opentelemetry.instrumentation.redis import RedisInstrumentor
            from opentelemetry.instrumentation.system_metrics import SystemMetricsInstrumentor

            RedisInstrumentor().uninstrument()
            AsyncPGInstrumentor().uninstrument()  # type: ignore[no-untyped-call]
            SystemMetricsInstrumentor().uninstrument()
        self.tracer_provider.shutdown()
        self.meter_provider.shutdown()
        self.logger_provider.shutdown()


def _instrument(instrumentor: Any, **kwargs: Any) -> None:
    if instrumentor.is_instrumented_by_opentelemetry:
        instrumentor.uninstrument()  # another Telemetry of this process (tests) held it
    instrumentor.instrument(**kwargs)
