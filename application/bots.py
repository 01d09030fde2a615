"""Computer players: seated in the lobby by the table's creator, moved by deadlines.

A bot's move is a short deadline (``bot:<version>``) scheduled whenever a bot
seat must act — its turn, or a hand summary to dismiss — so bots play with
every human disconnected and on any worker. The strategy sees only the bot
seat's own view, exactly what a human in that chair would see.
"""

from __future__ import annotations

import logging

from application.bot_turns import bot_user_id
from application.identity import Identity
from application.locking import game_lock
from application.platform import Platform
from application.seating import seat_player
from domain.bots.registry import LEVELS, Level
from domain.errors import Conflict, Forbidden, GameFull, IllegalMove, InvalidAction, NotFound
from domain.session import GameSession, Seat

log = logging.getLogger(__name__)


def _check_level(level: object) -> Level:
    for known in LEVELS:
        if level == known:
            return known
    raise InvalidAction(f"a bot level is one of: {', '.join(LEVELS)}")


async def add_bot(platform: Platform, user: Identity, game_id: str, raw_level: object) -> GameSession:
    """Seat a bot in the first free chair; the last chair starts the match."""
    level = _check_level(raw_level)
    async with game_lock(platform, game_id):
        session = await _creators_lobby(platform, user, game_id)
        seat = session.seats.index(None) if None in session.seats else 0
        name = f"{level.capitalize()} bot {seat + 1}"
        log.info("a %s bot joins game %s", level, game_id)
        return await seat_player(platform, session, Seat(bot_user_id(level, seat), name, bot=True))


async def remove_bot(platform: Platform, user: Identity, game_id: str, seat: int) -> GameSession:
    async with game_lock(platform, game_id):
        session = await _creators_lobby(platform, user, game_id, need_free_seat=False)
        if not 0 <= seat < len(session.seats) or (chair := session.seats[seat]) is None or not chair.bot:
            raise InvalidAction("there is no bot in that seat")
        seats = tuple(None if index == seat else s for index, s in enumerate(session.seats))
        after = _replace_seats(session, seats, platform.clock.now())
        if not await platform.commits.commit(after, session.version, ()):
            raise Conflict("the table changed meanwhile; try again")
        return after


def _replace_seats(session: GameSession, seats: tuple[Seat | None, ...], now: float) -> GameSession:
    from dataclasses import replace

    return replace(session, seats=seats, updated_at=now, version=session.version + 1)


async def _creators_lobby(
    platform: Platform, user: Identity, game_id: str, need_free_seat: bool = True
) -> GameSession:
    session = await platform.store.get(game_id)
    if session is None:
        raise NotFound("no such game")
    if session.creator_id != user.user_id:
        raise Forbidden("only the table's creator seats or removes bots")
    if session.phase != "lobby":
        raise IllegalMove("bots join before the match starts")
    if need_free_seat and session.seats_open == 0:
        raise GameFull("every seat at this table is taken")
    return session
