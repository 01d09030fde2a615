"""The ``OTEL_*`` variables, the session hash, and which log records are forwarded."""

from __future__ import annotations

import logging

import pytest
from opentelemetry.sdk._logs.export import SimpleLogRecordProcessor

try:
    from opentelemetry.sdk._logs.export import InMemoryLogRecordExporter
except ImportError:  # the SDK's name before 1.39; setup.cfg still allows older releases
    from opentelemetry.sdk._logs.export import (
        InMemoryLogExporter as InMemoryLogRecordExporter,
    )

from adapters.telemetry import Telemetry
from entrypoints.config import VARIABLES, ConfigError, Settings, load_settings
from entrypoints.telemetry_setup import hashed_session_id


def test_telemetry_is_off_by_default_with_documented_defaults() -> None:
    settings = load_settings({})
    assert settings.otel_enabled is False
    assert settings.otel_service_name == "tavolo"
    assert settings.otel_exporter_otlp_endpoint is None
    assert settings.otel_exporter_otlp_headers == ()
    assert settings.otel_excluded_paths == ("/api/health", "/api/health/live", "/api/health/ready")
    assert settings.otel_metric_export_interval_millis == 60000
    assert settings.otel_metrics_poll_interval_seconds == 15
    assert {name for name in VARIABLES if name.startswith("OTEL_")} == {
        "OTEL_ENABLED",
        "OTEL_SERVICE_NAME",
        "OTEL_EXPORTER_OTLP_ENDPOINT",
        "OTEL_EXPORTER_OTLP_HEADERS",
        "OTEL_EXCLUDED_PATHS",
        "OTEL_METRIC_EXPORT_INTERVAL_MILLIS",
        "OTEL_METRICS_POLL_INTERVAL_SECONDS",
    }


def test_the_otel_variables_are_read() -> None:
    settings = load_settings(
        {
            "OTEL_ENABLED": "yes",
            "OTEL_SERVICE_NAME": "tavolo-eu",
            "OTEL_EXPORTER_OTLP_ENDPOINT": "http://collector:4318",
            "OTEL_EXPORTER_OTLP_HEADERS": "authorization=Bearer%20s3cret, x-tenant=games",
            "OTEL_EXCLUDED_PATHS": "/api/health, /api/docs,/api/health",
            "OTEL_METRIC_EXPORT_INTERVAL_MILLIS": "5000",
            "OTEL_METRICS_POLL_INTERVAL_SECONDS": "2.5",
        }
    )
    assert settings.otel_enabled and settings.otel_service_name == "tavolo-eu"
    assert settings.otel_exporter_otlp_endpoint == "http://collector:4318"
    assert settings.otel_exporter_otlp_headers == (("authorization", "Bearer s3cret"), ("x-tenant", "games"))
    assert settings.otel_excluded_paths == ("/api/health", "/api/docs")
    assert settings.otel_metric_export_interval_millis == 5000
    assert settings.otel_metrics_poll_interval_seconds == 2.5
    assert "s3cret" not in repr(settings), "collector credentials stay out of the settings' repr"


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("OTEL_ENABLED", "perhaps"),
        ("OTEL_EXPORTER_OTLP_HEADERS", "no-equals-sign"),
        ("OTEL_METRIC_EXPORT_INTERVAL_MILLIS", "0"),
        ("OTEL_METRICS_POLL_INTERVAL_SECONDS", "often"),
    ],
)
def test_a_bad_otel_value_is_a_configuration_error(name: str, value: str) -> None:
    with pytest.raises(ConfigError, match=name):
        load_settings({name: value})


def test_the_session_id_is_exported_as_a_short_hash_only() -> None:
    cookie = "Zm9vYmFyLXNlc3Npb24taWQtd2l0aC1lbm91Z2gtZW50cm9weQ"
    hashed = hashed_session_id(cookie)
    assert hashed == hashed_session_id(cookie) and len(hashed) == 16
    assert int(hashed, 16) >= 0 and hashed not in cookie and cookie[:8] not in hashed
    assert hashed != hashed_session_id(cookie + "x")


def test_log_records_are_forwarded_except_telemetry_and_http_client_ones() -> None:
    exporter = InMemoryLogRecordExporter()
    telemetry = Telemetry(log_processors=[SimpleLogRecordProcessor(exporter)])
    root = logging.getLogger()
    previous_level = root.level
    root.setLevel(logging.INFO)
    handlers_before = list(root.handlers)
    telemetry.start()
    try:
        logging.getLogger("tavolo.tests").info("kept")
        logging.getLogger("opentelemetry.sdk.tests").warning("dropped: would loop")
        logging.getLogger("urllib3.connectionpool").warning("dropped: the exporter's own requests")
        logging.getLogger("tavolo.tests").debug("below the configured level")
    finally:
        telemetry.shutdown()
        root.setLevel(previous_level)
    bodies = [str(record.log_record.body) for record in exporter.get_finished_logs()]
    assert "kept" in bodies
    assert not [body for body in bodies if body.startswith(("dropped", "below"))]
    assert root.handlers == handlers_before, "shutdown removes the forwarding handler"


def test_settings_without_telemetry_compare_equal_to_the_defaults() -> None:
    assert load_settings({}) == Settings()
