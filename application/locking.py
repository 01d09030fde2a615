"""The per-game lock as an async context manager over the ``Locks`` port."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from application.platform import Platform
from domain.errors import Conflict

log = logging.getLogger(__name__)


def lock_name(game_id: str) -> str:
    return f"game:{game_id}:lock"


@asynccontextmanager
async def game_lock(platform: Platform, game_id: str) -> AsyncIterator[None]:
    name = lock_name(game_id)
    token = await platform.locks.acquire(name, ttl=platform.lock_ttl, wait=platform.lock_wait)
    if token is None:
        raise Conflict("the game is busy, try again")
    try:
        yield
    finally:
        if not await platform.locks.release(name, token):
            log.warning("lock of game %s expired before release", game_id)
