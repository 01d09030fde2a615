"""Arena points: 2 a win, 1 a draw, doubled after two wins in a row, +1 for a berserk win."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from domain.arenas.scoring import ArenaGame, Outcome, Sheet, outcome_for, sheet_of

W, D, L = Outcome.WIN, Outcome.DRAW, Outcome.LOSS


def games(*outcomes: Outcome, berserk: tuple[int, ...] = (), rating: float = 1500) -> list[ArenaGame]:
    return [ArenaGame(f"g{i}", o, i in berserk, rating) for i, o in enumerate(outcomes)]


def test_a_win_earns_two_a_draw_one_and_a_loss_nothing() -> None:
    assert [s.points for s in sheet_of(games(W, L, D, L)).scores] == [2, 0, 1, 0]


def test_the_third_win_in_a_row_counts_double() -> None:
    sheet = sheet_of(games(W, W, W))
    assert [s.points for s in sheet.scores] == [2, 2, 4]
    assert sheet.points == 8 and sheet.on_fire


def test_two_wins_then_a_draw_make_six_and_end_the_streak() -> None:
    sheet = sheet_of(games(W, W, D))
    assert sheet.points == 6
    assert not sheet.on_fire


def test_a_loss_ends_the_streak_and_the_next_win_counts_single() -> None:
    assert [s.points for s in sheet_of(games(W, W, W, L, W)).scores] == [2, 2, 4, 0, 2]


def test_a_berserk_win_earns_one_more_and_the_bonus_is_never_doubled() -> None:
    sheet = sheet_of(games(W, W, W, berserk=(0, 2)))
    assert [(s.points, s.berserk_bonus, s.doubled) for s in sheet.scores] == [
        (3, 1, False),
        (2, 0, False),
        (5, 1, True),
    ]


def test_a_berserk_loss_or_draw_earns_no_bonus() -> None:
    assert sheet_of(games(L, D, berserk=(0, 1))).points == 1


def test_performance_is_the_mean_opponent_rating_moved_by_the_balance_of_results() -> None:
    sheet = sheet_of(
        [ArenaGame("a", W, False, 1600), ArenaGame("b", W, False, 1400), ArenaGame("c", L, False, 1500)]
    )
    assert sheet.performance == round(1500 + 400 * (2 - 1) / 3)


def test_a_player_without_games_has_no_performance() -> None:
    assert Sheet().performance is None


def test_a_side_wins_loses_or_draws_as_the_match_ended() -> None:
    assert outcome_for("a", "a") is W
    assert outcome_for("b", "a") is L
    assert outcome_for("b", None) is D
    assert outcome_for("c", None, tied=("a", "b")) is L


@given(st.lists(st.tuples(st.sampled_from(list(Outcome)), st.booleans()), max_size=30))
def test_points_are_the_sum_of_each_game_scored_in_turn(played: list[tuple[Outcome, bool]]) -> None:
    sheet = sheet_of(ArenaGame(f"g{i}", o, b, 1500) for i, (o, b) in enumerate(played))
    assert sheet.points == sum(s.points for s in sheet.scores)
    streak = 0
    for (outcome, berserk), scored in zip(played, sheet.scores, strict=True):
        base = {W: 2, D: 1, L: 0}[outcome]
        assert scored.points == base * (2 if streak >= 2 else 1) + (1 if berserk and outcome is W else 0)
        streak = streak + 1 if outcome is W else 0
