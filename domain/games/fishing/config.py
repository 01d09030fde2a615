"""What distinguishes one fishing game from another: seats, deal sizes, options.

Every fishing game (scopone scientifico, scopa, scopa a quattro) runs on the same
engine; a ``Variant`` is the small set of facts that engine is parameterised by.
Seats always form two sides: side ``A`` holds the even seats, side ``B`` the odd ones
(partners sit opposite each other with four players).
"""

from __future__ import annotations

from dataclasses import dataclass

from domain.engine import OptionSpec

SIDES: tuple[str, str] = ("A", "B")


def side_of(seat: int) -> int:
    """The side index (0 = A, 1 = B) of a seat."""
    return seat % 2


@dataclass(frozen=True, slots=True)
class Variant:
    game_type: str
    name: str
    description: str
    seats: int
    hand_size: int
    """Cards dealt to each player in one deal round."""
    table_size: int
    """Cards laid face up on the table at the start of a hand (0 for scopone)."""
    default_target: int
    has_napola: bool
    """Whether the ``napola`` creation option exists for this game."""

    @property
    def king_redeal(self) -> bool:
        """A hand that opens with cards on the table is void when three or four of them are kings."""
        return self.table_size > 0

    def side_seats(self, side: int) -> tuple[int, ...]:
        """The seats of a side: every other seat, starting from the side's index."""
        return tuple(range(side, self.seats, len(SIDES)))

    @property
    def teams(self) -> dict[str, tuple[int, ...]]:
        return {label: self.side_seats(index) for index, label in enumerate(SIDES)}

    @property
    def option_specs(self) -> tuple[OptionSpec, ...]:
        specs = [
            OptionSpec(
                name="target_score",
                type="integer",
                default=self.default_target,
                description="Points a side needs, with a clear lead, to win the match",
                minimum=1,
                maximum=100,
            )
        ]
        if self.has_napola:
            specs.append(
                OptionSpec(
                    name="napola",
                    type="boolean",
                    default=True,
                    description="Score the run of denari from the ace; the whole suit wins the match",
                )
            )
        specs.append(
            OptionSpec(
                name="asso_pigliatutto",
                type="boolean",
                default=False,
                description="An ace played with no ace on the table takes every table card",
            )
        )
        return tuple(specs)
