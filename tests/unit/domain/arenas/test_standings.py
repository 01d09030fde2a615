"""Standings: points first, performance breaks ties, the podium once there are games."""

from __future__ import annotations

from domain.arenas.scoring import ArenaGame, Outcome, Sheet, sheet_of
from domain.arenas.standings import podium, rank


def won_against(*ratings: float) -> Sheet:
    return sheet_of(ArenaGame(f"g{r}", Outcome.WIN, False, r) for r in ratings)


def test_more_points_stand_higher() -> None:
    standings = rank({"a": won_against(1500), "b": won_against(1500, 1500)})
    assert [(s.rank, s.user_id) for s in standings] == [(1, "b"), (2, "a")]


def test_equal_points_are_split_by_performance() -> None:
    standings = rank({"weak": won_against(1300), "strong": won_against(1700)})
    assert [s.user_id for s in standings] == ["strong", "weak"]


def test_equal_points_and_performance_share_a_rank() -> None:
    standings = rank({"a": won_against(1500), "b": won_against(1500), "c": Sheet()}, joined=["b", "a", "c"])
    assert [(s.rank, s.user_id) for s in standings] == [(1, "b"), (1, "a"), (3, "c")]


def test_the_podium_leaves_out_players_without_a_game() -> None:
    standings = rank({"a": won_against(1500), "b": Sheet(), "c": Sheet()})
    assert [s.user_id for s in podium(standings)] == ["a"]
