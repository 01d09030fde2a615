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
