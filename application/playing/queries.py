"""Read-only use cases: a game's snapshot for the caller, the caller's live games."""

from __future__ import annotations

from application.playing.live_games import LiveGames
from application.playing.views import game_view, lobby_summary
from domain.engine import JSON
from domain.errors import NotFound
from domain.live_game import Phase


async def snapshot(games: LiveGames, game_id: str, user_id: str | None) -> JSON:
    session = await games.store.get(game_id)
    if session is None:
        raise NotFound("no such game")
    return game_view(games.registry, session, user_id)


async def my_games(games: LiveGames, user_id: str) -> list[JSON]:
    """The caller's live games (lobbies and matches under way), newest first."""
    sessions = await games.store.games_of(user_id)
    live = [s for s in sessions if s.phase != Phase.FINISHED]
    live.sort(key=lambda s: s.created_at, reverse=True)
    result = []
    for session in live:
        summary = lobby_summary(games.registry.get(session.game_type), session)
        summary["join_code"] = session.join_code
        summary["seat"] = session.seat_of(user_id)
        result.append(summary)
    return result
