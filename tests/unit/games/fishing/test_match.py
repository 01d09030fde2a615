"""When a match ends, who wins, and what the result records."""

from __future__ import annotations

from domain.games.fishing import SCOPA, SCOPONE
from domain.games.fishing.state import FishingState

from .builders import play, position

# Side A takes carte, denara, settebello and primiera (side B holds no denari): 4 points.
STRONG_PILE = "07D 07C 07S 07B 06D 06C 06S 06B 01D 02D 03D 04D 05D 08D 09D 01C 02C 03C 04C 05C 08C"


def last_play_of_scopa(scores: tuple[int, int], target: int = 11) -> FishingState:
    state = position(
        SCOPA, hands={1: "10B"}, turn=1, pile_a=STRONG_PILE, rest_to=1, scores=scores, target_score=target
    )
    return play(SCOPA, state, 1, "10B")


def test_reaching_the_target_with_a_clear_lead_ends_the_match() -> None:
    after = last_play_of_scopa((10, 5))
    assert after.phase == "finished"
    assert after.scores == (14, 5)
    assert after.winner == 0
    assert SCOPA.deadlines(after) == ()
    assert SCOPA.turn(after) is None


def test_a_tie_at_or_above_the_target_plays_another_hand() -> None:
    after = last_play_of_scopa((9, 13))
    assert after.scores == (13, 13)
    assert after.phase == "hand_end"
    assert after.winner is None


def test_the_side_ahead_wins_even_when_the_other_crossed_the_target_first() -> None:
    after = last_play_of_scopa((9, 12))
    assert after.winner == 0


def test_below_the_target_the_match_goes_on() -> None:
    after = last_play_of_scopa((0, 0))
    assert after.phase == "hand_end"


def test_capturing_the_whole_denari_suit_wins_the_match_at_once() -> None:
    state = position(
        SCOPONE,
        hands={1: "10B"},
        turn=1,
        pile_a="01D 02D 03D 04D 05D 06D 07D 08D 09D 10D",
        rest_to=1,
        scores=(0, 40),
        target_score=100,
    )
    after = play(SCOPONE, state, 1, "10B")
    assert after.phase == "finished"
    assert after.winner == 0
    assert after.whole_suit
    result = SCOPONE.result(after)
    assert result is not None
    assert result.winner == "A"
    assert result.details["napola_whole_suit"] is True
    assert result.scores["A"] < result.scores["B"]


def test_the_whole_suit_does_not_end_the_match_when_napola_is_off() -> None:
    state = position(
        SCOPONE,
        hands={1: "10B"},
        turn=1,
        pile_a="01D 02D 03D 04D 05D 06D 07D 08D 09D 10D",
        rest_to=1,
        target_score=100,
        napola=False,
    )
    after = play(SCOPONE, state, 1, "10B")
    assert after.phase == "hand_end"
    assert "napola" not in after.history[-1]["sides"]["A"]


def test_the_result_names_sides_scores_and_every_player() -> None:
    state = position(
        SCOPONE,
        hands={1: "10B"},
        turn=1,
        pile_a=STRONG_PILE,
        rest_to=1,
        scores=(20, 3),
        seat_scope=(2, 0, 1, 3),
    )
    assert SCOPONE.result(state) is None
    after = play(SCOPONE, state, 1, "10B")
    result = SCOPONE.result(after)
    assert result is not None
    assert result.sides == {"A": (0, 2), "B": (1, 3)}
    assert result.winner == "A"
    assert result.scores == {"A": after.scores[0], "B": after.scores[1]}
    assert [(p.seat, p.team, p.won, p.points) for p in result.players] == [
        (0, "A", True, after.scores[0]),
        (1, "B", False, after.scores[1]),
        (2, "A", True, after.scores[0]),
        (3, "B", False, after.scores[1]),
    ]
    assert [p.details["scope"] for p in result.players] == [2, 0, 1, 3]
    assert result.details["target_score"] == 21
    assert result.details["hands_played"] == 1
    assert result.details["napola"] is True
    assert result.details["napola_whole_suit"] is False
    assert result.details["asso_pigliatutto"] is False
    assert result.details["final_scores"] == result.scores
    assert result.details["winner"] == "A"
    assert len(result.details["hands"]) == 1
