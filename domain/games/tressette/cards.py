"""Tressette's card order and card points.

Trick rank, high to low: 3, 2, asso, re, cavallo, fante, 7, 6, 5, 4. Each asso is worth a whole
point; each 3, 2, re, cavallo and fante a third of a point; 4 to 7 nothing. A side's thirds count in
whole points, the remainder dropped.
"""

from __future__ import annotations

from collections.abc import Iterable

from domain.cards import Card

RANK_ORDER: tuple[int, ...] = (3, 2, 1, 10, 9, 8, 7, 6, 5, 4)
"""Strongest first."""

_STRENGTH: dict[int, int] = {rank: len(RANK_ORDER) - index for index, rank in enumerate(RANK_ORDER)}

ASSO = 1
THIRD_RANKS = frozenset({3, 2, 10, 9, 8})
"""The ranks worth a third of a point each."""
THIRDS_PER_POINT = 3


_THIRDS: dict[int, int] = {
    rank: THIRDS_PER_POINT if rank == ASSO else 1 if rank in THIRD_RANKS else 0 for rank in RANK_ORDER
}
_KEEP_COST: dict[int, float] = {rank: _THIRDS[rank] + _STRENGTH[rank] * 0.1 for rank in RANK_ORDER}


def strength(card: Card) -> int:
    """A number that grows with trick-taking strength (the 3 is 10, the 4 is 1)."""
    return _STRENGTH[card.rank]


def thirds_of(card: Card) -> int:
    """What ``card`` is worth, in thirds of a point: 3 for an asso, 1 for a 3, 2 or figure, else 0."""
    return _THIRDS[card.rank]


def keep_cost(card: Card) -> float:
    """How much giving ``card`` away hurts, to the computer players' rules of thumb: its worth, and
    a little its strength. Looked up by rank: a searching player's playouts ask it a million times
    a decision."""
    return _KEEP_COST[card.rank]


def thirds_in(cards: Iterable[Card]) -> int:
    return sum(thirds_of(card) for card in cards)


def whole_points(thirds: int) -> int:
    """Thirds counted down to whole points (the remainder is dropped)."""
    return thirds // THIRDS_PER_POINT
