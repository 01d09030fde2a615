"""Recording a finished match exactly once, retried until the database has it.

The repository's insert is idempotent on the game id, and the session's
``result_recorded`` flag is set only after it succeeded; a crash between the
two just records again, harmlessly. While the database is unreachable the
recording is retried through the deadline queue, so no result is ever lost.
"""

from __future__ import annotations

import logging

from application.platform import Platform
from application.ports import ScheduledDeadline, StorageUnavailable
from application.records import FinishedMatch, Participant
from domain.engine import GameEngine
from domain.session import GameSession

log = logging.getLogger(__name__)

RECORD_TOKEN = "record"
RETRY_SECONDS = 5.0


def finished_match(session: GameSession, engine: GameEngine) -> FinishedMatch | None:
    if session.state is None:
        return None
    result = engine.result(engine.load(session.state))
    if result is None:
        return None
    participants = []
    for player in result.players:
        seat = session.seats[player.seat]
        assert seat is not None, "a finished match has every seat taken"
        participants.append(
            Participant(
                user_id=seat.user_id,
                name=seat.name,
                seat=player.seat,
                team=player.team,
                won=player.won,
                points=player.points,
                details={**dict(player.details), "bot": True} if seat.bot else dict(player.details),
            )
        )
    sides = {
        label: tuple(seat.user_id for index in seats if (seat := session.seats[index]) is not None)
        for label, seats in result.sides.items()
    }
    return FinishedMatch(
        id=session.id,
        game_type=session.game_type,
        started_at=session.started_at or session.created_at,
        finished_at=session.finished_at or session.updated_at,
        result={**dict(result.details), "scores": dict(result.scores), "winner": result.winner},
        participants=tuple(participants),
        sides=sides,
        winner=result.winner,
    )


async def record_if_finished(platform: Platform, session: GameSession) -> GameSession:
    """Store the result of a finished, unrecorded match; call with the game lock held.

    Returns the session as saved (flag set), or unchanged when there was nothing
    to do or the database is unreachable (a retry is then scheduled).
    """
    if session.phase != "finished" or session.result_recorded:
        return session
    engine = platform.registry.get(session.game_type)
    match = finished_match(session, engine)
    if match is None:
        return session
    try:
        inserted = await platform.matches.record(match)
    except StorageUnavailable as error:
        retry_at = platform.clock.now() + RETRY_SECONDS
        log.warning("recording match %s failed (%s); retrying in %.0fs", session.id, error, RETRY_SECONDS)
        await platform.deadlines.replace(session.id, [ScheduledDeadline(session.id, RECORD_TOKEN, retry_at)])
        return session
    log.info("match %s recorded%s", session.id, "" if inserted else " (already there)")
    marked = session.marked_recorded()
    if not await platform.store.save(marked, expected_version=session.version):
        log.warning(
            "match %s recorded, but its flag could not be set; it will not be counted twice", session.id
        )
        return session
    await platform.deadlines.replace(session.id, [])
    return marked
