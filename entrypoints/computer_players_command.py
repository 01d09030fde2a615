"""``tavolo computer-players``: one process of the service that works out searching computer
players' moves (``application.playing.thinking_service``), for servers started with
``THINKING_SERVICE=1``.

It reads the same settings as ``tavolo serve`` (the live state's Redis, the database, the game
packages), joins the Redis stream's consumer group as ``--name`` (default: host name and process
id, unique per process) and answers one question at a time until SIGTERM or SIGINT, finishing the
one under way. Run as many as the backlog needs: they share the stream.
"""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import socket
from dataclasses import replace

from application.playing.thinking_service import ThinkingService
from entrypoints.config import ConfigError, Settings
from entrypoints.container import Container

log = logging.getLogger(__name__)


def default_name() -> str:
    """A consumer name unique to this process: its host's name and its process id."""
    return f"{socket.gethostname()}-{os.getpid()}"


async def computer_players(settings: Settings, name: str | None = None) -> int:
    if not (settings.redis_url or settings.redis_cluster_nodes):
        raise ConfigError(
            "tavolo computer-players takes its questions from Redis: set REDIS_URL (or REDIS_CLUSTER_NODES)"
        )
    container = Container(settings=settings)
    stopping = asyncio.Event()
    loop = asyncio.get_running_loop()
    for stop_signal in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(stop_signal, stopping.set)
    try:
        games = await container.games.async_()
        live = await container.live.async_()
        # this process is where the thinking happens: in it, and never handed on again
        service = ThinkingService(
            replace(games, thinking=None, thinking_requests=None),
            live.thinking_requests,
            name or default_name(),
            settings.thinking_reclaim_seconds,
        )
        print(f"tavolo computer-players is answering as {service.consumer}", flush=True)
        await service.run(stopping)
    finally:
        closing = container.shutdown_resources()
        if closing is not None:
            await closing
    return 0
