"""What a recorded arena game adds: the games kept for good, each player's live score, and a
place in the pool again for those still playing.

Recording a finished match is at-least-once (``application.results.recording``): the commit that
ends it leaves "record this result" pending until a recording succeeds. An arena game's
recording calls ``ArenaScoring.recorded`` before it marks the match recorded, so its points
ride on that same outbox: every step here is idempotent (the games are kept once per game and
player, a score from fewer games never replaces one from more, unseating twice does nothing),
and a failure leaves the entry pending for the next try.

A player's score is worked out again from all their recorded games of the arena, in the order
they started (``domain.arenas.scoring.sheet_of``), so it equals a recomputation from the record
whatever order the recordings came in.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping

from application.arenas.context import ArenaContext
from application.arenas.entry import player_rating
from application.arenas.records import LiveScore, PlayedGame, Pooled
from application.results.archive import FinishedMatch, MatchSummary
from domain.arenas.scoring import outcome_for, sheet_of
from domain.elo import START_RATING
from domain.live_game import LiveGame

log = logging.getLogger(__name__)


def played_games(session: LiveGame, match: FinishedMatch, summary: MatchSummary | None) -> list[PlayedGame]:
    """Each player's side of the arena game ``session`` (recorded as ``match``; ``summary``: as the
    history holds it, for the ratings before it)."""
    assert session.arena is not None, "only an arena game is scored in its arena"
    before: Mapping[str, int] = {
        p.user_id: p.rating_before
        for p in (summary.participants if summary else ())
        if p.rating_before is not None
    }
    side_of = {user_id: label for label, members in match.sides.items() for user_id in members}
    top = max(match.result.get("scores", {}).values(), default=None)
    tied = [label for label, score in match.result.get("scores", {}).items() if score == top]
    games = []
    for participant in match.participants:
        side = side_of.get(participant.user_id, participant.team or "")
        others = [u for u, label in side_of.items() if label != side]
        opponent_rating = sum(before.get(u, START_RATING) for u in others) / max(1, len(others))
        games.append(
            PlayedGame(
                arena_id=session.arena,
                game_id=session.id,
                user_id=participant.user_id,
                outcome=outcome_for(side, match.winner, tied if len(match.sides) > 2 else ()),
                berserk=participant.seat in session.berserk,
                opponent_rating=opponent_rating,
                started_at=match.started_at,
                finished_at=match.finished_at,
            )
        )
    return games


class ArenaScoring:
    """Called by the recording of every finished arena game (``LiveGames.arena_scoring``)."""

    def __init__(self, context: ArenaContext) -> None:
        self._context = context

    async def recorded(self, session: LiveGame, match: FinishedMatch, summary: MatchSummary | None) -> None:
        context = self._context
        arena_id = session.arena
        if arena_id is None:
            return
        played = played_games(session, match, summary)
        await context.arenas.record_games(played)
        for game in played:
            await self._post(arena_id, game.user_id)
        await context.live.unseat(arena_id, session.id)
        arena = await context.arenas.get(arena_id)
        now = context.games.clock.now()
        if arena is not None and now < arena.ends_at:
            await self._back_to_the_pool(arena_id, arena.game_type, session, now)
        log.info("arena %s: game %s scored for %d player(s)", arena_id, session.id, len(played))
        await context.notices.announce(arena_id)

    async def _post(self, arena_id: str, user_id: str) -> None:
        own = await self._context.arenas.games(arena_id, user_id)
        sheet = sheet_of(game.scored() for game in own)
        score = LiveScore(user_id, sheet.points, sheet.performance, sheet.games, sheet.on_fire)
        await self._context.live.post(arena_id, score)

    async def _back_to_the_pool(self, arena_id: str, game_type: str, session: LiveGame, now: float) -> None:
        away = await self._context.live.away(arena_id)
        players = [
            (index, seat) for index, seat in enumerate(session.seats) if seat is not None and not seat.bot
        ]
        everyone = frozenset(seat.user_id for _, seat in players)
        for index, seat in players:
            if seat.user_id in away:
                continue
            entry = Pooled(
                user_id=seat.user_id,
                name=seat.name,
                rating=await player_rating(self._context, seat.user_id, game_type),
                since=now,
                berserk=index in session.berserk,
                last_table=everyone - {seat.user_id},
            )
            await self._context.live.wait(arena_id, entry)
