"""Scripted players: each reads its frames and plays the first legal move on its turn."""

from __future__ import annotations

import asyncio
from typing import Any

from tests.integration.server import Socket


def first_legal_move(game: dict[str, Any]) -> dict[str, Any]:
    """The first of the seat's legal moves: each is a complete action, sent as it is."""
    return dict(game["legal_moves"][0])


async def play_until_game_over(socket: Socket, timeout: float = 60.0) -> dict[str, Any]:
    """Answer every turn and every hand-end summary until ``game_over`` arrives."""
    acted_version = 0
    acked_hands: set[Any] = set()
    sent: dict[str, Any] | None = None
    while True:
        frame = await socket.receive(timeout)
        if frame["type"] == "game_over":
            return frame
        if frame["type"] == "error" and frame["code"] == "busy" and sent is not None:
            await asyncio.sleep(frame["retry_after_ms"] / 1000)  # as a client must: the same move again
            await socket.send(sent)
            continue
        if frame["type"] != "state":
            continue
        game = frame["game"]
        if game["version"] <= acted_version:
            continue
        sent = None
        if game.get("phase") == "hand_end" and game["seat"] not in game.get("acknowledged", []):
            hand = game["hand_number"]
            if hand not in acked_hands:
                acked_hands.add(hand)
                acted_version = game["version"]
                sent = {"action": "ack"}
        elif game.get("your_turn"):
            acted_version = game["version"]
            sent = first_legal_move(game)
        if sent is not None:
            await socket.send(sent)


async def watch_until_game_over(socket: Socket, timeout: float = 60.0) -> dict[str, Any]:
    return await socket.until(lambda frame: frame["type"] == "game_over", timeout)
