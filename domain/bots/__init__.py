"""Computer players: pure strategies that decide from a seat's own view only.

A strategy never sees the engine state, only the dict ``engine.view(state, seat)``
returns for its seat, and draws any randomness from the ``random.Random`` it is given.
``strategy_for`` (in ``registry``) picks one by game type and level.
"""

from __future__ import annotations

from domain.bots.base import Strategy
from domain.bots.registry import LEVELS, Level, strategy_for

__all__ = ["LEVELS", "Level", "Strategy", "strategy_for"]
