"""Lobby use cases: list game types, open a table, join by code or by the table's link,
preview a code, leave.

Opening, joining and leaving are transitions like any move: committed with a
compare-and-set and announced to every process (``application.finding.table_opening`` opens
every table).
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from application.finding import table_opening
from application.finding.join_codes import normalise_join_code
from application.identity.caller import Identity
from application.operations.rate_limit import FailureLimiter
from application.playing.computer_players import computer_player
from application.playing.live_games import LiveGames
from application.playing.transition import new_secret, transition
from application.playing.views import lobby_summary
from domain import steps
from domain.bots.levels import HANDOVER_LEVEL, LEVELS
from domain.engine import JSON, options_json_schema, validate_options
from domain.errors import Conflict, Forbidden, InvalidAction, NotFound
from domain.game_package import event_kind_schema
from domain.live_game import LiveGame, Phase, Seat

log = logging.getLogger(__name__)


def list_game_types(games: LiveGames) -> list[JSON]:
    """Every game type with its seats, its options' schema, the server's table settings, and what
    the browser needs from its game package: the table module to import, the events and actions it
    knows, its rules and its words."""
    return [game_type_entry(games, game_type) for game_type in games.registry.game_types]


def game_type_entry(games: LiveGames, game_type: str) -> JSON:
    package = games.registry.package_of(game_type)
    variant = package.variant(game_type)
    engine = variant.engine
    return {
        "id": engine.game_type,
        "name": engine.name,
        "description": engine.description,
        "seats": engine.seats,
        "options_schema": options_json_schema(engine.option_specs),
        "turn_times": list(games.turn_choices),
        "default_turn_time": games.timeouts.turn,
        "computer_levels": list(LEVELS),
        "family": package.name,
        "table_module": f"/games/{package.name}/{variant.table}",
        "event_kinds": list(package.kinds),
        "actions": list(package.action_names),
        "action_schemas": {action.action: action.json_schema() for action in package.actions},
        "event_schemas": {kind.kind: event_kind_schema(kind) for kind in package.event_kinds},
        "rules": dict(package.rules),
        "words": {language: dict(words) for language, words in package.words.items()},
    }


@dataclass(frozen=True, slots=True)
class TableChoices:
    """How the creator sets a table up, beside the game's own options: listed among the open
    tables (``public``) or found by its code only; rated or casual; its turn time in seconds
    (``None``: the server's default), one of ``LiveGames.turn_choices``."""

    public: bool = False
    rated: bool = True
    turn_seconds: float | None = None


def checked_turn_seconds(games: LiveGames, turn_seconds: float | None) -> float:
    """The table's turn time: the creator's choice, or the server's default."""
    if turn_seconds is None:
        return games.timeouts.turn
    if turn_seconds not in games.turn_choices:
        choices = ", ".join(f"{choice:g}" for choice in games.turn_choices)
        raise InvalidAction(f"the turn time is one of: {choices} seconds")
    return float(turn_seconds)


def table_layout(
    games: LiveGames,
    game_id: str,
    creator: Identity,
    game_type: str,
    raw_options: Mapping[str, Any] | None,
    choices: TableChoices,
    others: Callable[[int], Seat | None] = lambda chair: None,
) -> table_opening.Layout:
    """The table a creator opens: the creator in the first seat, ``others(chair)`` in the rest."""
    engine = games.registry.get(game_type)
    options = validate_options(engine.option_specs, raw_options)
    turn_seconds = checked_turn_seconds(games, choices.turn_seconds)
    seats = (Seat(creator.user_id, creator.name), *(others(chair) for chair in range(1, engine.seats)))

    def layout(join_code: str) -> steps.NewTable:
        return steps.NewTable(
            id=game_id,
            game_type=game_type,
            join_code=join_code,
            options=options,
            seats=seats,
            creator_id=creator.user_id,
            public=choices.public,
            rated=choices.rated,
            turn_seconds=turn_seconds,
        )

    return layout


async def create_game(
    games: LiveGames,
    creator: Identity,
    game_type: str,
    raw_options: Mapping[str, Any] | None,
    choices: TableChoices = TableChoices(),
) -> LiveGame:
    """Open a table with the creator in the first seat."""
    game_id = str(uuid.uuid4())
    layout = table_layout(games, game_id, creator, game_type, raw_options, choices)
    return await table_opening.open_new_table(games, game_id, layout)


def _guessers(player: Identity | None, client: str | None) -> tuple[str, ...]:
    """Who a failed join-code guess counts against: the user and the client address."""
    keys = [] if player is None else [f"user:{player.user_id}"]
    return (*keys, f"addr:{client}") if client else tuple(keys)


async def _find_by_code(
    games: LiveGames, raw_code: str, guessers: tuple[str, ...], limiter: FailureLimiter | None
) -> LiveGame:
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
    games: LiveGames,
    player: Identity,
    raw_code: str,
    client: str | None = None,
    limiter: FailureLimiter | None = None,
) -> LiveGame:
    """Take a free seat by the table's join code; the last seat starts the match. Joining twice
    is harmless.

    ``client`` is the caller's network address, when known: with a ``limiter``,
    guesses are limited per user and per address."""
    found = await _find_by_code(games, raw_code, _guessers(player, client), limiter)
    return await _sit_down(games, player, found.id, None)


