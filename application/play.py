"""Acting on a game: the one straight move path.

lock → load → engine → CAS save → reschedule deadlines → notify.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Mapping
from typing import Any

from application.commit import commit
from application.locking import game_lock
from application.platform import Platform
from domain.errors import Forbidden, GameNotStarted, GameOver, InvalidAction, NotFound, TavoloError
from domain.session import GameSession

log = logging.getLogger(__name__)


async def act(
    platform: Platform, game_id: str, user_id: str | None, action: Mapping[str, Any]
) -> GameSession:
    """Apply ``action`` for the caller's seat; rejected actions change nothing.
    How long it took is reported to ``platform.metrics``."""
    started = time.perf_counter()
    try:
        session = await _apply(platform, game_id, user_id, action)
    except TavoloError:
        platform.metrics.move_processed("unknown", time.perf_counter() - started, accepted=False)
        raise
    platform.metrics.move_processed(session.game_type, time.perf_counter() - started, accepted=True)
    return session


async def _apply(
    platform: Platform, game_id: str, user_id: str | None, action: Mapping[str, Any]
) -> GameSession:
    if not isinstance(action.get("action"), str):
        raise InvalidAction("a message needs an 'action' string")
    async with game_lock(platform, game_id):
        session = await platform.store.get(game_id)
        if session is None:
            raise NotFound("no such game")
        seat = session.seat_of(user_id)
        if seat is None:
            raise Forbidden("spectators cannot act on the game")
        if session.phase == "lobby" or session.state is None:
            raise GameNotStarted("the match has not started yet")
        if session.phase == "finished":
            raise GameOver("the match is over")
        engine = platform.registry.get(session.game_type)
        now = platform.clock.now()
        outcome = engine.apply(engine.load(session.state), seat, action, now, platform.rng_factory())
        if not outcome.changed:
            return session
        log.debug("game %s: seat %d did %s", game_id, seat, action.get("action"))
        after = session.advanced(engine.dump(outcome.state), now, engine.is_over(outcome.state))
        return await commit(platform, session, after, engine, outcome.state)
