"""A player's action on a game: the transition path with the engine's ``apply`` as its step.

How long it took is reported to ``LiveGames.metrics``; a refused action raises its
``TavoloError`` and changes nothing.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any

from application.playing.live_games import LiveGames
from application.playing.transition import Change, transition
from application.results.recording import settle
from domain import steps
from domain.errors import Forbidden, InvalidAction, NotFound, TavoloError
from domain.live_game import LiveGame


async def act(games: LiveGames, game_id: str, user_id: str | None, action: Mapping[str, Any]) -> LiveGame:
    """Apply ``action`` for the caller's seat. Returns the game as it stands after it
    (the same version when the action was accepted but changed nothing)."""
    started = time.perf_counter()
    try:
        if not isinstance(action.get("action"), str):
            raise InvalidAction("a message needs an 'action' string")
        committed = await transition(games, game_id, _acting(games, user_id, action))
        session = await settle(games, committed)
        assert session is not None, "a game that was acted on exists"
    except TavoloError:
        games.metrics.move_processed("unknown", time.perf_counter() - started, accepted=False)
        raise
    games.metrics.move_processed(session.game_type, time.perf_counter() - started, accepted=True)
    return session


def _acting(games: LiveGames, user_id: str | None, action: Mapping[str, Any]) -> Change:
    def change(session: LiveGame | None, state: Any, now: float) -> steps.Step | None:
        if session is None:
            raise NotFound("no such game")
        seat = session.seat_of(user_id)
        if seat is None:
            raise Forbidden("spectators cannot act on the game")
        return steps.act(session, games.registry.get(session.game_type), state, seat, action, now)

    return change
