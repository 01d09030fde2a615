from __future__ import annotations

from typing import Any

from application.finding.lobby import create_game, join_game
from application.identity.caller import Identity
from application.playing.live_games import LiveGames
from application.playing.queries import snapshot
from domain.live_game import LiveGame


async def started_game(
    games: LiveGames, players: list[Identity], game_type: str = "scopone_scientifico", **options: Any
) -> LiveGame:
    session = await create_game(games, players[0], game_type, options)
    seats = games.registry.get(game_type).seats
    for player in players[1:seats]:
        session = await join_game(games, player, session.join_code)
    return session


async def player_on_turn(
    games: LiveGames, game_id: str, players: list[Identity]
) -> tuple[Identity, dict[str, Any]]:
    for player in players:
        view = await snapshot(games, game_id, player.user_id)
        if view.get("your_turn"):
            return player, view
    raise AssertionError("nobody is on turn")


def legal_play(view: dict[str, Any]) -> dict[str, Any]:
    """The first legal move of the view: each entry is a complete action, sent as it is."""
    return dict(view["legal_moves"][0])
