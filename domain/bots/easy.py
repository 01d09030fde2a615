"""The easy level: a random legal move, whatever the game.

It reads the three shapes of ``legal_moves``: fishing entries
(``{"card", "captures": [[...]], "sweep"}``), card codes (briscola and chiamata
play) and action objects (the chiamata auction and call). Like the engines' own
timeout moves it first picks a card (or an action kind), then one way to play it,
so a card with many captures is not favoured.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from domain.bots.base import ACK, Action, legal_moves, must_ack


def fishing_play(card: str, capture: list[str]) -> Action:
    return {"action": "play", "card": card, "capture": list(capture)}


class EasyStrategy:
    """A random legal move, for every game family."""

    def decide(self, view: Mapping[str, Any], rng: random.Random) -> Action:
        if must_ack(view):
            return dict(ACK)
        moves = legal_moves(view)
        first = moves[0]
        if isinstance(first, str):
            return {"action": "play", "card": rng.choice(sorted(moves))}
        if "captures" in first:
            entry = rng.choice(moves)
            captures = entry["captures"]
            return fishing_play(entry["card"], rng.choice(captures) if captures else [])
        kinds = sorted({move["action"] for move in moves})
        kind = rng.choice(kinds)
        return dict(rng.choice([move for move in moves if move["action"] == kind]))
