"""Liveness answers without I/O; readiness says 200 while every storage answers, and 503
``unavailable`` with ``Retry-After`` — quickly, naming no host or secret — while one does not."""

from __future__ import annotations

import time
from pathlib import Path
from typing import cast

import httpx
from dependency_injector import providers

from adapters.redis import connect
from adapters.redis.probe import RedisProbe
from application.operations.health import HealthProbe, ReadinessCheck
from tests.integration.server import free_port, running_server, server_settings


async def test_liveness_answers_ok_on_both_routes() -> None:
    async with (
        running_server(server_settings()) as server,
        httpx.AsyncClient(base_url=server.base_url) as http,
    ):
        for path in ("/api/health", "/api/health/live"):
            response = await http.get(path)
            assert response.status_code == 200
            assert response.json() == {"status": "ok"}
            assert response.headers["cache-control"] == "no-store"


async def test_readiness_with_every_storage_answering_is_ready_with_one_worker_in_one_process() -> None:
    async with (
        running_server(server_settings()) as server,
        httpx.AsyncClient(base_url=server.base_url) as http,
    ):
        response = await http.get("/api/health/ready")
    assert response.status_code == 200
    assert response.json() == {
        "status": "ready",
        "checks": {"live_state": "ok", "database": "ok"},
        "workers": {"configured": 1, "running": 1},
    }


async def test_readiness_on_the_embedded_sqlite_database_is_ready(tmp_path: Path) -> None:
    settings = server_settings(database_url=f"sqlite:///{tmp_path}/tavolo.sqlite3")
    async with running_server(settings) as server, httpx.AsyncClient(base_url=server.base_url) as http:
        response = await http.get("/api/health/ready")
    assert response.status_code == 200
    assert response.json()["checks"] == {"live_state": "ok", "database": "ok"}


async def test_an_unreachable_live_state_store_is_a_quick_503_that_names_no_host_or_secret() -> None:
    unreachable = connect(f"redis://:secret-password@127.0.0.1:{free_port()}/0")
    try:
        async with running_server(server_settings()) as server:
            database = cast(HealthProbe, server.games.matches)  # every repository is a probe too
            server.container.readiness.override(
                providers.Object(
                    ReadinessCheck({"live_state": RedisProbe(unreachable), "database": database})
                )
            )
            async with httpx.AsyncClient(base_url=server.base_url) as http:
                started = time.monotonic()
                response = await http.get("/api/health/ready")
                elapsed = time.monotonic() - started
                live = await http.get("/api/health/live")
    finally:
        await unreachable.aclose()
    assert response.status_code == 503
    assert elapsed < 2.5
    body = response.json()
    assert body["code"] == "unavailable" and body["message"]
    assert body["checks"] == {"live_state": "unavailable", "database": "ok"}
    assert int(response.headers["retry-after"]) > 0
    assert "secret-password" not in response.text and "127.0.0.1" not in response.text
    assert live.status_code == 200  # the process still lives: no reason to restart it
