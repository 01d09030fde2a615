"""Fires due deadlines (turn and hand-end timeouts) independently of any connection.

Every process runs one worker. Delivery is at-least-once: the engine checks
the deadline's token against the live state, so a repeated firing changes
nothing. Firing takes no lock: like a move, it commits with a compare-and-set
and, when a move got in first, looks again at the state the store holds now.
The deadlines of one claim fire concurrently (they belong to different games
or are checked by their tokens), so one slow game does not delay the others.
"""

from __future__ import annotations

import asyncio
import logging

from application.bot_turns import BOT_TOKEN, bot_action
from application.commit import commit
from application.platform import Platform
from application.ports import ClaimedDeadline, StorageUnavailable
from application.record_match import RECORD_TOKEN, record_if_finished
from domain.errors import Conflict, TavoloError

log = logging.getLogger(__name__)

CLAIM_BATCH = 64
LEASE_SECONDS = 5.0
MAX_ATTEMPTS = 8


async def fire_one(platform: Platform, claimed: ClaimedDeadline) -> bool:
    """Fire one claimed deadline; ``True`` if the game changed."""
    for _ in range(MAX_ATTEMPTS):
        try:
            return await _fire(platform, claimed)
        except Conflict:
            log.debug("deadline %s of game %s raced a move; looking again", claimed.token, claimed.game_id)
    raise Conflict("the game is busy")


async def _fire(platform: Platform, claimed: ClaimedDeadline) -> bool:
    session = await platform.store.get(claimed.game_id)
    if session is not None and claimed.token == RECORD_TOKEN:
        return (await record_if_finished(platform, session)) is not session
    if session is None or session.phase != "playing" or session.state is None:
        return False
    engine = platform.registry.get(session.game_type)
    now = platform.clock.now()
    state = platform.live.state_of(session, engine)
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


async def _fire_and_complete(platform: Platform, claimed: ClaimedDeadline) -> None:
    """Fire and complete one claim. A failure leaves it claimed: its lease expires
    and it comes back (at-least-once), so nothing is ever dropped here."""
    try:
        await fire_one(platform, claimed)
        await platform.deadlines.complete(claimed)
    except TavoloError as error:  # a lost race too many times
        log.info("deadline %s of game %s postponed: %s", claimed.token, claimed.game_id, error.code)
    except StorageUnavailable as error:
        log.warning(
            "deadline %s of game %s postponed, storage unavailable: %s", claimed.token, claimed.game_id, error
        )
    except Exception:
        log.exception(
            "deadline %s of game %s failed; it comes back when its lease expires",
            claimed.token,
            claimed.game_id,
        )


async def fire_due(platform: Platform) -> int:
    """Claim and fire what is due now; returns how many deadlines were handled."""
    claimed = await platform.deadlines.claim_due(CLAIM_BATCH, LEASE_SECONDS)
    if claimed:
        await asyncio.gather(*(_fire_and_complete(platform, item) for item in claimed))
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
        except StorageUnavailable as error:
            log.warning("deadline worker waiting for storage: %s", error)
            await asyncio.sleep(min(1.0, heartbeat_seconds))
        except Exception:
            log.exception("deadline worker failed; retrying")
            await asyncio.sleep(min(1.0, heartbeat_seconds))
