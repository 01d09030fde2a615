"""The levels a computer player plays at: every game package gives one strategy for each."""

from __future__ import annotations

from typing import Literal, get_args

Level = Literal["easy", "normal"]
LEVELS: tuple[Level, ...] = get_args(Level)
