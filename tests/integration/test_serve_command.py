"""``tavolo serve`` starts on its embedded defaults, answers on APP_PORT and says which URL to
open; ``tavolo migrate`` takes the reference's ``DATABASE_OPTIONS=ssl=...`` spelling."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path
from urllib.parse import urlsplit

import asyncpg
import httpx
import redis.asyncio as redis
from redis.exceptions import RedisError

from adapters.redis.keys import RedisKeys
from tests.conftest import service_unavailable
from tests.contract.match_factories import postgres_database
from tests.contract.redis_factories import delete_keys, redis_url
from tests.integration.served import ANNOUNCEMENT, Served, embedded_env
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


def test_tavolo_serve_prints_the_url_to_open_and_logs_no_library_debug_lines(tmp_path: Path) -> None:
    port = free_port()
    # APP_HOST unset: the server binds 0.0.0.0, and the URL to open names this machine.
    served = Served(embedded_env(APP_PORT=str(port), SQLITE_PATH=str(tmp_path / "t.sqlite3")))
    try:
        url = served.wait_for(ANNOUNCEMENT).group(1)
        assert url == f"http://localhost:{port}"
        assert httpx.get(f"{url}/api/health", timeout=5).json() == {"status": "ok"}
        assert httpx.get(f"{url}/api/game-types", timeout=5).status_code == 200
    finally:
        served.stop()
    assert not [line for line in served.lines if "[DEBUG]" in line or "aiosqlite" in line]
    assert any("[INFO] " in line and "starting tavolo on" in line for line in served.lines)


def test_the_url_names_the_bind_address_when_it_is_a_specific_one() -> None:
    port = free_port()
    served = Served(embedded_env(APP_PORT=str(port), DATABASE_URL="memory://"), "--host", "127.0.0.1")
    try:
        assert served.wait_for(ANNOUNCEMENT).group(1) == f"http://127.0.0.1:{port}"
    finally:
        served.stop()


async def test_with_two_workers_the_url_is_printed_once() -> None:
    url = redis_url()
    keys = RedisKeys(f"tavolo-test-serve-{uuid.uuid4().hex[:8]}")
    client = redis.from_url(url)
    try:
        await client.execute_command("PING")
    except (OSError, RedisError) as exc:
        await client.aclose()
        service_unavailable("Redis", f"{url}: {exc!r}")
    port = free_port()
    env = embedded_env(
        APP_PORT=str(port),
        APP_HOST="127.0.0.1",
        REDIS_URL=url,
        REDIS_KEY_PREFIX=keys.prefix,
        DATABASE_URL="sqlite:///:memory:",  # memory:// is refused with two workers
        WORKERS="2",
    )
    served = Served(env)
    try:
        await asyncio.to_thread(served.wait_for, ANNOUNCEMENT, 60.0)
        for _ in range(20):  # both workers answer, and neither announces a second time
            async with httpx.AsyncClient() as http:
                assert (await http.get(f"http://127.0.0.1:{port}/api/health", timeout=5)).status_code == 200
        await asyncio.sleep(1.0)
    finally:
        await asyncio.to_thread(served.stop)
        await delete_keys(client, keys)
        await client.aclose()
    assert len([line for line in served.lines if ANNOUNCEMENT.search(line)]) == 1


def _migrate(env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "entrypoints.cli", "migrate"],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        start_new_session=True,
    )


def _database_parts(dsn: str, options: str) -> dict[str, str]:
    parts = urlsplit(dsn)
    env = embedded_env(
        DATABASE_HOST=parts.hostname or "127.0.0.1",
        DATABASE_NAME=parts.path.lstrip("/"),
        DATABASE_USER=parts.username or "postgres",
        DATABASE_OPTIONS=options,
    )
    if parts.port:
        env["DATABASE_PORT"] = str(parts.port)
    if parts.password:
        env["DATABASE_PASSWORD"] = parts.password
    return env


async def test_tavolo_migrate_takes_database_options_ssl_as_the_reference_spells_it() -> None:
    async with postgres_database() as dsn:
        connection = await asyncpg.connect(dsn)
        try:
            server_has_tls = await connection.fetchval("SHOW ssl") == "on"
        finally:
            await connection.close()
        preferred = await asyncio.to_thread(_migrate, _database_parts(dsn, "ssl=prefer"))
        assert preferred.returncode == 0, preferred.stderr
        assert "applied: 0001_matches" in preferred.stdout
        required = await asyncio.to_thread(_migrate, _database_parts(dsn, "ssl=require"))
    if server_has_tls:
        assert required.returncode == 0, required.stderr
    else:  # a server without TLS refuses sslmode=require: a clear message, no traceback
        assert required.returncode == 1
        assert "tavolo: the database is unavailable" in required.stderr
        assert "SSL" in required.stderr
        assert "Traceback" not in required.stderr


def test_a_database_option_asyncpg_cannot_take_stops_the_start_with_the_right_spelling() -> None:
    result = _migrate(embedded_env(DATABASE_HOST="127.0.0.1", DATABASE_OPTIONS="ssl=true"))
    assert result.returncode == 2
    assert "DATABASE_OPTIONS" in result.stderr and "sslmode=require" in result.stderr
    assert "Traceback" not in result.stderr
