"""The fishing games: scopone scientifico, scopa and scopa a quattro, on one shared engine."""

from __future__ import annotations

from domain.games.fishing.engine import FishingEngine
from domain.games.fishing.variants import FISHING_ENGINES, SCOPA, SCOPA_A_QUATTRO, SCOPONE

__all__ = ["FISHING_ENGINES", "SCOPA", "SCOPA_A_QUATTRO", "SCOPONE", "FishingEngine"]
