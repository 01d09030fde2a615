"""The fault suite's shared set-up: the figures section, a quiet logging configuration
for the servers under test, and module-wide Redis key prefixes on the shared server."""

from __future__ import annotations

import shutil
import signal
import uuid
from collections.abc import AsyncIterator, Iterator

import pytest
import pytest_asyncio
from redis.exceptions import RedisError

from adapters.redis import RedisKeys, connect
from tests.conftest import service_unavailable
from tests.contract.match_factories import postgres_database
from tests.contract.redis_factories import delete_keys, redis_url
from tests.faults.matches import tavolo_migrate
from tests.faults.services import PostgresServer, RedisServer

LOGGING_YAML = """\
version: 1
disable_existing_loggers: false
formatters:
  plain:
    format: "%(asctime)s [%(levelname)s] %(process)d %(name)s: %(message)s"
handlers:
  console:
    class: logging.StreamHandler
    formatter: plain
    stream: ext://sys.stderr
root:
  level: INFO
  handlers: [console]
"""


@pytest.fixture(scope="session")
def logging_config(tmp_path_factory: pytest.TempPathFactory) -> str:
    """A ``LOGGING_CONFIG`` file: INFO and above, with the pid, so a log shows WARNINGs and
    tracebacks without the DEBUG flood (and the servers stay fast on a small machine)."""
    path = tmp_path_factory.mktemp("faults-logging") / "logging.yaml"
    path.write_text(LOGGING_YAML, encoding="utf-8")
    return str(path)


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def shared_redis_prefix() -> AsyncIterator[str]:
    """A key prefix of this module's own on the shared Redis, every key removed afterwards."""
    prefix = f"tavolo-faults-{uuid.uuid4().hex}"
    client = connect(redis_url(), client_name=prefix)
    try:
        await client.execute_command("PING")
    except (RedisError, OSError) as error:
        await client.aclose()
        service_unavailable("Redis", str(error))
    try:
        yield prefix
    finally:
        await delete_keys(client, RedisKeys(prefix))
        await client.aclose()


def log_tail(text: str, lines: int = 60) -> str:
    return "\n".join(text.splitlines()[-lines:])


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def migrated_database() -> AsyncIterator[str]:
    """A PostgreSQL database of the module's own on the shared server, migrated by ``tavolo migrate``
    as an operator runs it, dropped at the module's end."""
    async with postgres_database() as dsn:
        await tavolo_migrate({"DATABASE_URL": dsn})
        yield dsn


# A module's own servers, for the scenarios that stop or kill them (never the shared ones).
@pytest.fixture(scope="module")
def redis_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RedisServer]:
    """A private ``redis-server`` of the module's own (append-only), killed and removed at its end."""
    server = RedisServer(tmp_path_factory.mktemp("faults-redis"))
    server.start()
    try:
        yield server
    finally:
        server.stop(signal.SIGKILL)
        shutil.rmtree(server.folder, ignore_errors=True)


@pytest.fixture(scope="module")
def postgres() -> Iterator[PostgresServer]:
    """A private PostgreSQL cluster of the module's own, removed at its end."""
    server = PostgresServer()
    try:
        server.initdb()
        server.start()
        yield server
    finally:
        server.remove()
