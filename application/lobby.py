"""Lobby use cases: list game types, open a table, join by code, preview a code, leave.

Opening, joining and leaving are transitions like any move: committed with a
compare-and-set and announced to every process. Game ids and join codes come
from the operating system's randomness, never from a match's seed.
"""

from __future__ import annotations

import logging
import random
import uuid
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from application.games import Games
from application.identity import Identity
from application.join_codes import new_join_code, normalise_join_code
from application.rate_limit import FailureLimiter
from application.transition import new_seed, transition
from application.views import lobby_summary
from domain import steps
from domain.engine import JSON, Event, options_json_schema, validate_options
from domain.errors import Conflict, InvalidAction, NotFound
from domain.session import GameSession, Seat

log = logging.getLogger(__name__)

_SYSTEM_RANDOM = random.SystemRandom()


def list_game_types(games: Games) -> list[JSON]:
    return [
        {
            "id": engine.game_type,
            "name": engine.name,
            "description": engine.description,
            "seats": engine.seats,
            "options_schema": options_json_schema(engine.option_specs),
        }
        for engine in games.registry
    ]


@dataclass(frozen=True, slots=True)
class TableChoices:
    """How the creator sets a table up, beside the game's own options: listed among the open
    tables (``public``) or found by its code only; rated or casual; its turn time in seconds
    (``None``: the server's default), one of ``Games.turn_choices``."""

    public: bool = False
    rated: bool = True
    turn_seconds: float | None = None


def checked_turn_seconds(games: Games, turn_seconds: float | None) -> float:
    """The table's turn time: the creator's choice, or the server's default."""
    if turn_seconds is None:
        return games.timeouts.turn
    if turn_seconds not in games.turn_choices:
        choices = ", ".join(f"{choice:g}" for choice in games.turn_choices)
        raise InvalidAction(f"the turn time is one of: {choices} seconds")
    return float(turn_seconds)


async def create_game(
    games: Games,
    creator: Identity,
    game_type: str,
    raw_options: Mapping[str, Any] | None,
    choices: TableChoices = TableChoices(),
) -> GameSession:
    """Open a table with the creator in the first seat; a join code already in use is drawn again."""
    engine = games.registry.get(game_type)
    options = validate_options(engine.option_specs, raw_options)
    turn_seconds = checked_turn_seconds(games, choices.turn_seconds)
    game_id = str(uuid.uuid4())

    def change(session: GameSession | None, state: Any, now: float) -> steps.Step:
        if session is not None:
            raise Conflict("could not open the table; try again")
        opened = GameSession(
            id=game_id,
            game_type=game_type,
            join_code=new_join_code(_SYSTEM_RANDOM),  # drawn afresh on every attempt
            options=options,
            seats=(Seat(creator.user_id, creator.name),) + (None,) * (engine.seats - 1),
            creator_id=creator.user_id,
            created_at=now,
            updated_at=now,
            events=(Event("seated", {"name": creator.name, "bot": False}, seat=0),),
            public=choices.public,
            rated=choices.rated,
            turn_seconds=turn_seconds,
        )
        return steps.Step(opened, None)

    created = (await transition(games, game_id, change)).session
    assert created is not None
    log.info("game %s (%s) created by %s", game_id, game_type, creator.user_id)
    return created


def _guessers(player: Identity | None, client: str | None) -> tuple[str, ...]:
    """Who a failed join-code guess counts against: the user and the client address."""
    keys = [] if player is None else [f"user:{player.user_id}"]
    return (*keys, f"addr:{client}") if client else tuple(keys)


async def _find_by_code(
    games: Games, raw_code: str, guessers: tuple[str, ...], limiter: FailureLimiter | None
) -> GameSession:
    """The game holding a code; unknown codes count as failed guesses, and too many
    recent failures refuse every lookup with ``TooManyRequests`` for a while."""
    if limiter is not None and guessers:
        await limiter.check(*guessers)
    found = await games.store.find_by_code(normalise_join_code(raw_code))
    if found is None:
        if limiter is not None and guessers:
            await limiter.record_failure(*guessers)
        raise NotFound("no game has that join code")
    return found


async def join_game(
    games: Games,
    player: Identity,
    raw_code: str,
    client: str | None = None,
    limiter: FailureLimiter | None = None,
) -> GameSession:
    """Take a free seat; the last seat starts the match. Joining twice is harmless.

    ``client`` is the caller's network address, when known: with a ``limiter``,
    guesses are limited per user and per address."""
    found = await _find_by_code(games, raw_code, _guessers(player, client), limiter)
    seed = new_seed()

    def change(session: GameSession | None, state: Any, now: float) -> steps.Step | None:
        if session is None:
            raise NotFound("no game has that join code")
        engine = games.registry.get(session.game_type)
        return steps.seat_player(
            session, Seat(player.user_id, player.name), now, engine, games.timeouts, seed
        )

    joined = (await transition(games, found.id, change)).session
    assert joined is not None
    if joined.seat_of(player.user_id) is not None:
        log.info("%s sat down at game %s", player.user_id, found.id)
    if joined.phase == "playing" and joined.started_at == joined.updated_at:
        log.info("game %s (%s) started", joined.id, joined.game_type)
    return joined


async def leave_game(games: Games, player: Identity, game_id: str) -> GameSession:
    """A seated player leaves a table that has not started (nothing happens if not seated)."""

    def change(session: GameSession | None, state: Any, now: float) -> steps.Step | None:
        if session is None:
            raise NotFound("no such game")
        return steps.leave(session, player.user_id, now)

    left = (await transition(games, game_id, change)).session
    assert left is not None
    return left


async def preview(
    games: Games, raw_code: str, client: str | None = None, limiter: FailureLimiter | None = None
) -> JSON:
    session = await _find_by_code(games, raw_code, _guessers(None, client), limiter)
    return lobby_summary(games.registry.get(session.game_type), session)
