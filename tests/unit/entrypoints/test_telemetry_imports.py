"""With telemetry off, a started server has loaded no OpenTelemetry instrumentation package.

Each check runs in a fresh interpreter, so what other tests imported does not count.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]

# Starts a server on the embedded defaults, answers one request, and prints the loaded
# modules of interest. With "on", telemetry is built with in-memory exporters instead of OTLP.
SCRIPT = """
import asyncio, json, sys
import httpx
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter
import entrypoints.telemetry_setup as telemetry_setup
from tests.integration.server import running_server, server_settings

on = sys.argv[1] == "on"
if on:
    from adapters.telemetry import Telemetry
    telemetry_setup.build_telemetry = lambda settings: Telemetry(
        span_processors=[SimpleSpanProcessor(InMemorySpanExporter())]
    )

async def main():
    async with running_server(server_settings(otel_enabled=on)) as server:
        async with httpx.AsyncClient(base_url=server.base_url) as http:
            assert (await http.get("/api/game-types")).status_code == 200
        loaded = sorted(
            name for name in sys.modules
            if name.startswith("opentelemetry.instrumentation") or name == "adapters.telemetry"
        )
        print(json.dumps(loaded))

asyncio.run(main())
"""


def loaded_modules(telemetry: str) -> list[str]:
    result = subprocess.run(
        [sys.executable, "-c", SCRIPT, telemetry],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    modules: list[str] = json.loads(result.stdout.strip().splitlines()[-1])
    return modules


def test_a_server_with_telemetry_off_loads_no_instrumentation_package() -> None:
    assert loaded_modules("off") == []


def test_a_server_with_telemetry_on_loads_the_instrumentation_it_uses() -> None:
    loaded = loaded_modules("on")
    assert "adapters.telemetry" in loaded
    assert {
        "opentelemetry.instrumentation.asyncpg",
        "opentelemetry.instrumentation.redis",
        "opentelemetry.instrumentation.system_metrics",
    } <= set(loaded)
