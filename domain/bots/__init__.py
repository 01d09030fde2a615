"""Computer players: pure strategies that decide from a seat's own view only.

A strategy never sees the engine state, only the dict ``engine.view(state, seat)``
returns for its seat, and draws any randomness from the ``random.Random`` it is given.
Each game package gives one per level (``levels``); ``easy`` (a random legal move) fits every game.
"""

from __future__ import annotations

from domain.bots.base import Strategy
from domain.bots.levels import LEVELS, Level

__all__ = ["LEVELS", "Level", "Strategy"]
