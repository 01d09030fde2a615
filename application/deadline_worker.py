"""Fires due deadlines (turn and hand-end timeouts) independently of any connection.

Every process runs one worker. Delivery is at-least-once: the engine checks
the deadline's token against the live state, so a repeated firing changes nothing.
"""

from __future__ import annotations

import asyncio
import logging

from application.bot_turns import BOT_TOKEN, bot_action
from application.commit import commit
from application.locking import game_lock
from application.platform import Platform
from application.ports import ClaimedDeadline
from application.record_match import RECORD_TOKEN, record_if_finished
from domain.errors import TavoloError

log = logging.getLogger(__name__)

CLAIM_BATCH = 64
LEASE_SECONDS = 5.0


async def fire_one(platform: Platform, claimed: ClaimedDeadline) -> bool:
    """Fire one claimed deadline under the game lock; ``True`` if the game changed."""
    async with game_lock(platform, claimed.game_id):
        session = await platform.store.get(claimed.game_id)
        if session is not None and claimed.token == RECORD_TOKEN:
            return (await record_if_finished(platform, session)) is not session
        if session is None or session.phase != "playing" or session.state is None:
            return False
        engine = platform.registry.get(session.game_type)
        now = platform.clock.now()
        state = engine.load(session.state)
        if claimed.token.startswith(BOT_TOKEN):
            move = bot_action(platform, session, engine, state, claimed.token)
            if move is None:
                return False
            outcome = engine.apply(state, move[0], move[1], now, platform.rng_factory())
        else:
            outcome = engine.fire(state, claimed.token, now, platform.rng_factory())
        if not outcome.changed:
            log.debug("deadline %s of game %s was stale", claimed.token, claimed.game_id)
            return False
        log.info(
            "deadline %s fired for game %s, %.3fs after its due time",
            claimed.token,
            claimed.game_id,
            now - claimed.due,
        )
        after = session.advanced(engine.dump(outcome.state), now, engine.is_over(outcome.state))
        await commit(platform, session, after, engine, outcome.state)
        platform.metrics.deadline_fired(session.game_type, now - claimed.due)
        return True


async def fire_due(platform: Platform) -> int:
    """Claim and fire what is due now; returns how many deadlines were handled."""
    claimed = await platform.deadlines.claim_due(CLAIM_BATCH, LEASE_SECONDS)
    for item in claimed:
        try:
            await fire_one(platform, item)
        except TavoloError as error:
            # Busy lock or a lost race: the lease expires and the deadline comes back.
            log.info("deadline %s of game %s postponed: %s", item.token, item.game_id, error.code)
            continue
        await platform.deadlines.complete(item)
    return len(claimed)


async def run_deadline_worker(platform: Platform, heartbeat_seconds: float) -> None:
    """Loop forever: fire what is due, then sleep until the next due time,
    a newly scheduled deadline, or the heartbeat, whichever comes first."""
    log.info("deadline worker started (heartbeat %.3fs)", heartbeat_seconds)
    while True:
        try:
            if await fire_due(platform):
                continue
            next_due = await platform.deadlines.next_due()
            pause = heartbeat_seconds
            if next_due is not None:
                pause = min(pause, max(0.0, next_due - platform.clock.now()))
            await platform.deadlines.wait(pause)
        except asyncio.CancelledError:
            log.info("deadline worker stopped")
            raise
        except Exception:
            log.exception("deadline worker failed; retrying")
            await asyncio.sleep(min(1.0, heartbeat_seconds))
