from __future__ import annotations

from typing import Any

from application.games import Games
from application.identity import Identity
from application.lobby import create_game, join_game
from application.queries import snapshot
from domain.session import GameSession


async def started_game(
    games: Games, players: list[Identity], game_type: str = "scopone_scientifico", **options: Any
) -> GameSession:
    session = await create_game(games, players[0], game_type, options)
    seats = games.registry.get(game_type).seats
    for player in players[1:seats]:
        session = await join_game(games, player, session.join_code)
    return session


async def player_on_turn(
    games: Games, game_id: str, players: list[Identity]
) -> tuple[Identity, dict[str, Any]]:
    for player in players:
        view = await snapshot(games, game_id, player.user_id)
        if view.get("your_turn"):
            return player, view
    raise AssertionError("nobody is on turn")


def legal_play(view: dict[str, Any]) -> dict[str, Any]:
    """The first legal move of the view: each entry is a complete action, sent as it is."""
    return dict(view["legal_moves"][0])
