"""Elo ratings for two sides of any size.

Everyone starts at 1500; a side's rating is the mean of its members; the
expected score is ``1 / (1 + 10 ** ((R_other - R_side) / 400))`` and the
change is ``K * (actual - expected)`` with K = 32, rounded to a whole number.
Every member of a side gets the same delta and the two sides' deltas sum to zero.
"""

from __future__ import annotations

from collections.abc import Sequence

START_RATING = 1500
K_FACTOR = 32


def expected_score(side: float, other: float) -> float:
    return 1.0 / (1.0 + float(10.0 ** ((other - side) / 400.0)))


def side_rating(ratings: Sequence[float]) -> float:
    if not ratings:
        raise ValueError("a side needs at least one player")
    return sum(ratings) / len(ratings)


def match_deltas(winners: Sequence[float], losers: Sequence[float], draw: bool = False) -> tuple[int, int]:
    """The (winners' delta, losers' delta) of one match; zero-sum by construction."""
    actual = 0.5 if draw else 1.0
    delta = round(K_FACTOR * (actual - expected_score(side_rating(winners), side_rating(losers))))
    return delta, -delta
