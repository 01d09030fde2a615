"""Fires due deadlines (turn and hand-end timeouts, computer players, result recording).

Every process runs one worker, independently of any connection. Delivery is
at-least-once: each deadline goes through the one transition path, whose step
changes nothing once the deadline is stale (its token names the situation it
was made for), so a repeated firing is harmless; a lost race is retried there
on the fresh state. The deadlines of one claim fire concurrently (they belong
to different games or are checked by their tokens), so one slow game does
not delay the others. A deadline that fails for any reason stays claimed and
comes back when its lease expires.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from application.playing import computer_players
from application.playing.live_games import LiveGames
from application.playing.schedule import BOT_TOKEN, RECORD_TOKEN
from application.playing.transition import Change, transition
from application.ports import ClaimedDeadline, DeadlineQueue, StorageUnavailable
from application.results.recording import record_if_finished, settle
from domain import steps
from domain.errors import TavoloError
from domain.live_game import LiveGame

log = logging.getLogger(__name__)

CLAIM_BATCH = 64
LEASE_SECONDS = 5.0


async def fire_one(games: LiveGames, claimed: ClaimedDeadline) -> bool:
    """Fire one claimed deadline; ``True`` if the game changed."""
    if claimed.token == RECORD_TOKEN:
        session = await games.store.get(claimed.game_id)
        return session is not None and (await record_if_finished(games, session)) is not session
    change = (
        await computer_players.next_move(games, claimed.game_id, claimed.token)
        if claimed.token.startswith(BOT_TOKEN)
        else _timeout(games, claimed.token)
    )
    committed = await transition(games, claimed.game_id, change)
    if committed.step is None:
        log.debug("deadline %s of game %s was stale", claimed.token, claimed.game_id)
        return False
    lateness = games.clock.now() - claimed.due
    log.info(
        "deadline %s fired for game %s, %.3fs after its due time", claimed.token, claimed.game_id, lateness
    )
    games.metrics.deadline_fired(committed.step.session.game_type, lateness)
    await settle(games, committed)
    return True


def _timeout(games: LiveGames, token: str) -> Change:
    def change(session: LiveGame | None, state: Any, now: float) -> steps.Step | None:
        if session is None:
            return None
        return steps.fire(session, games.registry.get(session.game_type), state, token, now)

    return change


async def _fire_and_complete(games: LiveGames, queue: DeadlineQueue, claimed: ClaimedDeadline) -> None:
    try:
        await fire_one(games, claimed)
        await queue.complete(claimed)
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


async def fire_due(games: LiveGames, queue: DeadlineQueue) -> int:
    """Claim and fire what is due now; returns how many deadlines were handled."""
    claimed = await queue.claim_due(CLAIM_BATCH, LEASE_SECONDS)
    if claimed:
        await asyncio.gather(*(_fire_and_complete(games, queue, item) for item in claimed))
    return len(claimed)


async def run_deadline_worker(games: LiveGames, queue: DeadlineQueue, heartbeat_seconds: float) -> None:
    """Loop forever: fire what is due, then sleep until the next due time,
    a newly scheduled deadline, or the heartbeat, whichever comes first."""
    log.info("deadline worker started (heartbeat %.3fs)", heartbeat_seconds)
    while True:
        try:
            if await fire_due(games, queue):
                continue
            next_due = await queue.next_due()
            pause = heartbeat_seconds
            if next_due is not None:
                pause = min(pause, max(0.0, next_due - games.clock.now()))
            await queue.wait(pause)
        except asyncio.CancelledError:
            log.info("deadline worker stopped")
            raise
        except StorageUnavailable as error:
            log.warning("deadline worker waiting for storage: %s", error)
            await asyncio.sleep(min(1.0, heartbeat_seconds))
        except Exception:
            log.exception("deadline worker failed; retrying")
            await asyncio.sleep(min(1.0, heartbeat_seconds))
