"""Recording a finished match exactly once, whatever happens after its last move.

A finished match is an outbox entry: the commit that ends it also schedules
the ``record`` deadline (``application.playing.schedule``), so from that instant the result
is durably pending in the deadline queue. Whoever records it — the writer of
the last move, inline, or any process's deadline worker — inserts it
(idempotent on the game id), with its match record — the match's log
replayed into one verifiable document (``domain.match_record``), worked out
in a thread so that the event loop is not held up — in the same transaction,
and then sets the session's ``result_recorded`` flag in a commit that also
clears the entry. A cancelled task, a killed process or a down database
therefore only delays the recording: the entry stays pending until a recording
succeeds. An arena game is scored in its arena (``LiveGames.arena_scoring``) on
the way, before the mark, so its points ride on the same entry.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from typing import Any

from application.playing.live_games import LiveGames
from application.playing.transition import Change, Committed, transition
from application.ports import StorageUnavailable
from application.results.archive import FinishedMatch, MatchSummary, Participant
from domain.engine import JSON, GameEngine
from domain.live_game import LiveGame, Phase, RatingChange
from domain.match_log import Logged
from domain.match_record import Unrecordable, build_record
from domain.steps import Step, mark_recorded

log = logging.getLogger(__name__)


def finished_match(
    session: LiveGame, engine: GameEngine, logged: Sequence[Logged] = ()
) -> FinishedMatch | None:
    """What the history keeps of the finished match ``session``, with its record made from its
    ``logged`` changes (none for a match that started before matches kept records)."""
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
        rated=session.counts_for_rating,
        record=_record(session, engine, logged),
    )


def _record(session: LiveGame, engine: GameEngine, logged: Sequence[Logged]) -> JSON | None:
    try:
        return build_record(session, engine, logged)
    except Unrecordable as unrecordable:
        if unrecordable.fault:
            log.error("match %s gets no record: %s", session.id, unrecordable)
        else:
            log.info("match %s gets no record: %s", session.id, unrecordable)
        return None


async def record_if_finished(games: LiveGames, session: LiveGame) -> LiveGame:
    """Store the result of a finished, unrecorded match, then mark it recorded.

    Returns the session as it is once marked (or unchanged when there was
    nothing to do). Raises ``StorageUnavailable`` when the database cannot be
    reached: the outbox entry stays pending and a deadline worker tries again.
    Safe to run concurrently and repeatedly: the repository records a game id
    once, and the mark is a transition like any other (announced, and a no-op
    once made).
    """
    if session.phase != Phase.FINISHED or session.result_recorded:
        return session
    engine = games.registry.get(session.game_type)
    logged = await games.store.log(session.id)
    # The record replays the whole match: 39 ms of CPU for a match of scopone to 100 points (1,501
    # steps) on the 2-core VM. In a thread, the event loop goes on serving every other table
    # meanwhile (``finished_match`` is pure).
    match = await asyncio.to_thread(finished_match, session, engine, logged)
    if match is None:
        return session
    inserted = await games.matches.record(match)
    log.info(
        "%s match %s recorded%s",
        "rated" if match.rated else "casual",
        session.id,
        "" if inserted else " (already there)",
    )
    summary = await games.matches.match(match.id) if match.rated or session.arena else None
    ratings = _rating_changes(summary) if match.rated else ()
    if session.arena is not None and games.arena_scoring is not None:
        await games.arena_scoring.recorded(session, match, summary)
    committed = await transition(games, session.id, _marking(ratings))
    return committed.session or session


def _rating_changes(recorded: MatchSummary | None) -> tuple[RatingChange, ...]:
    """Each seat's rating before and after the match, as the match history holds them."""
    if recorded is None:
        return ()
    return tuple(
        RatingChange(p.seat, p.rating_before, after)
        for p in sorted(recorded.participants, key=lambda p: p.seat)
        if p.rating_before is not None and (after := p.rating_after) is not None
    )


async def settle(games: LiveGames, committed: Committed) -> LiveGame | None:
    """After a change: if it ended the match, record the result now.

    The recording runs on as a task of its own when the caller is cancelled: the last mover's
    socket closes as the match ends (a player leaves on the final score, and Sanic cancels the
    socket's task), and the result should not wait for the outbox's retry for that. The outbox
    entry the commit left still covers a killed process or an outage from here on.
    """
    step = committed.step
    if step is None or step.session.phase != Phase.FINISHED or step.session.result_recorded:
        return committed.session
    ended = step.session
    result = games.registry.get(ended.game_type).result(step.state) if step.state is not None else None
    log.info(
        "game %s (%s) finished: winner %s, scores %s",
        ended.id,
        ended.game_type,
        None if result is None else result.winner,
        None if result is None else dict(result.scores),
    )
    recording = asyncio.create_task(_record_now(games, ended), name=f"tavolo-record-{ended.id}")
    _recording.add(recording)
    recording.add_done_callback(_recorded)
    return await asyncio.shield(recording)


_recording: set[asyncio.Task[LiveGame]] = set()
"""The recordings under way: a task lives while it runs, whoever stopped waiting for it."""


async def _record_now(games: LiveGames, ended: LiveGame) -> LiveGame:
    try:
        return await record_if_finished(games, ended)
    except StorageUnavailable as error:
        log.warning("recording match %s postponed, the database is unavailable: %s", ended.id, error)
        return ended


def _recorded(recording: asyncio.Task[LiveGame]) -> None:
    _recording.discard(recording)
    if not recording.cancelled() and (error := recording.exception()) is not None:
        log.warning("%s failed (%r); the match's outbox entry tries again", recording.get_name(), error)


def _marking(ratings: tuple[RatingChange, ...]) -> Change:
    def mark(session: LiveGame | None, state: Any, now: float) -> Step | None:
        return None if session is None else mark_recorded(session, state, ratings)

    return mark
