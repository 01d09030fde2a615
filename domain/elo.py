"""Elo ratings for two sides of any size, or for more sides rated pair by pair.

Everyone starts at 1500; a side's rating is the mean of its members; the
expected score is ``1 / (1 + 10 ** ((R_other - R_side) / 400))`` and the
change is ``K * (actual - expected)`` with K = 32, rounded to a whole number.
Every member of a side gets the same delta and the two sides' deltas sum to zero.

A match of more than two sides (everyone for themselves, as a game over several deals may be)
has no single loser: it is rated as a round of two-sided matches, one between every two sides,
the side with the higher score winning it (equal scores: a draw). Each of those counts
``K / (sides - 1)``, rounded on its own, so a match moves a rating at most as far as a two-sided
one does and every pair stays zero-sum.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import combinations

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


def rate_match(
    ratings: Mapping[str, float],
    sides: Mapping[str, Sequence[str]],
    winner: str | None,
    scores: Mapping[str, float] | None = None,
) -> dict[str, int]:
    """Each player's Elo delta for one match.

    ``ratings`` holds every player's current rating (missing players start at
    1500); ``sides`` maps the side labels to their players; ``winner`` is a
    side label, or ``None`` for a draw. A match of more than two sides is rated
    pair by pair on ``scores`` (each side's score), which it needs: see
    ``rate_standings``.
    """
    if len(sides) > 2:
        if scores is None:
            raise ValueError("a match of more than two sides is rated on each side's score")
        return rate_standings(ratings, sides, scores)
    if len(sides) != 2:
        raise ValueError("a rated match has two sides or more")
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


def rate_standings(
    ratings: Mapping[str, float], sides: Mapping[str, Sequence[str]], scores: Mapping[str, float]
) -> dict[str, int]:
    """Each player's Elo delta for a match of two sides or more, rated pair by pair: every two
    sides play a match of their own, won by the higher score (a draw when equal), worth
    ``K / (sides - 1)``; a player's delta is its side's sum over those matches."""
    if len(sides) < 2:
        raise ValueError("a rated match has two sides or more")
    missing = sorted(set(sides) - set(scores))
    if missing:
        raise ValueError(f"no score for side(s) {', '.join(missing)}")
    rating = {
        label: side_rating([ratings.get(user, START_RATING) for user in members])
        for label, members in sides.items()
    }
    weight = K_FACTOR / (len(sides) - 1)
    totals = dict.fromkeys(sides, 0)
    for one, other in combinations(sides, 2):
        actual = 1.0 if scores[one] > scores[other] else 0.0 if scores[one] < scores[other] else 0.5
        delta = round(weight * (actual - expected_score(rating[one], rating[other])))
        totals[one] += delta
        totals[other] -= delta
    return {user: totals[label] for label, members in sides.items() for user in members}
