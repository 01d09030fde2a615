"""The tail of every state change: CAS save, reschedule deadlines, notify — one atomic commit.

The compare-and-set on ``version`` is what guarantees that a stale writer
(one that read an older version, with or without a lock) cannot overwrite a
newer state: it gets ``Conflict`` and may retry on the fresh state.
"""

from __future__ import annotations

import logging
from typing import Any

from application.bot_turns import bot_deadline
from application.platform import Platform
from application.ports import ScheduledDeadline
from application.record_match import record_if_finished
from domain.engine import GameEngine
from domain.errors import Conflict
from domain.session import GameSession

log = logging.getLogger(__name__)


async def commit(
    platform: Platform, before: GameSession, after: GameSession, engine: GameEngine, state: Any
) -> GameSession:
    pending = () if after.phase == "finished" else engine.deadlines(state)
    scheduled = [ScheduledDeadline(after.id, d.token, d.due) for d in pending]
    scheduled += bot_deadline(platform, after, engine, state)
    if not await platform.commits.commit(after, before.version, scheduled):
        log.debug("game %s moved on past version %d; change dropped", before.id, before.version)
        raise Conflict("the game moved on meanwhile; refresh and try again")
    platform.live.remember(after, state)
    if after.phase == "finished" and before.phase != "finished":
        result = engine.result(state)
        log.info(
            "game %s (%s) finished: winner %s, scores %s",
            after.id,
            after.game_type,
            None if result is None else result.winner,
            None if result is None else dict(result.scores),
        )
        return await record_if_finished(platform, after)
    return after
