"""The tail of every state change: CAS save, reschedule deadlines, notify — one atomic commit.

The commit that ends a match schedules its recording (the outbox entry) in
the same atomic step; the recording then runs inline, and if this task is
cancelled or the database is down, a deadline worker records it later.

The compare-and-set on ``version`` is what guarantees that a stale writer
(one that read an older version, with or without a lock) cannot overwrite a
newer state: it gets ``Conflict`` and may retry on the fresh state.
"""

from __future__ import annotations

import logging
from typing import Any

from application.bot_turns import bot_deadline
from application.platform import Platform
from application.ports import ScheduledDeadline, StorageUnavailable
from application.record_match import record_deadline, record_if_finished
from domain.engine import GameEngine
from domain.errors import Conflict
from domain.session import GameSession

log = logging.getLogger(__name__)


async def commit(
    platform: Platform, before: GameSession, after: GameSession, engine: GameEngine, state: Any
) -> GameSession:
    ends_match = after.phase == "finished" and before.phase != "finished"
    if ends_match:
        scheduled = [record_deadline(after, platform.clock.now())]  # the outbox entry of the result
    else:
        scheduled = [ScheduledDeadline(after.id, d.token, d.due) for d in engine.deadlines(state)]
        scheduled += bot_deadline(platform, after, engine, state)
    if not await platform.commits.commit(after, before.version, scheduled):
        log.debug("game %s moved on past version %d; change dropped", before.id, before.version)
        raise Conflict("the game moved on meanwhile; refresh and try again")
    platform.live.remember(after, state)
    if ends_match:
        result = engine.result(state)
        log.info(
            "game %s (%s) finished: winner %s, scores %s",
            after.id,
            after.game_type,
            None if result is None else result.winner,
            None if result is None else dict(result.scores),
        )
        try:
            return await record_if_finished(platform, after)
        except StorageUnavailable as error:
            log.warning("recording match %s postponed, the database is unavailable: %s", after.id, error)
    return after
