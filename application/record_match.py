"""Recording a finished match exactly once, whatever happens after its last move.

A finished match is an outbox entry: the commit that ends it also schedules
the ``record`` deadline (``record_deadline``), so from that instant the result
is durably pending in the deadline queue. Whoever records it — the writer of
the last move, inline, or any process's deadline worker — inserts it
(idempotent on the game id) and then sets the session's ``result_recorded``
flag in a commit that also clears the entry. A cancelled task, a killed
process or a down database therefore only delays the recording: the entry
stays pending until a recording succeeds.
"""

from __future__ import annotations

import logging

from application.platform import Platform
from application.ports import ScheduledDeadline
from application.records import FinishedMatch, Participant
from domain.engine import GameEngine
from domain.session import GameSession

log = logging.getLogger(__name__)

RECORD_TOKEN = "record"
RECORD_GRACE_SECONDS = 1.0
MARK_ATTEMPTS = 4


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


def record_deadline(session: GameSession, now: float) -> ScheduledDeadline:
    """The outbox entry of a match that just ended: "record this result".

    The commit that ends the match schedules it in the same atomic step, so the
    result is durably pending before anybody learns the match is over. It is due
    a moment later, which leaves the recording to the writer of the last move
    when all goes well; when that writer is cancelled, killed or meets a down
    database, any process's deadline worker records it instead."""
    return ScheduledDeadline(session.id, RECORD_TOKEN, now + RECORD_GRACE_SECONDS)


async def record_if_finished(platform: Platform, session: GameSession) -> GameSession:
    """Store the result of a finished, unrecorded match, then mark it recorded.

    Returns the session as it is once marked (or unchanged when there was
    nothing to do). Raises ``StorageUnavailable`` when the database cannot be
    reached: the outbox entry stays pending and a deadline worker tries again.
    Safe to run concurrently and repeatedly: the repository records a game id
    once, and the mark is a compare-and-set.
    """
    if session.phase != "finished" or session.result_recorded:
        return session
    engine = platform.registry.get(session.game_type)
    match = finished_match(session, engine)
    if match is None:
        return session
    inserted = await platform.matches.record(match)
    log.info("match %s recorded%s", session.id, "" if inserted else " (already there)")
    return await _mark_recorded(platform, session)


async def _mark_recorded(platform: Platform, session: GameSession) -> GameSession:
    """Set the flag and clear the outbox entry in one commit, announced like any change."""
    for _ in range(MARK_ATTEMPTS):
        marked = session.marked_recorded()
        if await platform.commits.commit(marked, session.version, ()):
            platform.live.remember(marked)
            return marked
        fresh = await platform.store.get(session.id)
        if fresh is None or fresh.result_recorded:
            return session if fresh is None else fresh
        session = fresh
    log.warning("match %s recorded, but its flag could not be set; it will not be counted twice", session.id)
    return session
