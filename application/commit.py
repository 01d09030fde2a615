"""The tail of every state change: CAS save, reschedule deadlines, notify.

Called with the game lock held. The compare-and-set on ``version`` is what
guarantees that a writer whose lock expired cannot overwrite a newer state.
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
    if not await platform.store.save(after, expected_version=before.version):
        log.warning("game %s moved on past version %d; change dropped", before.id, before.version)
        raise Conflict("the game moved on meanwhile; refresh and try again")
    pending = () if after.phase == "finished" else engine.deadlines(state)
    scheduled = [ScheduledDeadline(after.id, d.token, d.due) for d in pending]
    await platform.deadlines.replace(after.id, scheduled + bot_deadline(platform, after, engine, state))
    await platform.notifier.publish(after.id, after.version)
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
