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


def rate_match(ratings: dict[str, float], sides: dict[str, list[str]], winner: str | None) -> dict[str, int]:
    """Each player's Elo delta for one two-sided match.

    ``ratings`` holds every player's current rating (missing players start at
    1500); ``sides`` maps the two side labels to their players; ``winner`` is a
    side label, or ``None`` for a draw.
    """
    if len(sides) != 2:
        raise ValueError("a rated match has exactly two sides")
    first, second = sides
    winners_label = winner if winner is not None else first
    losers_label = second if winners_label == first else first
    current = {
        label: [ratings.get(user, START_RATING) for user in members] for label, members in sides.items()
    }
    up, down = match_deltas(current[winners_label], current[losers_label], draw=winner is None)
    deltas = {user: up for user in sides[winners_label]}
    deltas.update({user: down for user in sides[losers_label]})
    return deltas
