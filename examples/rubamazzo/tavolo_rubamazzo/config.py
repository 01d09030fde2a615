"""What distinguishes one rubamazzo table from another: only how many sit at it.

Everyone plays for themselves, so each seat is its own side, named by a letter (``A`` for seat 0,
``B`` for seat 1 …): the views' ``teams``, ``scores`` and hand records use these labels, and the
shared UI names a one-seat side after its player.
"""

from __future__ import annotations

from dataclasses import dataclass

SEAT_LABELS: tuple[str, ...] = ("A", "B", "C", "D")
OTHERS = "others"
"""The second side of a finished match at three or four: every seat but the winner's (see ``results``)."""

HAND_SIZE = 3
"""Cards each player gets in every deal round."""
TABLE_SIZE = 4
"""Cards laid face up on the table at the start of a hand."""


def label(seat: int) -> str:
    return SEAT_LABELS[seat]


@dataclass(frozen=True, slots=True)
class Variant:
    game_type: str
    name: str
    description: str
    seats: int

    @property
    def labels(self) -> tuple[str, ...]:
        return SEAT_LABELS[: self.seats]
