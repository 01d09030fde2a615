"""A test server whose deals are reproducible: every game it starts shuffles with one chosen seed.

The seed is searched for at test time with the pure engine, so the test does not depend on how the
engine happens to shuffle: "find a deal where the player on turn has a card with several captures".
"""

from __future__ import annotations

import random
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, replace
from typing import Any

from dependency_injector import providers

from domain.engine import Timeouts, validate_options
from domain.registry import EngineRegistry
from entrypoints.config import Settings
from entrypoints.container import build_container
from entrypoints.http.app import create_app
from tests.integration.server import RunningServer, free_port, server_settings


@dataclass(frozen=True)
class Deal:
    seed: int
    turn: int
    view: dict[str, Any]


def find_deal(
    registry: EngineRegistry,
    game_type: str,
    options: dict[str, Any],
    wanted: Callable[[dict[str, Any]], bool],
    tries: int = 5000,
) -> Deal:
    """The first seed whose opening position, seen by the seat on turn, satisfies ``wanted``."""
    engine = registry.get(game_type)
    valid = validate_options(engine.option_specs, options)
    for seed in range(tries):
        state = engine.start(valid, Timeouts(), 0.0, random.Random(seed))
        turn = engine.turn(state)
        if turn is None:
            continue
        view = engine.view(state, turn)
        if wanted(view):
            return Deal(seed, turn, view)
    raise AssertionError(f"no {game_type} deal in {tries} seeds satisfies the test's wish")


def several_captures(view: dict[str, Any]) -> bool:
    return any(len(move["captures"]) > 1 for move in view.get("legal_moves", []))


@asynccontextmanager
async def seeded_server(seed: int, settings: Settings | None = None) -> AsyncIterator[RunningServer]:
    """Like ``running_server``, but every random choice of the platform starts from ``seed``.

    Join codes come from the same seed, so such a server hosts one game.
    """
    port = free_port()
    settings = replace(settings or server_settings(), app_host="127.0.0.1", app_port=port)
    container = build_container(settings)
    platform = replace(container.platform(), rng_factory=lambda: random.Random(seed))
    container.platform.override(providers.Object(platform))
    app = create_app(settings, container)
    server = await app.create_server(
        host="127.0.0.1", port=port, return_asyncio_server=True, access_log=False
    )
    assert server is not None
    await server.startup()
    await server.before_start()
    await server.after_start()
    try:
        yield RunningServer(f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}", app)
    finally:
        await server.before_stop()
        await server.close()
        await server.after_stop()
