"""Card strength and card points of the briscola family.

Strength decides tricks; points decide deals. They are unrelated: the three is
weak in the rank order of most games but second only to the ace here.
"""

from __future__ import annotations

from collections.abc import Iterable

from domain.cards import Card

# Strongest first: ace, three, king (10), horse (9), jack (8), 7, 6, 5, 4, 2.
RANK_ORDER: tuple[int, ...] = (1, 3, 10, 9, 8, 7, 6, 5, 4, 2)

_STRENGTH: dict[int, int] = {rank: len(RANK_ORDER) - index for index, rank in enumerate(RANK_ORDER)}

_POINTS: dict[int, int] = {1: 11, 3: 10, 10: 4, 9: 3, 8: 2}

POINTS_PER_DEAL = 120

RANK_LABELS: dict[int, str] = {
    1: "A",
    3: "3",
    10: "K",
    9: "H",
    8: "J",
    7: "7",
    6: "6",
    5: "5",
    4: "4",
    2: "2",
}


def strength(card: Card) -> int:
    """A number that grows with trick-taking strength (ace 10 … two 1)."""
    return _STRENGTH[card.rank]


def card_points(card: Card) -> int:
    return _POINTS.get(card.rank, 0)


def points_of(cards: Iterable[Card]) -> int:
    return sum(_POINTS.get(c.rank, 0) for c in cards)


def is_lower_rank(rank: int, than: int) -> bool:
    """Whether ``rank`` comes after ``than`` in the strength order (a lower call)."""
    return _STRENGTH[rank] < _STRENGTH[than]
