"""Tressette's play: following suit, the ranks that decide a trick, the two-player draw and the end
of the stock."""

from __future__ import annotations

import pytest

from domain.cards import card
from domain.errors import IllegalMove
from domain.games.tressette import TRESSETTE_A_QUATTRO
from domain.games.tressette.engine import TressetteEngine
from domain.games.tricks.trick import TRICK_PAUSE_SECONDS
from tests.unit.games.tressette.helpers import NOW, TIMEOUTS, act, after, dealt, four, kinds


def test_a_seat_holding_the_suit_led_must_follow_it() -> None:
    state = after(dealt({1: "04C 05D", 0: "06C 07S"}), (1, "04C"))
    with pytest.raises(IllegalMove, match="follow the suit"):
        act(state, 0, "07S")
    legal = [move["card"] for move in TressetteEngine(2).view(state, 0)["legal_moves"]]
    assert legal == ["06C"]


def test_a_seat_void_in_the_suit_led_may_play_any_card() -> None:
    state = after(dealt({1: "04C", 0: "01D 02S 03B 04B 05B 06B 07B 08B 09B 10B"}), (1, "04C"))
    legal = {move["card"] for move in TressetteEngine(2).view(state, 0)["legal_moves"]}
    assert legal == {code.code for code in state.hands[0]}
    assert kinds(act(state, 0, "01D"))[:2] == ["play", "trick"]


@pytest.mark.parametrize(
    ("lead", "answer", "winner"),
    [("01C", "03C", 0), ("02C", "01C", 1), ("10C", "02C", 0), ("04C", "08C", 0), ("07C", "06C", 1)],
)
def test_the_rank_decides_the_trick_three_two_asso_re_cavallo_fante_seven_down_to_four(
    lead: str, answer: str, winner: int
) -> None:
    state = after(dealt({1: lead, 0: answer}), (1, lead), (0, answer))
    assert state.previous_trick is not None and state.previous_trick.winner == winner


def test_a_card_of_another_suit_never_takes_the_trick_there_are_no_trumps() -> None:
    state = after(dealt({1: "04C", 0: "03D 01D 02D 03S 01S 02S 03B 01B 02B 10D"}), (1, "04C"), (0, "03D"))
    assert state.previous_trick is not None and state.previous_trick.winner == 1
    assert state.turn == 1


def test_after_a_trick_the_winner_draws_first_then_the_other_each_card_shown_to_both() -> None:
    state = after(dealt({1: "04C", 0: "03C"}, stock="07D 05S"), (1, "04C"))
    outcome = act(state, 0, "03C")
    draws = [event for event in outcome.events if event.kind == "draw_shown"]
    assert [(event.seat, event.data["card"]) for event in draws] == [(0, "07D"), (1, "05S")]
    assert all(event.public for event in draws)
    assert card("07D") in outcome.state.hands[0] and card("05S") in outcome.state.hands[1]
    view = TressetteEngine(2).view(outcome.state, None)
    assert view["shown"] == [["07D"], ["05S"]] and view["deck_count"] == 18


def test_without_show_draws_only_the_drawer_learns_its_card() -> None:
    state = after(dealt({1: "04C", 0: "03C"}, stock="07D 05S", show_draws=False), (1, "04C"))
    outcome = act(state, 0, "03C")
    drew = [event for event in outcome.events if event.kind == "drew"]
    assert [(event.seat, event.data["card"], event.public) for event in drew] == [
        (0, "07D", False),
        (1, "05S", False),
    ]
    public = next(event for event in outcome.events if event.kind == "cards_drawn")
    assert public.data == {"seats": [0, 1], "deck_count": 18}
    assert "draw_shown" not in kinds(outcome)
    assert TressetteEngine(2).view(outcome.state, None)["shown"] == [[], []]


def test_a_card_drawn_in_view_stops_being_shown_once_played() -> None:
    state = after(dealt({1: "04C", 0: "03C"}, stock="07D 05S"), (1, "04C"), (0, "03C"), (0, "07D"))
    assert TressetteEngine(2).view(state, None)["shown"] == [[], ["05S"]]


def test_once_the_stock_is_empty_the_last_ten_tricks_are_played_from_hand() -> None:
    engine = TressetteEngine(2)
    state = dealt({})
    for _ in range(20):  # ten tricks, each followed by a draw
        seat = engine.turn(state)
        assert seat is not None
        move = engine.view(state, seat)["legal_moves"][0]
        state = act(state, seat, move["card"]).state
    assert state.stock == () and [len(hand) for hand in state.hands] == [10, 10]
    seat = engine.turn(state)
    assert seat is not None
    first = act(state, seat, engine.view(state, seat)["legal_moves"][0]["card"]).state
    other = engine.turn(first)
    assert other is not None
    outcome = act(first, other, engine.view(first, other)["legal_moves"][0]["card"])
    assert "draw_shown" not in kinds(outcome) and [len(hand) for hand in outcome.state.hands] == [9, 9]


def test_four_players_are_dealt_all_forty_cards_and_partners_sit_opposite() -> None:
    state = four({})
    view = TRESSETTE_A_QUATTRO.view(state, 0)
    assert view["hand_counts"] == [10, 10, 10, 10] and view["deck_count"] == 0
    assert view["teams"] == {"A": [0, 2], "B": [1, 3]}
    assert view["turn"] == 1


def test_the_leader_after_a_trick_gets_the_pause_the_finished_trick_stays_on_the_table() -> None:
    state = after(dealt({1: "04C", 0: "03C"}), (1, "04C"))
    taken = act(state, 0, "03C").state
    assert taken.turn == 0
    assert taken.turn_due == NOW + 1 + TRICK_PAUSE_SECONDS + TIMEOUTS.turn
    assert TressetteEngine(2).view(taken, 0)["trick_pause_seconds"] == TRICK_PAUSE_SECONDS
