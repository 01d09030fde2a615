"""The trick-taking games: briscola (2 and 4 players) and briscola chiamata (5 players).

They share card strength and points (``cards``), trick resolution (``trick``)
and dealing (``dealing``).
"""

from __future__ import annotations

from domain.engine import GameEngine
from domain.games.tricks.briscola import BriscolaEngine
from domain.games.tricks.chiamata import ChiamataEngine

BRISCOLA = BriscolaEngine(seats=2)
BRISCOLA_A_QUATTRO = BriscolaEngine(seats=4)
BRISCOLA_CHIAMATA = ChiamataEngine()

TRICK_ENGINES: tuple[GameEngine, ...] = (BRISCOLA, BRISCOLA_A_QUATTRO, BRISCOLA_CHIAMATA)

__all__ = [
    "BRISCOLA",
    "BRISCOLA_A_QUATTRO",
    "BRISCOLA_CHIAMATA",
    "TRICK_ENGINES",
    "BriscolaEngine",
    "ChiamataEngine",
]
