"""A rematch: the same players, game and options again, each one chair on.

Every player of a finished match may ask for one (a ``rematch`` event each);
computer players always agree. The ask that completes the set names the new
table (``LiveGame.next_game``) in the same commit, so every connection on
the finished table — spectators too — learns where the players went; then
the new table is opened, full, with its match started. Opening it is
idempotent on that id: should the process die between the two commits, the
next ask (any player's, or a client that found the new table missing) opens it.
"""

from __future__ import annotations

import logging
import uuid
from typing import Any

from application.finding import table_opening
from application.identity.caller import Identity
from application.playing.computer_players import bot_level, computer_player
from application.playing.live_games import LiveGames
from application.playing.transition import transition
from domain import steps
from domain.errors import NotFound
from domain.live_game import LiveGame, Seat

log = logging.getLogger(__name__)


async def ask_rematch(games: LiveGames, player: Identity, game_id: str) -> LiveGame:
    """``player`` asks for a rematch of the finished match ``game_id``; returns the finished
    table as it stands after the ask (``next_game`` set once everyone asked)."""
    next_game = str(uuid.uuid4())  # the rematch's id, should this ask complete the set

    def change(session: LiveGame | None, state: Any, now: float) -> steps.Step | None:
        if session is None:
            raise NotFound("no such game")
        return steps.ask_rematch(session, player.user_id, next_game, now)

    committed = await transition(games, game_id, change)
    finished = committed.session
    assert finished is not None
    if committed.step is not None:
        log.info("%s asks for a rematch of game %s", player.user_id, game_id)
    if finished.next_game is not None:
        await open_rematch(games, finished)
    return finished


async def open_rematch(games: LiveGames, finished: LiveGame) -> LiveGame:
    """The rematch table of ``finished`` (opened now unless it is open already)."""
    assert finished.next_game is not None, "everyone asked for the rematch"
    game_id = finished.next_game
    seats = tuple(_for_chair(seat, chair) for chair, seat in enumerate(steps.rotated(finished.seats)))
    humans = [seat.user_id for seat in seats if seat is not None and not seat.bot]
    creator = finished.creator_id if finished.creator_id in humans else (humans[0] if humans else "")

    def layout(join_code: str) -> steps.NewTable:
        return steps.NewTable(
            id=game_id,
            game_type=finished.game_type,
            join_code=join_code,
            options=finished.options,
            seats=seats,
            creator_id=creator,
            public=False,
            rated=finished.rated,
            turn_seconds=finished.turn_seconds,
        )

    return await table_opening.open_new_table(games, game_id, layout, again=True)


def _for_chair(seat: Seat | None, chair: int) -> Seat | None:
    """A person keeps their seat record; a computer player becomes the one of its new chair."""
    if seat is None or not seat.bot:
        return seat
    return computer_player(bot_level(seat.user_id))(chair)
