"""Lobby use cases: list game types, create a table, join by code, preview a code."""

from __future__ import annotations

import logging
import uuid
from collections.abc import Mapping
from typing import Any

from application.identity import Identity
from application.join_codes import new_join_code, normalise_join_code
from application.locking import game_lock
from application.platform import Platform
from application.seating import seat_player
from application.views import lobby_summary
from domain.engine import JSON, options_json_schema, validate_options
from domain.errors import Conflict, NotFound
from domain.session import GameSession, Seat

log = logging.getLogger(__name__)

CODE_ATTEMPTS = 20


def list_game_types(platform: Platform) -> list[JSON]:
    return [
        {
            "id": engine.game_type,
            "name": engine.name,
            "description": engine.description,
            "seats": engine.seats,
            "options_schema": options_json_schema(engine.option_specs),
        }
        for engine in platform.registry
    ]


async def create_game(
    platform: Platform, creator: Identity, game_type: str, raw_options: Mapping[str, Any] | None
) -> GameSession:
    engine = platform.registry.get(game_type)
    options = validate_options(engine.option_specs, raw_options)
    rng = platform.rng_factory()
    now = platform.clock.now()
    for _ in range(CODE_ATTEMPTS):
        session = GameSession(
            id=str(uuid.uuid4()),
            game_type=game_type,
            join_code=new_join_code(rng),
            options=options,
            seats=(Seat(creator.user_id, creator.name),) + (None,) * (engine.seats - 1),
            creator_id=creator.user_id,
            created_at=now,
            updated_at=now,
        )
        if await platform.store.create(session):
            log.info("game %s (%s) created by %s", session.id, game_type, creator.user_id)
            return session
    raise Conflict("could not find a free join code; try again")


def _guessers(player: Identity | None, client: str | None) -> tuple[str, ...]:
    """Who a failed join-code guess counts against: the user and the client address."""
    keys = [] if player is None else [f"user:{player.user_id}"]
    return (*keys, f"addr:{client}") if client else tuple(keys)


async def _find_by_code(platform: Platform, raw_code: str, guessers: tuple[str, ...]) -> GameSession:
    """The game holding a code; unknown codes count as failed guesses, and too many
    recent failures refuse every lookup with ``TooManyRequests`` for a while."""
    limiter = platform.join_limiter
    if limiter is not None and guessers:
        await limiter.check(*guessers)
    found = await platform.store.find_by_code(normalise_join_code(raw_code))
    if found is None:
        if limiter is not None and guessers:
            await limiter.record_failure(*guessers)
        raise NotFound("no game has that join code")
    return found


async def join_game(
    platform: Platform, player: Identity, raw_code: str, client: str | None = None
) -> GameSession:
    """Take a free seat; the last seat starts the match. Joining twice is harmless.

    ``client`` is the caller's network address, when known: guesses are limited
    per user and per address."""
    found = await _find_by_code(platform, raw_code, _guessers(player, client))
    async with game_lock(platform, found.id):
        session = await platform.store.get(found.id)
        if session is None:
            raise NotFound("no game has that join code")
        if session.seat_of(player.user_id) is not None:
            return session
        return await seat_player(platform, session, Seat(player.user_id, player.name))


async def preview(platform: Platform, raw_code: str, client: str | None = None) -> JSON:
    session = await _find_by_code(platform, raw_code, _guessers(None, client))
    return lobby_summary(platform.registry.get(session.game_type), session)
