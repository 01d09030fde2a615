"""The three fishing games the platform hosts."""

from __future__ import annotations

from domain.games.fishing.config import Variant
from domain.games.fishing.engine import FishingEngine

SCOPONE_SCIENTIFICO = Variant(
    game_type="scopone_scientifico",
    name="Scopone scientifico",
    description="Four players in two partnerships, ten cards each and an empty table; "
    "capture by equal rank or by sum, sweep the table for a scopa.",
    seats=4,
    hand_size=10,
    table_size=0,
    default_target=21,
    has_napola=True,
)

SCOPA_A_DUE = Variant(
    game_type="scopa",
    name="Scopa",
    description="Two players, three cards each and four on the table, dealt again until the deck runs out.",
    seats=2,
    hand_size=3,
    table_size=4,
    default_target=11,
    has_napola=False,
)

SCOPA_QUATTRO = Variant(
    game_type="scopa_a_quattro",
    name="Scopa a quattro",
    description="Scopa for four players in two partnerships, partners sitting opposite.",
    seats=4,
    hand_size=3,
    table_size=4,
    default_target=21,
    has_napola=False,
)

SCOPONE = FishingEngine(SCOPONE_SCIENTIFICO)
SCOPA = FishingEngine(SCOPA_A_DUE)
SCOPA_A_QUATTRO = FishingEngine(SCOPA_QUATTRO)

FISHING_ENGINES: tuple[FishingEngine, ...] = (SCOPONE, SCOPA, SCOPA_A_QUATTRO)
