"""A test server whose deals are reproducible: every game it starts shuffles with one chosen seed.

The seed is searched for at test time with the pure engine, so the test does not depend on how the
engine happens to shuffle: "find a deal where the player on turn has a card with several captures".
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, replace
from typing import Any
from unittest.mock import patch

from domain.commitment import MatchSecret
from domain.engine import Timeouts, validate_options
from domain.registry import EngineRegistry
from domain.seeding import match_rng
from entrypoints.config import Settings
from entrypoints.container import build_container
from entrypoints.http.app import create_app
from tests.browser.serving import browser_settings
from tests.integration.server import RunningServer, free_port, running_server

SALT = "5a17" * 8  # the salt of every match such a server starts


@dataclass(frozen=True)
class Deal:
    seed: str  # a match seed (hex), as ``application.playing.transition.new_seed`` makes them
    turn: int
    view: dict[str, Any]


def find_deal(
    registry: EngineRegistry,
    game_type: str,
    options: dict[str, Any],
    wanted: Callable[[dict[str, Any]], bool],
    tries: int = 5000,
) -> Deal:
    """The first seed whose opening position, seen by the seat on turn, satisfies ``wanted``.

    A match deals with ``match_rng(seed, version)``, the version its start makes: the table is
    created at 1, each other seat taken adds one, and the start one more."""
    engine = registry.get(game_type)
    valid = validate_options(engine.option_specs, options)
    for number in range(tries):
        seed = f"{number:064x}"
        state = engine.start(valid, Timeouts(), 0.0, match_rng(seed, engine.seats + 1)).state
        turn = engine.turn(state)
        if turn is None:
            continue
        view = engine.view(state, turn)
        if wanted(view):
            return Deal(seed, turn, view)
    raise AssertionError(f"no {game_type} deal in {tries} seeds satisfies the test's wish")


def captures_by_card(view: dict[str, Any]) -> dict[str, list[list[str]]]:
    """The seat's legal plays grouped by hand card: the table cards each play of it takes."""
    grouped: dict[str, list[list[str]]] = {}
    for move in view.get("legal_moves", []):
        if move["action"] == "play":
            grouped.setdefault(move["card"], []).append(move.get("capture", []))
    return grouped


def several_captures(view: dict[str, Any]) -> bool:
    return any(len(captures) > 1 for captures in captures_by_card(view).values())


def several_captures_one_by_sum(view: dict[str, Any]) -> bool:
    """A hand card with several captures, one of them of two or more table cards."""
    return any(
        len(captures) > 1 and any(len(c) > 1 for c in captures)
        for captures in captures_by_card(view).values()
    )


@asynccontextmanager
async def seeded_server(seed: str, settings: Settings | None = None) -> AsyncIterator[RunningServer]:
    """Like ``running_server``, but every match it starts gets ``seed`` as its secret seed."""
    port = free_port()
    settings = replace(settings or browser_settings(), app_host="127.0.0.1", app_port=port)
    app = create_app(settings, build_container(settings))
    with (
        patch("application.finding.lobby.new_secret", lambda: MatchSecret(seed, SALT)),
        patch("application.playing.computer_players.new_secret", lambda: MatchSecret(seed, SALT)),
    ):
        async with running_server(settings, port, app) as running:
            yield running
