"""The rubamazzo tables the package offers: two, three and four players, each for themselves."""

from __future__ import annotations

from tavolo_rubamazzo.config import Variant
from tavolo_rubamazzo.engine import RubamazzoEngine

RUBAMAZZO = RubamazzoEngine(
    Variant(
        game_type="rubamazzo",
        name="Rubamazzo",
        description="Two players, three cards each and four on the table: capture a card of the same "
        "rank, or steal the opponent's whole pile when its top card matches yours; most cards wins.",
        seats=2,
    )
)

RUBAMAZZO_A_TRE = RubamazzoEngine(
    Variant(
        game_type="rubamazzo_a_tre",
        name="Rubamazzo a tre",
        description="Rubamazzo for three players, each for themselves: any opponent's pile may be stolen.",
        seats=3,
    )
)

RUBAMAZZO_A_QUATTRO = RubamazzoEngine(
    Variant(
        game_type="rubamazzo_a_quattro",
        name="Rubamazzo a quattro",
        description="Rubamazzo for four players, each for themselves: any opponent's pile may be stolen.",
        seats=4,
    )
)

ENGINES: tuple[RubamazzoEngine, ...] = (RUBAMAZZO, RUBAMAZZO_A_TRE, RUBAMAZZO_A_QUATTRO)
