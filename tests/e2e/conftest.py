"""End-to-end fixtures: a private Redis key prefix, removed afterwards."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator

import pytest
from redis.exceptions import RedisError

from adapters.redis import RedisKeys, connect
from tests.conftest import service_unavailable
from tests.contract.redis_factories import delete_keys, redis_url


@pytest.fixture
async def redis_prefix() -> AsyncIterator[str]:
    prefix = f"tavolo-e2e-{uuid.uuid4().hex}"
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
