"""The order of an arena's players: points, then performance, then the order they joined.

The podium is the first three once the arena has finished. A player who has
not finished a game yet stands after everyone who has, in the order they joined.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

PODIUM = 3


class Scorecard(Protocol):
    """What ranking reads of a player's record: a ``scoring.Sheet``, or a live score kept from one."""

    @property
    def points(self) -> int: ...

    @property
    def performance(self) -> int | None: ...

    @property
    def games(self) -> int: ...


Card = TypeVar("Card", bound=Scorecard)


@dataclass(frozen=True, slots=True)
class Standing(Generic[Card]):
    rank: int
    user_id: str
    sheet: Card


def rank(sheets: Mapping[str, Card], joined: Sequence[str] = ()) -> list[Standing[Card]]:
    """Every player of ``sheets`` in order: points, then performance (higher first), then the
    order in ``joined``, then user id. Equal points and performance share a rank."""
    order = {user_id: i for i, user_id in enumerate(joined)}

    def key(user_id: str) -> tuple[int, int, int, int, str]:
        sheet = sheets[user_id]
        performance = sheet.performance
        return (
            -sheet.points,
            0 if performance is not None else 1,
            -(performance or 0),
            order.get(user_id, len(order)),
            user_id,
        )

    ordered = sorted(sheets, key=key)
    standings: list[Standing[Card]] = []
    for i, user_id in enumerate(ordered):
        sheet = sheets[user_id]
        previous = standings[-1] if standings else None
        tied = (
            previous is not None
            and previous.sheet.points == sheet.points
            and previous.sheet.performance == sheet.performance
        )
        standings.append(Standing(previous.rank if tied and previous else i + 1, user_id, sheet))
    return standings


def podium(standings: Sequence[Standing[Card]]) -> list[Standing[Card]]:
    """The players ranked in the first three places who finished a game."""
    return [s for s in standings if s.rank <= PODIUM and s.sheet.games > 0]
