"""``tavolo serve`` starts on its embedded defaults and answers on APP_PORT."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import httpx

from tests.integration.server import free_port


def test_tavolo_serve_answers_on_app_port_with_no_external_service() -> None:
    port = free_port()
    env = {**os.environ, "APP_PORT": str(port), "APP_HOST": "127.0.0.1"}
    for name in ("REDIS_URL", "DATABASE_URL", "LOGGING_CONFIG"):
        env.pop(name, None)
    process = subprocess.Popen(
        [sys.executable, "-m", "entrypoints.cli", "serve"],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        start_new_session=True,  # Sanic may kill its own process group on shutdown
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                response = httpx.get(f"http://127.0.0.1:{port}/api/health", timeout=1)
                break
            except httpx.TransportError:
                assert process.poll() is None, process.stdout.read().decode() if process.stdout else ""
                assert time.monotonic() < deadline, "the server did not answer in time"
                time.sleep(0.2)
        assert response.status_code == 200 and response.json() == {"status": "ok"}
    finally:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def test_more_than_one_worker_without_redis_is_refused_with_a_clear_message() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "entrypoints.cli", "serve", "--workers", "2"],
        capture_output=True,
        text=True,
        timeout=30,
        start_new_session=True,
    )
    assert result.returncode == 2
    assert "REDIS_URL" in result.stderr


def test_a_bad_configuration_value_stops_the_start_with_its_name() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "entrypoints.cli", "serve"],
        capture_output=True,
        text=True,
        timeout=30,
        start_new_session=True,
        env={**os.environ, "TURN_TIMEOUT_SECONDS": "soon"},
    )
    assert result.returncode == 2
    assert "TURN_TIMEOUT_SECONDS" in result.stderr
