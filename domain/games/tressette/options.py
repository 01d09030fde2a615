"""The options of each tressette game type."""

from __future__ import annotations

from domain.engine import OptionSpec

TARGET_OPTION = OptionSpec(
    name="target_score",
    type="integer",
    default=21,
    description=(
        "Points a side needs to win the match (11, 21, 31 or 41); when both sides reach it on the "
        "same hand the higher score wins, and a tie plays another hand"
    ),
    choices=(11, 21, 31, 41),
)
DECLARATIONS_OPTION = OptionSpec(
    name="declarations",
    type="boolean",
    default=True,
    description=(
        "Declarations (accusi) at a seat's first play: a napoletana (asso, 2 and 3 of a suit) or three "
        "assi, 2s or 3s score 3 points, all four 4 points"
    ),
)
CAPPOTTO_OPTION = OptionSpec(
    name="cappotto",
    type="boolean",
    default=False,
    description="A side that takes every trick of a hand wins the match at once",
)
SHOW_DRAWS_OPTION = OptionSpec(
    name="show_draws",
    type="boolean",
    default=True,
    description="Each card drawn from the stock is shown to both players",
)
SIGNALS_OPTION = OptionSpec(
    name="signals",
    type="boolean",
    default=False,
    description=(
        "The leader of a trick may attach a signal to the lead card, shown to everybody: busso (take it "
        "with your best), striscio (I have more of this suit) or volo (my last card of this suit)"
    ),
)


def options_for(seats: int) -> tuple[OptionSpec, ...]:
    """The options of the two-player game (its draws shown) or the four-player one (its signals)."""
    common = (TARGET_OPTION, DECLARATIONS_OPTION, CAPPOTTO_OPTION)
    return (*common, SHOW_DRAWS_OPTION) if seats == 2 else (*common, SIGNALS_OPTION)
