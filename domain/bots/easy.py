"""The easy level: a random legal move, whatever the game.

Every entry of ``legal_moves`` is a complete action, so the bot sends one of them
as it is. Like the engines' own timeout moves it first picks a card (or, for an
action that names none — a bid, a pass —, the kind of action), then one way to
make it, so a card with many captures is not favoured.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from domain.bots.base import ACK, Action, Seen, legal_moves, must_ack


def choice_key(move: Action) -> str:
    """What the bot picks first: the card the action plays or calls, else its kind."""
    card = move.get("card")
    return card if isinstance(card, str) else str(move["action"])


class EasyStrategy:
    """A random legal move, for every game family."""

    def decide(self, view: Mapping[str, Any], rng: random.Random, seen: Seen = ()) -> Action:
        if must_ack(view):
            return dict(ACK)
        moves = legal_moves(view)
        key = rng.choice(sorted({choice_key(move) for move in moves}))
        return rng.choice([move for move in moves if choice_key(move) == key])
