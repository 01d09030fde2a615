"""Which strategy plays which game at which level."""

from __future__ import annotations

from typing import Literal, get_args

from domain.bots.base import Strategy
from domain.bots.briscola import BriscolaStrategy
from domain.bots.chiamata import ChiamataStrategy
from domain.bots.easy import EasyStrategy
from domain.bots.fishing import FishingStrategy

Level = Literal["easy", "normal"]
LEVELS: tuple[Level, ...] = get_args(Level)

_NORMAL: dict[str, Strategy] = {
    "scopa": FishingStrategy(),
    "scopa_a_quattro": FishingStrategy(),
    "scopone_scientifico": FishingStrategy(),
    "briscola": BriscolaStrategy(),
    "briscola_a_quattro": BriscolaStrategy(),
    "briscola_chiamata": ChiamataStrategy(),
}
_EASY: Strategy = EasyStrategy()


def strategy_for(game_type: str, level: Level) -> Strategy:
    """The bot for ``game_type`` at ``level``; ``ValueError`` for an unknown game or level."""
    if game_type not in _NORMAL:
        raise ValueError(f"no bot plays {game_type!r}")
    if level == "easy":
        return _EASY
    if level == "normal":
        return _NORMAL[game_type]
    raise ValueError(f"unknown bot level {level!r}; expected one of {', '.join(LEVELS)}")
