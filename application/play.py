"""Acting on a game: the one straight move path.

read (this process's latest copy, else the store) → engine → atomic commit
(CAS save + deadlines + announcement). No lock: the compare-and-set on the
version serialises writers, and a writer that lost the race retries on the
state the store holds now. A refusal computed on a cached copy is confirmed
against the store before it is answered, so a stale copy never refuses a
legal move.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Mapping
from typing import Any

from application.commit import commit
from application.platform import Platform
from domain.errors import (
    Conflict,
    Forbidden,
    GameNotStarted,
    GameOver,
    InvalidAction,
    NotFound,
    TavoloError,
)
from domain.session import GameSession

log = logging.getLogger(__name__)

MAX_ATTEMPTS = 8  # four players acknowledging a hand at once need at most four


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
    session = platform.live.session(game_id)
    from_store = session is None
    if session is None:
        session = await _stored(platform, game_id)
    for _ in range(MAX_ATTEMPTS):
        refusal: TavoloError | None = None
        try:
            return await _attempt(platform, session, user_id, action)
        except Conflict:
            pass  # another writer committed first
        except TavoloError as error:
            if from_store:
                raise
            refusal = error
        fresh = await _stored(platform, game_id)
        if refusal is not None and fresh.version == session.version:
            raise refusal
        session, from_store = fresh, True
    log.warning("game %s: a move lost the race %d times in a row", game_id, MAX_ATTEMPTS)
    raise Conflict("the game is busy, try again")


async def _stored(platform: Platform, game_id: str) -> GameSession:
    session = await platform.store.get(game_id)
    if session is None:
        raise NotFound("no such game")
    return session


async def _attempt(
    platform: Platform, session: GameSession, user_id: str | None, action: Mapping[str, Any]
) -> GameSession:
    seat = session.seat_of(user_id)
    if seat is None:
        raise Forbidden("spectators cannot act on the game")
    if session.phase == "lobby" or session.state is None:
        raise GameNotStarted("the match has not started yet")
    if session.phase == "finished":
        raise GameOver("the match is over")
    engine = platform.registry.get(session.game_type)
    now = platform.clock.now()
    state = platform.live.state_of(session, engine)
    outcome = engine.apply(state, seat, action, now, platform.rng_factory())
    if not outcome.changed:
        return session
    log.debug("game %s: seat %d did %s", session.id, seat, action.get("action"))
    after = session.advanced(engine.dump(outcome.state), now, engine.is_over(outcome.state))
    return await commit(platform, session, after, engine, outcome.state)
