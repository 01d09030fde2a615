from __future__ import annotations

import pytest

from domain.elo import START_RATING, expected_score, match_deltas, side_rating


def test_equal_sides_move_sixteen_points() -> None:
    assert match_deltas([START_RATING, START_RATING], [START_RATING, START_RATING]) == (16, -16)


def test_a_favourite_gains_less_than_an_underdog() -> None:
    favourite, _ = match_deltas([1700], [1500])
    underdog, _ = match_deltas([1500], [1700])
    assert favourite == 8  # 32 * (1 - 0.7597) = 7.69
    assert underdog == 24  # 32 * (1 - 0.2403) = 24.31


def test_a_side_rating_is_the_mean_of_its_members() -> None:
    assert side_rating([1400, 1600]) == 1500
    assert match_deltas([1400, 1600], [1500]) == (16, -16)


def test_uneven_sides_are_zero_sum_between_the_sides() -> None:
    winners, losers = match_deltas([1520], [1480, 1500, 1490, 1510])
    assert winners == -losers


def test_a_draw_between_equals_moves_nothing() -> None:
    assert match_deltas([1500], [1500], draw=True) == (0, 0)


def test_expected_scores_of_two_sides_sum_to_one() -> None:
    assert expected_score(1600, 1450) + expected_score(1450, 1600) == pytest.approx(1.0)


def test_a_side_needs_a_player() -> None:
    with pytest.raises(ValueError):
        side_rating([])


def test_rate_match_gives_every_member_of_a_side_the_same_delta() -> None:
    from domain.elo import rate_match

    deltas = rate_match({"a": 1600, "c": 1400}, {"A": ["a", "c"], "B": ["b", "d"]}, "B")
    assert deltas == {"b": 16, "d": 16, "a": -16, "c": -16}


def test_rate_match_handles_an_uneven_chiamata_table() -> None:
    from domain.elo import rate_match

    deltas = rate_match({}, {"caller": ["p1"], "defenders": ["p2", "p3", "p4", "p5"]}, "caller")
    assert deltas["p1"] == 16 and all(deltas[p] == -16 for p in ("p2", "p3", "p4", "p5"))


def test_a_match_of_more_than_two_sides_is_rated_pair_by_pair_on_the_scores() -> None:
    from domain.elo import rate_match, rate_standings

    sides = {"A": ["a"], "B": ["b"], "C": ["c"], "D": ["d"], "E": ["e"]}
    scores = {"A": 5, "B": -2, "C": -1, "D": -2, "E": 0}
    deltas = rate_standings({}, sides, scores)
    # K / 4 = 8 a pair; between equals a win is +4, a draw 0: a beats all four (+16), b and d draw
    # each other and lose to the other three (-12 each).
    assert deltas == {"a": 16, "b": -12, "c": 0, "d": -12, "e": 8}
    assert sum(deltas.values()) == 0
    assert rate_match({}, sides, "A", scores) == deltas
    with pytest.raises(ValueError, match="each side's score"):
        rate_match({}, sides, "A")


def test_pairwise_rating_counts_each_pairs_expectation_and_stays_zero_sum() -> None:
    from domain.elo import rate_standings

    sides = {label: [label.lower()] for label in "ABCDE"}
    ratings = {"a": 1700.0, "b": 1500.0, "c": 1450.0, "d": 1600.0, "e": 1300.0}
    scores = {"A": 1, "B": 1, "C": 3, "D": -4, "E": -1}
    deltas = rate_standings(ratings, sides, scores)
    assert sum(deltas.values()) == 0
    assert deltas["c"] > 0 > deltas["d"]
    # a and b share the second place: against each other a (the favourite) loses points in the draw.
    assert deltas["a"] < deltas["b"]
    two_sided = rate_standings({"x": 1700, "y": 1500}, {"X": ["x"], "Y": ["y"]}, {"X": 2, "Y": 1})
    assert two_sided == {"x": 8, "y": -8}  # K / 1: exactly the two-sided match


def test_equal_scores_everywhere_move_equal_ratings_nowhere() -> None:
    from domain.elo import rate_standings

    sides = {label: [label.lower()] for label in "ABCDE"}
    assert set(rate_standings({}, sides, dict.fromkeys(sides, 0)).values()) == {0}
