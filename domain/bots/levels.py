"""The levels a computer player plays at: every game package gives one strategy for each."""

from __future__ import annotations

from typing import Literal, get_args

Level = Literal["easy", "normal", "hard"]
LEVELS: tuple[Level, ...] = get_args(Level)

SEARCHING: frozenset[str] = frozenset({"hard"})
"""The levels whose computer players search: each move costs up to about a second of CPU, so it is
worked out away from the web workers' event loops (``domain.bots.thinking``). The others decide in
microseconds, where the move is applied, but for a level a package declares remembering
(``GameVariant.remembering``), which is asked away too (``EngineRegistry.thinks_away``)."""

QUICK_MATCH_LEVEL: Level = "normal"
"""The computer players that fill a quick match's empty seats: cheap, and a fair game."""

HANDOVER_LEVEL: Level = "normal"
"""The computer player that takes over the seat of a person who left a match under way."""
