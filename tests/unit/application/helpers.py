from __future__ import annotations

from typing import Any

from application.identity import Identity
from application.lobby import create_game, join_game
from application.platform import Platform
from application.queries import snapshot
from domain.session import GameSession


async def started_game(
    platform: Platform, players: list[Identity], game_type: str = "scopone_scientifico", **options: Any
) -> GameSession:
    session = await create_game(platform, players[0], game_type, options)
    seats = platform.registry.get(game_type).seats
    for player in players[1:seats]:
        session = await join_game(platform, player, session.join_code)
    return session


async def player_on_turn(
    platform: Platform, game_id: str, players: list[Identity]
) -> tuple[Identity, dict[str, Any]]:
    for player in players:
        view = await snapshot(platform, game_id, player.user_id)
        if view.get("your_turn"):
            return player, view
    raise AssertionError("nobody is on turn")


def legal_play(view: dict[str, Any]) -> dict[str, Any]:
    move = view["legal_moves"][0]
    message: dict[str, Any] = {"action": "play", "card": move["card"]}
    if move["captures"]:
        message["capture"] = move["captures"][0]
    return message