async def take_seat(
    games: LiveGames,
    player: Identity,
    game_id: str,
    raw_code: str | None = None,
    chair: int | None = None,
    client: str | None = None,
    limiter: FailureLimiter | None = None,
) -> LiveGame:
    """Take a free seat (``chair``, or the first free one) at the table ``game_id``: any seat of
    a public table, or of a private one with its join code (the invitation link carries it).
    A wrong code counts as a failed guess, as at ``join_game``."""
    guessers = _guessers(player, client)
    if limiter is not None and guessers and raw_code is not None:
        await limiter.check(*guessers)
    found = await games.store.get(game_id)
    if found is None:
        raise NotFound("no such game")
    invited = raw_code is not None and normalise_join_code(raw_code) == found.join_code
    if not (found.public or invited or found.seat_of(player.user_id) is not None):
        if limiter is not None and guessers and raw_code is not None:
            await limiter.record_failure(*guessers)
        raise Forbidden("this table is private: its invitation link or join code seats you")
    return await _sit_down(games, player, game_id, chair)


async def _sit_down(games: LiveGames, player: Identity, game_id: str, chair: int | None) -> LiveGame:
    secret = new_secret()

    def change(session: LiveGame | None, state: Any, now: float) -> steps.Step | None:
        if session is None:
            raise NotFound("no such game")
        if chair is not None and not 0 <= chair < len(session.seats):  # a seat other tables have
            raise Conflict(f"this table has seats 0 to {len(session.seats) - 1}")
        engine = games.registry.get(session.game_type)
        seat = Seat(player.user_id, player.name)
        return steps.seat_player(session, seat, now, engine, games.timeouts, secret, chair)

    committed = await transition(games, game_id, change)
    joined = committed.session
    assert joined is not None
    if joined.seat_of(player.user_id) is not None:
        log.info("%s sat down at game %s", player.user_id, game_id)
    if committed.step is not None and committed.step.started:
        log.info("game %s (%s) started", joined.id, joined.game_type)
    return joined


async def leave_game(games: LiveGames, player: Identity, game_id: str) -> LiveGame:
    """A seated player leaves: before the match the seat frees, during it a computer player
    takes it over (and the match no longer counts for ratings). Nothing happens to a player
    who does not sit there, nor once the match is over."""

    def change(session: LiveGame | None, state: Any, now: float) -> steps.Step | None:
        if session is None:
            raise NotFound("no such game")
        return steps.leave(session, player.user_id, state, computer_player(HANDOVER_LEVEL), now)

    committed = await transition(games, game_id, change)
    left = committed.session
    assert left is not None
    if committed.step is not None:
        how = "handed the seat to a computer player" if left.phase == Phase.PLAYING else "left"
        log.info("%s %s at game %s", player.user_id, how, game_id)
    return left


async def preview(
    games: LiveGames, raw_code: str, client: str | None = None, limiter: FailureLimiter | None = None
) -> JSON:
    session = await _find_by_code(games, raw_code, _guessers(None, client), limiter)
    return lobby_summary(games.registry.get(session.game_type), session)
