"""Which captures a played card may make, and how a wrong play is refused."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import pytest

from domain.cards import card, cards
from domain.errors import GameOver, IllegalMove, InvalidAction, NotYourTurn
from domain.games.fishing import SCOPONE
from domain.games.fishing.captures import legal_captures
from domain.games.fishing.state import FishingState

from .builders import NOW, play, position

RNG = random.Random(0)


def captures(played: str, table: str) -> set[frozenset[str]]:
    return {frozenset(c.code for c in option) for option in legal_captures(card(played), cards(table))}


def mid_hand(table: str = "04B 07S 05B") -> FishingState:
    return position(
        SCOPONE,
        hands={0: "01S 09C", 1: "07C 06D 10S", 2: "08B 09B", 3: "08S 10C"},
        table=table,
        turn=1,
    )


def attempt(state: FishingState, seat: int, action: Mapping[str, Any]) -> None:
    SCOPONE.apply(state, seat, action, NOW, RNG)


def test_equal_rank_capture_comes_before_sums() -> None:
    assert captures("07C", "03C 04B 07S") == {frozenset({"07S"})}


def test_each_equal_rank_table_card_is_a_separate_option() -> None:
    assert captures("07C", "07S 07B 03C 04B") == {frozenset({"07S"}), frozenset({"07B"})}


def test_every_combination_adding_up_to_the_rank_is_an_option() -> None:
    assert captures("06D", "01C 05B 02S 04B 03C") == {
        frozenset({"01C", "05B"}),
        frozenset({"02S", "04B"}),
        frozenset({"01C", "02S", "03C"}),
    }


def test_a_card_with_nothing_to_take_has_no_capture() -> None:
    assert captures("10S", "03C 04B 02D") == set()


def test_the_player_chooses_which_sum_to_capture() -> None:
    state = mid_hand(table="01C 05B 02S 04B 09D")
    after = play(SCOPONE, state, 1, "06D", "02S 04B")
    assert after.table == tuple(cards("01C 05B 09D"))
    assert after.piles[1][-3:] == tuple(cards("06D 02S 04B"))
    assert after.last_play is not None and after.last_play.captured == tuple(cards("02S 04B"))


def test_capture_order_does_not_matter() -> None:
    after = play(SCOPONE, mid_hand(table="01C 05B 02S 04B 09D"), 1, "06D", "04B 02S")
    assert after.table == tuple(cards("01C 05B 09D"))


def test_a_sum_is_refused_when_an_equal_rank_card_is_on_the_table() -> None:
    state = mid_hand(table="03C 04B 07S")
    with pytest.raises(IllegalMove, match="same rank"):
        attempt(state, 1, {"action": "play", "card": "07C", "capture": ["03C", "04B"]})


def test_equal_rank_capture_is_accepted() -> None:
    after = play(SCOPONE, mid_hand(), 1, "07C", "07S")
    assert card("07S") not in after.table
    assert after.turn == 2


def test_missing_mandatory_capture_is_refused() -> None:
    with pytest.raises(IllegalMove, match="must"):
        attempt(mid_hand(), 1, {"action": "play", "card": "07C"})
    with pytest.raises(IllegalMove, match="must"):
        attempt(mid_hand(), 1, {"action": "play", "card": "07C", "capture": []})


def test_card_not_in_hand_is_refused_without_naming_it() -> None:
    with pytest.raises(IllegalMove) as refused:
        attempt(mid_hand(), 1, {"action": "play", "card": "01S"})
    assert refused.value.message == "that card is not in your hand"


def test_illegal_capture_is_refused() -> None:
    with pytest.raises(IllegalMove, match="add up"):
        attempt(
            mid_hand(table="03C 04B 02D"), 1, {"action": "play", "card": "06D", "capture": ["03C", "04B"]}
        )


def test_capturing_a_card_not_on_the_table_is_refused_without_naming_it() -> None:
    with pytest.raises(IllegalMove) as refused:
        attempt(mid_hand(), 1, {"action": "play", "card": "07C", "capture": ["07D"]})
    assert "07D" not in refused.value.message


def test_a_card_that_captures_nothing_may_not_list_a_capture() -> None:
    with pytest.raises(IllegalMove, match="cannot capture"):
        attempt(mid_hand(), 1, {"action": "play", "card": "10S", "capture": ["04B"]})


def test_a_card_that_captures_nothing_is_laid_on_the_table() -> None:
    after = play(SCOPONE, mid_hand(), 1, "10S")
    assert after.table[-1] == card("10S")


def test_playing_out_of_turn_is_refused() -> None:
    with pytest.raises(NotYourTurn):
        attempt(mid_hand(), 2, {"action": "play", "card": "08B"})


def test_malformed_actions_are_invalid() -> None:
    state = mid_hand()
    for action in (
        {"action": "fold"},
        {"card": "07C"},
        {"action": "play"},
        {"action": "play", "card": "7C"},
        {"action": "play", "card": "11C"},
        {"action": "play", "card": "07X"},
        {"action": "play", "card": "07C", "capture": "07S"},
        {"action": "play", "card": "07C", "capture": ["07S", "07S"]},
    ):
        with pytest.raises(InvalidAction):
            attempt(state, 1, action)


def test_malformed_action_is_reported_before_the_turn() -> None:
    with pytest.raises(InvalidAction):
        attempt(mid_hand(), 2, {"action": "play", "card": "zz"})


def test_ack_while_playing_is_refused() -> None:
    with pytest.raises(IllegalMove):
        attempt(mid_hand(), 1, {"action": "ack"})


def test_a_refused_action_changes_nothing() -> None:
    state = mid_hand()
    before = SCOPONE.dump(state)
    with pytest.raises(IllegalMove):
        attempt(state, 1, {"action": "play", "card": "07C"})
    assert SCOPONE.dump(state) == before


def test_anything_after_the_match_is_refused_as_game_over() -> None:
    over = position(SCOPONE, hands={}, phase="finished", turn=None, winner=0)
    for action in ({"action": "play", "card": "07C"}, {"action": "ack"}):
        with pytest.raises(GameOver):
            attempt(over, 0, action)
